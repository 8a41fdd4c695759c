import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentDto, CellDifference, LearnerStatus } from '../api/assessments';
import { assessmentsT } from '../i18n';
import { emptyForm, emptyQuestion, errorTarget, fromDto, move, toInput, validate, wholeNumber, type AssessmentForm } from './builder';
import { anchorLesson, assessmentsAt, differenceText, isAnswered, learnerAction, learnerState, type OutlineChapter } from './learning';
import { AnswerSaver, type SaveState } from './saver';

const filled = (): AssessmentForm => ({
  ...emptyForm('7'),
  type: 'lesson_exercise',
  lessonId: '11',
  title: ' Exercise ',
  passMark: '80',
  questions: [
    { ...emptyQuestion('braille_input'), points: '2', print: ' باب ' },
    { ...emptyQuestion('text_input'), print: 'بيت', ignoreCase: false },
    { ...emptyQuestion('similar_cells'), letter: 'ب', distractors: ['⠃⠘⠃⠃'] },
  ],
});

describe('builder', () => {
  it('reads whole numbers in both digit forms', () => {
    expect([wholeNumber('60'), wholeNumber('٦٠'), wholeNumber(' 5 '), wholeNumber('5.5'), wholeNumber(''), wholeNumber('-1')]).toEqual([60, 60, 5, null, null, null]);
  });

  it('names the problems with the server’s field names', () => {
    const form: AssessmentForm = {
      ...emptyForm(),
      passMark: '101',
      maxAttempts: '51',
      questions: [
        { ...emptyQuestion(), points: '0' },
        { ...emptyQuestion('similar_cells') },
        { ...emptyQuestion('text_input'), print: 'x'.repeat(201) },
      ],
    };
    const p = validate(form);
    expect(Object.keys(p)).toEqual([
      'course_id',
      'type',
      'title',
      'pass_mark',
      'max_attempts',
      'questions[0].points',
      'questions[0].print',
      'questions[1].letter',
      'questions[1].distractors',
      'questions[2].print',
    ]);
    expect(p.pass_mark).toEqual({ code: 'number', min: 1, max: 100 });
    expect(p['questions[1].distractors'].code).toBe('chooseOne');
    expect(p['questions[2].print'].code).toBe('tooLong');
    expect(validate({ ...emptyForm('1'), type: 'chapter_assessment', title: 't' }).chapter_id).toEqual({ code: 'required' });
    expect(validate({ ...emptyForm('1'), type: 'final_assessment', title: 't', questions: [] }).questions).toEqual({ code: 'required' });
    expect(validate(filled())).toEqual({});
  });

  it('builds the API body: each question with the fields of its type', () => {
    const input = toInput(filled());
    expect(input).toMatchObject({ course_id: 7, type: 'lesson_exercise', lesson_id: 11, chapter_id: null, title: 'Exercise', pass_mark: 80, max_attempts: null });
    expect(input.questions![0]).toEqual({ type: 'braille_input', points: 2, prompt: '', print: 'باب' });
    expect(input.questions![1]).toEqual({
      type: 'text_input',
      points: 1,
      prompt: '',
      print: 'بيت',
      allow_letter_variants: true,
      allow_without_tashkeel: true,
      ignore_case: false,
    });
    expect(input.questions![2]).toEqual({ type: 'similar_cells', points: 1, prompt: '', letter: 'ب', distractors: ['⠃⠘⠃⠃'] });
    // A lesson picked before switching to the final is not sent.
    expect(toInput({ ...filled(), type: 'final_assessment', maxAttempts: '0' })).toMatchObject({ lesson_id: null, chapter_id: null, max_attempts: 0 });
  });

  it('reads a stored assessment back into the form, keeping question ids', () => {
    const dto = {
      id: 5,
      course_id: 7,
      course_title: 'c',
      type: 'chapter_assessment',
      lesson_id: null,
      lesson_title: null,
      chapter_id: 3,
      chapter_title: 'ch',
      title: 'Chapter test',
      pass_mark: 50,
      max_attempts: 0,
      questions_count: 2,
      total_points: 2,
      updated_at: '',
      questions: [
        { id: 41, type: 'braille_input', points: 1, prompt: 'p', print: 'ب', braille: [{ unicode: '⠃', dots: [1, 2] }] },
        { id: 42, type: 'similar_cells', points: 1, prompt: '', letter: 'ب', groups: [], correct_group: 0, distractors: ['⠃⠘⠃'] },
      ],
    } as AssessmentDto;
    const form = fromDto(dto);
    expect(form).toMatchObject({ courseId: '7', type: 'chapter_assessment', chapterId: '3', lessonId: '', passMark: '50', maxAttempts: '0' });
    expect(form.questions.map((q) => [q.id, q.type, q.print, q.size])).toEqual([
      [41, 'braille_input', 'ب', 4],
      [42, 'similar_cells', '', 3],
    ]);
    expect(toInput(form).questions![0]).toMatchObject({ id: 41 });
  });

  it('moves questions within bounds', () => {
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('puts a server field error on the nearest field the form has', () => {
    const has = new Set(['title', 'questions[0].distractors', 'questions[1]', 'questions[2].points']);
    const exists = (p: string) => has.has(p);
    expect(errorTarget('questions[2].points', exists)).toBe('questions[2].points');
    expect(errorTarget('questions[0].distractors[1]', exists)).toBe('questions[0].distractors');
    expect(errorTarget('questions[1].id', exists)).toBe('questions[1]');
    expect(errorTarget('course_id', exists)).toBeNull();
  });
});

const chapters: OutlineChapter[] = [
  { id: 1, title: 'One', lessons: [{ id: 10, title: 'a' }, { id: 11, title: 'b' }] },
  { id: 2, title: 'Empty', lessons: [] },
  { id: 3, title: 'Three', lessons: [{ id: 30, title: 'c' }] },
];

describe('learning page placement', () => {
  const a = (id: number, type: 'lesson_exercise' | 'chapter_assessment' | 'final_assessment', lesson: number | null, chapter: number | null) => ({
    id,
    type,
    lesson_id: lesson,
    chapter_id: chapter,
  });

  it('puts exercises with their lesson, chapter assessments after the chapter and the final at the end', () => {
    expect(anchorLesson(a(1, 'lesson_exercise', 10, 1), chapters)).toBe(10);
    expect(anchorLesson(a(2, 'chapter_assessment', null, 1), chapters)).toBe(11);
    expect(anchorLesson(a(3, 'chapter_assessment', null, 2), chapters)).toBe(11);
    expect(anchorLesson(a(4, 'final_assessment', null, null), chapters)).toBe(30);
    expect(anchorLesson(a(5, 'lesson_exercise', 999, 3), chapters)).toBe(30);
    expect(anchorLesson(a(6, 'final_assessment', null, null), [])).toBeNull();
  });

  it('lists a lesson’s exercises first, then the chapter assessment, then the final', () => {
    const list = [a(9, 'final_assessment', null, null), a(2, 'chapter_assessment', null, 3), a(1, 'lesson_exercise', 30, 3), a(3, 'lesson_exercise', 30, 3)];
    expect(assessmentsAt(list, chapters, 30).map((x) => x.id)).toEqual([1, 3, 2, 9]);
    expect(assessmentsAt(list, chapters, 10)).toEqual([]);
  });

  it('reads the learner’s standing', () => {
    const base: LearnerStatus = {
      passed: false,
      attempts_used: 0,
      attempts_left: null,
      open_attempt_id: null,
      best_percent: null,
      can_start: true,
      locked: null,
      read_only: false,
      attempts: [],
    };
    const submitted = { id: 1, assessment_id: 1, number: 1, started_at: '', submitted_at: 'x', score: 0, max_score: 1, percent: 0, passed: false, pass_mark: 50 };
    expect(learnerState(base)).toBe('not_started');
    expect(learnerState({ ...base, locked: { code: 'final_assessment_locked', message: 'm' } })).toBe('locked');
    expect(learnerState({ ...base, open_attempt_id: 4 })).toBe('open');
    expect(learnerState({ ...base, attempts: [submitted] })).toBe('failed');
    expect(learnerState({ ...base, attempts: [submitted], attempts_left: 0 })).toBe('no_attempts');
    expect(learnerState({ ...base, passed: true, read_only: true })).toBe('passed');
    expect(learnerState({ ...base, read_only: true })).toBe('read_only');
    expect(['not_started', 'open', 'failed', 'locked', 'passed'].map((s) => learnerAction(s as never))).toEqual(['start', 'resume', 'retry', null, 'view']);
  });

  it('counts an answer only when it says something', () => {
    expect(isAnswered('braille_input', { braille: '⠀⠀' })).toBe(false);
    expect(isAnswered('braille_input', { braille: '⠀⠃' })).toBe(true);
    expect(isAnswered('text_input', { text: '  ' })).toBe(false);
    expect(isAnswered('similar_cells', { choice: 0 })).toBe(true);
    expect(isAnswered('similar_cells', null)).toBe(false);
  });

  it('says in words which dots differ', () => {
    const w = assessmentsT('en');
    const d = (over: Partial<CellDifference>): CellDifference => ({
      position: 0,
      expected: { unicode: '⠃', dots: [1, 2] },
      given: { unicode: '⠉', dots: [1, 4] },
      correct: false,
      missing_dots: [2],
      extra_dots: [4],
      ...over,
    });
    expect(differenceText(d({}), w)).toBe('missing dot 2; extra dot 4');
    expect(differenceText(d({ missing_dots: [], extra_dots: [1, 3] }), w)).toBe('extra dots 1 3');
    expect(differenceText(d({ given: null }), w)).toBe('cell missing: your answer is shorter');
    expect(differenceText(d({ expected: null }), w)).toBe('extra cell: your answer is longer');
    expect(differenceText(d({ correct: true }), w)).toBe('Correct');
    expect(differenceText(d({}), assessmentsT('ar'))).toBe('تنقصها النقطة 2؛ فيها النقطة 4 زائدة');
  });
});

describe('AnswerSaver', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(fail = () => false) {
    const sent: Array<[number, string]> = [];
    const states: Array<[number, SaveState]> = [];
    let release: (() => void) | null = null;
    const saver = new AnswerSaver(
      (q, a) =>
        new Promise<void>((resolve, reject) => {
          sent.push([q, a.braille ?? a.text ?? String(a.choice)]);
          const done = () => (fail() ? reject(new Error('offline')) : resolve());
          release = done;
        }),
      (q, s) => states.push([q, s]),
      1000,
    );
    return { saver, sent, states, release: () => (release as (() => void) | null)?.() };
  }

  it('sends after a pause only the newest answer, one save at a time per question', async () => {
    vi.useFakeTimers();
    const { saver, sent, states, release } = setup();
    saver.change(1, { braille: '⠃' });
    saver.change(1, { braille: '⠃⠁' });
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([[1, '⠃⠁']]);
    // Typed while saving: waits for the running save, then goes.
    saver.change(1, { braille: '⠃⠁⠃' }, true);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      [1, '⠃⠁'],
      [1, '⠃⠁⠃'],
    ]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual([1, 'saved']);
    // The first save finished while a newer answer waited: it did not say "saved" then.
    expect(states.filter(([, s]) => s === 'saved')).toHaveLength(1);
  });

  it('keeps a failed answer and sends it again on flushAll', async () => {
    let failing = true;
    const { saver, sent, states, release } = setup(() => failing);
    saver.change(2, { choice: 1 }, true);
    await Promise.resolve();
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(states.at(-1)).toEqual([2, 'failed']);
    expect(saver.hasUnsaved()).toBe(true);
    failing = false;
    const all = saver.flushAll();
    await new Promise((r) => setTimeout(r, 0));
    release();
    expect(await all).toBe(true);
    expect(sent).toEqual([
      [2, '1'],
      [2, '1'],
    ]);
    expect(states.at(-1)).toEqual([2, 'saved']);
  });
});
