import { useNotesT } from '../i18n';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { useLiveEvent, useLiveResync } from '@/lib/realtime';
import { sessionAtom } from '@/lib/state';
import { addReply, listNotes, noteFromPayload, replyFromPayload, upsertNote, type Note } from '../api/notes';
import { NoteThread } from '../components/NoteThread';

/**
 * A shared loader for both note pages: the list, kept current by `note.received` and
 * `note.replied` events (a reply to a note not on the page reloads the list).
 */
export function useNotesList() {
  const { t: tc } = useTranslation();
  const [notes, setNotes] = useState<Note[] | null>(null);
  const [loadError, setLoadError] = useState('');

  const load = useCallback(async () => {
    try {
      setNotes(await listNotes());
      setLoadError('');
    } catch (e) {
      console.warn('notes failed', e);
      setLoadError(tc('errors.unexpectedRetrieving'));
    }
  }, [tc]);

  useEffect(() => {
    void load();
  }, [load]);
  useLiveResync(() => void load());

  useLiveEvent(['note.received', 'note.replied'], (e) => {
    if (e.kind === 'note.received') {
      const n = noteFromPayload(e.payload);
      if (n) setNotes((cur) => upsertNote(cur ?? [], n));
      return;
    }
    const r = replyFromPayload(e.payload);
    if (!r) return;
    if (notes && !notes.some((n) => n.id === r.note_id)) void load();
    else setNotes((cur) => addReply(cur ?? [], r));
  });

  return { notes, setNotes, loadError };
}

/** /student/notes and /instructor/notes: notes received from supervisors, with replies. */
export function NotesPage() {
  const { t } = useNotesT();
  const { t: tc } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const myId = Number(session?.userId ?? 0);
  const { notes, setNotes, loadError } = useNotesList();
  const received = (notes ?? []).filter((n) => n.recipient_id === myId);

  return (
    <Page title={t('notesTitle')} intro={<p>{t('notesIntro')}</p>}>
      <ErrorAlert>{loadError}</ErrorAlert>
      {notes === null ? (
        loadError ? null : <p>{tc('common.loading')}</p>
      ) : received.length ? (
        <ul className="thread-list">
          {received.map((n) => (
            <NoteThread key={n.id} note={n} myId={myId} view="received" level={2} onReplied={(r) => setNotes((cur) => addReply(cur ?? [], r))} />
          ))}
        </ul>
      ) : (
        <EmptyState>
          <p>{t('noNotes')}</p>
        </EmptyState>
      )}
    </Page>
  );
}
