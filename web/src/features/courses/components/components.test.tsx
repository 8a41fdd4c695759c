import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { fakeFetch, json, type Recorded } from '@/test/server';
import { applyLanguage } from '@/lib/i18n';
import { publishLive, useLiveEvent, type LiveEvent } from '@/lib/realtime';
import { emptyCourse, MAX_UPLOAD_BYTES } from '../lib/builder';
import { coursesT } from '../i18n';
import { cellName, LetterCells } from './Cells';
import { __clearContractionsCache } from '@/components/braille/contractions';
import { ConfirmDialog } from './ConfirmDialog';
import { CourseBuilder } from './CourseBuilder';

const SPEC_EN = 'Please ensure the course has at least one chapter and one lesson and that each chapter and lesson has a title and description.';
const txt = coursesT('en');

let calls: Recorded[];

const TABLE = {
  lang: 'en',
  entries: [
    { print: 'a', kind: 'letter', name: 'a', name_en: 'a', name_ar: 'a', cells: [{ unicode: '⠁', dots: [1], meaning: 'a' }] },
    { print: 'b', kind: 'letter', name: 'b', name_en: 'b', name_ar: 'b', cells: [{ unicode: '⠃', dots: [1, 2], meaning: 'b' }] },
    { print: 'h', kind: 'letter', name: 'h', name_en: 'h', name_ar: 'h', cells: [{ unicode: '⠓', dots: [1, 2, 5], meaning: 'h' }] },
    { print: ',', kind: 'punctuation', name: 'comma', name_en: 'comma', name_ar: 'فاصلة', cells: [{ unicode: '⠂', dots: [2], meaning: null }] },
  ],
};

const cellOf = (dots: number[]) => ({ unicode: String.fromCharCode(0x2800 + dots.reduce((b, d) => b | (1 << (d - 1)), 0)), dots, meaning: null });
/** An extract of GET /api/braille/contractions?lang=en (the engine's teaching order). */
const CONTRACTIONS = {
  lang: 'en',
  contractions: [
    { id: 'en:but', print: 'but', kind: 'alphabetic_wordsign', cells: [cellOf([1, 2])], cells_in_word: null },
    { id: 'en:the', print: 'the', kind: 'strong_contraction', cells: [cellOf([2, 3, 4, 6])], cells_in_word: null },
    { id: 'en:and', print: 'and', kind: 'strong_contraction', cells: [cellOf([1, 2, 3, 4, 6])], cells_in_word: null },
    { id: 'en:ch', print: 'ch', kind: 'strong_groupsign', cells: [cellOf([1, 6])], cells_in_word: null },
  ],
};

function server(handler: (c: Recorded) => Response) {
  calls = fakeFetch(handler);
}

beforeEach(() => {
  act(() => applyLanguage('en'));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  act(() => applyLanguage('ar'));
});

describe('useLiveEvent', () => {
  function Listener({ kinds, onEvent }: { kinds: string[]; onEvent: (e: LiveEvent) => void }) {
    useLiveEvent(kinds, onEvent);
    return null;
  }

  it('calls the handler for the wanted kinds only, and stops after unmount', () => {
    const seen: string[] = [];
    const { unmount } = render(<Listener kinds={['request.created', 'request.decided']} onEvent={(e) => seen.push(`${e.kind}:${e.id}`)} />);
    const ev = (id: number, kind: string): LiveEvent => ({ id, kind, payload: {}, created_at: '2026-01-01T00:00:00Z' });
    act(() => {
      publishLive(ev(1, 'request.created'));
      publishLive(ev(2, 'question.asked'));
      publishLive({ ...ev(3, 'request.decided'), payload: { course_status: 'active' } });
      publishLive(ev(6, 'badge.questions'));
    });
    expect(seen).toEqual(['request.created:1', 'request.decided:3']);
    unmount();
    act(() => publishLive(ev(7, 'request.created')));
    expect(seen).toHaveLength(2);
  });
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Enrol in this course
        </button>
        <ConfirmDialog open={open} title="Enrol in “Letters”?" confirmLabel="Enrol" cancelLabel="Cancel" onConfirm={onConfirm} onClose={() => setOpen(false)}>
          <p>You will find it under My courses.</p>
        </ConfirmDialog>
      </>
    );
  }

  it('is a labelled modal that starts on cancel, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Enrol in this course' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Enrol in “Letters”?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('You will find it under My courses.');
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Enrol' });
    expect(document.activeElement).toBe(cancel);
    // Cancel is the last button: Tab wraps to the first, Shift+Tab back.
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(cancel);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});

describe('LetterCells', () => {
  it('names each cell by its dots and its letter', () => {
    render(<LetterCells letters={[{ print: 'h', cells: [{ unicode: '⠓', dots: [1, 2, 5], meaning: 'h' }] }, { print: '1', cells: [{ unicode: '⠼', dots: [3, 4, 5, 6], meaning: null }, { unicode: '⠁', dots: [1], meaning: 'a' }] }]} txt={txt} />);
    expect(screen.getByRole('img', { name: 'dots 1 2 5, letter h' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'dots 3 4 5 6, then dots 1, digit 1' })).toBeTruthy();
    expect(cellName({ print: 'ب', cells: [{ unicode: '⠃', dots: [1, 2], meaning: null }] }, coursesT('ar'))).toBe('النقاط 1 2، الحرف ب');
  });
});

describe('CourseBuilder', () => {
  function renderBuilder(onSaved = vi.fn()) {
    render(<CourseBuilder initial={emptyCourse('en')} txt={txt} onSaved={onSaved} />);
    return onSaved;
  }

  /** Chooses in a select, or types into an emptied field. */
  async function fill(user: UserEvent, label: string | RegExp, value: string, index = 0) {
    const field = screen.getAllByLabelText(label)[index];
    if (field instanceof HTMLSelectElement) return user.selectOptions(field, value);
    await user.clear(field);
    await user.type(field, value);
  }

  async function fillCourse(user: UserEvent) {
    await fill(user, /^Course title/, 'Braille letters A–J');
    await fill(user, /^Course type/, 'reading');
    await fill(user, /^Duration in days/, '14');
    await fill(user, /^Description/, 'The first letters');
    await fill(user, /^Category/, 'letters');
    await fill(user, /^Level/, 'beginner');
    await fill(user, /^Chapter title/, 'First letters');
    await fill(user, /^Chapter description/, 'a to e');
    await fill(user, /^Lesson title/, 'Letter a');
    await fill(user, /^Lesson description/, 'One dot');
  }

  it('checks the spec §5 rule in the page before sending, with its exact message, and focuses the first invalid field', async () => {
    const user = userEvent.setup();
    server((c) => (c.url.includes('braille/table') ? json(200, TABLE) : json(500, {})));
    renderBuilder();
    await fill(user, /^Course title/, 'Letters');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    const alert = screen.getAllByRole('alert').find((a) => a.textContent);
    expect(alert?.textContent).toBe(SPEC_EN);
    const chapterTitle = screen.getByLabelText(/^Chapter title/);
    expect(chapterTitle.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(chapterTitle.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe('This field is required');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Course type/)));
    expect(calls.filter((c) => c.url.includes('/api/courses'))).toHaveLength(0);
  });

  it('reorders lessons with buttons, announces the move and keeps focus on the moved lesson', async () => {
    const user = userEvent.setup();
    server((c) => (c.url.includes('braille/table') ? json(200, TABLE) : json(500, {})));
    renderBuilder();
    await user.click(screen.getByRole('button', { name: /Add a lesson to chapter 1/ }));
    await fill(user, /^Lesson title/, 'First', 0);
    await fill(user, /^Lesson title/, 'Second', 1);
    const up = screen.getByRole('button', { name: /Move lesson 2 of chapter 1 up/ });
    expect(screen.getByRole('button', { name: /Move lesson 1 of chapter 1 up/ }).hasAttribute('disabled')).toBe(true);
    await user.click(up);
    const titles = screen.getAllByLabelText(/^Lesson title/) as HTMLInputElement[];
    expect(titles.map((t) => t.value)).toEqual(['Second', 'First']);
    expect(screen.getByText('Lesson moved to position 1 of 2 in chapter 1.')).toBeTruthy();
    // The moved lesson is now first: its "up" button is disabled, so focus is on its "down" button.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Move lesson 1 of chapter 1 down'));
    expect(screen.getByRole('heading', { name: 'Lesson 1: Second' })).toBeTruthy();
  });

  it('sends the CourseInput with the chosen letters and ties a server field error to its input', async () => {
    const user = userEvent.setup();
    server((c) => {
      if (c.url.includes('braille/table')) return json(200, TABLE);
      if (c.url.endsWith('/api/courses') && c.method === 'POST')
        return json(400, { code: 'field_too_long', message: 'The field “chapters[0].lessons[0].rule” is too long (at most 5000 characters)', field: 'chapters[0].lessons[0].rule' });
      return json(404, {});
    });
    renderBuilder();
    await fillCourse(user);
    await user.click(screen.getByText('Choose letters (0 chosen)'));
    const h = await screen.findByRole('checkbox', { name: 'h, dots 1 2 5' });
    await user.click(h);
    await user.click(screen.getByRole('checkbox', { name: 'a, dots 1' }));
    expect(screen.queryByRole('checkbox', { name: /comma/ })).toBeNull();
    expect(screen.getByRole('img', { name: 'dots 1, letter a' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { chapters: Array<{ lessons: Array<{ letters: string[] }> }>; duration_days: number; image_media_id: null };
    expect(body.chapters[0].lessons[0].letters).toEqual(['a', 'h']);
    expect(body.duration_days).toBe(14);
    expect(body.image_media_id).toBeNull();
    const rule = screen.getByLabelText(/^Rule/);
    await waitFor(() => expect(rule.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('The field “chapters[0].lessons[0].rule” is too long (at most 5000 characters)')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(rule));
  });

  it('on a contracted course, picks each lesson\'s contractions by kind, with search, and sends them with the grade', async () => {
    const user = userEvent.setup();
    server((c) => {
      if (c.url.includes('braille/table')) return json(200, TABLE);
      if (c.url.includes('braille/contractions?lang=en')) return json(200, CONTRACTIONS);
      if (c.url.endsWith('/api/courses') && c.method === 'POST')
        return json(400, { code: 'field_invalid', message: 'This value is not valid', field: 'chapters[0].lessons[1].contractions[0]' });
      return json(404, {});
    });
    __clearContractionsCache();
    renderBuilder();
    await fillCourse(user);
    // Uncontracted by default: no contraction picker.
    expect((screen.getByLabelText(/^Braille grade/) as HTMLSelectElement).value).toBe('1');
    expect(screen.queryByText(/^Choose contractions/)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Braille grade/), '2');
    await user.click(screen.getByRole('button', { name: /Add a lesson to chapter 1/ }));
    await fill(user, /^Lesson title/, 'and', 1);
    await fill(user, /^Lesson description/, 'd', 1);
    const pickers = screen.getAllByText('Choose contractions (0 chosen)');
    expect(pickers).toHaveLength(2);

    // Lesson 1: grouped by kind, each named by its print and dots.
    const details1 = pickers[0].closest('details')!;
    await user.click(pickers[0]);
    const strong = await screen.findByRole('group', { name: 'Strong contractions: written anywhere' }, { timeout: 5000 });
    const inStrong = within(strong).getAllByRole('checkbox');
    expect(inStrong).toEqual([within(strong).getByRole('checkbox', { name: 'the, dots 2 3 4 6' }), within(strong).getByRole('checkbox', { name: 'and, dots 1 2 3 4 6' })]);
    expect(screen.getByRole('group', { name: 'Alphabetic wordsigns: a letter alone is a word' })).toBeTruthy();
    await user.type(screen.getByLabelText('Find a contraction'), '2346');
    expect(screen.getByText('1 contraction shown.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /^and/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'the, dots 2 3 4 6' }));
    await user.clear(screen.getByLabelText('Find a contraction'));
    await user.type(screen.getByLabelText('Find a contraction'), 'ch');
    expect(screen.getByRole('group', { name: 'Strong groupsigns: letter groups anywhere in a word' })).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'ch, dots 1 6' }));
    expect(screen.getByText('Choose contractions (2 chosen)')).toBeTruthy();
    // The chosen ones are drawn, in the engine's order.
    const chosen = details1.parentElement!.querySelectorAll('.crs-chosen [role=img]');
    expect(Array.from(chosen).map((e) => e.getAttribute('aria-label'))).toEqual(['the, dots 2 3 4 6', 'ch, dots 1 6']);

    // Lesson 2 knows what lesson 1 taught.
    const summary2Text = screen.getByText('Choose contractions (0 chosen)');
    const details2 = summary2Text.closest('details')!;
    await user.click(summary2Text);
    await waitFor(() => expect(within(details2).getAllByRole('checkbox')).toHaveLength(4));
    expect(within(details2).getByRole('checkbox', { name: 'the, dots 2 3 4 6, already introduced in an earlier lesson' })).toBeTruthy();
    await user.click(within(details2).getByRole('checkbox', { name: 'and, dots 1 2 3 4 6' }));

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as { braille_grade: number; chapters: Array<{ lessons: Array<{ contractions: string[] }> }> };
    expect(body.braille_grade).toBe(2);
    expect(body.chapters[0].lessons.map((l) => l.contractions)).toEqual([['en:the', 'en:ch'], ['en:and']]);
    // The server refuses lesson 2's first contraction: its picker is marked and focused.
    const summary2 = details2.querySelector('summary')!;
    await waitFor(() => expect(document.activeElement).toBe(summary2));
    expect(screen.getByText('This value is not valid')).toBeTruthy();
    expect(summary2.getAttribute('aria-describedby')).toBe(`${summary2.id}-error`);

    // Back to uncontracted: the pickers go and no contractions are sent.
    await user.selectOptions(screen.getByLabelText(/^Braille grade/), '1');
    expect(screen.queryByText(/^Choose contractions/)).toBeNull();
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const plain = calls.find((c) => c.method === 'POST')!.body as { braille_grade: number; chapters: Array<{ lessons: Array<{ contractions: string[] }> }> };
    expect(plain.braille_grade).toBe(1);
    expect(plain.chapters[0].lessons.map((l) => l.contractions)).toEqual([[], []]);
  }, 20_000);

  it('a save that never reached the server says so in the alert; the button works again and nothing is saved', async () => {
    const user = userEvent.setup();
    server((c) => {
      if (c.url.includes('braille/table')) return json(200, TABLE);
      if (c.url.endsWith('/api/courses') && c.method === 'POST') throw new TypeError('Failed to fetch');
      return json(404, {});
    });
    const onSaved = renderBuilder();
    await fillCourse(user);
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(txt('common.sendError')));
    const save = screen.getByRole('button', { name: 'Save as draft' });
    expect(save.getAttribute('aria-disabled')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  }, 15_000);

  it("an upload the server refuses says why on its field, and the form does not wait for it", async () => {
    const user = userEvent.setup();
    server((c) => {
      if (c.url.includes('braille/table')) return json(200, TABLE);
      if (c.url.includes('/api/media')) return json(415, { code: 'unsupported_type', message: 'This type of file is not accepted' });
      return json(404, {});
    });
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    const input = screen.getByLabelText(/^File to upload/) as HTMLInputElement;
    await user.upload(input, new File(['RIFF'], 'a.wav', { type: 'audio/wav' }));
    expect(await screen.findByText('This type of file is not accepted')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-busy')).toBeNull();
    expect(input.value).toBe('');
    // No upload under way: saving checks the form instead of asking to wait.
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(screen.queryByText(txt('builder.waitUpload'))).toBeNull();
  });

  it('refuses a file over 50 MB before uploading, with the spec message', async () => {
    const user = userEvent.setup();
    server((c) => (c.url.includes('braille/table') ? json(200, TABLE) : json(201, { id: 1, kind: 'audio', name: 'a.wav', size: 10, content_type: 'audio/wav', url: '/api/media/1?exp=1&sig=x' })));
    renderBuilder();
    await user.click(screen.getByRole('button', { name: 'Add audio' }));
    const input = screen.getByLabelText(/^File to upload/) as HTMLInputElement;
    expect(input.getAttribute('accept')).toContain('audio/mpeg');
    const big = new File(['x'], 'big.wav', { type: 'audio/wav' });
    Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
    await user.upload(input, big);
    expect(await screen.findByText('The file size exceeds the 50MB limit. Please select a smaller file.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.url.includes('/api/media'))).toBe(false);

    const small = new File(['RIFF'], 'lesson one.wav', { type: 'audio/wav' });
    await user.upload(input, small);
    await waitFor(() => expect(calls.map((c) => c.url)).toContain('/api/media?kind=audio'));
    await screen.findByText(/^Uploaded file: a\.wav/);
    const upload = calls.find((c) => c.url.includes('/api/media'))!;
    expect(upload.url).toBe('/api/media?kind=audio');
    expect(upload.method).toBe('POST');
    expect((upload.body as FormData).get('file')).toBe(small);
    // The title was empty: it takes the file's name.
    expect((screen.getAllByLabelText(/^Title/)[0] as HTMLInputElement).value).toBe('a');
  });
});
