import { useSuspenseQuery } from '@tanstack/react-query';
import type { Game, GameDetail } from '../../../shared/games';
import { GameAiCard } from '../../components/game/game-ai-card';
import { GameDescription } from '../../components/game/game-description';
import { GameFacts } from '../../components/game/game-facts';
import { MediaGallery } from '../../components/game/media-gallery';
import { PriceTag } from '../../components/game-stats';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { formatCount, formatRating, NO_RATINGS } from '../../lib/format';
import { useYourGame } from '../../lib/game-viewer';
import { gameQuery } from '../../lib/games-query';
import { useCategoryName } from '../../lib/use-category-name';
import { useDocumentTitle } from '../../lib/use-document-title';
import { GameActions } from './game-actions';
import { GameNotFound } from './game-detail-messages';
import { GamePlayer, usePlayingHere } from './game-player';
import { ReviewsSection } from './reviews/reviews-section';
import { UpdatesSection } from './updates/updates-section';
import { WorkStatusLine } from './work-status';

export function GameDetails({ id }: { id: number }) {
  const { data: game } = useSuspenseQuery(gameQuery(id));
  const playing = usePlayingHere();
  useDocumentTitle(game ? game.title : 'Game not found');
  if (!game) return <GameNotFound id={id} />;
  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-12">
      {playing && game.hostedBuild && !game.hostedBuild.crossOriginIsolated && (
        <GamePlayer gameId={game.id} title={game.title} build={game.hostedBuild} />
      )}
      <MediaGallery title={game.title} images={[{ path: game.image, alt: game.imageAlt }, ...game.media]} />
      <div>
        <GameHeading game={game} />
        <GameFacts game={game} />
      </div>
      <GameAiCard ai={game.ai} disclosure={game.aiDisclosure} />
      <GameDescription>
        <RenderedMarkdown html={game.descriptionHtml} />
      </GameDescription>
      <UpdatesSection gameId={game.id} />
      <ReviewsSection game={game} />
    </article>
  );
}

function GameHeading({ game }: { game: Game & { makerId?: string | null; hostedBuild?: GameDetail['hostedBuild'] } }) {
  const categoryName = useCategoryName();
  const yours = useYourGame(game);
  return (
    <header>
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-ink">{categoryName(game.category)}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{game.title}</h1>
      <p className="mt-3 text-lg text-muted">{game.tagline}</p>
      <div className="mt-5 flex flex-wrap items-center gap-4">
        <PriceTag game={game} />
        {game.ratingCount === 0 ? (
          <p className="text-muted">{NO_RATINGS}</p>
        ) : (
          <p className="text-ink">
            <span aria-hidden="true" className="text-accent-ink">
              ★{' '}
            </span>
            <span className="font-semibold">{formatRating(game.rating)}</span>
            <span className="sr-only"> out of 5</span>
            <span className="text-muted"> from {formatCount(game.ratingCount)} ratings</span>
          </p>
        )}
      </div>
      <GameActions game={game} yours={yours} />
      <WorkStatusLine gameId={game.id} title={game.title} yours={yours} />
    </header>
  );
}
