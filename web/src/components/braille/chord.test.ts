import { describe, expect, it } from 'vitest';
import { chordStep, dotOf, EMPTY_CHORD, latchStep, type ChordAction, type ChordState, type KeyInput, type LatchAction } from './chord';

const CODE_OF: Record<number, string> = { 1: 'KeyF', 2: 'KeyD', 3: 'KeyS', 4: 'KeyJ', 5: 'KeyK', 6: 'KeyL' };

const down = (code: string, extra: Partial<KeyInput> = {}): KeyInput => ({ type: 'keydown', code, key: code.replace(/^Key/, '').toLowerCase(), ...extra });
const up = (code: string, extra: Partial<KeyInput> = {}): KeyInput => ({ type: 'keyup', code, key: code.replace(/^Key/, '').toLowerCase(), ...extra });

/** Runs events from the empty state; returns the non-trivial actions and the final state. */
function run(events: KeyInput[], start: ChordState = EMPTY_CHORD) {
  let state = start;
  const actions: ChordAction[] = [];
  const all: ChordAction[] = [];
  let unidentified = false;
  for (const e of events) {
    const r = chordStep(state, e);
    state = r.state;
    all.push(r.action);
    if (r.action.type !== 'consume' && r.action.type !== 'pass') actions.push(r.action);
    unidentified ||= r.unidentified;
  }
  return { state, actions, all, unidentified };
}

const cell = (...dots: number[]): ChordAction => ({ type: 'cell', dots });

describe('Braille keyboard chords', () => {
  it('maps F D S J K L to dots 1 to 6 by physical key', () => {
    expect([1, 2, 3, 4, 5, 6].map((d) => dotOf(CODE_OF[d], 'x'))).toEqual([1, 2, 3, 4, 5, 6]);
    // Arabic layout: the F key types "ب", but the code is still KeyF.
    expect(dotOf('KeyF', 'ب')).toBe(1);
    expect(dotOf('KeyL', 'م')).toBe(6);
    expect(dotOf('KeyA', 'a')).toBeNull();
  });

  it('writes the cell only when every key of the chord is released', () => {
    const r = run([down('KeyF'), down('KeyD'), up('KeyF')]);
    expect(r.actions).toEqual([]);
    expect(r.state.held).toEqual([2]);
    const r2 = run([up('KeyD')], r.state);
    expect(r2.actions).toEqual([cell(1, 2)]);
    expect(r2.state).toEqual(EMPTY_CHORD);
  });

  it('gives the same cell whatever the press and release order', () => {
    const a = run([down('KeyK'), down('KeyF'), down('KeyD'), up('KeyD'), up('KeyK'), up('KeyF')]);
    const b = run([down('KeyD'), down('KeyK'), down('KeyF'), up('KeyF'), up('KeyD'), up('KeyK')]);
    expect(a.actions).toEqual([cell(1, 2, 5)]);
    expect(b.actions).toEqual([cell(1, 2, 5)]);
  });

  it('counts a key pressed again during the chord once', () => {
    // F down, F up (D still held), F down again: still dots 1 2.
    const r = run([down('KeyD'), down('KeyF'), up('KeyF'), down('KeyF'), up('KeyF'), up('KeyD')]);
    expect(r.actions).toEqual([cell(1, 2)]);
  });

  it('writes consecutive cells separately', () => {
    const r = run([down('KeyF'), up('KeyF'), down('KeyF'), down('KeyJ'), up('KeyJ'), up('KeyF'), down('KeyL'), up('KeyL')]);
    expect(r.actions).toEqual([cell(1), cell(1, 4), cell(6)]);
  });

  it('writes all six dots', () => {
    const codes = [1, 2, 3, 4, 5, 6].map((d) => CODE_OF[d]);
    const r = run([...codes.map((c) => down(c)), ...codes.reverse().map((c) => up(c))]);
    expect(r.actions).toEqual([cell(1, 2, 3, 4, 5, 6)]);
  });

  it('ignores key-repeat events (keydown with repeat=true)', () => {
    const r = run([down('KeyF'), down('KeyF', { repeat: true }), down('KeyF', { repeat: true }), up('KeyF')]);
    expect(r.actions).toEqual([cell(1)]);
    expect(r.all.slice(1, 3)).toEqual([{ type: 'consume' }, { type: 'consume' }]);
    const s = run([down('Space', { key: ' ' }), down('Space', { key: ' ', repeat: true }), down('Backspace', { key: 'Backspace', repeat: true }), down('Enter', { key: 'Enter', repeat: true })]);
    expect(s.actions).toEqual([{ type: 'space' }]);
  });

  it('ignores a release of a key that was not pressed here', () => {
    const r = run([up('KeyF')]);
    expect(r.all).toEqual([{ type: 'consume' }]);
    expect(r.state).toEqual(EMPTY_CHORD);
  });

  it('Space writes an empty cell, Backspace deletes, Enter submits', () => {
    const r = run([down('Space', { key: ' ' }), down('Backspace', { key: 'Backspace' }), down('Enter', { key: 'Enter' }), down('NumpadEnter', { key: 'Enter' })]);
    expect(r.actions).toEqual([{ type: 'space' }, { type: 'backspace' }, { type: 'submit' }, { type: 'submit' }]);
  });

  it('Space, Backspace and Enter do nothing in the middle of a chord', () => {
    const r = run([down('KeyF'), down('Space', { key: ' ' }), down('Backspace', { key: 'Backspace' }), down('Enter', { key: 'Enter' }), up('KeyF')]);
    expect(r.actions).toEqual([cell(1)]);
    expect(r.all.slice(1, 4)).toEqual([{ type: 'consume' }, { type: 'consume' }, { type: 'consume' }]);
  });

  it('lets other keys pass through, and never traps Tab', () => {
    const keys: KeyInput[] = [
      down('Tab', { key: 'Tab' }),
      down('Tab', { key: 'Tab', repeat: true }),
      down('KeyA', { key: 'a' }),
      down('ArrowLeft', { key: 'ArrowLeft' }),
      down('Escape', { key: 'Escape' }),
      down('Digit1', { key: '1' }),
      up('Tab', { key: 'Tab' }),
    ];
    expect(run(keys).all.every((a) => a.type === 'pass')).toBe(true);
    // Tab in the middle of a chord passes too, and the chord is left as it was.
    const mid = run([down('KeyF'), down('Tab', { key: 'Tab' })]);
    expect(mid.all[1]).toEqual({ type: 'pass' });
    expect(mid.state.chord).toEqual([1]);
  });

  it('lets shortcuts with Ctrl, Alt or Meta pass, even on the six keys', () => {
    const r = run([down('KeyF', { ctrlKey: true }), down('KeyD', { altKey: true }), down('KeyS', { metaKey: true }), down('Enter', { key: 'Enter', ctrlKey: true })]);
    expect(r.all.every((a) => a.type === 'pass')).toBe(true);
    expect(r.state).toEqual(EMPTY_CHORD);
  });

  it('falls back to the typed letter when the physical key is unknown, and says so', () => {
    const r = run([
      { type: 'keydown', code: '', key: 'f' },
      { type: 'keydown', code: 'Unidentified', key: 'D' },
      { type: 'keyup', code: '', key: 'f' },
      { type: 'keyup', code: 'Unidentified', key: 'd' },
    ]);
    expect(r.actions).toEqual([cell(1, 2)]);
    expect(r.unidentified).toBe(true);
    // With the system keyboard in Arabic and no code, "ب" cannot be read as a dot.
    const ar = run([{ type: 'keydown', code: '', key: 'ب' }]);
    expect(ar.all).toEqual([{ type: 'pass' }]);
    expect(ar.unidentified).toBe(true);
    // Known codes never raise the hint.
    expect(run([down('KeyF'), up('KeyF')]).unidentified).toBe(false);
  });
});

/** Runs events through latch mode from no dot on; returns the non-trivial actions and the dots on. */
function runLatch(events: KeyInput[], start: number[] = []) {
  let dots: number[] = start;
  const actions: LatchAction[] = [];
  const all: LatchAction[] = [];
  for (const e of events) {
    const r = latchStep(dots, e);
    dots = r.dots;
    all.push(r.action);
    if (r.action.type !== 'consume' && r.action.type !== 'pass') actions.push(r.action);
  }
  return { dots, actions, all };
}

const press = (code: string, extra: Partial<KeyInput> = {}) => [down(code, extra), up(code, extra)];
const toggle = (dot: number, on: boolean, dots: number[]): LatchAction => ({ type: 'toggle', dot, on, dots });

describe('Braille keyboard latch mode', () => {
  it('turns each dot on with one press and off with the next, whatever the order', () => {
    const r = runLatch([...press('KeyK'), ...press('KeyF'), ...press('KeyD'), ...press('KeyK')]);
    expect(r.actions).toEqual([toggle(5, true, [5]), toggle(1, true, [1, 5]), toggle(2, true, [1, 2, 5]), toggle(5, false, [1, 2])]);
    expect(r.dots).toEqual([1, 2]);
    // Releases never write anything.
    expect(r.all.filter((_, i) => i % 2 === 1).every((a) => a.type === 'consume')).toBe(true);
  });

  it('writes the cell on Space or Enter, and starts again with no dot on', () => {
    const r = runLatch([...press('KeyF'), ...press('KeyD'), ...press('KeyK'), down('Space', { key: ' ' }), ...press('KeyF'), ...press('KeyK'), down('Enter', { key: 'Enter' })]);
    expect(r.actions.filter((a) => a.type === 'cell')).toEqual([cell(1, 2, 5), cell(1, 5)]);
    expect(r.dots).toEqual([]);
  });

  it('with no dot on, Space writes an empty cell and Enter submits, as in chord mode', () => {
    const r = runLatch([down('Space', { key: ' ' }), down('Enter', { key: 'Enter' }), down('NumpadEnter', { key: 'Enter' })]);
    expect(r.actions).toEqual([{ type: 'space' }, { type: 'submit' }, { type: 'submit' }]);
  });

  it('Backspace deletes a cell as today and keeps the dots that are on', () => {
    const r = runLatch([...press('KeyF'), down('Backspace', { key: 'Backspace' })]);
    expect(r.actions).toEqual([toggle(1, true, [1]), { type: 'backspace' }]);
    expect(r.dots).toEqual([1]);
    expect(runLatch([down('Backspace', { key: 'Backspace' })]).actions).toEqual([{ type: 'backspace' }]);
  });

  it('ignores key repeat, a dot key held down does not flicker', () => {
    const r = runLatch([down('KeyF'), down('KeyF', { repeat: true }), down('KeyF', { repeat: true }), up('KeyF'), down('Space', { key: ' ' }), down('Space', { key: ' ', repeat: true })]);
    expect(r.actions).toEqual([toggle(1, true, [1]), cell(1)]);
  });

  it('lets Tab, other keys and shortcuts pass, and keeps the dots on', () => {
    const r = runLatch([...press('KeyJ'), down('Tab', { key: 'Tab' }), down('KeyA', { key: 'a' }), down('Escape', { key: 'Escape' }), down('KeyF', { ctrlKey: true }), down('Enter', { key: 'Enter', altKey: true })]);
    expect(r.all.slice(2).every((a) => a.type === 'pass')).toBe(true);
    expect(r.dots).toEqual([4]);
  });

  it('falls back to the typed letter when the physical key is unknown, and says so', () => {
    const r = latchStep([], { type: 'keydown', code: '', key: 'f' });
    expect(r.action).toEqual(toggle(1, true, [1]));
    expect(r.unidentified).toBe(true);
    expect(latchStep([], down('KeyF')).unidentified).toBe(false);
  });
});
