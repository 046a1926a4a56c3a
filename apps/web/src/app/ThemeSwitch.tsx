import { chooseTheme, THEME_CHOICES, useTheme, type ThemeChoice } from '../theme';

const LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** Light, dark, or as the system prefers: the page changes at once, and the choice stays in this browser. */
export function ThemeSwitch() {
  const { choice } = useTheme();
  return (
    <label className="theme-switch">
      <span className="muted">Theme</span>
      <select value={choice} onChange={(event) => chooseTheme(event.target.value as ThemeChoice)}>
        {THEME_CHOICES.map((each) => (
          <option key={each} value={each}>
            {LABELS[each]}
          </option>
        ))}
      </select>
    </label>
  );
}
