import '../certificates.css';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/mutation';
import { loadErrorText } from '@/lib/query';
import { useLiveEvent } from '@/lib/realtime';
import { requestFromPayload, type CertificateRequestDto, type RequestStatus } from '../api/certificates';
import { decidedElsewhere, useCertificateQueue, useDecideRequest } from '../api/queries';
import { ReasonDialog } from '../components/ReasonDialog';
import { formatDateTime, formatPercent } from '@/lib/format';
import { gradeLabel, isolate, useCertificatesT } from '../i18n';

const STATUSES: RequestStatus[] = ['pending', 'approved', 'rejected'];
const SUMMARY_ID = 'cq-summary';
const approveId = (id: number) => `cq-approve-${id}`;
const rowId = (id: number) => `cq-row-${id}`;

/**
 * /supervisor/certificate: the certificate requests waiting for a decision, kept up to date live
 * (`api/queries.ts`: new ones appear, ones decided by another supervisor leave; this page
 * announces them). Approve issues the certificate; Reject asks for a reason in a dialog. When a
 * row leaves the list while focus is in it, focus moves to the next row's first button (or the
 * previous row's, or the summary line when the list is empty), so keyboard and screen-reader
 * users keep their place; a dialog open for that row closes in the render that removes it.
 * `?status=approved|rejected` lists decided requests.
 */
export function RequestQueuePage() {
  const { t: txt } = useCertificatesT();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const [params] = useSearchParams();
  const wanted = params.get('status') as RequestStatus | null;
  const status: RequestStatus = wanted && STATUSES.includes(wanted) ? wanted : 'pending';
  const query = useCertificateQueue(status);
  const list = query.data ?? null;
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const approval = useDecideRequest(txt('common.sendError'));
  const rejection = useDecideRequest(txt('common.sendError'));
  const [pendingReject, setRejecting] = useState<CertificateRequestDto | null>(null);
  // Requests this page is deciding: their live "decided" event is not news here.
  const mine = useRef(new Set<number>());
  // A row about to leave the list, and whether focus follows it once it has gone.
  const leaving = useRef<{ id: number; status: RequestStatus; moveFocus: boolean } | null>(null);
  // The list as last rendered: where the leaving row stood.
  const shown = useRef<CertificateRequestDto[] | null>(null);
  // Set when the user picks another tab: the new list's size is announced once it is read.
  const [announceFor, setAnnounceFor] = useState<RequestStatus | null>(null);

  // Another tab: its own messages.
  const [shownStatus, setShownStatus] = useState(status);
  if (shownStatus !== status) {
    setShownStatus(status);
    setMessage('');
    setError('');
  }

  const sizeText = (l: CertificateRequestDto[]) =>
    l.length === 0 ? txt(`queue.empty.${status}`) : status === 'pending' ? txt('queue.waiting', { count: l.length }) : txt('queue.count', { count: l.length });

  if (announceFor === status && list && !query.isFetching) {
    setAnnounceFor(null);
    setMessage(sizeText(list));
  }

  // The dialog is open only while its request is in the list: it closes in the render that
  // removes the row, then finds its opener gone and leaves focus to the page (below).
  const rejecting = pendingReject && list?.some((r) => r.id === pendingReject.id) ? pendingReject : null;
  if (pendingReject && !rejecting) setRejecting(null);

  // The latest list and dialog, for code that runs after an await or from a live event. A layout
  // effect, as in `useLiveEvent`: an event arriving before passive effects run sees this render.
  const current = useRef({ list, rejecting });
  useLayoutEffect(() => {
    current.current = { list, rejecting };
  });

  // Once the leaving row is gone from the screen, focus moves to the next row still there (or
  // the previous one, or the summary line). Worked out then, not when the decision started: the
  // decision's live echo may remove the row before the server's answer arrives.
  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = list;
    const l = leaving.current;
    if (!l || !list || list.some((r) => r.id === l.id)) return;
    leaving.current = null;
    if (!l.moveFocus || l.status !== status) return;
    const i = before?.findIndex((r) => r.id === l.id) ?? -1;
    const stays = (r: CertificateRequestDto) => list.some((x) => x.id === r.id);
    const next = before && i >= 0 ? (before.slice(i + 1).find(stays) ?? before.slice(0, i).reverse().find(stays)) : undefined;
    document.getElementById(next ? approveId(next.id) : SUMMARY_ID)?.focus();
  });

  /**
   * A request is about to leave the list. Focus will follow it only when it was in that row (or
   * in its dialog), or when `force` (this page is deciding it).
   */
  function leave(id: number, force: boolean) {
    const row = document.getElementById(rowId(id));
    const active = document.activeElement;
    const inRow = !!row && !!active && row.contains(active);
    const inDialog = current.current.rejecting?.id === id;
    leaving.current = { id, status, moveFocus: force || inRow || inDialog };
  }

  // The cache follows the events (`api/queries.ts`); here they are only announced.
  useLiveEvent(['certificate_request.created', 'certificate_request.decided'], (e) => {
    const r = requestFromPayload(e.payload);
    if (!r || mine.current.has(r.id) || status !== 'pending') return;
    const known = !!current.current.list?.some((x) => x.id === r.id);
    if (known && r.status !== 'pending') {
      leave(r.id, false);
      setMessage(txt('queue.decidedElsewhere', { s: isolate(r.student_name), t: isolate(r.course_title) }));
    } else if (e.kind === 'certificate_request.created' && !known && r.status === 'pending') {
      setMessage(txt('queue.arrived', { s: isolate(r.student_name), t: isolate(r.course_title) }));
    }
  });

  /** A decision about to be sent: this page's own, and its row's focus follows it out of the list. */
  function deciding(r: CertificateRequestDto) {
    setError('');
    setMessage('');
    mine.current.add(r.id);
    // Before the request: its live echo may take the row away before the answer arrives.
    leave(r.id, true);
  }

  /** The decision was refused: the row stays unless it was decided elsewhere (the cache drops it then). */
  function refused(r: CertificateRequestDto, e: unknown) {
    mine.current.delete(r.id);
    if (!decidedElsewhere(e)) leaving.current = null;
  }

  const decided = (r: CertificateRequestDto, message: string) => setMessage(txt('queue.done', { message, s: isolate(r.student_name), t: isolate(r.course_title) }));

  function approve(r: CertificateRequestDto) {
    if (approval.pending) return;
    deciding(r);
    approval.mutate(
      { id: r.id },
      {
        onSuccess: (res) => decided(r, res.message || txt('queue.approvedFallback')),
        onError: (e) => {
          refused(r, e);
          setError(errorText(e, txt('common.sendError')));
        },
      },
    );
  }

  function reject(r: CertificateRequestDto, reason: string, failed: (err: unknown) => void) {
    deciding(r);
    rejection.mutate(
      { id: r.id, reason },
      {
        onSuccess: (res) => decided(r, res.message || txt('queue.rejectedFallback')),
        onError: (e) => {
          refused(r, e);
          if (decidedElsewhere(e)) setError((e instanceof ApiError && e.message) || txt('queue.gone'));
          else failed(e);
        },
      },
    );
  }

  const summary = list === null ? '' : sizeText(list);

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
                  if (s !== status) setAnnounceFor(s);
                }}
              >
                {txt(`queue.tabs.${s}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <LoadState loading={list === null} loadError={loadError} actionError={error} status={message} loadingText={txt('common.loading')} />
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
                          aria-disabled={approval.pending || undefined}
                          onClick={() => approve(r)}
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
        idPrefix="cq"
        busy={rejection.pending}
        onConfirm={(reason, failed) => {
          if (rejecting) reject(rejecting, reason, failed);
        }}
        onClose={() => setRejecting(null)}
      />
    </Page>
  );
}
