/** Texts of the question pages (student and instructor). Names sit in <bdi>, so an Arabic name
 * in an English sentence (or the reverse) keeps its own direction. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const en = {
  studentTitle: 'My questions',
  studentIntro: 'Ask the instructor of a course you are enrolled in. When the instructor answers, the answer appears here straight away.',
  askHeading: 'Ask a question',
  course: 'Course',
  lesson: 'Lesson',
  wholeCourse: 'The whole course (no particular lesson)',
  lessonHint: 'Choose a lesson if your question is about one.',
  question: 'Your question',
  textHint: 'Up to 2000 characters.',
  send: 'Send question',
  notEnrolled: 'You are not enrolled in any course yet, so there is no instructor to ask. Enrol in a course first.',
  discover: 'Discover courses',
  mineHeading: 'Your questions',
  noneMine: 'You have not asked any questions yet.',
  answered: 'Answered',
  waiting: 'Waiting for an answer',
  askedOn: 'Asked',
  answeredOn: 'Answered',
  answerLabel: 'The instructor’s answer',
  lessonLabel: 'Lesson:',
  instructorTitle: "Students' questions",
  instructorIntro: 'Questions your students ask about your courses. New questions appear here as they are asked.',
  onlyUnanswered: 'Show unanswered questions only',
  counts: (all: number, open: number) => `${all} ${all === 1 ? 'question' : 'questions'}, ${open} unanswered`,
  listHeading: 'Questions',
  noneInstructor: 'No questions from students yet.',
  noneUnanswered: 'No unanswered questions. Well done!',
  from: (name: string): ReactNode => (
    <>
      Question from <bdi>{name}</bdi>
    </>
  ),
  yourAnswer: 'Your answer',
  sendAnswer: 'Send answer',
};

type Texts = typeof en;

const ar: Texts = {
  studentTitle: 'أسئلتي',
  studentIntro: 'اسأل مدرّب دورة أنت مسجّل فيها. عندما يجيب المدرّب تظهر الإجابة هنا فورًا.',
  askHeading: 'اطرح سؤالًا',
  course: 'الدورة',
  lesson: 'الدرس',
  wholeCourse: 'الدورة كلها (لا درس بعينه)',
  lessonHint: 'اختر درسًا إذا كان سؤالك عنه.',
  question: 'سؤالك',
  textHint: 'حتى 2000 حرف.',
  send: 'إرسال السؤال',
  notEnrolled: 'لم تسجّل في أي دورة بعد، فلا يوجد مدرّب تسأله. سجّل في دورة أولًا.',
  discover: 'اكتشف الدورات',
  mineHeading: 'أسئلتك',
  noneMine: 'لم تطرح أي سؤال بعد.',
  answered: 'تمت الإجابة',
  waiting: 'بانتظار الإجابة',
  askedOn: 'طُرح في',
  answeredOn: 'أُجيب في',
  answerLabel: 'إجابة المدرّب',
  lessonLabel: 'الدرس:',
  instructorTitle: 'أسئلة المتدرّبين',
  instructorIntro: 'أسئلة متدرّبيك عن دوراتك. تظهر الأسئلة الجديدة هنا فور طرحها.',
  onlyUnanswered: 'عرض الأسئلة التي لم تُجب فقط',
  counts: (all, open) => `عدد الأسئلة: ${all}، بانتظار الإجابة: ${open}`,
  listHeading: 'الأسئلة',
  noneInstructor: 'لا توجد أسئلة من المتدرّبين بعد.',
  noneUnanswered: 'لا توجد أسئلة بانتظار الإجابة. أحسنت!',
  from: (name) => (
    <>
      سؤال من <bdi>{name}</bdi>
    </>
  ),
  yourAnswer: 'إجابتك',
  sendAnswer: 'إرسال الإجابة',
};

export function useQuestionTexts(): Texts & { lang: 'ar' | 'en' } {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ar';
  return { ...(lang === 'en' ? en : ar), lang };
}
