/**
 * The learner's side, free of React: where each assessment appears on the learning page, what
 * state it is in for the student, whether a question is answered, and how a Braille answer's
 * cell differs from the right one, in words.
 */
import type { AssessmentsT } from '../i18n';
import type { AnswerInput, AssessmentSummary, CellDifference, LearnerStatus, QuestionKind } from '../api/assessments';

export interface OutlineLesson {
  id: number;
  title: string;
}

export interface OutlineChapter {
  id: number;
  title: string;
  lessons: OutlineLesson[];
}

/**
 * The lesson after which an assessment is shown: a lesson exercise with its lesson, a chapter
 * assessment after the chapter's last lesson (a chapter without lessons: after the last lesson
 * before it, or the course's first), the final after the course's last lesson.
 */
export function anchorLesson(a: Pick<AssessmentSummary, 'type' | 'lesson_id' | 'chapter_id'>, chapters: OutlineChapter[]): number | null {
  const all = chapters.flatMap((c) => c.lessons);
  if (all.length === 0) return null;
  if (a.type === 'lesson_exercise' && a.lesson_id !== null && all.some((l) => l.id === a.lesson_id)) return a.lesson_id;
  if (a.type === 'final_assessment') return all[all.length - 1].id;
  const ci = chapters.findIndex((c) => c.id === a.chapter_id);
  if (ci < 0) return all[all.length - 1].id;
  for (let i = ci; i >= 0; i--) {
    const lessons = chapters[i].lessons;
    if (lessons.length) return lessons[lessons.length - 1].id;
  }
  return all[0].id;
}

const ORDER: Record<AssessmentSummary['type'], number> = { lesson_exercise: 0, chapter_assessment: 1, final_assessment: 2 };

/** The assessments shown with `lessonId`: its exercises, then chapter assessments, then the final. */
export function assessmentsAt<T extends Pick<AssessmentSummary, 'type' | 'lesson_id' | 'chapter_id'>>(
  assessments: T[],
  chapters: OutlineChapter[],
  lessonId: number,
): T[] {
  return assessments
    .map((a, i) => ({ a, i }))
    .filter(({ a }) => anchorLesson(a, chapters) === lessonId)
    .sort((x, y) => ORDER[x.a.type] - ORDER[y.a.type] || x.i - y.i)
    .map(({ a }) => a);
}

export type LearnerState = 'read_only' | 'passed' | 'open' | 'locked' | 'no_attempts' | 'failed' | 'not_started';

export function learnerState(s: LearnerStatus): LearnerState {
  if (s.passed) return 'passed';
  if (s.read_only) return 'read_only';
  if (s.open_attempt_id !== null) return 'open';
  if (s.locked) return 'locked';
  if (s.attempts_left === 0) return 'no_attempts';
  if (s.attempts.some((t) => t.submitted_at !== null)) return 'failed';
  return 'not_started';
}

/** What the assessment's link on the learning page does. */
export type LearnerAction = 'start' | 'resume' | 'retry' | 'view' | null;

export function learnerAction(state: LearnerState): LearnerAction {
  switch (state) {
    case 'not_started':
      return 'start';
    case 'open':
      return 'resume';
    case 'failed':
      return 'retry';
    case 'locked':
      return null;
    default:
      return 'view';
  }
}

/** Whether a saved or typed answer counts as answered (a blank Braille answer does not). */
export function isAnswered(type: QuestionKind, answer: AnswerInput | null | undefined): boolean {
  if (!answer) return false;
  switch (type) {
    case 'braille_input':
      return !!answer.braille && /[\u2801-\u283f]/.test(answer.braille);
    case 'text_input':
      return !!answer.text && answer.text.trim().length > 0;
    case 'similar_cells':
      return typeof answer.choice === 'number' && answer.choice >= 0;
  }
}

/** One cell's difference in words (never by colour alone): "missing dot 2; extra dot 4". */
export function differenceText(d: CellDifference, t: AssessmentsT): string {
  if (d.correct) return t('result.same');
  if (!d.given) return t('result.cellMissing');
  if (!d.expected) return t('result.cellExtra');
  const parts: string[] = [];
  if (d.missing_dots.length) parts.push(t('result.missing', { count: d.missing_dots.length, dots: d.missing_dots.join(' ') }));
  if (d.extra_dots.length) parts.push(t('result.extra', { count: d.extra_dots.length, dots: d.extra_dots.join(' ') }));
  return parts.join(t('result.sep')) || t('result.same');
}
