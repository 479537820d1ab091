import { useEffect, useRef, type CSSProperties, type MouseEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { GameDetail } from '../../../shared/games';
import { gamePagePath, PLAYING_PARAM } from '../../../shared/page-forms';
import { buttonStyles } from '../../components/styles';
import { useHydrated } from '../../lib/use-hydrated';

type HostedBuild = NonNullable<GameDetail['hostedBuild']>;

/**
 * The frame may run scripts and keep its own origin's saves (that origin is never the site's:
 * decision 0065), lock the pointer, go full screen and open a window on a click; it may never
 * navigate the page around it.
 */
export const GAME_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-pointer-lock allow-popups';

/** The id of a game's Play button, where focus goes back once the game stops. */
export const playButtonId = (gameId: number) => `play-${gameId}`;

/**
 * The maker's shape for the game's screen (decision 0073), as CSS reads it: the box keeps it from
 * a small tablet up, as wide as the page allows and never taller than most of the screen.
 */
function shapeOf(aspectRatio: HostedBuild['aspectRatio']): CSSProperties {
  const [width, height] = aspectRatio.split(':').map(Number) as [number, number];
  return { '--game-aspect': `${width} / ${height}`, '--game-widest': `${((85 * width) / height).toFixed(2)}svh` } as CSSProperties;
}

/** True while the page's address says the game plays in it (`&play=1`, what Play leads to). */
export function usePlayingHere(): boolean {
  const [search] = useSearchParams();
  return search.get(PLAYING_PARAM) === '1';
}

/**
 * A hosted build playing in the page, the width of the page (a phone's whole width): nothing
 * loads until Play. Keys go to the game once its frame has focus; full screen is the frame's
 * box, which Escape leaves; Stop playing unloads it and gives focus back to Play.
 */
export function GamePlayer({ gameId, title, build }: { gameId: number; title: string; build: HostedBuild }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    frame.current?.focus();
  }, []);
  return (
    <section id="player" aria-label={`Playing ${title}`} className="min-w-0 scroll-mt-24 lg:col-span-2">
      {/* A phone held upright is taller than wide: the game gets most of its height, whatever its shape. */}
      <div
        ref={box}
        style={shapeOf(build.aspectRatio)}
        className="mx-auto h-[80svh] w-full overflow-hidden rounded-2xl border border-line bg-black shadow-lg sm:aspect-(--game-aspect) sm:h-auto sm:w-[min(100%,var(--game-widest))]"
      >
        <iframe
          ref={frame}
          src={build.playUrl}
          title={`${title}: the game`}
          sandbox={GAME_FRAME_SANDBOX}
          allow="fullscreen; gamepad; autoplay"
          allowFullScreen
          referrerPolicy="no-referrer"
          className="size-full"
        />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" disabled={!hydrated} onClick={() => void box.current?.requestFullscreen()} className={buttonStyles.secondary}>
          Full screen
        </button>
        <a href={build.playUrl} target="_blank" rel="noopener noreferrer" className={buttonStyles.secondary}>
          Open in a new tab<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <StopPlaying gameId={gameId} />
        <p className="text-sm text-muted">Keys go to the game while it has focus. Esc leaves full screen.</p>
      </div>
    </section>
  );
}

/** A link, so it works before the page's code; then it keeps the page and gives focus back to Play. */
function StopPlaying({ gameId }: { gameId: number }) {
  const [, setSearch] = useSearchParams();
  const stop = (event: MouseEvent) => {
    event.preventDefault();
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(PLAYING_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    // The player is gone at the next paint: Play is where the player was asked for.
    requestAnimationFrame(() => document.getElementById(playButtonId(gameId))?.focus());
  };
  return (
    <Link to={gamePagePath(gameId)} onClick={stop} className={buttonStyles.secondary}>
      Stop playing
    </Link>
  );
}
