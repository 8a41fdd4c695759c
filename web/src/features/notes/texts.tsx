/** Texts of the notes pages (recipients) and the supervisor's contact pages. Names sit in <bdi>,
 * so an Arabic name in an English sentence (or the reverse) keeps its own direction. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Who = 'instructor' | 'student';

const en = {
  notesTitle: 'Supervisor notes',
  notesIntro: 'Notes that the society’s supervisors send you. You can reply to each one; new notes and replies appear here straight away.',
  noNotes: 'No notes from supervisors yet.',
  from: (name: string): ReactNode => (
    <>
      Note from <bdi>{name}</bdi>
    </>
  ),
  to: (name: string): ReactNode => (
    <>
      Note to <bdi>{name}</bdi>
    </>
  ),
  sentOn: 'Sent',
  replies: 'Replies',
  yourReply: 'Your reply',
  sendReply: 'Send reply',
  you: 'You',
  contactTitle: { instructor: 'Contact instructors', student: 'Contact students' } as Record<Who, string>,
  contactIntro: {
    instructor: 'Find an instructor by typing @ followed by part of the name or e-mail, then send a note. Replies appear below as soon as they are written.',
    student: 'Find a student by typing @ followed by part of the name or e-mail, then send a note. Replies appear below as soon as they are written.',
  } as Record<Who, string>,
  searchHeading: { instructor: 'Find an instructor', student: 'Find a student' } as Record<Who, string>,
  searchLabel: { instructor: 'Search for an instructor', student: 'Search for a student' } as Record<Who, string>,
  searchHint: (
    <>
      Type @ first, for example <bdi dir="ltr">@sara</bdi> or <bdi dir="ltr">@sara@example.com</bdi>, then press Enter or the Search button.
    </>
  ) as ReactNode,
  searchNeedsAt: 'Type @ first, then part of the name or e-mail, to search',
  search: 'Search',
  searching: 'Searching…',
  resultsHeading: 'Search results',
  found: (n: number) => (n === 1 ? '1 person found' : `${n} people found`),
  noneFound: 'Nobody matches this search.',
  writeTo: (name: string): ReactNode => (
    <>
      Write a note to <bdi>{name}</bdi>
    </>
  ),
  composeHeading: (name: string): ReactNode => (
    <>
      New note to <bdi>{name}</bdi>
    </>
  ),
  note: 'Note',
  noteHint: 'Up to 2000 characters.',
  sendNote: 'Send note',
  cancel: 'Cancel',
  sentHeading: 'Your notes and their replies',
  sentIntro: 'Every note you have sent, to instructors and students, with the replies.',
  noneSent: 'You have not sent any notes yet.',
};

type Texts = typeof en;

const ar: Texts = {
  notesTitle: 'ملاحظات المشرف',
  notesIntro: 'ملاحظات يرسلها إليك مشرفو الجمعية. يمكنك الرد على كل ملاحظة، وتظهر الملاحظات الجديدة والردود هنا فورًا.',
  noNotes: 'لا توجد ملاحظات من المشرفين بعد.',
  from: (name) => (
    <>
      ملاحظة من <bdi>{name}</bdi>
    </>
  ),
  to: (name) => (
    <>
      ملاحظة إلى <bdi>{name}</bdi>
    </>
  ),
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
  searchHint: (
    <>
      اكتب <bdi dir="ltr">@</bdi> أولًا، مثل <bdi dir="ltr">@sara</bdi> أو <bdi dir="ltr">@sara@example.com</bdi>، ثم اضغط Enter أو زر البحث.
    </>
  ),
  searchNeedsAt: 'اكتب @ أولًا ثم جزءًا من الاسم أو البريد الإلكتروني للبحث',
  search: 'بحث',
  searching: 'جارٍ البحث…',
  resultsHeading: 'نتائج البحث',
  found: (n) => `عدد النتائج: ${n}`,
  noneFound: 'لا يوجد أحد يطابق هذا البحث.',
  writeTo: (name) => (
    <>
      اكتب ملاحظة إلى <bdi>{name}</bdi>
    </>
  ),
  composeHeading: (name) => (
    <>
      ملاحظة جديدة إلى <bdi>{name}</bdi>
    </>
  ),
  note: 'الملاحظة',
  noteHint: 'حتى 2000 حرف.',
  sendNote: 'إرسال الملاحظة',
  cancel: 'إلغاء',
  sentHeading: 'ملاحظاتك وردودها',
  sentIntro: 'كل الملاحظات التي أرسلتها إلى المدرّبين والمتدرّبين، مع الردود عليها.',
  noneSent: 'لم ترسل أي ملاحظة بعد.',
};

export function useNoteTexts(): Texts & { lang: 'ar' | 'en' } {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  return { ...(lang === 'en' ? en : ar), lang };
}
