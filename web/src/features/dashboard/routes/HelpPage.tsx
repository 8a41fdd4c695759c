import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';

const KEYS: Array<[string, number]> = [
  ['F', 1],
  ['D', 2],
  ['S', 3],
  ['J', 4],
  ['K', 5],
  ['L', 6],
];

export function HelpPage() {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  return (
    <Page title={en ? 'Help' : 'المساعدة'}>
      {en ? (
        <>
          <section aria-labelledby="help-sr">
            <h2 id="help-sr">Using Lamsa with a screen reader</h2>
            <p>
              Lamsa is built to be used with NVDA, JAWS, VoiceOver and TalkBack, with a Braille display and with the keyboard alone. Every page has
              one main heading; after you follow a link, focus moves to that heading so your screen reader tells you where you are.
            </p>
            <ul>
              <li>Press the heading key (H in NVDA and JAWS browse mode, VO+Command+H in VoiceOver) to move between sections.</li>
              <li>Use the landmarks list (D in NVDA, VO+U in VoiceOver) to reach the dashboard menu, the account bar and the main content.</li>
              <li>Errors in a form are read out as soon as they appear, and focus moves to the first field that needs correcting.</li>
            </ul>
          </section>
          <section aria-labelledby="help-kb">
            <h2 id="help-kb">Using the keyboard</h2>
            <ul>
              <li>Tab and Shift+Tab move between links, buttons and fields; Enter follows a link; Space or Enter presses a button.</li>
              <li>The first Tab on any page reaches “Skip to main content”.</li>
              <li>Menus open with Enter or Space and close with Escape; focus returns to the menu button.</li>
              <li>The language button switches between Arabic and English; the theme button switches between light and dark.</li>
            </ul>
          </section>
          <section aria-labelledby="help-braille">
            <h2 id="help-braille">The six-key Braille keyboard</h2>
            <p>
              In exercises and assessments you type Braille with six keys of your computer keyboard, as on a Perkins brailler. Press the keys of a
              cell together, then release them to write it. Your keyboard must be in English mode.
            </p>
            <table className="keys-table">
              <caption>Keys and Braille dots</caption>
              <thead>
                <tr>
                  <th scope="col">Key</th>
                  <th scope="col">Dot</th>
                </tr>
              </thead>
              <tbody>
                {KEYS.map(([k, d]) => (
                  <tr key={k}>
                    <td>{k}</td>
                    <td>{d}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>Space writes an empty cell and Backspace deletes the last cell.</p>
          </section>
          <section aria-labelledby="help-cert">
            <h2 id="help-cert">Assessments and certificates</h2>
            <p>
              A chapter assessment opens after you finish the lesson exercises of that chapter, and the final assessment opens after the chapter
              assessments. When you have finished a course you can request a certificate; it is available within 24 hours of your request.
            </p>
          </section>
          <section aria-labelledby="help-contact">
            <h2 id="help-contact">Contact</h2>
            <p>
              If something does not work with your screen reader or Braille display, please tell us: write to{' '}
              <a href="mailto:contact@lamsa.example" dir="ltr">
                contact@lamsa.example
              </a>
              .
            </p>
          </section>
        </>
      ) : (
        <>
          <section aria-labelledby="help-sr">
            <h2 id="help-sr">استخدام لمسة مع قارئ الشاشة</h2>
            <p>
              صُمّمت لمسة لتُستخدم مع قارئات الشاشة مثل NVDA وJAWS وVoiceOver وTalkBack، ومع أسطر برايل الإلكترونية، وبلوحة المفاتيح وحدها. في كل
              صفحة عنوان رئيسي واحد، وبعد اتباع أي رابط ينتقل التركيز إلى ذلك العنوان ليخبرك قارئ الشاشة بمكانك.
            </p>
            <ul>
              <li>اضغط مفتاح العناوين (H في وضع التصفح في NVDA وJAWS، أو VO+Command+H في VoiceOver) للتنقل بين الأقسام.</li>
              <li>استخدم قائمة المعالم (D في NVDA، أو VO+U في VoiceOver) للوصول إلى قائمة لوحة التحكم وشريط الحساب والمحتوى الرئيسي.</li>
              <li>تُقرأ أخطاء النماذج فور ظهورها، وينتقل التركيز إلى أول حقل يحتاج إلى تصحيح.</li>
            </ul>
          </section>
          <section aria-labelledby="help-kb">
            <h2 id="help-kb">استخدام لوحة المفاتيح</h2>
            <ul>
              <li>ينقلك Tab وShift+Tab بين الروابط والأزرار والحقول؛ ويفتح Enter الرابط؛ ويضغط Space أو Enter الزر.</li>
              <li>أول ضغطة على Tab في أي صفحة تصل إلى «تخطَّ إلى المحتوى الرئيسي».</li>
              <li>تُفتح القوائم بـ Enter أو Space وتُغلق بـ Escape، ويعود التركيز إلى زر القائمة.</li>
              <li>يبدّل زر اللغة بين العربية والإنجليزية، ويبدّل زر المظهر بين الوضع الفاتح والداكن.</li>
            </ul>
          </section>
          <section aria-labelledby="help-braille">
            <h2 id="help-braille">لوحة مفاتيح برايل ذات المفاتيح الستة</h2>
            <p>
              في التمارين والاختبارات تكتب برايل بستة مفاتيح من لوحة مفاتيح الحاسوب، كما في آلة بيركنز. اضغط مفاتيح الخلية معًا ثم ارفع أصابعك
              لكتابتها. يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.
            </p>
            <table className="keys-table">
              <caption>المفاتيح ونقاط برايل</caption>
              <thead>
                <tr>
                  <th scope="col">المفتاح</th>
                  <th scope="col">النقطة</th>
                </tr>
              </thead>
              <tbody>
                {KEYS.map(([k, d]) => (
                  <tr key={k}>
                    <td lang="en">{k}</td>
                    <td>{d}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>مفتاح المسافة يكتب خلية فارغة، ومفتاح Backspace يحذف آخر خلية.</p>
          </section>
          <section aria-labelledby="help-cert">
            <h2 id="help-cert">الاختبارات والشهادات</h2>
            <p>
              يُفتح اختبار الفصل بعد إنهاء تمارين دروسه، ويُفتح الاختبار النهائي بعد اختبارات الفصول. وعند إتمام الدورة يمكنك طلب شهادة، وتكون متاحة
              خلال 24 ساعة من طلبك.
            </p>
          </section>
          <section aria-labelledby="help-contact">
            <h2 id="help-contact">التواصل</h2>
            <p>
              إذا لم يعمل شيء كما ينبغي مع قارئ الشاشة أو سطر برايل، فأخبرنا بالكتابة إلى{' '}
              <a href="mailto:contact@lamsa.example" dir="ltr">
                contact@lamsa.example
              </a>
              .
            </p>
          </section>
        </>
      )}
    </Page>
  );
}
