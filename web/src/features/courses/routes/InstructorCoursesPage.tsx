import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { loadErrorText } from '@/lib/query';
import { useLiveEvent } from '@/lib/realtime';
import { type CourseSummary, type RequestDto } from '../api/courses';
import { useCourseRequest, useMyCourses as useMyCoursesQuery, useOpenRevision } from '../api/queries';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { formatDateTime } from '@/lib/format';
import { gradeLabel, optionLabel, useCoursesT, type CoursesT } from '../i18n';
import '../courses.css';

interface DecidedPayload {
  request?: RequestDto;
  course_status?: string;
}

/** The live message for a decision on one of the instructor's requests. */
export function decisionMessage(p: DecidedPayload, txt: CoursesT): string {
  const r = p.request;
  if (!r) return '';
  const values = { t: r.course_title, r: r.reason ?? '' };
  if (r.revision_id) return r.status === 'approved' ? txt('revision.decided.approved', values) : txt('revision.decided.rejected', values);
  if (r.kind === 'accreditation')
    return r.status === 'approved' ? txt('instructor.decided.accreditation_approved', values) : txt('instructor.decided.accreditation_rejected', values);
  return r.status === 'approved' ? txt('instructor.decided.stop_approved', values) : txt('instructor.decided.stop_rejected', values);
}

function useMyCourses(txt: CoursesT) {
  const query = useMyCoursesQuery();
  return { courses: query.data, loadError: loadErrorText(query.error, txt('common.loadError')) };
}

function CourseRow({ c, txt, actions }: { c: CourseSummary; txt: CoursesT; actions?: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <li className="card crs-course-card">
      <h2 id={`course-${c.id}`} tabIndex={-1}>
        <bdi>{c.title}</bdi>
      </h2>
      <dl className="details">
        <dt>{txt('facts.status')}</dt>
        <dd>
          <span className={`crs-badge crs-badge-${c.status}`}>{txt(`status.${c.status}`) ?? c.status}</span>
        </dd>
        <dt>{txt('facts.language')}</dt>
        <dd>{optionLabel(txt, 'language', c.language)}</dd>
        <dt>{txt('facts.grade')}</dt>
        <dd>{gradeLabel(txt, c.braille_grade)}</dd>
        <dt>{txt('facts.lessons')}</dt>
        <dd>{c.lessons_count}</dd>
        <dt>{txt('facts.enrolled')}</dt>
        <dd>{c.enrolled_count}</dd>
        <dt>{txt('facts.updated')}</dt>
        <dd>{formatDateTime(c.updated_at, i18n.language)}</dd>
        {c.revision ? (
          <>
            <dt>{txt('revision.stateLabel')}</dt>
            <dd>{txt(`revision.stateShort.${c.revision.status as 'draft' | 'pending' | 'rejected'}`, { defaultValue: c.revision.status })}</dd>
          </>
        ) : null}
        {c.last_decision ? (
          <>
            <dt>{txt('facts.lastDecision')}</dt>
            <dd>{decisionMessage({ request: c.last_decision }, txt)}</dd>
          </>
        ) : null}
      </dl>
      {actions ? (
        <div className="actions" role="group" aria-labelledby={`course-${c.id}`}>
          {actions}
        </div>
      ) : null}
    </li>
  );
}

/** /instructor/courses: own courses (not the stopped ones) with status and actions. */
export function InstructorCoursesPage() {
  const { t: txt } = useCoursesT();
  const { courses, loadError } = useMyCourses(txt);
  const [status, setStatus] = useState('');
  const opening = useOpenRevision(txt('common.sendError'));
  const courseRequest = useCourseRequest(txt('common.sendError'));
  const busy = opening.pending ? (opening.variables ?? null) : courseRequest.pending ? (courseRequest.variables?.id ?? null) : null;
  const [stopping, setStopping] = useState<CourseSummary | null>(null);
  const [lastStop, setLastStop] = useState<number | null>(null);
  const navigate = useNavigate();

  /** Opens (or continues) the revision of a live course and goes to its editor. */
  function revise(c: CourseSummary) {
    if (busy !== null) return;
    courseRequest.reset();
    opening.mutate(c.id, { onSuccess: (res) => navigate(`/instructor/courses/${res.course.id}/edit`, { state: { saved: res.message } }) });
  }

  // The list is re-read on a decision in `api/queries.ts`; the page says what was decided.
  useLiveEvent(['request.decided'], (e) => setStatus(decisionMessage(e.payload as DecidedPayload, txt)));

  // A stop dialog closes when the course leaves "active" in the cached list (below).
  function act(c: CourseSummary, kind: 'accreditation' | 'stop') {
    if (busy !== null) return;
    setStatus('');
    opening.reset();
    courseRequest.mutate(
      { id: c.id, kind },
      {
        onSuccess: (res) => {
          setStatus(res.message);
          // The button that was used is gone with the new status: focus stays on its course.
          window.setTimeout(() => document.getElementById(`course-${c.id}`)?.focus(), 0);
        },
        onError: () => setStopping(null),
      },
    );
  }

  // A stop that went through closes its dialog in the render that replaces the Stop button, so
  // the dialog finds its opener gone and focuses the course (never the removed button, then <body>).
  const stoppingNow = stopping && courses?.find((c) => c.id === stopping.id)?.status === 'active' ? stopping : null;
  if (stopping && !stoppingNow) setStopping(null);

  const shown = courses?.filter((c) => c.status !== 'inactive') ?? [];

  return (
    <Page title={txt('instructor.coursesTitle')} intro={<p>{txt('instructor.coursesIntro')}</p>}>
      <p className="actions">
        <Link className="btn btn-primary" to="/instructor/courses/create">
          {txt('instructor.create')}
        </Link>
        <Link to="/instructor/archive">{txt('instructor.archiveLink')}</Link>
      </p>
      <LoadState loading={!courses} loadError={loadError} actionError={opening.errorText || courseRequest.errorText} status={status} loadingText={txt('common.loading')} />
      {courses && shown.length === 0 ? (
        <EmptyState>
          <p>{txt('instructor.none')}</p>
        </EmptyState>
      ) : null}
      {shown.length ? (
        <ul className="crs-course-list">
          {shown.map((c) => (
            <CourseRow
              key={c.id}
              c={c}
              txt={txt}
              actions={
                <>
                  <Link className="btn btn-secondary" to={`/instructor/courses/${c.id}`}>
                    {txt('instructor.view')}
                    <span className="visually-hidden"> {txt('common.quoted', { t: c.title })}</span>
                  </Link>
                  {c.status === 'draft' || c.status === 'rejected' ? (
                    <>
                      <Link className="btn btn-secondary" to={`/instructor/courses/${c.id}/edit`}>
                        {txt('instructor.edit')}
                        <span className="visually-hidden"> {txt('common.quoted', { t: c.title })}</span>
                      </Link>
                      <button type="button" className="btn btn-primary" aria-disabled={busy === c.id || undefined} onClick={() => act(c, 'accreditation')}>
                        {txt('instructor.send')}
                        <span className="visually-hidden"> {txt('common.quoted', { t: c.title })}</span>
                      </button>
                    </>
                  ) : null}
                  {c.status === 'active' ? (
                    <button type="button" className="btn btn-secondary" aria-disabled={busy === c.id || undefined} onClick={() => revise(c)}>
                      {c.revision ? txt('revision.continue') : txt('revision.open')}
                      <span className="visually-hidden"> {txt('common.quoted', { t: c.title })}</span>
                    </button>
                  ) : null}
                  {c.status === 'active' ? (
                    <button type="button" id={`stop-${c.id}`} className="btn btn-secondary" onClick={() => {
                        setLastStop(c.id);
                        setStopping(c);
                      }}>
                      {txt('instructor.stop')}
                      <span className="visually-hidden"> {txt('common.quoted', { t: c.title })}</span>
                    </button>
                  ) : null}
                </>
              }
            />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={stoppingNow !== null}
        title={stoppingNow ? txt('instructor.stopDialogTitle', { title: stoppingNow.title }) : ''}
        confirmLabel={txt('instructor.stopConfirm')}
        cancelLabel={txt('common.cancel')}
        busy={busy !== null}
        onConfirm={() => stoppingNow && act(stoppingNow, 'stop')}
        onClose={() => setStopping(null)}
        fallbackFocusId={lastStop !== null ? `course-${lastStop}` : undefined}
      >
        <p>{txt('instructor.stopDialogBody')}</p>
      </ConfirmDialog>
    </Page>
  );
}

/** /instructor/archive: stopped courses. */
export function ArchivePage() {
  const { t: txt } = useCoursesT();
  // Decisions re-read the list in `api/queries.ts`.
  const { courses, loadError } = useMyCourses(txt);
  const archived = courses?.filter((c) => c.status === 'inactive') ?? [];
  return (
    <Page title={txt('instructor.archiveTitle')} intro={<p>{txt('instructor.archiveIntro')}</p>}>
      <LoadState loading={!courses} loadError={loadError} loadingText={txt('common.loading')} />
      {courses && archived.length === 0 ? (
        <EmptyState>
          <p>{txt('instructor.archiveEmpty')}</p>
        </EmptyState>
      ) : null}
      {archived.length ? (
        <ul className="crs-course-list">
          {archived.map((c) => (
            <CourseRow
              key={c.id}
              c={c}
              txt={txt}
              actions={
                <Link className="btn btn-secondary" to={`/instructor/courses/${c.id}`}>
                  {txt('instructor.view')}
                  <span className="visually-hidden"> {txt('common.quoted', { t: c.title })}</span>
                </Link>
              }
            />
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
