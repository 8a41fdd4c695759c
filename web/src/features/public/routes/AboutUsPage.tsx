import { Page } from '@/components/Page';
import { usePick } from '../components/useLang';

export function AboutUsPage() {
  const p = usePick();
  return (
    <Page title={p('عن الجمعية', 'About the society')}>
      <p className="lead">
        {p(
          'الجمعية الخيرية لرعاية المكفوفين جمعية غير ربحية تعمل مع المكفوفين وضعاف البصر وأسرهم، لتمكينهم من التعليم والعمل والحياة المستقلة.',
          'The Charitable Society for the Care of the Blind is a non-profit society that works with blind and low-vision people and their families, so that they can learn, work and live independently.',
        )}
      </p>
      <section aria-labelledby="mission-heading">
        <h2 id="mission-heading">{p('رسالتنا', 'Our mission')}</h2>
        <p>
          {p(
            'نؤمن بأن القراءة والكتابة حق لكل إنسان. وبرايل هو مفتاح هذا الحق للمكفوفين: به يقرؤون الكتب ويكتبون ملاحظاتهم ويستخدمون أسطر برايل مع الحاسوب والهاتف.',
            'We believe reading and writing are everyone’s right. For blind people, Braille is the key to that right: with it they read books, write notes and use Braille displays with computers and phones.',
          )}
        </p>
      </section>
      <section aria-labelledby="work-heading">
        <h2 id="work-heading">{p('ماذا نفعل', 'What we do')}</h2>
        <ul>
          <li>{p('تعليم برايل بالعربية والإنجليزية للأطفال والكبار، حضوريًا وعبر منصة لمسة.', 'Teach Braille in Arabic and English to children and adults, in person and through Lamsa.')}</li>
          <li>{p('تدريب المعلّمين وأفراد الأسر على دعم المتعلّمين المكفوفين.', 'Train teachers and family members to support blind learners.')}</li>
          <li>{p('إصدار شهادات إتمام معتمدة من الجمعية للدورات.', 'Issue completion certificates for courses, accredited by the society.')}</li>
          <li>{p('التوعية بإتاحة الوصول الرقمي ومساعدة الجهات على جعل خدماتها متاحة للجميع.', 'Raise awareness of digital accessibility and help organisations make their services usable by everyone.')}</li>
        </ul>
      </section>
      <section aria-labelledby="why-heading">
        <h2 id="why-heading">{p('لماذا لمسة', 'Why Lamsa')}</h2>
        <p>
          {p(
            'كثير من المتعلّمين لا يستطيعون الوصول إلى مراكز التدريب. أطلقت الجمعية لمسة لتصل دروس برايل إلى كل بيت، مع مدرّبين يتابعون المتعلّمين ويجيبون عن أسئلتهم.',
            'Many learners cannot reach a training centre. The society launched Lamsa to bring Braille lessons into every home, with instructors who follow learners and answer their questions.',
          )}
        </p>
      </section>
    </Page>
  );
}
