//! Contracted (grade 2) Braille: English UEB grade 2 and Arabic grade 2.
//!
//! The contraction rules are liblouis's (`tables/en-ueb-g2.ctb`,
//! `tables/ar-ar-g2.ctb`, LGPL-2.1-or-later, read once on first use); the choice of
//! rule at each position follows liblouis 3.24 ([`table`]), and everything that is
//! not a contraction (letters, capitals, numbers, punctuation) is the grade 1
//! translators' (`english.rs`, `arabic.rs`).

pub(crate) mod attr;
pub(crate) mod back;
pub(crate) mod catalogue;
pub(crate) mod pattern;
pub(crate) mod table;

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use crate::cell::Cell;
use crate::Lang;
pub use catalogue::{Contraction, ContractionKind};
use table::Table;

/// Uncontracted or contracted Braille.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Grade {
    /// Grade 1: uncontracted (every letter written).
    #[default]
    One,
    /// Grade 2: contracted (UEB grade 2, Arabic grade 2).
    Two,
}

impl Grade {
    /// `1` or `2`.
    pub fn number(self) -> u8 {
        match self {
            Grade::One => 1,
            Grade::Two => 2,
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// Error for an unknown grade name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGrade(pub String);

impl fmt::Display for UnknownGrade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown Braille grade {:?} (expected 1 or 2)", self.0)
    }
}

impl std::error::Error for UnknownGrade {}

impl FromStr for Grade {
    type Err = UnknownGrade;
    /// Accepts `1`/`2`, `g1`/`g2`, `grade1`/`grade2`, `uncontracted`/`contracted`.
    fn from_str(s: &str) -> Result<Grade, UnknownGrade> {
        match s.trim().to_ascii_lowercase().replace([' ', '-', '_'], "").as_str() {
            "1" | "g1" | "grade1" | "uncontracted" => Ok(Grade::One),
            "2" | "g2" | "grade2" | "contracted" => Ok(Grade::Two),
            _ => Err(UnknownGrade(s.to_string())),
        }
    }
}

/// A set of contractions of one code (by their index in [`contractions`]).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct ContractionSet {
    bits: [u64; 4],
}

impl ContractionSet {
    /// The empty set: grade 2 with no contraction is grade 1 spelling.
    pub fn new() -> ContractionSet {
        ContractionSet::default()
    }

    pub(crate) fn all(n: usize) -> ContractionSet {
        let mut s = ContractionSet::default();
        for i in 0..n {
            s.insert_index(i);
        }
        s
    }

    pub(crate) fn insert_index(&mut self, i: usize) {
        if i < 256 {
            self.bits[i / 64] |= 1 << (i % 64);
        }
    }

    fn contains_index(&self, i: usize) -> bool {
        i < 256 && self.bits[i / 64] & (1 << (i % 64)) != 0
    }

    pub(crate) fn is_subset(&self, other: &ContractionSet) -> bool {
        self.bits.iter().zip(&other.bits).all(|(a, b)| a & !b == 0)
    }

    /// The set of the contractions with these identifiers (see [`Contraction::id`]).
    /// Fails on the first identifier that is not a contraction of `lang`.
    pub fn from_ids<'a>(
        lang: Lang,
        ids: impl IntoIterator<Item = &'a str>,
    ) -> Result<ContractionSet, UnknownContraction> {
        let mut s = ContractionSet::default();
        for id in ids {
            s.insert(lang, id)?;
        }
        Ok(s)
    }

    /// Every contraction of `lang` (the same as full grade 2).
    pub fn every(lang: Lang) -> ContractionSet {
        ContractionSet::all(contractions(lang).len())
    }

    /// Adds a contraction by identifier.
    pub fn insert(&mut self, lang: Lang, id: &str) -> Result<(), UnknownContraction> {
        let i = contractions(lang).iter().position(|c| c.id == id).ok_or_else(|| UnknownContraction(id.to_string()))?;
        self.insert_index(i);
        Ok(())
    }

    /// Whether the set holds the contraction with this identifier.
    pub fn contains(&self, lang: Lang, id: &str) -> bool {
        contractions(lang).iter().position(|c| c.id == id).is_some_and(|i| self.contains_index(i))
    }

    /// The contractions of `lang` in the set, in catalogue order.
    pub fn iter(&self, lang: Lang) -> impl Iterator<Item = &'static Contraction> + '_ {
        contractions(lang).iter().enumerate().filter(|(i, _)| self.contains_index(*i)).map(|(_, c)| c)
    }
}

/// Error for an identifier that names no contraction of the code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownContraction(pub String);

impl fmt::Display for UnknownContraction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown contraction {:?}", self.0)
    }
}

impl std::error::Error for UnknownContraction {}

/// How to translate: the grade and, for grade 2, which contractions to use.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Grade 1 or grade 2.
    pub grade: Grade,
    /// Grade 2 only: use only these contractions (the ones a learner has been
    /// taught); `None` uses all of them. Ignored for grade 1.
    pub contractions: Option<ContractionSet>,
}

impl Options {
    /// Grade 1.
    pub fn grade1() -> Options {
        Options::default()
    }

    /// Full grade 2.
    pub fn grade2() -> Options {
        Options { grade: Grade::Two, contractions: None }
    }

    /// Grade 2 with only the given contractions.
    pub fn partial(contractions: ContractionSet) -> Options {
        Options { grade: Grade::Two, contractions: Some(contractions) }
    }
}

impl From<Grade> for Options {
    fn from(grade: Grade) -> Options {
        Options { grade, contractions: None }
    }
}

/// What the grade 1 translators need to contract: the rules, and the contractions
/// in use (`None`: all).
pub(crate) struct Contractor<'a> {
    pub table: &'a Table,
    pub enabled: Option<&'a ContractionSet>,
    /// Follow the rulebook where we know liblouis does not (see `Table::applies`);
    /// off only to read Braille that liblouis wrote.
    pub rulebook: bool,
}

impl Options {
    /// The contractor for these options, or `None` for grade 1.
    pub(crate) fn contractor(&self, lang: Lang) -> Option<Contractor<'_>> {
        match self.grade {
            Grade::One => None,
            Grade::Two => {
                Some(Contractor { table: &code(lang).table, enabled: self.contractions.as_ref(), rulebook: true })
            }
        }
    }
}

/// A code's grade 2 rules and contraction catalogue.
pub(crate) struct Code {
    pub table: Table,
    pub catalogue: Vec<Contraction>,
    pub back: back::BackIndex,
}

static ENGLISH: OnceLock<Code> = OnceLock::new();
static ARABIC: OnceLock<Code> = OnceLock::new();

const EN_TABLE: &str = include_str!("../../tables/en-ueb-g2.ctb");
const AR_TABLE: &str = include_str!("../../tables/ar-ar-g2.ctb");

fn en_plain(c: char) -> Option<Vec<Cell>> {
    match c {
        '\'' | '’' => Some(vec![Cell(4)]),
        _ => crate::english::letter(c).map(|(_, cells)| cells.to_vec()),
    }
}

fn ar_plain(c: char) -> Option<Cell> {
    if c == ' ' {
        return Some(Cell::EMPTY);
    }
    crate::arabic::letter(c).or_else(|| crate::arabic::mark(c))
}

pub(crate) fn code(lang: Lang) -> &'static Code {
    match lang {
        Lang::English => ENGLISH.get_or_init(|| {
            let mut table = Table::parse(EN_TABLE, attr::english, true).expect("en-ueb-g2.ctb");
            let catalogue = catalogue::english();
            catalogue::assign_needs(&mut table, &catalogue, &en_plain);
            let back = back::BackIndex::new(&table, Lang::English);
            Code { table, catalogue, back }
        }),
        Lang::Arabic => ARABIC.get_or_init(|| {
            let mut table = Table::parse(AR_TABLE, attr::arabic, false).expect("ar-ar-g2.ctb");
            let catalogue = catalogue::arabic(&table, ar_plain);
            catalogue::assign_needs(&mut table, &catalogue, &|c| ar_plain(c).map(|x| vec![x]));
            let back = back::BackIndex::new(&table, Lang::Arabic);
            Code { table, catalogue, back }
        }),
    }
}

/// The contractions of a code, in teaching order for English (UEB's classes) and
/// table order for Arabic. Each has a stable [`Contraction::id`].
///
/// ```
/// use braille::{contractions, Lang};
/// let the = contractions(Lang::English).iter().find(|c| c.id == "en:the").unwrap();
/// assert_eq!(braille::cells_to_unicode(&the.cells), "⠮");
/// ```
pub fn contractions(lang: Lang) -> &'static [Contraction] {
    &code(lang).catalogue
}

/// The contraction with this identifier.
pub fn contraction(lang: Lang, id: &str) -> Option<&'static Contraction> {
    contractions(lang).iter().find(|c| c.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Nearly every rule is lined up with the contractions it writes, so that
    /// partial contraction can leave it out when one of them is not taught yet.
    #[test]
    fn rules_are_lined_up_with_contractions() {
        for (lang, src, attrs, seq) in [
            (Lang::English, EN_TABLE, attr::english as fn(char) -> u32, true),
            (Lang::Arabic, AR_TABLE, attr::arabic, false),
        ] {
            let mut table = Table::parse(src, attrs, seq).unwrap();
            let cat = match lang {
                Lang::English => catalogue::english(),
                Lang::Arabic => catalogue::arabic(&table, ar_plain),
            };
            let unaligned = match lang {
                Lang::English => catalogue::assign_needs(&mut table, &cat, &en_plain),
                Lang::Arabic => catalogue::assign_needs(&mut table, &cat, &|c| ar_plain(c).map(|x| vec![x])),
            };
            let with_cells = table.rules.iter().filter(|r| r.cells.is_some()).count();
            eprintln!("{lang}: {unaligned} of {with_cells} rules with cells not lined up");
            // The rest are lone letters and signs protected by grade 1 indicators
            // (`word ى 56-56-135`), used in full grade 2 only.
            assert!(unaligned * 20 < with_cells, "{lang}: {unaligned} of {with_cells} rules not lined up");
        }
    }
}
