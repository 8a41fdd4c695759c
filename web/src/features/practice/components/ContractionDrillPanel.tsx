/**
 * Confused pairs of contractions drilled side by side (issue 26): "Which of these is ch?"
 * with the two contractions' cells as two buttons (named by their dots), each contraction of
 * the pair asked once. The result is focused when it comes (read once), then "Next".
 */
import { BrailleCell } from '@/components/braille/BrailleCell';
import { useUiLang } from '@/components/braille/i18n';
import { sendContractionDrill, type Code, type ContractionDrillPair } from '../api/practice';
import { usePracticeT } from '../i18n';
import { cellsPhrase, dotList } from './speech';
import { DrillFrame } from './DrillFrame';
import { useDrill } from './useDrill';

interface Props {
  code: Code;
  drills: ContractionDrillPair[];
  onDone: () => void;
}

export function ContractionDrillPanel({ code, drills, onDone }: Props) {
  const { t } = usePracticeT();
  const ui = useUiLang();
  const then = ui === 'ar' ? '، ثم ' : ', then ';
  const { step, result, error, choose, next, headingRef, resultRef } = useDrill(
    drills,
    (s, id) => sendContractionDrill({ code, expected: s.ask.id, pair: [s.pair.a.id, s.pair.b.id], answer: id }),
    t('loadError'),
    onDone,
  );
  if (!step) return null;

  return (
    <DrillFrame
      idPrefix="contraction-drill"
      intro={t('contractionDrillIntro')}
      ask={step.ask.print}
      result={result && { correct: result.correct, settled: result.settled, print: result.expected.print, dots: cellsPhrase(result.expected.cells.dots, ui, then) }}
      error={error}
      next={next}
      headingRef={headingRef}
      resultRef={resultRef}
    >
      {[step.pair.a, step.pair.b].map((c) => {
        const phrase = cellsPhrase(c.cells.dots, ui, then);
        return (
          <li key={c.id}>
            <button type="button" className="btn btn-secondary practice-choice" aria-disabled={!!result || undefined} onClick={() => choose(c.id)}>
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
    </DrillFrame>
  );
}
