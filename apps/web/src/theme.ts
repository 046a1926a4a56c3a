import { useSyncExternalStore } from 'react';

/** The person's choice: follow the system's preference, or light, or dark (kept in this browser). */
export type ThemeChoice = 'system' | 'light' | 'dark';
export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

const KEY = 'linkyard:theme';
const listeners = new Set<() => void>();
const darkQuery = () => (typeof matchMedia === 'function' ? matchMedia('(prefers-color-scheme: dark)') : null);

function stored(): ThemeChoice {
  try {
    const value = localStorage.getItem(KEY);
    return THEME_CHOICES.includes(value as ThemeChoice) ? (value as ThemeChoice) : 'system';
  } catch {
    return 'system';
  }
}

let choice: ThemeChoice = stored();

/** What the page shows now: the choice, or the system's preference under "system". */
export function resolvedTheme(): 'light' | 'dark' {
  if (choice !== 'system') return choice;
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Puts the choice on the page (styles.css reads `data-theme`; none follows the system). */
export function applyTheme(): void {
  if (choice === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = choice;
}

export function chooseTheme(next: ThemeChoice): void {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, next);
  } catch {
    // A browser that keeps nothing: the choice holds until the page is left.
  }
  applyTheme();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const query = darkQuery();
  query?.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query?.removeEventListener('change', listener);
  };
}

/** The choice and what it shows, for what draws its own colours (the charts). */
export function useTheme(): { choice: ThemeChoice; resolved: 'light' | 'dark' } {
  const current = useSyncExternalStore(subscribe, () => `${choice}:${resolvedTheme()}`);
  const [picked, resolved] = current.split(':') as [ThemeChoice, 'light' | 'dark'];
  return { choice: picked, resolved };
}

/** A colour of the current theme, by its CSS variable's name (`--chart-bar`). */
export function themeColor(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
