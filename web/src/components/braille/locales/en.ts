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
  /** Between the cells of a sign: "dots 5, then dots 2 3 4 6". */
  then: ', then ',
  /** A contraction's cells when they differ inside a word (Arabic). */
  inWord: 'inside a word: {{cells}}',
  /** The classes of contractions (UEB rulebook §10; the Arabic code's rules), as listed by the engine. */
  contractionKind: {
    alphabetic_wordsign: 'Alphabetic wordsigns: a letter alone is a word',
    strong_contraction: 'Strong contractions: written anywhere',
    strong_groupsign: 'Strong groupsigns: letter groups anywhere in a word',
    strong_wordsign: 'Strong wordsigns: one cell for a whole word',
    lower_groupsign: 'Lower groupsigns',
    lower_wordsign: 'Lower wordsigns',
    initial_letter: 'Initial-letter contractions',
    final_letter: 'Final-letter groupsigns',
    shortform: 'Shortforms',
    arabic_anywhere: 'Contracted wherever they occur',
    arabic_word: 'Contracted only as a word on their own',
    arabic_word_start: 'As a word, or at the start of a word',
    arabic_word_or_middle: 'As a word, or in the middle of a word',
    arabic_word_start_or_middle: 'As a word, or at the start or in the middle of a word',
    arabic_word_or_marked: 'As a word; inside a longer word after dots 3 6',
    arabic_word_end: 'At the end of a word',
  },
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
