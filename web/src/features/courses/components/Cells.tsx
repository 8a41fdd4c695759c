import type { CellInfo, LetterDto } from '../api/courses';
import type { CoursesT } from '../i18n';

/**
 * One Braille cell drawn as 2×3 dots with their numbers. Always left to right: dots 1–3 are the
 * left column in Arabic Braille too. Decorative here: the caller names it.
 */
export function CellDrawing({ dots, size = 'normal' }: { dots: number[]; size?: 'small' | 'normal' | 'large' }) {
  const on = new Set(dots);
  return (
    <span className={`crs-cell crs-cell-${size}`} dir="ltr" aria-hidden="true">
      {[1, 4, 2, 5, 3, 6].map((d) => (
        <span key={d} className={on.has(d) ? 'crs-dot crs-dot-on' : 'crs-dot'}>
          {d}
        </span>
      ))}
    </span>
  );
}

/** "dots 1 2 5" or, for several cells, "dots 3 4 5 6, then dots 1". */
export function dotsText(cells: Pick<CellInfo, 'dots'>[], txt: CoursesT): string {
  return cells.map((c) => (c.dots.length ? txt('content.dots', { dots: c.dots.join(' ') }) : txt('content.blankCell'))).join(txt('content.then'));
}

/** What a print character is: a letter, a digit or another sign. */
export function whatText(print: string, txt: CoursesT): string {
  if (/^\p{L}+$/u.test(print)) return txt('content.letter', { p: print });
  if (/^\p{N}+$/u.test(print)) return txt('content.digit', { p: print });
  return txt('content.sign', { p: print });
}

/** The accessible name of a letter's cells: "dots 1 2 5, letter h". */
export function cellName(letter: LetterDto, txt: CoursesT): string {
  return txt('content.cellName', { dots: dotsText(letter.cells, txt), what: whatText(letter.print, txt) });
}

/** A lesson's letters table: large cells, each named by its dots and its letter. */
export function LetterCells({ letters, txt, size = 'large' }: { letters: LetterDto[]; txt: CoursesT; size?: 'normal' | 'large' }) {
  return (
    <ul className={`crs-letters crs-letters-${size}`}>
      {letters.map((l, i) => (
        <li key={`${l.print}-${i}`} className="crs-letter">
          <span role="img" aria-label={cellName(l, txt)} className="crs-letter-cells">
            {l.cells.map((c, j) => (
              <CellDrawing key={j} dots={c.dots} size={size} />
            ))}
          </span>
          <span className="crs-letter-print" aria-hidden="true">
            {l.print}
          </span>
        </li>
      ))}
    </ul>
  );
}
