//! The contractions of each code, with stable identifiers, for lessons (partial
//! contraction) and for listing.
//!
//! English: the contractions of Unified English Braille (Rules of UEB 2013, §§10.1–10.9;
//! the shortforms of §10.9), written here from the rulebook. Arabic: the
//! contractions of liblouis's `ar-ar-g2.ctb`, read from the table itself.

use std::collections::HashMap;

use super::table::{Op, Table};
use super::ContractionSet;
use crate::cell::Cell;
use crate::Lang;

/// What kind of contraction an entry is (the rulebook's classes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ContractionKind {
    /// UEB §10.1: a letter standing alone for a word (`b` but, `c` can, …).
    AlphabeticWordsign,
    /// UEB §10.3: `and`, `for`, `of`, `the`, `with`, anywhere.
    StrongContraction,
    /// UEB §10.4: `ch`, `gh`, `sh`, `th`, `wh`, `ed`, `er`, `ou`, `ow`, `st`, `ar`, `ing`.
    StrongGroupsign,
    /// UEB §10.2: `child`, `shall`, `this`, `which`, `out`, `still` standing alone.
    StrongWordsign,
    /// UEB §10.6: `ea`, `bb`, `cc`, `ff`, `gg` inside a word; `be`, `con`, `dis`
    /// starting it; `en` and `in` anywhere (`be` and `in` are also wordsigns).
    LowerGroupsign,
    /// UEB §10.5: `be`, `enough`, `were`, `his`, `in`, `was` standing alone.
    LowerWordsign,
    /// UEB §10.7: dot 5, dots 45 or dots 456 and a letter (`day`, `upon`, `many`, …).
    InitialLetter,
    /// UEB §10.8: dots 46 or 56 and a letter at the end of a part of a word
    /// (`ance`, `tion`, `ness`, …).
    FinalLetter,
    /// UEB §10.9: shortforms (`ab` about, `brl` braille, …).
    Shortform,
    /// Arabic, "first rule": contracted wherever it occurs.
    ArabicAnywhere,
    /// Arabic, "second rule": contracted only as a word of its own.
    ArabicWord,
    /// Arabic, "third rule": as a word or at the start of a word.
    ArabicWordStart,
    /// Arabic, "fourth rule": as a word, or in the middle of a word.
    ArabicWordOrMiddle,
    /// Arabic, "fifth rule": as a word, or at the start or in the middle of a word.
    ArabicWordStartOrMiddle,
    /// Arabic, "sixth rule": as a word; inside a longer word after dots 36.
    ArabicWordOrMarked,
    /// Arabic, "eighth rule": at the end of a word.
    ArabicWordEnd,
}

impl ContractionKind {
    /// A stable snake_case name (`alphabetic_wordsign`, `arabic_word_start`, …).
    pub fn name(self) -> &'static str {
        match self {
            ContractionKind::AlphabeticWordsign => "alphabetic_wordsign",
            ContractionKind::StrongContraction => "strong_contraction",
            ContractionKind::StrongGroupsign => "strong_groupsign",
            ContractionKind::StrongWordsign => "strong_wordsign",
            ContractionKind::LowerGroupsign => "lower_groupsign",
            ContractionKind::LowerWordsign => "lower_wordsign",
            ContractionKind::InitialLetter => "initial_letter",
            ContractionKind::FinalLetter => "final_letter",
            ContractionKind::Shortform => "shortform",
            ContractionKind::ArabicAnywhere => "arabic_anywhere",
            ContractionKind::ArabicWord => "arabic_word",
            ContractionKind::ArabicWordStart => "arabic_word_start",
            ContractionKind::ArabicWordOrMiddle => "arabic_word_or_middle",
            ContractionKind::ArabicWordStartOrMiddle => "arabic_word_start_or_middle",
            ContractionKind::ArabicWordOrMarked => "arabic_word_or_marked",
            ContractionKind::ArabicWordEnd => "arabic_word_end",
        }
    }
}

/// One contraction of a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contraction {
    /// Stable identifier: `"en:"` or `"ar:"` and the print form (spaces as `_`),
    /// e.g. `"en:the"`, `"en:ing"`, `"en:about"`, `"ar:بعد"`, `"ar:لا_بد"`.
    pub id: String,
    /// The code.
    pub lang: Lang,
    /// The print the contraction stands for.
    pub print: String,
    /// The cells, as written standing alone (or wherever the contraction is used).
    pub cells: Vec<Cell>,
    /// The cells inside a longer word where they differ (Arabic "sixth rule": dots 36
    /// first); `None` otherwise.
    pub cells_in_word: Option<Vec<Cell>>,
    /// What kind of contraction it is.
    pub kind: ContractionKind,
}

use ContractionKind as K;

/// UEB contractions: print, dots, kind. In teaching order within each kind.
static ENGLISH: &[(&str, &str, ContractionKind)] = &[
    ("but", "12", K::AlphabeticWordsign),
    ("can", "14", K::AlphabeticWordsign),
    ("do", "145", K::AlphabeticWordsign),
    ("every", "15", K::AlphabeticWordsign),
    ("from", "124", K::AlphabeticWordsign),
    ("go", "1245", K::AlphabeticWordsign),
    ("have", "125", K::AlphabeticWordsign),
    ("just", "245", K::AlphabeticWordsign),
    ("knowledge", "13", K::AlphabeticWordsign),
    ("like", "123", K::AlphabeticWordsign),
    ("more", "134", K::AlphabeticWordsign),
    ("not", "1345", K::AlphabeticWordsign),
    ("people", "1234", K::AlphabeticWordsign),
    ("quite", "12345", K::AlphabeticWordsign),
    ("rather", "1235", K::AlphabeticWordsign),
    ("so", "234", K::AlphabeticWordsign),
    ("that", "2345", K::AlphabeticWordsign),
    ("us", "136", K::AlphabeticWordsign),
    ("very", "1236", K::AlphabeticWordsign),
    ("will", "2456", K::AlphabeticWordsign),
    ("it", "1346", K::AlphabeticWordsign),
    ("you", "13456", K::AlphabeticWordsign),
    ("as", "1356", K::AlphabeticWordsign),
    ("and", "12346", K::StrongContraction),
    ("for", "123456", K::StrongContraction),
    ("of", "12356", K::StrongContraction),
    ("the", "2346", K::StrongContraction),
    ("with", "23456", K::StrongContraction),
    ("ch", "16", K::StrongGroupsign),
    ("gh", "126", K::StrongGroupsign),
    ("sh", "146", K::StrongGroupsign),
    ("th", "1456", K::StrongGroupsign),
    ("wh", "156", K::StrongGroupsign),
    ("ed", "1246", K::StrongGroupsign),
    ("er", "12456", K::StrongGroupsign),
    ("ou", "1256", K::StrongGroupsign),
    ("ow", "246", K::StrongGroupsign),
    ("st", "34", K::StrongGroupsign),
    ("ar", "345", K::StrongGroupsign),
    ("ing", "346", K::StrongGroupsign),
    ("child", "16", K::StrongWordsign),
    ("shall", "146", K::StrongWordsign),
    ("this", "1456", K::StrongWordsign),
    ("which", "156", K::StrongWordsign),
    ("out", "1256", K::StrongWordsign),
    ("still", "34", K::StrongWordsign),
    ("ea", "2", K::LowerGroupsign),
    ("bb", "23", K::LowerGroupsign),
    ("cc", "25", K::LowerGroupsign),
    ("ff", "235", K::LowerGroupsign),
    ("gg", "2356", K::LowerGroupsign),
    ("be", "23", K::LowerGroupsign),
    ("con", "25", K::LowerGroupsign),
    ("dis", "256", K::LowerGroupsign),
    ("en", "26", K::LowerGroupsign),
    ("in", "35", K::LowerGroupsign),
    ("enough", "26", K::LowerWordsign),
    ("were", "2356", K::LowerWordsign),
    ("his", "236", K::LowerWordsign),
    ("was", "356", K::LowerWordsign),
    ("day", "5-145", K::InitialLetter),
    ("ever", "5-15", K::InitialLetter),
    ("father", "5-124", K::InitialLetter),
    ("here", "5-125", K::InitialLetter),
    ("know", "5-13", K::InitialLetter),
    ("lord", "5-123", K::InitialLetter),
    ("mother", "5-134", K::InitialLetter),
    ("name", "5-1345", K::InitialLetter),
    ("one", "5-135", K::InitialLetter),
    ("part", "5-1234", K::InitialLetter),
    ("question", "5-12345", K::InitialLetter),
    ("right", "5-1235", K::InitialLetter),
    ("some", "5-234", K::InitialLetter),
    ("time", "5-2345", K::InitialLetter),
    ("under", "5-136", K::InitialLetter),
    ("work", "5-2456", K::InitialLetter),
    ("young", "5-13456", K::InitialLetter),
    ("there", "5-2346", K::InitialLetter),
    ("character", "5-16", K::InitialLetter),
    ("through", "5-1456", K::InitialLetter),
    ("where", "5-156", K::InitialLetter),
    ("ought", "5-1256", K::InitialLetter),
    ("upon", "45-136", K::InitialLetter),
    ("word", "45-2456", K::InitialLetter),
    ("these", "45-2346", K::InitialLetter),
    ("those", "45-1456", K::InitialLetter),
    ("whose", "45-156", K::InitialLetter),
    ("cannot", "456-14", K::InitialLetter),
    ("had", "456-125", K::InitialLetter),
    ("many", "456-134", K::InitialLetter),
    ("spirit", "456-234", K::InitialLetter),
    ("world", "456-2456", K::InitialLetter),
    ("their", "456-2346", K::InitialLetter),
    ("ound", "46-145", K::FinalLetter),
    ("ance", "46-15", K::FinalLetter),
    ("sion", "46-1345", K::FinalLetter),
    ("less", "46-234", K::FinalLetter),
    ("ount", "46-2345", K::FinalLetter),
    ("ence", "56-15", K::FinalLetter),
    ("ong", "56-1245", K::FinalLetter),
    ("ful", "56-123", K::FinalLetter),
    ("tion", "56-1345", K::FinalLetter),
    ("ness", "56-234", K::FinalLetter),
    ("ment", "56-2345", K::FinalLetter),
    ("ity", "56-13456", K::FinalLetter),
    ("about", "1-12", K::Shortform),
    ("above", "1-12-1236", K::Shortform),
    ("according", "1-14", K::Shortform),
    ("across", "1-14-1235", K::Shortform),
    ("after", "1-124", K::Shortform),
    ("afternoon", "1-124-1345", K::Shortform),
    ("afterward", "1-124-2456", K::Shortform),
    ("again", "1-1245", K::Shortform),
    ("against", "1-1245-34", K::Shortform),
    ("almost", "1-123-134", K::Shortform),
    ("already", "1-123-1235", K::Shortform),
    ("also", "1-123", K::Shortform),
    ("although", "1-123-1456", K::Shortform),
    ("altogether", "1-123-2345", K::Shortform),
    ("always", "1-123-2456", K::Shortform),
    ("because", "23-14", K::Shortform),
    ("before", "23-124", K::Shortform),
    ("behind", "23-125", K::Shortform),
    ("below", "23-123", K::Shortform),
    ("beneath", "23-1345", K::Shortform),
    ("beside", "23-234", K::Shortform),
    ("between", "23-2345", K::Shortform),
    ("beyond", "23-13456", K::Shortform),
    ("blind", "12-123", K::Shortform),
    ("braille", "12-1235-123", K::Shortform),
    ("children", "16-1345", K::Shortform),
    ("conceive", "25-14-1236", K::Shortform),
    ("conceiving", "25-14-1236-1245", K::Shortform),
    ("could", "14-145", K::Shortform),
    ("deceive", "145-14-1236", K::Shortform),
    ("deceiving", "145-14-1236-1245", K::Shortform),
    ("declare", "145-14-123", K::Shortform),
    ("declaring", "145-14-123-1245", K::Shortform),
    ("either", "15-24", K::Shortform),
    ("first", "124-34", K::Shortform),
    ("friend", "124-1235", K::Shortform),
    ("good", "1245-145", K::Shortform),
    ("great", "1245-1235-2345", K::Shortform),
    ("herself", "125-12456-124", K::Shortform),
    ("him", "125-134", K::Shortform),
    ("himself", "125-134-124", K::Shortform),
    ("immediate", "24-134-134", K::Shortform),
    ("its", "1346-234", K::Shortform),
    ("itself", "1346-124", K::Shortform),
    ("letter", "123-1235", K::Shortform),
    ("little", "123-123", K::Shortform),
    ("much", "134-16", K::Shortform),
    ("must", "134-34", K::Shortform),
    ("myself", "134-13456-124", K::Shortform),
    ("necessary", "1345-15-14", K::Shortform),
    ("neither", "1345-15-24", K::Shortform),
    ("oneself", "5-135-124", K::Shortform),
    ("ourselves", "1256-1235-1236-234", K::Shortform),
    ("paid", "1234-145", K::Shortform),
    ("perceive", "1234-12456-14-1236", K::Shortform),
    ("perceiving", "1234-12456-14-1236-1245", K::Shortform),
    ("perhaps", "1234-12456-125", K::Shortform),
    ("quick", "12345-13", K::Shortform),
    ("receive", "1235-14-1236", K::Shortform),
    ("receiving", "1235-14-1236-1245", K::Shortform),
    ("rejoice", "1235-245-14", K::Shortform),
    ("rejoicing", "1235-245-14-1245", K::Shortform),
    ("said", "234-145", K::Shortform),
    ("should", "146-145", K::Shortform),
    ("such", "234-16", K::Shortform),
    ("themselves", "2346-134-1236-234", K::Shortform),
    ("thyself", "1456-13456-124", K::Shortform),
    ("today", "2345-145", K::Shortform),
    ("together", "2345-1245-1235", K::Shortform),
    ("tomorrow", "2345-134", K::Shortform),
    ("tonight", "2345-1345", K::Shortform),
    ("would", "2456-145", K::Shortform),
    ("your", "13456-1235", K::Shortform),
    ("yourself", "13456-1235-124", K::Shortform),
    ("yourselves", "13456-1235-1236-234", K::Shortform),
];

fn dots(s: &str) -> Vec<Cell> {
    s.split('-')
        .map(|d| Cell::from_dots(&d.bytes().map(|b| b - b'0').collect::<Vec<_>>()).unwrap_or(Cell::EMPTY))
        .collect()
}

fn id(lang: Lang, print: &str) -> String {
    format!("{}:{}", lang.code(), print.replace(' ', "_"))
}

pub(crate) fn english() -> Vec<Contraction> {
    ENGLISH
        .iter()
        .map(|&(print, d, kind)| Contraction {
            id: id(Lang::English, print),
            lang: Lang::English,
            print: print.to_string(),
            cells: dots(d),
            cells_in_word: None,
            kind,
        })
        .collect()
}

/// The Arabic contractions are the rules of `ar-ar-g2.ctb` that write print
/// differently from its letters (the table's own grouping into eight rules gives
/// the kinds).
pub(crate) fn arabic(table: &Table, plain: fn(char) -> Option<Cell>) -> Vec<Contraction> {
    let mut out: Vec<Contraction> = Vec::new();
    let mut by_print: HashMap<String, usize> = HashMap::new();
    for r in table.rules() {
        if r.nofor || matches!(r.op, Op::Contraction | Op::Match) {
            continue;
        }
        let Some(cells) = &r.cells else { continue };
        let print: String = r.chars.iter().collect();
        // Lone diacritics and letters standing alone (`word ة 56-56-16`) only
        // protect a letter from being read as a contraction.
        if r.chars.len() == 1 && cells.len() > 1 {
            continue;
        }
        let as_letters: Option<Vec<Cell>> = r.chars.iter().map(|&c| plain(c)).collect();
        if as_letters.as_deref() == Some(&cells[..]) {
            continue;
        }
        let kind = match r.op {
            Op::Always => K::ArabicAnywhere,
            Op::Word => K::ArabicWord,
            Op::SufWord => K::ArabicWordStart,
            Op::LowWord | Op::MidWord => K::ArabicWordOrMiddle,
            Op::BegMidWord => K::ArabicWordStartOrMiddle,
            Op::PartWord => K::ArabicWordOrMarked,
            Op::EndWord => K::ArabicWordEnd,
            _ => K::ArabicAnywhere,
        };
        match by_print.get(&print) {
            Some(&k) => {
                let e = &mut out[k];
                // `lowword` + `begmidword` is the fifth rule; `word` + `partword`
                // the sixth, with the in-word form after dots 36.
                match (e.kind, r.op) {
                    (K::ArabicWordOrMiddle, Op::BegMidWord) => e.kind = K::ArabicWordStartOrMiddle,
                    (K::ArabicWordOrMarked, Op::Word) => {
                        e.cells_in_word = Some(std::mem::replace(&mut e.cells, cells.to_vec()));
                    }
                    _ => {}
                }
            }
            None => {
                by_print.insert(print.clone(), out.len());
                out.push(Contraction {
                    id: id(Lang::Arabic, &print),
                    lang: Lang::Arabic,
                    print,
                    cells: cells.to_vec(),
                    cells_in_word: None,
                    kind,
                });
            }
        }
    }
    out
}

/// Works out which contractions each rule of `table` writes, by lining up the
/// rule's print with its cells: each step is either one character written as
/// itself or one contraction of `catalogue`. A rule that cannot be lined up is
/// used only when every contraction is in use.
pub(crate) fn assign_needs(
    table: &mut Table,
    catalogue: &[Contraction],
    plain: &dyn Fn(char) -> Option<Vec<Cell>>,
) -> usize {
    let entries: Vec<Entry> =
        catalogue.iter().enumerate().map(|(i, c)| (c.print.chars().collect(), &c.cells[..], i)).collect();
    let in_word: Vec<Entry> = catalogue
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.cells_in_word.as_ref().map(|w| (c.print.chars().collect(), &w[..], i)))
        .collect();
    let mut unaligned = 0;
    let n_cat = catalogue.len();
    let finals: Vec<(Vec<char>, &[Cell])> = catalogue
        .iter()
        .filter(|c| c.kind == ContractionKind::FinalLetter)
        .map(|c| (c.print.chars().collect(), &c.cells[..]))
        .collect();
    for r in table.rules.iter_mut() {
        r.starts_final = r
            .cells
            .as_ref()
            .is_some_and(|cells| finals.iter().any(|(p, c)| r.lower.starts_with(p) && cells.starts_with(c)));
        r.needs = match (&r.cells, r.op) {
            (None, Op::Contraction) => {
                // The grade 1 indicator is there because the letters would read as
                // a contraction: a lone letter as its alphabetic wordsign (or an
                // Arabic one-cell word), longer ones as a wordsign or contain
                // a shortform (`fr` in "boyfr" reads as "boyfriend"): the longest
                // shortform found in its letters. Otherwise the indicator is
                // written only in full grade 2.
                let letters: Option<Vec<Cell>> =
                    r.lower.iter().map(|&c| plain(c)).collect::<Option<Vec<_>>>().map(|v| v.concat());
                let mut set = ContractionSet::default();
                let found = letters.and_then(|l| {
                    catalogue
                        .iter()
                        .enumerate()
                        .filter(|(_, c)| c.print.chars().count() > 1)
                        .filter(|(_, c)| {
                            c.cells == l
                                || (c.kind == ContractionKind::Shortform
                                    && l.windows(c.cells.len()).any(|w| w == c.cells))
                        })
                        .max_by_key(|(_, c)| c.cells.len())
                        .map(|(i, _)| i)
                });
                match found {
                    Some(i) => set.insert_index(i),
                    None => set = ContractionSet::all(n_cat),
                }
                set
            }
            (None, _) => ContractionSet::default(),
            (Some(cells), _) => match align(&r.lower, cells, &entries, &in_word, plain) {
                Some(set) => set,
                None => {
                    unaligned += 1;
                    ContractionSet::all(n_cat)
                }
            },
        };
    }
    unaligned
}

/// A catalogue entry for lining up: its print, its cells and its index.
type Entry<'a> = (Vec<char>, &'a [Cell], usize);

fn align(
    print: &[char],
    cells: &[Cell],
    entries: &[Entry],
    in_word: &[Entry],
    plain: &dyn Fn(char) -> Option<Vec<Cell>>,
) -> Option<ContractionSet> {
    let mut a = Aligner { print, cells, entries, in_word, plain, memo: HashMap::new() };
    a.go(0, 0)
}

struct Aligner<'a> {
    print: &'a [char],
    cells: &'a [Cell],
    entries: &'a [Entry<'a>],
    in_word: &'a [Entry<'a>],
    plain: &'a dyn Fn(char) -> Option<Vec<Cell>>,
    /// `(i, j)`: a way (or none) to write `print[i..]` as `cells[j..]`.
    memo: HashMap<(usize, usize), Option<ContractionSet>>,
}

impl Aligner<'_> {
    fn go(&mut self, i: usize, j: usize) -> Option<ContractionSet> {
        if i == self.print.len() && j == self.cells.len() {
            return Some(ContractionSet::default());
        }
        if i == self.print.len() || j == self.cells.len() {
            return None;
        }
        if let Some(v) = self.memo.get(&(i, j)) {
            return v.clone();
        }
        let mut found = None;
        for (p, c, idx) in self.entries.iter().chain(self.in_word.iter()) {
            if self.print[i..].starts_with(p) && self.cells[j..].starts_with(c) {
                if let Some(mut s) = self.go(i + p.len(), j + c.len()) {
                    s.insert_index(*idx);
                    found = Some(s);
                    break;
                }
            }
        }
        if found.is_none() {
            if let Some(c) = (self.plain)(self.print[i]) {
                if self.cells[j..].starts_with(&c) {
                    found = self.go(i + 1, j + c.len());
                }
            }
        }
        self.memo.insert((i, j), found.clone());
        found
    }
}
