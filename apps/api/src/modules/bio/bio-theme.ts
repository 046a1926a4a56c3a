import type { components } from '@linkyard/spec';
import { badRequest } from '../../common/api-error';

export type BioTheme = components['schemas']['BioTheme'];
export type BioFont = components['schemas']['BioFont'];
export type BioButtonShape = components['schemas']['BioButtonShape'];

export const FONTS = ['system', 'serif', 'mono', 'rounded'] as const satisfies readonly BioFont[];
export const BUTTON_SHAPES = ['square', 'rounded', 'pill'] as const satisfies readonly BioButtonShape[];

/** A page's look until it is given another: dark text and buttons on white. */
export const DEFAULT_THEME: BioTheme = {
  background: '#ffffff',
  text: '#111827',
  button: '#111827',
  buttonText: '#ffffff',
  buttonShape: 'rounded',
  font: 'system',
};

/** WCAG 2's minimum contrast for text (level AA). */
export const MIN_TEXT_CONTRAST = 4.5;

/** The relative luminance of a `#RRGGBB` color (WCAG 2). */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The contrast ratio of two colors, from 1 (the same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The theme with the changes asked for, colors in lower case, refused when text would not be
 * readable: the page's text on its background and the buttons' text on the buttons must each
 * have a contrast of 4.5:1 at least.
 */
export function themeWith(base: BioTheme, changes: Partial<BioTheme> | undefined): BioTheme {
  const theme: BioTheme = { ...base };
  for (const [key, value] of Object.entries(changes ?? {}) as [keyof BioTheme, string | undefined][]) {
    if (value !== undefined) (theme as Record<string, string>)[key] = value.startsWith('#') ? value.toLowerCase() : value;
  }
  for (const [foreground, background, what] of [
    ['text', 'background', 'the text on the background'],
    ['buttonText', 'button', "the buttons' text on the buttons"],
  ] as const) {
    const ratio = contrastRatio(theme[foreground], theme[background]);
    if (ratio < MIN_TEXT_CONTRAST) {
      throw badRequest(
        `Invalid field "theme": ${what} (${theme[foreground]} on ${theme[background]}) has a contrast ratio of ` +
          `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1; at least ${MIN_TEXT_CONTRAST}:1 is needed for everyone to read it.`,
        `theme.${foreground}`,
      );
    }
  }
  return theme;
}
