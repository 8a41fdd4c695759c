/** Practice as the API gives it (src/routes/practice). */
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type Code = Schema<'Lang'>;

export type CellsDto = Schema<'CellsDto'>;

export type SymbolDto = Schema<'SymbolDto'>;

export type PracticeCard = Schema<'CardDto'>;

/**
 * A contraction card as asked. Reading: the card's cells are the whole example, `at`/`len`
 * say which of them are the contraction. Writing: the card's print is the contraction's and
 * `example` the word it stands in.
 */
export type ContractionCard = Schema<'ContractionCardDto'>;

export type ExampleDto = Schema<'ExampleDto'>;

export type ContractionInfo = Schema<'ContractionInfoDto'>;

export type ContractionDrillPair = Schema<'ContractionDrillDto'>;

export type ContractionDrillResult = Schema<'ContractionDrillResultDto'>;

export type ContractionStats = Schema<'ContractionStatsDto'>;

export type ContractionMastery = Schema<'ContractionMasteryDto'>;

export type DrillPair = Schema<'DrillDto'>;

export type Today = Schema<'TodayDto'>;

export type PracticeSession = Schema<'SessionDto'>;

export type Difference = Schema<'DifferenceDto'>;

export type ReviewResult = Schema<'ReviewDto'>;

export type DrillResult = Schema<'DrillResultDto'>;

export type SymbolStats = Schema<'SymbolStatsDto'>;

export type PracticeStats = Schema<'StatsDto'>;

export type Confusion = Schema<'ConfusionDto'>;

export const fetchSession = (code: Code, perDay: number) => apiFetch<PracticeSession>(`practice/session?code=${code}&new=${perDay}`);

/** Sends an answer; one with the time it was given also says when it is sent, so the server
 * counts its age and a device clock that runs fast or slow does not matter. */
export const sendReview = (body: Omit<Schema<'ReviewInput'>, 'sent_at'>) =>
  apiFetch<ReviewResult>('practice/reviews', { method: 'POST', body: body.answered_at ? { ...body, sent_at: new Date().toISOString() } : body });

export const sendDrill = (body: Schema<'DrillInput'>) =>
  apiFetch<DrillResult>('practice/drills', { method: 'POST', body });

export const sendContractionDrill = (body: Schema<'ContractionDrillInput'>) =>
  apiFetch<ContractionDrillResult>('practice/contraction-drills', { method: 'POST', body });

export const fetchContractionMastery = (code: Code) => apiFetch<ContractionMastery>(`practice/contractions?code=${code}`);

export const fetchStats = (code: Code) => apiFetch<PracticeStats>(`practice/stats?code=${code}`);

export async function fetchConfusions(code: Code): Promise<Confusion[]> {
  const r = await apiFetch<Schema<'ConfusionList'>>(`practice/confusions?code=${code}`);
  return r.confusions ?? [];
}

export async function fetchCourseConfusions(courseId: number): Promise<Schema<'CourseConfusionList'>> {
  return apiFetch<Schema<'CourseConfusionList'>>(`instructor/confusions?course_id=${courseId}`);
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
