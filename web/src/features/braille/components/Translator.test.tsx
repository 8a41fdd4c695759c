import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { dotsToUnicode, type CellInfo } from '@/components/braille/cells';
import { __clearTableCache } from '@/components/braille/table';
import { EN_TABLE } from '@/components/braille/test-fixtures';
import { applyLanguage } from '@/lib/i18n';
import type { TranslateRequest, TranslateResponse } from '../api/translate';
import i18n from '@/lib/i18n';
import { NS } from '../i18n';

const translatorT = (lang: 'ar' | 'en') => i18n.getFixedT(lang, NS);
import { announcement, errorMessage, Translator } from './Translator';

const cell = (dots: number[], meaning: string | null): CellInfo => ({ dots, unicode: dotsToUnicode(dots), meaning });

/** What the server answers for the few inputs these tests use. */
function answer(req: TranslateRequest): Response {
  if (req.text.length > 5000) return new Response(JSON.stringify({ code: 'text_too_long', message: 'too long', field: 'text' }), { status: 413 });
  if (req.text === 'busy') return new Response(JSON.stringify({ code: 'too_many_attempts', message: 'slow down' }), { status: 429 });
  const byText: Record<string, TranslateResponse> = {
    hi: { lang: 'en', grade: 1, braille: '⠓⠊', dots: '125-24', brf: 'HI', text: 'hi', cells: [cell([1, 2, 5], 'h'), cell([2, 4], 'i')], unknown: [] },
    'hi ب': {
      lang: 'en',
      grade: 1,
      braille: '⠓⠊⠀',
      dots: '125-24 0',
      brf: 'HI ',
      text: 'hi ب',
      cells: [cell([1, 2, 5], 'h'), cell([2, 4], 'i'), cell([], 'space')],
      unknown: [{ index: 3, char: 'ب' }],
    },
  };
  // Grade 2 as the engine writes it (tests/api/contracted.rs): "the" is one cell, "children" the shortform ⠡⠝.
  if (req.grade === 2 && req.text === 'the children')
    return new Response(
      JSON.stringify({
        lang: 'en',
        grade: 2,
        braille: '⠮⠀⠡⠝',
        dots: '2346 0 16-1345',
        brf: '! *N',
        text: 'the children',
        cells: [cell([2, 3, 4, 6], '!'), cell([], null), cell([1, 6], null), cell([1, 3, 4, 5], 'n')],
        unknown: [],
      } satisfies TranslateResponse),
      { status: 200 },
    );
  const data = byText[req.text];
  return new Response(JSON.stringify(data), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

let requests: TranslateRequest[];

beforeEach(() => {
  requests = [];
  __clearTableCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/braille/table')) return new Response(JSON.stringify(EN_TABLE), { status: 200 });
      const req = JSON.parse(String(init.body)) as TranslateRequest;
      requests.push(req);
      return answer(req);
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
  const router = createMemoryRouter([{ path: '*', element: <Translator /> }]);
  return render(
    <Provider>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const announced = () => screen.getByTestId('translator-announce').textContent?.replace(/\u00a0/g, '');

describe('Translator', () => {
  it('translates after a pause in typing, once, and announces the result politely', async () => {
    const user = userEvent.setup();
    show();
    const box = screen.getByLabelText('Text to translate');
    await user.type(box, 'hi');
    await waitFor(() => expect((screen.getByLabelText('Braille (Unicode)') as HTMLTextAreaElement).value).toBe('⠓⠊'));
    expect(requests).toEqual([{ text: 'hi', lang: 'auto', direction: 'to_braille', grade: 1 }]);
    expect(announced()).toBe('English Braille, 2 cells: ⠓⠊');
    expect(screen.getByTestId('translator-announce').getAttribute('role')).toBe('status');
    expect(screen.getByRole('radio', { name: /Automatic.*\(now: English\)/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: 'dots 1 2 5, letter h' })).toBeTruthy());
    expect(screen.getByRole('img', { name: 'dots 2 4, letter i' })).toBeTruthy();
  });

  it('sends the chosen code instead of auto', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('radio', { name: 'English (UEB)' }));
    await user.type(screen.getByLabelText('Text to translate'), 'hi');
    await waitFor(() => expect(requests).toEqual([{ text: 'hi', lang: 'en', direction: 'to_braille', grade: 1 }]));
  });

  it('sends the contracted grade, names contracted cells by their dots only and announces the grade', async () => {
    const user = userEvent.setup();
    show();
    const group = screen.getByRole('group', { name: 'Braille grade' });
    expect((screen.getByRole('radio', { name: 'Uncontracted (grade 1)' }) as HTMLInputElement).checked).toBe(true);
    expect(group.contains(screen.getByRole('radio', { name: 'Contracted (grade 2)' }))).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Contracted (grade 2)' }));
    await user.type(screen.getByLabelText('Text to translate'), 'the children');
    await waitFor(() => expect((screen.getByLabelText('Braille (Unicode)') as HTMLTextAreaElement).value).toBe('⠮⠀⠡⠝'));
    expect(requests).toEqual([{ text: 'the children', lang: 'auto', direction: 'to_braille', grade: 2 }]);
    expect(announced()).toBe('English contracted Braille, 4 cells: ⠮⠀⠡⠝');
    // ⠮ alone means "!" in grade 1; in contracted Braille it is "the" here: the drawing says only its dots.
    expect(screen.getByRole('img', { name: 'dots 2 3 4 6' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /!/ })).toBeNull();
    expect(screen.getByText(/the cells are named by their dots only/)).toBeTruthy();
  });

  it('downloads the result as a .brf file of Braille ASCII lines', async () => {
    const user = userEvent.setup();
    const saved: Array<{ name: string; text: string; type: string }> = [];
    const realCreate = URL.createObjectURL;
    URL.createObjectURL = ((blob: Blob) => {
      void blob.text().then((text) => saved.push({ name: '', text, type: blob.type }));
      return 'blob:test';
    }) as typeof URL.createObjectURL;
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    try {
      show();
      await user.click(screen.getByRole('radio', { name: 'Contracted (grade 2)' }));
      await user.type(screen.getByLabelText('Text to translate'), 'the children');
      await waitFor(() => expect((screen.getByLabelText('Braille (Unicode)') as HTMLTextAreaElement).value).toBe('⠮⠀⠡⠝'));
      await user.click(screen.getByRole('button', { name: /Download \.brf/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(clicked).toEqual(['lamsa-braille-contracted.brf']);
      expect(saved[0].text).toBe('! *N\r\n');
      expect(saved[0].type).toContain('us-ascii');
      expect(screen.getByText('lamsa-braille-contracted.brf downloaded.')).toBeTruthy();
    } finally {
      click.mockRestore();
      URL.createObjectURL = realCreate;
    }
  });

  it('lists characters with no Braille form', async () => {
    const user = userEvent.setup();
    show();
    await user.type(screen.getByLabelText('Text to translate'), 'hi ب');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Characters with no Braille form in the English code (left out)' })).toBeTruthy());
    expect(screen.getByText('“ب” (U+0628) at position 4')).toBeTruthy();
    expect(announced()).toBe('English Braille, 3 cells: ⠓⠊⠀ 1 character has no Braille form: ب.');
  });

  it('shows a localised message for 413 and marks the text box', async () => {
    const user = userEvent.setup();
    show();
    const box = screen.getByLabelText('Text to translate');
    // Pasted: typing 5,001 keys would only make the test slow.
    await user.click(box);
    await user.paste('x'.repeat(5001));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The text is too long: at most 5,000 characters can be translated at once. Please shorten it.'));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toContain(screen.getByRole('alert').id);
  });

  it('shows a localised message for 429', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('ar'));
    show();
    await user.type(screen.getByLabelText('النص المراد ترجمته'), 'busy');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(translatorT('ar')('errors.tooMany')));
  });

  it('maps statuses to messages', () => {
    const t = translatorT('en');
    expect(errorMessage({ status: 413 }, t)).toContain('at most 5,000 characters');
    expect(errorMessage({ status: 429 }, t)).toBe(t('errors.tooMany'));
    expect(errorMessage({ status: 0 }, t)).toBe(t('errors.network'));
    expect(errorMessage({ status: 500 }, t)).toBe('There was an unexpected error while retrieving data');
  });

  it('announces long results without reading every cell', () => {
    const t = translatorT('en');
    const many = Array.from({ length: 41 }, () => cell([1], 'a'));
    const data: TranslateResponse = { lang: 'en', grade: 1, braille: '⠁'.repeat(41), dots: '', brf: '', text: 'a'.repeat(41), cells: many, unknown: [] };
    expect(announcement(data, 'to_braille', t)).toBe('English Braille, 41 cells. The result is below.');
    expect(announcement({ ...data, text: 'hello' }, 'to_text', t)).toBe('Text (English code): hello');
  });
});
