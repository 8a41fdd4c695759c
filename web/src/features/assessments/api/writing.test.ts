import { describe, expect, it } from 'vitest';
import { writingOf, type CourseOutline } from './assessments';

const outline = (grade: 1 | 2 | undefined, lessons: string[][]): CourseOutline =>
  ({
    id: 1,
    title: 'Course',
    language: 'en',
    braille_grade: grade,
    chapters: [{ id: 1, title: 'One', lessons: lessons.map((ids, i) => ({ id: i + 1, title: `L${i}`, contractions: ids.map((id) => ({ id })) })) }],
  }) as unknown as CourseOutline;

describe('writingOf (how the builder previews a course’s Braille)', () => {
  it('is uncontracted for grade 1, an older server, or no course yet', () => {
    expect(writingOf(outline(1, [['en:the']]))).toEqual({ grade: 1 });
    expect(writingOf(outline(undefined, []))).toEqual({ grade: 1 });
    expect(writingOf(null)).toEqual({ grade: 1 });
  });

  it('on a contracted course, uses the contractions its lessons teach, each once', () => {
    expect(writingOf(outline(2, [['en:the', 'en:and'], ['en:the', 'en:with']]))).toEqual({ grade: 2, contractions: ['en:and', 'en:the', 'en:with'] });
  });

  it('on a contracted course whose lessons list none, uses every contraction (as the server does)', () => {
    expect(writingOf(outline(2, [[], []]))).toEqual({ grade: 2 });
  });
});
