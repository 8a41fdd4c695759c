export { BrailleCell } from './BrailleCell';
export { BrailleKeyboard, type BrailleKeyboardProps } from './BrailleKeyboard';
export {
  BLANK_CELL,
  dotsKey,
  dotsToUnicode,
  normaliseDots,
  splitCells,
  unicodeToDots,
  type BrailleTable,
  type CellInfo,
  type Code,
  type EntryKind,
  type TableEntry,
} from './cells';
export { chordStep, DOT_CODES, DOT_KEY_LABELS, EMPTY_CHORD, type ChordAction, type ChordState, type KeyInput } from './chord';
export { cellLabel, cellMeaning, dotsPhrase, entryPhrase, labelCells, singleCellEntries, type LabelledCell } from './describe';
export { loadBrailleTable, useBrailleTable } from './table';
export { brailleT, useBrailleT, useUiLang, type UiLang } from './i18n';
