import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { publishLive, publishResync } from '@/lib/realtime';
import { KEYS } from '@/lib/storage';
import { fakeApi, type Handler, type Recorded } from '@/test/server';
import { questionFromPayload, upsertQuestion, type Question } from './api/questions';
import { InstructorQuestionsPage } from './routes/InstructorQuestionsPage';
import { StudentQuestionsPage } from './routes/StudentQuestionsPage';

const q = (id: number, extra: Partial<Question> = {}): Question => ({
  id,
  course_id: 1,
  course_title: 'Braille letters',
  lesson_id: null,
  lesson_title: null,
  student_id: 5,
  student_name: 'Sara',
  text: `question ${id}`,
  answered: false,
  answer: null,
  created_at: '2026-11-02T10:00:00Z',
  answered_at: null,
  ...extra,
});

let requests: Recorded[];

function server(routes: Record<string, Handler>) {
  requests = fakeApi(routes);
}

function page(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
}

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'tok');
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => applyLanguage('ar'));
});

describe('question lists', () => {
  it('upsert replaces by id and keeps the newest first', () => {
    const list = [q(3), q(1)];
    expect(upsertQuestion(list, q(2)).map((x) => x.id)).toEqual([3, 2, 1]);
    const answered = upsertQuestion(list, q(1, { answered: true, answer: 'yes' }));
    expect(answered.map((x) => [x.id, x.answered])).toEqual([
      [3, false],
      [1, true],
    ]);
  });

  it('reads a question from an event payload, or nothing from a broken one', () => {
    expect(questionFromPayload({ question: q(4) })?.id).toBe(4);
    expect(questionFromPayload({ question: { id: 'x' } })).toBeNull();
    expect(questionFromPayload({})).toBeNull();
  });
});

describe('StudentQuestionsPage', () => {
  beforeEach(() => {
    server({
      'GET /api/questions': () => ({ questions: [q(1)] }),
      'GET /api/student/courses': () => ({ courses: [{ course: { id: 1, title: 'Braille letters' } }] }),
      'GET /api/courses/1': () => ({ chapters: [{ title: 'First letters', lessons: [{ id: 9, title: 'Alif' }] }] }),
      'POST /api/questions': (sent) => {
        const body = sent as { text: string; lesson_id: number | null };
        return new Response(JSON.stringify({ message: 'Question sent', question: q(2, { text: body.text, lesson_id: body.lesson_id, lesson_title: 'Alif' }) }), { status: 201 });
      },
    });
  });

  it('asks about an enrolled course and a lesson; an empty question is refused at the field', async () => {
    const user = userEvent.setup();
    page(<StudentQuestionsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'My questions' })).toBeTruthy();
    const course = await screen.findByLabelText(/^Course/);
    expect((course as HTMLSelectElement).value).toBe('1');
    const lesson = screen.getByLabelText(/^Lesson/) as HTMLSelectElement;
    await waitFor(() => expect(within(lesson).getByRole('option', { name: 'First letters — Alif' })).toBeTruthy());

    await user.click(screen.getByRole('button', { name: 'Send question' }));
    const text = screen.getByRole('textbox', { name: /^Your question/ });
    expect(text.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(text));
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.selectOptions(lesson, '9');
    await user.type(text, '  How do I write ba?  ');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Question sent')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ course_id: 1, lesson_id: 9, text: 'How do I write ba?' });
    expect(screen.getByText('How do I write ba?')).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('');
  });

  it('shows an answer as soon as it arrives live', async () => {
    page(<StudentQuestionsPage />);
    await screen.findByText('question 1');
    expect(screen.getByText('Waiting for an answer')).toBeTruthy();
    act(() =>
      publishLive({
        id: 50,
        kind: 'question.answered',
        payload: { question: q(1, { answered: true, answer: 'Dots 1 and 2', answered_at: '2026-11-02T11:00:00Z' }) },
        created_at: '',
      }),
    );
    expect(await screen.findByText('Dots 1 and 2')).toBeTruthy();
    expect(screen.queryByText('Waiting for an answer')).toBeNull();
  });

  it("a refused question shows the server's message on its field, keeps the text and can be sent again", async () => {
    let refuse = true;
    server({
      'GET /api/questions': () => ({ questions: [] }),
      'GET /api/student/courses': () => ({ courses: [{ course: { id: 1, title: 'Braille letters' } }] }),
      'GET /api/courses/1': () => ({ id: 1, chapters: [] }),
      'POST /api/questions': () =>
        refuse
          ? new Response(JSON.stringify({ code: 'validation', message: 'The question is too long', field: 'text' }), { status: 400 })
          : new Response(JSON.stringify({ message: 'Question sent', question: q(8, { text: 'Short' }) }), { status: 201 }),
    });
    const user = userEvent.setup();
    page(<StudentQuestionsPage />);
    const text = await screen.findByRole('textbox', { name: /^Your question/ });
    await user.type(text, 'Short');
    await user.click(screen.getByRole('button', { name: 'Send question' }));
    await waitFor(() => expect(text.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The question is too long')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(text));
    const send = screen.getByRole('button', { name: 'Send question' });
    expect(send.getAttribute('aria-disabled')).toBeNull();
    expect((text as HTMLTextAreaElement).value).toBe('Short');

    refuse = false;
    await user.click(send);
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Question sent')).toBe(true));
    expect(text.getAttribute('aria-invalid')).toBeNull();
  });

  it('tells a student without courses to enrol first', async () => {
    server({ 'GET /api/questions': () => ({ questions: [] }), 'GET /api/student/courses': () => ({ courses: [] }) });
    page(<StudentQuestionsPage />);
    expect(await screen.findByRole('link', { name: 'Discover courses' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send question' })).toBeNull();
    expect(screen.getByText('You have not asked any questions yet.')).toBeTruthy();
  });
});

describe('InstructorQuestionsPage', () => {
  beforeEach(() => {
    server({
      'GET /api/questions': () => ({ questions: [q(2), q(1, { answered: true, answer: 'Earlier answer' })] }),
      'POST /api/questions/2/answer': () => ({ message: 'Question answered', question: q(2, { answered: true, answer: 'Use dots 1 and 2' }) }),
    });
  });

  it('filters unanswered questions, answers one (focus to its heading) and receives new ones live', async () => {
    const user = userEvent.setup();
    page(<InstructorQuestionsPage />);
    await screen.findByText('question 2');
    expect(screen.getByText('2 questions, 1 unanswered')).toBeTruthy();
    await user.click(screen.getByLabelText('Show unanswered questions only'));
    expect(screen.queryByText('question 1')).toBeNull();

    const answer = screen.getByLabelText(/^Your answer/);
    await user.type(answer, 'Use dots 1 and 2');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Question answered')).toBe(true));
    // Still in view under the filter, now answered, and focus on its heading.
    expect(screen.getByText('Use dots 1 and 2')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Question from Sara'));
    expect(screen.getByText('2 questions, 0 unanswered')).toBeTruthy();

    act(() => publishLive({ id: 60, kind: 'question.asked', payload: { question: q(3, { student_name: 'Omar' }) }, created_at: '' }));
    expect(await screen.findByRole('heading', { name: 'Question from Omar' })).toBeTruthy();
    expect(screen.getByText('3 questions, 1 unanswered')).toBeTruthy();
  });

  it("an answer the server refuses keeps the form, with the server's message and the button enabled", async () => {
    server({
      'GET /api/questions': () => ({ questions: [q(2)] }),
      'POST /api/questions/2/answer': () => new Response(JSON.stringify({ code: 'forbidden', message: 'This is not your course' }), { status: 403 }),
    });
    const user = userEvent.setup();
    page(<InstructorQuestionsPage />);
    await user.type(await screen.findByLabelText(/^Your answer/), 'Use dots 1 and 2');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === 'This is not your course')).toBe(true));
    expect(screen.getByRole('button', { name: 'Send answer' }).getAttribute('aria-disabled')).toBeNull();
    expect((screen.getByLabelText(/^Your answer/) as HTMLTextAreaElement).value).toBe('Use dots 1 and 2');
    expect(screen.getByText('Waiting for an answer')).toBeTruthy();
  });

  it('never shows an older list after a newer one', async () => {
    // The first load is slow; a badge event (an answer given in another tab) reloads fast, and
    // the slow, older list arrives last.
    let releaseFirst: (r: Response) => void = () => {};
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        calls += 1;
        if (calls === 1) return new Promise<Response>((resolve) => (releaseFirst = resolve));
        return Promise.resolve(new Response(JSON.stringify({ questions: [q(2, { answered: true, answer: 'Answered elsewhere' })] })));
      }),
    );
    page(<InstructorQuestionsPage />);
    await waitFor(() => expect(calls).toBe(1));
    act(() => publishResync());
    expect(await screen.findByText('Answered elsewhere')).toBeTruthy();
    await act(async () => releaseFirst(new Response(JSON.stringify({ questions: [q(2)] }))));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('Answered elsewhere')).toBeTruthy();
    expect(screen.getByText('1 question, 0 unanswered')).toBeTruthy();
  });
});
