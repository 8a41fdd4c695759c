import '../certificates.css';
import { Rich } from '@/components/Rich';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { TextField } from '@/components/Field';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { loadErrorText } from '@/lib/query';
import { type CertificateDto } from '../api/certificates';
import { refreshIssued, useIssuedCertificates, useRevokeCertificate } from '../api/queries';
import { StatusBadge } from '../components/CertificateFacts';
import { ReasonDialog } from '../components/ReasonDialog';
import { formatDay, formatPercent } from '@/lib/format';
import { gradeLabel, isolate, useCertificatesT } from '../i18n';

const viewId = (code: string) => `ic-view-${code}`;

/**
 * /supervisor/issued-certificates: search (Enter or the button), a table of certificates with a
 * caption and header cells, a link to each certificate and "Revoke" with a reason and a
 * confirmation dialog. After a revocation the row stays (now "Revoked"): the dialog closes in the
 * render that shows it, and focus moves to its "View" link, since the Revoke button is gone.
 * Certificates issued elsewhere join the list live (`api/queries.ts`).
 */
export function IssuedCertificatesPage() {
  const { t: txt } = useCertificatesT();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [q, setQ] = useState('');
  // The search submitted; the list shown answers it once its own answer is in.
  const [submitted, setSubmitted] = useState('');
  const query = useIssuedCertificates(submitted);
  const list = query.data?.certificates ?? null;
  const shownQ = query.data?.q ?? '';
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  // A search submitted whose count is said once its own answer is on screen; until then the
  // button says "Searching…" and another submit waits. The first load never blocks a search.
  const [announceFor, setAnnounceFor] = useState<string | null>(null);
  const searching = announceFor !== null;
  const [message, setMessage] = useState('');
  const [pendingRevoke, setRevoking] = useState<CertificateDto | null>(null);
  const focusAfter = useRef<string | null>(null);
  const revocation = useRevokeCertificate(txt('common.sendError'));

  if (announceFor !== null && query.data && !query.isPlaceholderData && query.data.q === announceFor) {
    setAnnounceFor(null);
    setMessage(txt('issued.found', { count: query.data.certificates.length }));
  } else if (announceFor !== null && query.isError && !query.isFetching) {
    // The search failed: the alert says so, and the form can be sent again.
    setAnnounceFor(null);
  }

  // The dialog is open only while its certificate shows as valid: a revocation closes it in the
  // render that shows the row revoked (the Revoke button, its opener, gone).
  const revoking = pendingRevoke && list?.some((c) => c.code === pendingRevoke.code && c.status === 'valid') ? pendingRevoke : null;
  if (pendingRevoke && !revoking) setRevoking(null);

  // Once the dialog is closed, focus goes where the revocation meant it to.
  useLayoutEffect(() => {
    if (!focusAfter.current || revoking) return;
    const el = document.getElementById(focusAfter.current);
    focusAfter.current = null;
    el?.focus();
  });

  function onSearch(e: FormEvent) {
    e.preventDefault();
    if (searching) return;
    setMessage('');
    const next = q.trim();
    setSubmitted(next);
    setAnnounceFor(next);
    // The same search again: read it again (its count is said again once it answers).
    if (next === submitted) void refreshIssued();
  }

  // The cache shows the row revoked (the mutation); the dialog closes in that render and focus
  // goes to the row's "View" link.
  function revoke(c: CertificateDto, reason: string, failed: (err: unknown) => void) {
    revocation.mutate(
      { code: c.code, reason },
      {
        onSuccess: () => {
          focusAfter.current = viewId(c.code);
          setMessage(txt('issued.revoked', { code: c.code }));
        },
        onError: (e) => {
          if (!(e instanceof ApiError && e.status === 409)) return failed(e);
          // Already revoked: shown as it is now (the list reads again).
          setRevoking(null);
          setMessage(e.message);
          focusAfter.current = viewId(c.code);
        },
      },
    );
  }

  return (
    <Page title={txt('issued.title')} intro={<p>{txt('issued.intro')}</p>}>
      <section aria-labelledby="ic-search-heading" className="card">
        <h2 id="ic-search-heading">{txt('issued.searchHeading')}</h2>
        <form role="search" aria-labelledby="ic-search-heading" noValidate onSubmit={onSearch} className="form">
          <div className="cert-search-row">
            <TextField name="q" idPrefix="ic" label={txt('issued.searchLabel')} hint={txt('issued.searchHint')} value={q} onChange={setQ} dir="auto" autoComplete="off" />
            <button type="submit" className="btn btn-primary" aria-disabled={searching || undefined}>
              {searching ? txt('issued.searching') : txt('issued.search')}
            </button>
          </div>
        </form>
      </section>
      <LoadState loading={list === null} loadError={loadError} status={message} loadingText={txt('common.loading')} />
      {list && list.length === 0 && !shownQ ? (
        <EmptyState>
          <p>{txt('issued.noneYet')}</p>
        </EmptyState>
      ) : null}
      {list && list.length === 0 && shownQ ? <p>{txt('issued.found', { count: 0 })}</p> : null}
      {list && list.length > 0 ? (
        <div className="cert-table-wrap">
          <table className="cert-table">
            <caption>
              {shownQ ? (
                <Rich text={txt('issued.captionMatching')} values={{ q: shownQ }} />
              ) : (
                txt('issued.caption')
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">{txt('issued.code')}</th>
                <th scope="col">{txt('issued.student')}</th>
                <th scope="col">{txt('issued.course')}</th>
                <th scope="col">{txt('issued.issuedAt')}</th>
                <th scope="col">{txt('issued.grade')}</th>
                <th scope="col">{txt('issued.status')}</th>
                <th scope="col">{txt('issued.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.code}>
                  <th scope="row">
                    <code dir="ltr">{c.code}</code>
                  </th>
                  <td>
                    <bdi>{c.student_name}</bdi>
                  </td>
                  <td>
                    <bdi>{c.course_title}</bdi>
                  </td>
                  <td>{formatDay(c.issued_at, lang)}</td>
                  <td>
                    {c.grade ? `${gradeLabel(txt, c.grade)} (${formatPercent(c.percent, lang)})` : txt('fields.notGraded')}
                  </td>
                  <td>
                    <StatusBadge status={c.status} txt={txt} />
                  </td>
                  <td>
                    <div className="cert-row-actions">
                      <Link id={viewId(c.code)} to={`/supervisor/issued-certificates/${encodeURIComponent(c.code)}`} aria-label={txt('issued.viewLabel', { code: c.code })} className="btn btn-secondary">
                        {txt('issued.view')}
                      </Link>
                      {c.status === 'valid' ? (
                        <button type="button" className="btn btn-secondary cert-danger" aria-label={txt('issued.revokeLabel', { code: c.code, s: c.student_name })} aria-haspopup="dialog" onClick={() => setRevoking(c)}>
                          {txt('issued.revoke')}
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ReasonDialog
        open={revoking !== null}
        title={revoking ? txt('issued.dialogTitle', { code: revoking.code }) : ''}
        reasonLabel={txt('issued.reasonLabel')}
        reasonHint={txt('issued.reasonHint')}
        confirmLabel={txt('issued.confirm')}
        idPrefix="ic-revoke"
        busy={revocation.pending}
        onConfirm={(reason, failed) => {
          if (revoking) revoke(revoking, reason, failed);
        }}
        onClose={() => setRevoking(null)}
      >
        {revoking ? <p>{txt('issued.dialogBody', { s: isolate(revoking.student_name), t: isolate(revoking.course_title) })}</p> : null}
      </ReasonDialog>
    </Page>
  );
}

