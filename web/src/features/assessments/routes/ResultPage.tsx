import { formatScore } from '@/lib/format';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { Code } from '@/components/braille/cells';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { type Progress } from '../api/assessments';
import { useAttemptResult } from '../api/queries';
import { ResultQuestion } from '../components/ResultQuestion';
import { formatDateTime } from '@/lib/format';
import { useAssessmentsT } from '../i18n';
import { courseLink, guessCode } from './TakeAssessmentPage';
import '../assessments.css';

/** The attempt id of /student/courses/answers/<id> (the route's splat) or /instructor/assessments/results/:attemptId. */
export function attemptIdOf(params: Record<string, string | undefined>): number | null {
  const raw = params.attemptId ?? (params['*'] ?? '').split('/')[0];
  return /^\d{1,15}$/.test(raw) ? Number(raw) : null;
}

interface NavState {
  /** Just submitted: "Assessment submitted" is announced. */
  submitted?: boolean;
  progress?: Progress;
}

/**
 * A submitted attempt's result: score, pass or fail, and every question with the learner's
 * answer next to the right one (for Braille, which dots differ in each cell, in words). For a
 * student (/student/courses/answers/<id>, no side menu) also the course progress of spec §4;
 * for the instructor (/instructor/assessments/results/<id>) the student's name.
 */
export function ResultPage({ area }: { area: 'student' | 'instructor' }) {
  const { t: txt } = useAssessmentsT();
  const { i18n } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const nav = (location.state as NavState | null) ?? {};
  const id = attemptIdOf(params);
  const query = useAttemptResult(id, area);
  const result = query.data?.result ?? null;
  const outline = query.data?.outline ?? null;
  const assessment = query.data?.assessment ?? null;
  const failure = query.error;
  const notFound = failure instanceof ApiError && (failure.status === 404 || failure.status === 409);
  const loadError = failure && !notFound ? (failure instanceof ApiError ? failure.message : txt('common.loadError')) : '';
  const [status, setStatus] = useState('');

  // "Assessment submitted": shown once the status region is on the page, so it is announced.
  useEffect(() => {
    if (!nav.submitted) return;
    const t = window.setTimeout(() => setStatus(txt('result.submitted')), 150);
    return () => window.clearTimeout(t);
  }, [nav.submitted, txt]);

  const title = result ? txt('result.title', { t: result.assessment.title }) : txt('result.titleLoading');
  const progress = outline?.progress ?? nav.progress ?? null;
  const code: Code = outline?.language ?? guessCode(result);
  const attempt = result?.attempt;
  const learner = assessment?.learner;
  const courseId = result?.assessment.course_id;

  return (
    <Page title={title} className="as-result-page">
      <p>
        {area === 'student' ? (
          courseId ? (
            <Link to={courseLink(courseId, assessment, outline)}>{txt('result.backToCourse')}</Link>
          ) : (
            <Link to="/student/courses">{txt('result.myCourses')}</Link>
          )
        ) : (
          <Link to="/instructor/track-students">{txt('result.backToTrack')}</Link>
        )}
      </p>
      <ErrorAlert>{loadError}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      {id === null ? <p>{txt('result.noId')}</p> : null}
      {notFound ? <p className="alert alert-error">{txt('result.notFound')}</p> : null}
      {id !== null && !result && !loadError && !notFound ? <p>{txt('common.loading')}</p> : null}
      {result && attempt ? (
        <>
          <section aria-labelledby="as-sum-h" className={`card as-summary ${attempt.passed ? 'as-r-right' : 'as-r-wrong'}`}>
            <h2 id="as-sum-h">{txt('result.summary')}</h2>
            <dl className="details">
              {area === 'instructor' ? (
                <>
                  <dt>{txt('result.student')}</dt>
                  <dd>{result.student.name}</dd>
                </>
              ) : null}
              <dt>{txt('result.attempt')}</dt>
              <dd>{attempt.number}</dd>
              <dt>{txt('result.score')}</dt>
              <dd>{txt('result.scoreValue', { s: attempt.score ?? 0, m: attempt.max_score, p: txt('common.percent', { value: formatScore(attempt.percent ?? 0) }) })}</dd>
              <dt>{txt('result.outcome')}</dt>
              <dd>
                <strong>
                  <span aria-hidden="true">{attempt.passed ? '✓ ' : '✗ '}</span>
                  {attempt.passed ? txt('result.passed') : txt('result.notPassed')}
                </strong>
              </dd>
              <dt>{txt('result.passMark')}</dt>
              <dd>{txt('common.percent', { value: formatScore(attempt.pass_mark) })}</dd>
              {result.grade ? (
                <>
                  <dt>{txt('result.grade')}</dt>
                  <dd>{txt(`grade.${result.grade}`) ?? result.grade}</dd>
                </>
              ) : null}
              <dt>{txt('result.submittedAt')}</dt>
              <dd>{formatDateTime(attempt.submitted_at, i18n.language)}</dd>
            </dl>
            {area === 'student' && learner?.can_start && !learner.passed ? (
              <p>
                <Link className="btn btn-primary" to={`/student/courses/${result.assessment.course_id}/assessments/${result.assessment.id}`}>
                  {txt('result.retry')}
                </Link>
              </p>
            ) : null}
          </section>

          {area === 'student' && progress ? (
            <section aria-labelledby="as-prog-h" className="card as-progress">
              <h2 id="as-prog-h">{txt('result.progress')}</h2>
              <ul>
                <li>
                  <strong>{txt('result.progressLine', { state: txt(`progress.${progress.state}`) ?? progress.state })}</strong>
                </li>
                <li>{txt('result.lessonsDone', { d: progress.lessons_done, t: progress.lessons_total })}</li>
                {progress.assessments_total ? <li>{txt('result.assessmentsPassed', { p: progress.assessments_passed ?? 0, t: progress.assessments_total })}</li> : null}
                {progress.percent != null ? <li>{txt('result.overall', { p: txt('common.percent', { value: formatScore(progress.percent) }) })}</li> : null}
                {progress.grade ? (
                  <li>
                    {txt('result.grade')}: {txt(`grade.${progress.grade}`) ?? progress.grade}
                  </li>
                ) : null}
                {progress.can_retry_final ? <li>{txt('result.canRetryFinal')}</li> : null}
              </ul>
            </section>
          ) : null}

          <section aria-labelledby="as-qs-h" className="as-results">
            <h2 id="as-qs-h">{txt('result.questionsHeading')}</h2>
            {result.questions.map((q, i) => (
              <ResultQuestion key={q.id} question={q} index={i} code={code} />
            ))}
          </section>
        </>
      ) : null}
    </Page>
  );
}
