import '../certificates.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { loadErrorText } from '@/lib/query';
import { useLiveEvent } from '@/lib/realtime';
import { certificateFromPayload, requestFromPayload, type StudentCourseCertificate } from '../api/certificates';
import { useRequestCertificate, useStudentCertificates } from '../api/queries';
import { formatDay, formatDateTime, formatPercent } from '@/lib/format';
import { gradeLabel, isolate, useCertificatesT, type CertificatesT } from '../i18n';

const stateId = (courseId: number) => `cert-state-${courseId}`;

/**
 * /student/certificates: every enrolled course with its state and certificate. A completed
 * course offers "Request certificate" (spec §4: available within 24 hours); a request shows as
 * pending, rejected (with the reason, and a way to ask again) or issued (a link to the
 * certificate). A supervisor's decision and a revocation arrive live.
 */
export function StudentCertificatesPage() {
  const { t: txt } = useCertificatesT();
  const { i18n } = useTranslation();
  const query = useStudentCertificates();
  const courses = query.data;
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  // Good news is shown like other successes; a rejection or a revocation in the error colours
  // (the region stays a polite status either way).
  const [status, setStatusState] = useState({ text: '', bad: false });
  const setStatus = (text: string, bad = false) => setStatusState({ text, bad });
  const request = useRequestCertificate(txt('common.sendError'));
  const busy = request.pending ? request.variables : null;
  const focusAfter = useRef<string | null>(null);

  // Focus that waits for the next render (the course's new state replaces the button).
  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.getElementById(focusAfter.current);
    if (el) {
      focusAfter.current = null;
      el.focus();
    }
  });

  // The list changes in `api/queries.ts`; the page says what happened to a course it shows.
  useLiveEvent(['certificate_request.decided', 'certificate.revoked'], (e) => {
    const request = requestFromPayload(e.payload);
    const certificate = certificateFromPayload(e.payload);
    const courseId = request?.course_id ?? certificate?.course_id;
    const course = courses?.find((c) => c.course_id === courseId);
    if (!course) return;
    const title = course.course_title;
    if (e.kind === 'certificate.revoked') setStatus(txt('student.liveRevoked', { t: isolate(title) }), true);
    else if (request?.status === 'approved') setStatus(txt('student.liveIssued', { t: isolate(title) }));
    else if (request?.status === 'rejected') setStatus(txt('student.liveRejected', { t: isolate(title) }), true);
  });

  function ask(c: StudentCourseCertificate) {
    if (busy !== null) return;
    setStatus('');
    request.mutate(c.course_id, {
      onSuccess: (res) => {
        setStatus(res.message || txt('student.sent'));
        focusAfter.current = stateId(c.course_id);
      },
      onError: (e) => {
        // The state changed elsewhere (the list is read again): focus the course as it is now.
        if (e instanceof ApiError && e.status === 409) focusAfter.current = stateId(c.course_id);
      },
    });
  }

  return (
    <Page title={txt('student.title')} intro={<p>{txt('student.intro')}</p>}>
      <ErrorAlert>{loadError || request.errorText}</ErrorAlert>
      <div role="status" className={status.text ? `alert ${status.bad ? 'alert-error' : 'alert-success'}` : 'alert-empty'}>
        {status.text}
      </div>
      {!courses && !loadError ? <p>{txt('common.loading')}</p> : null}
      {courses && courses.length === 0 ? (
        <EmptyState>
          <p>{txt('student.none')}</p>
          <p>
            <Link to="/student/discover-courses">{txt('student.discover')}</Link>
          </p>
        </EmptyState>
      ) : null}
      {courses && courses.length > 0 ? (
        <ul className="cert-course-list">
          {courses.map((c) => (
            <li key={c.course_id} className="card cert-course">
              <h2>
                <bdi>{c.course_title}</bdi>
              </h2>
              <p>
                <strong>{txt('student.courseState')}:</strong> <span className="cert-progress">{txt(`progress.${c.progress_state}`) ?? c.progress_state}</span>
                {c.progress_state === 'completed' && typeof c.percent === 'number' ? (
                  <>
                    {' — '}
                    <strong>{txt('student.result')}:</strong> {formatPercent(c.percent, i18n.language)}
                    {c.grade ? ` (${gradeLabel(txt, c.grade)})` : ''}
                  </>
                ) : null}
              </p>
              <div id={stateId(c.course_id)} tabIndex={-1} className="cert-state">
                <CourseState course={c} txt={txt} lang={i18n.language} busy={busy === c.course_id} onRequest={() => ask(c)} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

function CourseState({ course: c, txt, lang, busy, onRequest }: { course: StudentCourseCertificate; txt: CertificatesT; lang: string; busy: boolean; onRequest: () => void }) {
  const helpId = `cert-help-${c.course_id}`;
  const requestButton = (label: string) => (
    <>
      <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} aria-describedby={helpId} onClick={onRequest}>
        {label}{' '}
        <span className="visually-hidden">{txt('student.requestFor', { t: c.course_title })}</span>
      </button>
      <p id={helpId} className="field-hint">
        {txt('student.help')}
      </p>
    </>
  );
  const code = c.certificate?.code ?? (c.request?.status === 'approved' ? c.request.certificate_code : null);
  const viewLink = code ? (
    <p>
      <Link to={`/student/certificates/${encodeURIComponent(code)}`}>
        {txt('student.view')}{' '}
        <span className="visually-hidden">{txt('student.requestFor', { t: c.course_title })}</span>
      </Link>
    </p>
  ) : null;

  const revoked = c.certificate?.status === 'revoked' ? c.certificate : null;
  const rejected = c.request?.status === 'rejected' ? c.request : null;
  const rejection = rejected ? (
    <>
      <p className="cert-warning">{txt('student.rejected', { date: formatDateTime(rejected.decided_at, lang) })}</p>
      {rejected.reason ? (
        <p>
          <strong>{txt('student.reason')}:</strong> <bdi>{rejected.reason}</bdi>
        </p>
      ) : null}
    </>
  ) : null;

  if (c.certificate && !revoked) {
    return (
      <>
        <p className="cert-ok">
          <span aria-hidden="true">✓ </span>
          {txt('student.issued', { date: formatDay(c.certificate.issued_at, lang) })}
        </p>
        {viewLink}
      </>
    );
  }
  if (c.request?.status === 'pending') {
    return <p>{txt('student.pending', { date: formatDateTime(c.request.requested_at, lang) })}</p>;
  }
  if (revoked) {
    // A revoked certificate may be asked for again; a rejection after it is shown too.
    const laterRejection = rejected && Date.parse(rejected.requested_at) > Date.parse(revoked.revoked_at ?? '') ? rejection : null;
    return (
      <>
        <p className="cert-warning">{txt('student.revoked', { date: formatDay(revoked.revoked_at, lang) })}</p>
        {revoked.revoke_reason ? (
          <p>
            <strong>{txt('student.reason')}:</strong> <bdi>{revoked.revoke_reason}</bdi>
          </p>
        ) : null}
        {viewLink}
        {laterRejection}
        {c.progress_state === 'completed' ? requestButton(txt('student.requestAgain')) : null}
      </>
    );
  }
  if (c.request?.status === 'approved' && code) {
    return (
      <>
        <p className="cert-ok">
          <span aria-hidden="true">✓ </span>
          {txt('student.issued', { date: formatDay(c.request.decided_at, lang) })}
        </p>
        {viewLink}
      </>
    );
  }
  if (rejected) {
    return (
      <>
        {rejection}
        {c.progress_state === 'completed' ? requestButton(txt('student.requestAgain')) : null}
      </>
    );
  }
  if (c.progress_state === 'completed') return requestButton(txt('student.request'));
  return <p className="muted">{txt('student.notCompleted')}</p>;
}
