import '../certificates.css';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { TextField } from '@/components/Field';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { useLiveEvent, useLiveResync } from '@/lib/realtime';
import { certificateFromPayload, issuedCertificates, revokeCertificate, type CertificateDto } from '../api/certificates';
import { StatusBadge } from '../components/CertificateFacts';
import { ReasonDialog } from '../components/ReasonDialog';
import { formatDay, formatPercent, gradeLabel, useCertTexts } from '../texts';

const viewId = (code: string) => `ic-view-${code}`;

/**
 * /supervisor/issued-certificates: search (Enter or the button), a table of certificates with a
 * caption and header cells, a link to each certificate and "Revoke" with a reason and a
 * confirmation dialog. After a revocation the row stays (now "Revoked") and focus moves to its
 * "View" link, since the Revoke button is gone.
 */
export function IssuedCertificatesPage() {
  const txt = useCertTexts();
  const s = txt.issued;
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [q, setQ] = useState('');
  const [shownQ, setShownQ] = useState('');
  const [list, setList] = useState<CertificateDto[] | null>(null);
  const [searched, setSearched] = useState(false);
  const [searching, setSearching] = useState(false);
  const [loadError, setLoadError] = useState('');
  const [message, setMessage] = useState('');
  const [revoking, setRevoking] = useState<CertificateDto | null>(null);
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.getElementById(focusAfter.current);
    focusAfter.current = null;
    el?.focus();
  });

  const load = useCallback(
    async (query: string, announce: boolean) => {
      setSearching(true);
      try {
        const found = await issuedCertificates(query);
        setList(found);
        setShownQ(query.trim());
        setLoadError('');
        if (announce) {
          setSearched(true);
          setMessage(s.found(found.length));
        }
      } catch (e) {
        setLoadError(e instanceof ApiError ? e.message : txt.common.loadError);
      } finally {
        setSearching(false);
      }
    },
    [s, txt.common.loadError],
  );

  useEffect(() => {
    void load('', false);
  }, [load]);

  useLiveResync(() => void load(shownQ, false));
  // Issued elsewhere (another supervisor approved a request): the list may have grown.
  useLiveEvent(['certificate_request.decided'], (e) => {
    if (certificateFromPayload(e.payload)) void load(shownQ, false);
  });

  function onSearch(e: FormEvent) {
    e.preventDefault();
    if (searching) return;
    setMessage('');
    void load(q, true);
  }

  async function revoke(c: CertificateDto, reason: string) {
    try {
      const res = await revokeCertificate(c.code, reason);
      setList((cur) => (cur ? cur.map((x) => (x.code === c.code ? res.certificate : x)) : cur));
      setMessage(s.revoked(c.code));
      focusAfter.current = viewId(c.code);
      setRevoking(null);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        // Already revoked: show it as it is now.
        setRevoking(null);
        setMessage(e.message);
        focusAfter.current = viewId(c.code);
        void load(shownQ, false);
        return;
      }
      throw e;
    }
  }

  return (
    <Page title={s.title} intro={<p>{s.intro}</p>}>
      <section aria-labelledby="ic-search-heading" className="card">
        <h2 id="ic-search-heading">{s.searchHeading}</h2>
        <form role="search" aria-labelledby="ic-search-heading" noValidate onSubmit={onSearch} className="form">
          <div className="cert-search-row">
            <TextField name="q" idPrefix="ic" label={s.searchLabel} hint={s.searchHint} value={q} onChange={setQ} dir="auto" autoComplete="off" />
            <button type="submit" className="btn btn-primary" aria-disabled={searching || undefined}>
              {searching && searched ? s.searching : s.search}
            </button>
          </div>
        </form>
      </section>
      <ErrorAlert>{loadError}</ErrorAlert>
      <StatusMessage>{message}</StatusMessage>
      {list === null && !loadError ? <p>{txt.common.loading}</p> : null}
      {list && list.length === 0 && !shownQ ? (
        <EmptyState>
          <p>{s.noneYet}</p>
        </EmptyState>
      ) : null}
      {list && list.length === 0 && shownQ ? <p>{s.found(0)}</p> : null}
      {list && list.length > 0 ? (
        <div className="cert-table-wrap">
          <table className="cert-table">
            <caption>
              {shownQ ? (
                <>
                  {s.captionMatching[0]}
                  <bdi>{shownQ}</bdi>
                  {s.captionMatching[1]}
                </>
              ) : (
                s.caption
              )}
            </caption>
            <thead>
              <tr>
                <th scope="col">{s.code}</th>
                <th scope="col">{s.student}</th>
                <th scope="col">{s.course}</th>
                <th scope="col">{s.issuedAt}</th>
                <th scope="col">{s.grade}</th>
                <th scope="col">{s.status}</th>
                <th scope="col">{s.actions}</th>
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
                    {c.grade ? `${gradeLabel(txt, c.grade)} (${formatPercent(c.percent, lang)})` : txt.fields.notGraded}
                  </td>
                  <td>
                    <StatusBadge status={c.status} txt={txt} />
                  </td>
                  <td>
                    <div className="cert-row-actions">
                      <Link id={viewId(c.code)} to={`/supervisor/issued-certificates/${encodeURIComponent(c.code)}`} aria-label={s.viewLabel(c.code)} className="btn btn-secondary">
                        {s.view}
                      </Link>
                      {c.status === 'valid' ? (
                        <button type="button" className="btn btn-secondary cert-danger" aria-label={s.revokeLabel(c.code, c.student_name)} aria-haspopup="dialog" onClick={() => setRevoking(c)}>
                          {s.revoke}
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
        title={revoking ? s.dialogTitle(revoking.code) : ''}
        reasonLabel={s.reasonLabel}
        reasonHint={s.reasonHint}
        confirmLabel={s.confirm}
        cancelLabel={txt.common.cancel}
        requiredMessage={txt.common.required}
        fallbackError={txt.common.sendError}
        idPrefix="ic-revoke"
        onConfirm={(reason) => (revoking ? revoke(revoking, reason) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      >
        {revoking ? <p>{s.dialogBody(revoking.student_name, revoking.course_title)}</p> : null}
      </ReasonDialog>
    </Page>
  );
}

