import type en from '../locales/en';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { readLang } from '@/lib/storage';
import { getCourse, type CourseDetail } from '../api/courses';
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
  const [course, setCourse] = useState<CourseDetail | null>(null);
  const [form, setForm] = useState<CourseForm | null>(() => (editing ? null : emptyCourse(readLang())));
  const [loadError, setLoadError] = useState('');
  const [status, setStatus] = useState('');
  const savedMessage = (location.state as { saved?: string } | null)?.saved;

  useEffect(() => {
    if (!editing) return;
    let live = true;
    getCourse(id)
      .then((c) => {
        if (!live) return;
        setCourse(c);
        setForm(fromCourseDetail(c));
      })
      .catch((e: unknown) => live && setLoadError(e instanceof ApiError ? e.message : txt('common.loadError')));
    return () => {
      live = false;
    };
  }, [editing, id, txt]);

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
              setCourse(saved);
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
