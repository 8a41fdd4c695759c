import '@/styles/threads.css';
import { useNotesT } from '../i18n';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Rich } from '@/components/Rich';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { LoadState } from '@/components/LoadState';
import { TextArea, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { useFormErrors, useFormMutation } from '@/lib/forms';
import { useApiMutation } from '@/lib/mutation';
import { sessionAtom } from '@/lib/state';
import { isSearchQuery, searchUsers, type UserHit } from '../api/notes';
import { useSendNote } from '../api/queries';
import { NoteThread } from '../components/NoteThread';
import { useNotesList } from './NotesPage';

const SEARCH_ORDER = ['q'];
const NOTE_ORDER = ['text'];

/**
 * /supervisor/contact/instructor and /supervisor/contact/student: search only once "@" is typed
 * (spec §5: Enter or the button submits), write a note to someone found ("Note sent"), and follow
 * the replies live. The note list shows the notes this supervisor sent to this page's kind of
 * recipient.
 */
export function ContactPage({ type }: { type: 'instructor' | 'student' }) {
  const { t } = useNotesT();
  const { t: tc } = useTranslation();
  const session = useAtomValue(sessionAtom);
  const myId = Number(session?.userId ?? 0);
  const { notes, loadError } = useNotesList();
  const sent = (notes ?? []).filter((n) => n.sender_id === myId && (!n.recipient_type || n.recipient_type === type));

  const [q, setQ] = useState('');
  const [results, setResults] = useState<UserHit[] | null>(null);
  const search = useFormErrors(SEARCH_ORDER, tc('errors.unexpectedRetrieving'), 'search');
  // A search on demand (submitted, not typed): a request with a pending state like a write.
  const lookUp = useApiMutation({ mutationFn: (query: string) => searchUsers(type, query), fallback: tc('errors.unexpectedRetrieving') });
  const searching = lookUp.pending;

  const [recipient, setRecipient] = useState<UserHit | null>(null);
  const [text, setText] = useState('');
  const [done, setDone] = useState('');
  const compose = useFormMutation(useSendNote(tc('errors.problemSending')), NOTE_ORDER, tc('errors.problemSending'), 'compose');
  const sending = compose.busy;

  function onSearch(e: FormEvent) {
    e.preventDefault();
    if (searching) return;
    search.reset();
    if (!isSearchQuery(q)) return search.showFieldErrors({ q: t('searchNeedsAt') });
    lookUp.mutate(q.trim(), {
      onSuccess: setResults,
      onError: (err) => {
        setResults(null);
        search.fail(err);
      },
    });
  }

  function choose(u: UserHit) {
    setRecipient(u);
    setDone('');
    compose.reset();
    window.setTimeout(() => document.getElementById('compose-text')?.focus(), 0);
  }

  function cancel() {
    setRecipient(null);
    setText('');
    compose.reset();
    window.setTimeout(() => document.getElementById('search-q')?.focus(), 0);
  }

  function onSend(e: FormEvent) {
    e.preventDefault();
    if (sending || !recipient) return;
    compose.reset();
    setDone('');
    if (!text.trim()) return compose.showFieldErrors({ text: tc('common.requiredField') });
    compose.send({ to: recipient.id, text: text.trim() }, (res) => {
      setText('');
      setDone(res.message);
    });
  }

  return (
    <Page title={t(`contactTitle.${type}`)} intro={<p>{t(`contactIntro.${type}`)}</p>}>
      <section aria-labelledby="search-heading" className="card">
        <h2 id="search-heading">{t(`searchHeading.${type}`)}</h2>
        <form role="search" aria-labelledby="search-heading" noValidate onSubmit={onSearch} className="form search-form">
          <ErrorAlert>{search.formError}</ErrorAlert>
          <div className="search-row">
            <TextField name="q" idPrefix="search" label={t(`searchLabel.${type}`)} value={q} onChange={setQ} hint={<Rich text={t('searchHint')} />} error={search.fieldErrors.q} dir="auto" autoComplete="off" required />
            <button type="submit" className="btn btn-primary" aria-disabled={searching || undefined}>
              {searching ? t('searching') : t('search')}
            </button>
          </div>
        </form>
        <StatusMessage>{results ? (results.length ? t('found', { count: results.length }) : t('noneFound')) : ''}</StatusMessage>
        {results && results.length ? (
          <>
            <h3>{t('resultsHeading')}</h3>
            <ul className="people">
              {results.map((u) => (
                <li key={u.id} className="person">
                  <bdi className="person-name">{u.name}</bdi>
                  <bdi className="person-email">{u.email}</bdi>
                  <button type="button" className="btn btn-secondary" onClick={() => choose(u)}>
                    <Rich text={t('writeTo')} values={{ name: u.name }} />
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {recipient ? (
        <section aria-labelledby="compose-heading" className="card">
          <h2 id="compose-heading"><Rich text={t('composeHeading')} values={{ name: recipient.name }} /></h2>
          <form noValidate onSubmit={onSend} className="form">
            <ErrorAlert>{compose.formError}</ErrorAlert>
            <TextArea name="text" idPrefix="compose" label={t('note')} value={text} onChange={setText} required hint={t('noteHint')} error={compose.fieldErrors.text} />
            <div className="actions">
              <button type="submit" className="btn btn-primary" aria-disabled={sending || undefined}>
                {sending ? tc('common.sending') : t('sendNote')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={cancel}>
                {t('cancel')}
              </button>
            </div>
            <StatusMessage>{done}</StatusMessage>
          </form>
        </section>
      ) : null}

      <section aria-labelledby="sent-heading">
        <h2 id="sent-heading">{t('sentHeading')}</h2>
        <p>{t('sentIntro')}</p>
        <LoadState loading={notes === null} loadError={loadError} loadingText={tc('common.loading')} />
        {notes === null ? null : sent.length ? (
          <ul className="thread-list">
            {sent.map((n) => (
              <NoteThread key={n.id} note={n} myId={myId} view="sent" />
            ))}
          </ul>
        ) : (
          <EmptyState>
            <p>{t('noneSent')}</p>
          </EmptyState>
        )}
      </section>
    </Page>
  );
}
