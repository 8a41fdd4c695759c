import { langOf } from '@/lib/i18n';
import { useNotesT } from '../i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Rich } from '@/components/Rich';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextArea } from '@/components/Field';
import { formatDateTime } from '@/lib/format';
import { useFormMutation } from '@/lib/forms';
import { type Note } from '../api/notes';
import { useReplyToNote } from '../api/queries';

const ORDER = ['text'];

/** One note with its replies and a reply form ("Note answered" on success; the reply joins the list). */
export function NoteThread({
  note,
  myId,
  view,
  level = 3,
}: {
  note: Note;
  myId: number;
  view: 'received' | 'sent';
  /** Heading level of the note's title (its replies' hidden heading is one below). */
  level?: 2 | 3;
}) {
  const H = level === 2 ? 'h2' : 'h3';
  const Sub = level === 2 ? 'h3' : 'h4';
  const { t, i18n: tI18n } = useNotesT();
  const lang = langOf(tI18n.language);
  const { t: tc } = useTranslation();
  const prefix = `reply-${note.id}`;
  const headingId = `note-${note.id}-heading`;
  const [text, setText] = useState('');
  const [done, setDone] = useState('');
  const fallback = tc('errors.problemSending');
  const { fieldErrors, formError, reset, showFieldErrors, send, busy } = useFormMutation(useReplyToNote(fallback), ORDER, fallback, prefix);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setDone('');
    if (!text.trim()) return showFieldErrors({ text: tc('common.requiredField') });
    send({ noteId: note.id, text: text.trim() }, (res) => {
      setText('');
      setDone(res.message);
    });
  }

  return (
    <li className="thread">
      <H id={headingId} className="thread-title">
        <Rich text={view === 'received' ? t('from') : t('to')} values={{ name: view === 'received' ? note.sender_name : note.recipient_name }} />
      </H>
      <p className="thread-meta">
        <span>
          {t('sentOn')}{' '}
          <bdi>
            <time dateTime={note.created_at}>{formatDateTime(note.created_at, lang)}</time>
          </bdi>
        </span>
      </p>
      <p className="thread-text" dir="auto">
        {note.text}
      </p>
      {note.replies.length ? (
        <>
          <Sub className="visually-hidden">{t('replies')}</Sub>
          <ul className="thread-replies">
            {note.replies.map((r) => (
              <li key={r.id} className="thread-reply">
                <p className="thread-reply-label">
                  <bdi>{r.author_id === myId ? t('you') : r.author_name}</bdi>
                  {' · '}
                  <bdi>
                    <time dateTime={r.created_at}>{formatDateTime(r.created_at, lang)}</time>
                  </bdi>
                </p>
                <p className="thread-text" dir="auto">
                  {r.text}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="form thread-form">
        <ErrorAlert>{formError}</ErrorAlert>
        <TextArea name="text" idPrefix={prefix} label={t('yourReply')} value={text} onChange={setText} required error={fieldErrors.text} />
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {busy ? tc('common.sending') : t('sendReply')}
        </button>
        <StatusMessage>{done}</StatusMessage>
      </form>
    </li>
  );
}
