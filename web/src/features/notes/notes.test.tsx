import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { publishLive, publishResync } from '@/lib/realtime';
import { appStore } from '@/lib/state';
import { addReply, isSearchQuery, noteFromPayload, replyFromPayload, upsertNote, type Note } from './api/notes';
import { ContactPage } from './routes/ContactPage';
import { NotesPage } from './routes/NotesPage';
import { fakeApiReplies, type Recorded, type Reply } from '@/test/server';
import { pageTestsInEnglish, signIn } from '@/test/session';

const SUP = 1;
const SARA = 7;

const note = (id: number, extra: Partial<Note> = {}): Note => ({
  id,
  sender_id: SUP,
  sender_name: 'Mona',
  recipient_id: SARA,
  recipient_name: 'Sara',
  recipient_type: 'student',
  text: `note ${id}`,
  created_at: '2026-11-02T10:00:00Z',
  replies: [],
  ...extra,
});

const reply = (id: number, noteId: number, author = SARA, text = `reply ${id}`) => ({
  id,
  note_id: noteId,
  author_id: author,
  author_name: author === SARA ? 'Sara' : 'Mona',
  author_type: author === SARA ? ('student' as const) : ('supervisor' as const),
  text,
  created_at: '2026-11-02T10:05:00Z',
});

let requests: Recorded[];

function server(routes: Record<string, (body: unknown, url: string) => Reply>) {
  requests = fakeApiReplies(routes);
}

function page(ui: React.ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }]);
  return render(
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

pageTestsInEnglish();

describe('note helpers', () => {
  it('search needs "@" and something after it', () => {
    expect(isSearchQuery('@sara')).toBe(true);
    expect(isSearchQuery('  @ sara ')).toBe(true);
    expect(isSearchQuery('sara')).toBe(false);
    expect(isSearchQuery('@')).toBe(false);
    expect(isSearchQuery('@   ')).toBe(false);
    expect(isSearchQuery('sara@example.com')).toBe(false);
  });

  it('replies join their note once, in order; a note upsert keeps known replies', () => {
    let list = [note(2), note(1)];
    list = addReply(list, reply(5, 1));
    list = addReply(list, reply(5, 1));
    list = addReply(list, reply(4, 1));
    expect(list[1].replies.map((r) => r.id)).toEqual([4, 5]);
    expect(addReply(list, reply(9, 99))).toEqual(list);
    list = upsertNote(list, note(1));
    expect(list.map((n) => n.id)).toEqual([2, 1]);
    expect(list[1].replies.map((r) => r.id)).toEqual([4, 5]);
    expect(upsertNote(list, note(3)).map((n) => n.id)).toEqual([3, 2, 1]);
  });

  it('reads notes and replies from event payloads, or nothing from broken ones', () => {
    expect(noteFromPayload({ note: { ...note(1), replies: undefined } })?.replies).toEqual([]);
    expect(noteFromPayload({ note: 'x' })).toBeNull();
    expect(replyFromPayload({ note_id: 1, reply: reply(2, 1) })?.id).toBe(2);
    expect(replyFromPayload({ reply: { id: 2 } })).toBeNull();
  });
});

describe('NotesPage (student)', () => {
  beforeEach(() => {
    signIn(SARA, 'student');
    server({
      'GET /api/notes': () => ({ body: { notes: [note(1)] } }),
      'POST /api/notes/*': (body) => ({ status: 201, body: { message: 'Note answered', reply: reply(10, 1, SARA, (body as { text: string }).text) } }),
    });
  });

  it('lists received notes, replies ("Note answered"), and takes new notes and replies live', async () => {
    const user = userEvent.setup();
    page(<NotesPage />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Note from Mona' })).toBeTruthy();
    await user.type(screen.getByLabelText(/^Your reply/), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Note answered')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')).toMatchObject({ url: '/api/notes/1/reply', body: { text: 'Thank you!' } });
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(document.querySelector('.thread-reply-label')?.textContent).toMatch(/^You · /);

    act(() => publishLive({ id: 70, kind: 'note.received', payload: { note: note(2, { text: 'A second note' }) }, created_at: '' }));
    expect(await screen.findByText('A second note')).toBeTruthy();
    act(() => publishLive({ id: 71, kind: 'note.replied', payload: { note_id: 2, reply: reply(11, 2, SUP, 'From the supervisor') }, created_at: '' }));
    expect(await screen.findByText('From the supervisor')).toBeTruthy();
  });

  it('a reply that cannot be sent says so, keeps the text and can be sent again', async () => {
    server({
      'GET /api/notes': () => ({ body: { notes: [note(1)] } }),
      'POST /api/notes/*': () => ({ status: 500, body: { code: 'internal', message: 'The server could not save the reply' } }),
    });
    const user = userEvent.setup();
    page(<NotesPage />);
    await screen.findByRole('heading', { level: 2, name: 'Note from Mona' });
    await user.type(screen.getByLabelText(/^Your reply/), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent === 'The server could not save the reply')).toBe(true));
    expect(screen.getByRole('button', { name: 'Send reply' }).getAttribute('aria-disabled')).toBeNull();
    expect((screen.getByLabelText(/^Your reply/) as HTMLTextAreaElement).value).toBe('Thank you!');
    expect(document.querySelector('.thread-reply')).toBeNull();
  });

  it('never shows an older answer after a newer one', async () => {
    // The first load is slow and the reload (after a resync) fast: the slow, older list arrives last.
    let releaseFirst: (r: Response) => void = () => {};
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        calls += 1;
        if (calls === 1) return new Promise<Response>((resolve) => (releaseFirst = resolve));
        return Promise.resolve(new Response(JSON.stringify({ notes: [note(2, { text: 'The newer list' }), note(1)] })));
      }),
    );
    page(<NotesPage />);
    await waitFor(() => expect(calls).toBe(1));
    act(() => publishResync());
    expect(await screen.findByText('The newer list')).toBeTruthy();
    await act(async () => releaseFirst(new Response(JSON.stringify({ notes: [note(1, { text: 'The older list' })] }))));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText('The newer list')).toBeTruthy();
    expect(screen.queryByText('The older list')).toBeNull();
  });
});

describe('ContactPage (supervisor)', () => {
  let stored: Note[];
  beforeEach(() => {
    stored = [];
    signIn(SUP, 'supervisor');
    server({
      // Holds what a real server would: the page may reload the list at any point.
      'GET /api/notes': () => ({ body: { notes: stored } }),
      'GET /api/users/search*': () => ({ body: { users: [{ id: SARA, name: 'Sara', email: 'sara@example.com', type: 'student', avatar: null }] } }),
      'POST /api/notes': (body) => {
        const created = note(5, { text: (body as { text: string }).text });
        stored = [created];
        return { status: 201, body: { message: 'Note sent', note: created } };
      },
    });
  });

  it("lists only the notes sent to this page's kind of recipient", async () => {
    server({
      'GET /api/notes': () => ({
        body: {
          notes: [
            note(1, { text: 'to a student', recipient_type: 'student' }),
            note(2, { text: 'to an instructor', recipient_type: 'instructor', recipient_id: 9, recipient_name: 'Omar' }),
          ],
        },
      }),
    });
    page(<ContactPage type="instructor" />);
    expect(await screen.findByText('to an instructor')).toBeTruthy();
    expect(screen.queryByText('to a student')).toBeNull();
  });

  it('searches only after "@" (Enter submits), writes a note ("Note sent") and shows the reply live', async () => {
    const user = userEvent.setup();
    page(<ContactPage type="student" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact students' })).toBeTruthy();
    expect(screen.getByRole('search', { name: 'Find a student' })).toBeTruthy();
    const box = screen.getByLabelText(/^Search for a student/);

    await user.type(box, 'sara{Enter}');
    expect(await screen.findByText('Type @ first, then part of the name or e-mail, to search')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((r) => r.url.startsWith('/api/users/search'))).toBe(false);

    await user.clear(box);
    await user.type(box, '@sara{Enter}');
    await screen.findByText('1 person found');
    expect(requests.find((r) => r.url.startsWith('/api/users/search'))?.url).toBe('/api/users/search?type=student&q=%40sara');
    expect(box.getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Write a note to Sara' }));
    const text = await screen.findByLabelText(/^Note/);
    await waitFor(() => expect(document.activeElement).toBe(text));
    await user.type(text, 'Well done in lesson one');
    await user.click(screen.getByRole('button', { name: 'Send note' }));
    await waitFor(() => expect(screen.getAllByRole('status').some((s) => s.textContent === 'Note sent')).toBe(true));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ recipient_id: SARA, text: 'Well done in lesson one' });
    expect(screen.getByRole('heading', { name: 'Note to Sara' })).toBeTruthy();

    const answer = reply(12, 5, SARA, 'Thanks, Mona!');
    stored = [{ ...stored[0], replies: [answer] }];
    act(() => publishLive({ id: 80, kind: 'note.replied', payload: { note_id: 5, reply: answer }, created_at: '' }));
    expect(await screen.findByText('Thanks, Mona!')).toBeTruthy();
  });
});
