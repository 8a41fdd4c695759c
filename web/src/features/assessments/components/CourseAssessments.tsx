import { formatScore } from '@/lib/format';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useCourseAssessments } from '../api/queries';
import { assessmentsAt, learnerAction, learnerState, type OutlineChapter } from '../lib/learning';
import { useAssessmentsT } from '../i18n';
import '../assessments.css';

export interface LearnAssessmentsProps {
  courseId: number;
  chapters: OutlineChapter[];
  /** The lesson on the page: its exercises are shown, and what comes after it in the course. */
  lessonId: number;
}

/**
 * The assessments of the course in place on the student's learning page: a lesson's exercises
 * with the lesson, a chapter's assessment after its last lesson, the final after the last
 * lesson of the course. Each shows the student's standing; a locked one shows the server's
 * spec §8 order message instead of a link.
 */
export function CourseAssessments({ courseId, chapters, lessonId }: LearnAssessmentsProps) {
  const { t: txt } = useAssessmentsT();
  const query = useCourseAssessments(courseId);
  const items = query.data;
  const error = query.error ? (query.error instanceof ApiError ? query.error.message : txt('common.loadError')) : '';

  if (error) return <p className="alert alert-error">{error}</p>;
  if (!items) return null;
  const here = assessmentsAt(items, chapters, lessonId);
  if (here.length === 0) return null;
  const passed = items.filter((a) => a.learner?.passed).length;

  return (
    <section className="card as-learn" aria-labelledby="as-learn-heading">
      <h3 id="as-learn-heading">{txt('learn.heading')}</h3>
      <p className="muted">{txt('learn.passedOf', { p: passed, t: items.length })}</p>
      <ul className="as-learn-list">
        {here.map((a) => {
          const s = a.learner;
          const state = s ? learnerState(s) : 'not_started';
          const action = learnerAction(state);
          const where =
            a.type === 'lesson_exercise' ? txt('learn.tiedLesson', { t: a.lesson_title ?? '' }) : a.type === 'chapter_assessment' ? txt('learn.tiedChapter', { t: a.chapter_title ?? '' }) : txt('learn.tiedFinal');
          const verb = action === 'start' ? txt('learn.start') : action === 'resume' ? txt('learn.resume') : action === 'retry' ? txt('learn.retry') : txt('learn.view');
          return (
            <li key={a.id} className={`as-learn-item as-state-${state}`}>
              <h4 id={`as-a-${a.id}`}>
                <bdi>{a.title}</bdi>
              </h4>
              <p className="as-learn-meta">
                {txt(`kind.${a.type}`)} — <bdi>{where}</bdi> — {txt('common.questions', { count: a.questions_count })}
              </p>
              <p className="as-learn-state">
                <span className={`as-badge as-badge-${state}`}>{txt(`learn.state.${state}`)}</span>
                {s?.best_percent != null ? <> — {txt('learn.best', { p: txt('common.percent', { value: formatScore(s.best_percent) }) })}</> : null}
              </p>
              {state === 'locked' && s?.locked ? <p className="as-locked">{s.locked.message}</p> : null}
              {action ? (
                <p>
                  <Link
                    className={action === 'view' ? 'btn btn-secondary' : 'btn btn-primary'}
                    to={`/student/courses/${courseId}/assessments/${a.id}`}
                    aria-label={txt('learn.actionLabel', { action: verb, t: a.title })}
                  >
                    {verb}
                  </Link>
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
