import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { TextArea, TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { pageParam } from '@/components/Pagination';
import { errorText } from '@/lib/mutation';
import { formatDateTime } from '@/lib/format';
import { loadErrorText } from '@/lib/query';
import { type CertificateDto } from '../api/admin';
import { useRevoke, useCertificates } from '../api/queries';
import { AdminResults } from '../components/AdminResults';
import { FilterForm } from '../components/Filters';
import { RowAction } from '../components/RowAction';
import { ADMIN_NS } from '../i18n';

const CAPTION_ID = 'certs-caption';

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
  const revocation = useRevoke(t('sendError'));

  function apply() {
    setParams(q.trim() ? new URLSearchParams({ q: q.trim() }) : new URLSearchParams());
  }

  function revoke() {
    if (!target) return;
    if (!reason.trim()) {
      setReasonError(t('certificates.reasonRequired'));
      document.getElementById('rv-reason')?.focus();
      return;
    }
    setReasonError('');
    revocation.mutate(
      { code: target.code, reason: reason.trim() },
      {
        onSuccess: (res) => {
          setStatus(res.message);
          setTarget(null);
          setReason('');
        },
        onError: (e) => {
          setReasonError(errorText(e, t('sendError')));
          document.getElementById('rv-reason')?.focus();
        },
      },
    );
  }

  return (
    <Page title={t('certificates.title')} docTitle={`${t('certificates.title')} — ${t('site')}`}>
      <FilterForm onApply={apply} submitLabel={t('search')}>
        <TextField idPrefix="xf" name="q" label={t('certificates.q')} value={q} onChange={setQ} />
      </FilterForm>
      <AdminResults
        data={data}
        error={error}
        status={status}
        caption={t('certificates.caption')}
        captionId={CAPTION_ID}
        focusKey={key}
        columns={[t('certificates.code'), t('certificates.student'), t('certificates.course'), t('certificates.issued'), t('certificates.status'), t('user.actions')]}
      >
        {(c) => (
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
                // A code is ASCII letters, digits and hyphens: nothing to isolate, and it is named bare.
                <RowAction
                  label={t('certificates.revoke')}
                  record={c.code}
                  isolate={false}
                  danger
                  onClick={() => {
                    setReason('');
                    setReasonError('');
                    setTarget(c);
                  }}
                />
              ) : null}
            </td>
          </tr>
        )}
      </AdminResults>
      <ConfirmDialog
        open={!!target}
        title={t('certificates.revokeTitle', { code: target?.code ?? '' })}
        confirmLabel={t('certificates.confirm')}
        cancelLabel={t('cancel')}
        busy={revocation.pending}
        onConfirm={() => void revoke()}
        onClose={() => setTarget(null)}
        fallbackFocusId={CAPTION_ID}
      >
        <TextArea idPrefix="rv" name="reason" label={t('certificates.reason')} required value={reason} onChange={setReason} error={reasonError} hint={t('certificates.reasonHint')} />
      </ConfirmDialog>
    </Page>
  );
}
