import { useEffect, useLayoutEffect } from 'react';
import { PRODUCT_NAME } from '../../shared/constants';

const tabTitle = (title: string) => `${title} · ${PRODUCT_NAME}`;

/** The tab's title, from what the screen shows (a game's title, a list's name, a person's name). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
}

/**
 * A route's own title, set before any screen's effect runs (layout effects run first), so a
 * screen's more specific title is never overwritten by its route's.
 */
export function useRouteTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
}
