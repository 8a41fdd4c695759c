import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { Code } from '@/components/braille/cells';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { Page } from '@/components/Page';
import { ApiError } from '@/lib/api-client';
import { courseOutline, getAssessment, getAttempt, startAttempt, type AssessmentDto, type AttemptView, type CourseOutline } from '../api/assessments';
import { AttemptForm } from '../components/AttemptForm';
import { questionHeadingId } from '../components/QuestionAnswer';
import { anchorLesson, learnerState } from '../lib/learning';
import { formatDate, useAssessmentTexts } from '../texts';
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
  const txt = useAssessmentTexts();
  const t = txt.take;
  const { i18n } = useTranslation();
  const { courseId = '', assessmentId = '' } = useParams();
  const [a, setA] = useState<AssessmentDto | null>(null);
  const [outline, setOutline] = useState<CourseOutline | null>(null);
  const [view, setView] = useState<AttemptView | null>(null);
  const [loadError, setLoadError] = useState('');
  const [notFound, setNotFound] = useState(false);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [said, setSaid] = useState('');
  const [busy, setBusy] = useState(false);
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
      if (!v.read_only) window.setTimeout(() => setStatus(t.resumed), 150);
    }
  }, [assessmentId, t.resumed]);

  useEffect(() => {
    load().catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) setNotFound(true);
      else setLoadError(e instanceof ApiError ? e.message : txt.common.loadError);
    });
  }, [load, txt.common.loadError]);

  // After starting, focus goes to the first question.
  useEffect(() => {
    if (!view || !focusFirst.current) return;
    focusFirst.current = false;
    document.getElementById(questionHeadingId(0))?.focus();
  }, [view]);

  async function start() {
    if (!a || busy) return;
    setBusy(true);
    setError('');
    setStatus('');
    try {
      const v = await startAttempt(a.id);
      focusFirst.current = true;
      setView(v);
      setStatus(t.started);
      // The standing now counts this attempt.
      getAssessment(a.id).then(setA, () => undefined);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : txt.common.sendError);
      // The standing may have changed meanwhile (another tab): show it as it is now.
      getAssessment(a.id).then(setA, () => undefined);
    } finally {
      setBusy(false);
    }
  }

  const code: Code = outline?.language ?? guessCode(a);
  const s = a?.learner;
  const state = s ? learnerState(s) : null;
  const back = courseLink(courseId, a, outline);
  const submitted = (s?.attempts ?? []).filter((x) => x.submitted_at);

  return (
    <Page title={a?.title ?? (notFound ? t.notFoundTitle : txt.common.loading)} className="as-take-page">
      <p>
        <Link to={back}>{t.back}</Link>
      </p>
      <ErrorAlert>{loadError || error}</ErrorAlert>
      <StatusMessage>{status}</StatusMessage>
      <div role="status" className="visually-hidden" data-testid="save-announcer">
        {said}
      </div>
      {notFound ? <p className="alert alert-error">{t.notFound}</p> : null}
      {!a && !loadError && !notFound ? <p>{txt.common.loading}</p> : null}
      {a ? (
        <section aria-labelledby="as-facts-h" className="card as-facts">
          <h2 id="as-facts-h">{t.facts}</h2>
          <dl className="details">
            <dt>{t.course}</dt>
            <dd>
              <bdi>{a.course_title}</bdi>
            </dd>
            <dt>{t.type}</dt>
            <dd>{txt.kind[a.type]}</dd>
            <dt>{t.questions}</dt>
            <dd>
              {txt.common.questions(a.questions_count)}
                      {txt.common.comma}
                      {txt.common.points(a.total_points)}
            </dd>
            <dt>{t.passMark}</dt>
            <dd>{txt.common.percent(a.pass_mark)}</dd>
            {s ? (
              <>
                <dt>{t.attempts}</dt>
                <dd>{t.attemptsUsed(s.attempts_used, a.max_attempts)}</dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}

      {a && view && !view.read_only ? <AttemptForm key={view.attempt.id} view={view} code={code} announce={announce} /> : null}

      {a && s && !(view && !view.read_only) ? (
        <div className="as-standing">
          {state === 'locked' && s.locked ? <p className="as-locked">{s.locked.message}</p> : null}
          {state === 'passed' ? <p className="as-passed">{t.passed}</p> : null}
          {state === 'no_attempts' ? <p className="as-locked">{t.noAttempts}</p> : null}
          {state === 'read_only' ? <p className="as-locked">{t.readOnly}</p> : null}
          {s.can_start ? (
            <p>
              <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => void start()}>
                {busy ? t.starting : s.attempts_used > 0 ? t.retry(s.attempts_used + 1) : t.start}
              </button>
            </p>
          ) : null}
        </div>
      ) : null}

      {submitted.length > 0 ? (
        <section aria-labelledby="as-past-h" className="as-past">
          <h2 id="as-past-h">{t.pastAttempts}</h2>
          <ul>
            {submitted.map((x) => (
              <li key={x.id}>
                {t.attemptLine(x.number, txt.result.scoreValue(x.score ?? 0, x.max_score, txt.common.percent(x.percent ?? 0)), x.passed)}
                {' — '}
                <span className="muted">{formatDate(x.submitted_at, i18n.language)}</span>{' '}
                <Link to={`/student/courses/answers/${x.id}`}>{t.seeResult(x.number)}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Page>
  );
}
