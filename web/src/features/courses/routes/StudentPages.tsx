import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { loadErrorText } from '@/lib/query';
import { type CourseDetail, type LessonDto } from '../api/courses';
import { useCompleteLesson, useEnrolledCourses, useLearnCourse } from '../api/queries';
import { ProgressView } from '../components/CourseParts';
import { LessonContent } from '../components/LessonContent';
import { formatDateTime } from '@/lib/format';
import { gradeLabel, optionLabel, useCoursesT } from '../i18n';
import '../courses.css';

/** /student/courses: enrolled courses with progress. */
export function MyCoursesPage() {
  const { t: txt } = useCoursesT();
  const { i18n } = useTranslation();
  const query = useEnrolledCourses();
  const courses = query.data ?? null;
  const loadError = query.error ? (query.error instanceof ApiError ? query.error.message : txt('common.loadError')) : '';

  return (
    <Page title={txt('student.title')} intro={<p>{txt('student.intro')}</p>}>
      <LoadState loading={!courses} loadError={loadError} loadingText={txt('common.loading')} />
      {courses && courses.length === 0 ? (
        <EmptyState>
          <p>{txt('student.none')}</p>
          <p>
            <Link to="/student/discover-courses">{txt('student.discover')}</Link>
          </p>
        </EmptyState>
      ) : null}
      {courses && courses.length > 0 ? (
        <ul className="crs-course-list">
          {courses.map(({ course, progress, last_activity_at }) => (
            <li key={course.id} className="card crs-course-card">
              <h2>
                <Link to={`/student/courses/${course.id}`}>
                  <bdi>{course.title}</bdi>
                </Link>
              </h2>
              <p className="crs-tags">
                <span>{optionLabel(txt, 'language', course.language)}</span>
                <span>{gradeLabel(txt, course.braille_grade)}</span>
                <span>{optionLabel(txt, 'level', course.level)}</span>
                {course.status === 'inactive' ? <span>{txt('status.inactive')}</span> : null}
              </p>
              <ProgressView progress={progress} txt={txt} label={txt('student.progressOf', { t: course.title })} />
              <p className="muted">
                {txt('student.lastActivity')}: {formatDateTime(last_activity_at, i18n.language)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}

interface Located {
  lesson: LessonDto;
  chapterNo: number;
  chapterTitle: string;
  lessonNo: number;
}

function flatten(course: CourseDetail): Located[] {
  return course.chapters.flatMap((c, ci) => c.lessons.map((lesson, li) => ({ lesson, chapterNo: ci + 1, chapterTitle: c.title, lessonNo: li + 1 })));
}

/** What the learning page hands to the assessments shown with a lesson (composed by src/app). */
export interface LessonAssessmentsProps {
  courseId: number;
  chapters: Array<{ id: number; title: string; lessons: Array<{ id: number; title: string }> }>;
  lessonId: number;
}

/**
 * /student/courses/:courseId (no side menu): the lesson navigator, the current lesson's full
 * content, "mark lesson complete" and the progress. The lesson is chosen with `?lesson=<id>`;
 * changing it moves focus to the lesson's heading. `assessments` renders the course's
 * assessments that belong with the current lesson (its exercises, and after a chapter's last
 * lesson the chapter assessment, after the course's last the final).
 */
export function LearnPage({ assessments: Assessments }: { assessments?: ComponentType<LessonAssessmentsProps> }) {
  const { t: txt } = useCoursesT();
  const { courseId } = useParams();
  const [params] = useSearchParams();
  const query = useLearnCourse(courseId ?? '');
  const course = query.data;
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const loadError = notFound ? '' : loadErrorText(query.error, txt('common.loadError'));
  const [status, setStatus] = useState('');
  const completion = useCompleteLesson(courseId ?? '', txt('common.sendError'));
  const busy = completion.pending;
  const shownLesson = useRef<number | null>(null);
  const focusAfter = useRef<string | null>(null);

  // Focus that must wait for the next render (the element appears with it).
  useEffect(() => {
    if (!focusAfter.current) return;
    const el = document.getElementById(focusAfter.current);
    if (el) {
      focusAfter.current = null;
      el.focus();
    }
  });
  // Without ?lesson=, the first lesson not yet completed when the page opened (it stays put
  // when the student completes it).
  const [start, setStart] = useState<{ courseId: string | undefined; id: number | null } | null>(null);
  if (course && !query.isPlaceholderData && start?.courseId !== courseId) {
    const lessons = flatten(course);
    setStart({ courseId, id: (lessons.find((x) => !x.lesson.completed) ?? lessons[0])?.lesson.id ?? null });
  }
  const startId = start?.id ?? null;

  const all = course ? flatten(course) : [];
  const wanted = Number(params.get('lesson'));
  const byParam = all.findIndex((x) => x.lesson.id === wanted);
  const index = Math.max(0, byParam >= 0 ? byParam : all.findIndex((x) => x.lesson.id === startId));
  const current = all[index];
  const prev = index > 0 ? all[index - 1] : null;
  const next = index < all.length - 1 ? all[index + 1] : null;
  const currentId = current?.lesson.id ?? null;

  // Another lesson was opened: its heading takes focus (not on the first display).
  const resetCompletion = completion.reset;
  useEffect(() => {
    if (currentId === null) return;
    if (shownLesson.current !== null && shownLesson.current !== currentId) {
      setStatus('');
      resetCompletion();
      document.getElementById('lesson-title')?.focus();
    }
    shownLesson.current = currentId;
  }, [currentId, resetCompletion]);

  function markComplete(lesson: LessonDto) {
    if (busy || !course) return;
    setStatus('');
    completion.mutate(lesson.id, {
      onSuccess: (res) => {
        setStatus(res.message);
        focusAfter.current = 'lesson-done';
      },
    });
  }

  const lessonLink = (x: Located) => `/student/courses/${courseId}?lesson=${x.lesson.id}`;

  return (
    <Page title={course?.title ?? (notFound ? txt('learn.notFoundTitle') : txt('common.loading'))} className="crs-learn-page">
      <p>
        <Link to="/student/courses">{txt('learn.back')}</Link>
      </p>
      <LoadState loading={!course && !notFound} loadError={loadError} actionError={completion.errorText} status={status} loadingText={txt('common.loading')} />
      {notFound ? <p className="alert alert-error">{txt('learn.notFound')}</p> : null}
      {course && !course.enrolled ? (
        <p>
          {txt('learn.notEnrolled')} <Link to={`/student/discover-courses/${course.id}`}>{txt('learn.seeCourse')}</Link>
        </p>
      ) : null}
      {course && course.enrolled ? (
        <>
          {course.status === 'inactive' ? <p className="alert alert-error">{txt('learn.stopped')}</p> : null}
          {course.progress ? <ProgressView progress={course.progress} txt={txt} label={txt('learn.yourProgress')} /> : null}
          {all.length === 0 ? (
            <EmptyState>
              <p>{txt('learn.empty')}</p>
            </EmptyState>
          ) : (
            <div className="crs-learn">
              <nav aria-labelledby="lessons-nav" className="crs-lesson-nav">
                <h2 id="lessons-nav">{txt('learn.nav')}</h2>
                <ol>
                  {course.chapters.map((c, ci) => (
                    <li key={c.id}>
                      <span className="crs-nav-chapter" id={`nav-ch-${c.id}`}>
                        {txt('common.chapterN', { n: ci + 1 })}: <bdi>{c.title}</bdi>
                      </span>
                      <ol aria-labelledby={`nav-ch-${c.id}`}>
                        {c.lessons.map((x, li) => {
                          const here = x.id === currentId;
                          return (
                            <li key={x.id}>
                              <Link
                                to={lessonLink({ lesson: x, chapterNo: ci + 1, chapterTitle: c.title, lessonNo: li + 1 })}
                                aria-current={here ? 'page' : undefined}
                                className={x.completed ? 'crs-done' : undefined}
                              >
                                <span aria-hidden="true" className="crs-check">
                                  {x.completed ? '✓' : '○'}
                                </span>{' '}
                                <bdi>{x.title}</bdi>
                                {x.completed ? <span className="visually-hidden"> {txt('learn.completedMark')}</span> : null}
                              </Link>
                            </li>
                          );
                        })}
                      </ol>
                    </li>
                  ))}
                </ol>
              </nav>
              {current ? (
                <article className="crs-lesson-main" aria-labelledby="lesson-title">
                  <p className="muted crs-lesson-where">
                    {txt('common.chapterN', { n: current.chapterNo })}: <bdi>{current.chapterTitle}</bdi> — {txt('common.lessonN', { n: current.lessonNo })}
                  </p>
                  <h2 id="lesson-title" tabIndex={-1} dir="auto">
                    {current.lesson.title}
                  </h2>
                  <LessonContent lesson={current.lesson} txt={txt} level={3} idPrefix={`lesson-${current.lesson.id}`} />
                  <div className="card crs-complete">
                    {current.lesson.completed ? (
                      <p id="lesson-done" tabIndex={-1} className="crs-done-text">
                        <span aria-hidden="true">✓ </span>
                        {txt('learn.done')}
                      </p>
                    ) : course.status !== 'inactive' ? (
                      <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => markComplete(current.lesson)}>
                        {txt('learn.markComplete')}
                      </button>
                    ) : null}
                  </div>
                  {Assessments ? <Assessments courseId={course.id} chapters={course.chapters} lessonId={current.lesson.id} /> : null}
                  <nav className="crs-prev-next" aria-label={txt('learn.prevNext')}>
                    {prev ? (
                      <Link to={lessonLink(prev)} className="btn btn-secondary">
                        {txt('learn.previous')}: <bdi>{prev.lesson.title}</bdi>
                      </Link>
                    ) : (
                      <span />
                    )}
                    {next ? (
                      <Link to={lessonLink(next)} className="btn btn-secondary">
                        {txt('learn.next')}: <bdi>{next.lesson.title}</bdi>
                      </Link>
                    ) : null}
                  </nav>
                </article>
              ) : null}
            </div>
          )}
        </>
      ) : null}
    </Page>
  );
}
