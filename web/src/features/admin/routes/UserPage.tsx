import { useAtomValue } from 'jotai';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { SelectField } from '@/components/Field';
import { Page } from '@/components/Page';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import { sessionAtom } from '@/lib/state';
import { USER_TYPES, type UserType } from '../api/admin';
import { useChangeUser, useUser, useUserMail } from '../api/queries';
import { AdminTable } from '../components/AdminTable';
import { AuditTable } from '../components/AuditTable';
import { ADMIN_NS } from '../i18n';

/** `/admin/users/:id`: profile, courses, certificates, recent actions and the account's actions. */
export function UserPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const { id = '' } = useParams();
  const session = useAtomValue(sessionAtom);
  const user = useUser(id);
  const data = user.data;
  const error = loadErrorText(user.error, t('loadError'));
  const [status, setStatus] = useState('');
  const userChange = useChangeUser(t('sendError'));
  const userMail = useUserMail(t('sendError'));
  const busy = userChange.pending || userMail.pending;
  const [confirming, setConfirming] = useState(false);
  const [newType, setNewType] = useState<UserType | ''>('');
  const lang = i18n.language;
  // One action at a time; its outcome replaces the last one's, whichever it was.
  const told = { onSuccess: (res: { message: string }) => setStatus(res.message), onSettled: () => setConfirming(false) };

  function change(id: number, body: { active?: boolean; type?: UserType }) {
    if (busy) return;
    setStatus('');
    userMail.reset();
    userChange.mutate({ id, body }, told);
  }

  function sendMail(id: number, mail: 'activation' | 'reset') {
    if (busy) return;
    setStatus('');
    userChange.reset();
    userMail.mutate({ id, mail }, told);
  }

  if (!data) {
    return (
      <Page title={error ? t('user.back') : t('loading')}>
        <ErrorAlert>{error}</ErrorAlert>
        <p>
          <Link to="/admin/users">{t('user.back')}</Link>
        </p>
      </Page>
    );
  }
  const u = data.user;
  const self = session?.userId === String(u.id);
  const profile = Object.entries(data.profile ?? {}).filter(([, v]) => v !== null && v !== '');

  return (
    <Page title={u.name} docTitle={`${u.name} — ${t('site')}`}>
      <p>
        <Link to="/admin/users">{t('user.back')}</Link>
      </p>
      <ErrorAlert>{userChange.errorText || userMail.errorText}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      <div className="admin-two">
        <section aria-labelledby="account-heading" className="card">
          <h2 id="account-heading">{t('user.account')}</h2>
          <dl className="admin-dl">
            <dt>{t('users.email')}</dt>
            <dd dir="ltr">{u.email}</dd>
            <dt>{t('users.type')}</dt>
            <dd data-testid="user-type">{t(`types.${u.type}`)}</dd>
            <dt>{t('users.active')}</dt>
            <dd data-testid="user-active">
              {u.active ? t('users.activeYes') : t('users.activeNo')}
              {u.deactivated_at ? ` (${t('user.deactivatedOn', { date: formatDateTime(u.deactivated_at, lang) })})` : ''}
            </dd>
            <dt>{t('users.activated')}</dt>
            <dd>{u.activated ? t('users.activatedYes') : t('users.activatedNo')}</dd>
            <dt>{t('users.joined')}</dt>
            <dd>{formatDateTime(u.created_at, lang)}</dd>
          </dl>
        </section>
        <section aria-labelledby="profile-heading" className="card">
          <h2 id="profile-heading">{t('user.profile')}</h2>
          {profile.length ? (
            <dl className="admin-dl">
              {profile.map(([k, v]) => (
                <Fragment key={k}>
                  <dt>{t(`user.fields.${k}`, { defaultValue: k })}</dt>
                  <dd>{String(v)}</dd>
                </Fragment>
              ))}
            </dl>
          ) : (
            <p>{t('none')}</p>
          )}
        </section>
      </div>
      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">{t('user.actions')}</h2>
        <p className="actions">
          {u.active ? (
            <button type="button" className="btn btn-secondary admin-danger" aria-disabled={self || busy || undefined} onClick={() => !self && setConfirming(true)}>
              {t('user.deactivate')}
            </button>
          ) : (
            <button type="button" className="btn btn-secondary" aria-disabled={busy || undefined} onClick={() => change(u.id, { active: true })}>
              {t('user.reactivate')}
            </button>
          )}
          {!u.activated ? (
            <button type="button" className="btn btn-secondary" aria-disabled={busy || undefined} onClick={() => sendMail(u.id, 'activation')}>
              {t('user.resend')}
            </button>
          ) : null}
          <button type="button" className="btn btn-secondary" aria-disabled={busy || undefined} onClick={() => sendMail(u.id, 'reset')}>
            {t('user.sendReset')}
          </button>
        </p>
        <form
          className="admin-filters"
          aria-labelledby="type-heading"
          onSubmit={(e) => {
            e.preventDefault();
            if (newType && newType !== u.type) change(u.id, { type: newType });
          }}
        >
          <h3 id="type-heading" className="visually-hidden">
            {t('user.changeType')}
          </h3>
          <SelectField
            idPrefix="ut"
            name="type"
            label={t('user.newType')}
            value={newType || u.type}
            onChange={(v) => setNewType(v as UserType)}
            options={USER_TYPES.map((x) => ({ value: x, label: t(`types.${x}`) }))}
          />
          <button type="submit" className="btn btn-secondary" aria-disabled={self || busy || undefined}>
            {t('user.applyType')}
          </button>
        </form>
      </section>
      <section aria-labelledby="courses-heading">
        <h2 id="courses-heading">{t('user.courses')}</h2>
        {data.courses.length === 0 ? (
          <p>{t('user.noCourses')}</p>
        ) : (
          <AdminTable
            caption={t('user.courses')}
            captionClassName="visually-hidden"
            columns={[t('courses.course'), t('user.role'), t('courses.status'), t('user.enrolled')]}
          >
            {data.courses.map((c) => (
              <tr key={`${c.role}-${c.id}`}>
                <th scope="row">
                  <bdi>{c.title}</bdi>
                </th>
                <td>{t(`types.${c.role}`)}</td>
                <td>{t(`courseStatus.${c.status}`, { defaultValue: c.status })}</td>
                <td>{c.enrolled_count}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </section>
      <section aria-labelledby="certs-heading">
        <h2 id="certs-heading">{t('user.certificates')}</h2>
        {data.certificates.length === 0 ? (
          <p>{t('user.noCertificates')}</p>
        ) : (
          <ul>
            {data.certificates.map((c) => (
              <li key={c.code}>
                <bdi>{c.course_title}</bdi> — <code dir="ltr">{c.code}</code> — {c.status === 'valid' ? t('certificates.valid') : t('certificates.revoked')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading">{t('user.recent')}</h2>
        {data.recent_actions.length === 0 ? <p>{t('user.noActions')}</p> : <AuditTable entries={data.recent_actions} caption={t('user.recent')} />}
      </section>
      <ConfirmDialog
        open={confirming}
        title={t('user.confirmDeactivate', { name: `\u2068${u.name}\u2069` })}
        confirmLabel={t('users.deactivate')}
        cancelLabel={t('cancel')}
        busy={busy}
        onConfirm={() => change(u.id, { active: false })}
        onClose={() => setConfirming(false)}
        fallbackFocusId="page-title"
      >
        <p>{t('user.confirmDeactivateBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}
