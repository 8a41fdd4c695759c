import { useId, useState } from 'react';
import { filterContractions, groupByKind, useContractions, type Contraction } from '@/components/braille/contractions';
import { brailleT, useUiLang } from '@/components/braille/i18n';
import type { BrailleCode } from '../api/courses';
import type { CoursesT } from '../i18n';
import { CellDrawing, dotsText } from './Cells';

interface ContractionPickerProps {
  /** Id of the summary (focus target for this lesson's `contractions` errors). */
  id: string;
  code: BrailleCode;
  /** Ids of the chosen contractions. */
  selected: string[];
  /** Ids the lessons before this one already introduce. */
  taughtBefore: ReadonlySet<string>;
  onChange: (ids: string[]) => void;
  txt: CoursesT;
  error?: string;
}

/** "the, dots 2 3 4 6" (and the cells inside a word when they differ). */
function describe(c: Contraction, txt: CoursesT): string {
  const alone = dotsText(c.cells, txt);
  return c.cells_in_word ? txt('builder.contractionInWord', { alone, inWord: dotsText(c.cells_in_word, txt) }) : alone;
}

/**
 * The contractions a lesson of a contracted course introduces, chosen from the engine's list
 * (`GET /api/braille/contractions`): a disclosure with a search box and one fieldset of
 * checkboxes per kind, each named by its print and its dots, then the chosen ones drawn.
 * The list is only rendered while the disclosure is open.
 */
export function ContractionPicker({ id, code, selected, taughtBefore, onChange, txt, error }: ContractionPickerProps) {
  const ui = useUiLang();
  const uid = useId();
  const { list, error: loadError } = useContractions(code);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = new Set(selected);
  const order = new Map((list ?? []).map((c, i) => [c.id, i]));
  const shown = list ? filterContractions(list, query) : [];
  const kindName = (kind: Contraction['kind']) => brailleT(ui)(`contractionKind.${kind}`);

  function toggle(cid: string, on: boolean) {
    const next = on ? [...new Set([...selected, cid])] : selected.filter((x) => x !== cid);
    // Kept in the engine's teaching order, as the lesson will show them.
    onChange(next.sort((a, b) => (order.get(a) ?? 1e9) - (order.get(b) ?? 1e9)));
  }

  const chosenItems = list ? selected.map((cid) => list.find((c) => c.id === cid)).filter((c): c is Contraction => !!c) : [];
  const searchId = `${uid}-search`;

  return (
    <div className={`crs-letter-picker crs-contraction-picker ${error ? 'field-invalid' : ''}`}>
      <details onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
        <summary id={id} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
          {txt('builder.contractionsChoose', { n: selected.length })}
        </summary>
        <p id={`${id}-hint`} className="field-hint">
          {txt('builder.contractionsHint')}
        </p>
        {open && !list && !loadError ? <p>{txt('builder.contractionsLoading')}</p> : null}
        {loadError ? <p className="field-error">{txt('common.loadError')}</p> : null}
        {open && list ? (
          <>
            <div className="field crs-contraction-search">
              <label htmlFor={searchId}>{txt('builder.contractionsSearch')}</label>
              <input id={searchId} type="search" value={query} dir="auto" aria-describedby={`${searchId}-hint`} onChange={(e) => setQuery(e.target.value)} />
              <p id={`${searchId}-hint`} className="field-hint">
                {txt('builder.contractionsSearchHint')}
              </p>
            </div>
            <p role="status" className="field-hint">
              {query.trim() ? txt('builder.contractionsShown', { count: shown.length }) : ''}
            </p>
            {groupByKind(shown).map((g) => (
              <fieldset key={g.kind} className="crs-picker-group">
                <legend>{kindName(g.kind)}</legend>
                <ul className="crs-picker crs-contraction-list">
                  {g.items.map((c) => {
                    const cid = `${id}-${c.id}`;
                    const before = taughtBefore.has(c.id);
                    return (
                      <li key={c.id}>
                        <input id={cid} type="checkbox" checked={chosen.has(c.id)} onChange={(ev) => toggle(c.id, ev.target.checked)} />
                        <label htmlFor={cid}>
                          {/* The name is read from the hidden text alone: browsers put spaces between the flex items. */}
                          <span className="crs-picker-print" lang={code} dir="auto" aria-hidden="true">
                            {c.print}
                          </span>
                          <span className="crs-picker-cells" dir="ltr" aria-hidden="true">
                            {c.cells.map((x, j) => (
                              <CellDrawing key={j} dots={x.dots} size="small" />
                            ))}
                          </span>
                          <span className="visually-hidden">
                            <span lang={code}>{c.print}</span>, {describe(c, txt)}
                            {before ? `, ${txt('builder.contractionTaught')}` : ''}
                          </span>
                          {before ? (
                            <span className="crs-taught muted" aria-hidden="true">
                              {txt('builder.contractionTaughtShort')}
                            </span>
                          ) : null}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))}
          </>
        ) : null}
      </details>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
      <div className="crs-chosen">
        <p className="crs-chosen-label">{txt('builder.contractionsChosen')}:</p>
        {chosenItems.length ? (
          <ul className="crs-letters crs-letters-normal">
            {chosenItems.map((c) => (
              <li key={c.id} className="crs-letter">
                <span role="img" aria-label={`${c.print}, ${describe(c, txt)}`} className="crs-letter-cells">
                  {c.cells.map((x, j) => (
                    <CellDrawing key={j} dots={x.dots} size="normal" />
                  ))}
                </span>
                <span className="crs-letter-print" aria-hidden="true" lang={code} dir="auto">
                  {c.print}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{txt('builder.contractionsNone')}</p>
        )}
      </div>
    </div>
  );
}
