import { Page } from '@/components/Page';
import { usePick } from '../components/useLang';

export function AboutPlatformPage() {
  const p = usePick();
  return (
    <Page title={p('عن المنصة', 'About the platform')}>
      <p className="lead">
        {p(
          '«لمسة» اسم يصف طريقة القراءة التي نعلّمها: أطراف الأصابع تلمس النقاط البارزة فتقرأ. المنصة تجمع الدروس والتدريب والتقييم في مكان واحد يمكن الوصول إليه بالكامل.',
          '“Lamsa” means “a touch” in Arabic: the way Braille is read, with fingertips on raised dots. The platform brings lessons, practice and assessment together in one fully accessible place.',
        )}
      </p>
      <section aria-labelledby="who-heading">
        <h2 id="who-heading">{p('لمن المنصة', 'Who it is for')}</h2>
        <ul>
          <li>{p('المتدرّبون: المكفوفون وضعاف البصر من كل الأعمار، وأفراد أسرهم والمهتمون بتعلّم برايل.', 'Students: blind and low-vision people of all ages, their families and anyone who wants to learn Braille.')}</li>
          <li>{p('المدرّبون: يُنشئون الدورات والاختبارات، ويتابعون المتدرّبين ويجيبون عن أسئلتهم.', 'Instructors: they create courses and assessments, follow their students and answer their questions.')}</li>
          <li>{p('مشرفو الجمعية: يعتمدون الدورات، ويقرّرون في طلبات الإيقاف والشهادات، ويتواصلون مع الجميع.', 'Society supervisors: they accredit courses, decide on stop and certificate requests and keep in touch with everyone.')}</li>
        </ul>
      </section>
      <section aria-labelledby="how-heading">
        <h2 id="how-heading">{p('كيف تتعلّم', 'How you learn')}</h2>
        <p>
          {p(
            'كل دورة مقسّمة إلى فصول، وكل فصل إلى دروس فيها شرح وقاعدة وجدول حروف وكلمات للتدريب، مع ملفات صوتية ومقاطع فيديو عند الحاجة. بعد الدرس تمارين قصيرة، وبعد الفصل اختبار، وفي النهاية اختبار نهائي. لا يُفتح اختبار الفصل قبل إنهاء تمارين دروسه، ولا يُفتح الاختبار النهائي قبل اختبارات الفصول.',
            'Each course is divided into chapters and each chapter into lessons with an explanation, a rule, a table of letters and practice words, with audio and video where it helps. Short exercises follow each lesson, an assessment closes each chapter and a final assessment ends the course. A chapter assessment opens only after its lesson exercises, and the final assessment only after the chapter assessments.',
          )}
        </p>
        <p>
          {p(
            'تكتب إجاباتك بلوحة مفاتيح برايل ذات المفاتيح الستة: F وD وS للنقاط 1 و2 و3، وJ وK وL للنقاط 4 و5 و6. ومن أنواع الأسئلة كتابة كلمات وجمل ببرايل أو بالنص، واختيار مجموعة الخلايا المتشابهة للحرف نفسه.',
            'You answer with the six-key Braille keyboard: F, D and S for dots 1, 2 and 3, and J, K and L for dots 4, 5 and 6. Questions include writing words and sentences in Braille or as text, and picking the group of similar cells for the same letter.',
          )}
        </p>
      </section>
      <section aria-labelledby="access-heading">
        <h2 id="access-heading">{p('إتاحة الوصول أولًا', 'Accessibility first')}</h2>
        <p>
          {p(
            'العربية هي اللغة الافتراضية مع اتجاه من اليمين إلى اليسار، والإنجليزية متاحة بزر واحد. تعمل المنصة بقارئات الشاشة وأسطر برايل ولوحة المفاتيح، وتتيح وضعًا داكنًا وألوانًا عالية التباين لضعاف البصر.',
            'Arabic is the default language, right to left; English is one button away. The platform works with screen readers, Braille displays and the keyboard, and offers a dark theme and high-contrast colours for low-vision users.',
          )}
        </p>
      </section>
    </Page>
  );
}
