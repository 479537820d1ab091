import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { pathOf } from '../../shared/routes';
import { useSetHidden, type HideTarget } from '../lib/not-interested';
import { CodeButton } from './code-button';
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
        <CodeButton
          ref={buttonRef}
          keptTap={`not-interested:${target.kind}:${target.id}`}
          aria-label={`Not interested: ${what}`}
          disabled={setHidden.isPending}
          onClick={() => change(true)}
          className={buttonStyles.secondary}
        >
          Not interested
        </CodeButton>
      )}
      <span role="status" className={setHidden.isError ? 'text-sm text-danger-ink' : 'sr-only'}>
        {setHidden.isError ? 'Could not change that. Try again.' : hidden ? `Hidden: ${what}` : ''}
      </span>
    </span>
  );
}
