import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its heading (a lazy screen, a first read). */
const HEADING_WAIT_MS = 5_000;

/**
 * After moving to another page, focus goes to the new page's heading (or the main region when it
 * has none) and a polite live region reads it, so keyboard and screen-reader users start at the
 * top of what they opened instead of at the page body. Focus a screen placed in a field of its
 * own is left there. The first page load is left to the browser.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const firstPage = useRef(true);

  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    return whenHeadingShown((heading) => {
      if (!focusIsInAField()) focusTarget(heading ?? document.getElementById('main'));
      setMessage(heading?.textContent?.trim() || document.title);
    });
  }, [pathname]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="sr-only" data-testid="route-announcer">
      {message}
    </div>
  );
}

/** Calls back with the main region's h1 once there is one, or with null after a wait. */
function whenHeadingShown(callback: (heading: HTMLElement | null) => void): () => void {
  const main = document.getElementById('main');
  const headingNow = () => main?.querySelector<HTMLElement>('h1') ?? null;
  let done = false;
  const finish = (heading: HTMLElement | null) => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    callback(heading);
  };
  const observer = new MutationObserver(() => {
    const heading = headingNow();
    if (heading) finish(heading);
  });
  const timer = setTimeout(() => finish(null), HEADING_WAIT_MS);
  if (main) observer.observe(main, { childList: true, subtree: true });
  const heading = headingNow();
  if (heading) finish(heading);
  return () => {
    done = true;
    observer.disconnect();
    clearTimeout(timer);
  };
}

function focusIsInAField(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.closest('#main') !== null && active.matches('input, textarea, select');
}

function focusTarget(element: HTMLElement | null) {
  if (!element) return;
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}
