import type { ChangeEvent } from 'react';
import { themeChoices, type ThemeChoice } from '../../../shared/constants';
import { setThemeChoice, useThemeChoice } from '../../lib/theme';
import { useHydrated } from '../../lib/use-hydrated';

const themeLabels: Record<ThemeChoice, string> = { dark: 'Dark', light: 'Light', system: 'System' };

export function ThemeSwitch() {
  const choice = useThemeChoice();
  const hydrated = useHydrated();
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => setThemeChoice(event.target.value as ThemeChoice);
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      <span className="sr-only sm:not-sr-only">Theme</span>
      {/* public/theme-init.js works this select until the app has hydrated it. */}
      <select
        data-theme-select={hydrated ? 'app' : 'page'}
        value={choice}
        onChange={onChange}
        className="rounded-lg border border-line bg-surface px-2 py-1.5 text-sm text-ink hover:bg-raised"
      >
        {themeChoices.map((value) => (
          <option key={value} value={value}>
            {themeLabels[value]}
          </option>
        ))}
      </select>
    </label>
  );
}
