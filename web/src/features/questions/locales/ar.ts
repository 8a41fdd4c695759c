/** النصوص العربية لصفحات الأسئلة (المتدرّب والمدرّب). */
import type { Translation } from '@/lib/i18n';
import type en from './en';

const ar: Translation<typeof en> = {
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
  counts: 'عدد الأسئلة: {{count}}، بانتظار الإجابة: {{open}}',
  listHeading: 'الأسئلة',
  noneInstructor: 'لا توجد أسئلة من المتدرّبين بعد.',
  noneUnanswered: 'لا توجد أسئلة بانتظار الإجابة. أحسنت!',
  from: 'سؤال من <bdi>{{name}}</bdi>',
  yourAnswer: 'إجابتك',
  sendAnswer: 'إرسال الإجابة',
};

export default ar;
