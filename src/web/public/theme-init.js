// Applies the saved theme before first paint, works the header's theme select and phone menu
// until the app's code has taken the page over, and keeps a tap on a button that waits for that
// code. A classic script (no inline code: the CSP forbids it). Keep the key and choices in step
// with src/shared/constants.ts, what it does with src/web/lib/theme.ts, the menu with
// src/web/app/layout/site-header.tsx, and kept taps with src/web/lib/kept-tap.ts.
(function () {
  var KEY = 'gamesource-ui-theme';
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

  // Until the app has hydrated them, the header's controls say `page` (then `app`), and this
  // script works them: a phone may wait seconds for the code, and a control that does nothing
  // would drop what was asked of it. The theme select, rendered on the server with the default,
  // shows the saved choice and applies a new one.
  var THEME_SELECT = 'select[data-theme-select="page"]';
  document.addEventListener('readystatechange', function () {
    // 'interactive' comes once the document is parsed, before any module script runs.
    var select = document.querySelector(THEME_SELECT);
    if (document.readyState === 'interactive' && select) select.value = choice;
  });
  document.addEventListener('change', function (event) {
    var select = event.target;
    if (!(select instanceof HTMLSelectElement) || !select.matches(THEME_SELECT) || !isChoice(select.value)) return;
    choice = select.value;
    try {
      window.localStorage.setItem(KEY, choice);
    } catch {
      // Storage may be blocked; the choice still applies for this visit.
    }
    apply(choice);
    // The app's code, if it is running but has not hydrated the select yet, hears of it as of a
    // choice made in another tab.
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: choice }));
  });

  // The phone-width Menu button shows and hides the menu as the header does (the page under an
  // open menu inert, Escape closing it), and the header keeps a menu left open.
  function setMenu(button, open) {
    var menu = document.getElementById(button.getAttribute('aria-controls'));
    if (!menu) return;
    button.setAttribute('aria-expanded', String(open));
    menu.classList.toggle('block', open);
    menu.classList.toggle('hidden', !open);
    [document.getElementById('main'), document.querySelector('footer')].forEach(function (covered) {
      if (covered) covered.inert = open;
    });
  }
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('button[data-menu-button="page"]') : null;
    if (button) setMenu(button, button.getAttribute('aria-expanded') !== 'true');
  });
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Escape') return;
    var button = document.querySelector('button[data-menu-button="page"][aria-expanded="true"]');
    if (!button) return;
    setMenu(button, false);
    button.focus();
  });

  // A button only the app's code can work says `data-after-code` until it has it: a tap on it is
  // kept (the last one), the button shows it is on its way, and the app does it once it has taken
  // the page over, rather than refusing a tap a slow phone's reader made in good faith.
  document.addEventListener('click', function (event) {
    var button = event.target instanceof Element ? event.target.closest('[data-after-code]') : null;
    if (!button) return;
    document.querySelectorAll('[data-kept-tap]').forEach(function (other) {
      other.removeAttribute('data-kept-tap');
      other.removeAttribute('aria-busy');
    });
    button.setAttribute('data-kept-tap', '');
    button.setAttribute('aria-busy', 'true');
    window.gamesourceKeptTap = button.getAttribute('data-after-code');
  });
})();
