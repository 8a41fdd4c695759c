/**
 * A 2×3 Braille cell drawn with its dots numbered. Always left to right: dots 1–3 are the left
 * column in Arabic Braille too, so it must not mirror in the Arabic layout. `mirrored` draws
 * the cell as it is punched from the back with a slate and stylus (dots 4–6 on the left).
 */
const READ_ORDER = [1, 4, 2, 5, 3, 6];
const MIRROR_ORDER = [4, 1, 5, 2, 6, 3];

interface Props {
  dots: number[];
  /** The accessible name, e.g. "dots 1 2 5, letter h". */
  label: string;
  size?: 'small' | 'large';
  mirrored?: boolean;
  /** A short print form shown under the cell (hidden from screen readers: the label says it). */
  caption?: string;
  /** Language of the caption, when it differs from the page. */
  captionLang?: string;
}

export function BrailleCell({ dots, label, size = 'large', mirrored, caption, captionLang }: Props) {
  const on = new Set(dots);
  return (
    <span className={`braille-cell bc-${size}`} dir="ltr">
      <span className="cell-grid" role="img" aria-label={label}>
        {(mirrored ? MIRROR_ORDER : READ_ORDER).map((d) => (
          <span key={d} className={on.has(d) ? 'dot dot-on' : 'dot'} aria-hidden="true">
            {d}
          </span>
        ))}
      </span>
      {caption !== undefined ? (
        <span className="bc-caption" aria-hidden="true" lang={captionLang} dir="auto">
          {caption || '\u00a0'}
        </span>
      ) : null}
    </span>
  );
}
