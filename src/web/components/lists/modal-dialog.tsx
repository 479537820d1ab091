import { type KeyboardEvent, type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { cardStyle } from '../styles';

interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: the browser
 * makes the page behind a modal inert, but lets Tab leave the dialog for its own address bar.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  // A radio group is one stop: only its checked (or first) radio is reached by Tab.
  const stops = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter(
    (element) => !(element instanceof HTMLInputElement && element.type === 'radio' && !element.checked),
  );
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  const leaving = event.shiftKey ? active === first || !event.currentTarget.contains(active) : active === last;
  if (!leaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/** A native modal <dialog>: above everything (no clipping by cards), Escape handled by the browser, focus kept inside. */
export function ModalDialog({ title, onClose, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Closed before React takes it out of the page, so the browser hands focus back to what opened it.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      // Escape's cancel event comes at once, its close event a task later: an Enter on the opener
      // in between found the dialog still open to React, opened nothing, and the close shut it.
      onCancel={onClose}
      onClose={onClose}
      onKeyDown={keepFocusInside}
      onClick={(event) => event.target === ref.current && onClose()}
      className={`${cardStyle} m-auto w-[min(28rem,calc(100vw-2rem))] p-0 text-ink backdrop:bg-black/50`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold leading-snug">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="grid size-8 shrink-0 place-items-center rounded-full text-muted hover:bg-raised hover:text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <div className="max-h-[70vh] overflow-y-auto px-5 py-4">{children}</div>
    </dialog>
  );
}
