import '@/styles/threads.css';
import { useNotesT } from '../i18n';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/components/LoadState';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { sessionAtom } from '@/lib/state';
import { useNotes } from '../api/queries';
import { NoteThread } from '../components/NoteThread';

/** The notes list for both note pages: loaded through the notes query, kept current by live events. */
export function useNotesList() {
  const { t: tc } = useTranslation();
  const { data, isError } = useNotes();
  return { notes: data ?? null, loadError: isError ? tc('errors.unexpectedRetrieving') : '' };
}

/** /student/notes and /instructor/notes: notes received from supervisors, with replies. */
export function NotesPage() {
  const { t } = useNotesT();
  const { t: tc } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const myId = Number(session?.userId ?? 0);
  const { notes, loadError } = useNotesList();
  const received = (notes ?? []).filter((n) => n.recipient_id === myId);

  return (
    <Page title={t('notesTitle')} intro={<p>{t('notesIntro')}</p>}>
      <LoadState loading={notes === null} loadError={loadError} loadingText={tc('common.loading')} />
      {notes === null ? null : received.length ? (
        <ul className="thread-list">
          {received.map((n) => (
            <NoteThread key={n.id} note={n} myId={myId} view="received" level={2} />
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
