import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { GameMedia } from '../../../shared/games';
import { imageSrcSet } from '../../../shared/uploads';

const SWIPE_PX = 40;

/** Left/right swipes on a touch screen (or a dragged mouse): -1, +1, or nothing. */
function useSwipe(onStep: (step: -1 | 1) => void) {
  const start = useRef<number | null>(null);
  return {
    onPointerDown: (event: PointerEvent) => {
      start.current = event.clientX;
    },
    onPointerUp: (event: PointerEvent) => {
      if (start.current === null) return;
      const dx = event.clientX - start.current;
      start.current = null;
      if (Math.abs(dx) >= SWIPE_PX) onStep(dx < 0 ? 1 : -1);
    },
  };
}

function stepKey(event: KeyboardEvent): -1 | 1 | null {
  if (event.key === 'ArrowRight') return 1;
  if (event.key === 'ArrowLeft') return -1;
  return null;
}

/** The cover, then the screenshots: a large view, thumbnails to pick from, and a full-screen view. */
export function MediaGallery({ title, images }: { title: string; images: readonly GameMedia[] }) {
  const [index, setIndex] = useState(0);
  const [fullScreen, setFullScreen] = useState(false);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[index] ?? images[0]!;
  const go = (step: -1 | 1, focus = false) => {
    const next = (index + step + images.length) % images.length;
    setIndex(next);
    if (focus) thumbs.current[next]?.focus();
  };
  const swipe = useSwipe((step) => go(step));

  return (
    <section aria-label={`Images of ${title}`} className="min-w-0">
      <button
        type="button"
        onClick={() => setFullScreen(true)}
        {...swipe}
        className="group relative block w-full touch-pan-y overflow-hidden rounded-2xl border border-line bg-raised shadow-lg"
      >
        <img
          src={current.path}
          srcSet={imageSrcSet(current.path)}
          sizes="(min-width: 1024px) 640px, 100vw"
          alt={current.alt}
          width={1280}
          height={720}
          draggable={false}
          // The page's largest picture, on screen as it opens: first in line.
          fetchPriority="high"
          className="aspect-video w-full object-cover"
        />
        <span className="absolute bottom-2 right-2 rounded-md bg-black/75 px-2 py-1 text-xs font-semibold text-white">
          View full screen
          <span className="sr-only">
            : image {index + 1} of {images.length}
          </span>
        </span>
      </button>
      {images.length > 1 && (
        <div
          role="group"
          aria-label="Choose an image (arrow keys move)"
          onKeyDown={(event) => {
            const step = stepKey(event);
            if (step === null) return;
            event.preventDefault();
            go(step, true);
          }}
          className="mt-3 flex snap-x snap-mandatory gap-2 overflow-x-auto pb-1"
        >
          {images.map((image, position) => (
            <button
              key={image.path}
              ref={(element) => {
                thumbs.current[position] = element;
              }}
              type="button"
              tabIndex={position === index ? 0 : -1}
              aria-current={position === index ? 'true' : undefined}
              aria-label={`Image ${position + 1} of ${images.length}: ${image.alt}`}
              onClick={() => setIndex(position)}
              className="w-28 shrink-0 snap-start overflow-hidden rounded-lg border-2 border-transparent opacity-70 transition hover:opacity-100 aria-[current=true]:border-accent aria-[current=true]:opacity-100 sm:w-32"
            >
              <img
                src={image.path}
                srcSet={imageSrcSet(image.path)}
                sizes="128px"
                alt=""
                width={1280}
                height={720}
                className="aspect-video w-full object-cover"
              />
            </button>
          ))}
        </div>
      )}
      {fullScreen && <FullScreenView images={images} index={index} onStep={(step) => go(step)} onClose={() => setFullScreen(false)} />}
    </section>
  );
}

interface FullScreenViewProps {
  images: readonly GameMedia[];
  index: number;
  onStep: (step: -1 | 1) => void;
  onClose: () => void;
}

/** A modal dialog: Escape (the browser's own) or Close leaves it, arrow keys and swipes move. */
function FullScreenView({ images, index, onStep, onClose }: FullScreenViewProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const swipe = useSwipe(onStep);
  const image = images[index]!;
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-label={`Image ${index + 1} of ${images.length}`}
      onClose={onClose}
      onKeyDown={(event) => {
        const step = stepKey(event);
        if (step !== null) onStep(step);
      }}
      className="m-0 h-full max-h-none w-full max-w-none bg-black p-0 text-white backdrop:bg-black"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-4 p-3">
          <p className="text-sm" aria-live="polite">
            {index + 1} / {images.length}
          </p>
          <button type="button" autoFocus onClick={onClose} className="rounded-lg bg-white/10 px-4 py-2 font-semibold hover:bg-white/20">
            Close
          </button>
        </div>
        <div {...swipe} className="flex min-h-0 flex-1 touch-pan-y items-center justify-center px-2">
          <img
            src={image.path}
            srcSet={imageSrcSet(image.path)}
            sizes="100vw"
            alt={image.alt}
            draggable={false}
            className="h-full w-full object-contain"
          />
        </div>
        <p className="mx-auto max-w-3xl px-4 py-2 text-center text-sm text-white/80">{image.alt}</p>
        {images.length > 1 && (
          <div className="flex justify-center gap-3 p-3">
            <button type="button" onClick={() => onStep(-1)} className="rounded-lg bg-white/10 px-4 py-2 font-semibold hover:bg-white/20">
              <span aria-hidden="true">←</span> Previous
            </button>
            <button type="button" onClick={() => onStep(1)} className="rounded-lg bg-white/10 px-4 py-2 font-semibold hover:bg-white/20">
              Next <span aria-hidden="true">→</span>
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
