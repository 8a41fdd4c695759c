/** `POST /api/braille/translate`: print ↔ Braille with the server's engine (see src/routes/braille.rs). */
import type { CellInfo, Code } from '@/components/braille/cells';
import { apiFetch } from '@/lib/api-client';

export type Direction = 'to_braille' | 'to_text';
export type CodeChoice = Code | 'auto';
/** 1: uncontracted; 2: contracted (UEB grade 2, Arabic grade 2). */
export type Grade = 1 | 2;

/** Longest text the server translates in one request (it answers 413 above it). */
export const MAX_CHARS = 5000;

export interface TranslateRequest {
  text: string;
  lang: CodeChoice;
  direction: Direction;
  grade: Grade;
}

export interface UnknownChar {
  /** Character index in the input. */
  index: number;
  char: string;
}

export interface TranslateResponse {
  /** The code used. */
  lang: Code;
  /** The grade used. */
  grade: Grade;
  /** Unicode Braille, lines joined by newlines. */
  braille: string;
  /** Dot numbers ("125-24 0 1"), lines joined by newlines. */
  dots: string;
  /** North American Braille ASCII, for .brf files. */
  brf: string;
  /** The print text (the input for to_braille, the reading for to_text). */
  text: string;
  /** Every cell of the Braille, in order (newlines excluded). */
  cells: CellInfo[];
  /** Characters with no Braille form (to_braille), or cells with no meaning where they stand (to_text). */
  unknown: UnknownChar[];
}

export function translate(req: TranslateRequest): Promise<TranslateResponse> {
  return apiFetch<TranslateResponse>('braille/translate', { method: 'POST', body: req });
}
