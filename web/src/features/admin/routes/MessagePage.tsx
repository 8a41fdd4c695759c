import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextArea } from '@/components/Field';
import { Page } from '@/components/Page';
import { errorText } from '@/lib/mutation';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import { type MessageStatus } from '../api/admin';
import { useMessage, useMessageChange } from '../api/queries';
import { ADMIN_NS } from '../i18n';

/** `/admin/messages/:id`: the message (opening it marks it read), its replies, a reply form and status. */
export function MessagePage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { id = '' } = useParams();
  const message = useMessage(id);
  const data = message.data;
  const error = loadErrorText(message.error, t('loadError'));
  const [reply, setReply] = useState('');
  const [replyError, setReplyError] = useState('');
  const [status, setStatus] = useState('');
  const replying = useMessageChange(t('sendError'));
  const marking = useMessageChange(t('sendError'));
  const busy = replying.pending || marking.pending;
  const lang = i18n.language;

  function send(e: FormEvent) {
    e.preventDefault();
    if (busy || !data) return;
    if (!reply.trim()) {
      setReplyError(t('messages.replyRequired'));
      document.getElementById('mr-text')?.focus();
      return;
    }
    setReplyError('');
    setStatus('');
    replying.mutate(
      { id: data.id, reply: reply.trim() },
      {
        onSuccess: (res) => {
          setReply('');
          setStatus(res.message);
        },
        onError: (err) => {
          setReplyError(errorText(err, t('sendError')));
          document.getElementById('mr-text')?.focus();
        },
      },
    );
  }

  function mark(s: MessageStatus) {
    if (busy || !data) return;
    marking.mutate({ id: data.id, status: s }, { onSuccess: (res) => setStatus(res.message) });
  }

  if (!data) {
    return (
      <Page title={error ? t('messages.title') : t('loading')}>
        <ErrorAlert>{error}</ErrorAlert>
        <p>
          <Link to="/admin/messages">{t('messages.back')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={data.subject} docTitle={`${data.subject} — ${t('site')}`}>
      <p>
        <Link to="/admin/messages">{t('messages.back')}</Link>
      </p>
      <ErrorAlert>{marking.errorText}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      <dl className="admin-dl">
        <dt>{t('messages.from')}</dt>
        <dd>
          <bdi>{data.name}</bdi> <span dir="ltr">&lt;{data.email}&gt;</span>
        </dd>
        <dt>{t('messages.received')}</dt>
        <dd>{formatDateTime(data.created_at, lang)}</dd>
        <dt>{t('messages.language')}</dt>
        <dd>{t(`messages.languages.${data.lang}`)}</dd>
        <dt>{t('messages.status')}</dt>
        <dd data-testid="message-status">{t(`messages.statuses.${data.status}`)}</dd>
      </dl>
      <section aria-labelledby="msg-heading" className="card">
        <h2 id="msg-heading">{t('messages.message')}</h2>
        {/* Plain text from a visitor: rendered as text, never as HTML. */}
        <p className="admin-message-text" dir="auto">
          {data.message}
        </p>
      </section>
      <p className="actions">
        {data.status !== 'handled' ? (
          <button type="button" className="btn btn-secondary" onClick={() => void mark('handled')}>
            {t('messages.markHandled')}
          </button>
        ) : null}
        {data.status !== 'archived' ? (
          <button type="button" className="btn btn-secondary" onClick={() => void mark('archived')}>
            {t('messages.markArchived')}
          </button>
        ) : null}
        {data.status !== 'new' ? (
          <button type="button" className="btn btn-secondary" onClick={() => void mark('new')}>
            {t('messages.markNew')}
          </button>
        ) : null}
      </p>
      <section aria-labelledby="replies-heading">
        <h2 id="replies-heading">{t('messages.replies')}</h2>
        {data.replies.length === 0 ? (
          <p>{t('messages.noReplies')}</p>
        ) : (
          <ul data-testid="message-replies">
            {data.replies.map((r) => (
              <li key={r.id} className="card">
                <p className="muted">{t('messages.repliedBy', { name: `\u2068${r.author?.name ?? ''}\u2069`, date: formatDateTime(r.created_at, lang) })}</p>
                <p className="admin-reply-text" dir="auto">
                  {r.text}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="form card" noValidate onSubmit={send} aria-labelledby="reply-heading">
        <h2 id="reply-heading">{t('messages.reply')}</h2>
        <TextArea idPrefix="mr" name="text" label={t('messages.reply')} required value={reply} onChange={setReply} error={replyError} hint={t('messages.replyHint', { email: data.email })} />
        <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
          {t('messages.sendReply')}
        </button>
      </form>
    </Page>
  );
}
