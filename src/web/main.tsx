// The entry point stays tiny so index.html's loading screen shows at once; the app itself
// (React, the router, the styles) arrives as one chunk the server has already asked the
// browser to preload (<link rel="modulepreload">).
const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to mount GameSource in.');

import('./app/start').then(
  ({ start }) => start(root),
  (error: unknown) => {
    const message = root.querySelector('[data-boot-message]');
    if (message) message.textContent = 'GameSource could not load. Check your connection and reload the page.';
    throw error;
  },
);
