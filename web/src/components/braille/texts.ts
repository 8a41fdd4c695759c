/** Texts of the shared Braille pieces (keyboard, drawn cells), in Arabic and English. */
import { useTranslation } from 'react-i18next';
import type { Code, TableEntry } from './cells';

export type UiLang = 'ar' | 'en';

const en = {
  /** "dots 1 2 5"; one dot: "dot 1". */
  dots: (dots: number[]) => (dots.length === 1 ? `dot ${dots[0]}` : `dots ${dots.join(' ')}`),
  blankCell: 'blank cell',
  space: 'space',
  /** Between the dots and the meaning: "dots 1 2 5, letter h". */
  sep: ', ',
  or: ' or ',
  /** A letter of the code: "letter h"; Arabic letters by name, "letter ba (ب)". */
  letter: (e: TableEntry, code: Code) => (code === 'en' ? `letter ${e.print}` : `letter ${e.name_en} (${e.print})`),
  digit: (e: TableEntry) => `digit ${e.name_en}`,
  name: (e: TableEntry) => e.name_en,
  mirrored: 'as written from the back with a stylus',
  keyboard: {
    help: 'Press F D S J K L together for dots 1 2 3 4 5 6, then release them to write the cell. Space: empty cell. Backspace: delete the last cell.',
    helpSubmit: 'Enter: submit.',
    englishMode: 'The keyboard must be in English mode.',
    pointer: 'Dot buttons',
    pointerHelp: 'Or choose dots with these buttons, then write the cell.',
    dot: (d: number) => `Dot ${d}`,
    write: 'Write cell',
    spaceButton: 'Space',
    deleteButton: 'Delete cell',
    clear: 'Clear',
    chooseDots: 'Choose at least one dot first.',
    deleted: (what: string) => `Deleted: ${what}`,
    nothingToDelete: 'Nothing to delete.',
    cleared: 'Cleared.',
    empty: 'No cells yet.',
    cellCount: (n: number) => (n === 1 ? '1 cell' : `${n} cells`),
  },
};

type Texts = typeof en;

const ar: Texts = {
  dots: (dots: number[]) => (dots.length === 1 ? `النقطة ${dots[0]}` : dots.length === 2 ? `النقطتان ${dots.join(' ')}` : `النقاط ${dots.join(' ')}`),
  blankCell: 'خلية فارغة',
  space: 'مسافة',
  sep: '، ',
  or: ' أو ',
  letter: (e: TableEntry, code: Code) => (code === 'en' ? `الحرف ${e.print}` : `الحرف ${e.name_ar}`),
  digit: (e: TableEntry) => `الرقم ${e.name_ar}`,
  name: (e: TableEntry) => e.name_ar,
  mirrored: 'كما تُكتب بالقلم من الخلف',
  keyboard: {
    help: 'اضغط المفاتيح F D S J K L معًا للنقاط 1 2 3 4 5 6، ثم ارفع أصابعك لكتابة الخلية. المسافة: خلية فارغة. Backspace: حذف آخر خلية.',
    helpSubmit: 'Enter: إرسال.',
    englishMode: 'يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.',
    pointer: 'أزرار النقاط',
    pointerHelp: 'أو اختر النقاط بهذه الأزرار ثم اكتب الخلية.',
    dot: (d: number) => `النقطة ${d}`,
    write: 'اكتب الخلية',
    spaceButton: 'مسافة',
    deleteButton: 'احذف خلية',
    clear: 'امسح الكل',
    chooseDots: 'اختر نقطة واحدة على الأقل أولًا.',
    deleted: (what: string) => `حُذفت: ${what}`,
    nothingToDelete: 'لا شيء لحذفه.',
    cleared: 'مُسحت الخلايا.',
    empty: 'لا توجد خلايا بعد.',
    cellCount: (n: number) => (n === 1 ? 'خلية واحدة' : n === 2 ? 'خليتان' : n <= 10 ? `${n} خلايا` : `${n} خلية`),
  },
};

export type BrailleTexts = Texts;

export function brailleTexts(lang: string): Texts {
  return lang === 'en' ? en : ar;
}

export function useBrailleTexts(): Texts {
  const { i18n } = useTranslation();
  return brailleTexts(i18n.language);
}

export function useUiLang(): UiLang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}
