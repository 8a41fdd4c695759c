/**
 * Calls and shapes of the assessments API (src/routes/assessments.rs), plus the few course and
 * Braille-engine calls this feature needs (features do not import each other).
 */
import type { Code } from '@/components/braille/cells';
import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

export type AssessmentKind = Schema<'AssessmentKind'>;
export type QuestionKind = Schema<'QuestionKind'>;
export type ProgressState = Schema<'ProgressState'>;
export type GradeBand = Schema<'GradeBand'>;
export type Relation = Schema<'Relation'>;

export const ASSESSMENT_KINDS: AssessmentKind[] = ['lesson_exercise', 'chapter_assessment', 'final_assessment'];
export const QUESTION_KINDS: QuestionKind[] = ['braille_input', 'text_input', 'similar_cells'];

/** A cell without its meaning (which would give answers away). */
export type CellDto = Schema<'CellDto'>;

/** A learner's answer: exactly the field of the question's type. */
export type AnswerInput = Schema<'AnswerInput'>;

export type CellDifference = Schema<'CellDifferenceDto'>;

export type QuestionDto = Schema<'QuestionDto'>;

export type AttemptDto = Schema<'AttemptDto'>;

export type LockDto = Schema<'LockDto'>;

export type LearnerStatus = Schema<'LearnerStatus'>;

export type AssessmentSummary = Schema<'AssessmentSummary'>;

export type AssessmentDto = Schema<'AssessmentDto'>;

export type AssessmentRef = Schema<'AssessmentRef'>;

export type AttemptView = Schema<'AttemptView'>;

export type AttemptResult = Schema<'AttemptResult'>;

export type Progress = Schema<'Progress'>;

export type SubmitReply = Schema<'SubmitReply'>;

export type QuestionInput = Schema<'QuestionInput'>;

export type AssessmentInput = Schema<'AssessmentInput'>;

export type DistractorProposal = Schema<'DistractorProposal'>;

export type SimilarCellsReply = Schema<'SimilarCellsReply'>;

// ---- Instructors

/** The instructor's assessments; without a course, those of their revisions of live courses too (issue 23). */
export const listMine = (courseId?: number) =>
  apiFetch<Schema<'AssessmentList'>>(`instructor/assessments${courseId ? `?course_id=${courseId}` : '?revisions=true'}`).then((r) => r.assessments);
export const getAssessment = (id: number | string) => apiFetch<AssessmentDto>(`assessments/${id}`);
export const createAssessment = (input: AssessmentInput) =>
  apiFetch<Schema<'AssessmentReply'>>('instructor/assessments', { method: 'POST', body: input });
export const updateAssessment = (id: number, input: AssessmentInput) =>
  apiFetch<Schema<'AssessmentReply'>>(`assessments/${id}`, { method: 'PUT', body: input });
export const deleteAssessment = (id: number) => apiFetch<Schema<'MessageResponse'>>(`assessments/${id}`, { method: 'DELETE' });

export function similarCells(letter: string, lang: Code, size: number): Promise<SimilarCellsReply> {
  const q = new URLSearchParams({ letter, lang, size: String(size) });
  return apiFetch<SimilarCellsReply>(`assessments/similar-cells?${q.toString()}`);
}

// ---- Students

export const courseAssessments = (courseId: number | string) =>
  apiFetch<Schema<'AssessmentList'>>(`courses/${courseId}/assessments`).then((r) => r.assessments);
export const startAttempt = (assessmentId: number) => apiFetch<AttemptView>(`assessments/${assessmentId}/attempts`, { method: 'POST', body: {} });
export const getAttempt = (id: number) => apiFetch<AttemptView>(`attempts/${id}`);
export const saveAnswer = (attemptId: number, questionId: number, answer: AnswerInput) =>
  apiFetch<Schema<'AnswerSaved'>>(`attempts/${attemptId}/answers/${questionId}`, {
    method: 'PUT',
    body: answer,
  });
export const submitAttempt = (id: number) => apiFetch<SubmitReply>(`attempts/${id}/submit`, { method: 'POST', body: {} });
export const getResult = (id: number | string) => apiFetch<AttemptResult>(`attempts/${id}/result`);

// ---- Courses (the instructor's pickers; the student's progress)

/** A course as the pickers use it (`GET /api/instructor/courses`). */
export type CourseRef = Pick<Schema<'CourseSummary'>, 'id' | 'title' | 'language' | 'status' | 'revision_of'>;

/** A course's outline as this feature reads it (`GET /api/courses/{id}`). */
export type CourseOutline = CourseRef & Pick<Schema<'CourseDetail'>, 'braille_grade' | 'chapters' | 'progress' | 'enrolled'>;

/** The instructor's courses, then their revisions of live courses (whose assessments change only there). */
export const myCourses = () => apiFetch<{ courses: CourseRef[] }>('instructor/courses?revisions=true').then((r) => r.courses);
/**
 * `GET /api/courses/{id}` takes an expired token as no session (it does not answer 401): call it
 * right after an authenticated call, which refreshes the token when needed.
 */
export const courseOutline = (id: number | string) => apiFetch<CourseOutline>(`courses/${id}`);

// ---- The Braille engine

export type Translation = Schema<'TranslateResponse'>;

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
