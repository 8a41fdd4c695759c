/** Texts of the Braille translator, in Arabic and English. */
import { useTranslation } from 'react-i18next';
import type { Code } from '@/components/braille/cells';

const en = {
  title: 'Braille translator',
  intro:
    'Type Arabic or English text to see it in Braille, or write Braille with the six-key keyboard to read it as text. Arabic follows the unified Arabic Braille code and English follows Unified English Braille, grade 1 (uncontracted).',
  learnLink: 'Learn the Braille alphabet',
  direction: 'What do you want to translate?',
  toBraille: 'Text to Braille',
  toText: 'Braille to text',
  code: 'Braille code',
  auto: 'Automatic, from the script of the text',
  detected: (name: string) => `(now: ${name})`,
  codeName: { ar: 'Arabic', en: 'English' } as Record<Code, string>,
  codeOption: { ar: 'Arabic', en: 'English (UEB grade 1)' } as Record<Code, string>,
  textLabel: 'Text to translate',
  textHint: 'The Braille appears under “Result” as you type.',
  count: (n: number, max: number) => `${n.toLocaleString('en')} of ${max.toLocaleString('en')} characters`,
  keyboardLabel: 'Braille to translate',
  keyboardHint: 'The text appears under “Result” as you write. Press Enter to hear it.',
  result: 'Result',
  translating: 'Translating…',
  emptyToBraille: 'Type some text and its Braille will appear here.',
  emptyToText: 'Write some Braille cells and their text will appear here.',
  outBraille: 'Braille (Unicode)',
  outText: 'Text',
  outDots: 'Dot numbers',
  copyBraille: 'Copy Braille',
  copyText: 'Copy text',
  copied: 'Copied to the clipboard.',
  copyFailed: 'Copying did not work here. Select the result and press Ctrl+C.',
  downloadBrf: 'Download .brf (Braille ASCII, for embossers)',
  downloadBrailleTxt: 'Download .txt (Unicode Braille)',
  downloadTextTxt: 'Download .txt (text)',
  downloaded: (name: string) => `${name} downloaded.`,
  unknownToBraille: (code: string) => `Characters with no Braille form in the ${code} code (left out)`,
  unknownToText: 'Cells that mean nothing where they stand (left out)',
  unknownItem: (ch: string, what: string, position: number) => `“${ch}” (${what}) at position ${position}`,
  cells: 'Cells',
  cellsNote: 'Each cell is drawn with its six dots numbered: 1 2 3 down the left column, 4 5 6 down the right.',
  cellsShown: (shown: number, total: number) => `The first ${shown} of ${total} cells are drawn; the Unicode Braille above has them all.`,
  line: (n: number) => `Line ${n}`,
  cellCount: (n: number) => (n === 1 ? '1 cell' : `${n} cells`),
  announceBraille: (code: string, cells: string, braille: string | null) =>
    braille === null ? `${code} Braille, ${cells}. The result is below.` : `${code} Braille, ${cells}: ${braille}`,
  announceText: (code: string, text: string) => `Text (${code} code): ${text}`,
  announceUnknown: (n: number, chars: string) => (n === 1 ? ` 1 character has no Braille form: ${chars}.` : ` ${n} characters have no Braille form: ${chars}.`),
  announceUnknownCells: (n: number) => (n === 1 ? ' 1 cell means nothing where it stands.' : ` ${n} cells mean nothing where they stand.`),
  noCells: 'No cells yet.',
  errors: {
    tooLong: (max: number) => `The text is too long: at most ${max.toLocaleString('en')} characters can be translated at once. Please shorten it.`,
    tooMany: 'Too many translations in a short time. Please wait a minute and try again.',
    network: 'The translator could not be reached. Check your connection and try again.',
    failed: 'There was an unexpected error while retrieving data',
  },
};

type Texts = typeof en;

const ar: Texts = {
  title: 'مترجم برايل',
  intro:
    'اكتب نصًا عربيًا أو إنجليزيًا لتراه بطريقة برايل، أو اكتب برايل بلوحة المفاتيح ذات المفاتيح الستة لتقرأه نصًا. يتبع العربي نظام برايل العربي الموحّد، ويتبع الإنجليزي نظام برايل الإنجليزي الموحّد (UEB) من المستوى الأول غير المختصر.',
  learnLink: 'تعلّم أبجدية برايل',
  direction: 'ماذا تريد أن تترجم؟',
  toBraille: 'من نص إلى برايل',
  toText: 'من برايل إلى نص',
  code: 'نظام برايل',
  auto: 'تلقائي، حسب خط النص',
  detected: (name: string) => `(الآن: ${name})`,
  codeName: { ar: 'العربي', en: 'الإنجليزي' },
  codeOption: { ar: 'العربي', en: 'الإنجليزي (UEB المستوى الأول)' },
  textLabel: 'النص المراد ترجمته',
  textHint: 'يظهر برايل تحت «النتيجة» أثناء الكتابة.',
  count: (n: number, max: number) => `${n.toLocaleString('en')} من ${max.toLocaleString('en')} حرف`,
  keyboardLabel: 'برايل المراد ترجمته',
  keyboardHint: 'يظهر النص تحت «النتيجة» أثناء الكتابة. اضغط Enter لتسمعه.',
  result: 'النتيجة',
  translating: 'جارٍ الترجمة…',
  emptyToBraille: 'اكتب نصًا وسيظهر هنا بطريقة برايل.',
  emptyToText: 'اكتب خلايا برايل وسيظهر نصها هنا.',
  outBraille: 'برايل (يونيكود)',
  outText: 'النص',
  outDots: 'أرقام النقاط',
  copyBraille: 'انسخ برايل',
  copyText: 'انسخ النص',
  copied: 'نُسخ إلى الحافظة.',
  copyFailed: 'لم ينجح النسخ هنا. حدّد النتيجة واضغط Ctrl+C.',
  downloadBrf: 'نزّل ملف ‎.brf (برايل ASCII للطابعات)',
  downloadBrailleTxt: 'نزّل ملف ‎.txt (برايل يونيكود)',
  downloadTextTxt: 'نزّل ملف ‎.txt (النص)',
  downloaded: (name: string) => `نُزّل الملف ${name}.`,
  unknownToBraille: (code: string) => `حروف ليس لها شكل في نظام برايل ${code} (لم تُكتب)`,
  unknownToText: 'خلايا لا معنى لها في موضعها (لم تُقرأ)',
  unknownItem: (ch: string, what: string, position: number) => `«${ch}» (${what}) في الموضع ${position}`,
  cells: 'الخلايا',
  cellsNote: 'تُرسم كل خلية بنقاطها الست مرقّمة: 1 2 3 في العمود الأيسر من الأعلى إلى الأسفل، و4 5 6 في العمود الأيمن.',
  cellsShown: (shown: number, total: number) => `رُسمت أول ${shown} خلية من ${total}؛ وبرايل اليونيكود في الأعلى يضمّها كلها.`,
  line: (n: number) => `السطر ${n}`,
  cellCount: (n: number) => (n === 1 ? 'خلية واحدة' : n === 2 ? 'خليتان' : n <= 10 ? `${n} خلايا` : `${n} خلية`),
  announceBraille: (code: string, cells: string, braille: string | null) =>
    braille === null ? `برايل ${code}، ${cells}. النتيجة في الأسفل.` : `برايل ${code}، ${cells}: ${braille}`,
  announceText: (code: string, text: string) => `النص (برايل ${code}): ${text}`,
  announceUnknown: (n: number, chars: string) => (n === 1 ? ` حرف واحد ليس له شكل في برايل: ${chars}.` : ` ${n} حروف ليس لها شكل في برايل: ${chars}.`),
  announceUnknownCells: (n: number) => (n === 1 ? ' خلية واحدة لا معنى لها في موضعها.' : ` ${n} خلايا لا معنى لها في موضعها.`),
  noCells: 'لا توجد خلايا بعد.',
  errors: {
    tooLong: (max: number) => `النص طويل جدًا: يمكن ترجمة ${max.toLocaleString('en')} حرف على الأكثر في المرة الواحدة. يُرجى تقصيره.`,
    tooMany: 'طلبات ترجمة كثيرة في وقت قصير. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
    network: 'تعذّر الوصول إلى المترجم. تحقّق من اتصالك ثم حاول مرة أخرى.',
    failed: 'حدث خطأ غير متوقع أثناء استرجاع البيانات',
  },
};

export type TranslatorTexts = Texts;

export function translatorTexts(lang: string): Texts {
  return lang === 'en' ? en : ar;
}

export function useTranslatorTexts(): Texts {
  const { i18n } = useTranslation();
  return translatorTexts(i18n.language);
}
