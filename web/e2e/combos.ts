/** The language × theme combinations: one Playwright project each (playwright.config.ts). */
export type Lang = 'ar' | 'en';
export type Theme = 'light' | 'dark';

export const COMBOS: ReadonlyArray<readonly [Lang, Theme]> = [
  ['ar', 'light'],
  ['ar', 'dark'],
  ['en', 'light'],
  ['en', 'dark'],
];

/** Tag of the tests that run once in each combination's project (and not in `default`). */
export const COMBO = '@combo';
