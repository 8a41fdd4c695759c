import { Link } from 'react-router';
import { Page } from '@/components/Page';
import { usePick } from '../components/useLang';

export function HomePage() {
  const p = usePick();
  return (
    <Page title={p('لمسة: تعلّم برايل بالعربية والإنجليزية', 'Lamsa: learn Braille in Arabic and English')} docTitle={p('الرئيسية', 'Home')}>
      <p className="lead">
        {p(
          'لمسة منصة تعليمية مجانية تقدّمها الجمعية الخيرية لرعاية المكفوفين، لتعليم طريقة برايل للمكفوفين وضعاف البصر ولأسرهم ومعلّميهم، بالعربية والإنجليزية.',
          'Lamsa is a free learning platform from the Charitable Society for the Care of the Blind. It teaches Braille, in Arabic and English, to blind and low-vision learners, their families and their teachers.',
        )}
      </p>
      <p>
        {p(
          'صُمّمت المنصة أولًا لمن يستخدم قارئ الشاشة أو سطر برايل أو لوحة المفاتيح وحدها: كل ما تراه بالعين تسمعه وتلمسه كذلك.',
          'It is designed first for people who use a screen reader, a Braille display or the keyboard alone: everything on screen can also be heard and felt.',
        )}
      </p>
      <section aria-labelledby="offer-heading">
        <h2 id="offer-heading">{p('ماذا تقدّم لمسة', 'What Lamsa offers')}</h2>
        <ul className="cards">
          <li className="card">
            <h3>{p('دورات متدرّجة', 'Step-by-step courses')}</h3>
            <p>{p('دورات من فصول ودروس، من خلية برايل الأولى حتى قراءة النصوص وكتابتها، يقدّمها مدرّبون معتمدون من الجمعية.', 'Courses made of chapters and lessons, from the first Braille cell to reading and writing whole texts, taught by instructors accredited by the society.')}</p>
          </li>
          <li className="card">
            <h3>{p('لوحة مفاتيح برايل بستة مفاتيح', 'Six-key Braille keyboard')}</h3>
            <p>{p('تدرّب على الكتابة بمفاتيح F وD وS وJ وK وL كما في آلة بيركنز، من لوحة مفاتيح حاسوبك.', 'Practise writing with the keys F, D, S, J, K and L, as on a Perkins brailler, from your own computer keyboard.')}</p>
          </li>
          <li className="card">
            <h3>{p('اختبارات', 'Assessments')}</h3>
            <p>{p('تمارين بعد كل درس، واختبار لكل فصل، واختبار نهائي يقيس ما تعلّمته.', 'Exercises after each lesson, an assessment for each chapter and a final assessment that measures what you have learned.')}</p>
          </li>
          <li className="card">
            <h3>{p('شهادات', 'Certificates')}</h3>
            <p>{p('اطلب شهادة إتمام بعد نجاحك في الدورة، وتكون متاحة خلال 24 ساعة.', 'Request a completion certificate when you pass a course; it is ready within 24 hours.')}</p>
          </li>
          <li className="card">
            <h3>{p('مترجم برايل', 'Braille translator')}</h3>
            <p>{p('حوّل نصًا عربيًا أو إنجليزيًا إلى برايل لتقرأه أو تطبعه.', 'Turn Arabic or English text into Braille to read or emboss.')}</p>
          </li>
        </ul>
      </section>
      <section aria-labelledby="start-heading">
        <h2 id="start-heading">{p('ابدأ التعلّم', 'Start learning')}</h2>
        <p>
          {p('أنشئ حسابًا مجانيًا، ثم اختر دورة تناسب مستواك. يمكنك أيضًا البدء بقراءة ', 'Create a free account, then pick a course at your level. You can also start by reading the ')}
          <Link to="/instructions">{p('تعليمات برايل', 'Braille instructions')}</Link>
          {p('.', '.')}
        </p>
        <p className="actions">
          <Link className="btn btn-primary" to="/register">
            {p('أنشئ حسابًا', 'Create an account')}
          </Link>
          <Link className="btn btn-secondary" to="/about-platform">
            {p('اعرف المزيد عن المنصة', 'More about the platform')}
          </Link>
        </p>
      </section>
    </Page>
  );
}
