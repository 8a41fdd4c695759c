/**
 * Reference tables of a Braille code drawn from the engine (`GET /api/braille/table`), never by
 * hand: letters, tashkeel, digits, punctuation and symbols, indicators. Each group is a list of
 * cards (print sign, drawn cells named by their dots, name, Unicode Braille), compact enough to
 * scan and read item by item with a screen reader.
 */
import type { ReactNode } from 'react';
import { BrailleCell } from '@/components/braille/BrailleCell';
import { dotsPhrase } from '@/components/braille/describe';
import { useBrailleTable } from '@/components/braille/table';
import { useUiLang } from '@/components/braille/i18n';
import { type CellInfo, type Code, type EntryKind, type TableEntry } from '@/components/braille/cells';
import { useInstructionsT, type InstructionsT } from '../instructions/i18n';
import type en from '../instructions/locales/en';

interface Group {
  kinds: EntryKind[];
  /** Key into `codeTables.groups`. */
  label: keyof (typeof en)['codeTables']['groups'];
}

const GROUPS: Group[] = [
  { kinds: ['letter'], label: 'letters' },
  { kinds: ['tashkeel'], label: 'tashkeel' },
  { kinds: ['digit'], label: 'digits' },
  { kinds: ['punctuation', 'symbol'], label: 'punctuation' },
  { kinds: ['indicator'], label: 'indicators' },
];

/** The print form as shown: a lone tashkeel mark sits on a tatweel so it is visible. */
function shownPrint(e: TableEntry): string {
  return e.kind === 'tashkeel' ? `\u0640${e.print}` : e.print;
}

export function codeTitle(code: Code, t: InstructionsT): string {
  return code === 'ar'
    ? t('codeTitle.arabicBrailleUnifiedArabic')
    : t('codeTitle.englishBrailleUebGrade');
}

/** One card: the print sign(s) on top, the drawn cells, then the name and the Unicode Braille. */
export function SignCard({ signs, cells, name }: { signs: Array<{ text: string; lang: string }>; cells: CellInfo[]; name?: ReactNode }) {
  const ui = useUiLang();
  return (
    <li className="bt-card">
      {signs.length ? (
        <span className="bt-print">
          {signs.map((s, i) => (
            <span key={i} className="bt-sign">
              {i > 0 ? (
                <span className="bt-sep" aria-hidden="true">
                  =
                </span>
              ) : null}
              <span lang={s.lang} dir="auto">
                {s.text}
              </span>
            </span>
          ))}
        </span>
      ) : null}
      <span className="bt-cells" dir="ltr">
        {cells.map((c, j) => (
          <BrailleCell key={j} dots={c.dots} label={dotsPhrase(c.dots, ui)} size="small" />
        ))}
      </span>
      {name ? <span className="bt-name">{name}</span> : null}
      <span className="bt-unicode" dir="ltr">
        {cells.map((c) => c.unicode).join('')}
      </span>
    </li>
  );
}

export function CodeTables({ code }: { code: Code }) {
  const { t } = useInstructionsT();
  const ui = useUiLang();
  const { table, error } = useBrailleTable(code);
  const codeName = code === 'ar' ? t('codeTables.arabic') : t('codeTables.english');

  if (error) return <p className="muted">{t('codeTables.tableCouldNotLoaded')}</p>;
  if (!table) return <p className="muted">{t('codeTables.loadingTable')}</p>;

  return (
    <>
      {GROUPS.map((g) => {
        const rows = table.entries.filter((e) => g.kinds.includes(e.kind));
        if (!rows.length) return null;
        const id = `table-${code}-${g.kinds[0]}`;
        return (
          <section key={g.label} aria-labelledby={id} className="bt-group">
            <h4 id={id}>
              {t(`codeTables.groups.${g.label}`)} — {t('codeTables.codenameBraille', { codeName })}
            </h4>
            <ul className="bt-grid" aria-labelledby={id}>
              {rows.map((e, i) => (
                <SignCard key={`${e.print}-${i}`} signs={e.print ? [{ text: shownPrint(e), lang: code }] : []} cells={e.cells} name={ui === 'ar' ? e.name_ar : e.name_en} />
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
