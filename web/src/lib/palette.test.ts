import { describe, expect, it } from 'vitest';
import { contrastRatio } from './contrast';
import { paletteCss, palettes, textPairs, uiPairs } from './palette';

describe('contrast ratio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe.each(Object.keys(palettes) as Array<'light' | 'dark'>)('%s theme', (theme) => {
  const p = palettes[theme];
  it.each(textPairs)('text %s on %s reaches 4.5:1', (fg, bg) => {
    expect(contrastRatio(p[fg], p[bg])).toBeGreaterThanOrEqual(4.5);
  });
  it.each(uiPairs)('ui %s on %s reaches 3:1', (fg, bg) => {
    expect(contrastRatio(p[fg], p[bg])).toBeGreaterThanOrEqual(3);
  });
});

describe('paletteCss', () => {
  it('writes every token of both themes as a custom property', () => {
    const css = paletteCss();
    expect(css).toContain(':root[data-theme="light"]');
    expect(css).toContain(':root[data-theme="dark"]');
    expect(css).toContain(`--on-primary:${palettes.light.onPrimary};`);
    expect(css).toContain(`--header-bg:${palettes.dark.headerBg};`);
  });
});
