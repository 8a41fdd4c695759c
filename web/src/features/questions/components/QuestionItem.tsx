import { Rich } from '@/components/Rich';
import { langOf } from '@/lib/i18n';
import { useQuestionsT } from '../i18n';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert, StatusMessage } from '@/components/Alert';
import { TextArea } from '@/components/Field';
import { formatDateTime } from '@/lib/format';
import { useFormErrors } from '@/lib/forms';
import { type Question } from '../api/questions';
import { useAnswerQuestion } from '../api/queries';

const ORDER = ['text'];

/**
 * One question in a list. The student sees its status and the answer; the instructor also gets
 * an answer form while it is unanswered. The status region stays mounted when the form goes, so
 * "Question answered" is announced, and focus moves to the question's heading. The answer's
 * request belongs to the item, which outlives the form it replaces.
 */
export function QuestionItem({ question: q, view, onAnswered }: { question: Question; view: 'student' | 'instructor'; onAnswered?: (q: Question) => void }) {
  const { t, i18n: tI18n } = useQuestionsT();
  const lang = langOf(tI18n.language);
  const heading = useRef<HTMLHeadingElement>(null);
  const [done, setDone] = useState('');
  const { t: tc } = useTranslation();
  const answer = useAnswerQuestion(tc('errors.problemSending'));
  const headingId = `q-${q.id}-heading`;
  const title = view === 'instructor' ? <Rich text={t('from')} values={{ name: q.student_name }} /> : <bdi>{q.course_title}</bdi>;

  return (
    <li className={`thread ${q.answered ? 'thread-answered' : 'thread-open'}`}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="thread-title">
        {title}
      </h3>
      <p className="thread-meta">
        {view === 'instructor' ? <bdi>{q.course_title}</bdi> : null}
        {q.lesson_title ? (
          <span>
            {t('lessonLabel')} <bdi>{q.lesson_title}</bdi>
          </span>
        ) : null}
        <span>
          {t('askedOn')}{' '}
          <bdi>
            <time dateTime={q.created_at}>{formatDateTime(q.created_at, lang)}</time>
          </bdi>
        </span>
        <span className={`tag ${q.answered ? 'tag-done' : 'tag-waiting'}`}>{q.answered ? t('answered') : t('waiting')}</span>
      </p>
      <p className="thread-text" dir="auto">
        {q.text}
      </p>
      {q.answered && q.answer ? (
        <div className="thread-reply">
          <p className="thread-reply-label">
            {t('answerLabel')}
            {q.answered_at ? (
              <>
                {' · '}
                <bdi>
                  <time dateTime={q.answered_at}>{formatDateTime(q.answered_at, lang)}</time>
                </bdi>
              </>
            ) : null}
          </p>
          <p className="thread-text" dir="auto">
            {q.answer}
          </p>
        </div>
      ) : null}
      {view === 'instructor' && !q.answered ? (
        <AnswerForm
          question={q}
          busy={answer.pending}
          send={(text, fail) =>
            answer.mutate(
              { id: q.id, text },
              {
                onSuccess: (res) => {
                  onAnswered?.(res.question);
                  setDone(res.message);
                  window.setTimeout(() => heading.current?.focus(), 0);
                },
                onError: fail,
              },
            )
          }
        />
      ) : null}
      {view === 'instructor' ? <StatusMessage>{done}</StatusMessage> : null}
    </li>
  );
}

function AnswerForm({ question, busy, send }: { question: Question; busy: boolean; send: (text: string, fail: (err: unknown) => void) => void }) {
  const { t } = useQuestionsT();
  const { t: tc } = useTranslation();
  const prefix = `answer-${question.id}`;
  const [text, setText] = useState('');
  const { fieldErrors, formError, reset, showFieldErrors, fail } = useFormErrors(ORDER, tc('errors.problemSending'), prefix);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    reset();
    if (!text.trim()) return showFieldErrors({ text: tc('common.requiredField') });
    send(text.trim(), fail);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="form thread-form">
      <ErrorAlert>{formError}</ErrorAlert>
      <TextArea name="text" idPrefix={prefix} label={t('yourAnswer')} value={text} onChange={setText} required error={fieldErrors.text} />
      <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
        {busy ? tc('common.sending') : t('sendAnswer')}
      </button>
    </form>
  );
}
