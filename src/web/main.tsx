// The entry point stays tiny so index.html's loading screen shows at once; the app itself
// (React, the router, the styles) arrives as one chunk the server has already asked the
// browser to preload (<link rel="modulepreload">).
//
// A page whose screen the server rendered is already on screen: its code waits until that has
// been painted, so on a slow connection the page's text and pictures come before its scripts.
// The server put that page's preloads in a <template>, inert until then.
import { AFTER_PAINT_PRELOADS_ID, SERVER_STATE_ID } from '../shared/server-render';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount GameSource in.');

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function afterFirstPaint(): Promise<void> {
  if (document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));
}

async function loadApp() {
  if (!document.getElementById(SERVER_STATE_ID)) return import('./app/start');
  await afterFirstPaint();
  const preloads = document.getElementById(AFTER_PAINT_PRELOADS_ID);
  if (preloads instanceof HTMLTemplateElement) document.head.append(preloads.content);
  const app = await import('./app/start');
  // Evaluating the code and hydrating the page are separate tasks: the browser may answer a tap in between.
  await nextTask();
  return app;
}

const COULD_NOT_LOAD = 'GameSource could not load. Check your connection and reload the page.';

/** The loading screen says it; a rendered page stays readable but nothing on it answers, so a banner above it says it. */
const sayTheAppCouldNotLoad = () => {
  const message = root.querySelector('[data-boot-message]');
  if (message) {
    message.textContent = COULD_NOT_LOAD;
    return;
  }
  const banner = document.createElement('p');
  banner.setAttribute('role', 'alert');
  banner.className = 'sticky top-0 z-50 m-0 bg-danger-soft px-4 py-3 text-center text-sm font-medium text-danger-ink';
  const reload = document.createElement('a');
  reload.href = window.location.href;
  reload.className = 'ml-2 underline';
  reload.textContent = 'Reload';
  banner.append(COULD_NOT_LOAD, reload);
  document.body.prepend(banner);
};

loadApp().then(
  ({ start }) => start(root),
  (error: unknown) => {
    sayTheAppCouldNotLoad();
    throw error;
  },
);
