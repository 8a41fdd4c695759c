/**
 * The assessment builder's pure logic: form state, reordering, the checks made in the page
 * before sending (the server checks again and names the same fields), the body sent to the API,
 * and where a server field error goes in the form.
 */
import type { AssessmentDto, AssessmentInput, AssessmentKind, QuestionInput, QuestionKind } from '../api/assessments';

export const MAX_QUESTIONS = 100;
export const MAX_POINTS = 100;
export const MAX_ATTEMPTS = 50;
export const MAX_PRINT_CHARS = 200;
export const MAX_PROMPT_CHARS = 500;
export const MAX_TITLE_CHARS = 200;
export const MAX_DISTRACTORS = 7;
export const GROUP_SIZES = [2, 3, 4, 5, 6, 7, 8];
export const DEFAULT_GROUP_SIZE = 4;

let seq = 0;
/** A key for React lists that survives reordering. */
export const newKey = (): string => `q${++seq}`;

export interface QuestionState {
  key: string;
  /** The stored question's id, sent back on edit (it keeps it). */
  id?: number;
  type: QuestionKind;
  points: string;
  prompt: string;
  /** braille_input: the print to write; text_input: the expected reading. */
  print: string;
  letterVariants: boolean;
  withoutTashkeel: boolean;
  ignoreCase: boolean;
  /** similar_cells */
  letter: string;
  size: number;
  /** Chosen distractor groups, as Unicode Braille. */
  distractors: string[];
}

export interface AssessmentForm {
  courseId: string;
  type: AssessmentKind | '';
  lessonId: string;
  chapterId: string;
  title: string;
  passMark: string;
  /** Empty: the server's default. */
  maxAttempts: string;
  questions: QuestionState[];
}

export function emptyQuestion(type: QuestionKind = 'braille_input'): QuestionState {
  return {
    key: newKey(),
    type,
    points: '1',
    prompt: '',
    print: '',
    letterVariants: true,
    withoutTashkeel: true,
    ignoreCase: true,
    letter: '',
    size: DEFAULT_GROUP_SIZE,
    distractors: [],
  };
}

export function emptyForm(courseId = ''): AssessmentForm {
  return { courseId, type: '', lessonId: '', chapterId: '', title: '', passMark: '60', maxAttempts: '', questions: [emptyQuestion()] };
}

/** The form of a stored assessment (its owner's view, with the right answers). */
export function fromDto(a: AssessmentDto): AssessmentForm {
  return {
    courseId: String(a.course_id),
    type: a.type,
    lessonId: a.type === 'lesson_exercise' && a.lesson_id ? String(a.lesson_id) : '',
    chapterId: a.type === 'chapter_assessment' && a.chapter_id ? String(a.chapter_id) : '',
    title: a.title,
    passMark: String(a.pass_mark),
    maxAttempts: String(a.max_attempts),
    questions: a.questions.map((q) => {
      const distractors = q.distractors ?? [];
      const size = distractors.length ? Array.from(distractors[0]).length : q.groups?.[0]?.length ?? DEFAULT_GROUP_SIZE;
      return {
        ...emptyQuestion(q.type),
        id: q.id,
        points: String(q.points),
        prompt: q.prompt ?? '',
        print: q.print ?? '',
        letterVariants: q.allow_letter_variants ?? true,
        withoutTashkeel: q.allow_without_tashkeel ?? true,
        ignoreCase: q.ignore_case ?? true,
        letter: q.letter ?? '',
        size,
        distractors,
      };
    }),
  };
}

/** The list with the item at `index` moved by `delta` places; the same list when it cannot move. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(to, 0, item);
  return out;
}

export type ProblemCode = 'required' | 'number' | 'tooLong' | 'chooseOne' | 'tooMany';

export interface Problem {
  code: ProblemCode;
  /** For `number`: the allowed range. */
  min?: number;
  max?: number;
}

/** A whole number written with Western or Arabic-Indic digits, or null. */
export function wholeNumber(raw: string): number | null {
  const t = raw.trim().replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  return /^\d{1,6}$/.test(t) ? Number(t) : null;
}

const inRange = (raw: string, min: number, max: number) => {
  const n = wholeNumber(raw);
  return n !== null && n >= min && n <= max;
};

const chars = (s: string) => Array.from(s.trim()).length;

/**
 * The checks made before sending, keyed by the server's field names (`title`,
 * `questions[2].points`…), in the order of the form.
 */
export function validate(form: AssessmentForm): Record<string, Problem> {
  const p: Record<string, Problem> = {};
  if (!form.courseId) p.course_id = { code: 'required' };
  if (!form.type) p.type = { code: 'required' };
  if (form.type === 'lesson_exercise' && !form.lessonId) p.lesson_id = { code: 'required' };
  if (form.type === 'chapter_assessment' && !form.chapterId) p.chapter_id = { code: 'required' };
  if (!form.title.trim()) p.title = { code: 'required' };
  else if (chars(form.title) > MAX_TITLE_CHARS) p.title = { code: 'tooLong' };
  if (!inRange(form.passMark, 1, 100)) p.pass_mark = { code: 'number', min: 1, max: 100 };
  if (form.maxAttempts.trim() && !inRange(form.maxAttempts, 0, MAX_ATTEMPTS)) p.max_attempts = { code: 'number', min: 0, max: MAX_ATTEMPTS };
  if (form.questions.length === 0) p.questions = { code: 'required' };
  if (form.questions.length > MAX_QUESTIONS) p.questions = { code: 'tooMany', max: MAX_QUESTIONS };
  form.questions.forEach((q, i) => {
    const at = `questions[${i}]`;
    if (!inRange(q.points, 1, MAX_POINTS)) p[`${at}.points`] = { code: 'number', min: 1, max: MAX_POINTS };
    if (chars(q.prompt) > MAX_PROMPT_CHARS) p[`${at}.prompt`] = { code: 'tooLong' };
    if (q.type === 'similar_cells') {
      if (!q.letter.trim()) p[`${at}.letter`] = { code: 'required' };
      if (q.distractors.length === 0) p[`${at}.distractors`] = { code: 'chooseOne' };
      else if (q.distractors.length > MAX_DISTRACTORS) p[`${at}.distractors`] = { code: 'tooMany', max: MAX_DISTRACTORS };
    } else if (!q.print.trim()) p[`${at}.print`] = { code: 'required' };
    else if (chars(q.print) > MAX_PRINT_CHARS) p[`${at}.print`] = { code: 'tooLong' };
  });
  return p;
}

export function toQuestionInput(q: QuestionState): QuestionInput {
  const base = { ...(q.id !== undefined ? { id: q.id } : {}), type: q.type, points: wholeNumber(q.points) ?? 0, prompt: q.prompt.trim() };
  switch (q.type) {
    case 'braille_input':
      return { ...base, print: q.print.trim() };
    case 'text_input':
      return {
        ...base,
        print: q.print.trim(),
        allow_letter_variants: q.letterVariants,
        allow_without_tashkeel: q.withoutTashkeel,
        ignore_case: q.ignoreCase,
      };
    case 'similar_cells':
      return { ...base, letter: q.letter.trim(), distractors: q.distractors };
  }
}

/** The body of `POST /api/instructor/assessments` and `PUT /api/assessments/{id}`. */
export function toInput(form: AssessmentForm): AssessmentInput {
  const max = form.maxAttempts.trim() ? wholeNumber(form.maxAttempts) : null;
  return {
    course_id: Number(form.courseId),
    type: form.type as AssessmentKind,
    lesson_id: form.type === 'lesson_exercise' && form.lessonId ? Number(form.lessonId) : null,
    chapter_id: form.type === 'chapter_assessment' && form.chapterId ? Number(form.chapterId) : null,
    title: form.title.trim(),
    pass_mark: wholeNumber(form.passMark) ?? 0,
    max_attempts: max,
    questions: form.questions.map(toQuestionInput),
  };
}

/**
 * Where a server field error goes: the field itself when the form has it, otherwise the nearest
 * enclosing one (`questions[0].distractors[1]` → `questions[0].distractors`, `questions[1].id`
 * → `questions[1]`), or null when nothing in the form matches.
 */
export function errorTarget(field: string, exists: (path: string) => boolean): string | null {
  let path = field;
  for (;;) {
    if (exists(path)) return path;
    const shorter = path.replace(/(\[\d+\]|\.[A-Za-z_]+)$/, '');
    if (shorter === path || !shorter) return null;
    path = shorter;
  }
}

/** Switching a question's type keeps what the types share (points, instruction, print). */
export function changeType(q: QuestionState, type: QuestionKind): QuestionState {
  return { ...q, type };
}
