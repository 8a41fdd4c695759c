/**
 * Braille cells on the client: the shapes the engine's API returns and the conversions the
 * keyboard and drawings need. A cell is a set of raised dots 1–6; its Unicode character is
 * U+2800 plus one bit per dot (dot 1 = 1, dot 2 = 2, … dot 6 = 32).
 */
import type { Schema } from '@/lib/api-types';

/** A Braille code the engine knows: Arabic or English (UEB), each uncontracted or contracted. */
export type Code = Schema<'Lang'>;

/** One cell as the API describes it. */
export type CellInfo = Schema<'CellInfo'>;

export type EntryKind = Schema<'TableEntryKind'>;

/** One row of `GET /api/braille/table`. */
export type TableEntry = Schema<'TableRow'>;

export type BrailleTable = Schema<'TableResponse'>;

export const BLANK_CELL = '\u2800';

/** The sorted, de-duplicated dots 1–6 of a list. */
export function normaliseDots(dots: Iterable<number>): number[] {
  return [...new Set(dots)].filter((d) => Number.isInteger(d) && d >= 1 && d <= 6).sort((a, b) => a - b);
}

export function dotsToUnicode(dots: Iterable<number>): string {
  let bits = 0;
  for (const d of normaliseDots(dots)) bits |= 1 << (d - 1);
  return String.fromCharCode(0x2800 + bits);
}

/** The dots of a Unicode Braille character (U+2800–U+283F), or null for anything else. */
export function unicodeToDots(ch: string): number[] | null {
  if (ch === ' ') return [];
  const code = ch.codePointAt(0) ?? 0;
  if (ch.length !== 1 || code < 0x2800 || code > 0x283f) return null;
  const bits = code - 0x2800;
  const dots: number[] = [];
  for (let d = 1; d <= 6; d++) if (bits & (1 << (d - 1))) dots.push(d);
  return dots;
}

/** A stable key for a set of dots ("125", "" for blank). */
export function dotsKey(dots: number[]): string {
  return normaliseDots(dots).join('');
}

/** The cells of a Braille string, one per character (U+2800–U+283F or space). */
export function splitCells(braille: string): string[] {
  return Array.from(braille);
}
