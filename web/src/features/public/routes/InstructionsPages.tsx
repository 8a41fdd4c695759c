import { useState } from 'react';
import { Link } from 'react-router';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { BrailleKeyboard } from '@/components/braille/BrailleKeyboard';
import { cellLabel, dotsPhrase, entryPhrase } from '@/components/braille/describe';
import { DOT_CODES, DOT_KEY_LABELS } from '@/components/braille/chord';
import { useBrailleTable } from '@/components/braille/table';
import { useUiLang } from '@/components/braille/texts';
import { type BrailleTable, type Code, type TableEntry } from '@/components/braille/cells';
import { Page } from '@/components/Page';
import { CodeTables, codeTitle, SignCard } from '../components/BrailleTables';
import { usePick } from '../components/useLang';
import '../instructions.css';

function letter(table: BrailleTable | null, print: string): TableEntry | undefined {
  return table?.entries.find((e) => e.kind === 'letter' && e.print === print);
}

export function InstructionsPage() {
  const p = usePick();
  return (
    <Page title={p('تعليمات برايل', 'Braille instructions')}>
      <p className="lead">
        {p(
          'برايل نظام كتابة بنقاط بارزة تُقرأ باللمس، نشره لويس برايل عام 1829. تساعدك هذه الصفحات على فهم الخلية، ثم الكتابة، ثم القراءة، بالعربية والإنجليزية.',
          'Braille is a system of raised dots read by touch, published by Louis Braille in 1829. These pages help you understand the cell, then writing, then reading, in Arabic and English.',
        )}
      </p>
      <ul className="cards">
        <li className="card">
          <h2>
            <Link to="/instructions/about-braille">{p('خلية برايل', 'The Braille cell')}</Link>
          </h2>
          <p>{p('ست نقاط في عمودين، وكيف تُرقّم، وجداول الحروف والأرقام وعلامات الترقيم.', 'Six dots in two columns, how they are numbered, and the tables of letters, digits and punctuation.')}</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/instructions/write-braille">{p('كتابة برايل', 'Writing Braille')}</Link>
          </h2>
          <p>{p('باللوح والقلم، وبآلة بيركنز، وبلوحة المفاتيح ذات المفاتيح الستة.', 'With slate and stylus, a Perkins brailler and the six-key keyboard.')}</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/instructions/read-braille">{p('قراءة برايل', 'Reading Braille')}</Link>
          </h2>
          <p>{p('وضع اليدين، واللمسة الخفيفة، ومجموعات الحروف، والتدرّب على السرعة.', 'Hand position, a light touch, letter groups, and building speed.')}</p>
        </li>
      </ul>
      <p>
        {p('لتحويل أي نص إلى برايل أو العكس استخدم ', 'To turn any text into Braille or back, use the ')}
        <Link to="/braille-translator">{p('مترجم برايل', 'Braille translator')}</Link>
        {p('.', '.')}
      </p>
    </Page>
  );
}

export function AboutBraillePage() {
  const p = usePick();
  const ui = useUiLang();
  const ar = useBrailleTable('ar');
  const en = useBrailleTable('en');
  const order: Code[] = ui === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  const examples: Array<[string, string]> = [
    ['ا', 'a'],
    ['ب', 'b'],
    ['ل', 'l'],
  ];

  return (
    <Page title={p('خلية برايل', 'The Braille cell')}>
      <nav aria-labelledby="on-this-page" className="on-this-page">
        <h2 id="on-this-page">{p('في هذه الصفحة', 'On this page')}</h2>
        <ul>
          <li>
            <a href="#cell-heading">{p('النقاط الست', 'The six dots')}</a>
          </li>
          <li>
            <a href="#symbols-heading">{p('63 رمزًا', '63 symbols')}</a>
          </li>
          {order.map((code) => (
            <li key={code}>
              <a href={`#tables-${code}`}>{codeTitle(code, p)}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="cell-heading">
        <h2 id="cell-heading">{p('النقاط الست', 'The six dots')}</h2>
        <p>
          {p(
            'كل حرف أو رقم أو علامة في برايل يُكتب في «خلية» من ست نقاط: عرضها نقطتان وطولها ثلاث نقاط، أي عمودان متجاوران في كل منهما ثلاث نقاط. الخلية صغيرة بحيث يغطيها طرف إصبع واحد.',
            'Every Braille letter, digit or sign is written in a “cell” of six dots: two dots wide and three dots tall, that is two columns side by side with three dots in each. A cell is small enough for one fingertip to cover it.',
          )}
        </p>
        <p>
          {p(
            'تُرقَّم نقاط العمود الأيسر من الأعلى إلى الأسفل 1 و2 و3، ونقاط العمود الأيمن من الأعلى إلى الأسفل 4 و5 و6. هذا الترقيم واحد في العربية والإنجليزية.',
            'The dots of the left column are numbered 1, 2 and 3 from top to bottom, and those of the right column 4, 5 and 6 from top to bottom. The numbering is the same in Arabic and English.',
          )}
        </p>
        <BrailleCell
          dots={[1, 2, 3, 4, 5, 6]}
          label={p('خلية برايل كاملة: النقاط 1 و2 و3 في العمود الأيسر من الأعلى إلى الأسفل، و4 و5 و6 في العمود الأيمن', 'A full Braille cell: dots 1, 2 and 3 down the left column, 4, 5 and 6 down the right column')}
        />
        <p>
          {p(
            'برايل العربي يُكتب ويُقرأ من اليسار إلى اليمين مثل الإنجليزي، مع أن الخط العربي المطبوع يُكتب من اليمين إلى اليسار. لذلك تُرسم الخلايا في لمسة دائمًا من اليسار إلى اليمين.',
            'Arabic Braille is written and read from left to right like English Braille, even though printed Arabic runs right to left. That is why Lamsa always draws cells left to right.',
          )}
        </p>
      </section>

      <section aria-labelledby="symbols-heading">
        <h2 id="symbols-heading">{p('63 رمزًا', '63 symbols')}</h2>
        <p>
          {p(
            'كل نقطة من النقاط الست إما بارزة وإما غير بارزة، فتعطي الخلية 2×2×2×2×2×2 = 64 شكلًا. أحدها الخلية الفارغة التي لا نقاط فيها، وهي المسافة بين الكلمات، فيبقى 63 رمزًا. تكفي هذه الرموز للحروف والأرقام وعلامات الترقيم، ويأخذ بعضها معنى مختلفًا بحسب ما قبله، كما في الأرقام.',
            'Each of the six dots is either raised or not, so a cell has 2×2×2×2×2×2 = 64 patterns. One of them is the empty cell with no dots, which is the space between words, leaving 63 symbols. They are enough for letters, digits and punctuation, and some take a different meaning from what comes before them, as with numbers.',
          )}
        </p>
        <h3>{p('أمثلة', 'Examples')}</h3>
        <ul className="cell-examples">
          {examples.map(([a, e]) => {
            const ea = letter(ar.table, a);
            const ee = letter(en.table, e);
            if (!ea || !ee) return null;
            const dots = ea.cells[0].dots;
            return (
              <li key={a}>
                <BrailleCell dots={dots} label={cellLabel(dots, `${entryPhrase(ea, 'ar', ui)}${p('، و', ', and ')}${entryPhrase(ee, 'en', ui)}`, ui)} size="small" />
                <span>
                  {p('الحرف ', 'Arabic ')}
                  <span lang="ar">«{a}»</span>
                  {p(' بالعربية، و', ' and English ')}
                  <span lang="en">«{e}»</span>
                  {p(' بالإنجليزية: ', ': ')}
                  {dotsPhrase(dots, ui)}.
                </span>
              </li>
            );
          })}
        </ul>
        <p>
          {p(
            'الأرقام تُكتب بعلامة الرقم ثم خلايا الحروف العشرة الأولى، والحرف الكبير في الإنجليزية تسبقه علامة الحرف الكبير. تجد هذه العلامات في الجداول أدناه.',
            'Numbers are written with the number sign followed by the cells of the first ten letters, and an English capital letter is preceded by the capital sign. You will find these signs in the tables below.',
          )}
        </p>
      </section>

      <section aria-labelledby="tables-heading">
        <h2 id="tables-heading">{p('جداول برايل', 'Braille tables')}</h2>
        <p>
          {p(
            'تأتي هذه الجداول مباشرة من محرّك برايل في لمسة، وهو نفسه الذي يستخدمه المترجم. في كل بطاقة الرمز المطبوع، ثم خلايا برايل مرسومة بنقاطها المرقّمة، ثم اسمه، ثم الخلايا بحروف برايل اليونيكود التي يعرضها سطر برايل الإلكتروني.',
            'These tables come straight from Lamsa’s Braille engine, the same one the translator uses. Each card has the print sign, the Braille cells drawn with their dots numbered, its name, and the cells as Unicode Braille, which a refreshable Braille display shows.',
          )}
        </p>
        {order.map((code) => (
          <section key={code} aria-labelledby={`tables-${code}`}>
            <h3 id={`tables-${code}`}>{codeTitle(code, p)}</h3>
            {code === 'ar' ? (
              <p>
                {p(
                  'تُكتب الأرقام الهندية (١٢٣) والعربية (123) بالخلايا نفسها. والشدة تُكتب قبل الحرف المشدّد.',
                  'Arabic-Indic digits (١٢٣) and Western digits (123) are written with the same cells. Shadda is written before the letter it doubles.',
                )}
              </p>
            ) : (
              <p>
                {p(
                  'المستوى الأول غير مختصر: كل حرف مطبوع يقابله حرف برايل.',
                  'Grade 1 is uncontracted: every print letter has its own Braille letter.',
                )}
              </p>
            )}
            <CodeTables code={code} />
          </section>
        ))}
      </section>

      <p>
        <Link to="/instructions/write-braille">{p('التالي: كتابة برايل', 'Next: writing Braille')}</Link>
      </p>
    </Page>
  );
}

const FINGERS: Record<number, [string, string]> = {
  1: ['سبابة اليد اليسرى', 'left index finger'],
  2: ['وسطى اليد اليسرى', 'left middle finger'],
  3: ['بنصر اليد اليسرى', 'left ring finger'],
  4: ['سبابة اليد اليمنى', 'right index finger'],
  5: ['وسطى اليد اليمنى', 'right middle finger'],
  6: ['بنصر اليد اليمنى', 'right ring finger'],
};

export function WriteBraillePage() {
  const p = usePick();
  const ui = useUiLang();
  const [code, setCode] = useState<Code>(ui);
  const [practice, setPractice] = useState('');
  const ownTable = useBrailleTable(ui);
  const practiceTable = useBrailleTable(code);
  // Mirror example: d / د (the same cell in both codes).
  const mirror = letter(ownTable.table, ui === 'ar' ? 'د' : 'd');
  const target = letter(practiceTable.table, code === 'ar' ? 'ه' : 'h');
  const keyFor = (d: number) => DOT_KEY_LABELS[d];
  // The six keys in keyboard order, from the keyboard's own mapping.
  const keys = Object.entries(DOT_CODES).sort((a, b) => a[1] - b[1]);

  return (
    <Page title={p('كتابة برايل', 'Writing Braille')}>
      <section aria-labelledby="slate-heading">
        <h2 id="slate-heading">{p('اللوح والقلم', 'Slate and stylus')}</h2>
        <p>
          {p(
            'اللوح صفيحتان متصلتان بمفصل: في العليا صفوف من النوافذ بحجم الخلية، وفي السفلى حُفر صغيرة تحت كل نافذة. تُثبَّت الورقة السميكة بينهما، ويُضغط كل نقطة بالقلم، وهو إبرة غير حادة بمقبض.',
            'A slate is two plates joined by a hinge: the top one has rows of cell-sized windows, the bottom one has small pits under each window. Thick paper is held between them, and each dot is pressed down with the stylus, a blunt point with a handle.',
          )}
        </p>
        <p>
          {p(
            'تبرز النقاط على الوجه الآخر من الورقة، لذلك يكتب الكاتب من اليمين إلى اليسار وبترتيب معكوس: في كل نافذة تكون النقاط 1 و2 و3 في العمود الأيمن، و4 و5 و6 في العمود الأيسر. عندما تُقلب الورقة تُقرأ الخلايا من اليسار إلى اليمين بترتيبها الصحيح. في العربية يعني هذا أن الكتابة باللوح تسير من اليمين إلى اليسار مثل الخط المطبوع، لكن الخلايا تبقى معكوسة.',
            'The dots come up on the other side of the paper, so the writer works from right to left in mirror order: in each window dots 1, 2 and 3 are in the right column and 4, 5 and 6 in the left. When the page is turned over, the cells read left to right the right way round. In Arabic this means slate writing runs right to left like print, but the cells are still mirrored.',
          )}
        </p>
        {mirror ? (
          <figure className="mirror-example">
            <div className="mirror-pair" dir="ltr">
              <BrailleCell
                dots={mirror.cells[0].dots}
                label={`${cellLabel(mirror.cells[0].dots, entryPhrase(mirror, ui, ui), ui)}${p('، كما تُقرأ', ', as read')}`}
                caption={p('كما تُقرأ', 'As read')}
              />
              <BrailleCell
                dots={mirror.cells[0].dots}
                mirrored
                label={p(
                  `${entryPhrase(mirror, ui, ui)} كما تُكتب بالقلم من الخلف: ${dotsPhrase(mirror.cells[0].dots, ui)}، والنقطة 1 في أعلى اليمين`,
                  `${entryPhrase(mirror, ui, ui)} as written from the back with a stylus: ${dotsPhrase(mirror.cells[0].dots, ui)}, with dot 1 at the top right`,
                )}
                caption={p('كما تُكتب باللوح', 'As written on a slate')}
              />
            </div>
            <figcaption>
              {p(
                `الحرف «${mirror.print}»: ${dotsPhrase(mirror.cells[0].dots, ui)}. على اليسار كما يُقرأ، وعلى اليمين كما يُكتب باللوح من الخلف.`,
                `The letter “${mirror.print}”: ${dotsPhrase(mirror.cells[0].dots, ui)}. On the left as it is read, on the right as it is written on a slate, from the back.`,
              )}
            </figcaption>
          </figure>
        ) : null}
      </section>

      <section aria-labelledby="perkins-heading">
        <h2 id="perkins-heading">{p('آلة بيركنز', 'The Perkins brailler')}</h2>
        <p>
          {p(
            'آلة بيركنز آلة كاتبة لبرايل. لها ستة مفاتيح للنقاط، ثلاثة على كل جانب من مفتاح المسافة، ومفتاح لسطر جديد ومفتاح للرجوع خطوة. تُضغط مفاتيح الخلية كلها معًا، فتبرز الخلية على الوجه العلوي للورقة مباشرة، فتقرؤها فورًا ولا حاجة إلى الكتابة المعكوسة.',
            'The Perkins brailler is a Braille typewriter. It has six dot keys, three on each side of the space bar, plus a line-space key and a backspace key. You press all the keys of a cell together and the cell comes up on the top of the paper at once, so you can read it straight away and nothing is written mirrored.',
          )}
        </p>
        <table className="keys-table">
          <caption>{p('مفاتيح آلة بيركنز من اليسار إلى اليمين', 'Perkins keys from left to right')}</caption>
          <thead>
            <tr>
              <th scope="col">{p('المفتاح', 'Key')}</th>
              <th scope="col">{p('الإصبع', 'Finger')}</th>
            </tr>
          </thead>
          <tbody>
            {[3, 2, 1, 0, 4, 5, 6].map((d) => (
              <tr key={d}>
                <th scope="row">{d === 0 ? p('مفتاح المسافة', 'Space bar') : p(`النقطة ${d}`, `Dot ${d}`)}</th>
                <td>{d === 0 ? p('الإبهامان', 'thumbs') : p(FINGERS[d][0], FINGERS[d][1])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">{p('لوحة المفاتيح ذات المفاتيح الستة في لمسة', 'The six-key keyboard in Lamsa')}</h2>
        <p>
          {p(
            'في لمسة تكتب كما في آلة بيركنز، بستة مفاتيح من لوحة مفاتيح الحاسوب تحت الأصابع نفسها: اضغط مفاتيح الخلية معًا، ثم ارفع أصابعك فتُكتب الخلية، ويقرأ قارئ الشاشة نقاطها والحرف الذي تكوّنه.',
            'In Lamsa you write as on a Perkins brailler, with six keys of your computer keyboard under the same fingers: press the keys of a cell together, then lift your fingers and the cell is written, and your screen reader says its dots and the letter it makes.',
          )}
        </p>
        <table className="keys-table">
          <caption>{p('المفاتيح ونقاط برايل', 'Keys and Braille dots')}</caption>
          <thead>
            <tr>
              <th scope="col">{p('المفتاح', 'Key')}</th>
              <th scope="col">{p('النقطة', 'Dot')}</th>
              <th scope="col">{p('الإصبع', 'Finger')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map(([, d]) => (
              <tr key={d}>
                <th scope="row" lang="en">
                  {keyFor(d)}
                </th>
                <td>{d}</td>
                <td>{p(FINGERS[d][0], FINGERS[d][1])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul>
          <li>{p('المسافة تكتب خلية فارغة، وBackspace يحذف آخر خلية، وEnter يرسل الإجابة في التمارين.', 'Space writes an empty cell, Backspace deletes the last cell, and Enter submits your answer in exercises.')}</li>
          <li>
            {p(
              'تقرأ لمسة المفاتيح بمواضعها على اللوحة، فتعمل عادة مع التخطيط العربي أيضًا. إذا لم يستطع المتصفح معرفة المفتاح ظهرت الرسالة: «يجب أن تكون لوحة المفاتيح على اللغة الإنجليزية.»',
              'Lamsa reads the keys by their place on the keyboard, so it usually works with the Arabic layout too. If the browser cannot tell which key it was, you will see: “The keyboard must be in English mode.”',
            )}
          </li>
          <li>{p('على الشاشات اللمسية استخدم أزرار النقاط تحت الحقل: اختر النقاط ثم «اكتب الخلية».', 'On touch screens use the dot buttons under the field: choose the dots, then “Write cell”.')}</li>
        </ul>
      </section>

      <section aria-labelledby="try-heading">
        <h2 id="try-heading">{p('جرّب بنفسك', 'Try it')}</h2>
        {target ? (
          <p>
            {p('مثال: الحرف ', 'For example, the letter ')}
            <span lang={code}>«{target.print}»</span>
            {p(' هو ', ' is ')}
            {dotsPhrase(target.cells[0].dots, ui)}
            {p('، فاضغط المفاتيح ', ', so press ')}
            <span lang="en">{target.cells[0].dots.map(keyFor).join(' + ')}</span>
            {p(' معًا ثم ارفع أصابعك.', ' together, then lift your fingers.')}
          </p>
        ) : null}
        <fieldset className="fieldset try-code">
          <legend>{p('يُقرأ ما تكتبه بحروف', 'Read what you write as')}</legend>
          {(['ar', 'en'] as const).map((c) => (
            <label key={c} className="try-radio">
              <input type="radio" name="try-code" value={c} checked={code === c} onChange={() => setCode(c)} />
              {c === 'ar' ? p('العربية', 'Arabic') : p('الإنجليزية', 'English')}
            </label>
          ))}
        </fieldset>
        <BrailleKeyboard id="try-braille" label={p('اكتب برايل هنا', 'Write Braille here')} value={practice} onChange={setPractice} code={code} />
      </section>

      <p>
        <Link to="/instructions/read-braille">{p('التالي: قراءة برايل', 'Next: reading Braille')}</Link>
      </p>
    </Page>
  );
}

export function ReadBraillePage() {
  const p = usePick();
  const ui = useUiLang();
  const en = useBrailleTable('en');
  const ar = useBrailleTable('ar');
  const enLetters = (en.table?.entries ?? []).filter((e) => e.kind === 'letter');
  const decades = enLetters.length === 26 ? [enLetters.slice(0, 10), enLetters.slice(10, 20), enLetters.slice(20)] : [];
  // Arabic letters written with the same cell as an English letter, found by comparing the two tables.
  const shared = (ar.table?.entries ?? [])
    .filter((e) => e.kind === 'letter' && e.cells.length === 1)
    .map((a) => ({ a, e: enLetters.find((l) => l.cells[0].unicode === a.cells[0].unicode) }))
    .filter((x): x is { a: TableEntry; e: TableEntry } => Boolean(x.e));
  const decadeTitles: Array<[string, string]> = [
    ['من a إلى j: النقاط العليا الأربع فقط (1 و2 و4 و5)', 'a to j: only the top four dots (1, 2, 4 and 5)'],
    ['من k إلى t: الخلايا نفسها مع النقطة 3', 'k to t: the same cells with dot 3 added'],
    ['u وv وx وy وz: مع النقطتين 3 و6 (وw استثناء)', 'u, v, x, y and z: with dots 3 and 6 added (w is the exception)'],
  ];

  return (
    <Page title={p('قراءة برايل', 'Reading Braille')}>
      <section aria-labelledby="hands-heading">
        <h2 id="hands-heading">{p('اليدان واللمسة', 'Hands and touch')}</h2>
        <ul>
          <li>{p('اقرأ بأطراف الأصابع، وغالبًا بالسبابتين، مع لمسة خفيفة؛ فالضغط الشديد يُضعف الإحساس بالنقاط.', 'Read with your fingertips, usually both index fingers, with a light touch: pressing hard makes the dots harder to feel.')}</li>
          <li>{p('حرّك يديك على السطر أفقيًا من اليسار إلى اليمين، في العربية والإنجليزية على السواء، ولا تحكّ الخلية صعودًا ونزولًا.', 'Move your hands along the line from left to right, in Arabic and English alike, without rubbing up and down over a cell.')}</li>
          <li>{p('دع اليد اليسرى تجد بداية السطر التالي بينما تُنهي اليد اليمنى السطر الحالي.', 'Let the left hand find the start of the next line while the right hand finishes the current one.')}</li>
          <li>{p('اجلس معتدلًا، واجعل الورقة مستقيمة أمامك، وأرخِ كتفيك ومعصميك.', 'Sit upright with the page straight in front of you, and keep your shoulders and wrists relaxed.')}</li>
          <li>{p('تعرّف على شكل الخلية كاملًا بدل عدّ نقاطها واحدة واحدة؛ هكذا تأتي السرعة.', 'Learn to recognise the whole shape of a cell rather than counting its dots one by one; that is where speed comes from.')}</li>
          <li>{p('ابدأ ببضع دقائق يوميًا؛ تأتي السرعة مع التكرار لا مع الضغط.', 'Start with a few minutes a day; speed comes from practice, not from pressure.')}</li>
        </ul>
      </section>

      <section aria-labelledby="groups-heading">
        <h2 id="groups-heading">{p('مجموعات الحروف', 'Letter groups')}</h2>
        <p>
          {p(
            'الحروف الإنجليزية مبنية في مجموعات من عشرة؛ إذا عرفت المجموعة الأولى سهل عليك تعرّف الباقي.',
            'English letters are built in groups of ten; once you know the first group the others are easy to recognise.',
          )}
        </p>
        {decades.map((row, i) => (
          <section key={i} aria-labelledby={`decade-${i}`}>
            <h3 id={`decade-${i}`}>{p(decadeTitles[i][0], decadeTitles[i][1])}</h3>
            <ul className="cell-row letter-row" dir="ltr">
              {row.map((e) => (
                <li key={e.print}>
                  <BrailleCell dots={e.cells[0].dots} label={cellLabel(e.cells[0].dots, entryPhrase(e, 'en', ui), ui)} size="small" caption={e.print} captionLang="en" />
                </li>
              ))}
            </ul>
          </section>
        ))}
        {shared.length ? (
          <>
            <h3 id="shared-heading">{p('حروف عربية تشارك الإنجليزية خلاياها', 'Arabic letters that share a cell with English')}</h3>
            <p>
              {p(
                'بُنيت الشفرة العربية الموحّدة على برايل العالمي، فكثير من الحروف العربية يُكتب بخلية حرف إنجليزي قريب منه في الصوت، مثل ب وb، ود وd، وم وm. هذه كل الحروف التي تشترك في خلية واحدة في النظامين، وبعضها يشترك فيها مصادفة، مثل لا وv. إن كنت تعرف أحد النظامين فهذه نقطة بداية للآخر:',
                'The unified Arabic code was built on world Braille, so many Arabic letters use the cell of an English letter with a similar sound, such as ب and b, د and d, م and m. These are all the letters that share a cell in the two codes; a few share it by chance, such as لا and v. If you know one code, this is a starting point for the other:',
              )}
            </p>
            <ul className="bt-grid" aria-labelledby="shared-heading">
              {shared.map(({ a, e }) => (
                <SignCard
                  key={a.print}
                  signs={[
                    { text: a.print, lang: 'ar' },
                    { text: e.print, lang: 'en' },
                  ]}
                  cells={a.cells}
                />
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <section aria-labelledby="display-heading">
        <h2 id="display-heading">{p('برايل على الشاشة وسطر برايل', 'Braille on screen and on a Braille display')}</h2>
        <ul>
          <li>{p('مع سطر برايل الإلكتروني تقرأ بالطريقة نفسها، وتنتقل بين الأسطر بأزرار السطر.', 'On a refreshable Braille display you read the same way and move between lines with the display’s buttons.')}</li>
          <li>
            {p(
              'يعرض المترجم النتيجة بحروف برايل اليونيكود، فيظهرها سطر برايل خلايا كما هي، ويرسمها كبيرة بنقاط مرقّمة لمن يرى. ولكل خلية مرسومة اسم يقرؤه قارئ الشاشة مثل «النقاط 1 2 5، الحرف هاء».',
              'The translator shows its result as Unicode Braille, which a Braille display shows as real cells, and draws it large with numbered dots for sighted readers. Every drawn cell has a name your screen reader reads, such as “dots 1 2 5, letter h”.',
            )}
          </li>
        </ul>
      </section>
      <p>
        <Link to="/instructions">{p('العودة إلى التعليمات', 'Back to the instructions')}</Link>
      </p>
    </Page>
  );
}
