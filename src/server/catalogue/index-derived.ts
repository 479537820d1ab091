import type { CatalogueIndex } from './catalogue-index';

/**
 * An answer made from the catalogue index's filters and words, made again only once its
 * version changes (or the index is read afresh): until then every caller gets the same answer
 * (or the same promise of it).
 */
export function derivedFromIndex<T>(make: (index: CatalogueIndex) => T): (index: CatalogueIndex) => T {
  let made: { index: CatalogueIndex; version: string; value: T } | undefined;
  return (index) => {
    if (made?.index !== index || made.version !== index.version) {
      const value = make(index);
      made = { index, version: index.version, value };
      // A failed read is not kept: the next caller tries again.
      if (value instanceof Promise) value.catch(() => made?.value === value && (made = undefined));
    }
    return made.value;
  };
}
