import { useEffect, useRef, type RefObject } from 'react';
import { readCatalogueFilters } from '../../lib/catalogue-filters';
import type { ChangeCatalogue } from './use-catalogue-filters';

type Field = HTMLInputElement | HTMLSelectElement;

/** Whether a person changed this field since the server rendered it (React keeps such changes as it hydrates). */
function touched(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
    return field.type !== 'hidden' && field.value !== field.defaultValue;
  }
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return false;
}

/**
 * Boxes ticked, or prices typed, on the rendered page before its code arrived are applied as it
 * takes over, rather than shown and then undone (decision 0062). Runs once.
 */
export function useTakeOverTouchedForm(form: RefObject<HTMLFormElement | null>, change: ChangeCatalogue): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !form.current) return;
    done.current = true;
    const fields = [...form.current.elements] as Field[];
    if (!fields.some(touched)) return;
    const asked = readCatalogueFilters(new URLSearchParams(new FormData(form.current) as unknown as Record<string, string>));
    change(() => asked);
  }, [form, change]);
}
