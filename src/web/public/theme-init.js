// Applies the saved theme before first paint. A classic script (no inline code: the CSP forbids it).
// Keep the key and choices in step with src/shared/constants.ts.
(function () {
  var choice = 'dark';
  try {
    var saved = window.localStorage.getItem('gamesource-ui-theme');
    if (saved === 'light' || saved === 'dark' || saved === 'system') choice = saved;
  } catch {
    // Storage can be blocked (privacy settings); the default theme still applies.
  }
  var prefersDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
  var dark = choice === 'dark' || (choice === 'system' && prefersDark);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  else root.classList.remove('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
  var themeColor = document.querySelector('meta[name="theme-color"]');
  if (themeColor) themeColor.setAttribute('content', dark ? '#0b1020' : '#f6f7fb');
})();
