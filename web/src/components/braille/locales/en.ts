/** English texts of the shared Braille pieces: the six-key keyboard and the names of drawn cells. */
const en = {
  /** "dots 1 2 5"; one dot: "dot 1". `count` is the number of dots. */
  dots_one: 'dot {{dots}}',
  dots_other: 'dots {{dots}}',
  blankCell: 'blank cell',
  space: 'space',
  /** Between the dots and the meaning: "dots 1 2 5, letter h". */
  sep: ', ',
  or: ' or ',
  /** A letter of the English code: "letter h". */
  letterLatin: 'letter {{print}}',
  /** A letter of the Arabic code, by name: "letter ba (ب)". */
  letterArabic: 'letter {{name}} ({{print}})',
  digit: 'digit {{name}}',
  mirrored: 'as written from the back with a stylus',
  keyboard: {
    help: 'Press F D S J K L together for dots 1 2 3 4 5 6, then release them to write the cell. Space: empty cell. Backspace: delete the last cell.',
    helpSubmit: 'Enter: submit.',
    englishMode: 'The keyboard must be in English mode.',
    pointer: 'Dot buttons',
    pointerHelp: 'Or choose dots with these buttons, then write the cell.',
    dot: 'Dot {{dot}}',
    write: 'Write cell',
    spaceButton: 'Space',
    deleteButton: 'Delete cell',
    clear: 'Clear',
    chooseDots: 'Choose at least one dot first.',
    deleted: 'Deleted: {{what}}',
    nothingToDelete: 'Nothing to delete.',
    cleared: 'Cleared.',
    empty: 'No cells yet.',
    cellCount_one: '{{count}} cell',
    cellCount_other: '{{count}} cells',
  },
};

export default en;
