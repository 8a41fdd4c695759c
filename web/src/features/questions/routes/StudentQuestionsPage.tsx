import '@/styles/threads.css';
import { useQuestionsT } from '../i18n';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { EmptyState } from '@/components/EmptyState';
import { SelectField, TextArea } from '@/components/Field';
import { Page } from '@/components/Page';
import { useFormMutation, type FieldErrors } from '@/lib/forms';
import { type EnrolledCourse } from '../api/questions';
import { useAskQuestion, useCourseLessons, useEnrolledCourses, useQuestions } from '../api/queries';
import { QuestionItem } from '../components/QuestionItem';

const ORDER = ['course_id', 'lesson_id', 'text'];
const PREFIX = 'ask';

/** /student/questions: ask the instructor of an enrolled course; own questions, answers arrive live. */
export function StudentQuestionsPage() {
  const { t } = useQuestionsT();
  const { t: tc } = useTranslation();
  const questionsQuery = useQuestions();
  const coursesQuery = useEnrolledCourses();
  const questions = questionsQuery.data ?? null;
  const courses = coursesQuery.data ?? null;
  const loadError = questionsQuery.isError || coursesQuery.isError ? tc('errors.unexpectedRetrieving') : '';

  return (
    <Page title={t('studentTitle')} intro={<p>{t('studentIntro')}</p>}>
      <ErrorAlert>{loadError}</ErrorAlert>
      <section aria-labelledby="ask-heading" className="card">
        <h2 id="ask-heading">{t('askHeading')}</h2>
        {courses === null ? (
          loadError ? null : <p>{tc('common.loading')}</p>
        ) : courses.length ? (
          <AskForm courses={courses} />
        ) : (
          <EmptyState>
            <p>{t('notEnrolled')}</p>
            <p>
              <Link to="/student/discover-courses">{t('discover')}</Link>
            </p>
          </EmptyState>
        )}
      </section>
      <section aria-labelledby="mine-heading">
        <h2 id="mine-heading">{t('mineHeading')}</h2>
        {questions === null ? (
          loadError ? null : <p>{tc('common.loading')}</p>
        ) : questions.length ? (
          <ul className="thread-list">
            {questions.map((q) => (
              <QuestionItem key={q.id} question={q} view="student" />
            ))}
          </ul>
        ) : (
          <EmptyState>
            <p>{t('noneMine')}</p>
          </EmptyState>
        )}
      </section>
    </Page>
  );
}

function AskForm({ courses }: { courses: EnrolledCourse[] }) {
  const { t } = useQuestionsT();
  const { t: tc } = useTranslation();
  const [courseId, setCourseId] = useState(courses.length === 1 ? String(courses[0].id) : '');
  const [lessonId, setLessonId] = useState('');
  const lessons = useCourseLessons(courseId ? Number(courseId) : null).data ?? [];
  const [text, setText] = useState('');
  const [done, setDone] = useState('');
  const fallback = tc('errors.problemSending');
  const { fieldErrors, formError, reset, showFieldErrors, send, busy } = useFormMutation(useAskQuestion(fallback), ORDER, fallback, PREFIX);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    setDone('');
    const errs: FieldErrors = {};
    if (!courseId) errs.course_id = tc('common.requiredField');
    if (!text.trim()) errs.text = tc('common.requiredField');
    if (Object.keys(errs).length) return showFieldErrors(errs);
    send({ course_id: Number(courseId), lesson_id: lessonId ? Number(lessonId) : null, text: text.trim() }, (res) => {
      setText('');
      setDone(res.message);
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="form">
      <ErrorAlert>{formError}</ErrorAlert>
      <SelectField
        name="course_id"
        idPrefix={PREFIX}
        label={t('course')}
        value={courseId}
        onChange={(v) => {
          setCourseId(v);
          setLessonId('');
        }}
        options={courses.map((c) => ({ value: String(c.id), label: c.title }))}
        allowEmpty
        required
        error={fieldErrors.course_id}
      />
      <SelectField
        name="lesson_id"
        idPrefix={PREFIX}
        label={t('lesson')}
        value={lessonId}
        onChange={setLessonId}
        options={[{ value: '', label: t('wholeCourse') }, ...lessons.map((l) => ({ value: String(l.id), label: `${l.chapter} — ${l.title}` }))]}
        hint={t('lessonHint')}
        error={fieldErrors.lesson_id}
      />
      <TextArea name="text" idPrefix={PREFIX} label={t('question')} value={text} onChange={setText} required hint={t('textHint')} error={fieldErrors.text} />
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
        {busy ? tc('common.sending') : t('send')}
      </button>
      <StatusMessage>{done}</StatusMessage>
    </form>
  );
}
