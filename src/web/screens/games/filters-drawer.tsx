import { useEffect, useId, useRef, useState } from 'react';
import { buttonStyles } from '../../components/styles';
import { activeFilters, clearFilters } from '../../lib/catalogue-filters';
import { formatCount } from '../../lib/format';
import { useHydrated } from '../../lib/use-hydrated';
import { clearAllStyle } from './active-filter-chips';
import { FiltersPanel, type FiltersPanelProps } from './filters-panel';

interface FiltersDrawerProps extends FiltersPanelProps {
  total?: number;
}

/**
 * Phones and narrow windows: a 'Filters' button opening the panel in a modal dialog, which
 * keeps focus inside, closes on Escape and gives focus back to the button.
 */
export function FiltersDrawer({ total, ...panel }: FiltersDrawerProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const activeCount = activeFilters(panel.filters).length;
  // The dialog takes a script: until the page's code arrives the button says it is not ready.
  const hydrated = useHydrated();

  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={!hydrated}
        onClick={() => setOpen(true)}
        className={`${buttonStyles.secondary} lg:hidden`}
      >
        Filters
        {activeCount > 0 && (
          <span className="rounded-full bg-accent px-2 text-xs text-on-accent">
            {activeCount}
            <span className="sr-only"> active</span>
          </span>
        )}
      </button>
      {open && (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          onClose={() => setOpen(false)}
          className="m-0 ml-auto h-dvh max-h-none w-full max-w-sm overflow-y-auto border-l border-line bg-page p-0 text-ink backdrop:bg-black/60"
        >
          <div className="sticky top-0 z-10 flex items-center justify-between border-b border-line bg-page px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              Filters
            </h2>
            <button type="button" onClick={() => dialog.current?.close()} className={buttonStyles.secondary}>
              Close
            </button>
          </div>
          <div className="px-4 py-5">
            <FiltersPanel {...panel} />
          </div>
          <div className="sticky bottom-0 flex items-center justify-between gap-3 border-t border-line bg-page px-4 py-3">
            <button
              type="button"
              disabled={activeCount === 0}
              onClick={() => panel.change(clearFilters)}
              className={`${clearAllStyle} disabled:cursor-not-allowed disabled:opacity-60`}
            >
              Clear all filters
            </button>
            <button type="button" onClick={() => dialog.current?.close()} className={buttonStyles.primary}>
              {total === undefined ? 'Show games' : `Show ${formatCount(total)} ${total === 1 ? 'game' : 'games'}`}
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
