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

/** Where the filters' panel beside the results is: on a phone, a link there shows it (games-screen.tsx). */
export const FILTERS_PANEL_ID = 'filters';

/**
 * Phones and narrow windows: a 'Filters' button opening the panel in a modal dialog, which
 * keeps focus inside, closes on Escape and gives focus back to the button. The dialog takes a
 * script: until the page's code arrives, 'Filters' is a link to the panel beside the results,
 * which the page then shows in place, with its 'Apply filters' (decision 0062).
 */
export function FiltersDrawer({ total, ...panel }: FiltersDrawerProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);

  const activeCount = activeFilters(panel.filters).length;
  const label = <FiltersLabel activeCount={activeCount} />;
  if (!hydrated) {
    return (
      <a href={`#${FILTERS_PANEL_ID}`} className={`${buttonStyles.secondary} lg:hidden`}>
        {label}
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={`${buttonStyles.secondary} lg:hidden`}
      >
        {label}
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

function FiltersLabel({ activeCount }: { activeCount: number }) {
  return (
    <>
      Filters
      {activeCount > 0 && (
        <span className="rounded-full bg-accent px-2 text-xs text-on-accent">
          {activeCount}
          <span className="sr-only"> active</span>
        </span>
      )}
    </>
  );
}
