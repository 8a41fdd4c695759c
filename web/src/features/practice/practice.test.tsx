import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { KEYS } from '@/lib/storage';
import { fakeApi, type Handler, type Recorded } from '@/test/server';
import type { PracticeSession, ReviewResult } from './api/practice';
import { DrillPanel } from './components/DrillPanel';
import { PracticePage } from './routes/PracticePage';

let requests: Recorded[];

function server(routes: Record<string, Handler>) {
  requests = fakeApi(routes);
}

const session = (extra: Partial<PracticeSession> = {}): PracticeSession => ({
  code: 'en',
  cards: [{ id: 7, direction: 'reading', new: true, print: null, name: null, cells: { braille: '⠁', dots: ['1'] }, kind: 'symbol', contraction: null }],
  new_cards: 1,
  drills: [],
  contraction_drills: [],
  today: { reviewed: 0, correct: 0, started_at: null },
  due_tomorrow: 0,
  streak: 0,
  ...extra,
});

const wrong: ReviewResult = {
  card_id: 7,
  correct: false,
  rating: 'again',
  expected: { print: 'a', name: 'letter a', cells: { braille: '⠁', dots: ['1'] } },
  given: null,
  differences: [],
  example: null,
  due_at: '2026-11-27T10:01:00Z',
  again_in_session: true,
  today: { reviewed: 1, correct: 0, started_at: '2026-11-27T10:00:00Z' },
};

beforeEach(() => {
  localStorage.setItem(KEYS.token, 'tok');
  localStorage.setItem('practice-code', 'en');
  localStorage.setItem('practice-new-per-day', '5');
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  act(() => applyLanguage('ar'));
});

function page() {
  const router = createMemoryRouter([{ path: '*', element: <PracticePage /> }]);
  return render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('PracticePage', () => {
  it('asks a reading card by its dots, says a wrong answer once with the right dots, and brings the card back', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/practice/session?code=en&new=5': () => session(),
      'POST /api/practice/reviews': () => wrong,
    });
    page();
    expect(await screen.findByText('1 card is waiting: 0 to review and 1 new.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start the session' }));

    const input = await screen.findByRole('textbox', { name: 'What does it stand for?' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    // The question is the field's description: the dots named and the cell for a Braille display.
    const described = document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0])!;
    expect(described.textContent).toContain('Read this cell and type what it stands for. Braille: dot 1');
    expect(described.textContent).toContain('⠁');

    // Empty: refused at the field, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Write an answer first.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(input, 'b');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const result = await screen.findByText(/^Not quite\. a is dot 1\./);
    expect(result.textContent).toContain('This card comes back in this session.');
    await waitFor(() => expect(document.activeElement?.id).toBe('practice-result'));
    const sent = requests.find((r) => r.method === 'POST')!.body as { card_id: number; answer: string; elapsed_ms: number };
    expect(sent.card_id).toBe(7);
    expect(sent.answer).toBe('b');
    expect(sent.elapsed_ms).toBeGreaterThanOrEqual(0);

    // The card answered wrong is asked again in the same session.
    await user.click(screen.getByRole('button', { name: 'Next card' }));
    expect(await screen.findByRole('heading', { name: 'Card 2 of 2' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('practice-answer'));
  });

  it('refuses a number of new cards outside 0–50 at the field and keeps a good one on this device', async () => {
    const user = userEvent.setup();
    server({
      'GET /api/practice/session?code=en&new=5': () => session(),
      'GET /api/practice/session?code=en&new=12': () => session({ cards: [], new_cards: 0 }),
    });
    page();
    const field = await screen.findByRole('spinbutton', { name: 'New cards per day' });
    await user.clear(field);
    await user.type(field, '99');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter a whole number from 0 to 50.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(localStorage.getItem('practice-new-per-day')).toBe('12');
    expect(await screen.findByText(/Nothing is due now/)).toBeTruthy();
  });

  describe('pace', () => {
    const cards = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ id: 10 + i, direction: 'reading' as const, new: true, print: null, name: null, cells: { braille: '⠁', dots: ['1'] }, kind: 'symbol' as const, contraction: null }));
    const answered = (body: unknown) => ({ ...wrong, card_id: (body as { card_id: number }).card_id, again_in_session: false });
    let now = Date.parse('2026-11-27T10:00:00Z');

    beforeEach(() => {
      now = Date.parse('2026-11-27T10:00:00Z');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(now);
    });
    afterEach(() => vi.useRealTimers());

    /** Answers the card on screen after `ms` on it, then moves on. */
    async function answer(user: ReturnType<typeof userEvent.setup>, ms: number) {
      const input = await screen.findByRole('textbox', { name: 'What does it stand for?' });
      await user.type(input, 'b');
      await user.click(screen.getByRole('button', { name: 'Check' }));
      await screen.findByText(/^Not quite\./);
      now += ms;
      vi.setSystemTime(now);
      await user.click(screen.getByRole('button', { name: 'Next card' }));
    }

    it('without a time box, a session with a half-hour break in the middle goes on to its last card', async () => {
      const user = userEvent.setup();
      server({ 'GET /api/practice/session?code=en&new=5': () => session({ cards: cards(4), new_cards: 4 }), 'POST /api/practice/reviews': answered });
      page();
      expect((await screen.findByRole('combobox', { name: /^Time box/ }) as HTMLSelectElement).value).toBe('0');
      await user.click(await screen.findByRole('button', { name: 'Start the session' }));
      for (const ms of [200_000, 30 * 60_000, 400_000, 300_000]) await answer(user, ms);
      expect(await screen.findByRole('heading', { name: 'Session summary' })).toBeTruthy();
      expect(screen.queryByText('About a minute of your time box is left.')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Your time box is up' })).toBeNull();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(4);
    });

    it('a 5-minute box counts time on cards only, warns a minute before, can be extended, and ends when the learner says', async () => {
      const user = userEvent.setup();
      server({
        'GET /api/practice/session?code=en&new=5': () => session({ cards: cards(7), new_cards: 7 }),
        'POST /api/practice/reviews': answered,
      });
      page();
      await user.selectOptions(await screen.findByRole('combobox', { name: /^Time box/ }), '5 minutes');
      await user.click(screen.getByRole('button', { name: 'Save settings' }));
      expect(localStorage.getItem('practice-time-box')).toBe('5');
      await user.click(await screen.findByRole('button', { name: 'Start the session' }));

      // A long pause on a card counts as two minutes at most: 2 + 2 = 4 of 5 minutes used.
      await answer(user, 20 * 60_000);
      expect(screen.queryByText('About a minute of your time box is left.')).toBeNull();
      await answer(user, 130_000);
      expect(await screen.findByText('About a minute of your time box is left.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Add 5 minutes' }));
      expect(await screen.findByText('5 minutes added to your time box.')).toBeTruthy();
      expect(screen.queryByText('About a minute of your time box is left.')).toBeNull();
      // Ten minutes now: 4 + 2 + 2 = 8 used, no warning; 9, a warning; 11, the box is up.
      await answer(user, 120_000);
      await answer(user, 120_000);
      expect(screen.queryByText('About a minute of your time box is left.')).toBeNull();
      await answer(user, 60_000);
      expect(await screen.findByText('About a minute of your time box is left.')).toBeTruthy();
      await answer(user, 120_000);
      const up = await screen.findByRole('heading', { name: 'Your time box is up' });
      await waitFor(() => expect(document.activeElement).toBe(up));
      expect(screen.getByText(/^1 card is still waiting\./)).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'End the session' }));
      expect(await screen.findByText('You ended the session at your time box. The cards left keep until next time.')).toBeTruthy();
      expect(requests.filter((r) => r.method === 'POST')).toHaveLength(6);
    });
  });
});

describe('DrillPanel', () => {
  const e = { print: 'e', name: 'letter e', cells: { braille: '⠑', dots: ['15'] } };
  const i = { print: 'i', name: 'letter i', cells: { braille: '⠊', dots: ['24'] } };

  it("an answer the server refuses says why; the choices stay and the same answer can be sent again", async () => {
    let fail = true;
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit = {}) => {
        sent.push(JSON.parse(String(init.body)));
        if (fail) return new Response(JSON.stringify({ code: 'internal', message: 'The answer could not be checked' }), { status: 500 });
        return new Response(JSON.stringify({ correct: true, expected: e, settled: false }), { status: 200 });
      }),
    );
    const user = userEvent.setup();
    render(<DrillPanel code="en" drills={[{ a: e, b: i, count: 3 }]} onDone={() => undefined} />);
    const choice = screen.getByRole('button', { name: /dots 1 5/ });
    await user.click(choice);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The answer could not be checked'));
    expect(choice.getAttribute('aria-disabled')).toBeNull();
    expect(document.getElementById('drill-result')).toBeNull();

    fail = false;
    await user.click(choice);
    await waitFor(() => expect(document.activeElement?.id).toBe('drill-result'));
    expect(document.getElementById('drill-result')?.textContent).toContain('Right: e is');
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(sent).toEqual([
      { code: 'en', print: 'e', pair: '⠑⠊', answer: '⠑' },
      { code: 'en', print: 'e', pair: '⠑⠊', answer: '⠑' },
    ]);
  });
});
