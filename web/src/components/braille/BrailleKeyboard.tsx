/**
 * The six-key Braille keyboard (F D S J K L = dots 1–6, chords written on release; Space,
 * Backspace, Enter), with on-screen dot buttons for touch and pointer users. The value is a
 * string of Unicode Braille cells (U+2800–U+283F). Each cell written or deleted is announced
 * once in a polite live region, with its dots and what it means in `code`.
 *
 * It is a real text field, so screen readers switch to focus mode by themselves and read the
 * cells with their review keys; Tab and every other key the keyboard does not use work as usual.
 *
 * In latch mode (the learner's setting, `keyboard-mode.ts`) each dot key turns its dot on or off
 * ("dot 3 on") and Space or Enter writes the cell; the dots that are on are the same as the dot
 * buttons' (aria-pressed). In chord mode, chords that keep arriving with dots missing and are
 * corrected (`rollover.ts`) bring a one-time offer to switch to latch mode.
 */
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { BLANK_CELL, dotsToUnicode, unicodeToDots, type Code } from './cells';
import { chordStep, EMPTY_CHORD, latchStep, type ChordState, type KeyInput } from './chord';
import { cellLabel, cellMeaning } from './describe';
import { useKeyboardMode, useOfferAnswered, writeMode, writeOfferAnswer } from './keyboard-mode';
import { EMPTY_ROLLOVER, rolloverStep, type RolloverEvent, type RolloverState } from './rollover';
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
  const [mode] = useKeyboardMode();
  const offerAnswered = useOfferAnswered();
  // The dots chosen with the buttons, which are also the dots on in latch mode. The ref is read
  // by key events that come faster than renders.
  const [picked, setPickedState] = useState<number[]>([]);
  const pickedRef = useRef<number[]>([]);
  const rollover = useRef<RolloverState>(EMPTY_ROLLOVER);
  const [offering, setOffering] = useState(false);
  const offeredHere = useRef(false);
  const [needsEnglish, setNeedsEnglish] = useState(false);
  const [said, setSaid] = useState({ text: '', n: 0 });

  function setPicked(next: number[]) {
    pickedRef.current = next;
    setPickedState(next);
  }

  function watchRollover(ev: RolloverEvent): boolean {
    const r = rolloverStep(rollover.current, ev, Date.now());
    rollover.current = r.state;
    if (!r.offer || offeredHere.current || offerAnswered || mode !== 'chord') return false;
    offeredHere.current = true;
    setOffering(true);
    return true;
  }

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

  /** Writes a cell at the caret; returns what to announce (the cell with its dots named). */
  function write(ch: string): string {
    const [s, e] = selection();
    caret.current = s + 1;
    onChange(value.slice(0, s) + ch + value.slice(e));
    return describe(ch);
  }

  /** Deletes the cell before the caret (or the selection); returns what was deleted and what to announce. */
  function remove(): { gone: string; text: string } {
    const [s, e] = selection();
    if (s === e && s === 0) return { gone: '', text: t('keyboard.nothingToDelete') };
    const from = s === e ? s - 1 : s;
    const gone = value.slice(from, e);
    caret.current = from;
    onChange(value.slice(0, from) + value.slice(e));
    return { gone, text: t('keyboard.deleted', { what: gone.length === 1 ? describe(gone) : t('keyboard.cellCount', { count: gone.length }) }) };
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    const ev: KeyInput = {
      type: e.type === 'keyup' ? 'keyup' : 'keydown',
      code: e.code,
      key: e.key,
      repeat: e.repeat,
      ctrlKey: e.ctrlKey,
      altKey: e.altKey,
      metaKey: e.metaKey,
    };
    let unidentified: boolean;
    let pass: boolean;
    if (mode === 'latch') {
      const r = latchStep(pickedRef.current, ev);
      unidentified = r.unidentified;
      pass = r.action.type === 'pass';
      if (!pass) e.preventDefault();
      const a = r.action;
      if (a.type === 'toggle') {
        setPicked(r.dots);
        announce(t(a.on ? 'keyboard.dotOn' : 'keyboard.dotOff', { dot: a.dot }));
      } else if (a.type === 'cell') {
        setPicked(r.dots);
        announce(write(dotsToUnicode(a.dots)));
      } else if (a.type === 'space') announce(write(BLANK_CELL));
      else if (a.type === 'backspace') announce(remove().text);
      else if (a.type === 'submit') onSubmit?.();
    } else {
      const r = chordStep(chord.current, ev);
      chord.current = r.state;
      unidentified = r.unidentified;
      pass = r.action.type === 'pass';
      if (!pass) e.preventDefault();
      const a = r.action;
      if (a.type === 'cell') {
        const text = write(dotsToUnicode(a.dots));
        announce(watchRollover({ type: 'cell', dots: a.dots }) ? t('keyboard.cellThenOffer', { cell: text, offer: t('keyboard.latchOffer') }) : text);
      } else if (a.type === 'space') {
        watchRollover({ type: 'other' });
        announce(write(BLANK_CELL));
      } else if (a.type === 'backspace') {
        const { gone, text } = remove();
        watchRollover({ type: 'erase', dots: gone.length === 1 ? (unicodeToDots(gone) ?? null) : null });
        announce(text);
      } else if (a.type === 'submit') onSubmit?.();
    }
    if (unidentified && !needsEnglish) {
      setNeedsEnglish(true);
      announce(t('keyboard.englishMode'));
    }
  }

  function answerOffer(answer: 'accepted' | 'dismissed') {
    writeOfferAnswer(answer);
    setOffering(false);
    if (answer === 'accepted') {
      writeMode('latch');
      chord.current = EMPTY_CHORD;
    }
    announce(t(answer === 'accepted' ? 'keyboard.latchOn' : 'keyboard.offerDismissed'));
    // The buttons are gone: back to the field, where the learner was writing.
    inputRef.current?.focus();
  }

  // Edits the browser makes itself (cut, paste, Delete) are kept only when they leave Braille.
  function onInput(e: ChangeEvent<HTMLInputElement>) {
    const next = e.target.value;
    if (BRAILLE_ONLY.test(next)) onChange(next.replace(/ /g, BLANK_CELL));
  }

  function togglePicked(d: number) {
    const p = pickedRef.current;
    setPicked(p.includes(d) ? p.filter((x) => x !== d) : [...p, d].sort((a, b) => a - b));
  }

  function writePicked() {
    if (!pickedRef.current.length) {
      announce(t('keyboard.chooseDots'));
      return;
    }
    watchRollover({ type: 'other' });
    announce(write(dotsToUnicode(pickedRef.current)));
    setPicked([]);
  }

  function clear() {
    watchRollover({ type: 'other' });
    onChange('');
    announce(t('keyboard.cleared'));
  }

  const helpId = `${id}-help`;
  const englishId = `${id}-english`;
  const pointerId = `${uid}-pointer`;
  const offerId = `${uid}-offer`;
  const showOffer = offering && !offerAnswered && mode === 'chord';
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
      {showOffer ? (
        <div className="bk-offer" role="group" aria-labelledby={offerId}>
          <p id={offerId}>{t('keyboard.latchOffer')}</p>
          <div className="bk-actions">
            <button type="button" className="btn btn-primary" onClick={() => answerOffer('accepted')}>
              {t('keyboard.offerAccept')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => answerOffer('dismissed')}>
              {t('keyboard.offerDismiss')}
            </button>
          </div>
        </div>
      ) : null}
      <p id={helpId} className="field-hint">
        {mode === 'latch' ? t('keyboard.helpLatch') : t('keyboard.help')}
        {onSubmit ? ` ${t(mode === 'latch' ? 'keyboard.helpSubmitLatch' : 'keyboard.helpSubmit')}` : ''}
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
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                watchRollover({ type: 'other' });
                announce(write(BLANK_CELL));
              }}
            >
              {t('keyboard.spaceButton')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                watchRollover({ type: 'other' });
                announce(remove().text);
              }}
            >
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
