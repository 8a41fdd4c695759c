import { useState } from 'react';
import { BLANK_CELL, type Code } from '@/components/braille/cells';
import { BrailleKeyboard } from '@/components/braille/BrailleKeyboard';
import { SelectField, TextField } from '@/components/Field';
import { errorText, useApiMutation } from '@/lib/mutation';
import { QUESTION_KINDS, toBraille, toText, UNCONTRACTED, type QuestionKind, type Writing } from '../api/assessments';
import type { QuestionState } from '../lib/builder';
import { useAssessmentsT } from '../i18n';
import { EnginePreview } from './EnginePreview';
import { SimilarCellsField } from './SimilarCellsField';

interface Props {
  question: QuestionState;
  index: number;
  total: number;
  code: Code;
  /** The course's grade and taught contractions. */
  writing?: Writing;
  prefix: string;
  errors: Record<string, string>;
  onChange: (patch: Partial<QuestionState>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  announce: (message: string) => void;
}

const trimBlank = (s: string) => s.replace(/^[\u2800 ]+|[\u2800 ]+$/g, '');

/** A text question's cells written with the six-key keyboard, read back into print by the engine. */
function CellsByKeyboard({ id, code, writing, onPrint, announce }: { id: string; code: Code; writing: Writing; onPrint: (print: string) => void; announce: (m: string) => void }) {
  const { t: txt } = useAssessmentsT();
  const [cells, setCells] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean }>({ text: '', error: false });
  // The cells read into print by the engine (null: cells it does not know), used at once, then
  // written back to say whether the engine writes that print the same way.
  const reading = useApiMutation({
    mutationFn: async (typed: string) => {
      const read = await toText(typed, code, writing);
      if (read.unknown.length || !read.text.trim()) return null;
      const print = read.text.trim();
      onPrint(print);
      const back = await toBraille(print, code, writing);
      return trimBlank(back.braille) === typed;
    },
    fallback: txt('common.loadError'),
  });
  const busy = reading.pending;

  function use() {
    if (busy) return;
    const typed = trimBlank(cells.replace(/ /g, BLANK_CELL));
    if (!typed) {
      setNote({ text: txt('builder.cellsEmpty'), error: true });
      return;
    }
    reading.mutate(typed, {
      onSuccess: (same) => {
        if (same === null) return setNote({ text: txt('builder.cellsUnknown'), error: true });
        const text = same ? txt('builder.cellsUsed') : `${txt('builder.cellsUsed')} ${txt('builder.cellsDiffer')}`;
        setNote({ text, error: false });
        announce(text);
      },
      onError: (e) => setNote({ text: errorText(e, txt('common.loadError')), error: true }),
    });
  }

  return (
    <details className="as-keyboard">
      <summary>{txt('builder.keyboardSummary')}</summary>
      <BrailleKeyboard id={id} label={txt('builder.keyboardLabel')} value={cells} onChange={setCells} code={code} describedBy={note.text ? `${id}-note` : undefined} />
      <div className="actions">
        <button type="button" className="btn btn-secondary" aria-disabled={busy || undefined} onClick={use}>
          {txt('builder.useCells')}
        </button>
      </div>
      {note.text ? (
        <p id={`${id}-note`} className={note.error ? 'field-error' : 'as-note'}>
          {note.text}
        </p>
      ) : null}
    </details>
  );
}

/** One question of the builder: its type, points, instruction and the fields of its type. */
export function QuestionEditor({ question: q, index, total, code, writing = UNCONTRACTED, prefix, errors, onChange, onMove, onRemove, announce }: Props) {
  const { t: txt } = useAssessmentsT();
  const path = `questions[${index}]`;
  const n = index + 1;
  const common = { idPrefix: prefix };

  return (
    <section className="as-question" aria-labelledby={`${prefix}-${path}`}>
      <div className="as-question-head">
        <h3 id={`${prefix}-${path}`} tabIndex={-1}>
          {txt('builder.questionHeading', { n, kind: txt(`questionKindShort.${q.type}`) })}
        </h3>
        <div className="as-move">
          <button type="button" id={`mv-${q.key}-up`} className="btn btn-secondary" disabled={index === 0} onClick={() => onMove(-1)}>
            <span aria-hidden="true">↑ </span>
            {txt('builder.up', { n })}
          </button>
          <button type="button" id={`mv-${q.key}-down`} className="btn btn-secondary" disabled={index === total - 1} onClick={() => onMove(1)}>
            <span aria-hidden="true">↓ </span>
            {txt('builder.down', { n })}
          </button>
          <button type="button" className="btn btn-secondary as-remove" onClick={onRemove}>
            {txt('builder.removeQuestion', { n })}
          </button>
        </div>
      </div>
      {errors[path] ? <p className="field-error">{errors[path]}</p> : null}
      <SelectField
        {...common}
        name={`${path}.type`}
        label={txt('builder.qType')}
        value={q.type}
        onChange={(v) => onChange({ type: v as QuestionKind })}
        error={errors[`${path}.type`]}
        required
        options={QUESTION_KINDS.map((k) => ({ value: k, label: txt(`questionKind.${k}`) }))}
      />
      <TextField {...common} name={`${path}.points`} label={txt('builder.qPoints')} hint={txt('builder.qPointsHint')} value={q.points} onChange={(v) => onChange({ points: v })} error={errors[`${path}.points`]} required dir="ltr" />
      <TextField {...common} name={`${path}.prompt`} label={txt('builder.qPrompt')} hint={txt('builder.qPromptHint')} value={q.prompt} onChange={(v) => onChange({ prompt: v })} error={errors[`${path}.prompt`]} dir="auto" />

      {q.type === 'braille_input' ? (
        <>
          <TextField
            {...common}
            name={`${path}.print`}
            label={txt('builder.printBraille')}
            hint={txt('builder.printBrailleHint')}
            value={q.print}
            onChange={(v) => onChange({ print: v })}
            error={errors[`${path}.print`]}
            required
            dir="auto"
          />
          <EnginePreview id={`${prefix}-${path}.preview`} print={q.print} code={code} writing={writing} label={txt('builder.expected')} />
        </>
      ) : null}

      {q.type === 'text_input' ? (
        <>
          <TextField
            {...common}
            name={`${path}.print`}
            label={txt('builder.printText')}
            hint={txt('builder.printTextHint')}
            value={q.print}
            onChange={(v) => onChange({ print: v })}
            error={errors[`${path}.print`]}
            required
            dir="auto"
          />
          <EnginePreview id={`${prefix}-${path}.preview`} print={q.print} code={code} writing={writing} label={txt('builder.shown')} />
          <CellsByKeyboard id={`${prefix}-${path}.cells`} code={code} writing={writing} onPrint={(print) => onChange({ print })} announce={announce} />
          <fieldset className="as-checks">
            <legend>{txt('builder.normalise')}</legend>
            <p className="field-hint">{txt('builder.normaliseHint')}</p>
            {(
              [
                ['letterVariants', txt('builder.letterVariants')],
                ['withoutTashkeel', txt('builder.withoutTashkeel')],
                ['ignoreCase', txt('builder.ignoreCase')],
              ] as const
            ).map(([k, label]) => {
              const id = `${prefix}-${path}.${k}`;
              return (
                <div key={k} className="as-check">
                  <input id={id} type="checkbox" checked={q[k]} onChange={(e) => onChange({ [k]: e.target.checked })} />
                  <label htmlFor={id}>{label}</label>
                </div>
              );
            })}
          </fieldset>
        </>
      ) : null}

      {q.type === 'similar_cells' ? <SimilarCellsField path={path} prefix={prefix} question={q} code={code} errors={errors} onChange={onChange} announce={announce} /> : null}
    </section>
  );
}
