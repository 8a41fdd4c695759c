/**
 * Rollover detection for chord mode, free of React and the DOM (tested with a fake clock).
 *
 * A keyboard that cannot report six keys held at once drops some of a chord's keys: the cell
 * arrives with dots missing, the learner hears it, deletes it with Backspace and writes it again
 * with the missing dots. One such *correction* is: a chord cell written, that same cell deleted
 * with Backspace at once, then a chord cell with every dot of the deleted one and more, within
 * `CORRECTION_MS` of the first. When `THRESHOLD` corrections fall within `WINDOW_MS`, latch
 * mode is worth offering. Anything else in between (Space, the dot buttons, another deletion)
 * ends the sequence.
 */

/** From the cell with missing dots to its rewrite. */
export const CORRECTION_MS = 10_000;
/** The corrections counted must all lie within this window. */
export const WINDOW_MS = 120_000;
/** Corrections within the window that make the offer. */
export const THRESHOLD = 3;

export interface RolloverState {
  /** The last cell a chord wrote, and when. */
  last: { dots: readonly number[]; at: number } | null;
  /** That cell, just deleted with Backspace (the next chord may be its correction). */
  erased: { dots: readonly number[]; at: number } | null;
  /** Times of the corrections seen within the window. */
  corrections: readonly number[];
}

export const EMPTY_ROLLOVER: RolloverState = { last: null, erased: null, corrections: [] };

export type RolloverEvent =
  /** A chord wrote this cell. */
  | { type: 'cell'; dots: readonly number[] }
  /** Backspace deleted this cell (null: more than one cell, or nothing). */
  | { type: 'erase'; dots: readonly number[] | null }
  /** Anything else that writes or deletes (Space, the dot buttons, Clear). */
  | { type: 'other' };

export interface RolloverResult {
  state: RolloverState;
  /** Enough corrections: offer latch mode (the count starts again). */
  offer: boolean;
}

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((d) => b.includes(d));
/** `b` has every dot of `a` and at least one more. */
export const strictSuperset = (b: readonly number[], a: readonly number[]) => b.length > a.length && a.every((d) => b.includes(d));

export function rolloverStep(state: RolloverState, ev: RolloverEvent, now: number): RolloverResult {
  const recent = state.corrections.filter((t) => now - t <= WINDOW_MS);
  switch (ev.type) {
    case 'cell': {
      const corrected = state.erased !== null && now - state.erased.at <= CORRECTION_MS && strictSuperset(ev.dots, state.erased.dots);
      const corrections = corrected ? [...recent, now] : recent;
      const offer = corrections.length >= THRESHOLD;
      return { state: { last: { dots: [...ev.dots], at: now }, erased: null, corrections: offer ? [] : corrections }, offer };
    }
    case 'erase': {
      const erased = state.last !== null && ev.dots !== null && same(ev.dots, state.last.dots) ? state.last : null;
      return { state: { last: null, erased, corrections: recent }, offer: false };
    }
    default:
      return { state: { last: null, erased: null, corrections: recent }, offer: false };
  }
}
