import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Code } from '@/components/braille/cells';
import { ErrorAlert } from '@/components/Alert';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/mutation';
import { saveAnswer, type AnswerInput, type AttemptView } from '../api/assessments';
import { useSubmitAttempt } from '../api/queries';
import { isAnswered } from '../lib/learning';
import { AnswerSaver, type SaveState } from '../lib/saver';
import { useAssessmentsT } from '../i18n';
import { QuestionAnswer } from './QuestionAnswer';

interface Props {
  view: AttemptView;
  code: Code;
  /** Polite announcements (saves) go through the page's one status region. */
  announce: (message: string) => void;
}

/**
 * An open attempt: every question with the learner's saved answer, each change saved as the
 * learner goes (after a pause in typing, at once for a choice, and when focus leaves the
 * question), then one submission after a confirmation. The result page follows.
 */
export function AttemptForm({ view, code, announce }: Props) {
  const { t: txt } = useAssessmentsT();
  const navigate = useNavigate();
  const attemptId = view.attempt.id;
  const [answers, setAnswers] = useState<Record<number, AnswerInput | null>>(() =>
    Object.fromEntries(view.questions.map((q) => [q.id, q.answer ?? null])),
  );
  const [states, setStates] = useState<Record<number, { state: SaveState; error?: string }>>(() =>
    Object.fromEntries(view.questions.map((q) => [q.id, { state: q.saved_at ? 'saved' : 'idle' } as { state: SaveState }])),
  );
  const [confirming, setConfirming] = useState(false);
  const submission = useSubmitAttempt(view.assessment.course_id, txt('common.sendError'));
  const busy = submission.pending;
  const [error, setError] = useState('');
  const [submittedAlready, setSubmittedAlready] = useState(false);
  const numberOf = useMemo(() => new Map(view.questions.map((q, i) => [q.id, i + 1])), [view.questions]);
  const announceRef = useRef(announce);
  useEffect(() => {
    announceRef.current = announce;
  });

  const saver = useMemo(
    () =>
      new AnswerSaver(
        async (qid, answer) => {
          await saveAnswer(attemptId, qid, answer);
        },
        (qid, state, e) => {
          const why = e instanceof ApiError ? e.message : e ? txt('common.sendError') : undefined;
          setStates((s) => ({ ...s, [qid]: { state, error: why } }));
          // Submitted elsewhere (another tab): nothing more can be saved; the result is there.
          if (e instanceof ApiError && e.code === 'already_submitted') setSubmittedAlready(true);
          if (state === 'saved') announceRef.current(txt('take.savedAnnounce', { n: numberOf.get(qid) ?? 0 }));
        },
      ),
    [attemptId, numberOf, txt],
  );
  useEffect(() => () => saver.dispose(), [saver]);

  function onAnswer(qid: number, answer: AnswerInput, immediate: boolean) {
    setAnswers((a) => ({ ...a, [qid]: answer }));
    saver.change(qid, answer, immediate);
  }

  const answered = view.questions.filter((q) => isAnswered(q.type, answers[q.id])).length;
  // Failed saves stay in the alert until the answer is saved.
  const failures = view.questions
    .map((q, i) => ({ n: i + 1, s: states[q.id] }))
    .filter((x) => x.s?.state === 'failed')
    .map((x) => txt('take.failedAnnounce', { n: x.n, why: x.s?.error ?? txt('common.sendError') }));

  // Every answer saved first (the saver's own retries); one not saved stops the submission.
  function submit() {
    if (busy) return;
    setError('');
    submission.mutate(
      { id: attemptId, ready: () => saver.flushAll() },
      {
        onSuccess: (reply) => {
          if (reply) {
            navigate(`/student/courses/answers/${attemptId}`, { state: { submitted: true, progress: reply.progress } });
          } else {
            setError(txt('take.notAllSaved'));
            setConfirming(false);
          }
        },
        onError: (e) => {
          // Submitted in another tab: the result is there.
          if (e instanceof ApiError && e.code === 'already_submitted') setSubmittedAlready(true);
          setError(errorText(e, txt('common.sendError')));
          setConfirming(false);
        },
      },
    );
  }

  return (
    <section aria-labelledby="as-answers-h" className="as-attempt">
      <h2 id="as-answers-h">{txt('take.answers')}</h2>
      <p className="as-answered">{txt('take.answeredOf', { a: answered, t: view.questions.length })}</p>
      {view.questions.map((q, i) => (
        <QuestionAnswer
          key={q.id}
          question={q}
          index={i}
          total={view.questions.length}
          code={code}
          answer={answers[q.id] ?? null}
          saveState={states[q.id]?.state ?? 'idle'}
          saveError={states[q.id]?.error}
          onAnswer={(a, immediate) => onAnswer(q.id, a, immediate)}
          onLeave={() => void saver.flush(q.id)}
          onRetry={() => void saver.flush(q.id)}
        />
      ))}
      <ErrorAlert>
        {error || failures.length ? (
          <>
            {failures.map((f) => (
              <p key={f}>{f}</p>
            ))}
            {error ? <p>{error}</p> : null}
          </>
        ) : null}
      </ErrorAlert>
      {submittedAlready ? (
        <p>
          <Link to={`/student/courses/answers/${attemptId}`}>{txt('take.seeResultLink')}</Link>
        </p>
      ) : null}
      <div className="actions as-submit">
        <button type="button" className="btn btn-primary" aria-disabled={busy || undefined} onClick={() => setConfirming(true)}>
          {busy ? txt('take.submitting') : txt('take.submit')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={txt('take.confirmTitle')}
        confirmLabel={busy ? txt('take.submitting') : txt('take.confirm')}
        cancelLabel={txt('common.cancel')}
        busy={busy}
        onConfirm={submit}
        onClose={() => setConfirming(false)}
      >
        <p>{txt('take.confirmBody', { a: answered, t: view.questions.length })}</p>
      </ConfirmDialog>
    </section>
  );
}
