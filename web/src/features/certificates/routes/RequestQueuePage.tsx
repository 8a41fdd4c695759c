import '../certificates.css';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { useLiveEvent, useLiveResync } from '@/lib/realtime';
import {
  applyToQueue,
  approveCertificateRequest,
  certificateRequests,
  rejectCertificateRequest,
  requestFromPayload,
  type CertificateRequestDto,
  type RequestStatus,
} from '../api/certificates';
import { ReasonDialog } from '../components/ReasonDialog';
import { formatDateTime, formatPercent } from '@/lib/format';
import { gradeLabel, isolate, useCertificatesT } from '../i18n';

const STATUSES: RequestStatus[] = ['pending', 'approved', 'rejected'];
const SUMMARY_ID = 'cq-summary';
const approveId = (id: number) => `cq-approve-${id}`;
const rowId = (id: number) => `cq-row-${id}`;

/**
 * /supervisor/certificate: the certificate requests waiting for a decision, kept up to date live
 * (new ones appear and are announced politely; ones decided by another supervisor leave).
 * Approve issues the certificate; Reject asks for a reason in a dialog. When a row leaves the
 * list while focus is in it, focus moves to the next row's first button (or the previous row's,
 * or the summary line when the list is empty), so keyboard and screen-reader users keep their
 * place. `?status=approved|rejected` lists decided requests.
 */
export function RequestQueuePage() {
  const { t: txt } = useCertificatesT();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [params] = useSearchParams();
  const wanted = params.get('status') as RequestStatus | null;
  const status: RequestStatus = wanted && STATUSES.includes(wanted) ? wanted : 'pending';
  const [list, setList] = useState<CertificateRequestDto[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<CertificateRequestDto | null>(null);
  // Requests this page is deciding: their live "decided" event is not news here.
  const mine = useRef(new Set<number>());
  const focusAfter = useRef<string | null>(null);
  // Set when the user picks another tab: the new list's size is then announced.
  const announceLoad = useRef(false);
  // The latest list and dialog, for code that runs after an await or from a live event. A layout
  // effect, as in `useLiveEvent`: an event arriving before passive effects run sees this render.
  const current = useRef({ list, rejecting });
  useLayoutEffect(() => {
    current.current = { list, rejecting };
  });

  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.getElementById(focusAfter.current);
    focusAfter.current = null;
    el?.focus();
  });

  const reload = useCallback(() => {
    certificateRequests(status)
      .then((r) => {
        setList(r);
        setLoadError('');
        if (announceLoad.current) {
          announceLoad.current = false;
          setMessage(r.length === 0 ? txt(`queue.empty.${status}`) : status === 'pending' ? txt('queue.waiting', { count: r.length }) : txt('queue.count', { count: r.length }));
        }
      })
      .catch((e: unknown) => setLoadError(e instanceof ApiError ? e.message : txt('common.loadError')));
  }, [status, txt]);

  useEffect(() => {
    setList(null);
    setMessage('');
    setError('');
    reload();
  }, [reload]);

  /**
   * Takes a request out of the list. Focus moves only when it was in that row (or in its
   * dialog), or when `force` (this page decided it).
   */
  function remove(id: number, force: boolean) {
    const cur = current.current.list ?? [];
    const i = cur.findIndex((r) => r.id === id);
    if (i < 0) return;
    const row = document.getElementById(rowId(id));
    const active = document.activeElement;
    const inRow = !!row && !!active && row.contains(active);
    const inDialog = current.current.rejecting?.id === id;
    if (force || inRow || inDialog) {
      const next = cur[i + 1] ?? cur[i - 1];
      focusAfter.current = next ? approveId(next.id) : SUMMARY_ID;
    }
    if (inDialog) setRejecting(null);
    const left = cur.filter((r) => r.id !== id);
    current.current.list = left;
    setList((l) => (l ? l.filter((r) => r.id !== id) : l));
  }

  useLiveResync(reload);
  useLiveEvent(['certificate_request.created', 'certificate_request.decided'], (e) => {
    const r = requestFromPayload(e.payload);
    if (!r) {
      reload();
      return;
    }
    if (mine.current.has(r.id)) return;
    const known = !!list?.some((x) => x.id === r.id);
    if (status === 'pending' && known && r.status !== 'pending') {
      remove(r.id, false);
      setMessage(txt('queue.decidedElsewhere', { s: isolate(r.student_name), t: isolate(r.course_title) }));
      return;
    }
    if (e.kind === 'certificate_request.created' && status === 'pending' && !known) {
      setList((cur) => applyToQueue(cur ?? [], r, status));
      setMessage(txt('queue.arrived', { s: isolate(r.student_name), t: isolate(r.course_title) }));
      return;
    }
    setList((cur) => (cur ? applyToQueue(cur, r, status) : cur));
  });

  async function approve(r: CertificateRequestDto) {
    if (busy !== null) return;
    setBusy(r.id);
    setError('');
    setMessage('');
    mine.current.add(r.id);
    try {
      const res = await approveCertificateRequest(r.id);
      setMessage(txt('queue.done', { message: res.message || txt('queue.approvedFallback'), s: isolate(r.student_name), t: isolate(r.course_title) }));
      remove(r.id, true);
    } catch (e) {
      mine.current.delete(r.id);
      setError(e instanceof ApiError ? e.message : txt('common.sendError'));
      if (e instanceof ApiError && (e.status === 409 || e.status === 404)) remove(r.id, true);
    } finally {
      setBusy(null);
    }
  }

  async function reject(r: CertificateRequestDto, reason: string) {
    mine.current.add(r.id);
    setError('');
    setMessage('');
    try {
      const res = await rejectCertificateRequest(r.id, reason);
      setMessage(txt('queue.done', { message: res.message || txt('queue.rejectedFallback'), s: isolate(r.student_name), t: isolate(r.course_title) }));
      setRejecting(null);
      remove(r.id, true);
    } catch (e) {
      mine.current.delete(r.id);
      if (e instanceof ApiError && (e.status === 409 || e.status === 404)) {
        setRejecting(null);
        setError(e.message || txt('queue.gone'));
        remove(r.id, true);
        return;
      }
      throw e;
    }
  }

  const summary =
    list === null ? '' : list.length === 0 ? txt(`queue.empty.${status}`) : status === 'pending' ? txt('queue.waiting', { count: list.length }) : txt('queue.count', { count: list.length });

  return (
    <Page title={txt('queue.title')} intro={<p>{txt('queue.intro')}</p>}>
      <nav aria-label={txt('queue.show')} className="cert-tabs">
        <ul>
          {STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={s === 'pending' ? '/supervisor/certificate' : `/supervisor/certificate?status=${s}`}
                aria-current={s === status ? 'page' : undefined}
                onClick={() => {
                  if (s !== status) announceLoad.current = true;
                }}
              >
                {txt(`queue.tabs.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ErrorAlert>{loadError || error}</ErrorAlert>
      <StatusMessage>{message}</StatusMessage>
      {list === null && !loadError ? <p>{txt('common.loading')}</p> : null}
      {list !== null ? (
        <p id={SUMMARY_ID} tabIndex={-1} className="cert-summary">
          {summary}
        </p>
      ) : null}
      {list && list.length > 0 ? (
        <div className="cert-table-wrap">
          <table className="cert-table">
            <caption>{txt(`queue.caption.${status}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{txt('queue.student')}</th>
                <th scope="col">{txt('queue.course')}</th>
                <th scope="col">{txt('queue.requested')}</th>
                {status !== 'pending' ? <th scope="col">{txt('queue.decided')}</th> : null}
                {status !== 'rejected' ? <th scope="col">{txt('queue.result')}</th> : null}
                {status === 'pending' ? <th scope="col">{txt('queue.actions')}</th> : null}
                {status === 'approved' ? <th scope="col">{txt('queue.certificate')}</th> : null}
                {status === 'rejected' ? <th scope="col">{txt('queue.reason')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id} id={rowId(r.id)}>
                  <th scope="row">
                    <bdi>{r.student_name}</bdi>
                  </th>
                  <td>
                    <bdi>{r.course_title}</bdi>
                  </td>
                  <td>{formatDateTime(r.requested_at, lang)}</td>
                  {status !== 'pending' ? <td>{formatDateTime(r.decided_at, lang)}</td> : null}
                  {status !== 'rejected' ? (
                    <td>
                      {formatPercent(r.percent, lang)}
                      {r.grade ? ` (${gradeLabel(txt, r.grade)})` : ''}
                    </td>
                  ) : null}
                  {status === 'pending' ? (
                    <td>
                      <div className="cert-row-actions">
                        <button
                          type="button"
                          id={approveId(r.id)}
                          className="btn btn-primary"
                          aria-label={txt('queue.approveLabel', { s: r.student_name, t: r.course_title })}
                          aria-disabled={busy !== null || undefined}
                          onClick={() => void approve(r)}
                        >
                          {txt('queue.approve')}
                        </button>
                        <button
                          type="button"
                          className="btn btn-secondary"
                          aria-label={txt('queue.rejectLabel', { s: r.student_name, t: r.course_title })}
                          aria-haspopup="dialog"
                          onClick={() => {
                            setError('');
                            setMessage('');
                            setRejecting(r);
                          }}
                        >
                          {txt('queue.reject')}
                        </button>
                      </div>
                    </td>
                  ) : null}
                  {status === 'approved' ? (
                    <td>
                      {r.certificate_code ? (
                        <Link to={`/supervisor/issued-certificates/${encodeURIComponent(r.certificate_code)}`} aria-label={txt('queue.viewCert', { code: r.certificate_code })}>
                          <code dir="ltr">{r.certificate_code}</code>
                        </Link>
                      ) : null}
                    </td>
                  ) : null}
                  {status === 'rejected' ? (
                    <td>
                      <bdi>{r.reason}</bdi>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <ReasonDialog
        open={rejecting !== null}
        title={rejecting ? txt('queue.dialogTitle', { s: isolate(rejecting.student_name), t: isolate(rejecting.course_title) }) : ''}
        reasonLabel={txt('queue.reasonLabel')}
        reasonHint={txt('queue.reasonHint')}
        confirmLabel={txt('queue.sendReject')}
        cancelLabel={txt('common.cancel')}
        requiredMessage={txt('common.required')}
        fallbackError={txt('common.sendError')}
        idPrefix="cq"
        onConfirm={(reason) => (rejecting ? reject(rejecting, reason) : Promise.resolve())}
        onClose={() => setRejecting(null)}
      />
    </Page>
  );
}
