/**
 * Confused pairs drilled side by side: "Which of these is e?" with the two cells as two
 * buttons (named by their dots), each symbol of the pair asked once. The result is focused
 * when it comes (read once), then "Next".
 */
import { BrailleCell } from '@/components/braille/BrailleCell';
import { useUiLang } from '@/components/braille/i18n';
import { sendDrill, type Code, type DrillPair } from '../api/practice';
import { usePracticeT } from '../i18n';
import { cellsPhrase, dotList } from './speech';
import { DrillFrame } from './DrillFrame';
import { useDrill } from './useDrill';

interface Props {
  code: Code;
  drills: DrillPair[];
  onDone: () => void;
}

export function DrillPanel({ code, drills, onDone }: Props) {
  const { t } = usePracticeT();
  const ui = useUiLang();
  const { step, result, error, choose, next, headingRef, resultRef } = useDrill(
    drills,
    (s, braille) => sendDrill({ code, print: s.ask.print, pair: s.pair.a.cells.braille + s.pair.b.cells.braille, answer: braille }),
    t('loadError'),
    onDone,
  );
  if (!step) return null;

  return (
    <DrillFrame
      idPrefix="drill"
      intro={t('drillIntro')}
      ask={step.ask.print}
      result={result && { correct: result.correct, settled: result.settled, print: result.expected.print, dots: cellsPhrase(result.expected.cells.dots, ui, ', ') }}
      error={error}
      next={next}
      headingRef={headingRef}
      resultRef={resultRef}
    >
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
    </DrillFrame>
  );
}
