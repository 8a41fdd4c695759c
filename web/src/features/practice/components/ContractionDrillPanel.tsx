/**
 * Confused pairs of contractions drilled side by side (issue 26): "Which of these is ch?"
 * with the two contractions' cells as two buttons (named by their dots), each contraction of
 * the pair asked once. The result is focused when it comes (read once), then "Next".
 */
import { useEffect, useId, useRef, useState } from 'react';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { useUiLang } from '@/components/braille/i18n';
import { ErrorAlert } from '@/components/Alert';
import { ApiError } from '@/lib/api-client';
import { sendContractionDrill, type Code, type ContractionDrillPair, type ContractionDrillResult } from '../api/practice';
import { usePracticeT } from '../i18n';
import { cellsPhrase, dotList } from './speech';

interface Props {
  code: Code;
  drills: ContractionDrillPair[];
  onDone: () => void;
}

export function ContractionDrillPanel({ code, drills, onDone }: Props) {
  const { t } = usePracticeT();
  const ui = useUiLang();
  const uid = useId();
  const then = ui === 'ar' ? '، ثم ' : ', then ';
  const steps = drills.flatMap((d) => [
    { pair: d, ask: d.a },
    { pair: d, ask: d.b },
  ]);
  const [i, setI] = useState(0);
  const [result, setResult] = useState<ContractionDrillResult | null>(null);
  const [error, setError] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const step = steps[i];

  useEffect(() => {
    headingRef.current?.focus();
  }, [i]);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  if (!step) return null;

  async function choose(id: string) {
    if (result) return;
    setError('');
    try {
      setResult(await sendContractionDrill({ code, expected: step.ask.id, pair: [step.pair.a.id, step.pair.b.id], answer: id }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('loadError'));
    }
  }

  function next() {
    setResult(null);
    if (i + 1 >= steps.length) onDone();
    else setI(i + 1);
  }

  return (
    <section className="card practice-drill" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>{t('drillHeading')}</h2>
      <p>{t('contractionDrillIntro')}</p>
      <h3 ref={headingRef} tabIndex={-1} id="contraction-drill-question">
        {t('drillQuestion', { print: step.ask.print })}
      </h3>
      <ul className="practice-pair">
        {[step.pair.a, step.pair.b].map((c) => {
          const phrase = cellsPhrase(c.cells.dots, ui, then);
          return (
            <li key={c.id}>
              <button type="button" className="btn btn-secondary practice-choice" aria-disabled={!!result || undefined} onClick={() => void choose(c.id)}>
                <span aria-hidden="true">
                  {c.cells.dots.map((d, k) => (
                    <BrailleCell key={k} dots={dotList(d)} label={cellsPhrase([d], ui, then)} size="small" />
                  ))}
                </span>
                <span>
                  {phrase} <span dir="ltr">{c.cells.braille}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {result ? (
        <>
          <div ref={resultRef} tabIndex={-1} className={`practice-result ${result.correct ? 'is-right' : 'is-wrong'}`} id="contraction-drill-result">
            <p>
              {t(result.correct ? 'drillRight' : 'drillWrong', { print: result.expected.print, dots: cellsPhrase(result.expected.cells.dots, ui, then) })}
              {result.settled ? ` ${t('drillSettled')}` : ''}
            </p>
          </div>
          <div className="actions">
            <button type="button" className="btn btn-primary" id="contraction-drill-next" onClick={next}>
              {t('next')}
            </button>
          </div>
        </>
      ) : null}
      <ErrorAlert>{error}</ErrorAlert>
    </section>
  );
}
