/** Calls and shapes of the courses API (src/routes/courses.rs) and the media uploads. */
import { apiFetch, refreshOrSignOut } from '@/lib/api-client';
import { getToken } from '@/lib/storage';
import type { Schema } from '@/lib/api-types';

export type CourseStatus = Schema<'CourseStatus'>;
export type ProgressState = Schema<'ProgressState'>;
export type BrailleCode = Schema<'Lang'>;
/** 1: uncontracted; 2: contracted Braille (the course's lessons introduce contractions). */
export type BrailleGrade = 1 | 2;

export type PersonRef = Schema<'PersonRef'>;

export type CourseSummary = Schema<'CourseSummary'>;

export type CellInfo = Schema<'CellInfo'>;

export type LetterDto = Schema<'LetterDto'>;

export type WordDto = Schema<'WordDto'>;

/** A contraction a lesson introduces (grade 2 courses). */
export type ContractionDto = Schema<'ContractionDto'>;

export type LinkDto = Schema<'LinkDto'>;

export type LessonMediaKind = Schema<'LessonMediaKind'>;

export type MediaDto = Schema<'LessonMediaDto'>;

export type LessonDto = Schema<'LessonDto'>;

export type ChapterDto = Schema<'ChapterDto'>;

export type Progress = Schema<'Progress'>;

export type CourseDetail = Schema<'CourseDetail'>;

export type MediaInput = Schema<'LessonMediaInput'>;

export type LessonInput = Schema<'LessonInput'>;

export type ChapterInput = Schema<'ChapterInput'>;

export type CourseInput = Schema<'CourseInput'>;

export type RequestDto = Schema<'RequestDto'>;

export type DiffItem = Schema<'ItemKind'>;
export type DiffChange = Schema<'ChangeKind'>;

export type FieldChange = Schema<'FieldChange'>;

export type Change = Schema<'Change'>;

export type Difference = Schema<'Difference'>;

export type EnrolledCourse = Schema<'EnrolledCourse'>;

/** One attempt at an assessment, as the instructor tracks it; its answers: /instructor/assessments/results/{id}. */
export type TrackedAttempt = Schema<'TrackedAttempt'>;

export type TrackedStudent = Schema<'TrackedStudent'>;

export type TrackedCourse = Schema<'TrackedCourse'>;

export type UploadKind = Schema<'MediaKind'>;

export type UploadedMedia = Schema<'MediaDto'>;

export interface CatalogueFilters {
  q?: string;
  category?: string;
  level?: string;
  language?: string;
}

/** The access token's expiry (seconds since the epoch), or null when it cannot be read. */
export function tokenExpiry(token: string | null): number | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '='));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * `GET /api/courses/{id}` accepts an optional session: the server treats an expired token there
 * as no session (a visitor: the outline, or 404) instead of answering 401, so the client would
 * never refresh it. Before that read, a signed-in user's token that has expired or is about to
 * is refreshed (the API client's shared refresh; a failed one signs out).
 */
export async function ensureFreshSession(): Promise<void> {
  const token = getToken();
  const exp = tokenExpiry(token);
  if (!token || exp === null || exp * 1000 > Date.now() + 5000) return;
  await refreshOrSignOut();
}

function query(params: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v && v.trim()) q.set(k, v.trim());
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const listCatalogue = (f: CatalogueFilters) =>
  apiFetch<Schema<'CourseList'>>(`courses${query({ q: f.q, category: f.category, level: f.level, language: f.language })}`).then((r) => r.courses);

export async function getCourse(id: number | string): Promise<CourseDetail> {
  await ensureFreshSession();
  return apiFetch<CourseDetail>(`courses/${id}`);
}

export const createCourse = (input: CourseInput) => apiFetch<Schema<'CourseReply'>>('courses', { method: 'POST', body: input });
export const updateCourse = (id: number, input: CourseInput) =>
  apiFetch<Schema<'CourseReply'>>(`courses/${id}`, { method: 'PUT', body: input });
export const sendForAccreditation = (id: number) =>
  apiFetch<Schema<'CourseReply'>>(`courses/${id}/accreditation`, { method: 'POST', body: {} });
/** Opens (or gets) the revision of an active course: a working copy students do not see. */
export const openRevision = (id: number) =>
  apiFetch<Schema<'CourseReply'>>(`courses/${id}/revision`, { method: 'POST', body: {} });
/** Discards the revision of a live course (`id`: the live course). */
export const discardRevision = (id: number) => apiFetch<Schema<'MessageResponse'>>(`courses/${id}/revision`, { method: 'DELETE' });
export const requestStop = (id: number) => apiFetch<Schema<'CourseReply'>>(`courses/${id}/stop-request`, { method: 'POST', body: {} });

export const myCourses = () => apiFetch<Schema<'CourseList'>>('instructor/courses').then((r) => r.courses);
export const trackStudents = () => apiFetch<Schema<'TrackList'>>('instructor/track-students').then((r) => r.courses);

export const requestQueue = (kind: 'accreditation' | 'stop') =>
  apiFetch<Schema<'RequestList'>>(`supervisor/requests?kind=${kind}`).then((r) => r.requests);
export const approveRequest = (id: number) => apiFetch<Schema<'DecisionReply'>>(`requests/${id}/approve`, { method: 'POST', body: {} });
export const rejectRequest = (id: number, reason: string) =>
  apiFetch<Schema<'DecisionReply'>>(`requests/${id}/reject`, { method: 'POST', body: { reason } });

export const enrol = (id: number) => apiFetch<Schema<'MessageResponse'>>(`courses/${id}/enrol`, { method: 'POST', body: {} });
export const enrolledCourses = () => apiFetch<Schema<'EnrolledList'>>('student/courses').then((r) => r.courses);
export const completeLesson = (id: number) => apiFetch<Schema<'CompletionReply'>>(`lessons/${id}/complete`, { method: 'POST', body: {} });

export function uploadMedia(kind: UploadKind, file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedMedia>(`media?kind=${kind}`, { method: 'POST', form });
}

export type TableEntry = Schema<'TableRow'>;

const tables = new Map<BrailleCode, Promise<TableEntry[]>>();

/** The code's reference table from the Braille engine (kept for the page's life). */
export function brailleTable(code: BrailleCode): Promise<TableEntry[]> {
  let p = tables.get(code);
  if (!p) {
    p = apiFetch<Schema<'TableResponse'>>(`braille/table?lang=${code}`).then((r) => r.entries);
    p.catch(() => tables.delete(code));
    tables.set(code, p);
  }
  return p;
}
