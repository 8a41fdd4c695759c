import type { FocusEvent } from 'react';
import { BLANK_CELL, type Code } from '@/components/braille/cells';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { BrailleKeyboard } from '@/components/braille/BrailleKeyboard';
import type { AnswerInput, QuestionDto } from '../api/assessments';
import type { SaveState } from '../lib/saver';
import { useAssessmentsT } from '../i18n';
import { CellRow, dotsLine } from './CellRow';

interface Props {
  question: QuestionDto;
  index: number;
  total: number;
  code: Code;
  answer: AnswerInput | null;
  saveState: SaveState;
  saveError?: string;
  /** A new answer; `immediate` saves at once (a choice), otherwise after a pause in typing. */
  onAnswer: (answer: AnswerInput, immediate: boolean) => void;
  /** Focus left the question: save what is unsaved now. */
  onLeave: () => void;
  onRetry: () => void;
}

/** The question's heading id (focus target when the attempt starts). */
export const questionHeadingId = (index: number) => `q-head-${index}`;

/**
 * One question of an open attempt. Braille input is answered with the six-key keyboard; text
 * input shows the cells to read drawn, as Unicode Braille (for Braille displays) and as dots in
 * words; similar cells is a radio group of cell groups, each described by its dots. The save
 * state is shown next to the answer (the page announces saves in one polite region).
 */
export function QuestionAnswer({ question: q, index, total, code, answer, saveState, saveError, onAnswer, onLeave, onRetry }: Props) {
  const { t: txt } = useAssessmentsT();
  const n = index + 1;
  const base = `q-${q.id}`;
  const stateId = `${base}-state`;
  const promptId = `${base}-prompt`;
  const described = [q.prompt ? promptId : '', stateId].filter(Boolean).join(' ');

  function leave(e: FocusEvent<HTMLElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave();
  }

  return (
    <section className="card as-q" aria-labelledby={questionHeadingId(index)}>
      <h3 id={questionHeadingId(index)} tabIndex={-1}>
        {txt('common.questionNofM', { n, m: total })} <span className="as-q-points">({txt('common.points', { count: q.points })})</span>
      </h3>
      {q.prompt ? (
        <p id={promptId} dir="auto" className="as-prompt">
          {q.prompt}
        </p>
      ) : null}

      {q.type === 'braille_input' ? (
        <div onBlur={leave}>
          <p className="as-task">
            {txt('take.writeBraille')}:{' '}
            <strong lang={code} dir="auto" className="as-print">
              {q.print}
            </strong>
          </p>
          <BrailleKeyboard
            id={`${base}-braille`}
            label={txt('take.yourBraille', { n })}
            value={answer?.braille ?? ''}
            code={code}
            describedBy={described}
            onChange={(v) => onAnswer({ braille: v.replace(/ /g, BLANK_CELL) }, false)}
          />
        </div>
      ) : null}

      {q.type === 'text_input' ? (
        <div onBlur={leave}>
          <p className="as-task" id={`${base}-read`}>
            {txt('take.read')}:
          </p>
          <CellRow cells={q.braille ?? []} label={txt('take.read')} asText />
          <div className="field">
            <label htmlFor={`${base}-text`}>{txt('take.yourText', { n })}</label>
            <input
              id={`${base}-text`}
              type="text"
              lang={code}
              dir="auto"
              autoComplete="off"
              spellCheck={false}
              value={answer?.text ?? ''}
              aria-describedby={described}
              onChange={(e) => onAnswer({ text: e.target.value }, false)}
            />
          </div>
        </div>
      ) : null}

      {q.type === 'similar_cells' ? (
        <fieldset className="as-choices" aria-describedby={described}>
          <legend>
            {txt('take.chooseGroup', { letter: '' })}
            <bdi lang={code} className="as-print">
              {q.letter}
            </bdi>
          </legend>
          {(q.groups ?? []).map((g, gi) => {
            const id = `${base}-choice-${gi}`;
            return (
              <div key={gi} className="as-choice">
                <input id={id} type="radio" name={`${base}-choice`} checked={answer?.choice === gi} onChange={() => onAnswer({ choice: gi }, true)} />
                <label htmlFor={id}>
                  <span>
                    {txt('take.group', { n: gi + 1 })}: {dotsLine(g, txt)}
                  </span>
                  <span className="as-group-cells" dir="ltr" aria-hidden="true">
                    {g.map((c, ci) => (
                      <BrailleCell key={ci} dots={c.dots} size="small" label="" />
                    ))}
                  </span>
                </label>
              </div>
            );
          })}
        </fieldset>
      ) : null}

      <p id={stateId} className={`as-save-state as-save-${saveState}`}>
        <span aria-hidden="true" className="as-save-icon">
          {saveState === 'saved' ? '✓' : saveState === 'failed' ? '!' : '•'}
        </span>{' '}
        {txt(`take.saveState.${saveState}`)}
        {saveState === 'failed' && saveError ? `: ${saveError}` : ''}
      </p>
      {saveState === 'failed' ? (
        <button type="button" className="btn btn-secondary" onClick={onRetry}>
          {txt('take.tryAgain', { n })}
        </button>
      ) : null}
    </section>
  );
}
