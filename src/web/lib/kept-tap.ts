import { useEffect, useRef } from 'react';

// A button only the app's code can work (a dialog, a change shown in place) is painted by the
// server before that code arrives, seconds later on a slow phone. Until then it says it is not
// ready, and a tap on it is kept by the page's first script (public/theme-init.js), which names
// the tapped button in `window.gamesourceKeptTap`; once the button is hydrated, the app does
// what was asked (decision 0062).

declare global {
  interface Window {
    gamesourceKeptTap?: string;
  }
}

/** The attributes of a button that waits for the code: not ready, and named for its kept tap. */
export function waitsForCode(key: string, hydrated: boolean) {
  return hydrated ? {} : { 'aria-disabled': true, 'data-after-code': key };
}

/** Does `act` once the button named `key` is hydrated, if it was tapped before. */
export function useKeptTap(key: string, hydrated: boolean, act: () => void): void {
  const latest = useRef(act);
  useEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    if (!hydrated || window.gamesourceKeptTap !== key) return;
    delete window.gamesourceKeptTap;
    // What the first script marked is React's now: it would never take these away itself.
    for (const marked of document.querySelectorAll('[data-kept-tap]')) {
      marked.removeAttribute('data-kept-tap');
      marked.removeAttribute('aria-busy');
    }
    latest.current();
  }, [key, hydrated]);
}
