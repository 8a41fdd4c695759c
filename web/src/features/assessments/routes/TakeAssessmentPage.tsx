import { formatScore } from '@/lib/format';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Code } from '@/components/braille/cells';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { courseOutline, getAssessment, getAttempt, type AssessmentDto, type AttemptView, type CourseOutline } from '../api/assessments';
import { useStartAttempt } from '../api/queries';
import { AttemptForm } from '../components/AttemptForm';
import { questionHeadingId } from '../components/QuestionAnswer';
import { anchorLesson, learnerState } from '../lib/learning';
import { formatDateTime } from '@/lib/format';
import { useAssessmentsT } from '../i18n';
import '../assessments.css';

/** The Braille code of an attempt whose course could not be read: from the script of its questions. */
export function guessCode(a: Pick<AssessmentDto, 'questions'> | null): Code {
  const sample = (a?.questions ?? []).map((q) => `${q.print ?? ''}${q.letter ?? ''}`).join('');
  return /[\u0600-\u06ff]/.test(sample) ? 'ar' : sample ? 'en' : 'ar';
}

/** The learning page's address for an assessment: the lesson it is shown with. */
export function courseLink(courseId: number | string, a: AssessmentDto | null, outline: CourseOutline | null): string {
  const lesson = a && outline ? anchorLesson(a, outline.chapters) : null;
  return `/student/courses/${courseId}${lesson ? `?lesson=${lesson}` : ''}`;
}

/**
 * /student/courses/:courseId/assessments/:assessmentId (no side menu): start or resume an
 * attempt and answer it. A reload resumes the open attempt with every saved answer. A locked
 * assessment shows the server's spec §8 order message.
 */
export function TakeAssessmentPage() {
  const { t: txt } = useAssessmentsT();
  const { i18n } = useTranslation();
  const { courseId = '', assessmentId = '' } = useParams();
  const [a, setA] = useState<AssessmentDto | null>(null);
  const [outline, setOutline] = useState<CourseOutline | null>(null);
  const [view, setView] = useState<AttemptView | null>(null);
  const [loadError, setLoadError] = useState('');
  const [notFound, setNotFound] = useState(false);
  const [status, setStatus] = useState('');
  const [said, setSaid] = useState('');
  const starting = useStartAttempt(txt('common.sendError'));
  const busy = starting.pending;
  const focusFirst = useRef(false);

  const announce = useCallback((m: string) => setSaid((prev) => (prev === m ? `${m}\u00a0` : m)), []);

  const load = useCallback(async () => {
    const dto = await getAssessment(assessmentId);
    setA(dto);
    courseOutline(dto.course_id)
      .then(setOutline)
      .catch(() => setOutline(null));
    const open = dto.learner?.open_attempt_id;
    if (open) {
      const v = await getAttempt(open);
      setView(v);
      // Said only when something saved was actually put back (issue 23).
      const restored = v.questions.some((q) => q.answer != null);
      if (!v.read_only && restored) window.setTimeout(() => setStatus(txt('take.resumed')), 150);
    }
  }, [assessmentId, txt]);

  useEffect(() => {
    load().catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) setNotFound(true);
      else setLoadError(e instanceof ApiError ? e.message : txt('common.loadError'));
    });
  }, [load, txt]);

  // After starting, focus goes to the first question.
  useEffect(() => {
    if (!view || !focusFirst.current) return;
    focusFirst.current = false;
    document.getElementById(questionHeadingId(0))?.focus();
  }, [view]);

  function start() {
    if (!a || busy) return;
    setStatus('');
    const id = a.id;
    starting.mutate(id, {
      onSuccess: (v) => {
        focusFirst.current = true;
        setView(v);
        setStatus(txt('take.started'));
      },
      // The standing now counts this attempt, or changed meanwhile (another tab): shown as it is now.
      onSettled: () => getAssessment(id).then(setA, () => undefined),
    });
  }

  const code: Code = outline?.language ?? guessCode(a);
  const s = a?.learner;
  const state = s ? learnerState(s) : null;
  const back = courseLink(courseId, a, outline);
  const submitted = (s?.attempts ?? []).filter((x) => x.submitted_at);

  return (
    <Page title={a?.title ?? (notFound ? txt('take.notFoundTitle') : txt('common.loading'))} className="as-take-page">
      <p>
        <Link to={back}>{txt('take.back')}</Link>
      </p>
      <ErrorAlert>{loadError || starting.errorText}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      <div role="status" className="visually-hidden" data-testid="save-announcer">
        {said}
      </div>
      {notFound ? <p className="alert alert-error">{txt('take.notFound')}</p> : null}
      {!a && !loadError && !notFound ? <p>{txt('common.loading')}</p> : null}
      {a ? (
        <section aria-labelledby="as-facts-h" className="card as-facts">
          <h2 id="as-facts-h">{txt('take.facts')}</h2>
          <dl className="details">
            <dt>{txt('take.course')}</dt>
            <dd>
              <bdi>{a.course_title}</bdi>
            </dd>
            <dt>{txt('take.type')}</dt>
            <dd>{txt(`kind.${a.type}`)}</dd>
            <dt>{txt('take.questions')}</dt>
            <dd>
              {txt('common.questions', { count: a.questions_count })}
                      {txt('common.comma')}
                      {txt('common.points', { count: a.total_points })}
            </dd>
            <dt>{txt('take.passMark')}</dt>
            <dd>{txt('common.percent', { value: formatScore(a.pass_mark) })}</dd>
            {s ? (
              <>
                <dt>{txt('take.attempts')}</dt>
                <dd>{a.max_attempts === 0 ? txt('take.attemptsUsedUnlimited', { used: s.attempts_used }) : txt('take.attemptsUsed', { used: s.attempts_used, max: a.max_attempts })}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}

      {a && view && !view.read_only ? <AttemptForm key={view.attempt.id} view={view} code={code} announce={announce} /> : null}

      {a && s && !(view && !view.read_only) ? (
        <div className="as-standing">
          {state === 'locked' && s.locked ? <p className="as-locked">{s.locked.message}</p> : null}
          {state === 'passed' ? <p className="as-passed">{txt('take.passed')}</p> : null}
          {state === 'no_attempts' ? <p className="as-locked">{txt('take.noAttempts')}</p> : null}
          {state === 'read_only' ? <p className="as-locked">{txt('take.readOnly')}</p> : null}
          {s.can_start ? (
            <p>
              <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={start}>
                {busy ? txt('take.starting') : s.attempts_used > 0 ? txt('take.retry', { n: s.attempts_used + 1 }) : txt('take.start')}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}

      {submitted.length > 0 ? (
        <section aria-labelledby="as-past-h" className="as-past">
          <h2 id="as-past-h">{txt('take.pastAttempts')}</h2>
          <ul>
            {submitted.map((x) => (
              <li key={x.id}>
                {txt(x.passed === null ? 'take.attemptLine' : x.passed ? 'take.attemptLinePassed' : 'take.attemptLineFailed', {
                  n: x.number,
                  score: txt('result.scoreValue', { s: x.score ?? 0, m: x.max_score, p: txt('common.percent', { value: formatScore(x.percent ?? 0) }) }),
                })}
                {' — '}
                <span className="muted">{formatDateTime(x.submitted_at, i18n.language)}</span>{' '}
                <Link to={`/student/courses/answers/${x.id}`}>{txt('take.seeResult', { n: x.number })}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}
