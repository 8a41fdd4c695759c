import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
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

/** Presses the keys together, then lets them go: `chord(user, 'fdk')` is dots 1 2 5. */
async function chord(user: UserEvent, keys: string) {
  await user.keyboard([...keys].map((k) => `{${k}>}`).join('') + [...keys].map((k) => `{/${k}}`).join(''));
}

/** The table arrives: its fetch resolves, then the query cache tells the component (a few ticks). */
async function tableLoaded() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  });
}

describe('BrailleKeyboard', () => {
  it('writes chords as Unicode cells and announces each with its letter', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    expect(requested).toEqual(['/api/braille/table?lang=en']);
    const el = input();
    await user.click(el);
    await chord(user, 'fdk');
    expect(el.value).toBe('⠓');
    expect(said()).toBe('dots 1 2 5, letter h');
    await chord(user, 'dj');
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('dots 2 4, letter i');
    await user.keyboard('[Space]');
    expect(el.value).toBe('⠓⠊\u2800');
    expect(said()).toBe('blank cell, space');
    await user.keyboard('{Backspace}');
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('Deleted: blank cell, space');
  });

  it('announces the same letter twice as two different messages', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const el = input();
    await user.click(el);
    await chord(user, 'f');
    const first = screen.getByTestId('bk-announce').textContent;
    await chord(user, 'f');
    const second = screen.getByTestId('bk-announce').textContent;
    expect(el.value).toBe('⠁⠁');
    expect(first).not.toBe(second);
    expect(said()).toBe('dot 1, letter a');
  });

  it('announces Arabic letters in Arabic and works with an Arabic system layout', async () => {
    // The F and D keys type "ب" and "ي" in the Arabic layout; their codes are still KeyF and KeyD.
    const user = userEvent.setup({ keyboardMap: [{ code: 'KeyF', key: 'ب' }, { code: 'KeyD', key: 'ي' }] });
    render(<Harness code="ar" />);
    await tableLoaded();
    const el = screen.getByLabelText('Braille') as HTMLInputElement;
    await user.click(el);
    await user.keyboard('[KeyF>][KeyD>][/KeyF][/KeyD]');
    expect(el.value).toBe('⠃');
    expect(said()).toBe('النقطتان 1 2، الحرف باء');
    expect(screen.queryByText('يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.', { selector: 'p:not([role])' })).toBeNull();
  });

  it('shows the English-mode hint when the browser cannot tell the physical key', async () => {
    // A keyboard (or on-screen keyboard) whose events carry no physical key code.
    const user = userEvent.setup({ keyboardMap: [{ code: '', key: 'f' }] });
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const el = input();
    await user.click(el);
    await user.keyboard('f');
    expect(el.value).toBe('⠁');
    const hint = document.getElementById('bk-english');
    expect(hint?.textContent).toBe('The keyboard must be in English mode.');
    expect(el.getAttribute('aria-describedby')).toContain('bk-english');
  });

  it('submits on Enter and lets Tab and other keys through', async () => {
    const user = userEvent.setup();
    const submitted: string[] = [];
    render(<Harness onSubmit={(v) => submitted.push(v)} />);
    await tableLoaded();
    const el = input();
    await user.click(el);
    await chord(user, 'fd');
    // Whether the page kept each key from the browser (a shortcut such as Ctrl+F works only if not).
    const kept: string[] = [];
    const watch = (e: KeyboardEvent) => void (e.defaultPrevented && kept.push(e.key));
    window.addEventListener('keydown', watch);
    try {
      await user.keyboard('{Enter}');
      expect(submitted).toEqual(['⠃']);
      expect(kept).toEqual(['Enter']);
      await user.keyboard('a{Control>}f{/Control}');
      expect(kept).toEqual(['Enter']);
      expect(el.value).toBe('⠃');
      await user.tab();
      expect(document.activeElement).not.toBe(el);
    } finally {
      window.removeEventListener('keydown', watch);
    }
  });

  it('has on-screen dot buttons for pointer users', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const dot1 = screen.getByRole('button', { name: 'Dot 1' });
    await user.click(screen.getByRole('button', { name: 'Write cell' }));
    expect(said()).toBe('Choose at least one dot first.');
    await user.click(dot1);
    expect(dot1.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Dot 2' }));
    await user.click(screen.getByRole('button', { name: 'Dot 5' }));
    await user.click(screen.getByRole('button', { name: 'Write cell' }));
    expect(input().value).toBe('⠓');
    expect(said()).toBe('dots 1 2 5, letter h');
    expect(dot1.getAttribute('aria-pressed')).toBe('false');
    await user.click(screen.getByRole('button', { name: 'Space' }));
    await user.click(screen.getByRole('button', { name: 'Delete cell' }));
    await user.click(screen.getByRole('button', { name: 'Delete cell' }));
    expect(input().value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Delete cell' }));
    expect(said()).toBe('Nothing to delete.');
  });

  it('keeps pasted Braille and refuses other text', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    const el = input();
    await user.click(el);
    await user.paste('⠓⠑ ⠇');
    expect(el.value).toBe('⠓⠑\u2800⠇');
    await user.paste('x');
    expect(el.value).toBe('⠓⠑\u2800⠇');
  });
});

describe('BrailleKeyboard latch mode', () => {
  it('toggles dots one at a time, says each once, and writes the cell on Space or Enter', async () => {
    const user = userEvent.setup();
    localStorage.setItem(MODE_KEY, 'latch');
    act(() => applyLanguage('en'));
    const submitted: string[] = [];
    render(<Harness onSubmit={(v) => submitted.push(v)} />);
    await tableLoaded();
    const el = input();
    await user.click(el);
    expect(document.getElementById('bk-help')?.textContent).toContain('Latch mode: press F D S J K L one at a time');
    await user.keyboard('f');
    expect(said()).toBe('dot 1 on');
    const once = screen.getByTestId('bk-announce').textContent;
    await user.keyboard('d');
    expect(said()).toBe('dot 2 on');
    await user.keyboard('s');
    await user.keyboard('s');
    expect(said()).toBe('dot 3 off');
    await user.keyboard('k');
    expect(el.value).toBe('');
    // The dots on are shown on the dot buttons too.
    expect(screen.getByRole('button', { name: 'Dot 5' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Dot 3' }).getAttribute('aria-pressed')).toBe('false');
    expect(once).not.toBeNull();
    await user.keyboard('[Space]');
    expect(el.value).toBe('⠓');
    expect(said()).toBe('dots 1 2 5, letter h');
    expect(screen.getByRole('button', { name: 'Dot 1' }).getAttribute('aria-pressed')).toBe('false');
    // Enter commits too; with no dot on, Space is an empty cell and Enter submits.
    await user.keyboard('d');
    await user.keyboard('j');
    await user.keyboard('{Enter}');
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('dots 2 4, letter i');
    expect(submitted).toEqual([]);
    await user.keyboard('[Space]');
    expect(el.value).toBe('⠓⠊⠀');
    await user.keyboard('{Enter}');
    expect(submitted).toEqual(['⠓⠊⠀']);
    // Backspace deletes the last cell, as in chord mode.
    await user.keyboard('{Backspace}');
    expect(el.value).toBe('⠓⠊');
    expect(said()).toBe('Deleted: blank cell, space');
  });

  it('says the dots in Arabic', async () => {
    const user = userEvent.setup();
    localStorage.setItem(MODE_KEY, 'latch');
    render(<Harness code="ar" />);
    await tableLoaded();
    const el = input();
    await user.click(el);
    await user.keyboard('f');
    expect(said()).toBe('النقطة 1 مفعّلة');
    await user.keyboard('d');
    await user.keyboard('d');
    expect(said()).toBe('النقطة 2 ملغاة');
    await user.keyboard('d');
    await user.keyboard('[Space]');
    expect(el.value).toBe('⠃');
    expect(said()).toBe('النقطتان 1 2، الحرف باء');
  });

  it('follows the settings page at once', async () => {
    const user = userEvent.setup();
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
    await user.click(latch);
    expect(localStorage.getItem(MODE_KEY)).toBe('latch');
    expect(screen.getByText('Latch mode is on.')).toBeTruthy();
    const el = input();
    await user.click(el);
    await user.keyboard('f');
    expect(el.value).toBe('');
    expect(said()).toBe('dot 1 on');
    await user.keyboard('{Enter}');
    expect(el.value).toBe('⠁');
  });
});

describe('BrailleKeyboard rollover offer', () => {
  /** A chord with a key lost, deleted with Backspace, written again with every key: one correction. */
  async function correction(user: UserEvent, short: string, full: string) {
    await chord(user, short);
    vi.advanceTimersByTime(700);
    await user.keyboard('{Backspace}');
    vi.advanceTimersByTime(900);
    await chord(user, full);
    vi.advanceTimersByTime(3000);
  }

  it('offers latch mode once after repeated corrections, and switches on request', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const el = input();
    await user.click(el);
    await correction(user, 'fd', 'fdk');
    await correction(user, 'f', 'fk');
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
    await correction(user, 'fs', 'fsj');
    expect(el.value).toBe('⠓⠑⠍');
    // Said once (m is not in the test table, so the cell is named by its dots only), after the cell, in the keyboard's polite region; the notice has the buttons.
    expect(said()).toBe(
      'dots 1 3 4. Some dots seem to go missing when you press keys together: your keyboard may not report six keys at once. In latch mode you press the dots one at a time.',
    );
    const offer = screen.getByRole('group', { name: /Some dots seem to go missing/ });
    expect(offer).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Switch to latch mode' }));
    expect(localStorage.getItem(MODE_KEY)).toBe('latch');
    expect(localStorage.getItem(OFFER_KEY)).toBe('accepted');
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
    expect(said()).toBe('Latch mode is on: press the dots one at a time, then Space or Enter to write the cell.');
    expect(document.activeElement).toBe(el);
    await user.keyboard('f');
    expect(said()).toBe('dot 1 on');
  });

  it('is never offered again once dismissed', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const el = input();
    await user.click(el);
    for (let i = 0; i < 3; i++) await correction(user, 'f', 'fd');
    await user.click(screen.getByRole('button', { name: 'No, thanks' }));
    expect(localStorage.getItem(OFFER_KEY)).toBe('dismissed');
    expect(localStorage.getItem(MODE_KEY)).toBeNull();
    expect(said()).toBe('Latch mode will not be offered again. You can turn it on in your account settings.');
    expect(document.activeElement).toBe(el);
    for (let i = 0; i < 6; i++) await correction(user, 'f', 'fd');
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
    // Chord mode is unchanged.
    await chord(user, 'fdk');
    expect(said()).toBe('dots 1 2 5, letter h');
    cleanup();
    // A new keyboard (another page) does not offer it either.
    render(<Harness />);
    await tableLoaded();
    const again = input();
    await user.click(again);
    for (let i = 0; i < 3; i++) await correction(user, 'f', 'fd');
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
  });

  it('slow or unrelated corrections bring no offer', async () => {
    const user = userEvent.setup();
    act(() => applyLanguage('en'));
    render(<Harness />);
    await tableLoaded();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T10:00:00Z'));
    const el = input();
    await user.click(el);
    // Each written again with other dots (a mistake, not a lost key).
    for (let i = 0; i < 4; i++) await correction(user, 'fd', 'fj');
    // Each superset coming after a long pause.
    for (let i = 0; i < 4; i++) {
      await chord(user, 'f');
      await user.keyboard('{Backspace}');
      vi.advanceTimersByTime(15_000);
      await chord(user, 'fd');
    }
    expect(screen.queryByRole('button', { name: 'Switch to latch mode' })).toBeNull();
  });
});
