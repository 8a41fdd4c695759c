/** `POST /api/braille/translate`: print ↔ Braille with the server's engine (see src/routes/braille.rs). */
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type Direction = Schema<'Direction'>;
export type CodeChoice = Schema<'CodeChoice'>;
/** 1: uncontracted; 2: contracted (UEB grade 2, Arabic grade 2). */
export type Grade = 1 | 2;

/** Longest text the server translates in one request (it answers 413 above it). */
export const MAX_CHARS = 5000;

export type TranslateRequest = Schema<'TranslateRequest'>;

export type UnknownChar = Schema<'UnknownChar'>;

export type TranslateResponse = Schema<'TranslateResponse'>;

export function translate(req: TranslateRequest): Promise<TranslateResponse> {
  return apiFetch<TranslateResponse>('braille/translate', { method: 'POST', body: req });
}
