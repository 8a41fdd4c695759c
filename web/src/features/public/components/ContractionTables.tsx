/**
 * Contracted Braille of one code, all from the engine: examples written uncontracted and
 * contracted (`POST /api/braille/translate`), then every contraction grouped by kind
 * (`GET /api/braille/contractions`) as cards like the reference tables'.
 */
import { BrailleCell } from '@/components/braille/BrailleCell';
import { groupByKind, useContractions } from '@/components/braille/contractions';
import { cellLabel, dotsPhrase } from '@/components/braille/describe';
import { brailleT, useUiLang } from '@/components/braille/i18n';
import type { CellInfo, Code } from '@/components/braille/cells';
import { useExamples, type Written } from '../api/examples';
import { useInstructionsT } from '../instructions/i18n';

/** Print texts the examples show; their Braille comes from the engine. */
export const EXAMPLES: Record<Code, readonly string[]> = {
  en: ['the children', 'with the', 'about the house', 'father and mother', 'knowledge is power'],
  ar: ['الكتاب', 'في البيت', 'هذا الكتاب', 'من المدرسة إلى البيت'],
};

function Cells({ cells }: { cells: CellInfo[] }) {
  const ui = useUiLang();
  return (
    <span className="bt-cells ct-cells" dir="ltr">
      {cells.map((c, j) => (
        <BrailleCell key={j} dots={c.dots} label={c.dots.length ? dotsPhrase(c.dots, ui) : cellLabel([], null, ui)} size="small" />
      ))}
    </span>
  );
}

function WrittenAs({ grade, w, draw }: { grade: string; w: Written; draw?: boolean }) {
  const { t } = useInstructionsT();
  return (
    <>
      <dt>{grade}</dt>
      <dd>
        <span className="bt-unicode" dir="ltr">
          {w.braille}
        </span>{' '}
        <span className="muted">({t('contractionsPage.cellCount', { count: w.cells.length })})</span>
        {draw ? <Cells cells={w.cells} /> : null}
      </dd>
    </>
  );
}

export function ContractionExamples({ code, headingId }: { code: Code; headingId: string }) {
  const { t } = useInstructionsT();
  const { data, isError } = useExamples(code, EXAMPLES[code]);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('contractionsPage.examples')}</h3>
      <p>{t('contractionsPage.examplesIntro')}</p>
      {isError ? <p className="muted">{t('contractionsPage.exampleError')}</p> : null}
      {!data && !isError ? <p className="muted">{t('contractionsPage.exampleLoading')}</p> : null}
      {data ? (
        <ul className="ct-examples" aria-labelledby={headingId}>
          {data.map((e) => (
            <li key={e.print} className="bt-card ct-example">
              <span className="bt-print" lang={code} dir="auto">
                {e.print}
              </span>
              <dl className="ct-written">
                <WrittenAs grade={t('contractionsPage.uncontracted')} w={e.uncontracted} />
                <WrittenAs grade={t('contractionsPage.contracted')} w={e.contracted} draw />
              </dl>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

export function ContractionList({ code }: { code: Code }) {
  const { t } = useInstructionsT();
  const ui = useUiLang();
  const { list, error } = useContractions(code);
  const headingId = `ct-list-${code}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('contractionsPage.listTitle')}</h3>
      {error ? <p className="muted">{t('contractionsPage.loadError')}</p> : null}
      {!list && !error ? <p className="muted">{t('contractionsPage.loading')}</p> : null}
      {list ? (
        <>
          <p>{t('contractionsPage.listIntro', { count: list.length })}</p>
          {groupByKind(list).map((g) => {
            const id = `ct-${code}-${g.kind}`;
            return (
              <section key={g.kind} aria-labelledby={id} className="bt-group">
                <h4 id={id}>{brailleT(ui)(`contractionKind.${g.kind}`)}</h4>
                <ul className="bt-grid ct-grid" aria-labelledby={id}>
                  {g.items.map((c) => (
                    <li key={c.id} className="bt-card">
                      <span className="bt-print" lang={code} dir="auto">
                        {c.print}
                      </span>
                      <Cells cells={c.cells} />
                      <span className="bt-unicode" dir="ltr">
                        {c.cells.map((x) => x.unicode).join('')}
                      </span>
                      {c.cells_in_word ? (
                        <span className="ct-in-word">
                          <span className="bt-name">{t('contractionsPage.inWord')}</span>
                          <Cells cells={c.cells_in_word} />
                          <span className="bt-unicode" dir="ltr">
                            {c.cells_in_word.map((x) => x.unicode).join('')}
                          </span>
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
        </>
      ) : null}
    </section>
  );
}
