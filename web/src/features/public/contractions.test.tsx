import { act, cleanup, render, screen, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query';
import { dotsToUnicode } from '@/components/braille/cells';
import { ContractionsPage } from './routes/InstructionsPages';

const cell = (dots: number[]) => ({ unicode: dotsToUnicode(dots), dots, meaning: null });

/** Extracts of GET /api/braille/contractions, as the engine lists them. */
const LISTS: Record<string, unknown> = {
  en: {
    lang: 'en',
    contractions: [
      { id: 'en:but', print: 'but', kind: 'alphabetic_wordsign', cells: [cell([1, 2])], cells_in_word: null },
      { id: 'en:the', print: 'the', kind: 'strong_contraction', cells: [cell([2, 3, 4, 6])], cells_in_word: null },
      { id: 'en:about', print: 'about', kind: 'shortform', cells: [cell([1]), cell([1, 2])], cells_in_word: null },
    ],
  },
  ar: {
    lang: 'ar',
    contractions: [{ id: 'ar:ال', print: 'ال', kind: 'arabic_anywhere', cells: [cell([1, 4, 6])], cells_in_word: [cell([1, 4])] }],
  },
};

let translated: Array<{ text: string; lang: string; grade: number }>;

beforeEach(() => {
  translated = [];
  queryClient.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const m = /braille\/contractions\?lang=(\w+)/.exec(url);
      if (m) return new Response(JSON.stringify(LISTS[m[1]]), { status: 200 });
      if (url === '/api/braille/translate') {
        const req = JSON.parse(String(init.body)) as { text: string; lang: string; grade: number };
        translated.push(req);
        // A stand-in for the engine: grade 2 writes one cell per word, grade 1 one per letter.
        const cells = req.grade === 2 ? req.text.split(' ').map(() => cell([2, 3, 4, 6])) : Array.from(req.text).map((ch) => cell(ch === ' ' ? [] : [1]));
        return new Response(JSON.stringify({ braille: cells.map((c) => c.unicode).join(''), cells }), { status: 200 });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => applyLanguage('ar'));
});

function show() {
  const router = createMemoryRouter([{ path: '*', element: <ContractionsPage /> }]);
  return render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('Contracted Braille instructions page', () => {
  it('shows each code\'s contractions grouped by kind, and examples the engine writes in both grades', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Contracted Braille' })).toBeTruthy();
    const en = screen.getByRole('heading', { level: 2, name: 'English: Unified English Braille, grade 2' });
    const ar = screen.getByRole('heading', { level: 2, name: 'Arabic: contracted Arabic Braille' });
    // English first in the English interface.
    expect(en.compareDocumentPosition(ar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const strong = await screen.findByRole('list', { name: 'Strong contractions: written anywhere' }, { timeout: 5000 });
    expect(within(strong).getByRole('img', { name: 'dots 2 3 4 6' })).toBeTruthy();
    expect(within(strong).getByText('⠮')).toBeTruthy();
    const shortforms = screen.getByRole('list', { name: 'Shortforms' });
    expect(within(shortforms).getAllByRole('img').map((e) => e.getAttribute('aria-label'))).toEqual(['dot 1', 'dots 1 2']);
    expect(screen.getByText(/The 3 contractions of this code/)).toBeTruthy();
    // Arabic: the cells inside a word are shown too.
    const anywhere = await screen.findByRole('list', { name: 'Contracted wherever they occur' }, { timeout: 5000 });
    expect(within(anywhere).getByText('inside a word:')).toBeTruthy();
    expect(within(anywhere).getAllByRole('img').map((e) => e.getAttribute('aria-label'))).toEqual(['dots 1 4 6', 'dots 1 4']);

    // Examples: written by the API, uncontracted and contracted.
    const [examples] = await screen.findAllByRole('list', { name: 'Examples' }, { timeout: 5000 });
    const first = within(examples).getAllByRole('listitem')[0];
    expect(within(first).getByText('the children')).toBeTruthy();
    expect(within(first).getByText('(12 cells)')).toBeTruthy();
    expect(within(first).getByText('(2 cells)')).toBeTruthy();
    expect(within(first).getAllByRole('img', { name: 'dots 2 3 4 6' })).toHaveLength(2);
    expect(translated).toContainEqual({ text: 'the children', lang: 'en', direction: 'to_braille', grade: 2 });
    expect(translated).toContainEqual({ text: 'the children', lang: 'en', direction: 'to_braille', grade: 1 });
    expect(translated).toContainEqual({ text: 'الكتاب', lang: 'ar', direction: 'to_braille', grade: 2 });
  }, 20_000);

  it('is in Arabic with the Arabic code first', async () => {
    act(() => applyLanguage('ar'));
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'برايل المختصر' })).toBeTruthy();
    const ar = screen.getByRole('heading', { level: 2, name: 'العربية: برايل العربي المختصر' });
    const en = screen.getByRole('heading', { level: 2, name: 'الإنجليزية: برايل الإنجليزي الموحّد، الدرجة الثانية' });
    expect(ar.compareDocumentPosition(en) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'تُختصر حيثما وردت' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'الاختصارات القوية: تُكتب حيثما وردت' }, { timeout: 5000 })).toBeTruthy();
  }, 20_000);
});
