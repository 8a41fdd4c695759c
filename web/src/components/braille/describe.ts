/**
 * Accessible names of Braille cells: "dots 1 2 5, letter h" / "النقاط 1 2 5، الحرف ه". The
 * meanings come from the engine's reference table (`GET /api/braille/table`), never from a
 * list kept here.
 */
import { dotsKey, type BrailleTable, type CellInfo, type Code, type TableEntry } from './cells';
import { brailleT, type UiLang } from './i18n';

/** "dots 1 2 5", "dot 1", or "blank cell". */
export function dotsPhrase(dots: number[], ui: UiLang): string {
  const t = brailleT(ui);
  return dots.length === 0 ? t('blankCell') : t('dots', { count: dots.length, dots: dots.join(' ') });
}

/** How an entry of the table is named in the interface language. */
export function entryPhrase(entry: TableEntry, code: Code, ui: UiLang): string {
  const t = brailleT(ui);
  const name = ui === 'en' ? entry.name_en : entry.name_ar;
  if (entry.kind === 'letter') return code === 'en' ? t('letterLatin', { print: entry.print }) : t('letterArabic', { name, print: entry.print });
  if (entry.kind === 'digit') return t('digit', { name });
  return name;
}

/** Table entries written with exactly this one cell; letters first, then in table order. */
export function singleCellEntries(table: BrailleTable | null, dots: number[]): TableEntry[] {
  if (!table) return [];
  const key = dotsKey(dots);
  const found = table.entries.filter((e) => e.cells.length === 1 && dotsKey(e.cells[0].dots) === key);
  return [...found.filter((e) => e.kind === 'letter'), ...found.filter((e) => e.kind !== 'letter')];
}

/**
 * What a lone cell means in the code, in the interface language. With `preferred` (the
 * engine's own meaning of the cell) only that entry is named; otherwise every meaning is
 * listed ("question mark or opening quotation mark"). Null when it means nothing on its own.
 */
export function cellMeaning(dots: number[], table: BrailleTable | null, code: Code, ui: UiLang, preferred?: string | null): string | null {
  const t = brailleT(ui);
  if (dots.length === 0) return t('space');
  const entries = singleCellEntries(table, dots);
  if (preferred) {
    const pick = entries.find((e) => e.print === preferred || e.name_en === preferred || e.name_ar === preferred);
    if (pick) return entryPhrase(pick, code, ui);
  }
  if (entries.length) return entries.map((e) => entryPhrase(e, code, ui)).join(t('or'));
  return preferred ?? null;
}

/** "dots 1 2 5, letter h": the dots, then the meaning when there is one. */
export function cellLabel(dots: number[], meaning: string | null, ui: UiLang): string {
  const t = brailleT(ui);
  if (dots.length === 0) return `${t('blankCell')}${t('sep')}${meaning && meaning !== t('space') ? meaning : t('space')}`;
  return meaning ? `${dotsPhrase(dots, ui)}${t('sep')}${meaning}` : dotsPhrase(dots, ui);
}

export interface LabelledCell {
  dots: number[];
  unicode: string;
  /** The meaning on its own ("letter h", "digit one"), or null. */
  meaning: string | null;
  /** A short print form to show under a drawn cell ("h", "1", "؟"), or "". */
  caption: string;
  /** The full accessible name. */
  label: string;
}

/**
 * Names every cell of a translation. Cells after the number sign that write digits are named
 * as digits until the number ends (in the English code a comma or full stop between digits
 * keeps the number going, as in 1,000 and 3.5).
 */
export function labelCells(cells: CellInfo[], table: BrailleTable | null, code: Code, ui: UiLang): LabelledCell[] {
  const digits = (table?.entries ?? []).filter((e) => e.kind === 'digit' && e.cells.length === 2);
  const numberSign = digits.length ? dotsKey(digits[0].cells[0].dots) : null;
  const digitByCell = new Map<string, TableEntry>(digits.map((e) => [dotsKey(e.cells[1].dots), e]));
  const inNumberPunct = new Set(
    code === 'en'
      ? (table?.entries ?? []).filter((e) => e.cells.length === 1 && (e.print === ',' || e.print === '.')).map((e) => dotsKey(e.cells[0].dots))
      : [],
  );

  let inNumber = false;
  return cells.map((c, i) => {
    const key = dotsKey(c.dots);
    let meaning: string | null = null;
    let caption = '';
    const digit = inNumber ? digitByCell.get(key) : undefined;
    if (digit) {
      meaning = entryPhrase(digit, code, ui);
      caption = digit.print;
    } else {
      const nextIsDigit = i + 1 < cells.length && digitByCell.has(dotsKey(cells[i + 1].dots));
      const keepsNumber = inNumber && inNumberPunct.has(key) && nextIsDigit;
      inNumber = keepsNumber || (numberSign !== null && key === numberSign);
      meaning = cellMeaning(c.dots, table, code, ui, c.meaning);
      const pick = c.meaning && c.meaning.length <= 2 ? c.meaning : '';
      caption = c.dots.length === 0 ? '' : pick;
    }
    return { dots: c.dots, unicode: c.unicode, meaning, caption, label: cellLabel(c.dots, meaning, ui) };
  });
}

/** "dots 5, then dots 2 3 4 6": every cell of a sign by its dots. */
export function cellsPhrase(cells: Pick<CellInfo, 'dots'>[], ui: UiLang): string {
  return cells.map((c) => dotsPhrase(c.dots, ui)).join(brailleT(ui)('then'));
}

/**
 * A contraction told in words: "the: dots 2 3 4 6"; when its cells differ inside a word
 * (Arabic), "…; inside a word: …" too.
 */
export function contractionPhrase(c: { print: string; cells: Pick<CellInfo, 'dots'>[]; cells_in_word: Pick<CellInfo, 'dots'>[] | null }, ui: UiLang): string {
  const t = brailleT(ui);
  const alone = `${c.print}${t('sep')}${cellsPhrase(c.cells, ui)}`;
  return c.cells_in_word ? `${alone}${ui === 'ar' ? '؛ ' : '; '}${t('inWord', { cells: cellsPhrase(c.cells_in_word, ui) })}` : alone;
}
