/** Calls and shapes of the courses API (src/routes/courses.rs) and the media uploads. */
import { apiFetch, refreshOrSignOut } from '@/lib/api-client';
import { getToken } from '@/lib/storage';
import type { Schema } from '@/lib/api-types';

export type CourseStatus = Schema<'CourseStatus'>;
export type ProgressState = Schema<'ProgressState'>;
export type BrailleCode = 'ar' | 'en';
/** 1: uncontracted; 2: contracted Braille (the course's lessons introduce contractions). */
export type BrailleGrade = 1 | 2;

export type PersonRef = Schema<'PersonRef'>;

export interface CourseSummary {
  id: number;
  title: string;
  type: string;
  duration_days: number;
  description: string;
  category: string;
  level: string;
  language: BrailleCode;
  braille_grade: BrailleGrade;
  /** A URL signed for the viewer, or null. */
  image: string | null;
  /** The image's media id, when the server sends it (needed to keep the image on edit). */
  image_media_id?: number | null;
  status: CourseStatus;
  instructor: PersonRef;
  lessons_count: number;
  enrolled_count: number;
  updated_at: string;
  /** On the instructor's own list: the latest decided request. */
  last_decision?: RequestDto;
  /** A revision (issue 23): the live course it is the working copy of. */
  revision_of?: number;
  /** A live course with a revision in the works: the revision and its status. */
  revision?: { id: number; status: CourseStatus };
}

export interface CellInfo {
  unicode: string;
  dots: number[];
  meaning: string | null;
}

export type LetterDto = Schema<'LetterDto'>;

export type WordDto = Schema<'WordDto'>;

/** A contraction a lesson introduces (grade 2 courses). */
export type ContractionDto = Schema<'ContractionDto'>;

export type LinkDto = Schema<'LinkDto'>;

export type LessonMediaKind = Schema<'LessonMediaKind'>;

export interface MediaDto {
  kind: LessonMediaKind;
  title: string;
  url: string;
  media_id: number | null;
  content_type: string | null;
  size: number | null;
}

export interface LessonDto {
  id: number;
  /** In a revision: the live lesson this one copies. */
  origin_id?: number;
  title: string;
  description: string | null;
  rule: string | null;
  letters: LetterDto[];
  words: WordDto[];
  links: LinkDto[];
  media?: MediaDto[];
  /** Grade 2 courses: the contractions this lesson introduces (absent from older servers). */
  contractions?: ContractionDto[];
  completed: boolean | null;
}

export interface ChapterDto {
  id: number;
  /** In a revision: the live chapter this one copies. */
  origin_id?: number;
  title: string;
  description: string;
  lessons: LessonDto[];
}

export interface Progress {
  state: ProgressState;
  lessons_done: number;
  lessons_total: number;
  assessments_passed?: number;
  assessments_total?: number;
  /** The final assessment's best percentage (or all assessments' best attempts); null before any submission. */
  percent?: number | null;
  grade?: 'excellent' | 'very_good' | 'good' | 'average' | 'poor' | null;
  can_retry_final?: boolean;
}

export interface CourseDetail extends CourseSummary {
  access: 'full' | 'outline';
  enrolled: boolean;
  progress: Progress | null;
  chapters: ChapterDto[];
  /** Request history, for the owner and supervisors (empty otherwise). */
  requests?: RequestDto[];
}

export interface MediaInput {
  kind: LessonMediaKind;
  title: string;
  media_id?: number;
  url?: string;
}

export interface LessonInput {
  id?: number;
  title: string;
  description: string;
  rule: string;
  letters: string[];
  words: string[];
  links: LinkDto[];
  media: MediaInput[];
  /** Contraction ids (`GET /api/braille/contractions`); grade 2 courses only. */
  contractions: string[];
}

export interface ChapterInput {
  id?: number;
  title: string;
  description: string;
  lessons: LessonInput[];
}

export interface CourseInput {
  title: string;
  type: string;
  duration_days: number;
  description: string;
  category: string;
  level: string;
  language: BrailleCode;
  braille_grade: BrailleGrade;
  image_media_id: number | null;
  chapters: ChapterInput[];
}

export interface RequestDto {
  id: number;
  course_id: number;
  course_title: string;
  instructor_name: string;
  kind: 'accreditation' | 'stop';
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  requested_at: string;
  decided_at: string | null;
  decided_by_name?: string | null;
  /** A revision request: the revision it asks to apply to the live course `course_id`. */
  revision_id?: number | null;
  /** A revision request: what it changes in the live course. */
  difference?: Difference | null;
}

export type DiffItem = 'course' | 'chapter' | 'lesson' | 'assessment' | 'question';
export type DiffChange = 'added' | 'removed' | 'changed';

export type FieldChange = Schema<'FieldChange'>;

export type Change = Schema<'Change'>;

export type Difference = Schema<'Difference'>;

export type EnrolledCourse = Schema<'EnrolledCourse'>;

/** One attempt at an assessment, as the instructor tracks it; its answers: /instructor/assessments/results/{id}. */
export type TrackedAttempt = Schema<'TrackedAttempt'>;

export type TrackedStudent = Schema<'TrackedStudent'>;

export type TrackedCourse = Schema<'TrackedCourse'>;

export type UploadKind = 'image' | 'audio' | 'video' | 'document';

export interface UploadedMedia {
  id: number;
  kind: UploadKind;
  name: string;
  size: number;
  content_type: string;
  url: string;
}

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
  apiFetch<{ courses: CourseSummary[] }>(`courses${query({ q: f.q, category: f.category, level: f.level, language: f.language })}`).then((r) => r.courses);

export async function getCourse(id: number | string): Promise<CourseDetail> {
  await ensureFreshSession();
  return apiFetch<CourseDetail>(`courses/${id}`);
}

export const createCourse = (input: CourseInput) => apiFetch<{ message: string; course: CourseDetail }>('courses', { method: 'POST', body: input });
export const updateCourse = (id: number, input: CourseInput) =>
  apiFetch<{ message: string; course: CourseDetail }>(`courses/${id}`, { method: 'PUT', body: input });
export const sendForAccreditation = (id: number) =>
  apiFetch<{ message: string; course: CourseDetail }>(`courses/${id}/accreditation`, { method: 'POST', body: {} });
/** Opens (or gets) the revision of an active course: a working copy students do not see. */
export const openRevision = (id: number) =>
  apiFetch<{ message: string; course: CourseDetail }>(`courses/${id}/revision`, { method: 'POST', body: {} });
/** Discards the revision of a live course (`id`: the live course). */
export const discardRevision = (id: number) => apiFetch<{ message: string }>(`courses/${id}/revision`, { method: 'DELETE' });
export const requestStop = (id: number) => apiFetch<{ message: string; course: CourseDetail }>(`courses/${id}/stop-request`, { method: 'POST', body: {} });

export const myCourses = () => apiFetch<{ courses: CourseSummary[] }>('instructor/courses').then((r) => r.courses);
export const trackStudents = () => apiFetch<{ courses: TrackedCourse[] }>('instructor/track-students').then((r) => r.courses);

export const requestQueue = (kind: 'accreditation' | 'stop') =>
  apiFetch<{ requests: RequestDto[] }>(`supervisor/requests?kind=${kind}`).then((r) => r.requests);
export const approveRequest = (id: number) => apiFetch<{ message: string; request: RequestDto }>(`requests/${id}/approve`, { method: 'POST', body: {} });
export const rejectRequest = (id: number, reason: string) =>
  apiFetch<{ message: string; request: RequestDto }>(`requests/${id}/reject`, { method: 'POST', body: { reason } });

export const enrol = (id: number) => apiFetch<{ message: string }>(`courses/${id}/enrol`, { method: 'POST', body: {} });
export const enrolledCourses = () => apiFetch<{ courses: EnrolledCourse[] }>('student/courses').then((r) => r.courses);
export const completeLesson = (id: number) => apiFetch<{ message: string; progress: Progress }>(`lessons/${id}/complete`, { method: 'POST', body: {} });

export function uploadMedia(kind: UploadKind, file: File): Promise<UploadedMedia> {
  const form = new FormData();
  form.append('file', file);
  return apiFetch<UploadedMedia>(`media?kind=${kind}`, { method: 'POST', form });
}

export interface TableEntry {
  print: string;
  kind: string;
  name: string;
  name_en: string;
  name_ar: string;
  cells: CellInfo[];
}

const tables = new Map<BrailleCode, Promise<TableEntry[]>>();

/** The code's reference table from the Braille engine (kept for the page's life). */
export function brailleTable(code: BrailleCode): Promise<TableEntry[]> {
  let p = tables.get(code);
  if (!p) {
    p = apiFetch<{ entries: TableEntry[] }>(`braille/table?lang=${code}`).then((r) => r.entries);
    p.catch(() => tables.delete(code));
    tables.set(code, p);
  }
  return p;
}
