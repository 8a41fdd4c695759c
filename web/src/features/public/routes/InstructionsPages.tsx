import { useState } from 'react';
import { Link } from 'react-router';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { BrailleKeyboard } from '@/components/braille/BrailleKeyboard';
import { cellLabel, dotsPhrase, entryPhrase } from '@/components/braille/describe';
import { DOT_CODES, DOT_KEY_LABELS } from '@/components/braille/chord';
import { useBrailleTable } from '@/components/braille/table';
import { useUiLang } from '@/components/braille/i18n';
import { type BrailleTable, type Code, type TableEntry } from '@/components/braille/cells';
import { Page } from '@/components/Page';
import { CodeTables, codeTitle, SignCard } from '../components/BrailleTables';
import { ContractionExamples, ContractionList } from '../components/ContractionTables';
import { useInstructionsT } from '../instructions/i18n';
import type en from '../instructions/locales/en';
import '../instructions.css';

function letter(table: BrailleTable | null, print: string): TableEntry | undefined {
  return table?.entries.find((e) => e.kind === 'letter' && e.print === print);
}

export function InstructionsPage() {
  const { t } = useInstructionsT();
  return (
    <Page title={t('instructionsPage.brailleInstructions')}>
      <p className="lead">
        {t('instructionsPage.brailleSystemRaisedDots')}
      </p>
      <ul className="cards">
        <li className="card">
          <h2>
            <Link to="/instructions/about-braille">{t('instructionsPage.brailleCell')}</Link>
          </h2>
          <p>{t('instructionsPage.sixDotsTwoColumns')}</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/instructions/write-braille">{t('instructionsPage.writingBraille')}</Link>
          </h2>
          <p>{t('instructionsPage.slateStylusPerkinsBrailler')}</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/instructions/read-braille">{t('instructionsPage.readingBraille')}</Link>
          </h2>
          <p>{t('instructionsPage.handPositionLightTouch')}</p>
        </li>
        <li className="card">
          <h2>
            <Link to="/instructions/contractions">{t('instructionsPage.contractedBraille')}</Link>
          </h2>
          <p>{t('instructionsPage.contractionsEnglishArabic')}</p>
        </li>
      </ul>
      <p>
        {t('instructionsPage.turnAnyTextInto')}
        <Link to="/braille-translator">{t('instructionsPage.brailleTranslator')}</Link>
        {t('instructionsPage.text')}
      </p>
    </Page>
  );
}

export function AboutBraillePage() {
  const { t } = useInstructionsT();
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
    <Page title={t('aboutBraillePage.brailleCell')}>
      <nav aria-labelledby="on-this-page" className="on-this-page">
        <h2 id="on-this-page">{t('aboutBraillePage.page')}</h2>
        <ul>
          <li>
            <a href="#cell-heading">{t('aboutBraillePage.sixDots')}</a>
          </li>
          <li>
            <a href="#symbols-heading">{t('aboutBraillePage.n63Symbols')}</a>
          </li>
          {order.map((code) => (
            <li key={code}>
              <a href={`#tables-${code}`}>{codeTitle(code, t)}</a>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="cell-heading">
        <h2 id="cell-heading">{t('aboutBraillePage.sixDots')}</h2>
        <p>
          {t('aboutBraillePage.everyBrailleLetterDigit')}
        </p>
        <p>
          {t('aboutBraillePage.dotsLeftColumnNumbered')}
        </p>
        <BrailleCell
          dots={[1, 2, 3, 4, 5, 6]}
          label={t('aboutBraillePage.fullBrailleCellDots')}
        />
        <p>
          {t('aboutBraillePage.arabicBrailleWrittenRead')}
        </p>
      </section>

      <section aria-labelledby="symbols-heading">
        <h2 id="symbols-heading">{t('aboutBraillePage.n63Symbols')}</h2>
        <p>
          {t('aboutBraillePage.eachSixDotsEither')}
        </p>
        <h3>{t('aboutBraillePage.examples')}</h3>
        <ul className="cell-examples">
          {examples.map(([a, e]) => {
            const ea = letter(ar.table, a);
            const ee = letter(en.table, e);
            if (!ea || !ee) return null;
            const dots = ea.cells[0].dots;
            return (
              <li key={a}>
                <BrailleCell dots={dots} label={cellLabel(dots, `${entryPhrase(ea, 'ar', ui)}${t('aboutBraillePage.and')}${entryPhrase(ee, 'en', ui)}`, ui)} size="small" />
                <span>
                  {t('aboutBraillePage.arabic')}
                  <span lang="ar">«{a}»</span>
                  {t('aboutBraillePage.english')}
                  <span lang="en">«{e}»</span>
                  {t('aboutBraillePage.text')}
                  {dotsPhrase(dots, ui)}.
                </span>
              </li>
            );
          })}
        </ul>
        <p>
          {t('aboutBraillePage.numbersWrittenNumberSign')}
        </p>
      </section>

      <section aria-labelledby="tables-heading">
        <h2 id="tables-heading">{t('aboutBraillePage.brailleTables')}</h2>
        <p>
          {t('aboutBraillePage.theseTablesComeStraight')}
        </p>
        {order.map((code) => (
          <section key={code} aria-labelledby={`tables-${code}`}>
            <h3 id={`tables-${code}`}>{codeTitle(code, t)}</h3>
            {code === 'ar' ? (
              <p>
                {t('aboutBraillePage.arabicIndicDigitsWestern')}
              </p>
            ) : (
              <p>
                {t('aboutBraillePage.grade1UncontractedEvery')}
              </p>
            )}
            <CodeTables code={code} />
          </section>
        ))}
      </section>

      <p>
        <Link to="/instructions/write-braille">{t('aboutBraillePage.nextWritingBraille')}</Link>
      </p>
    </Page>
  );
}

/** The finger that presses each dot's key (keys into `writeBraillePage.fingers`). */
const FINGERS: Record<number, keyof (typeof en)['writeBraillePage']['fingers']> = {
  1: 'leftIndex',
  2: 'leftMiddle',
  3: 'leftRing',
  4: 'rightIndex',
  5: 'rightMiddle',
  6: 'rightRing',
};

export function WriteBraillePage() {
  const { t } = useInstructionsT();
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
    <Page title={t('writeBraillePage.writingBraille')}>
      <section aria-labelledby="slate-heading">
        <h2 id="slate-heading">{t('writeBraillePage.slateStylus')}</h2>
        <p>
          {t('writeBraillePage.slateTwoPlatesJoined')}
        </p>
        <p>
          {t('writeBraillePage.dotsComeUpOther')}
        </p>
        {mirror ? (
          <figure className="mirror-example">
            <div className="mirror-pair" dir="ltr">
              <BrailleCell
                dots={mirror.cells[0].dots}
                label={`${cellLabel(mirror.cells[0].dots, entryPhrase(mirror, ui, ui), ui)}${t('writeBraillePage.read')}`}
                caption={t('writeBraillePage.read2')}
              />
              <BrailleCell
                dots={mirror.cells[0].dots}
                mirrored
                label={t('writeBraillePage.mirrorLabel', { entry: entryPhrase(mirror, ui, ui), dots: dotsPhrase(mirror.cells[0].dots, ui) })}
                caption={t('writeBraillePage.writtenSlate')}
              />
            </div>
            <figcaption>
              {t('writeBraillePage.mirrorCaption', { print: mirror.print, dots: dotsPhrase(mirror.cells[0].dots, ui) })}
            </figcaption>
          </figure>
        ) : null}
      </section>

      <section aria-labelledby="perkins-heading">
        <h2 id="perkins-heading">{t('writeBraillePage.perkinsBrailler')}</h2>
        <p>
          {t('writeBraillePage.perkinsBraillerBrailleTypewriter')}
        </p>
        <table className="keys-table">
          <caption>{t('writeBraillePage.perkinsKeysFromLeft')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('writeBraillePage.key')}</th>
              <th scope="col">{t('writeBraillePage.finger')}</th>
            </tr>
          </thead>
          <tbody>
            {[3, 2, 1, 0, 4, 5, 6].map((d) => (
              <tr key={d}>
                <th scope="row">{d === 0 ? t('writeBraillePage.spaceBar') : t('writeBraillePage.dotD', { d })}</th>
                <td>{d === 0 ? t('writeBraillePage.thumbs') : t(`writeBraillePage.fingers.${FINGERS[d]}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">{t('writeBraillePage.sixKeyKeyboardLamsa')}</h2>
        <p>
          {t('writeBraillePage.lamsaWritePerkinsBrailler')}
        </p>
        <table className="keys-table">
          <caption>{t('writeBraillePage.keysBrailleDots')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('writeBraillePage.key')}</th>
              <th scope="col">{t('writeBraillePage.dot')}</th>
              <th scope="col">{t('writeBraillePage.finger')}</th>
            </tr>
          </thead>
          <tbody>
            {keys.map(([, d]) => (
              <tr key={d}>
                <th scope="row" lang="en">
                  {keyFor(d)}
                </th>
                <td>{d}</td>
                <td>{t(`writeBraillePage.fingers.${FINGERS[d]}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <ul>
          <li>{t('writeBraillePage.spaceWritesEmptyCell')}</li>
          <li>
            {t('writeBraillePage.lamsaReadsKeysTheir')}
          </li>
          <li>{t('writeBraillePage.touchScreensUseDot')}</li>
        </ul>
      </section>

      <section aria-labelledby="try-heading">
        <h2 id="try-heading">{t('writeBraillePage.try')}</h2>
        {target ? (
          <p>
            {t('writeBraillePage.exampleLetter')}
            <span lang={code}>«{target.print}»</span>
            {t('writeBraillePage.is')}
            {dotsPhrase(target.cells[0].dots, ui)}
            {t('writeBraillePage.soPress')}
            <span lang="en">{target.cells[0].dots.map(keyFor).join(' + ')}</span>
            {t('writeBraillePage.togetherThenLiftFingers')}
          </p>
        ) : null}
        <fieldset className="fieldset try-code">
          <legend>{t('writeBraillePage.readWhatWrite')}</legend>
          {(['ar', 'en'] as const).map((c) => (
            <label key={c} className="try-radio">
              <input type="radio" name="try-code" value={c} checked={code === c} onChange={() => setCode(c)} />
              {c === 'ar' ? t('writeBraillePage.arabic') : t('writeBraillePage.english')}
            </label>
          ))}
        </fieldset>
        <BrailleKeyboard id="try-braille" label={t('writeBraillePage.writeBrailleHere')} value={practice} onChange={setPractice} code={code} />
      </section>

      <p>
        <Link to="/instructions/read-braille">{t('writeBraillePage.nextReadingBraille')}</Link>
      </p>
    </Page>
  );
}

export function ReadBraillePage() {
  const { t } = useInstructionsT();
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
  const decadeTitles = [t('readBraillePage.decades.aToJ'), t('readBraillePage.decades.kToT'), t('readBraillePage.decades.uToZ')];

  return (
    <Page title={t('readBraillePage.readingBraille')}>
      <section aria-labelledby="hands-heading">
        <h2 id="hands-heading">{t('readBraillePage.handsTouch')}</h2>
        <ul>
          <li>{t('readBraillePage.readFingertipsUsuallyBoth')}</li>
          <li>{t('readBraillePage.moveHandsAlongLine')}</li>
          <li>{t('readBraillePage.letLeftHandFind')}</li>
          <li>{t('readBraillePage.sitUprightPageStraight')}</li>
          <li>{t('readBraillePage.learnRecogniseWholeShape')}</li>
          <li>{t('readBraillePage.startFewMinutesDay')}</li>
        </ul>
      </section>

      <section aria-labelledby="groups-heading">
        <h2 id="groups-heading">{t('readBraillePage.letterGroups')}</h2>
        <p>
          {t('readBraillePage.englishLettersBuiltGroups')}
        </p>
        {decades.map((row, i) => (
          <section key={i} aria-labelledby={`decade-${i}`}>
            <h3 id={`decade-${i}`}>{decadeTitles[i]}</h3>
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
            <h3 id="shared-heading">{t('readBraillePage.arabicLettersShareCell')}</h3>
            <p>
              {t('readBraillePage.unifiedArabicCodeWas')}
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
        <h2 id="display-heading">{t('readBraillePage.brailleScreenBrailleDisplay')}</h2>
        <ul>
          <li>{t('readBraillePage.refreshableBrailleDisplayRead')}</li>
          <li>
            {t('readBraillePage.translatorShowsResultUnicode')}
          </li>
        </ul>
      </section>
      <p>
        <Link to="/instructions">{t('readBraillePage.backInstructions')}</Link>
      </p>
    </Page>
  );
}

/** /instructions/contractions: contracted Braille in each code, examples and lists from the engine. */
export function ContractionsPage() {
  const { t } = useInstructionsT();
  const ui = useUiLang();
  const order: Code[] = ui === 'ar' ? ['ar', 'en'] : ['en', 'ar'];
  const title = (code: Code) => (code === 'ar' ? t('contractionsPage.arTitle') : t('contractionsPage.enTitle'));
  return (
    <Page title={t('contractionsPage.title')}>
      <p className="lead">{t('contractionsPage.lead')}</p>
      <nav aria-labelledby="on-this-page" className="on-this-page">
        <h2 id="on-this-page">{t('contractionsPage.page')}</h2>
        <ul>
          {order.map((code) => (
            <li key={code}>
              <a href={`#contractions-${code}`}>{title(code)}</a>
            </li>
          ))}
        </ul>
      </nav>
      {order.map((code) => (
        <section key={code} aria-labelledby={`contractions-${code}`}>
          <h2 id={`contractions-${code}`}>{title(code)}</h2>
          <p>{code === 'ar' ? t('contractionsPage.arRules') : t('contractionsPage.enRules')}</p>
          <ContractionExamples code={code} headingId={`examples-${code}`} />
          <ContractionList code={code} />
        </section>
      ))}
      <p>
        {t('contractionsPage.tryIt')}
        <Link to="/braille-translator">{t('contractionsPage.translator')}</Link>
        {t('contractionsPage.tryItEnd')}
      </p>
      <p>
        <Link to="/instructions">{t('contractionsPage.back')}</Link>
      </p>
    </Page>
  );
}
