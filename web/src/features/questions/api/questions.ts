import { apiFetch } from '@/lib/api-client';
import type { Schema } from '@/lib/api-types';

/** A student's question as the API gives it (src/routes/questions.rs). */
export type Question = Schema<'StudentQuestion'>;

export type QuestionReply = Schema<'QuestionReply'>;

/** A student's own questions, or an instructor's students' questions; newest first. */
export async function listQuestions(): Promise<Question[]> {
  const r = await apiFetch<Schema<'QuestionList'>>('questions');
  return r.questions ?? [];
}

export const askQuestion = (body: Schema<'NewQuestion'>) =>
  apiFetch<QuestionReply>('questions', { method: 'POST', body });

export const answerQuestion = (id: number, text: string) => apiFetch<QuestionReply>(`questions/${id}/answer`, { method: 'POST', body: { text } });

export interface EnrolledCourse {
  id: number;
  title: string;
}

/** The student's enrolled courses (to choose which instructor to ask). */
export async function enrolledCourses(): Promise<EnrolledCourse[]> {
  const r = await apiFetch<{ courses: Array<{ course: { id: number; title: string } }> }>('student/courses');
  return (r.courses ?? []).map((c) => ({ id: c.course.id, title: c.course.title }));
}

export interface LessonRef {
  id: number;
  title: string;
  chapter: string;
}

/** A course's lessons in order, with their chapter's title. */
export async function courseLessons(courseId: number): Promise<LessonRef[]> {
  const r = await apiFetch<{ chapters?: Array<{ title: string; lessons?: Array<{ id: number; title: string }> }> }>(`courses/${courseId}`);
  return (r.chapters ?? []).flatMap((ch) => (ch.lessons ?? []).map((l) => ({ id: l.id, title: l.title, chapter: ch.title })));
}

/** Puts a question into a list by id (new ones first, newest first), replacing an older copy. */
export function upsertQuestion(list: Question[], q: Question): Question[] {
  const rest = list.filter((x) => x.id !== q.id);
  return [q, ...rest].sort((a, b) => b.id - a.id);
}

/** A question from an event payload, when it has the shape the API gives. */
export function questionFromPayload(payload: Record<string, unknown>): Question | null {
  const q = payload.question as Partial<Question> | undefined;
  if (!q || typeof q !== 'object' || typeof q.id !== 'number' || typeof q.text !== 'string') return null;
  return q as Question;
}
