import { BrailleCell } from '@/components/braille/BrailleCell';
import { cellLabel, cellMeaning, dotsPhrase } from '@/components/braille/describe';
import { unicodeToDots, type BrailleTable, type Code } from '@/components/braille/cells';
import { useBrailleTable } from '@/components/braille/table';
import { useUiLang, type UiLang } from '@/components/braille/i18n';
import { SelectField } from '@/components/Field';
import { ApiError } from '@/lib/api-client';
import { useSimilarCells } from '../api/queries';
import { GROUP_SIZES, type QuestionState } from '../lib/builder';
import { useAssessmentsT } from '../i18n';

interface Props {
  /** Field path of the question, e.g. `questions[2]`. */
  path: string;
  prefix: string;
  question: QuestionState;
  code: Code;
  errors: Record<string, string>;
  onChange: (patch: Partial<QuestionState>) => void;
  announce: (message: string) => void;
}

/** Drawn cells of a group, each named by its dots and meaning (the instructor may see meanings). */
function GroupCells({ group, table, code, ui }: { group: string; table: BrailleTable | null; code: Code; ui: UiLang }) {
  return (
    <span className="as-group-cells" dir="ltr">
      {Array.from(group).map((ch, i) => {
        const dots = unicodeToDots(ch) ?? [];
        return <BrailleCell key={i} dots={dots} size="small" label={cellLabel(dots, cellMeaning(dots, table, code, ui), ui)} />;
      })}
    </span>
  );
}

/**
 * A "similar cells" question: the letter (from the engine's alphabet of the course's code), the
 * group size, and the distractor groups the engine proposes, chosen with checkboxes.
 */
export function SimilarCellsField({ path, prefix, question: q, code, errors, onChange, announce }: Props) {
  const { t: txt } = useAssessmentsT();
  const ui = useUiLang();
  const { table } = useBrailleTable(code);
  const similar = useSimilarCells(q.letter, code, q.size);

  const letters = (table?.entries ?? []).filter((e) => e.kind === 'letter' && e.cells.length === 1 && e.print);
  const letterOptions = letters.map((e) => ({
    value: e.print,
    label: `${e.print} — ${ui === 'en' ? e.name_en : e.name_ar}, ${dotsPhrase(e.cells[0].dots, ui)}`,
  }));
  if (q.letter && !letters.some((e) => e.print === q.letter)) letterOptions.unshift({ value: q.letter, label: q.letter });

  const current =
    !q.letter || similar.isPending
      ? null
      : { data: similar.data ?? null, error: similar.error ? (similar.error instanceof ApiError ? similar.error.message : txt('common.loadError')) : '' };
  const proposals = current?.data?.proposals ?? [];
  const kept = q.distractors.filter((d) => !proposals.some((p) => p.group === d));
  const groupId = `${prefix}-${path}.distractors`;
  const error = errors[`${path}.distractors`];

  function setLetterOrSize(patch: Partial<QuestionState>) {
    if (q.distractors.length) announce(txt('builder.distractorsCleared'));
    onChange({ ...patch, distractors: [] });
  }

  function toggle(group: string, on: boolean) {
    const next = on ? [...q.distractors, group] : q.distractors.filter((d) => d !== group);
    onChange({ distractors: next });
    announce(txt('builder.distractorsChosen', { count: next.length }));
  }

  const option = (group: string, n: number, text: string, checked: boolean) => {
    const id = `${groupId}-${n}`;
    return (
      <li key={`${group}-${n}`}>
        <input id={id} type="checkbox" checked={checked} onChange={(e) => toggle(group, e.target.checked)} />
        <label htmlFor={id}>
          <span className="as-group-name">{text}</span>
          <GroupCells group={group} table={table} code={code} ui={ui} />
        </label>
      </li>
    );
  };

  return (
    <div className="as-similar">
      <SelectField
        idPrefix={prefix}
        name={`${path}.letter`}
        label={txt('builder.letter')}
        hint={txt('builder.letterHint')}
        value={q.letter}
        onChange={(v) => setLetterOrSize({ letter: v })}
        error={errors[`${path}.letter`]}
        required
        allowEmpty
        options={letterOptions}
      />
      <SelectField
        idPrefix={prefix}
        name={`${path}.size`}
        label={txt('builder.groupSize')}
        value={String(q.size)}
        onChange={(v) => setLetterOrSize({ size: Number(v) })}
        options={GROUP_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
      />
      <div
        className={`as-groups ${error ? 'field-invalid' : ''}`}
        role="group"
        id={groupId}
        tabIndex={-1}
        aria-labelledby={`${groupId}-legend`}
        aria-describedby={[`${groupId}-hint`, error ? `${groupId}-error` : ''].filter(Boolean).join(' ')}
      >
        <p className="as-legend" id={`${groupId}-legend`}>
          {txt('builder.distractors')}
        </p>
        <p className="field-hint" id={`${groupId}-hint`}>
          {txt('builder.distractorsHint')}
        </p>
        {!q.letter ? <p className="muted">{txt('builder.chooseLetter')}</p> : null}
        {q.letter && !current ? <p className="muted">{txt('builder.proposalsLoading')}</p> : null}
        {current?.error ? <p className="field-error">{current.error}</p> : null}
        {current?.data ? (
          <p className="as-right-group">
            <span>{txt('builder.rightGroup')}: </span>
            <GroupCells group={current.data.correct_group} table={table} code={code} ui={ui} />
          </p>
        ) : null}
        <ul className="as-group-list">
          {kept.map((g, i) => option(g, proposals.length + i + 1, txt('builder.keptGroup'), true))}
          {proposals.map((p, i) => option(p.group, i + 1, txt('builder.proposal', { n: i + 1, relation: txt(`relation.${p.relation}`) ?? p.relation }), q.distractors.includes(p.group)))}
        </ul>
        {error ? (
          <p className="field-error" id={`${groupId}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
