import { BrailleCell } from '@/components/braille/BrailleCell';
import type { CellDto } from '../api/assessments';
import { useAssessmentsT, type AssessmentsT } from '../i18n';

/** "dots 1 2, then dot 1, then dots 1 2". */
/** "dots 1 2 5", "dot 1", or "blank cell". */
export function dotsText(dots: number[], txt: AssessmentsT): string {
  return dots.length ? txt('braille.dots', { count: dots.length, dots: dots.join(' ') }) : txt('braille.blankCell');
}

export function dotsLine(cells: Pick<CellDto, 'dots'>[], txt: AssessmentsT): string {
  return cells.length ? cells.map((c) => dotsText(c.dots, txt)).join(txt('braille.then')) : txt('braille.noCells');
}

interface CellRowProps {
  cells: CellDto[];
  /** The name of the row of drawn cells. */
  label: string;
  /** Each cell's accessible name; by default its dots only (nothing that gives an answer away). */
  labels?: string[];
  captions?: string[];
  captionLang?: string;
  size?: 'small' | 'large';
  /** Also write the cells as Unicode Braille (for Braille displays) and as dot numbers. */
  asText?: boolean;
  id?: string;
}

/**
 * A row of Braille cells: drawn (always left to right, each named by its dots), and, with
 * `asText`, the same cells as Unicode Braille text — which a Braille display shows as the cells
 * themselves — and as dot numbers in words.
 */
export function CellRow({ cells, label, labels, captions, captionLang, size = 'large', asText, id }: CellRowProps) {
  const { t: txt } = useAssessmentsT();
  if (cells.length === 0) return <p className="muted">{txt('braille.noCells')}</p>;
  return (
    <div className="as-cells" id={id}>
      <ol className="cell-row" dir="ltr" aria-label={label}>
        {cells.map((c, i) => (
          <li key={i}>
            <BrailleCell dots={c.dots} label={labels?.[i] ?? dotsText(c.dots, txt)} size={size} caption={captions?.[i]} captionLang={captionLang} />
          </li>
        ))}
      </ol>
      {asText ? (
        <dl className="as-cells-text">
          <dt>{txt('braille.cellsAsText')}</dt>
          <dd>
            <span className="as-unicode" dir="ltr">
              {cells.map((c) => c.unicode).join('')}
            </span>
          </dd>
          <dt>{txt('braille.dotsAsText')}</dt>
          <dd>{dotsLine(cells, txt)}</dd>
        </dl>
      ) : null}
    </div>
  );
}
