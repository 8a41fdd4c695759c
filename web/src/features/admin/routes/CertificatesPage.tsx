import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TextArea, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import { type CertificateDto } from '../api/admin';
import { revokeChange, useCertificates } from '../api/queries';
import { ListPager } from '../components/ListPager';
import { useFocusOnChange } from '../components/useFocusOnChange';
import { ADMIN_NS } from '../i18n';

/** `/admin/certificates`: issued certificates with search; revoke one with a reason. */
export function CertificatesPage() {
  const { t, i18n } = useTranslation(ADMIN_NS);
  const [params, setParams] = useSearchParams();
  const filters = { q: params.get('q') ?? '', page: pageParam(params) };
  const key = JSON.stringify(filters);
  const certificates = useCertificates(filters);
  const data = certificates.data;
  const error = loadErrorText(certificates.error, t('loadError'));
  const [q, setQ] = useState(filters.q);
  const [target, setTarget] = useState<CertificateDto | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  useFocusOnChange(key, 'certs-caption', !!data);

  function apply(e: FormEvent) {
    e.preventDefault();
    setParams(q.trim() ? new URLSearchParams({ q: q.trim() }) : new URLSearchParams());
  }

  async function revoke() {
    if (!target) return;
    if (!reason.trim()) {
      setReasonError(t('certificates.reasonRequired'));
      document.getElementById('rv-reason')?.focus();
      return;
    }
    setBusy(true);
    setReasonError('');
    try {
      const res = await revokeChange(target.code, reason.trim());
      setStatus(res.message);
      setTarget(null);
      setReason('');
    } catch (e) {
      setReasonError(e instanceof ApiError ? e.message : t('sendError'));
      document.getElementById('rv-reason')?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title={t('certificates.title')} docTitle={`${t('certificates.title')} — ${t('site')}`}>
      <form className="admin-filters" role="search" aria-label={t('search')} onSubmit={apply}>
        <TextField idPrefix="xf" name="q" label={t('certificates.q')} value={q} onChange={setQ} />
        <button type="submit" className="btn btn-primary">
          {t('search')}
        </button>
      </form>
      <ErrorAlert>{error}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      {!data && !error ? <p>{t('loading')}</p> : null}
      {data ? (
        <>
          <p>{t('results', { count: data.total })}</p>
          {data.items.length === 0 ? (
            <p>{t('noResults')}</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption id="certs-caption" tabIndex={-1}>
                  {t('certificates.caption')}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('certificates.code')}</th>
                    <th scope="col">{t('certificates.student')}</th>
                    <th scope="col">{t('certificates.course')}</th>
                    <th scope="col">{t('certificates.issued')}</th>
                    <th scope="col">{t('certificates.status')}</th>
                    <th scope="col">{t('user.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((c) => (
                    <tr key={c.code}>
                      <th scope="row" dir="ltr">
                        <code>{c.code}</code>
                      </th>
                      <td>
                        <bdi>{c.student_name}</bdi>
                      </td>
                      <td>
                        <bdi>{c.course_title}</bdi>
                      </td>
                      <td>{formatDateTime(c.issued_at, i18n.language)}</td>
                      <td>{c.status === 'valid' ? t('certificates.valid') : t('certificates.revokedBecause', { reason: c.revoke_reason ?? '' })}</td>
                      <td>
                        {c.status === 'valid' ? (
                          <button
                            type="button"
                            className="btn btn-secondary admin-danger"
                            onClick={() => {
                              setReason('');
                              setReasonError('');
                              setTarget(c);
                            }}
                          >
                            {t('certificates.revoke')}
                            <span className="visually-hidden"> {c.code}</span>
                          </button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ListPager data={data} />
        </>
      ) : null}
      <ConfirmDialog
        open={!!target}
        title={t('certificates.revokeTitle', { code: target?.code ?? '' })}
        confirmLabel={t('certificates.confirm')}
        cancelLabel={t('cancel')}
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setTarget(null)}
        fallbackFocusId="certs-caption"
      >
        <TextArea idPrefix="rv" name="reason" label={t('certificates.reason')} required value={reason} onChange={setReason} error={reasonError} hint={t('certificates.reasonHint')} />
      </ConfirmDialog>
    </Page>
  );
}
