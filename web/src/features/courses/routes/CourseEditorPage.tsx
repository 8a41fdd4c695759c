import type en from '../locales/en';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { Page } from '@/components/Page';
import { loadErrorText } from '@/lib/query';
import { readLang } from '@/lib/storage';
import { courseSaved, useEditedCourse } from '../api/queries';
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
  const title = editing ? (course ? `${txt('builder.editTitle')}: ${course.title}` : txt('builder.editTitle')) : txt('builder.createTitle');

  return (
    <Page title={title} intro={<p>{txt('builder.intro')}</p>}>
      <ErrorAlert>{loadError}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      {editing && !course && !loadError ? <p>{txt('common.loading')}</p> : null}
      {course && !editable ? <p className="alert alert-error">{txt('builder.notEditable', { status: txt(`status.${course.status as keyof (typeof en)['status']}`, { defaultValue: course.status }) })}</p> : null}
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
              courseSaved(saved);
              setStatus('');
              window.setTimeout(() => setStatus(message), 50);
            }
          }}
        />
      ) : null}
      <p>
        <Link to="/instructor/courses">{txt('builder.back')}</Link>
      </p>
    </Page>
  );
}
