/** Practice as the API gives it (src/routes/practice). */
import { apiFetch } from '@/lib/api-client';

export type Code = 'ar' | 'en';

export interface CellsDto {
  /** Unicode Braille. */
  braille: string;
  /** The dots of each cell, e.g. ["125"]. */
  dots: string[];
}

export interface SymbolDto {
  print: string;
  name: string;
  cells: CellsDto;
}

export interface PracticeCard {
  id: number;
  direction: 'reading' | 'writing';
  new: boolean;
  print: string | null;
  name: string | null;
  cells: CellsDto | null;
  /** `symbol` (grade 1) or `contraction` (issue 26). */
  kind?: 'symbol' | 'contraction';
  contraction?: ContractionCard | null;
}

/**
 * A contraction card as asked. Reading: the card's cells are the whole example, `at`/`len`
 * say which of them are the contraction. Writing: the card's print is the contraction's and
 * `example` the word it stands in.
 */
export interface ContractionCard {
  id: string;
  kind: string;
  kind_name: string;
  example: string | null;
  at: number;
  len: number;
}

export interface ExampleDto {
  print: string;
  cells: CellsDto;
  at: number;
  len: number;
}

export interface ContractionInfo {
  id: string;
  print: string;
  kind: string;
  kind_name: string;
  cells: CellsDto;
}

export interface ContractionDrillPair {
  a: ContractionInfo;
  b: ContractionInfo;
  count: number;
}

export interface ContractionDrillResult {
  correct: boolean;
  expected: ContractionInfo;
  settled: boolean;
}

export interface ContractionStats {
  contraction: ContractionInfo;
  example: ExampleDto | null;
  reading: number | null;
  writing: number | null;
  reviews: number;
  due_at: string | null;
}

export interface ContractionMastery {
  code: Code;
  kinds: Array<{ kind: string; kind_name: string; contractions: ContractionStats[] }>;
  confusions: Array<{ expected: ContractionInfo; given: ContractionInfo; count: number; drilling: boolean }>;
}

export interface DrillPair {
  a: SymbolDto;
  b: SymbolDto;
  count: number;
}

export interface Today {
  reviewed: number;
  correct: number;
  started_at: string | null;
}

export interface PracticeSession {
  code: Code;
  cards: PracticeCard[];
  new_cards: number;
  drills: DrillPair[];
  contraction_drills?: ContractionDrillPair[];
  today: Today;
  due_tomorrow: number;
  streak: number;
}

export interface Difference {
  position: number;
  expected: string | null;
  given: string | null;
  missing: number[];
  extra: number[];
}

export interface ReviewResult {
  card_id: number;
  correct: boolean;
  rating: 'again' | 'hard' | 'good' | 'easy';
  expected: SymbolDto;
  given: CellsDto | null;
  differences: Difference[];
  /** Contraction cards: the example in full. */
  example?: ExampleDto | null;
  due_at: string;
  again_in_session: boolean;
  today: Today;
}

export interface DrillResult {
  correct: boolean;
  expected: SymbolDto;
  settled: boolean;
}

export interface SymbolStats {
  symbol: SymbolDto;
  reading: number | null;
  writing: number | null;
  reviews: number;
  due_at: string | null;
}

export interface PracticeStats {
  code: Code;
  symbols: SymbolStats[];
  streak: number;
  reviews_per_day: Array<{ day: string; reviews: number; correct: number }>;
  today: Today;
  due_tomorrow: number;
}

export interface Confusion {
  expected: CellsDto;
  expected_print: string | null;
  given: CellsDto;
  given_print: string | null;
  count: number;
  students: number;
  drilling: boolean;
}

export const fetchSession = (code: Code, perDay: number) => apiFetch<PracticeSession>(`practice/session?code=${code}&new=${perDay}`);

/** Sends an answer; one with the time it was given also says when it is sent, so the server
 * counts its age and a device clock that runs fast or slow does not matter. */
export const sendReview = (body: { card_id: number; answer: string; elapsed_ms: number; answered_at?: string; client_id?: string }) =>
  apiFetch<ReviewResult>('practice/reviews', { method: 'POST', body: body.answered_at ? { ...body, sent_at: new Date().toISOString() } : body });

export const sendDrill = (body: { code: Code; print: string; pair: string; answer: string }) =>
  apiFetch<DrillResult>('practice/drills', { method: 'POST', body });

export const sendContractionDrill = (body: { code: Code; expected: string; pair: string[]; answer: string }) =>
  apiFetch<ContractionDrillResult>('practice/contraction-drills', { method: 'POST', body });

export const fetchContractionMastery = (code: Code) => apiFetch<ContractionMastery>(`practice/contractions?code=${code}`);

export const fetchStats = (code: Code) => apiFetch<PracticeStats>(`practice/stats?code=${code}`);

export async function fetchConfusions(code: Code): Promise<Confusion[]> {
  const r = await apiFetch<{ confusions: Confusion[] }>(`practice/confusions?code=${code}`);
  return r.confusions ?? [];
}

export async function fetchCourseConfusions(courseId: number): Promise<{ code: Code; confusions: Confusion[] }> {
  return apiFetch<{ code: Code; confusions: Confusion[] }>(`instructor/confusions?course_id=${courseId}`);
}

export interface OwnCourse {
  id: number;
  title: string;
}

/** The instructor's own courses, to choose one. */
export async function ownCourses(): Promise<OwnCourse[]> {
  const r = await apiFetch<{ courses: Array<{ id: number; title: string }> }>('instructor/courses');
  return (r.courses ?? []).map((c) => ({ id: c.id, title: c.title }));
}

/** Where the learner's practice settings live on this device. */
const NEW_KEY = 'practice-new-per-day';
const CODE_KEY = 'practice-code';
const TIME_BOX_KEY = 'practice-time-box';

export function readNewPerDay(): number {
  const n = Number(localStorage.getItem(NEW_KEY) ?? '5');
  return Number.isInteger(n) && n >= 0 && n <= 50 ? n : 5;
}

export function writeNewPerDay(n: number): void {
  localStorage.setItem(NEW_KEY, String(n));
}

/** The time box a learner may set for a session, in minutes; 0 is none (the default). */
export const TIME_BOXES = [0, 5, 10, 20] as const;
export type TimeBox = (typeof TIME_BOXES)[number];

export function readTimeBox(): TimeBox {
  const n = Number(localStorage.getItem(TIME_BOX_KEY) ?? '0');
  return (TIME_BOXES as readonly number[]).includes(n) ? (n as TimeBox) : 0;
}

export function writeTimeBox(n: TimeBox): void {
  localStorage.setItem(TIME_BOX_KEY, String(n));
}

export function readCode(fallback: Code): Code {
  const c = localStorage.getItem(CODE_KEY);
  return c === 'ar' || c === 'en' ? c : fallback;
}

export function writeCode(c: Code): void {
  localStorage.setItem(CODE_KEY, c);
}
