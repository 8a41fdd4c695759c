/**
 * One card of a session. Reading: the cells drawn, named ("dots 1 2 5") and given as Unicode
 * Braille for a Braille display; the learner types the print. Writing: the print shown; the
 * learner writes it on the six-key keyboard. Focus starts on the answer field, whose label and
 * description say the question once. The result is focused when it comes (read once), with the
 * right answer's dots named and, for writing, the missing and extra dots; then "Next card".
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { BrailleKeyboard } from '@/components/braille/BrailleKeyboard';
import { useUiLang } from '@/components/braille/i18n';
import { ErrorAlert } from '@/components/Alert';
import { formatDateTime } from '@/lib/format';
import { useApiMutation } from '@/lib/mutation';
import { answerCard, type KeptAnswer } from '../api/offline';
import { type Code, type PracticeCard, type ReviewResult } from '../api/practice';
import { usePracticeT } from '../i18n';
import { cellsPhrase, dotList, dotNumbersPhrase } from './speech';

interface Props {
  /** The learner's user id: answers kept on this device are theirs. */
  userId: string;
  card: PracticeCard;
  code: Code;
  n: number;
  total: number;
  onAnswered: (r: ReviewResult) => void;
  /** The answer could not be sent: it is kept on this device and sent later. */
  onKept: () => void;
  onNext: () => void;
}

/** A fresh id for an answer (a UUID where the browser has one). */
function newAnswerId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export function ReviewCard({ userId, card, code, n, total, onAnswered, onKept, onNext }: Props) {
  const { t } = usePracticeT();
  const ui = useUiLang();
  const uid = useId();
  const [answer, setAnswer] = useState('');
  const [result, setResult] = useState<ReviewResult | null>(null);
  // Not sent (offline): kept on this device, checked when the connection is back.
  const [kept, setKept] = useState(false);
  const [error, setError] = useState('');
  const sending = useApiMutation({ mutationFn: (a: KeptAnswer) => answerCard(a, code), fallback: t('loadError') });
  const busy = sending.pending;
  const shownAt = useRef(Date.now());
  const resultRef = useRef<HTMLDivElement>(null);
  const then = ui === 'ar' ? '، ثم ' : ', then ';
  const taskId = `${uid}-task`;
  const answerId = `practice-answer`;

  useEffect(() => {
    shownAt.current = Date.now();
    document.getElementById(answerId)?.focus();
  }, [card.id, n, answerId]);

  useEffect(() => {
    if (result || kept) resultRef.current?.focus();
  }, [result, kept]);

  function check(e?: FormEvent) {
    e?.preventDefault();
    if (busy || result || kept) return;
    if (!answer.trim()) {
      setError(t('answerRequired'));
      document.getElementById(answerId)?.focus();
      return;
    }
    setError('');
    const answered: KeptAnswer = {
      id: newAnswerId(),
      userId,
      card_id: card.id,
      answer,
      elapsed_ms: Math.min(Date.now() - shownAt.current, 3_600_000),
      answered_at: new Date().toISOString(),
    };
    sending.mutate(answered, {
      onSuccess: (r) => {
        if ('kept' in r) {
          setKept(true);
          onKept();
        } else {
          setResult(r.result);
          onAnswered(r.result);
        }
      },
    });
  }

  const dotsOf = (dots: string[]) => cellsPhrase(dots, ui, then);
  const contraction = card.kind === 'contraction' ? card.contraction : null;
  // Which cells of a contraction card's example are the contraction (1-based, for the task).
  const inExample = contraction && card.cells && card.cells.dots.length > contraction.len;
  const readingTask = contraction
    ? `${t('contractionReadingTask', { kind: contraction.kind_name })}${
        inExample
          ? ` ${contraction.len === 1 ? t('contractionAtOne', { from: contraction.at + 1 }) : t('contractionAtMany', { from: contraction.at + 1, to: contraction.at + contraction.len })}`
          : ''
      }`
    : t('readingTask');
  const writingTask = contraction
    ? contraction.example && contraction.example !== card.print
      ? t('contractionWritingTaskIn', { print: card.print ?? '', kind: contraction.kind_name, example: contraction.example })
      : t('contractionWritingTask', { print: card.print ?? '', kind: contraction.kind_name })
    : t('writingTask', { print: card.print ?? '', name: card.name ?? '' });

  return (
    <section className="card practice-card" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>{t('cardHeading', { n, total })}</h2>
      <form onSubmit={check} noValidate>
        {card.direction === 'reading' && card.cells ? (
          <>
            <p id={taskId}>
              {readingTask} {t('readingCells', { dots: dotsOf(card.cells.dots) })}{' '}
              <span className="practice-unicode" dir="ltr">
                {card.cells.braille}
              </span>
            </p>
            <p className="practice-cells" aria-hidden="true">
              {card.cells.dots.map((d, i) =>
                contraction && i >= contraction.at && i < contraction.at + contraction.len ? (
                  <span key={i} className="practice-contraction-cell">
                    <BrailleCell dots={dotList(d)} label={dotsOf([d])} />
                  </span>
                ) : (
                  <BrailleCell key={i} dots={dotList(d)} label={dotsOf([d])} />
                ),
              )}
            </p>
            <div className="field">
              <label htmlFor={answerId}>{t('readingAnswer')}</label>
              <input
                id={answerId}
                name="answer"
                value={answer}
                dir="auto"
                autoComplete="off"
                readOnly={!!result || kept}
                aria-describedby={`${taskId}${error ? ` ${uid}-err` : ''}`}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setAnswer(e.target.value)}
              />
            </div>
          </>
        ) : (
          <>
            <p id={taskId}>{writingTask}</p>
            <BrailleKeyboard
              id={answerId}
              label={t('writingAnswer')}
              value={answer}
              onChange={(v) => (result || kept ? undefined : setAnswer(v))}
              code={code}
              onSubmit={() => check()}
              describedBy={`${taskId}${error ? ` ${uid}-err` : ''}`}
              invalid={!!error}
            />
          </>
        )}
        <p id={`${uid}-err`} className={error ? 'field-error' : 'visually-hidden'}>
          {error}
        </p>
        {result || kept ? null : (
          <div className="actions">
            <button type="submit" className="btn btn-primary" aria-disabled={busy || undefined}>
              {t('check')}
            </button>
          </div>
        )}
      </form>
      {result ? (
        <>
          <div ref={resultRef} tabIndex={-1} className={`practice-result ${result.correct ? 'is-right' : 'is-wrong'}`} id="practice-result">
            <p>
              {t(result.correct ? 'right' : 'wrong', { print: result.expected.print, dots: dotsOf(result.expected.cells.dots) })}{' '}
              {!result.correct && result.given ? t('youWrote', { dots: dotsOf(result.given.dots) }) : null}{' '}
              {result.differences
                .filter((d) => d.expected && d.given)
                .map((d) =>
                  [d.missing.length ? t('missing', { dots: dotNumbersPhrase(d.missing, ui) }) : '', d.extra.length ? t('extra', { dots: dotNumbersPhrase(d.extra, ui) }) : '']
                    .filter(Boolean)
                    .join(' '),
                )
                .join(' ')}{' '}
              {result.example && result.example.print !== result.expected.print
                ? `${t('contractionExample', { example: result.example.print, dots: dotsOf(result.example.cells.dots) })} `
                : null}
              {result.again_in_session ? t('comesBack') : t('dueAgain', { when: formatDateTime(result.due_at, ui) })}
            </p>
            <p className="practice-cells" aria-hidden="true">
              {result.expected.cells.dots.map((d, i) => (
                <BrailleCell key={i} dots={dotList(d)} label={dotsOf([d])} caption={i === 0 ? result.expected.print : ''} />
              ))}
            </p>
          </div>
          <div className="actions">
            <button type="button" className="btn btn-primary" id="practice-next" onClick={onNext}>
              {t('next')}
            </button>
          </div>
        </>
      ) : null}
      {kept ? (
        <>
          <div ref={resultRef} tabIndex={-1} className="practice-result" id="practice-result">
            <p>{t('kept')}</p>
          </div>
          <div className="actions">
            <button type="button" className="btn btn-primary" id="practice-next" onClick={onNext}>
              {t('next')}
            </button>
          </div>
        </>
      ) : null}
      <ErrorAlert>{sending.errorText}</ErrorAlert>
    </section>
  );
}
