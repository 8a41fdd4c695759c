import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/EmptyState';
import { LoadState } from '@/components/LoadState';
import { Page } from '@/components/Page';
import { loadErrorText } from '@/lib/query';
import type { TrackedStudent } from '../api/courses';
import { useCourse, useTrackedStudents } from '../api/queries';
import { CourseFacts, CourseImage, FullCourse } from '../components/CourseParts';
import { formatDateTime } from '@/lib/format';
import { useCoursesT, type CoursesT } from '../i18n';
import '../courses.css';
import { RequestHistory } from '../components/RequestHistory';

/** A student's attempts at the course's assessments: the totals, then each attempt (score, pass
 * or not, a link to the answers) in a disclosure, so that a long list keeps the table narrow. */
function Attempts({ student, txt }: { student: TrackedStudent; txt: CoursesT }) {
  const attempts = student.attempts ?? [];
  const p = student.progress;
  return (
    <>
      {p.assessments_total ? <p className="crs-attempts-sum">{txt('instructor.assessmentsPassed', { p: p.assessments_passed ?? 0, t: p.assessments_total })}</p> : null}
      {p.grade ? (
        <p className="crs-attempts-sum">
          {txt(`instructor.grade.${p.grade}`) ?? p.grade}
          {p.percent != null ? ` (${p.percent}%)` : ''}
        </p>
      ) : null}
      {attempts.length === 0 ? (
        <span className="muted">{txt('instructor.noAttempts')}</span>
      ) : (
        <details className="crs-attempts-more">
          <summary>{txt('instructor.showAttempts', { count: attempts.length })}</summary>
          <ul className="crs-attempts">
            {attempts.map((a) => (
              <li key={a.id}>
                <bdi>{txt('instructor.attemptLine', { title: a.assessment_title, n: a.number })}</bdi>:{' '}
                {a.submitted_at ? (
                  <>
                    {txt('instructor.attemptScore', { score: a.score ?? 0, max: a.max_score, percent: a.percent ?? 0 })}, {a.passed ? txt('instructor.attemptPassed') : txt('instructor.attemptFailed')}{' '}
                    <Link to={`/instructor/assessments/results/${a.id}`} aria-label={txt('instructor.seeAnswersLabel', { who: student.name, title: a.assessment_title, n: a.number })}>
                      {txt('instructor.seeAnswers')}
                    </Link>
                  </>
                ) : (
                  txt('instructor.attemptOpen')
                )}
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** A cell's column name, shown only where the narrow layout stacks the cells (courses.css); the
 * table's own header already names the column for screen readers, so this one is hidden from them. */
function CellLabel({ children }: { children: string }) {
  return (
    <span className="crs-cell-label" aria-hidden="true">
      {children}
    </span>
  );
}

/** /instructor/track-students: per course, each enrolled student's progress, attempts and scores (kept current live). */
export function TrackStudentsPage() {
  const { t: txt } = useCoursesT();
  const { i18n } = useTranslation();
  // A student submitting a chapter or final assessment is told to the instructor live (`api/queries.ts`).
  const query = useTrackedStudents();
  const courses = query.data;
  const loadError = loadErrorText(query.error, txt('common.loadError'));

  // Drafts and courses waiting for accreditation cannot have students yet.
  const published = courses?.filter((c) => ['active', 'stop_pending', 'inactive'].includes(c.course.status)) ?? [];

  return (
    <Page title={txt('instructor.trackTitle')} intro={<p>{txt('instructor.trackIntro')}</p>}>
      <LoadState loading={!courses} loadError={loadError} loadingText={txt('common.loading')} />
      {courses && published.length === 0 ? (
        <EmptyState>
          <p>{txt('instructor.trackNone')}</p>
        </EmptyState>
      ) : null}
      {published.map(({ course, students }) => (
        <section key={course.id} aria-labelledby={`track-${course.id}`} className="card">
          <h2 id={`track-${course.id}`}>
            <bdi>{course.title}</bdi>
          </h2>
          <p className="muted">
            {txt('facts.status')}: {txt(`status.${course.status}`) ?? course.status} — {txt('common.lessons', { count: course.lessons_count })}
          </p>
          {students.length === 0 ? (
            <p>{txt('instructor.trackNoStudents')}</p>
          ) : (
            // Four columns fit a card at 1280 px; below 40rem each row is stacked as a block
            // (courses.css). Changing a table's display drops its semantics in some browsers, so the
            // roles are given explicitly. The region still scrolls by keyboard if a long word overflows.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <div className="crs-table-wrap" role="region" aria-labelledby={`track-cap-${course.id}`} tabIndex={0}>
              {/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- td is a "cell" here, not a grid cell */}
              <table className="crs-table crs-track" role="table">
                <caption id={`track-cap-${course.id}`}>{txt('instructor.trackCaption', { t: course.title })}</caption>
                <thead role="rowgroup">
                  <tr role="row">
                    <th scope="col" role="columnheader">{txt('instructor.student')}</th>
                    <th scope="col" role="columnheader">{txt('instructor.progress')}</th>
                    <th scope="col" role="columnheader">{txt('instructor.attempts')}</th>
                    <th scope="col" role="columnheader">{txt('instructor.dates')}</th>
                  </tr>
                </thead>
                <tbody role="rowgroup">
                  {students.map((s) => (
                    <tr key={s.id} role="row">
                      <th scope="row" role="rowheader">
                        <span className="crs-track-name">{s.name}</span>
                        <span className="crs-track-email muted" dir="ltr">
                          {s.email}
                        </span>
                      </th>
                      <td role="cell">
                        <CellLabel>{txt('instructor.progress')}</CellLabel>
                        <span className={`crs-state crs-state-${s.progress.state}`}>{txt(`progress.${s.progress.state}`) ?? s.progress.state}</span>{' '}
                        <span className="crs-track-lessons">{txt('instructor.lessonsOf', { done: s.progress.lessons_done, total: s.progress.lessons_total })}</span>
                      </td>
                      <td role="cell">
                        <CellLabel>{txt('instructor.attempts')}</CellLabel>
                        <Attempts student={s} txt={txt} />
                      </td>
                      <td role="cell">
                        <CellLabel>{txt('instructor.dates')}</CellLabel>
                        <span className="crs-track-date">{txt('instructor.enrolledOn', { d: formatDateTime(s.enrolled_at, i18n.language) })}</span>
                        <span className="crs-track-date">{txt('instructor.lastActiveOn', { d: formatDateTime(s.last_activity_at, i18n.language) })}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {/* eslint-enable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role */}
            </div>
          )}
        </section>
      ))}
    </Page>
  );
}

/** /instructor/courses/:id: the course's full content as students will see it. */
export function InstructorCoursePage() {
  const { t: txt } = useCoursesT();
  const { id } = useParams();
  const query = useCourse(id ?? '');
  const course = query.data;
  const loadError = loadErrorText(query.error, txt('common.loadError'));

  return (
    <Page title={course ? txt('instructor.previewTitle', { t: course.title }) : txt('instructor.view')}>
      <LoadState loading={!course} loadError={loadError} loadingText={txt('common.loading')} />
      {course ? (
        <>
          <CourseImage course={course} txt={txt} />
          <CourseFacts course={course} txt={txt} withStatus />
          {course.status === 'draft' || course.status === 'rejected' ? (
            <p>
              <Link className="btn btn-secondary" to={`/instructor/courses/${course.id}/edit`}>
                {txt('instructor.edit')}
              </Link>
            </p>
          ) : null}
          <RequestHistory requests={course.requests ?? []} txt={txt} />
          <FullCourse course={course} txt={txt} />
        </>
      ) : null}
      <p>
        <Link to={course?.status === 'inactive' ? '/instructor/archive' : '/instructor/courses'}>{txt('instructor.back')}</Link>
      </p>
    </Page>
  );
}
