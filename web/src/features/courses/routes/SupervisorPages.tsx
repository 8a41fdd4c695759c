import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { TextArea } from '@/components/Field';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/mutation';
import { loadErrorText } from '@/lib/query';
import { useLiveEvent } from '@/lib/realtime';
import { type RequestDto } from '../api/courses';
import { useDecideCourseRequest, useRequestQueue, useReviewedCourse, useReviewedRequest } from '../api/queries';
import { CourseFacts, CourseImage, FullCourse } from '../components/CourseParts';
import { differenceSize, RevisionDifference } from '../components/RevisionDifference';
import { formatDateTime } from '@/lib/format';
import { useCoursesT } from '../i18n';
import '../courses.css';

export type QueueKind = 'accreditation' | 'stop';

interface RequestPayload {
  request?: RequestDto;
}

/** /supervisor/accreditation and /supervisor/stop: the pending requests, kept up to date live. */
export function QueuePage({ kind }: { kind: QueueKind }) {
  const { t: txt } = useCoursesT();
  const { i18n } = useTranslation();
  const location = useLocation();
  const query = useRequestQueue(kind);
  const requests = query.data;
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  const [status, setStatus] = useState('');
  const decided = (location.state as { decided?: string } | null)?.decided;

  useEffect(() => {
    if (!decided) return;
    const t = window.setTimeout(() => setStatus(decided), 150);
    return () => window.clearTimeout(t);
  }, [decided]);

  // The queue is re-read in `api/queries.ts`; the page says what arrived or was decided.
  useLiveEvent(['request.created', 'request.decided'], (e) => {
    const r = (e.payload as RequestPayload)?.request;
    if (r && r.kind !== kind) return;
    if (r) setStatus(e.kind === 'request.created' ? txt('supervisor.arrived', { t: r.course_title }) : txt('supervisor.decidedElsewhere', { t: r.course_title }));
  });

  const title = kind === 'accreditation' ? txt('supervisor.accreditationTitle') : txt('supervisor.stopTitle');
  return (
    <Page title={title} intro={<p>{kind === 'accreditation' ? txt('supervisor.accreditationIntro') : txt('supervisor.stopIntro')}</p>}>
      <LoadState loading={!requests} loadError={loadError} status={status} loadingText={txt('common.loading')} />
      {requests && requests.length === 0 ? (
        <EmptyState>
          <p>{kind === 'accreditation' ? txt('supervisor.accreditationEmpty') : txt('supervisor.stopEmpty')}</p>
        </EmptyState>
      ) : null}
      {requests && requests.length > 0 ? (
        <>
          <p>{txt('supervisor.waiting', { count: requests.length })}</p>
          <div className="crs-table-wrap">
            <table className="crs-table crs-queue">
              <caption id="queue-caption" className="visually-hidden">
                {title}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{txt('supervisor.course')}</th>
                  <th scope="col">{txt('supervisor.instructor')}</th>
                  <th scope="col">{txt('supervisor.requested')}</th>
                  <th scope="col">{txt('supervisor.review')}</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((r) => (
                  <tr key={r.id}>
                    <th scope="row" dir="auto">
                      {r.course_title}
                      {r.revision_id ? (
                        <>
                          <br />
                          <span className="crs-badge crs-badge-revision">{txt('revision.queueLabel', { n: txt('revision.changes', { count: differenceSize(r.difference) }) })}</span>
                        </>
                      ) : null}
                    </th>
                    <td>{r.instructor_name}</td>
                    <td>{formatDateTime(r.requested_at, i18n.language)}</td>
                    <td>
                      <Link to={`/supervisor/${kind}/${r.id}`} aria-label={txt('supervisor.reviewLabel', { t: r.course_title })}>
                        {txt('supervisor.review')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </Page>
  );
}

/** /supervisor/{accreditation|stop}/:requestId: the course's full content, then the decision. */
export function ReviewPage({ kind }: { kind: QueueKind }) {
  const { t: txt } = useCoursesT();
  const { i18n } = useTranslation();
  const { requestId } = useParams();
  const navigate = useNavigate();
  const requestQuery = useReviewedRequest(kind, requestId);
  const request = requestQuery.data ?? null;
  // A revision request shows the revised course (the live one is what students see now).
  const courseQuery = useReviewedCourse(request ? (request.revision_id ?? request.course_id) : null);
  const revision = Boolean(request?.revision_id);
  const course = courseQuery.data ?? null;
  const loadError = loadErrorText(requestQuery.error ?? courseQuery.error, txt('common.loadError'));
  // Decided elsewhere (live, or the server's 409), or no longer pending when the page opened.
  const [decidedElsewhere, setGone] = useState(false);
  const gone = decidedElsewhere || requestQuery.data === null;
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [formError, setFormError] = useState('');
  const decision = useDecideCourseRequest(txt('common.sendError'));
  const busy = decision.pending;
  const [rejecting, setRejecting] = useState(false);
  const reasonShown = useRef(false);

  useLiveEvent(['request.decided'], (e) => {
    const r = (e.payload as RequestPayload)?.request;
    if (r && String(r.id) === requestId) setGone(true);
  });

  useEffect(() => {
    if (rejecting && !reasonShown.current) {
      reasonShown.current = true;
      document.getElementById('rv-reason')?.focus();
    }
    if (!rejecting) reasonShown.current = false;
  }, [rejecting]);

  function decide(approve: boolean) {
    if (busy || !request) return;
    setFormError('');
    setReasonError('');
    if (!approve && !reason.trim()) {
      setReasonError(txt('common.required'));
      document.getElementById('rv-reason')?.focus();
      return;
    }
    decision.mutate(
      { request, reason: approve ? undefined : reason.trim() },
      {
        onSuccess: (res) => navigate(`/supervisor/${kind}`, { state: { decided: res.message } }),
        onError: (err) => {
          if (err instanceof ApiError && err.field === 'reason') {
            setReasonError(err.message);
            document.getElementById('rv-reason')?.focus();
          } else {
            setFormError(errorText(err, txt('common.sendError')));
            if (err instanceof ApiError && err.status === 409) setGone(true);
          }
        },
      },
    );
  }

  function onReject(e: FormEvent) {
    e.preventDefault();
    decide(false);
  }

  const titled = course?.title ?? request?.course_title;
  const title = titled ? (revision ? txt('revision.reviewTitle', { t: titled }) : txt('supervisor.reviewTitle', { t: titled })) : txt('supervisor.review');
  return (
    <Page title={title}>
      <ErrorAlert>{loadError || formError}</ErrorAlert>
      {gone ? <p className="alert alert-error">{txt('supervisor.gone')}</p> : null}
      {!request && !gone && !loadError ? <p>{txt('common.loading')}</p> : null}
      {request ? (
        <section aria-labelledby="rv-request" className="card">
          <h2 id="rv-request">{txt('supervisor.requestFacts')}</h2>
          <dl className="details">
            <dt>{txt('supervisor.instructor')}</dt>
            <dd>{request.instructor_name}</dd>
            <dt>{txt('supervisor.requested')}</dt>
            <dd>{formatDateTime(request.requested_at, i18n.language)}</dd>
          </dl>
          {!gone ? (
            <p>
              <a href="#rv-decision-section">{txt('supervisor.toDecision')}</a>
            </p>
          ) : null}
        </section>
      ) : null}
      {request?.revision_id && request.difference ? (
        <section aria-labelledby="rv-difference" className="card">
          <h2 id="rv-difference">
            {txt('revision.differenceTitle')} ({txt('revision.changes', { count: differenceSize(request.difference) })})
          </h2>
          <RevisionDifference difference={request.difference} txt={txt} />
        </section>
      ) : null}
      {course ? (
        <>
          <CourseImage course={course} txt={txt} />
          <CourseFacts course={course} txt={txt} withStatus />
          <FullCourse course={course} txt={txt} />
        </>
      ) : null}
      {request && !gone ? (
        <section id="rv-decision-section" tabIndex={-1} aria-labelledby="rv-decision" className="card crs-decision">
          <h2 id="rv-decision">{txt('supervisor.decision')}</h2>
          <div className="actions">
            <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => decide(true)}>
              {revision ? txt('revision.approve') : txt(`supervisor.approve.${kind}`)}
            </button>
            <button type="button" className="btn btn-secondary" aria-expanded={rejecting} aria-controls="rv-reject-form" onClick={() => setRejecting((r) => !r)}>
              {txt('supervisor.reject')}
            </button>
          </div>
          <form id="rv-reject-form" noValidate onSubmit={onReject} hidden={!rejecting} className="form" aria-label={txt('supervisor.reject')}>
            <TextArea idPrefix="rv" name="reason" label={txt('supervisor.reason')} hint={txt('supervisor.reasonHint')} value={reason} onChange={setReason} error={reasonError} required />
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              {txt('supervisor.sendReject')}
            </button>
          </form>
        </section>
      ) : null}
      <p>
        <Link to={`/supervisor/${kind}`}>{txt(`supervisor.back.${kind}`)}</Link>
      </p>
    </Page>
  );
}
