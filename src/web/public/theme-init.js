// Applies the saved theme before first paint. A classic script (no inline code: the CSP forbids it).
// Keep the key and choices in step with src/shared/constants.ts, and what it does with src/web/lib/theme.ts.
(function () {
  var KEY = 'gamesource-ui-theme';
  var SELECT = 'select[data-theme-select]';
  var root = document.documentElement;

  function isChoice(value) {
    return value === 'light' || value === 'dark' || value === 'system';
  }

  function apply(choice) {
    var prefersDark = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches;
    var dark = choice === 'dark' || (choice === 'system' && prefersDark);
    if (dark) root.classList.add('dark');
    else root.classList.remove('dark');
    root.style.colorScheme = dark ? 'dark' : 'light';
    var themeColor = document.querySelector('meta[name="theme-color"]');
    if (themeColor) themeColor.setAttribute('content', dark ? '#0b1020' : '#f6f7fb');
  }

  var choice = 'dark';
  try {
    var saved = window.localStorage.getItem(KEY);
    if (isChoice(saved)) choice = saved;
  } catch {
    // Storage can be blocked (privacy settings); the default theme still applies.
  }
  apply(choice);

  // Until the app's code has taken the page over (data-interactive), the header's select, rendered
  // on the server with the default, shows the saved choice and applies a new one: a phone may wait
  // seconds for the code, and a control that does nothing would drop what was chosen.
  function appHasIt() {
    return root.hasAttribute('data-interactive');
  }
  document.addEventListener('readystatechange', function () {
    // 'interactive' comes once the document is parsed, before any module script runs.
    var select = document.querySelector(SELECT);
    if (document.readyState === 'interactive' && select && !appHasIt()) select.value = choice;
  });
  document.addEventListener('change', function (event) {
    var select = event.target;
    if (appHasIt() || !(select instanceof HTMLSelectElement) || !select.matches(SELECT) || !isChoice(select.value)) return;
    choice = select.value;
    try {
      window.localStorage.setItem(KEY, choice);
    } catch {
      // Storage may be blocked; the choice still applies for this visit.
    }
    apply(choice);
    // The app's code, if it is running but has not taken the page over yet, hears of it as of a
    // choice made in another tab.
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: choice }));
  });
})();
