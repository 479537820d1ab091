import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MAX_SEARCH_LENGTH } from '../../../shared/constants';
import { pathOf } from '../../../shared/routes';
import { buttonStyles, inputStyle } from '../../components/styles';
import { changeFilters, type CatalogueFilters } from '../../lib/catalogue-filters';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { CatalogueHiddenFields } from './catalogue-hidden-fields';
import type { ChangeCatalogue } from './use-catalogue-filters';

const SEARCH_DELAY_MS = 300;

const asSearch = (text: string) => text.trim().slice(0, MAX_SEARCH_LENGTH).trim() || undefined;

interface SearchBoxProps {
  filters: CatalogueFilters;
  change: ChangeCatalogue;
}

/**
 * Searches as you type (once typing pauses) and at once on Enter. A burst of typing adds one
 * history entry, not one per pause, so Back leaves the search in one step.
 */
export function SearchBox({ filters, change }: SearchBoxProps) {
  const { q } = filters;
  const id = useId();
  const [text, setText] = useState(q ?? '');
  const box = useRef<HTMLInputElement>(null);
  // Words typed while the page's code was on its way stay, and are searched for (decision 0062).
  // Once, as the page is taken over: the box still holds its rendered value unless someone typed.
  useEffect(() => {
    if (box.current && box.current.value !== box.current.defaultValue) setText(box.current.value);
  }, []);
  const settled = useDebouncedValue(text, SEARCH_DELAY_MS);
  const addedHistoryEntry = useRef(false);

  // The search changed elsewhere (Back, a removed chip, 'Clear all filters'): show it. Our
  // own changes match what had settled, and must not undo keys typed since.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== asSearch(settled)) setText(q ?? '');
  }

  useEffect(() => {
    if (settled !== text) return;
    const search = asSearch(settled);
    if (search === q) return;
    change((f) => changeFilters(f, { q: search }), { replace: addedHistoryEntry.current });
    addedHistoryEntry.current = true;
  }, [settled, text, q, change]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = asSearch(text);
    if (search !== q) change((f) => changeFilters(f, { q: search }), { replace: addedHistoryEntry.current });
    addedHistoryEntry.current = false;
  };

  return (
    // A real GET form: Enter searches even before the page's code arrives; then the app takes it over.
    <form role="search" method="get" action={pathOf('games')} onSubmit={submit} className="flex gap-2">
      <CatalogueHiddenFields filters={changeFilters(filters, { q: undefined })} />
      <label htmlFor={id} className="sr-only">
        Search games
      </label>
      <input
        ref={box}
        id={id}
        type="search"
        name="q"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          addedHistoryEntry.current = false;
        }}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder="Search titles, makers, AI features…"
        autoComplete="off"
        enterKeyHint="search"
        className={`${inputStyle} min-w-0 flex-1`}
      />
      <button type="submit" className={buttonStyles.primary}>
        Search
      </button>
    </form>
  );
}
