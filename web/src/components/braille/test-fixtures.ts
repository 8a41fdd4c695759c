/** Small extracts of the engine's reference tables (same shape as GET /api/braille/table), for unit tests. */
import { dotsToUnicode, type BrailleTable, type EntryKind, type TableEntry } from './cells';

function entry(print: string, kind: EntryKind, nameEn: string, nameAr: string, ...cells: number[][]): TableEntry {
  return {
    print,
    kind,
    name: nameEn,
    name_en: nameEn,
    name_ar: nameAr,
    cells: cells.map((dots) => ({ unicode: dotsToUnicode(dots), dots, meaning: null })),
  };
}

export const EN_TABLE: BrailleTable = {
  lang: 'en',
  entries: [
    entry('a', 'letter', 'letter a', 'الحرف a', [1]),
    entry('b', 'letter', 'letter b', 'الحرف b', [1, 2]),
    entry('c', 'letter', 'letter c', 'الحرف c', [1, 4]),
    entry('e', 'letter', 'letter e', 'الحرف e', [1, 5]),
    entry('h', 'letter', 'letter h', 'الحرف h', [1, 2, 5]),
    entry('i', 'letter', 'letter i', 'الحرف i', [2, 4]),
    entry('j', 'letter', 'letter j', 'الحرف j', [2, 4, 5]),
    entry('1', 'digit', 'one', 'واحد', [3, 4, 5, 6], [1]),
    entry('2', 'digit', 'two', 'اثنان', [3, 4, 5, 6], [1, 2]),
    entry('3', 'digit', 'three', 'ثلاثة', [3, 4, 5, 6], [1, 4]),
    entry('5', 'digit', 'five', 'خمسة', [3, 4, 5, 6], [1, 5]),
    entry('0', 'digit', 'zero', 'صفر', [3, 4, 5, 6], [2, 4, 5]),
    entry(',', 'punctuation', 'comma', 'فاصلة', [2]),
    entry('.', 'punctuation', 'full stop', 'نقطة', [2, 5, 6]),
    entry('?', 'punctuation', 'question mark', 'علامة استفهام', [2, 3, 6]),
    entry('“', 'punctuation', 'opening quotation mark', 'علامة تنصيص افتتاحية', [2, 3, 6]),
    entry('', 'indicator', 'capital letter', 'حرف كبير', [6]),
    entry('', 'indicator', 'numeric indicator', 'علامة الرقم', [3, 4, 5, 6]),
    entry('', 'indicator', 'grade 1 indicator', 'مؤشر المستوى الأول', [5, 6]),
  ],
};

export const AR_TABLE: BrailleTable = {
  lang: 'ar',
  entries: [
    entry('ا', 'letter', 'alef', 'ألف', [1]),
    entry('ب', 'letter', 'ba', 'باء', [1, 2]),
    entry('ه', 'letter', 'ha', 'هاء', [1, 2, 5]),
    entry('١', 'digit', 'one', 'واحد', [3, 4, 5, 6], [1]),
    entry('\u0651', 'tashkeel', 'shadda (written before its letter)', 'شدة (تكتب قبل الحرف)', [6]),
    entry('؟', 'punctuation', 'question mark', 'علامة استفهام', [2, 3, 6]),
    entry('(', 'punctuation', 'opening parenthesis', 'قوس افتتاحي', [2, 3, 6]),
    entry('', 'indicator', 'number sign', 'علامة الرقم', [3, 4, 5, 6]),
    entry('', 'indicator', 'capital sign (Latin letter)', 'علامة الحرف الكبير (لاتيني)', [6]),
  ],
};
