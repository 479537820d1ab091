import { notStatedDisclosure } from '../../../shared/ai-disclosure';
import type { DraftPayload } from '../../../shared/submissions';
import { platformLabels } from '../../../shared/submissions';
import { GameAiCard } from '../../components/game/game-ai-card';
import { GameDescription } from '../../components/game/game-description';
import { GameFacts } from '../../components/game/game-facts';
import { MediaGallery } from '../../components/game/media-gallery';
import { PriceTag } from '../../components/game-stats';
import { MarkdownText } from '../../components/markdown-text';
import { NO_RATINGS } from '../../lib/format';
import { useCategoryName } from '../../lib/use-category-name';
import { previewGame } from './preview-game';

/** The game page's own pieces, fed from the submission: what players will see once approved. */
export function SubmissionPreview({ payload }: { payload: DraftPayload }) {
  const game = previewGame(payload);
  const categoryName = useCategoryName();
  const images = [...(payload.cover ? [payload.cover] : []), ...(payload.screenshots ?? [])].map((image) => ({
    path: image.path,
    alt: image.alt ?? '',
  }));
  return (
    <article className="grid gap-8 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:gap-12">
      {images.length > 0 ? <MediaGallery title={game.title} images={images} /> : <p className="text-muted">No cover image.</p>}
      <div>
        <header>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-ink">{categoryName(game.category)}</p>
          <h3 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{game.title}</h3>
          <p className="mt-3 text-lg text-muted">{game.tagline}</p>
          <div className="mt-5 flex flex-wrap items-center gap-4">
            <PriceTag game={game} />
            <span className="text-sm text-muted">{NO_RATINGS}</span>
          </div>
          <dl className="mt-5 space-y-1 text-sm">
            <div className="flex gap-2">
              <dt className="text-muted">Play URL</dt>
              <dd className="break-all text-ink">{game.playUrl}</dd>
            </div>
            {payload.homepageUrl && (
              <div className="flex gap-2">
                <dt className="text-muted">Homepage</dt>
                <dd className="break-all text-ink">{payload.homepageUrl}</dd>
              </div>
            )}
            {payload.healthUrl && (
              <div className="flex gap-2">
                <dt className="text-muted">Health address</dt>
                <dd className="break-all text-ink">{payload.healthUrl}</dd>
              </div>
            )}
            <div className="flex gap-2">
              <dt className="text-muted">Platforms</dt>
              <dd className="text-ink">{(payload.platforms ?? []).map((p) => platformLabels[p]).join(', ')}</dd>
            </div>
          </dl>
        </header>
        <GameFacts game={game} />
      </div>
      <GameAiCard ai={game.ai} disclosure={{ ...notStatedDisclosure, ...payload.ai?.disclosure }} />
      <GameDescription>
        <MarkdownText source={game.description} />
      </GameDescription>
    </article>
  );
}
