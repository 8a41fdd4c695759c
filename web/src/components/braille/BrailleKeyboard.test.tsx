import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { BrailleKeyboard } from './BrailleKeyboard';
import { __clearTableCache } from './table';
import { AR_TABLE, EN_TABLE } from './test-fixtures';

let requested: string[];

beforeEach(() => {
  requested = [];
  __clearTableCache();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(url);
      const body = url.includes('lang=ar') ? AR_TABLE : EN_TABLE;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => applyLanguage('ar'));
});

function Harness({ code = 'en' as 'ar' | 'en', onSubmit }: { code?: 'ar' | 'en'; onSubmit?: (v: string) => void }) {
  const [value, setValue] = useState('');
  return <BrailleKeyboard id="bk" label="Braille" value={value} onChange={setValue} code={code} onSubmit={onSubmit ? () => onSubmit(value) : undefined} />;
}

const input = () => screen.getByLabelText('Braille') as HTMLInputElement;
const said = () => screen.getByTestId('bk-announce').textContent?.replace(/\u00a0/g, '');

function chord(el: HTMLElement, codes: string[]) {
  for (const code of codes) fireEvent.keyDown(el, { code, key: code.slice(3).toLowerCase() });
  for (const code of codes) fireEvent.keyUp(el, { code, key: code.slice(3).toLowerCase() });
}

/** The table arrives: its fetch resolves, then the query cache tells the component (a few ticks). */
async function tableLoaded() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

describe('BrailleKeyboard', () => {
  it('writes chords as Unicode cells and announces each with its letter', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    expect(requested).toEqual(['/api/braille/table?lang=en']);
    const el = input();
    el.focus();
    chord(el, ['KeyF', 'KeyD', 'KeyK']);
    expect(el.value).toBe('⠓');
    expect(said()).toBe('dots 1 2 5, letter h');
    chord(el, ['KeyD', 'KeyJ']);
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('dots 2 4, letter i');
    fireEvent.keyDown(el, { code: 'Space', key: ' ' });
    expect(el.value).toBe('⠓⠊\u2800');
    expect(said()).toBe('blank cell, space');
    fireEvent.keyDown(el, { code: 'Backspace', key: 'Backspace' });
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('Deleted: blank cell, space');
  });

  it('announces the same letter twice as two different messages', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const el = input();
    el.focus();
    chord(el, ['KeyF']);
    const first = screen.getByTestId('bk-announce').textContent;
    chord(el, ['KeyF']);
    const second = screen.getByTestId('bk-announce').textContent;
    expect(el.value).toBe('⠁⠁');
    expect(first).not.toBe(second);
    expect(said()).toBe('dot 1, letter a');
  });

  it('announces Arabic letters in Arabic and works with an Arabic system layout', async () => {
    render(<Harness code="ar" />);
    await tableLoaded();
    const el = screen.getByLabelText('Braille') as HTMLInputElement;
    el.focus();
    // The F and D keys type "ب" and "ي" in the Arabic layout; their codes are still KeyF and KeyD.
    fireEvent.keyDown(el, { code: 'KeyF', key: 'ب' });
    fireEvent.keyDown(el, { code: 'KeyD', key: 'ي' });
    fireEvent.keyUp(el, { code: 'KeyF', key: 'ب' });
    fireEvent.keyUp(el, { code: 'KeyD', key: 'ي' });
    expect(el.value).toBe('⠃');
    expect(said()).toBe('النقطتان 1 2، الحرف باء');
    expect(screen.queryByText('يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.', { selector: 'p:not([role])' })).toBeNull();
  });

  it('shows the English-mode hint when the browser cannot tell the physical key', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const el = input();
    el.focus();
    fireEvent.keyDown(el, { code: '', key: 'f' });
    fireEvent.keyUp(el, { code: '', key: 'f' });
    expect(el.value).toBe('⠁');
    const hint = document.getElementById('bk-english');
    expect(hint?.textContent).toBe('The keyboard must be in English mode.');
    expect(el.getAttribute('aria-describedby')).toContain('bk-english');
  });

  it('submits on Enter and lets Tab and other keys through', async () => {
    const submitted: string[] = [];
    render(<Harness onSubmit={(v) => submitted.push(v)} />);
    await tableLoaded();
    const el = input();
    el.focus();
    chord(el, ['KeyF', 'KeyD']);
    const enter = fireEvent.keyDown(el, { code: 'Enter', key: 'Enter' });
    expect(enter).toBe(false); // default prevented
    expect(submitted).toEqual(['⠃']);
    expect(fireEvent.keyDown(el, { code: 'Tab', key: 'Tab' })).toBe(true);
    expect(fireEvent.keyDown(el, { code: 'KeyA', key: 'a' })).toBe(true);
    expect(fireEvent.keyDown(el, { code: 'KeyF', key: 'f', ctrlKey: true })).toBe(true);
  });

  it('has on-screen dot buttons for pointer users', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const dot1 = screen.getByRole('button', { name: 'Dot 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Write cell' }));
    expect(said()).toBe('Choose at least one dot first.');
    fireEvent.click(dot1);
    expect(dot1.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Dot 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dot 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Write cell' }));
    expect(input().value).toBe('⠓');
    expect(said()).toBe('dots 1 2 5, letter h');
    expect(dot1.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Space' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete cell' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete cell' }));
    expect(input().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Delete cell' }));
    expect(said()).toBe('Nothing to delete.');
  });

  it('keeps pasted Braille and refuses other text', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const el = input();
    fireEvent.change(el, { target: { value: '⠓⠑ ⠇' } });
    expect(el.value).toBe('⠓⠑\u2800⠇');
    fireEvent.change(el, { target: { value: '⠓⠑\u2800⠇x' } });
    expect(el.value).toBe('⠓⠑\u2800⠇');
  });
});
