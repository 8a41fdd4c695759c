//! Lamsa's Braille engine: 6-dot cells, and translation between print and Braille
//! for two codes, uncontracted (grade 1) and contracted (grade 2, see below):
//!
//! * **English** — Unified English Braille, uncontracted (grade 1): capital
//!   indicators for a letter (⠠), a word (⠠⠠) and a passage of three or more words
//!   (⠠⠠⠠ … ⠠⠄), the capitals terminator (⠠⠄) inside words, the numeric indicator
//!   (⠼) with digits a–j, numeric mode across `.`/`,` and the numeric space (⠐),
//!   the grade 1 indicator (⠰) where a letter a–j follows a number, before
//!   `, ; : !` between two letters and before a `?` that does not end a word,
//!   straight quotes resolved to opening ⠦ / closing ⠴ / non-directional ⠠⠶ by
//!   position, accented letters, punctuation and common symbols.
//! * **Arabic** — the unified Arabic Braille code, grade 1, as liblouis's
//!   `ar-ar-g1.utb` has it: all letters and hamza forms, ta marbuta, alef maqsura,
//!   lam-alef (⠧), tashkeel with shadda written *before* its letter, Arabic
//!   punctuation (، ؛ ؟), numbers with the number sign for Western, Arabic-Indic and
//!   Persian digits (`.`, `,` and the Arabic separators `٫ ٬` inside numbers), the
//!   letter sign (⠰) after a number before a letter whose cell reads as a digit
//!   (ا ب ج د ه ف ي and kasra), and Latin letters with capital
//!   signs (⠠ letter, ⠠⠠ word, ⠠⠄ terminator) as the Arabic table writes them.
//!   Cells are always given left to right.
//!
//! The output of both codes agrees with liblouis 3.24 (`en-ueb-g1.ctb`,
//! `ar-ar-g1.utb`) on the reference files in `tests/reference/`, except for the
//! documented exceptions listed in `tests/reference.rs`, where we follow the
//! standard: shadda is written before its letter also when a vowel precedes it in
//! the input (NFC order); ف after a number takes the letter sign; `٫ ٬` are
//! written as decimal point and thousands separator; and in an English capitals
//! passage a capital a–j right after a number takes the grade 1 indicator.
//!
//! ```
//! use braille::{to_braille, to_text, Lang};
//! let t = to_braille("Hello 12", Lang::English);
//! assert_eq!(t.to_unicode(), "⠠⠓⠑⠇⠇⠕⠀⠼⠁⠃");
//! assert_eq!(to_text(&t.cells, Lang::English).text, "Hello 12");
//! assert_eq!(to_braille("مُحَمّد ١٢", Lang::Arabic).to_unicode(), "⠍⠥⠱⠂⠠⠍⠙⠀⠼⠁⠃");
//! ```
//!
//! # Contracted Braille (grade 2)
//!
//! Every translating function has a `_with` form that takes [`Options`]: the
//! [`Grade`] and, for grade 2, the contractions in use. Grade 2 is UEB grade 2
//! (contractions, groupsigns, wordsigns, shortforms and the rules of where each may
//! be used; capitals, numbers and punctuation as in grade 1) and Arabic grade 2
//! (the contractions of liblouis's `ar-ar-g2.ctb`).
//!
//! ```
//! use braille::{to_braille_with, to_text_with, Lang, Options};
//! let g2 = Options::grade2();
//! let t = to_braille_with("The mother and the child.", Lang::English, &g2);
//! assert_eq!(t.to_unicode(), "⠠⠮⠀⠐⠍⠀⠯⠀⠮⠀⠡⠲");
//! assert_eq!(to_text_with(&t.cells, Lang::English, &g2).text, "The mother and the child.");
//! assert_eq!(to_braille_with("ذهب الولد إلى المدرسة", Lang::Arabic, &g2).to_unicode(), "⠮⠓⠃⠀⠉⠺⠇⠙⠀⠢⠀⠉⠍⠙⠗⠎⠡");
//! ```
//!
//! **Contractions and lessons.** [`contractions`] lists a code's contractions, each
//! with a stable [`Contraction::id`] (`"en:the"`, `"en:ing"`, `"en:about"`,
//! `"ar:ال"`, `"ar:لا_بد"`), its [`ContractionKind`], print and cells. A
//! [`ContractionSet`] built from identifiers ([`ContractionSet::from_ids`]) and
//! passed in [`Options::partial`] translates with only those contractions, so that
//! a lesson can introduce them a few at a time; everything else is spelled out, and
//! a grade 1 indicator that only guards against reading a contraction appears once
//! that contraction is in the set. The empty set spells words as grade 1 does.
//!
//! ```
//! use braille::{to_braille_with, ContractionSet, Lang, Options};
//! let taught = ContractionSet::from_ids(Lang::English, ["en:th", "en:er"]).unwrap();
//! assert_eq!(to_braille_with("mother", Lang::English, &Options::partial(taught)).to_unicode(), "⠍⠕⠹⠻");
//! assert_eq!(to_braille_with("mother", Lang::English, &Options::grade2()).to_unicode(), "⠐⠍");
//! ```
//!
//! **Agreement with liblouis.** The contraction rules are liblouis's own tables
//! (`tables/en-ueb-g2.ctb`, `tables/ar-ar-g2.ctb`: LGPL-2.1-or-later data, read once
//! on first use; see `tables/README.md`), applied as liblouis 3.24 applies them.
//! The output equals liblouis's on the grade 2 reference files except the lines
//! listed in `tests/reference_g2.rs`, where the Rules of Unified English Braille
//! (§10.8.2: no final-letter groupsign right after a capitals indicator) are
//! followed instead, and where liblouis has no rule (Arabic ٪).
//!
//! **Back-translation** of grade 2 reads each word in every way the rules allow
//! and keeps a reading whose forward translation gives exactly the same cells, so
//! `⠼⠉` is the digit 3 (never the contraction ال, as liblouis reads it) and
//! `⠠⠏⠲⠠⠎⠲` is "P.S." (not "P.So."). Where two readings give the same cells the
//! more plausible is chosen; readings not found within the search budget (very
//! long runs of letters with many possible contractions) fall back to the first
//! reading found.
//!
//! # Lines
//!
//! Text is translated line by line (`'\n'` separates lines; a `'\r'` before it is
//! dropped). [`Translation::cells`] holds the cells of all lines one after the
//! other and [`Translation::line_breaks`] the indexes in `cells` where each new
//! line starts; [`Translation::lines`] iterates over the lines and
//! [`Translation::to_unicode`] joins them with `'\n'`. A space becomes the blank
//! cell (U+2800); tabs and no-break spaces also become one blank cell.
//! Translation state (numbers, capitals) never crosses a line break.
//!
//! # Unknown characters
//!
//! A character with no Braille form in the chosen code (e.g. Arabic letters in
//! English, emoji, control characters) produces no cells and is reported in
//! [`Translation::unknown`] with its char index in the input. Nothing panics on any
//! input. Back-translation likewise reports cells or cell sequences that mean
//! nothing on their own in [`BackTranslation::unknown_cells`].
//!
//! # Back-translation
//!
//! [`to_text`] inverts the translation wherever the code carries the information:
//! case, digits, punctuation and tashkeel come back. What the codes cannot carry:
//! in Arabic, digits come back as Arabic-Indic digits (Western digits share the
//! cells) and Latin letters come back as the Arabic letters with the same cells;
//! shadda comes back right after its letter (before any vowel); symbols written
//! the same way come back as one of them (e.g. `–` as `—` in English).

mod arabic;
mod cell;
mod common;
mod english;
mod g2;
mod stream;
mod tables;

use std::fmt;
use std::str::FromStr;

pub use cell::{cells_to_brf, cells_to_dots, cells_to_unicode, parse_brf, parse_dots, parse_unicode, Cell, ParseError};
pub use g2::{
    contraction, contractions, Contraction, ContractionKind, ContractionSet, Grade, Options, UnknownContraction,
    UnknownGrade,
};
pub use stream::{translate_lines, translate_lines_with, Format, Stats};
pub use tables::{describe_cell, reference_table, EntryKind, TableEntry};

/// The Braille code to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lang {
    /// The unified Arabic Braille code, grade 1 (`"ar"`).
    Arabic,
    /// Unified English Braille, uncontracted (`"en"`).
    English,
}

impl Lang {
    /// The language code, `"ar"` or `"en"`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Arabic => "ar",
            Lang::English => "en",
        }
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Error for an unknown language name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown Braille language {:?} (expected \"ar\" or \"en\")", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;
    /// Accepts `ar`/`en` (any case), `arabic`/`english`, and tags such as `ar-SA`, `en-US`.
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        let lower = s.trim().to_ascii_lowercase();
        let primary = lower.split(['-', '_']).next().unwrap_or("");
        match primary {
            "ar" | "ara" | "arabic" => Ok(Lang::Arabic),
            "en" | "eng" | "english" => Ok(Lang::English),
            _ => Err(UnknownLang(s.to_string())),
        }
    }
}

/// Arabic if the text contains an Arabic-script letter, otherwise English.
pub fn detect_lang(text: &str) -> Lang {
    if text.chars().any(arabic::is_arabic_letter) {
        Lang::Arabic
    } else {
        Lang::English
    }
}

/// A character with no Braille form in the chosen code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unknown {
    /// Char index (not byte index) in the input text.
    pub index: usize,
    /// The character.
    pub ch: char,
}

/// The result of [`to_braille`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Translation {
    /// The cells of all lines, one after the other.
    pub cells: Vec<Cell>,
    /// Indexes in `cells` where the 2nd, 3rd, … line starts (empty for one line).
    pub line_breaks: Vec<usize>,
    /// Characters that could not be translated, in input order.
    pub unknown: Vec<Unknown>,
}

impl Translation {
    /// The cells of each line.
    pub fn lines(&self) -> impl Iterator<Item = &[Cell]> {
        let starts = std::iter::once(0).chain(self.line_breaks.iter().copied());
        let ends = self.line_breaks.iter().copied().chain(std::iter::once(self.cells.len()));
        starts.zip(ends).map(move |(s, e)| &self.cells[s..e])
    }

    /// Unicode Braille with the lines joined by `'\n'`.
    pub fn to_unicode(&self) -> String {
        self.join(cells_to_unicode)
    }

    /// Braille ASCII with the lines joined by `'\n'`.
    pub fn to_brf(&self) -> String {
        self.join(cells_to_brf)
    }

    /// Dot numbers ([`cells_to_dots`] form) with the lines joined by `'\n'`.
    pub fn to_dots(&self) -> String {
        self.join(cells_to_dots)
    }

    fn join(&self, f: fn(&[Cell]) -> String) -> String {
        let mut s = String::new();
        for (i, line) in self.lines().enumerate() {
            if i > 0 {
                s.push('\n');
            }
            s.push_str(&f(line));
        }
        s
    }
}

/// The result of [`to_text`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct BackTranslation {
    /// The print text.
    pub text: String,
    /// Indexes of cells that mean nothing where they stand (skipped in `text`).
    pub unknown_cells: Vec<usize>,
}

/// A reusable translator: keeps its buffers between calls so that translating a
/// stream of lines allocates nothing per line.
#[derive(Default)]
pub struct Translator {
    scratch: common::Scratch,
}

impl Translator {
    /// A new translator.
    pub fn new() -> Translator {
        Translator::default()
    }

    /// Translates one line (it should not contain `'\n'`; if it does, the newline
    /// is reported as unknown). Appends cells to `out` and unknown characters
    /// (indexes offset by `base`) to `unknown`.
    pub fn line_into(&mut self, line: &str, lang: Lang, base: usize, out: &mut Vec<Cell>, unknown: &mut Vec<Unknown>) {
        self.line_into_with(line, lang, &Options::default(), base, out, unknown)
    }

    /// [`Translator::line_into`] in the grade (and with the contractions) of `opts`.
    pub fn line_into_with(
        &mut self,
        line: &str,
        lang: Lang,
        opts: &Options,
        base: usize,
        out: &mut Vec<Cell>,
        unknown: &mut Vec<Unknown>,
    ) {
        forward_line(line, lang, opts.contractor(lang).as_ref(), base, out, unknown, &mut self.scratch);
    }
}

/// One line forward in either code, contracting with `g2` if given.
pub(crate) fn forward_line(
    line: &str,
    lang: Lang,
    g2: Option<&g2::Contractor>,
    base: usize,
    out: &mut Vec<Cell>,
    unknown: &mut Vec<Unknown>,
    scratch: &mut common::Scratch,
) {
    match lang {
        Lang::English => english::forward_line(line, base, out, unknown, scratch, g2),
        Lang::Arabic => arabic::forward_line(line, base, out, unknown, scratch, g2),
    }
}

/// Translates print text into Braille cells. See the crate documentation for the
/// handling of lines and unknown characters.
pub fn to_braille(text: &str, lang: Lang) -> Translation {
    to_braille_with(text, lang, &Options::default())
}

/// [`to_braille`] in the grade of `opts` (grade 2, possibly with only some
/// contractions).
pub fn to_braille_with(text: &str, lang: Lang, opts: &Options) -> Translation {
    let mut t = Translation { cells: Vec::with_capacity(text.len() + text.len() / 4), ..Translation::default() };
    let mut tr = Translator::new();
    let mut base = 0;
    let mut lines = text.split('\n').peekable();
    let mut first = true;
    while let Some(line) = lines.next() {
        if !first {
            t.line_breaks.push(t.cells.len());
        }
        first = false;
        // A '\r' is part of the line end only when a '\n' follows.
        let trimmed = match lines.peek() {
            Some(_) => line.strip_suffix('\r').unwrap_or(line),
            None => line,
        };
        tr.line_into_with(trimmed, lang, opts, base, &mut t.cells, &mut t.unknown);
        base += line.chars().count() + 1;
    }
    t
}

/// Translates Braille cells back into print text (one line; blank cells are spaces).
pub fn to_text(cells: &[Cell], lang: Lang) -> BackTranslation {
    to_text_with(cells, lang, &Options::default())
}

/// [`to_text`] for Braille written in the grade of `opts`.
pub fn to_text_with(cells: &[Cell], lang: Lang, opts: &Options) -> BackTranslation {
    let mut b = BackTranslation { text: String::with_capacity(cells.len() * 2), unknown_cells: Vec::new() };
    back_into(cells, lang, opts, 0, &mut b.text, &mut b.unknown_cells);
    b
}

pub(crate) fn back_into(
    cells: &[Cell],
    lang: Lang,
    opts: &Options,
    base: usize,
    out: &mut String,
    unknown: &mut Vec<usize>,
) {
    match (opts.grade, lang) {
        (Grade::One, Lang::English) => english::back_line(cells, base, out, unknown),
        (Grade::One, Lang::Arabic) => arabic::back_line(cells, base, out, unknown),
        (Grade::Two, _) => g2::back::back_line(cells, lang, opts, base, out, unknown),
    }
}

/// Unicode Braille as a person pastes it (the translator's "Braille to text"), read line by
/// line: a space is a blank cell, a character that is not Braille is left out and reported,
/// each line is read on its own.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LinesRead {
    /// The print text, lines joined by `\n`.
    pub text: String,
    /// The cells of each line (what was not Braille left out).
    pub lines: Vec<Vec<Cell>>,
    /// Each character that is not Braille, and each cell that means nothing where it stands,
    /// by its index in the input (counted in characters, a newline included); in input order.
    pub unknown: Vec<(usize, char)>,
}

/// Reads pasted Unicode Braille back into print, line by line: see [`LinesRead`].
pub fn read_unicode_lines(input: &str, lang: Lang, opts: &Options) -> LinesRead {
    let mut read = LinesRead::default();
    let mut line_start = 0;
    for (i, line) in input.split('\n').enumerate() {
        let mut cells = Vec::new();
        // Where each cell stands in the input, to report a cell that means nothing there.
        let mut at = Vec::new();
        let mut not_braille = Vec::new();
        for (k, ch) in line.trim_end_matches('\r').chars().enumerate() {
            let cell = if ch == ' ' { Some(Cell::EMPTY) } else { Cell::from_unicode(ch) };
            match cell {
                Some(c) => {
                    cells.push(c);
                    at.push(line_start + k);
                }
                None => not_braille.push((line_start + k, ch)),
            }
        }
        if i > 0 {
            read.text.push('\n');
        }
        let back = to_text_with(&cells, lang, opts);
        read.text.push_str(&back.text);
        let meaningless = back.unknown_cells.iter().map(|&u| (at[u], cells[u].to_unicode()));
        let mut unknown: Vec<(usize, char)> = not_braille.into_iter().chain(meaningless).collect();
        unknown.sort_by_key(|&(index, _)| index);
        read.unknown.extend(unknown);
        line_start += line.chars().count() + 1;
        read.lines.push(cells);
    }
    read
}

/// Back-translates multi-line Braille written in `format`, keeping the lines.
/// `unknown_cells` indexes count the cells of all lines one after the other.
pub fn back_translate(braille: &str, format: Format, lang: Lang) -> Result<BackTranslation, ParseError> {
    back_translate_with(braille, format, lang, &Options::default())
}

/// [`back_translate`] for Braille written in the grade of `opts`.
pub fn back_translate_with(
    braille: &str,
    format: Format,
    lang: Lang,
    opts: &Options,
) -> Result<BackTranslation, ParseError> {
    let mut b = BackTranslation::default();
    let mut base = 0;
    for (i, line) in braille.split('\n').enumerate() {
        if i > 0 {
            b.text.push('\n');
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        let cells = format.parse(line)?;
        back_into(&cells, lang, opts, base, &mut b.text, &mut b.unknown_cells);
        base += cells.len();
    }
    Ok(b)
}

#[cfg(test)]
mod lines_read_tests {
    use super::*;

    #[test]
    fn pasted_lines_are_read_one_by_one_and_what_is_not_braille_is_reported_where_it_stands() {
        // "ab", a newline, "x" (not Braille), "c", a CRLF line end, then an empty line.
        let read = read_unicode_lines("⠁⠃\nx⠉\r\n", Lang::English, &Options::grade1());
        assert_eq!(read.text, "ab\nc\n");
        assert_eq!(read.lines.len(), 3);
        assert_eq!(read.lines[1], vec![Cell::from_unicode('⠉').unwrap()]);
        assert_eq!(read.unknown, vec![(3, 'x')]);
    }

    #[test]
    fn a_cell_that_means_nothing_is_reported_at_its_place_in_the_input() {
        // ⠉ is no Arabic letter: reported at index 5 (x, space, ⠁, newline, ⠁), after the x.
        let read = read_unicode_lines("x ⠁\n⠁⠉", Lang::Arabic, &Options::grade1());
        assert_eq!(read.unknown, vec![(0, 'x'), (5, '⠉')]);
        assert_eq!(read.text, " ا\nا");
    }
}
