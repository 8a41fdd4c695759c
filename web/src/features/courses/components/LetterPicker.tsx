import { useTranslation } from 'react-i18next';
import type { BrailleCode, TableEntry } from '../api/courses';
import { useAlphabet as useAlphabetQuery } from '../api/queries';
import { sortLetters } from '../lib/builder';
import type { CoursesT } from '../i18n';
import { CellDrawing, dotsText, LetterCells } from './Cells';

const GROUPS = ['letter', 'digit'] as const;

/** The letters (and digits) of a code, from the Braille engine. */
export function useAlphabet(code: BrailleCode): { entries: TableEntry[] | null; error: boolean } {
  const query = useAlphabetQuery(code);
  return { entries: query.data ?? null, error: query.isError };
}

interface LetterPickerProps {
  /** Id of the summary (focus target for this lesson's `letters` errors). */
  id: string;
  code: BrailleCode;
  selected: string[];
  onChange: (letters: string[]) => void;
  txt: CoursesT;
  error?: string;
}

/**
 * Letters chosen from the code's alphabet: a disclosure with one checkbox per letter (named by
 * the letter, its name and its dots), then the chosen letters drawn as cells.
 */
export function LetterPicker({ id, code, selected, onChange, txt, error }: LetterPickerProps) {
  const { i18n } = useTranslation();
  const { entries, error: loadError } = useAlphabet(code);
  const chosen = new Set(selected);
  const order = entries?.map((e) => e.print) ?? [];

  function toggle(print: string, on: boolean) {
    const next = on ? [...selected, print] : selected.filter((p) => p !== print);
    onChange(sortLetters(next, order));
  }

  const chosenEntries = entries ? sortLetters(selected, order).map((p) => entries.find((e) => e.print === p)).filter((e): e is TableEntry => !!e) : [];

  return (
    <div className={`crs-letter-picker ${error ? 'field-invalid' : ''}`}>
      <details>
        <summary id={id} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
          {txt('builder.lettersChoose', { n: selected.length })}
        </summary>
        <p id={`${id}-hint`} className="field-hint">
          {txt('builder.lettersHint')}
        </p>
        {!entries && !loadError ? <p>{txt('builder.lettersLoading')}</p> : null}
        {loadError ? <p className="field-error">{txt('common.loadError')}</p> : null}
        {entries
          ? GROUPS.map((g) => {
              const items = entries.filter((e) => e.kind === g);
              if (!items.length) return null;
              return (
                <fieldset key={g} className="crs-picker-group">
                  <legend>{txt(`builder.lettersGroup.${g}`)}</legend>
                  <ul className="crs-picker">
                    {items.map((e, i) => {
                      const cid = `${id}-${g}-${i}`;
                      const name = i18n.language === 'en' ? e.name_en : e.name_ar;
                      return (
                        <li key={e.print}>
                          <input id={cid} type="checkbox" checked={chosen.has(e.print)} onChange={(ev) => toggle(e.print, ev.target.checked)} />
                          <label htmlFor={cid}>
                            <span className="crs-picker-print">{e.print}</span>
                            {e.cells.map((c, j) => (
                              <CellDrawing key={j} dots={c.dots} size="small" />
                            ))}
                            <span className="visually-hidden">
                              {name && name !== e.print ? `, ${name}` : ''}, {dotsText(e.cells, txt)}
                            </span>
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                </fieldset>
              );
            })
          : null}
      </details>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <div className="crs-chosen">
        <p className="crs-chosen-label">{txt('builder.lettersChosen')}:</p>
        {chosenEntries.length ? (
          <LetterCells letters={chosenEntries.map((e) => ({ print: e.print, cells: e.cells }))} txt={txt} size="normal" />
        ) : (
          <p className="muted">{txt('builder.lettersNone')}</p>
        )}
      </div>
    </div>
  );
}
