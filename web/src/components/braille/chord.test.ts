import { describe, expect, it } from 'vitest';
import { chordStep, dotOf, EMPTY_CHORD, type ChordAction, type ChordState, type KeyInput } from './chord';

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
