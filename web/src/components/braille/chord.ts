/**
 * Chord logic of the six-key Braille keyboard, kept free of React and the DOM so it can be
 * tested on its own.
 *
 * F D S J K L are dots 1 2 3 4 5 6, read from `KeyboardEvent.code` (the physical key), so the
 * keyboard works whatever the system keyboard language is. Keys pressed together make one
 * chord; the cell is written when the last of them is released. Space writes an empty cell,
 * Backspace deletes a cell and Enter submits. Key-repeat events are ignored. Every other key
 * (Tab, arrows, Escape, shortcuts with Ctrl/Alt/Meta…) passes through untouched.
 *
 * When the browser cannot tell which physical key it was (`code` empty or "Unidentified", as
 * with some virtual keyboards), the dot is taken from `key` instead, which only works with the
 * system keyboard in English mode; the result says so, and the component shows the hint.
 *
 * Latch mode (`latchStep`) is for keyboards that cannot report six keys held at once: each press
 * of a dot key turns that dot on or off, and Space or Enter writes the cell of the dots that are
 * on. With no dot on, Space writes an empty cell and Enter submits, as in chord mode; Backspace
 * deletes a cell in both modes and leaves the dots that are on as they are.
 */

/** Physical keys of the six dots. */
export const DOT_CODES: Readonly<Record<string, number>> = { KeyF: 1, KeyD: 2, KeyS: 3, KeyJ: 4, KeyK: 5, KeyL: 6 };

/** The same keys by the character they type in English mode (used only when `code` is unknown). */
const DOT_KEYS: Readonly<Record<string, number>> = { f: 1, d: 2, s: 3, j: 4, k: 5, l: 6 };

/** The key letter of each dot, for help texts: dot 1 → "F". */
export const DOT_KEY_LABELS: Readonly<Record<number, string>> = { 1: 'F', 2: 'D', 3: 'S', 4: 'J', 5: 'K', 6: 'L' };

export interface ChordState {
  /** Dots whose keys are held down now. */
  held: readonly number[];
  /** Dots pressed since the chord started (held or already released). */
  chord: readonly number[];
}

export const EMPTY_CHORD: ChordState = { held: [], chord: [] };

export interface KeyInput {
  type: 'keydown' | 'keyup';
  code: string;
  key: string;
  repeat?: boolean;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export type ChordAction =
  /** A chord was completed: write this cell. */
  | { type: 'cell'; dots: number[] }
  | { type: 'space' }
  | { type: 'backspace' }
  | { type: 'submit' }
  /** The keyboard's own key with nothing to do now (e.g. a repeat): prevent the default. */
  | { type: 'consume' }
  /** Not the keyboard's key: leave it to the browser. */
  | { type: 'pass' };

export interface ChordResult {
  state: ChordState;
  action: ChordAction;
  /** The browser did not say which physical key this was (show the English-mode hint). */
  unidentified: boolean;
}

export function isUnidentified(code: string | undefined | null): boolean {
  return !code || code === 'Unidentified';
}

/** The dot of a key event, or null when it is not one of the six keys. */
export function dotOf(code: string, key: string): number | null {
  if (!isUnidentified(code)) return DOT_CODES[code] ?? null;
  return DOT_KEYS[key.toLowerCase()] ?? null;
}

const without = (list: readonly number[], d: number) => list.filter((x) => x !== d);
const withDot = (list: readonly number[], d: number) => (list.includes(d) ? list : [...list, d]);

/** Feeds one key event to the chord state. */
export function chordStep(state: ChordState, ev: KeyInput): ChordResult {
  const unidentified = ev.type === 'keydown' && isUnidentified(ev.code) && !ev.ctrlKey && !ev.altKey && !ev.metaKey;
  const dot = dotOf(ev.code, ev.key);
  const result = (next: ChordState, action: ChordAction): ChordResult => ({ state: next, action, unidentified });

  if (ev.type === 'keyup') {
    if (dot === null || !state.held.includes(dot)) return result(state, dot === null ? { type: 'pass' } : { type: 'consume' });
    const held = without(state.held, dot);
    if (held.length === 0 && state.chord.length > 0) {
      return result(EMPTY_CHORD, { type: 'cell', dots: [...state.chord].sort((a, b) => a - b) });
    }
    return result({ held, chord: state.chord }, { type: 'consume' });
  }

  // keydown. Shortcuts (Ctrl/Alt/Meta) belong to the browser and assistive technology.
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return result(state, { type: 'pass' });

  if (dot !== null) {
    if (ev.repeat) return result(state, { type: 'consume' });
    return result({ held: withDot(state.held, dot), chord: withDot(state.chord, dot) }, { type: 'consume' });
  }

  const inChord = state.chord.length > 0;
  const command = commandOf(ev);
  if (command === null) return result(state, { type: 'pass' });
  // A repeat, or Space/Backspace/Enter in the middle of a chord, does nothing.
  if (ev.repeat || inChord) return result(state, { type: 'consume' });
  return result(state, { type: command });
}

/** How the six keys write a cell: together (chord, the default) or one dot at a time (latch). */
export type KeyboardMode = 'chord' | 'latch';

export type LatchAction =
  /** A dot key was pressed: `dot` is now on or off; `dots` are the dots on now. */
  | { type: 'toggle'; dot: number; on: boolean; dots: number[] }
  /** Space or Enter with dots on: write this cell (the dots are all off again). */
  | { type: 'cell'; dots: number[] }
  | { type: 'space' }
  | { type: 'backspace' }
  | { type: 'submit' }
  | { type: 'consume' }
  | { type: 'pass' };

export interface LatchResult {
  /** The dots on after this event, in order. */
  dots: number[];
  action: LatchAction;
  unidentified: boolean;
}

/** Feeds one key event to latch mode; `dots` are the dots on before it. */
export function latchStep(dots: readonly number[], ev: KeyInput): LatchResult {
  const unidentified = ev.type === 'keydown' && isUnidentified(ev.code) && !ev.ctrlKey && !ev.altKey && !ev.metaKey;
  const dot = dotOf(ev.code, ev.key);
  const now = [...dots].sort((a, b) => a - b);
  const result = (next: number[], action: LatchAction): LatchResult => ({ dots: next, action, unidentified });

  if (ev.type === 'keyup') return result(now, dot === null ? { type: 'pass' } : { type: 'consume' });
  if (ev.ctrlKey || ev.altKey || ev.metaKey) return result(now, { type: 'pass' });

  if (dot !== null) {
    if (ev.repeat) return result(now, { type: 'consume' });
    const on = !now.includes(dot);
    const next = on ? [...now, dot].sort((a, b) => a - b) : without(now, dot);
    return result(next, { type: 'toggle', dot, on, dots: next });
  }

  const command = commandOf(ev);
  if (command === null) return result(now, { type: 'pass' });
  if (ev.repeat) return result(now, { type: 'consume' });
  if ((command === 'space' || command === 'submit') && now.length > 0) return result([], { type: 'cell', dots: now });
  return result(now, { type: command });
}

function commandOf(ev: KeyInput): 'space' | 'backspace' | 'submit' | null {
  if (ev.code === 'Space' || ev.key === ' ' || ev.key === 'Spacebar') return 'space';
  if (ev.key === 'Backspace' || ev.code === 'Backspace') return 'backspace';
  if (ev.key === 'Enter' || ev.code === 'Enter' || ev.code === 'NumpadEnter') return 'submit';
  return null;
}
