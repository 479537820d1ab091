import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { buttonStyles, textLinkStyle } from '../../components/styles';
import { hiddenGamesQuery, hiddenMakersQuery, useSetHidden, type HideTarget } from '../../lib/not-interested';
import { AccountSection } from './account-section';

interface Hidden {
  target: HideTarget;
  name: string;
  href: string;
}

/** The games and makers the user said "Not interested" to, each with "Show again". */
export function NotInterestedSection() {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  const shownAgain = (name: string) => {
    setSaid(`${name} will show again in your lists, search and home.`);
    // The row and its button are gone: the section's heading takes the focus.
    headingRef.current?.focus();
  };
  return (
    <AccountSection
      id="not-interested"
      title="Not interested"
      headingRef={headingRef}
      intro="Games and makers you hid. They stay out of your lists, search and home; their pages still open from a link."
    >
      <div className="space-y-6">
        <HiddenList kind="game" heading="Games" onShown={shownAgain} />
        <HiddenList kind="maker" heading="Makers" onShown={shownAgain} />
      </div>
      <p role="status" className="mt-3 text-sm text-muted">
        {said}
      </p>
    </AccountSection>
  );
}

function HiddenList({ kind, heading, onShown }: { kind: HideTarget['kind']; heading: string; onShown: (name: string) => void }) {
  const [page, setPage] = useState(1);
  const games = useQuery({ ...hiddenGamesQuery(page), enabled: kind === 'game' });
  const makers = useQuery({ ...hiddenMakersQuery(page), enabled: kind === 'maker' });
  const data = kind === 'game' ? games.data : makers.data;
  const items: Hidden[] | undefined =
    kind === 'game'
      ? games.data?.items.map((game) => ({
          target: { kind, id: Number(game.id) },
          name: game.title,
          href: `${pathOf('game-detail')}?id=${game.id}`,
        }))
      : makers.data?.items.map((maker) => ({
          target: { kind, id: maker.id },
          name: maker.name,
          href: `${pathOf('profile')}?id=${encodeURIComponent(maker.id)}`,
        }));
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  if (data && page > pageCount) setPage(pageCount);
  return (
    <div>
      <h3 className="font-medium text-ink">{heading}</h3>
      {!items ? (
        <p className="mt-2 text-sm text-muted">Loading…</p>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{kind === 'game' ? 'No games hidden.' : 'No makers hidden.'}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {items.map((item) => (
            <HiddenRow key={String(item.target.id)} item={item} onShown={onShown} />
          ))}
        </ul>
      )}
      {pageCount > 1 && (
        <div className="mt-3 flex items-center gap-3 text-sm">
          <button type="button" className={buttonStyles.secondary} disabled={page === 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span className="text-muted">
            Page {page} of {pageCount}
          </span>
          <button type="button" className={buttonStyles.secondary} disabled={page === pageCount} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </div>
  );
}

function HiddenRow({ item, onShown }: { item: Hidden; onShown: (name: string) => void }) {
  const show = useSetHidden(item.target);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <Link to={item.href} className={`${textLinkStyle} min-w-0 truncate`}>
        {item.name}
      </Link>
      <span className="inline-flex items-center gap-3">
        {show.isError && <span className="text-sm text-danger-ink">Could not change that. Try again.</span>}
        <button
          type="button"
          aria-label={`Show again: ${item.name}`}
          disabled={show.isPending}
          onClick={() => show.mutate(false, { onSuccess: () => onShown(item.name) })}
          className={buttonStyles.secondary}
        >
          Show again
        </button>
      </span>
    </li>
  );
}
