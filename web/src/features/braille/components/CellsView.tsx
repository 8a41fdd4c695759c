import { BrailleCell } from '@/components/braille/BrailleCell';
import { cellLabel, dotsPhrase, labelCells } from '@/components/braille/describe';
import { splitCells, type CellInfo, type Code } from '@/components/braille/cells';
import { useBrailleTable } from '@/components/braille/table';
import { useUiLang } from '@/components/braille/i18n';
import { useTranslatorT } from '../i18n';

/** Most cells drawn at once; the Unicode Braille field always has the whole result. */
export const MAX_DRAWN = 300;

interface Props {
  /** Unicode Braille, lines joined by newlines (to split `cells` into lines). */
  braille: string;
  cells: CellInfo[];
  code: Code;
  /**
   * Contracted Braille: a cell's meaning depends on where it stands (⠮ is "the" or part of a
   * word), so cells are named by their dots only.
   */
  contracted?: boolean;
  headingId: string;
}

/** The result as large drawn cells, each named like "dots 1 2 5, letter h", line by line. */
export function CellsView({ braille, cells, code, contracted, headingId }: Props) {
  const { t } = useTranslatorT();
  const ui = useUiLang();
  const { table } = useBrailleTable(code);
  const labelled = contracted
    ? cells.map((c) => ({ dots: c.dots, unicode: c.unicode, meaning: null, caption: '', label: c.dots.length ? dotsPhrase(c.dots, ui) : cellLabel([], null, ui) }))
    : labelCells(cells, table, code, ui);

  const lines: Array<typeof labelled> = [];
  let at = 0;
  for (const line of braille.split('\n')) {
    const n = splitCells(line).length;
    lines.push(labelled.slice(at, at + n));
    at += n;
  }
  // Lines keep their numbers; empty lines are not drawn, and drawing stops after MAX_DRAWN cells.
  let budget = MAX_DRAWN;
  const drawn: Array<{ n: number; cells: typeof labelled }> = [];
  lines.forEach((line, i) => {
    if (budget <= 0 || line.length === 0) return;
    drawn.push({ n: i + 1, cells: line.slice(0, budget) });
    budget -= line.length;
  });

  return (
    <section aria-labelledby={headingId} className="tr-cells">
      <h3 id={headingId}>{t('cells')}</h3>
      <p className="muted">{t('cellsNote')}</p>
      {contracted ? <p className="muted">{t('cellsContracted')}</p> : null}
      {cells.length > MAX_DRAWN ? <p>{t('cellsShown', { shown: MAX_DRAWN, total: cells.length })}</p> : null}
      {drawn.map((line) => (
        <ol key={line.n} className="cell-row tr-line" dir="ltr" aria-label={lines.length > 1 ? t('line', { n: line.n }) : undefined}>
          {line.cells.map((c, j) => (
            <li key={j}>
              <BrailleCell dots={c.dots} label={c.label} caption={contracted ? undefined : c.caption} captionLang={code} />
            </li>
          ))}
        </ol>
      ))}
    </section>
  );
}
