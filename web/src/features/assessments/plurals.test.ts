import { describe, expect, it } from 'vitest';
import { assessmentsT } from './i18n';

// Arabic counts take six forms (CLDR): 0 zero, 1 one, 2 two, 3–10 few, 11–99 many, 100–102
// other, and 103–110 few again. The hand-written plural this replaced said "0 درجات" and
// "103 درجة"; i18next's plural rules pick the form from Intl.PluralRules.
describe('Arabic plurals of the assessments texts', () => {
  const ar = assessmentsT('ar');
  const cases: Array<[number, string, string]> = [
    [0, '0 درجة', '0 سؤال'],
    [1, 'درجة واحدة', 'سؤال واحد'],
    [2, 'درجتان', 'سؤالان'],
    [3, '3 درجات', '3 أسئلة'],
    [11, '11 درجة', '11 سؤالًا'],
    [100, '100 درجة', '100 سؤال'],
    [103, '103 درجات', '103 أسئلة'],
    [110, '110 درجات', '110 أسئلة'],
  ];
  it.each(cases)('%i', (count, points, questions) => {
    expect(ar('common.points', { count })).toBe(points);
    expect(ar('common.questions', { count })).toBe(questions);
  });

  it('differing cells follow the same rules', () => {
    expect([0, 1, 2, 3, 11, 100, 103, 110].map((count) => ar('result.wrongCells', { count }))).toEqual([
      'تختلف 0 خلية.',
      'تختلف خلية واحدة.',
      'تختلف خليتان.',
      'تختلف 3 خلايا.',
      'تختلف 11 خلية.',
      'تختلف 100 خلية.',
      'تختلف 103 خلايا.',
      'تختلف 110 خلايا.',
    ]);
  });

  it('English keeps its two forms', () => {
    const en = assessmentsT('en');
    expect([0, 1, 2, 103].map((count) => en('common.points', { count }))).toEqual(['0 points', '1 point', '2 points', '103 points']);
  });
});
