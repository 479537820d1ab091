import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonStyles, cardStyle } from '../../components/styles';
import { gamesHref } from '../../lib/games-href';

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className={`${cardStyle} mx-auto max-w-2xl p-6 text-center sm:p-10`}>
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h1>
      <p className="mt-4 text-muted">{children}</p>
      <Link to={gamesHref()} className={`${buttonStyles.primary} mt-6`}>
        Browse all games
      </Link>
    </div>
  );
}

export function InvalidGameId() {
  return (
    <Message title="Which game?">
      This address doesn&apos;t say which game to show. Game pages open from the catalogue, with an address such as{' '}
      <code className="rounded bg-raised px-1.5 py-0.5 text-ink">/game-detail?id=3</code>.
    </Message>
  );
}

export function GameNotFound({ id }: { id: number }) {
  return (
    <Message title="Game not found">
      There is no game number {id} in the catalogue. It may have been removed, or the link may be mistyped.
    </Message>
  );
}
