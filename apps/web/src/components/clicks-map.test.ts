import { describe, expect, it } from 'vitest';
import { SHAPES } from './ClicksMap';

describe('the world map’s countries', () => {
  it('names each outline by the ISO 3166 alpha-2 code the statistics use', () => {
    const codes = new Set(SHAPES.map((shape) => shape.code));
    for (const code of ['GB', 'US', 'FR', 'DE', 'IN', 'BR', 'JP', 'ZA', 'AU', 'CN']) expect(codes).toContain(code);
    // Natural Earth's few areas without an ISO code (Kosovo, Northern Cyprus, Somaliland) are drawn uncoloured.
    expect(SHAPES.filter((shape) => shape.code === '').length).toBeLessThan(6);
    expect(codes.size).toBeGreaterThan(160);
    expect(SHAPES.every((shape) => shape.outline.startsWith('M'))).toBe(true);
  });
});
