/** Arabic texts of the contact feature (namespace `contact`). */
import type { ContactTexts } from './en';

const ar: ContactTexts = {
  title: 'اتصل بنا',
  intro: 'يسعدنا سماع أسئلتكم واقتراحاتكم، وخاصة أي مشكلة في استخدام المنصة مع قارئ الشاشة أو سطر برايل. نردّ عادة بالبريد الإلكتروني خلال يومي عمل.',
  formHeading: 'أرسل إلينا رسالة',
  allRequired: 'كل الحقول مطلوبة.',
  name: 'اسمك',
  nameHint: 'حتى {{max}} حرفًا.',
  email: 'بريدك الإلكتروني',
  emailHint: 'سنردّ على هذا العنوان.',
  subject: 'الموضوع',
  subjectHint: 'حتى {{max}} حرفًا.',
  message: 'الرسالة',
  messageHint: 'حتى {{max}} حرف.',
  used: 'استُخدم {{count}} من {{max}} حرف.',
  honeypot: 'اترك هذا الحقل فارغًا',
  send: 'أرسل الرسالة',
  sending: 'جارٍ الإرسال…',
  sent: 'تم إرسال الرسالة',
  sentMore: 'أرسلنا تأكيدًا إلى {{email}}، وسنردّ على هذا العنوان.',
  another: 'اكتب رسالة أخرى',
  errors: {
    required: 'هذا الحقل مطلوب',
    email: 'أدخل بريدًا إلكترونيًا صحيحًا',
    tooLong: 'استخدم {{max}} حرفًا على الأكثر',
    summary: 'لم تُرسل الرسالة. يُرجى تصحيح الحقول المشار إليها.',
    failed: 'حدثت مشكلة أثناء إرسال بياناتك',
  },
  learnersHeading: 'للمتدرّبين',
  learners: 'إذا كان لديك حساب، فاسأل مدرّبك من داخل الدورة، أو راجع صفحة المساعدة في لوحة التحكم.',
};
export default ar;
