import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pathOf } from '../../shared/routes';
import { useKeptTap, waitsForCode } from '../lib/kept-tap';
import { useSetHidden, type HideTarget } from '../lib/not-interested';
import { useHydrated } from '../lib/use-hydrated';
import { buttonStyles, linkButtonStyle, textLinkStyle } from './styles';

interface NotInterestedButtonProps {
  target: HideTarget;
  /** The game's title or the maker's name, for the accessible name and the note. */
  name: string;
}

/**
 * "Not interested": hides a game (or a maker's games) from the user's lists, search and home.
 * Once hidden, an inline note says so with Undo, which takes the focus the button had.
 */
export function NotInterestedButton({ target, name }: NotInterestedButtonProps) {
  const setHidden = useSetHidden(target);
  // Hiding takes a script: until the page's code arrives the button says it is not ready, and a
  // tap on it hides once it has (decision 0062).
  const hydrated = useHydrated();
  const keptTap = `not-interested:${target.kind}:${target.id}`;
  const [hidden, setHiddenState] = useState(false);
  const undoRef = useRef<HTMLButtonElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const changed = useRef(false);
  // The control used goes away: its replacement takes the focus.
  useEffect(() => {
    if (changed.current) (hidden ? undoRef : buttonRef).current?.focus();
  }, [hidden]);
  const change = (hide: boolean) =>
    setHidden.mutate(hide, {
      onSuccess: () => {
        changed.current = true;
        setHiddenState(hide);
      },
    });
  useKeptTap(keptTap, hydrated, () => change(true));
  const what = target.kind === 'game' ? name : `games by ${name}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-3">
      {hidden ? (
        <>
          <span className="text-sm text-ink">
            You won’t see {what} in your lists, search or home.{' '}
            <Link to={`${pathOf('account')}#not-interested`} className={textLinkStyle}>
              Manage
            </Link>
          </span>
          <button
            ref={undoRef}
            type="button"
            aria-label={`Undo: show ${what} again`}
            disabled={setHidden.isPending}
            onClick={() => change(false)}
            className={linkButtonStyle}
          >
            Undo
          </button>
        </>
      ) : (
        <button
          ref={buttonRef}
          type="button"
          aria-label={`Not interested: ${what}`}
          {...waitsForCode(keptTap, hydrated)}
          disabled={setHidden.isPending}
          onClick={() => hydrated && change(true)}
          className={buttonStyles.secondary}
        >
          Not interested
        </button>
      )}
      <span role="status" className={setHidden.isError ? 'text-sm text-danger-ink' : 'sr-only'}>
        {setHidden.isError ? 'Could not change that. Try again.' : hidden ? `Hidden: ${what}` : ''}
      </span>
    </span>
  );
}
