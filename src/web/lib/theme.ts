import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, THEME_STORAGE_KEY, themeChoices, type ThemeChoice } from '../../shared/constants';

const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();
// On the server there is no window: reading it throws, and the default is the choice.
let currentChoice: ThemeChoice = readStoredChoice();

function isThemeChoice(value: unknown): value is ThemeChoice {
  return themeChoices.includes(value as ThemeChoice);
}

function readStoredChoice(): ThemeChoice {
  try {
    const saved = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(saved) ? saved : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

function systemPrefersDark(): boolean {
  return window.matchMedia(darkQuery).matches;
}

function applyTheme(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0b1020' : '#f6f7fb');
}

function updateChoice(choice: ThemeChoice): void {
  currentChoice = choice;
  applyTheme(choice);
  listeners.forEach((notify) => notify());
}

export function setThemeChoice(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage may be blocked; the choice still applies for this visit.
  }
  updateChoice(choice);
}

/**
 * Keeps the page in step with the choice: follows the OS while on 'system' and picks up a
 * choice made in another tab, or on this page before the app took it over. `public/theme-init.js`
 * applied it before first paint.
 */
export function startThemeSync(): void {
  applyTheme(currentChoice);
  window.matchMedia(darkQuery).addEventListener('change', () => {
    if (currentChoice === 'system') applyTheme('system');
  });
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY) updateChoice(isThemeChoice(event.newValue) ? event.newValue : readStoredChoice());
  });
}

function subscribe(notify: () => void): () => void {
  listeners.add(notify);
  return () => listeners.delete(notify);
}

/** A server-rendered page does not know the stored choice: it shows the default until hydrated. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => currentChoice,
    () => DEFAULT_THEME,
  );
}
