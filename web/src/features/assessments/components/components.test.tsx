import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { fakeFetch, json, type Recorded } from '@/test/server';
import { __clearTableCache } from '@/components/braille/table';
import { EN_TABLE } from '@/components/braille/test-fixtures';
import { applyLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import type { AssessmentSummary, AttemptView, QuestionDto } from '../api/assessments';
import { emptyForm } from '../lib/builder';
import { AssessmentBuilder } from './AssessmentBuilder';
import { AttemptForm } from './AttemptForm';
import { CourseAssessments } from './CourseAssessments';
import { ResultQuestion } from './ResultQuestion';

let calls: Recorded[];

const OUTLINE = {
  id: 7,
  title: 'Letters',
  language: 'en',
  status: 'active',
  chapters: [{ id: 1, title: 'First', lessons: [{ id: 10, title: 'a and b' }] }],
};

function server(handler: (c: Recorded) => Response | undefined) {
  calls = fakeFetch((c) => {
    const { url } = c;
    if (url.startsWith('/api/braille/table')) return json(200, EN_TABLE);
    if (url === '/api/courses/7' && c.method === 'GET') return json(200, OUTLINE);
    if (url === '/api/braille/translate') {
      const text = (c.body as { text: string }).text;
      const cells = Array.from(text).map((ch) => (ch === 'b' ? { unicode: '⠃', dots: [1, 2], meaning: 'b' } : { unicode: '⠁', dots: [1], meaning: 'a' }));
      return json(200, { lang: 'en', braille: cells.map((x) => x.unicode).join(''), text, cells, unknown: [] });
    }
    return handler(c) ?? json(404, { code: 'not_found', message: 'Not found' });
  });
}

/** Renders `element` at `/` inside a memory router (with a result route to land on). */
function show(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element },
      { path: '/student/courses/answers/:id', element: <p>result page</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  __clearTableCache();
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => applyLanguage('ar'));
});

describe('AssessmentBuilder', () => {
  const courses = [{ id: 7, title: 'Letters', language: 'en' as const, status: 'active' as const }];

  it('checks the form in the page first, focusing the first field in error', async () => {
    const user = userEvent.setup();
    server(() => undefined);
    show(<AssessmentBuilder initial={{ ...emptyForm('7'), passMark: '' }} courses={courses} onSaved={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Create the assessment' }));
    await screen.findByText('Please correct the highlighted fields.');
    await waitFor(() => expect(document.activeElement?.id).toBe('ab-type'));
    expect(document.getElementById('ab-pass_mark')?.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a whole number from 1 to 100')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.includes('assessments'))).toBe(false);
  });

  it('puts the server’s field error on its field, in the page’s words, under "Something went wrong"', async () => {
    const user = userEvent.setup();
    server((c) => (c.method === 'POST' ? json(400, { code: 'field_invalid', message: 'The field “questions[0].print” has an invalid value', field: 'questions[0].print' }) : undefined));
    show(<AssessmentBuilder initial={{ ...emptyForm('7'), type: 'final_assessment', title: 'Final' }} courses={courses} onSaved={() => undefined} />);
    await user.type(document.getElementById('ab-questions[0].print')!, 'ab');
    // The engine's cells for review, named by dots and letter.
    await screen.findByRole('img', { name: 'dots 1 2, letter b' });
    await user.click(screen.getByRole('button', { name: 'Create the assessment' }));
    await screen.findByText('Something went wrong');
    const print = document.getElementById('ab-questions[0].print')!;
    await waitFor(() => expect(document.activeElement).toBe(print));
    expect(print.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('ab-questions[0].print-error')?.textContent).toContain('cannot write this text');
    const sent = calls.find((c) => c.method === 'POST' && c.url === '/api/instructor/assessments')!.body as { questions: unknown[] };
    expect(sent.questions[0]).toEqual({ type: 'braille_input', points: 1, prompt: '', print: 'ab' });
    // Changing the field clears its error.
    await user.clear(print);
    await user.type(print, 'ba');
    expect(print.getAttribute('aria-invalid')).toBeNull();
  });

  it('says the server’s reason under "Something went wrong" when no field is named', async () => {
    const user = userEvent.setup();
    server((c) => (c.method === 'POST' ? json(409, { code: 'final_assessment_exists', message: 'This course already has a final assessment.' }) : undefined));
    show(<AssessmentBuilder initial={{ ...emptyForm('7'), type: 'final_assessment', title: 'Final', questions: [{ ...emptyForm().questions[0], print: 'a' }] }} courses={courses} onSaved={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Create the assessment' }));
    const alert = await screen.findByText('This course already has a final assessment.');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Something went wrong');
  });

  it('adds, moves and removes questions by keyboard-reachable buttons, announcing each change', async () => {
    const user = userEvent.setup();
    server(() => undefined);
    show(<AssessmentBuilder initial={emptyForm('7')} courses={courses} onSaved={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await screen.findByText('Question 2 added.');
    await waitFor(() => expect(document.activeElement?.id).toBe('ab-questions[1].type'));
    await user.selectOptions(document.getElementById('ab-questions[1].type')!, 'text_input');
    await user.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    await screen.findByText('Question moved to position 1 of 2.');
    expect((document.getElementById('ab-questions[0].type') as HTMLSelectElement).value).toBe('text_input');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Move question 1 down'));
    expect(screen.getByRole('group', { name: 'What the answer check forgives' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove question 1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Question 1 removed.');
    expect((document.getElementById('ab-questions[0].type') as HTMLSelectElement).value).toBe('braille_input');
  });

  it('offers the engine’s distractor groups for a similar-cells question and sends the chosen ones', async () => {
    const user = userEvent.setup();
    server((c) => {
      if (c.url.startsWith('/api/assessments/similar-cells')) {
        expect(c.url).toContain('letter=b&lang=en&size=4');
        const cell = (dots: number[], unicode: string) => ({ unicode, dots, meaning: null });
        return json(200, {
          letter: 'b',
          lang: 'en',
          cell: cell([1, 2], '⠃'),
          correct_group: '⠃⠃⠃⠃',
          proposals: [
            { cell: cell([4, 5], '⠘'), relation: 'mirrored', group: '⠃⠘⠃⠃', group_cells: [] },
            { cell: cell([2, 3], '⠆'), relation: 'flipped', group: '⠃⠃⠆⠃', group_cells: [] },
          ],
        });
      }
      if (c.method === 'POST') return json(201, { message: 'Assessment created', assessment: { id: 3 } });
      return undefined;
    });
    const saved = vi.fn();
    show(<AssessmentBuilder initial={{ ...emptyForm('7'), type: 'final_assessment', title: 'Final' }} courses={courses} onSaved={saved} />);
    await user.selectOptions(document.getElementById('ab-questions[0].type')!, 'similar_cells');
    await waitFor(() => expect(document.querySelector('[id="ab-questions[0].letter"] option[value="b"]')).toBeTruthy());
    await user.selectOptions(document.getElementById('ab-questions[0].letter')!, 'b');
    const mirrored = await screen.findByRole('checkbox', { name: /Group 1, mirrored left to right/ });
    await user.click(mirrored);
    await screen.findByText('1 group chosen.');
    await user.click(screen.getByRole('button', { name: 'Create the assessment' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const body = calls.find((c) => c.method === 'POST' && c.url === '/api/instructor/assessments')!.body as { questions: unknown[] };
    expect(body.questions[0]).toEqual({ type: 'similar_cells', points: 1, prompt: '', letter: 'b', distractors: ['⠃⠘⠃⠃'] });
  });
});

const q = (over: Partial<QuestionDto>): QuestionDto => ({ id: 1, type: 'braille_input', points: 1, prompt: '', ...over });

const VIEW: AttemptView = {
  attempt: { id: 50, assessment_id: 3, number: 1, started_at: '', submitted_at: null, score: null, max_score: 3, percent: null, passed: null, pass_mark: 60 },
  assessment: { id: 3, title: 'Exercise', type: 'lesson_exercise', course_id: 7, course_title: 'Letters' },
  read_only: false,
  questions: [
    q({ id: 1, type: 'braille_input', print: 'ab', answer: { braille: '⠁' }, saved_at: '2026-01-01T00:00:00Z' }),
    q({ id: 2, type: 'text_input', braille: [{ unicode: '⠃', dots: [1, 2] }], answer: null, saved_at: null }),
    q({
      id: 3,
      type: 'similar_cells',
      letter: 'b',
      groups: [
        [
          { unicode: '⠃', dots: [1, 2] },
          { unicode: '⠘', dots: [4, 5] },
        ],
        [
          { unicode: '⠃', dots: [1, 2] },
          { unicode: '⠃', dots: [1, 2] },
        ],
      ],
      answer: null,
      saved_at: null,
    }),
  ],
};

describe('AttemptForm', () => {
  it('shows saved answers, saves a choice at once and text on leaving the field, then submits once confirmed', async () => {
    const user = userEvent.setup();
    server((c) => {
      if (c.method === 'PUT') return json(200, { message: 'Answer saved', question_id: 0, answer: c.body, saved_at: '' });
      if (c.url === '/api/attempts/50/submit') return json(200, { message: 'Assessment submitted', result: {}, progress: { state: 'in_progress', lessons_done: 0, lessons_total: 1 } });
      return undefined;
    });
    const said: string[] = [];
    const router = show(<AttemptForm view={VIEW} code="en" announce={(m) => said.push(m)} />);
    expect((screen.getByLabelText('Your answer in Braille, question 1') as HTMLInputElement).value).toBe('⠁');
    expect(screen.getByText('Answered: 1 of 3')).toBeTruthy();
    // The cells to read: drawn (named by dots only) and as Unicode Braille text.
    expect(screen.getByRole('img', { name: 'dots 1 2' })).toBeTruthy();
    expect(screen.getAllByText('⠃').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('radio', { name: 'Group 2: dots 1 2, then dots 1 2' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/attempts/50/answers/3')).toBe(true));
    expect(calls.find((c) => c.url === '/api/attempts/50/answers/3')!.body).toEqual({ choice: 1 });
    await waitFor(() => expect(said).toContain('Answer to question 3 saved.'));

    const text = screen.getByLabelText('Your reading in print, question 2');
    await user.type(text, 'b');
    expect(document.getElementById('q-2-state')?.textContent).toContain('Not saved yet');
    await user.tab();
    await waitFor(() => expect(document.getElementById('q-2-state')?.textContent).toContain('Saved'));
    expect(calls.find((c) => c.url === '/api/attempts/50/answers/2')!.body).toEqual({ text: 'b' });

    await user.click(screen.getByRole('button', { name: 'Submit the assessment' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('You answered 3 of 3 questions.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/courses/answers/50'));
    expect(calls.filter((c) => c.url.endsWith('/submit'))).toHaveLength(1);
  });

  it('keeps a failed save in the alert and refuses to submit until it is saved', async () => {
    const user = userEvent.setup();
    server((c) => (c.method === 'PUT' ? json(409, { code: 'already_submitted', message: 'This attempt has already been submitted.' }) : undefined));
    show(<AttemptForm view={VIEW} code="en" announce={() => undefined} />);
    await user.click(screen.getByRole('radio', { name: 'Group 1: dots 1 2, then dots 4 5' }));
    await screen.findByText('The answer to question 3 was not saved: This attempt has already been submitted.');
    expect(screen.getByRole('button', { name: 'Save question 3 again' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit the assessment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await screen.findByText('Some answers are not saved. Save them again before submitting.');
    expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(false);
  });
});

describe('ResultQuestion', () => {
  it('puts the learner’s cells next to the right ones and says which dots differ', () => {
    show(
      <ResultQuestion
        index={0}
        code="en"
        question={q({
          type: 'braille_input',
          points: 2,
          print: 'bb',
          braille: [
            { unicode: '⠃', dots: [1, 2] },
            { unicode: '⠃', dots: [1, 2] },
          ],
          answer: { braille: '⠃⠉⠁' },
          correct: false,
          points_awarded: 0,
          cell_differences: [
            { position: 0, expected: { unicode: '⠃', dots: [1, 2] }, given: { unicode: '⠃', dots: [1, 2] }, correct: true, missing_dots: [], extra_dots: [] },
            { position: 1, expected: { unicode: '⠃', dots: [1, 2] }, given: { unicode: '⠉', dots: [1, 4] }, correct: false, missing_dots: [2], extra_dots: [4] },
            { position: 2, expected: null, given: { unicode: '⠁', dots: [1] }, correct: false, missing_dots: [], extra_dots: [1] },
          ],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: /Question 1: Wrong, 0 of 2 points/ })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Question 1: your cells next to the right ones' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.lastElementChild?.textContent?.replace(/^[✓✗] /, ''))).toEqual([
      'Correct',
      'missing dot 2; extra dot 4',
      'extra cell: your answer is longer',
    ]);
    expect(screen.getByText('2 cells differ.')).toBeTruthy();
  });
});

describe('CourseAssessments', () => {
  const summary = (over: Partial<AssessmentSummary>): AssessmentSummary => ({
    id: 1,
    course_id: 7,
    course_title: 'Letters',
    type: 'lesson_exercise',
    lesson_id: 10,
    lesson_title: 'a and b',
    chapter_id: 1,
    chapter_title: 'First',
    title: 'Exercise',
    pass_mark: 60,
    max_attempts: 0,
    questions_count: 1,
    total_points: 1,
    updated_at: '',
    learner: { passed: false, attempts_used: 0, attempts_left: null, open_attempt_id: null, best_percent: null, can_start: true, locked: null, read_only: false, attempts: [] },
    ...over,
  });

  it('shows the lesson’s exercise to start and the chapter assessment with the server’s order message', async () => {
    const locked = 'You cannot start the chapter assessment before you finish the lesson exercises of this chapter.';
    server((c) =>
      c.url === '/api/courses/7/assessments'
        ? json(200, {
            assessments: [
              summary({}),
              summary({
                id: 2,
                type: 'chapter_assessment',
                lesson_id: null,
                lesson_title: null,
                title: 'Chapter test',
                learner: { ...summary({}).learner!, can_start: false, locked: { code: 'chapter_assessment_locked', message: locked } },
              }),
            ],
          })
        : undefined,
    );
    show(<CourseAssessments courseId={7} chapters={OUTLINE.chapters} lessonId={10} />);
    await screen.findByRole('heading', { name: 'Exercises and assessments' });
    expect(screen.getByRole('link', { name: 'Start: “Exercise”' }).getAttribute('href')).toBe('/student/courses/7/assessments/1');
    expect(screen.getByText(locked)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Chapter test/ })).toBeNull();
    expect(screen.getByText('Assessments passed: 0 of 2')).toBeTruthy();
  });
  it('after a submission, back on the course the next assessment never shows as locked from the answer before', async () => {
    const user = userEvent.setup();
    queryClient.clear();
    const locked = 'You cannot start the chapter assessment before you finish the lesson exercises of this chapter.';
    let passed = false;
    const list = () => [
      summary({ learner: { ...summary({}).learner!, passed } }),
      summary({
        id: 2,
        type: 'chapter_assessment',
        lesson_id: null,
        lesson_title: null,
        title: 'Chapter test',
        learner: { ...summary({}).learner!, can_start: passed, locked: passed ? null : { code: 'chapter_assessment_locked', message: locked } },
      }),
    ];
    server((c) => {
      if (c.url === '/api/courses/7/assessments') return json(200, { assessments: list() });
      if (c.url === '/api/attempts/50/submit') {
        passed = true;
        return json(200, { message: 'Assessment submitted', result: {}, progress: { state: 'in_progress', lessons_done: 1, lessons_total: 1 } });
      }
      return undefined;
    });
    // The course page before: the chapter test is locked (and cached).
    show(<CourseAssessments courseId={7} chapters={OUTLINE.chapters} lessonId={10} />);
    await screen.findByText(locked);
    cleanup();
    // The exercise is submitted and passed.
    const router = show(<AttemptForm view={VIEW} code="en" announce={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Submit the assessment' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student/courses/answers/50'));
    cleanup();
    // Back on the course page: never the old "locked", only the server's new answer.
    show(<CourseAssessments courseId={7} chapters={OUTLINE.chapters} lessonId={10} />);
    expect(screen.queryByText(locked)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Start: “Chapter test”' })).toBeTruthy();
    expect(screen.queryByText(locked)).toBeNull();
    expect(screen.getByText('Assessments passed: 1 of 2')).toBeTruthy();
  });
});
