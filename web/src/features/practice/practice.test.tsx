import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { KEYS } from '@/lib/storage';
import type { PracticeSession, ReviewResult } from './api/practice';
import { PracticePage } from './routes/PracticePage';

type Handler = (url: string, init: RequestInit) => unknown;
let requests: Array<{ url: string; method: string; body: unknown }>;

function server(routes: Record<string, Handler>) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      requests.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const h = routes[`${method} ${url}`];
      if (!h) return new Response(JSON.stringify({ code: 'not_found', message: 'nope' }), { status: 404 });
      return new Response(JSON.stringify(h(url, init)), { status: 200 });
    }),
  );
}

const session = (extra: Partial<PracticeSession> = {}): PracticeSession => ({
  code: 'en',
  cards: [{ id: 7, direction: 'reading', new: true, print: null, name: null, cells: { braille: '⠁', dots: ['1'] } }],
  new_cards: 1,
  drills: [],
  today: { reviewed: 0, correct: 0, started_at: null },
  time_limit_secs: 600,
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
});
