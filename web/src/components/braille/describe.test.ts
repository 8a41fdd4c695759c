import { describe, expect, it } from 'vitest';
import { dotsToUnicode, unicodeToDots, type CellInfo } from './cells';
import { cellLabel, cellMeaning, labelCells } from './describe';
import { AR_TABLE, EN_TABLE } from './test-fixtures';

const cells = (meaning: (string | null)[], ...dots: number[][]): CellInfo[] =>
  dots.map((d, i) => ({ dots: d, unicode: dotsToUnicode(d), meaning: meaning[i] ?? null }));

describe('cell helpers', () => {
  it('converts dots to Unicode Braille and back', () => {
    expect(dotsToUnicode([1, 2, 5])).toBe('⠓');
    expect(dotsToUnicode([5, 2, 1, 1])).toBe('⠓');
    expect(dotsToUnicode([])).toBe('\u2800');
    expect(dotsToUnicode([1, 2, 3, 4, 5, 6])).toBe('⠿');
    expect(unicodeToDots('⠓')).toEqual([1, 2, 5]);
    expect(unicodeToDots(' ')).toEqual([]);
    expect(unicodeToDots('h')).toBeNull();
    expect(unicodeToDots('⣿')).toBeNull(); // 8-dot Braille is not a six-dot cell
  });
});

describe('accessible names of cells', () => {
  it('names dots and the letter in English', () => {
    expect(cellLabel([1, 2, 5], cellMeaning([1, 2, 5], EN_TABLE, 'en', 'en'), 'en')).toBe('dots 1 2 5, letter h');
    expect(cellLabel([1], cellMeaning([1], EN_TABLE, 'en', 'en'), 'en')).toBe('dot 1, letter a');
    expect(cellLabel([], cellMeaning([], EN_TABLE, 'en', 'en'), 'en')).toBe('blank cell, space');
  });

  it('names them in Arabic, for both codes', () => {
    expect(cellLabel([1, 2, 5], cellMeaning([1, 2, 5], AR_TABLE, 'ar', 'ar'), 'ar')).toBe('النقاط 1 2 5، الحرف هاء');
    expect(cellLabel([1, 2], cellMeaning([1, 2], AR_TABLE, 'ar', 'ar'), 'ar')).toBe('النقطتان 1 2، الحرف باء');
    expect(cellLabel([1, 2, 5], cellMeaning([1, 2, 5], EN_TABLE, 'en', 'ar'), 'ar')).toBe('النقاط 1 2 5، الحرف h');
    expect(cellLabel([1, 2], cellMeaning([1, 2], AR_TABLE, 'ar', 'en'), 'en')).toBe('dots 1 2, letter ba (ب)');
  });

  it('lists every meaning of a lone cell, or only the one the engine chose', () => {
    expect(cellMeaning([2, 3, 6], EN_TABLE, 'en', 'en')).toBe('question mark or opening quotation mark');
    expect(cellMeaning([2, 3, 6], EN_TABLE, 'en', 'en', '?')).toBe('question mark');
    expect(cellMeaning([2, 3, 6], AR_TABLE, 'ar', 'ar', '(')).toBe('قوس افتتاحي');
    expect(cellMeaning([6], AR_TABLE, 'ar', 'en', 'number sign')).toBe('shadda (written before its letter) or capital sign (Latin letter)');
    expect(cellMeaning([3, 4], EN_TABLE, 'en', 'en')).toBeNull();
    expect(cellLabel([3, 4], null, 'en')).toBe('dots 3 4');
  });

  it('still names the dots without a table', () => {
    expect(cellLabel([1, 2, 5], cellMeaning([1, 2, 5], null, 'en', 'en', 'h'), 'en')).toBe('dots 1 2 5, h');
  });

  it('names digits after the number sign as digits until the number ends', () => {
    // "12.5 a": ⠼⠁⠃⠲⠑ ⠁ — the last ⠁ is a letter again.
    const input = cells(['numeric indicator', 'a', 'b', '.', 'e', 'space', 'a'], [3, 4, 5, 6], [1], [1, 2], [2, 5, 6], [1, 5], [], [1]);
    const out = labelCells(input, EN_TABLE, 'en', 'en');
    expect(out.map((c) => c.label)).toEqual([
      'dots 3 4 5 6, numeric indicator',
      'dot 1, digit one',
      'dots 1 2, digit two',
      'dots 2 5 6, full stop',
      'dots 1 5, digit five',
      'blank cell, space',
      'dot 1, letter a',
    ]);
    expect(out.map((c) => c.caption)).toEqual(['', '1', '2', '.', '5', '', 'a']);
  });

  it('ends a number at the grade 1 indicator and at a full stop that ends the sentence', () => {
    const input = cells([null, 'a', 'grade 1 indicator', 'a', '.'], [3, 4, 5, 6], [1], [5, 6], [1], [2, 5, 6]);
    expect(labelCells(input, EN_TABLE, 'en', 'en').map((c) => c.meaning)).toEqual(['numeric indicator', 'digit one', 'grade 1 indicator', 'letter a', 'full stop']);
  });

  it('names Arabic digits in Arabic', () => {
    const input = cells(['علامة الرقم', 'ا'], [3, 4, 5, 6], [1]);
    expect(labelCells(input, AR_TABLE, 'ar', 'ar').map((c) => c.label)).toEqual(['النقاط 3 4 5 6، علامة الرقم', 'النقطة 1، الرقم واحد']);
  });
});
