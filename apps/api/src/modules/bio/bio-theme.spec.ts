import { ApiError } from '../../common/api-error';
import { contrastRatio, DEFAULT_THEME, themeWith } from './bio-theme';

describe('the contrast of a theme', () => {
  it('is WCAG 2 contrast: 21 for black on white, 1 for a color on itself, the same either way round', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#3366aa', '#3366aa')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('keeps the base where nothing is asked, and writes colors in lower case', () => {
    expect(themeWith(DEFAULT_THEME, { font: 'mono', background: '#FAFAFA' })).toEqual({
      ...DEFAULT_THEME,
      font: 'mono',
      background: '#fafafa',
    });
  });

  it.each([
    [{ text: '#777777' }, /the text on the background \(#777777 on #ffffff\) has a contrast ratio of 4\.4\d:1/],
    [{ button: '#2563eb', buttonText: '#3b82f6' }, /the buttons' text on the buttons/],
  ])('refuses %j, saying which and how much', (changes, message) => {
    let thrown: unknown;
    try {
      themeWith(DEFAULT_THEME, changes);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).status).toBe(400);
    expect((thrown as ApiError).message).toMatch(message);
  });

  it('accepts the lightest gray that is readable on white', () => {
    expect(themeWith(DEFAULT_THEME, { text: '#767676' }).text).toBe('#767676');
  });
});
