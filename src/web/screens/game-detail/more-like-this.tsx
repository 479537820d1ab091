import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { ErrorBoundary } from '../../components/errors/error-boundary';
import { GameGrid, GameGridSkeleton } from '../../components/game-grid';
import { LiveSuspense } from '../../components/live-suspense';
import { buttonStyles } from '../../components/styles';
import { SIMILAR_GAMES_LIMIT, similarGamesQuery } from '../../lib/game-viewer';
import { gameQuery } from '../../lib/games-query';

/** "More like this": loads beside the game, never holding it up; a failure here stays here. */
export function MoreLikeThis({ id }: { id: number }) {
  const client = useQueryClient();
  // Shares the game page's own request; a game that does not exist has nothing like it.
  const { data: game } = useQuery(gameQuery(id));
  if (game === null) return null;
  return (
    <section aria-labelledby="more-like-this-title" className="mt-14">
      <h2 id="more-like-this-title" className="mb-6 text-2xl font-bold tracking-tight text-ink">
        More like this
      </h2>
      <ErrorBoundary
        resetKey={String(id)}
        onReset={() => void client.resetQueries({ queryKey: similarGamesQuery(id).queryKey })}
        renderError={(_error, reset) => <SimilarGamesError retry={reset} />}
      >
        <LiveSuspense fallback={<GameGridSkeleton count={SIMILAR_GAMES_LIMIT} label="Loading similar games…" />}>
          <SimilarGames id={id} />
        </LiveSuspense>
      </ErrorBoundary>
    </section>
  );
}

function SimilarGames({ id }: { id: number }) {
  const { data } = useSuspenseQuery(similarGamesQuery(id));
  if (data.items.length === 0) return <p className="text-muted">No similar games in the catalogue yet.</p>;
  return <GameGrid games={data.items} titleAs="h3" label="Similar games" />;
}

function SimilarGamesError({ retry }: { retry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-dashed border-line px-6 py-8 text-center">
      <p className="text-muted">Similar games could not be loaded.</p>
      <button type="button" onClick={retry} className={`${buttonStyles.secondary} mt-4`}>
        Try again
      </button>
    </div>
  );
}
