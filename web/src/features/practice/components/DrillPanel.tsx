/**
 * Confused pairs drilled side by side: "Which of these is e?" with the two cells as two
 * buttons (named by their dots), each symbol of the pair asked once. The result is focused
 * when it comes (read once), then "Next".
 */
import { useId } from 'react';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { useUiLang } from '@/components/braille/i18n';
import { ErrorAlert } from '@/components/Alert';
import { sendDrill, type Code, type DrillPair } from '../api/practice';
import { usePracticeT } from '../i18n';
import { cellsPhrase, dotList } from './speech';
import { useDrill } from './useDrill';

interface Props {
  code: Code;
  drills: DrillPair[];
  onDone: () => void;
}

export function DrillPanel({ code, drills, onDone }: Props) {
  const { t } = usePracticeT();
  const ui = useUiLang();
  const uid = useId();
  const { step, result, error, choose, next, headingRef, resultRef } = useDrill(
    drills,
    (s, braille) => sendDrill({ code, print: s.ask.print, pair: s.pair.a.cells.braille + s.pair.b.cells.braille, answer: braille }),
    t('loadError'),
    onDone,
  );
  if (!step) return null;

  return (
    <section className="card practice-drill" aria-labelledby={`${uid}-h`}>
      <h2 id={`${uid}-h`}>{t('drillHeading')}</h2>
      <p>{t('drillIntro')}</p>
      <h3 ref={headingRef} tabIndex={-1} id="drill-question">
        {t('drillQuestion', { print: step.ask.print })}
      </h3>
      <ul className="practice-pair">
        {[step.pair.a, step.pair.b].map((s) => {
          const phrase = cellsPhrase(s.cells.dots, ui, ', ');
          return (
            <li key={s.cells.braille}>
              <button type="button" className="btn btn-secondary practice-choice" aria-disabled={!!result || undefined} onClick={() => choose(s.cells.braille)}>
                <BrailleCell dots={dotList(s.cells.dots[0] ?? '0')} label={phrase} size="small" />
                <span>
                  {phrase} <span dir="ltr">{s.cells.braille}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {result ? (
        <>
          <div ref={resultRef} tabIndex={-1} className={`practice-result ${result.correct ? 'is-right' : 'is-wrong'}`} id="drill-result">
            <p>
              {t(result.correct ? 'drillRight' : 'drillWrong', { print: result.expected.print, dots: cellsPhrase(result.expected.cells.dots, ui, ', ') })}
              {result.settled ? ` ${t('drillSettled')}` : ''}
            </p>
          </div>
          <div className="actions">
            <button type="button" className="btn btn-primary" id="drill-next" onClick={next}>
              {t('next')}
            </button>
          </div>
        </>
      ) : null}
      <ErrorAlert>{error}</ErrorAlert>
    </section>
  );
}
