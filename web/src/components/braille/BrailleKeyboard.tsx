/**
 * The six-key Braille keyboard (F D S J K L = dots 1–6, chords written on release; Space,
 * Backspace, Enter), with on-screen dot buttons for touch and pointer users. The value is a
 * string of Unicode Braille cells (U+2800–U+283F). Each cell written or deleted is announced
 * once in a polite live region, with its dots and what it means in `code`.
 *
 * It is a real text field, so screen readers switch to focus mode by themselves and read the
 * cells with their review keys; Tab and every other key the keyboard does not use work as usual.
 */
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { BLANK_CELL, dotsToUnicode, unicodeToDots, type Code } from './cells';
import { chordStep, EMPTY_CHORD, type ChordAction, type ChordState } from './chord';
import { cellLabel, cellMeaning } from './describe';
import { useBrailleTable } from './table';
import { useBrailleT, useUiLang } from './i18n';
import './braille.css';

export interface BrailleKeyboardProps {
  /** Id of the text field (for labels and tests). */
  id: string;
  /** The field's visible label. */
  label: string;
  /** Unicode Braille cells. */
  value: string;
  onChange: (value: string) => void;
  /** The code whose letters are announced. */
  code: Code;
  /** Called on Enter; without it Enter does nothing. */
  onSubmit?: () => void;
  /** Ids of further descriptions (errors, task text). */
  describedBy?: string;
  invalid?: boolean;
}

const BRAILLE_ONLY = /^[\u2800-\u283f ]*$/;

export function BrailleKeyboard({ id, label, value, onChange, code, onSubmit, describedBy, invalid }: BrailleKeyboardProps) {
  const { t } = useBrailleT();
  const ui = useUiLang();
  const { table } = useBrailleTable(code);
  const uid = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const chord = useRef<ChordState>(EMPTY_CHORD);
  const caret = useRef<number | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const [needsEnglish, setNeedsEnglish] = useState(false);
  const [said, setSaid] = useState({ text: '', n: 0 });

  // Put the caret after the cell just written or deleted.
  useLayoutEffect(() => {
    const el = inputRef.current;
    if (caret.current !== null && el && document.activeElement === el) el.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  });

  function announce(text: string) {
    // The counter makes a repeated message (the same letter twice) a change the reader speaks.
    setSaid((s) => ({ text, n: s.n + 1 }));
  }

  function describe(ch: string): string {
    const dots = unicodeToDots(ch) ?? [];
    return cellLabel(dots, cellMeaning(dots, table, code, ui), ui);
  }

  function selection(): [number, number] {
    const el = inputRef.current;
    const end = value.length;
    if (!el || document.activeElement !== el) return [end, end];
    return [el.selectionStart ?? end, el.selectionEnd ?? end];
  }

  function write(ch: string) {
    const [s, e] = selection();
    caret.current = s + 1;
    onChange(value.slice(0, s) + ch + value.slice(e));
    announce(describe(ch));
  }

  function remove() {
    const [s, e] = selection();
    if (s === e && s === 0) {
      announce(t('keyboard.nothingToDelete'));
      return;
    }
    const from = s === e ? s - 1 : s;
    const gone = value.slice(from, e);
    caret.current = from;
    onChange(value.slice(0, from) + value.slice(e));
    announce(t('keyboard.deleted', { what: gone.length === 1 ? describe(gone) : t('keyboard.cellCount', { count: gone.length }) }));
  }

  function act(action: ChordAction) {
    switch (action.type) {
      case 'cell':
        write(dotsToUnicode(action.dots));
        break;
      case 'space':
        write(BLANK_CELL);
        break;
      case 'backspace':
        remove();
        break;
      case 'submit':
        onSubmit?.();
        break;
      default:
        break;
    }
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    const r = chordStep(chord.current, {
      type: e.type === 'keyup' ? 'keyup' : 'keydown',
      code: e.code,
      key: e.key,
      repeat: e.repeat,
      ctrlKey: e.ctrlKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
    });
    chord.current = r.state;
    if (r.unidentified && !needsEnglish) {
      setNeedsEnglish(true);
      announce(t('keyboard.englishMode'));
    }
    if (r.action.type !== 'pass') e.preventDefault();
    act(r.action);
  }

  // Edits the browser makes itself (cut, paste, Delete) are kept only when they leave Braille.
  function onInput(e: ChangeEvent<HTMLInputElement>) {
    const next = e.target.value;
    if (BRAILLE_ONLY.test(next)) onChange(next.replace(/ /g, BLANK_CELL));
  }

  function togglePicked(d: number) {
    setPicked((p) => (p.includes(d) ? p.filter((x) => x !== d) : [...p, d].sort((a, b) => a - b)));
  }

  function writePicked() {
    if (!picked.length) {
      announce(t('keyboard.chooseDots'));
      return;
    }
    write(dotsToUnicode(picked));
    setPicked([]);
  }

  function clear() {
    onChange('');
    announce(t('keyboard.cleared'));
  }

  const helpId = `${id}-help`;
  const englishId = `${id}-english`;
  const pointerId = `${uid}-pointer`;
  const described = [helpId, needsEnglish ? englishId : null, describedBy].filter(Boolean).join(' ');

  return (
    <div className={`braille-keyboard field ${invalid ? 'field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        className="bk-input"
        dir="ltr"
        inputMode="none"
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={described}
        onKeyDown={onKey}
        onKeyUp={onKey}
        onBlur={() => {
          chord.current = EMPTY_CHORD;
        }}
        onChange={onInput}
      />
      <p id={helpId} className="field-hint">
        {t('keyboard.help')}
        {onSubmit ? ` ${t('keyboard.helpSubmit')}` : ''}
      </p>
      {needsEnglish ? (
        <p id={englishId} className="bk-english">
          {t('keyboard.englishMode')}
        </p>
      ) : null}
      <div className="bk-pointer" role="group" aria-labelledby={pointerId}>
        <p id={pointerId} className="bk-pointer-help">
          {t('keyboard.pointerHelp')}
        </p>
        <div className="bk-pad">
          <div className="bk-dots" dir="ltr">
            {[1, 2, 3, 4, 5, 6].map((d) => (
              <button key={d} type="button" className="bk-dot" aria-pressed={picked.includes(d)} onClick={() => togglePicked(d)}>
                <span className="bk-dot-mark" aria-hidden="true" />
                <span>{t('keyboard.dot', { dot: d })}</span>
              </button>
            ))}
          </div>
          <div className="bk-actions">
            <button type="button" className="btn btn-primary" onClick={writePicked}>
              {t('keyboard.write')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => write(BLANK_CELL)}>
              {t('keyboard.spaceButton')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={remove}>
              {t('keyboard.deleteButton')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={clear}>
              {t('keyboard.clear')}
            </button>
          </div>
        </div>
      </div>
      <p role="status" className="visually-hidden" data-testid={`${id}-announce`}>
        {said.text}
        {said.n % 2 ? '\u00a0' : ''}
      </p>
    </div>
  );
}
