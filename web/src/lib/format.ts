/**
 * Numbers, percentages and dates as the reader's language writes them: the one place the app
 * calls `Intl`. Scores and counts keep Western digits in both languages, as they always have.
 */
import type { Lang } from './storage';

const locale = (lang: string): Lang => (lang === 'en' ? 'en' : 'ar');
const LATN = { numberingSystem: 'latn' } as const;

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Mar 12, 2026, 10:04 AM"; '' for no date, the text itself when unparseable. */
export function formatDateTime(iso: string | null | undefined, lang: string): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A day without a time: "March 12, 2026". */
export function formatDay(iso: string | null | undefined, lang: string): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: 'long' }).format(d);
}

/** A short day: "3/12/2026" (as `toLocaleDateString` writes it). */
export function formatShortDay(iso: string | null | undefined, lang: string): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  return new Intl.DateTimeFormat(locale(lang)).format(d);
}

/** "85.5%" in the interface language; '' for no number. */
export function formatPercent(n: number | null | undefined, lang: string): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(n / 100);
}

/** A score or percentage as the server rounds it: one decimal at most, floored, Western digits. */
export function formatScore(n: number): string {
  return Number.isInteger(n) ? String(n) : (Math.floor(n * 10) / 10).toFixed(1);
}

/** A count with thousands separators, Western digits in both languages: "5,000". */
export function formatCount(n: number): string {
  return new Intl.NumberFormat('en', LATN).format(n);
}

/** A number with at most `fractionDigits` decimals in the interface language. */
export function formatDecimal(n: number, lang: string, fractionDigits: number): string {
  return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: fractionDigits }).format(n);
}
