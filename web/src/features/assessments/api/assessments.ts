/**
 * Calls and shapes of the assessments API (src/routes/assessments.rs), plus the few course and
 * Braille-engine calls this feature needs (features do not import each other).
 */
import type { CellInfo, Code } from '@/components/braille/cells';
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type AssessmentKind = Schema<'AssessmentKind'>;
export type QuestionKind = 'braille_input' | 'text_input' | 'similar_cells';
export type ProgressState = Schema<'ProgressState'>;
export type GradeBand = Schema<'GradeBand'>;
export type Relation = Schema<'Relation'>;

export const ASSESSMENT_KINDS: AssessmentKind[] = ['lesson_exercise', 'chapter_assessment', 'final_assessment'];
export const QUESTION_KINDS: QuestionKind[] = ['braille_input', 'text_input', 'similar_cells'];

/** A cell without its meaning (which would give answers away). */
export type CellDto = Schema<'CellDto'>;

/** A learner's answer: exactly the field of the question's type. */
export type AnswerInput = Schema<'AnswerInput'>;

export interface CellDifference {
  /** 0-based, after blank cells at both ends are set aside. */
  position: number;
  expected: CellDto | null;
  given: CellDto | null;
  correct: boolean;
  missing_dots: number[];
  extra_dots: number[];
}

export interface QuestionDto {
  id: number;
  type: QuestionKind;
  points: number;
  prompt: string;
  print?: string;
  braille?: CellDto[];
  allow_letter_variants?: boolean;
  allow_without_tashkeel?: boolean;
  ignore_case?: boolean;
  letter?: string;
  groups?: CellDto[][];
  correct_group?: number;
  distractors?: string[];
  answer?: AnswerInput | null;
  saved_at?: string | null;
  correct?: boolean;
  points_awarded?: number;
  cell_differences?: CellDifference[];
}

export type AttemptDto = Schema<'AttemptDto'>;

export type LockDto = Schema<'LockDto'>;

export type LearnerStatus = Schema<'LearnerStatus'>;

export interface AssessmentSummary {
  id: number;
  course_id: number;
  course_title: string;
  /** Its course is a revision of this live course (issue 23). */
  course_revision_of?: number;
  type: AssessmentKind;
  lesson_id: number | null;
  lesson_title: string | null;
  chapter_id: number | null;
  chapter_title: string | null;
  title: string;
  pass_mark: number;
  /** 0 = unlimited. */
  max_attempts: number;
  questions_count: number;
  total_points: number;
  updated_at: string;
  attempts_count?: number;
  learner?: LearnerStatus;
}

export interface AssessmentDto extends AssessmentSummary {
  questions: QuestionDto[];
}

export type AssessmentRef = Schema<'AssessmentRef'>;

export interface AttemptView {
  attempt: AttemptDto;
  assessment: AssessmentRef;
  read_only: boolean;
  questions: QuestionDto[];
}

export interface AttemptResult {
  attempt: AttemptDto;
  assessment: AssessmentRef;
  student: { id: number; name: string };
  grade: GradeBand | null;
  questions: QuestionDto[];
}

export type Progress = Schema<'Progress'>;

export type SubmitReply = Schema<'SubmitReply'>;

export interface QuestionInput {
  id?: number;
  type: QuestionKind;
  points: number;
  prompt: string;
  print?: string;
  allow_letter_variants?: boolean;
  allow_without_tashkeel?: boolean;
  ignore_case?: boolean;
  letter?: string;
  distractors?: string[];
}

export interface AssessmentInput {
  course_id: number;
  type: AssessmentKind;
  lesson_id: number | null;
  chapter_id: number | null;
  title: string;
  pass_mark: number;
  /** Null: the server's default (unlimited; 3 for the final). */
  max_attempts: number | null;
  questions: QuestionInput[];
}

export type DistractorProposal = Schema<'DistractorProposal'>;

export type SimilarCellsReply = Schema<'SimilarCellsReply'>;

// ---- Instructors

/** The instructor's assessments; without a course, those of their revisions of live courses too (issue 23). */
export const listMine = (courseId?: number) =>
  apiFetch<{ assessments: AssessmentSummary[] }>(`instructor/assessments${courseId ? `?course_id=${courseId}` : '?revisions=true'}`).then((r) => r.assessments);
export const getAssessment = (id: number | string) => apiFetch<AssessmentDto>(`assessments/${id}`);
export const createAssessment = (input: AssessmentInput) =>
  apiFetch<{ message: string; assessment: AssessmentDto }>('instructor/assessments', { method: 'POST', body: input });
export const updateAssessment = (id: number, input: AssessmentInput) =>
  apiFetch<{ message: string; assessment: AssessmentDto }>(`assessments/${id}`, { method: 'PUT', body: input });
export const deleteAssessment = (id: number) => apiFetch<{ message: string }>(`assessments/${id}`, { method: 'DELETE' });

export function similarCells(letter: string, lang: Code, size: number): Promise<SimilarCellsReply> {
  const q = new URLSearchParams({ letter, lang, size: String(size) });
  return apiFetch<SimilarCellsReply>(`assessments/similar-cells?${q.toString()}`);
}

// ---- Students

export const courseAssessments = (courseId: number | string) =>
  apiFetch<{ assessments: AssessmentSummary[] }>(`courses/${courseId}/assessments`).then((r) => r.assessments);
export const startAttempt = (assessmentId: number) => apiFetch<AttemptView>(`assessments/${assessmentId}/attempts`, { method: 'POST', body: {} });
export const getAttempt = (id: number) => apiFetch<AttemptView>(`attempts/${id}`);
export const saveAnswer = (attemptId: number, questionId: number, answer: AnswerInput) =>
  apiFetch<{ message: string; question_id: number; answer: AnswerInput; saved_at: string }>(`attempts/${attemptId}/answers/${questionId}`, {
    method: 'PUT',
    body: answer,
  });
export const submitAttempt = (id: number) => apiFetch<SubmitReply>(`attempts/${id}/submit`, { method: 'POST', body: {} });
export const getResult = (id: number | string) => apiFetch<AttemptResult>(`attempts/${id}/result`);

// ---- Courses (the instructor's pickers; the student's progress)

export interface CourseRef {
  id: number;
  title: string;
  language: Code;
  status: string;
  /** A revision (issue 23): the live course it is the working copy of. */
  revision_of?: number;
}

export interface CourseOutline extends CourseRef {
  /** 1: uncontracted; 2: contracted (absent from older servers: 1). */
  braille_grade?: 1 | 2;
  chapters: Array<{ id: number; title: string; lessons: Array<{ id: number; title: string; contractions?: Array<{ id: string }> }> }>;
  progress?: Progress | null;
  enrolled?: boolean;
}

/** The instructor's courses, then their revisions of live courses (whose assessments change only there). */
export const myCourses = () => apiFetch<{ courses: CourseRef[] }>('instructor/courses?revisions=true').then((r) => r.courses);
/**
 * `GET /api/courses/{id}` takes an expired token as no session (it does not answer 401): call it
 * right after an authenticated call, which refreshes the token when needed.
 */
export const courseOutline = (id: number | string) => apiFetch<CourseOutline>(`courses/${id}`);

// ---- The Braille engine

export interface Translation {
  lang: Code;
  braille: string;
  text: string;
  cells: CellInfo[];
  unknown: Array<{ index: number; char: string }>;
}

/**
 * How a course writes Braille: its grade and, on a contracted course whose lessons list the
 * contractions they teach, only those (as the server builds and grades its questions).
 */
export interface Writing {
  grade: 1 | 2;
  /** Contraction ids; absent: every contraction of grade 2. */
  contractions?: string[];
}

export const UNCONTRACTED: Writing = { grade: 1 };

/** The writing of a course from its outline: the union of what its lessons teach. */
export function writingOf(outline: CourseOutline | null | undefined): Writing {
  if (outline?.braille_grade !== 2) return UNCONTRACTED;
  const ids = new Set(outline.chapters.flatMap((c) => c.lessons.flatMap((l) => (l.contractions ?? []).map((x) => x.id))));
  return ids.size ? { grade: 2, contractions: [...ids].sort() } : { grade: 2 };
}

const writingBody = (w: Writing) => (w.grade === 2 ? { grade: 2, ...(w.contractions ? { contractions: w.contractions } : {}) } : {});

export const toBraille = (text: string, lang: Code, writing: Writing = UNCONTRACTED) =>
  apiFetch<Translation>('braille/translate', { method: 'POST', body: { text, lang, direction: 'to_braille', ...writingBody(writing) } });
export const toText = (braille: string, lang: Code, writing: Writing = UNCONTRACTED) =>
  apiFetch<Translation>('braille/translate', { method: 'POST', body: { text: braille, lang, direction: 'to_text', ...writingBody(writing) } });
