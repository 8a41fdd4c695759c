import { describe, expect, it } from 'vitest';
import { CORRECTION_MS, EMPTY_ROLLOVER, rolloverStep, THRESHOLD, WINDOW_MS, type RolloverEvent, type RolloverState } from './rollover';

/** A fake clock: each event at a given time (ms); returns whether and when the offer came. */
function run(events: Array<[number, RolloverEvent]>, start: RolloverState = EMPTY_ROLLOVER) {
  let state = start;
  const offers: number[] = [];
  for (const [at, ev] of events) {
    const r = rolloverStep(state, ev, at);
    state = r.state;
    if (r.offer) offers.push(at);
  }
  return { state, offers };
}

const cell = (...dots: number[]): RolloverEvent => ({ type: 'cell', dots });
const erase = (...dots: number[]): RolloverEvent => ({ type: 'erase', dots });

/** One correction starting at `t`: the cell with a dot missing, Backspace, the full cell. */
const corrected = (t: number, short: number[], full: number[]): Array<[number, RolloverEvent]> => [
  [t, cell(...short)],
  [t + 600, erase(...short)],
  [t + 1500, cell(...full)],
];

describe('rollover detection', () => {
  it('offers latch mode after three corrections with a superset of dots within the window', () => {
    const r = run([...corrected(0, [1, 2], [1, 2, 5]), ...corrected(5_000, [1], [1, 5]), ...corrected(20_000, [1, 3], [1, 3, 4, 5])]);
    expect(THRESHOLD).toBe(3);
    expect(r.offers).toEqual([21_500]);
    // The count starts again after an offer.
    expect(r.state.corrections).toEqual([]);
  });

  it('does not offer for two corrections, or for ordinary writing', () => {
    expect(run([...corrected(0, [1, 2], [1, 2, 5]), ...corrected(5_000, [1], [1, 5])]).offers).toEqual([]);
    const writing: Array<[number, RolloverEvent]> = [];
    for (let i = 0; i < 30; i++) writing.push([i * 800, cell(1 + (i % 6))]);
    expect(run(writing).offers).toEqual([]);
  });

  it('counts only a rewrite with every dot of the deleted cell and more', () => {
    const notSuperset = [
      ...corrected(0, [1, 2], [1, 2]), // the same cell again
      ...corrected(5_000, [1, 2], [1, 4]), // another cell (a mistake, not a lost key)
      ...corrected(10_000, [1, 2, 5], [1, 2]), // fewer dots
    ];
    const r = run(notSuperset);
    expect(r.offers).toEqual([]);
    expect(r.state.corrections).toEqual([]);
  });

  it('counts only when the deleted cell is the one just written', () => {
    const r = run([
      [0, cell(1)],
      [500, erase(2)], // Backspace deleted another cell (caret moved)
      [1000, cell(1, 2)],
      [2000, cell(1)],
      [2500, { type: 'other' }], // Space in between
      [3000, erase(1)],
      [3500, cell(1, 5)],
      [4000, cell(1)],
      [4500, { type: 'erase', dots: null }], // a selection of several cells
      [5000, cell(1, 5)],
    ]);
    expect(r.state.corrections).toEqual([]);
  });

  it('a rewrite that comes too late is not a correction', () => {
    const slow: Array<[number, RolloverEvent]> = [
      [0, cell(1)],
      [1000, erase(1)],
      [CORRECTION_MS + 1, cell(1, 2)],
    ];
    expect(run(slow).state.corrections).toEqual([]);
    const inTime: Array<[number, RolloverEvent]> = [
      [0, cell(1)],
      [1000, erase(1)],
      [CORRECTION_MS, cell(1, 2)],
    ];
    expect(run(inTime).state.corrections).toEqual([CORRECTION_MS]);
  });

  it('forgets corrections older than the window', () => {
    const r = run([...corrected(0, [1], [1, 2]), ...corrected(60_000, [1], [1, 2]), ...corrected(WINDOW_MS + 10_000, [1], [1, 2])]);
    expect(r.offers).toEqual([]);
    expect(r.state.corrections).toEqual([61_500, WINDOW_MS + 11_500]);
    // A third one soon after: now three lie within the window.
    expect(run(corrected(WINDOW_MS + 30_000, [4], [4, 5]), r.state).offers).toEqual([WINDOW_MS + 31_500]);
  });
});
