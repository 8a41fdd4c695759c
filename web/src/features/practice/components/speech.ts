/** How practice names cells in sentences: "dots 1 2 5", several cells joined. */
import { dotsPhrase } from '@/components/braille/describe';
import type { UiLang } from '@/components/braille/i18n';

/** Dots of one cell as the API writes them ("125", "0" for none) → [1, 2, 5]. */
export function dotList(dots: string): number[] {
  return dots === '0' ? [] : dots.split('').map(Number);
}

/** "dots 1 2 5", or several cells: "dots 3 4 5 6, then dot 1". */
export function cellsPhrase(dots: string[], ui: UiLang, then: string): string {
  return dots.map((d) => dotsPhrase(dotList(d), ui)).join(then);
}

/** A list of dot numbers as a phrase ("dot 2", "dots 2 4"). */
export function dotNumbersPhrase(dots: number[], ui: UiLang): string {
  return dotsPhrase(dots, ui);
}
