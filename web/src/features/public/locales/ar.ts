/** النصوص العربية للصفحة الرئيسية (لصفحتي «من نحن» وتعليمات برايل نطاقان خاصان بهما، `about` و`instructions`). */
import type { Translation } from '@/lib/i18n';
import type en from './en';

const ar: Translation<typeof en> = {
  homePage: {
    lamsaLearnBrailleArabic: 'لمسة: تعلّم برايل بالعربية والإنجليزية',
    home: 'الرئيسية',
    lamsaFreeLearningPlatform: 'لمسة منصة تعليمية مجانية تقدّمها الجمعية الخيرية لرعاية المكفوفين، لتعليم طريقة برايل للمكفوفين وضعاف البصر ولأسرهم ومعلّميهم، بالعربية والإنجليزية.',
    designedFirstPeopleWho: 'صُمّمت المنصة أولًا لمن يستخدم قارئ الشاشة أو سطر برايل أو لوحة المفاتيح وحدها: كل ما تراه بالعين تسمعه وتلمسه كذلك.',
    whatLamsaOffers: 'ماذا تقدّم لمسة',
    stepStepCourses: 'دورات متدرّجة',
    coursesMadeChaptersLessons: 'دورات من فصول ودروس، من خلية برايل الأولى حتى قراءة النصوص وكتابتها، يقدّمها مدرّبون معتمدون من الجمعية.',
    sixKeyBrailleKeyboard: 'لوحة مفاتيح برايل بستة مفاتيح',
    practiseWritingKeysF: 'تدرّب على الكتابة بمفاتيح F وD وS وJ وK وL كما في آلة بيركنز، من لوحة مفاتيح حاسوبك.',
    assessments: 'اختبارات',
    exercisesAfterEachLesson: 'تمارين بعد كل درس، واختبار لكل فصل، واختبار نهائي يقيس ما تعلّمته.',
    certificates: 'شهادات',
    requestCompletionCertificateWhen: 'اطلب شهادة إتمام بعد نجاحك في الدورة، وتكون متاحة خلال 24 ساعة.',
    brailleTranslator: 'مترجم برايل',
    turnArabicEnglishText: 'حوّل نصًا عربيًا أو إنجليزيًا إلى برايل لتقرأه أو تطبعه.',
    startLearning: 'ابدأ التعلّم',
    createFreeAccountThen: 'أنشئ حسابًا مجانيًا، ثم اختر دورة تناسب مستواك. يمكنك أيضًا البدء بقراءة ',
    brailleInstructions: 'تعليمات برايل',
    text: '.',
    createAccount: 'أنشئ حسابًا',
    moreAboutPlatform: 'اعرف المزيد عن المنصة',
  },
};

export default ar;
