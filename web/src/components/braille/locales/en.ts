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
    helpLatch: 'Latch mode: press F D S J K L one at a time to turn dots 1 2 3 4 5 6 on or off, then Space or Enter to write the cell. Space with no dot on: empty cell. Backspace: delete the last cell.',
    helpSubmitLatch: 'Enter with no dot on: submit.',
    dotOn: 'dot {{dot}} on',
    dotOff: 'dot {{dot}} off',
    latchOffer: 'Some dots seem to go missing when you press keys together: your keyboard may not report six keys at once. In latch mode you press the dots one at a time.',
    cellThenOffer: '{{cell}}. {{offer}}',
    offerAccept: 'Switch to latch mode',
    offerDismiss: 'No, thanks',
    latchOn: 'Latch mode is on: press the dots one at a time, then Space or Enter to write the cell.',
    offerDismissed: 'Latch mode will not be offered again. You can turn it on in your account settings.',
  },
  settings: {
    heading: 'Braille keyboard',
    legend: 'How the six keys write a cell',
    chord: 'Chord: press the dots of a cell together',
    chordHint: 'The cell is written when you release the keys. This is the default.',
    latch: 'Latch: press the dots one at a time',
    latchHint: 'Each key turns its dot on or off and says so; Space or Enter writes the cell. For keyboards that cannot press six keys at once.',
    savedChord: 'Chord mode is on.',
    savedLatch: 'Latch mode is on.',
  },
};

export default en;
