/** Arabic texts of the news feature (namespace `news`). */
import type { NewsTexts } from './en';

const ar: NewsTexts = {
  title: 'الأخبار',
  intro: 'أخبار الجمعية والدورات الجديدة.',
  loading: 'جارٍ تحميل الأخبار…',
  loadError: 'تعذّر الوصول إلى البيانات',
  empty: 'لا توجد أخبار بعد.',
  emptyMore: 'ستُنشر هنا أخبار الجمعية والدورات الجديدة.',
  published: 'نُشر في {{date}}',
  readMore: 'اقرأ المزيد',
  readMoreAbout: 'اقرأ المزيد: {{title}}',
  link: 'رابط ذو صلة',
  back: 'العودة إلى كل الأخبار',
  notFound: 'هذا الخبر غير موجود أو غير منشور.',
  pages: 'صفحات الأخبار',
  previous: 'الصفحة السابقة',
  next: 'الصفحة التالية',
  pageOf: 'الصفحة {{page}} من {{pages}}',
  latest: 'آخر الأخبار',
  allNews: 'كل الأخبار',
  feed: 'موجز الأخبار (Atom)',
  feedHint: 'تابع الأخبار في قارئ الموجزات.',
};
export default ar;
