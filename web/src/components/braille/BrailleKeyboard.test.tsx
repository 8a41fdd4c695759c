import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { applyLanguage } from '@/lib/i18n';
import { BrailleKeyboard } from './BrailleKeyboard';
import { KeyboardModeSetting } from './KeyboardModeSetting';
import { __resetKeyboardPrefs, MODE_KEY, OFFER_KEY } from './keyboard-mode';
import { __clearTableCache } from './table';
import { AR_TABLE, EN_TABLE } from './test-fixtures';

let requested: string[];

beforeEach(() => {
  localStorage.removeItem(MODE_KEY);
  localStorage.removeItem(OFFER_KEY);
  __resetKeyboardPrefs();
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
  vi.useRealTimers();
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

const key = (el: HTMLElement, code: string) => {
  const k = code === 'Space' ? ' ' : code.startsWith('Key') ? code.slice(3).toLowerCase() : code;
  fireEvent.keyDown(el, { code, key: k });
  fireEvent.keyUp(el, { code, key: k });
};

describe('BrailleKeyboard latch mode', () => {
  it('toggles dots one at a time, says each once, and writes the cell on Space or Enter', async () => {
    localStorage.setItem(MODE_KEY, 'latch');
    act(() => applyLanguage('en'));
    const submitted: string[] = [];
    render(<Harness onSubmit={(v) => submitted.push(v)} />);
    await tableLoaded();
    const el = input();
    el.focus();
    expect(document.getElementById('bk-help')?.textContent).toContain('Latch mode: press F D S J K L one at a time');
    key(el, 'KeyF');
    expect(said()).toBe('dot 1 on');
    const once = screen.getByTestId('bk-announce').textContent;
    key(el, 'KeyD');
    expect(said()).toBe('dot 2 on');
    key(el, 'KeyS');
    key(el, 'KeyS');
    expect(said()).toBe('dot 3 off');
    key(el, 'KeyK');
    expect(el.value).toBe('');
    // The dots on are shown on the dot buttons too.
    expect(screen.getByRole('button', { name: 'Dot 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Dot 3' }).getAttribute('aria-pressed')).toBe('false');
    expect(once).not.toBeNull();
    fireEvent.keyDown(el, { code: 'Space', key: ' ' });
    expect(el.value).toBe('⠓');
    expect(said()).toBe('dots 1 2 5, letter h');
    expect(screen.getByRole('button', { name: 'Dot 1' }).getAttribute('aria-pressed')).toBe('false');
    // Enter commits too; with no dot on, Space is an empty cell and Enter submits.
    key(el, 'KeyD');
    key(el, 'KeyJ');
    fireEvent.keyDown(el, { code: 'Enter', key: 'Enter' });
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('dots 2 4, letter i');
    expect(submitted).toEqual([]);
    fireEvent.keyDown(el, { code: 'Space', key: ' ' });
    expect(el.value).toBe('⠓⠊⠀');
    fireEvent.keyDown(el, { code: 'Enter', key: 'Enter' });
    expect(submitted).toEqual(['⠓⠊⠀']);
    // Backspace deletes the last cell, as in chord mode.
    fireEvent.keyDown(el, { code: 'Backspace', key: 'Backspace' });
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('Deleted: blank cell, space');
  });

  it('says the dots in Arabic', async () => {
    localStorage.setItem(MODE_KEY, 'latch');
    render(<Harness code="ar" />);
    await tableLoaded();
    const el = input();
    el.focus();
    key(el, 'KeyF');
    expect(said()).toBe('النقطة 1 مفعّلة');
    key(el, 'KeyD');
    key(el, 'KeyD');
    expect(said()).toBe('النقطة 2 ملغاة');
    key(el, 'KeyD');
    fireEvent.keyDown(el, { code: 'Space', key: ' ' });
    expect(el.value).toBe('⠃');
    expect(said()).toBe('النقطتان 1 2، الحرف باء');
  });

  it('follows the settings page at once', async () => {
    act(() => applyLanguage('en'));
    render(
      <>
        <KeyboardModeSetting />
        <Harness />
      </>,
    );
    await tableLoaded();
    const latch = screen.getByRole('radio', { name: 'Latch: press the dots one at a time' });
    expect((screen.getByRole('radio', { name: 'Chord: press the dots of a cell together' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(latch);
    expect(localStorage.getItem(MODE_KEY)).toBe('latch');
    expect(screen.getByText('Latch mode is on.')).toBeTruthy();
    const el = input();
    el.focus();
    key(el, 'KeyF');
    expect(el.value).toBe('');
    expect(said()).toBe('dot 1 on');
    fireEvent.keyDown(el, { code: 'Enter', key: 'Enter' });
    expect(el.value).toBe('⠁');
  });
});

describe('BrailleKeyboard rollover offer', () => {
  /** A chord with a key lost, deleted with Backspace, written again with every key: one correction. */
  function correction(el: HTMLElement, short: string[], full: string[]) {
    chord(el, short);
    vi.advanceTimersByTime(700);
    fireEvent.keyDown(el, { code: 'Backspace', key: 'Backspace' });
    vi.advanceTimersByTime(900);
    chord(el, full);
    vi.advanceTimersByTime(3000);
  }

  it('offers latch mode once after repeated corrections, and switches on request', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const el = input();
    el.focus();
    correction(el, ['KeyF', 'KeyD'], ['KeyF', 'KeyD', 'KeyK']);
    correction(el, ['KeyF'], ['KeyF', 'KeyK']);
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
    correction(el, ['KeyF', 'KeyS'], ['KeyF', 'KeyS', 'KeyJ']);
    expect(el.value).toBe('⠓⠑⠍');
    // Said once (m is not in the test table, so the cell is named by its dots only), after the cell, in the keyboard's polite region; the notice has the buttons.
    expect(said()).toBe(
      'dots 1 3 4. Some dots seem to go missing when you press keys together: your keyboard may not report six keys at once. In latch mode you press the dots one at a time.',
    );
    const offer = screen.getByRole('group', { name: /Some dots seem to go missing/ });
    expect(offer).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to latch mode' }));
    expect(localStorage.getItem(MODE_KEY)).toBe('latch');
    expect(localStorage.getItem(OFFER_KEY)).toBe('accepted');
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
    expect(said()).toBe('Latch mode is on: press the dots one at a time, then Space or Enter to write the cell.');
    expect(document.activeElement).toBe(el);
    key(el, 'KeyF');
    expect(said()).toBe('dot 1 on');
  });

  it('is never offered again once dismissed', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const el = input();
    el.focus();
    for (let i = 0; i < 3; i++) correction(el, ['KeyF'], ['KeyF', 'KeyD']);
    fireEvent.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(localStorage.getItem(OFFER_KEY)).toBe('dismissed');
    expect(localStorage.getItem(MODE_KEY)).toBeNull();
    expect(said()).toBe('Latch mode will not be offered again. You can turn it on in your account settings.');
    expect(document.activeElement).toBe(el);
    for (let i = 0; i < 6; i++) correction(el, ['KeyF'], ['KeyF', 'KeyD']);
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
    // Chord mode is unchanged.
    chord(el, ['KeyF', 'KeyD', 'KeyK']);
    expect(said()).toBe('dots 1 2 5, letter h');
    cleanup();
    // A new keyboard (another page) does not offer it either.
    render(<Harness />);
    await tableLoaded();
    const again = input();
    again.focus();
    for (let i = 0; i < 3; i++) correction(again, ['KeyF'], ['KeyF', 'KeyD']);
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
  });

  it('slow or unrelated corrections bring no offer', async () => {
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const el = input();
    el.focus();
    // Each written again with other dots (a mistake, not a lost key).
    for (let i = 0; i < 4; i++) correction(el, ['KeyF', 'KeyD'], ['KeyF', 'KeyJ']);
    // Each superset coming after a long pause.
    for (let i = 0; i < 4; i++) {
      chord(el, ['KeyF']);
      fireEvent.keyDown(el, { code: 'Backspace', key: 'Backspace' });
      vi.advanceTimersByTime(15_000);
      chord(el, ['KeyF', 'KeyD']);
    }
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
  });
});
