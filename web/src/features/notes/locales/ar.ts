/** النصوص العربية لصفحات الملاحظات وصفحات تواصل المشرف. `<bdi>` يحفظ اتجاه الاسم. */
import type { Translation } from '@/lib/i18n';
import type en from './en';

const ar: Translation<typeof en> = {
  notesTitle: 'ملاحظات المشرف',
  notesIntro: 'ملاحظات يرسلها إليك مشرفو الجمعية. يمكنك الرد على كل ملاحظة، وتظهر الملاحظات الجديدة والردود هنا فورًا.',
  noNotes: 'لا توجد ملاحظات من المشرفين بعد.',
  from: 'ملاحظة من <bdi>{{name}}</bdi>',
  to: 'ملاحظة إلى <bdi>{{name}}</bdi>',
  sentOn: 'أُرسلت في',
  replies: 'الردود',
  yourReply: 'ردّك',
  sendReply: 'إرسال الرد',
  you: 'أنت',
  contactTitle: { instructor: 'التواصل مع المدرّبين', student: 'التواصل مع المتدرّبين' },
  contactIntro: {
    instructor: 'ابحث عن مدرّب بكتابة @ متبوعة بجزء من اسمه أو بريده الإلكتروني، ثم أرسل إليه ملاحظة. تظهر الردود أدناه فور كتابتها.',
    student: 'ابحث عن متدرّب بكتابة @ متبوعة بجزء من اسمه أو بريده الإلكتروني، ثم أرسل إليه ملاحظة. تظهر الردود أدناه فور كتابتها.',
  },
  searchHeading: { instructor: 'البحث عن مدرّب', student: 'البحث عن متدرّب' },
  searchLabel: { instructor: 'ابحث عن مدرّب', student: 'ابحث عن متدرّب' },
  searchHint: 'اكتب <ltr>@</ltr> أولًا، مثل <ltr>@sara</ltr> أو <ltr>@sara@example.com</ltr>، ثم اضغط Enter أو زر البحث.',
  searchNeedsAt: 'اكتب @ أولًا ثم جزءًا من الاسم أو البريد الإلكتروني للبحث',
  search: 'بحث',
  searching: 'جارٍ البحث…',
  resultsHeading: 'نتائج البحث',
  found: 'عدد النتائج: {{count}}',
  noneFound: 'لا يوجد أحد يطابق هذا البحث.',
  writeTo: 'اكتب ملاحظة إلى <bdi>{{name}}</bdi>',
  composeHeading: 'ملاحظة جديدة إلى <bdi>{{name}}</bdi>',
  note: 'الملاحظة',
  noteHint: 'حتى 2000 حرف.',
  sendNote: 'إرسال الملاحظة',
  cancel: 'إلغاء',
  sentHeading: 'ملاحظاتك وردودها',
  sentIntro: 'كل الملاحظات التي أرسلتها إلى المدرّبين والمتدرّبين، مع الردود عليها.',
  noneSent: 'لم ترسل أي ملاحظة بعد.',
};

export default ar;
