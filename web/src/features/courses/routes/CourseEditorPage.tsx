import type en from '../locales/en';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/Alert';
import { type CourseDetail, type RequestDto } from '../api/courses';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { loadErrorText } from '@/lib/query';
import { useLiveEvent } from '@/lib/realtime';
import { readLang } from '@/lib/storage';
import { useDiscardRevision, useEditedCourse, useOpenRevision, useSendRevision } from '../api/queries';
import { CourseBuilder } from '../components/CourseBuilder';
import { emptyCourse, fromCourseDetail, type CourseForm } from '../lib/builder';
import { useCoursesT } from '../i18n';
import '../courses.css';

/** /instructor/courses/create and /instructor/courses/:id/edit. */
export function CourseEditorPage() {
  const { t: txt } = useCoursesT();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const editing = id !== undefined;
  const query = useEditedCourse(id);
  const course = query.data ?? null;
  const loadError = loadErrorText(query.error, txt('common.loadError'));
  // The form the builder starts from (it keeps its own copy after).
  const [newForm] = useState<CourseForm | null>(() => (editing ? null : emptyCourse(readLang())));
  const form = useMemo(() => (editing ? (course ? fromCourseDetail(course) : null) : newForm), [editing, course, newForm]);
  const [status, setStatus] = useState('');
  const savedMessage = (location.state as { saved?: string } | null)?.saved;

  // "Course saved" after creating: shown once the status region is on the page, so it is announced.
  useEffect(() => {
    if (!savedMessage) return;
    const t = window.setTimeout(() => setStatus(savedMessage), 150);
    return () => window.clearTimeout(t);
  }, [savedMessage]);

  const editable = !course || course.status === 'draft' || course.status === 'rejected';
  // The revision's actions: one at a time, the failure of the last one in the alert.
  const opening = useOpenRevision(txt('common.sendError'));
  const sending = useSendRevision(txt('common.sendError'));
  const discard = useDiscardRevision(txt('common.sendError'));
  const actions = [opening, sending, discard];
  const busy = actions.some((a) => a.pending);
  const actionError = opening.errorText || sending.errorText || discard.errorText;
  const [discarding, setDiscarding] = useState(false);
  const revisionOf = course?.revision_of;

  /** Before one of the revision's actions: the last one's messages go. */
  function starting(): boolean {
    if (busy) return false;
    for (const a of actions) a.reset();
    setStatus('');
    return true;
  }

  function startRevision(live: CourseDetail) {
    if (!starting()) return;
    opening.mutate(live.id, { onSuccess: (res) => navigate(`/instructor/courses/${res.course.id}/edit`, { state: { saved: res.message } }) });
  }
  function sendRevision(revision: CourseDetail) {
    if (!starting()) return;
    sending.mutate(revision.id, { onSuccess: (res) => window.setTimeout(() => setStatus(res.message), 50) });
  }
  function dropRevision(live: number) {
    if (!starting()) return;
    discard.mutate(live, {
      onSuccess: (res) => {
        setDiscarding(false);
        navigate(`/instructor/courses/${live}/edit`, { state: { saved: res.message } });
      },
    });
  }
  // A supervisor decides this revision while it is open: approved, it is the live course now (its
  // editor says so); returned, it is read again, editable, with the reason.
  useLiveEvent(['request.decided'], (e) => {
    const r = (e.payload as { request?: RequestDto } | null)?.request;
    if (!course || revisionOf === undefined || !r || r.revision_id !== course.id) return;
    const message = r.status === 'approved' ? txt('revision.decided.approved', { t: r.course_title }) : txt('revision.decided.rejected', { t: r.course_title, r: r.reason ?? '' });
    if (r.status === 'approved') navigate(`/instructor/courses/${revisionOf}/edit`, { state: { saved: message } });
    else {
      void query.refetch();
      setStatus('');
      window.setTimeout(() => setStatus(message), 50);
    }
  });
  const returnedReason = course?.requests?.filter((r) => r.status === 'rejected').at(-1)?.reason ?? '';
  const title = editing ? (course ? `${txt('builder.editTitle')}: ${course.title}` : txt('builder.editTitle')) : txt('builder.createTitle');

  return (
    <Page title={title} intro={<p>{txt('builder.intro')}</p>}>
      <LoadState loading={editing && !course} loadError={loadError} status={status} loadingText={txt('common.loading')} />
      <ErrorAlert>{actionError}</ErrorAlert>
      {course && revisionOf !== undefined ? (
        <section aria-labelledby="rev-banner" className="card crs-revision-banner">
          <h2 id="rev-banner">{txt('revision.bannerTitle')}</h2>
          <p>{txt('revision.banner', { t: course.title })}</p>
          <p>
            <strong>{txt('revision.stateLabel')}: </strong>
            {course.status === 'rejected'
              ? txt('revision.state.rejected', { r: returnedReason })
              : course.status === 'pending'
                ? txt('revision.state.pending')
                : txt('revision.state.draft')}
          </p>
          <div className="actions">
            {editable ? (
              <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => sendRevision(course)}>
                {txt('revision.send')}
              </button>
            ) : null}
            {editable ? (
              <button type="button" id="rev-discard" className="btn btn-secondary" onClick={() => setDiscarding(true)}>
                {txt('revision.discard')}
              </button>
            ) : null}
            <Link to="/instructor/assessments">{txt('revision.assessments')}</Link>
            <Link to={`/instructor/courses/${revisionOf}`}>{txt('revision.toLive')}</Link>
          </div>
        </section>
      ) : null}
      {course && revisionOf === undefined && course.status === 'active' ? (
        <section aria-labelledby="rev-live" className="card">
          <h2 id="rev-live">{txt('revision.bannerTitle')}</h2>
          <p>{txt('revision.liveNotice')}</p>
          <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => startRevision(course)}>
            {course.revision ? txt('revision.continue') : txt('revision.open')}
          </button>
        </section>
      ) : null}
      {course && !editable && revisionOf === undefined && course.status !== 'active' ? <p className="alert alert-error">{txt('builder.notEditable', { status: txt(`status.${course.status as keyof (typeof en)['status']}`, { defaultValue: course.status }) })}</p> : null}
      {form && editable ? (
        <CourseBuilder
          key={course?.id ?? 'new'}
          initial={form}
          courseId={course?.id}
          txt={txt}
          onSaved={(saved, message) => {
            if (!editing) {
              navigate(`/instructor/courses/${saved.id}/edit`, { replace: true, state: { saved: message } });
            } else {
              setStatus('');
              window.setTimeout(() => setStatus(message), 50);
            }
          }}
        />
      ) : null}
      <p>
        <Link to="/instructor/courses">{txt('builder.back')}</Link>
      </p>
      {course && revisionOf !== undefined ? (
        <ConfirmDialog
          open={discarding}
          title={txt('revision.discardTitle', { t: course.title })}
          confirmLabel={txt('revision.discard')}
          cancelLabel={txt('common.cancel')}
          busy={busy}
          onConfirm={() => dropRevision(revisionOf)}
          onClose={() => setDiscarding(false)}
          fallbackFocusId="rev-discard"
        >
          <p>{txt('revision.discardBody')}</p>
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}
