/** النصوص العربية لأجزاء برايل المشتركة: لوحة المفاتيح السداسية وأسماء الخلايا. */
import type { Translation } from '@/lib/i18n';
import type en from './en';

const ar: Translation<typeof en> = {
  dots_zero: 'النقاط {{dots}}',
  dots_one: 'النقطة {{dots}}',
  dots_two: 'النقطتان {{dots}}',
  dots_few: 'النقاط {{dots}}',
  dots_many: 'النقاط {{dots}}',
  dots_other: 'النقاط {{dots}}',
  blankCell: 'خلية فارغة',
  space: 'مسافة',
  sep: '، ',
  or: ' أو ',
  letterLatin: 'الحرف {{print}}',
  letterArabic: 'الحرف {{name}}',
  digit: 'الرقم {{name}}',
  mirrored: 'كما تُكتب بالقلم من الخلف',
  keyboard: {
    help: 'اضغط المفاتيح F D S J K L معًا للنقاط 1 2 3 4 5 6، ثم ارفع أصابعك لكتابة الخلية. المسافة: خلية فارغة. Backspace: حذف آخر خلية.',
    helpSubmit: 'Enter: إرسال.',
    englishMode: 'يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.',
    pointer: 'أزرار النقاط',
    pointerHelp: 'أو اختر النقاط بهذه الأزرار ثم اكتب الخلية.',
    dot: 'النقطة {{dot}}',
    write: 'اكتب الخلية',
    spaceButton: 'مسافة',
    deleteButton: 'احذف خلية',
    clear: 'امسح الكل',
    chooseDots: 'اختر نقطة واحدة على الأقل أولًا.',
    deleted: 'حُذفت: {{what}}',
    nothingToDelete: 'لا شيء لحذفه.',
    cleared: 'مُسحت الخلايا.',
    empty: 'لا توجد خلايا بعد.',
    cellCount_zero: '{{count}} خلية',
    cellCount_one: 'خلية واحدة',
    cellCount_two: 'خليتان',
    cellCount_few: '{{count}} خلايا',
    cellCount_many: '{{count}} خلية',
    cellCount_other: '{{count}} خلية',
  },
};

export default ar;
