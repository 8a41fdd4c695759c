//! Lamsa's Braille engine: 6-dot cells, and translation between print and Braille
//! for two codes:
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
mod stream;
mod tables;

use std::fmt;
use std::str::FromStr;

pub use cell::{cells_to_brf, cells_to_dots, cells_to_unicode, parse_brf, parse_dots, parse_unicode, Cell, ParseError};
pub use stream::{translate_lines, Format, Stats};
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
        match lang {
            Lang::English => english::forward_line(line, base, out, unknown, &mut self.scratch),
            Lang::Arabic => arabic::forward_line(line, base, out, unknown, &mut self.scratch),
        }
    }
}

/// Translates print text into Braille cells. See the crate documentation for the
/// handling of lines and unknown characters.
pub fn to_braille(text: &str, lang: Lang) -> Translation {
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
        tr.line_into(trimmed, lang, base, &mut t.cells, &mut t.unknown);
        base += line.chars().count() + 1;
    }
    t
}

/// Translates Braille cells back into print text (one line; blank cells are spaces).
pub fn to_text(cells: &[Cell], lang: Lang) -> BackTranslation {
    let mut b = BackTranslation { text: String::with_capacity(cells.len() * 2), unknown_cells: Vec::new() };
    back_into(cells, lang, 0, &mut b.text, &mut b.unknown_cells);
    b
}

pub(crate) fn back_into(cells: &[Cell], lang: Lang, base: usize, out: &mut String, unknown: &mut Vec<usize>) {
    match lang {
        Lang::English => english::back_line(cells, base, out, unknown),
        Lang::Arabic => arabic::back_line(cells, base, out, unknown),
    }
}

/// Back-translates multi-line Braille written in `format`, keeping the lines.
/// `unknown_cells` indexes count the cells of all lines one after the other.
pub fn back_translate(braille: &str, format: Format, lang: Lang) -> Result<BackTranslation, ParseError> {
    let mut b = BackTranslation::default();
    let mut base = 0;
    for (i, line) in braille.split('\n').enumerate() {
        if i > 0 {
            b.text.push('\n');
        }
        let line = line.strip_suffix('\r').unwrap_or(line);
        let cells = format.parse(line)?;
        back_into(&cells, lang, base, &mut b.text, &mut b.unknown_cells);
        base += cells.len();
    }
    Ok(b)
}
