//! Contraction cards (issue 26): for a learner in a contracted course, the contractions of
//! the lessons they completed become practice cards in both directions. A card shows its
//! contraction in an example where the contraction's rule lets it stand (a wordsign alone, a
//! groupsign inside a word), written by the engine with only the contractions taught so far,
//! so the example never uses one the learner has not met.

use braille::{
    contraction, to_braille_with, Cell, Contraction, ContractionKind, ContractionSet, Lang as Code, Options,
};

use super::practice::{normalise, symbol, CellDifference, PracticeAnswer};
use crate::domain::assessment_grading::cell_differences;

/// What the learner's completed lessons in contracted courses of one code taught: their
/// contractions (in lesson order, each once) and their words (candidate examples).
#[derive(Clone, Debug, Default)]
pub struct Taught {
    pub contractions: Vec<&'static Contraction>,
    pub words: Vec<String>,
}

impl Taught {
    /// From the stored JSON lists of each completed lesson (contraction ids, words), in lesson
    /// order. Ids the engine does not know are skipped.
    pub fn from_lessons<'a>(code: Code, lessons: impl IntoIterator<Item = (&'a str, &'a str)>) -> Taught {
        let mut t = Taught::default();
        for (ids, words) in lessons {
            for id in serde_json::from_str::<Vec<String>>(ids).unwrap_or_default() {
                if let Some(c) = contraction(code, &id) {
                    if !t.contractions.iter().any(|k| k.id == c.id) {
                        t.contractions.push(c);
                    }
                }
            }
            for w in serde_json::from_str::<Vec<String>>(words).unwrap_or_default() {
                let w = w.trim().to_string();
                if !w.is_empty() && !t.words.contains(&w) {
                    t.words.push(w);
                }
            }
        }
        t
    }

    pub fn set(&self, code: Code) -> ContractionSet {
        ContractionSet::from_ids(code, self.contractions.iter().map(|c| c.id.as_str())).unwrap_or_default()
    }

    pub fn get(&self, id: &str) -> Option<&'static Contraction> {
        self.contractions.iter().copied().find(|c| c.id == id)
    }
}

/// A contraction in its example: the print, its cells, and where the contraction's own cells
/// are in them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    pub print: String,
    pub cells: Vec<Cell>,
    /// Index in `cells` of the contraction's first cell.
    pub at: usize,
    pub len: usize,
}

impl Example {
    /// The contraction's cells as they stand in the example (an Arabic "sixth rule"
    /// contraction is marked with dots 36 inside a word).
    pub fn contraction_cells(&self) -> &[Cell] {
        &self.cells[self.at..self.at + self.len]
    }
}

/// Kinds whose rule lets the contraction stand alone as a word: their print alone is the first
/// example tried. Groupsigns live inside words, so only the lessons' words can show them.
fn stands_alone(kind: ContractionKind) -> bool {
    !matches!(
        kind,
        ContractionKind::StrongGroupsign
            | ContractionKind::LowerGroupsign
            | ContractionKind::FinalLetter
            | ContractionKind::ArabicWordEnd
    )
}

/// The example of `c` drawn with the `taught` contractions: its print alone when its kind
/// stands alone, else the first of `words` in which the engine uses it. The engine decides
/// whether the rule lets the contraction stand there: it is used when the example's cells with
/// the taught contractions differ from those without it. `None` when no candidate shows it.
pub fn example(code: Code, c: &Contraction, taught: &ContractionSet, words: &[String]) -> Option<Example> {
    let without = ContractionSet::from_ids(code, taught.iter(code).filter(|k| k.id != c.id).map(|k| k.id.as_str()))
        .unwrap_or_default();
    let mut with = taught.clone();
    with.insert(code, &c.id).ok()?;
    let alone = stands_alone(c.kind).then(|| c.print.clone());
    alone.into_iter().chain(words.iter().cloned()).find_map(|print| {
        let cells = to_braille_with(&print, code, &Options::partial(with.clone())).cells;
        let plain = to_braille_with(&print, code, &Options::partial(without.clone())).cells;
        if cells == plain {
            return None;
        }
        let first_change = cells.iter().zip(&plain).take_while(|(a, b)| a == b).count();
        let forms = std::iter::once(&c.cells).chain(c.cells_in_word.as_ref());
        // The contraction's cells where the two writings part (or just before: a prefix such
        // as dot 5 of an initial-letter contraction may be the part they share).
        let at = forms
            .flat_map(|form| (0..=first_change).rev().map(move |i| (i, form)))
            .find(|(i, form)| cells[*i..].starts_with(form))?;
        Some(Example { len: at.1.len(), at: at.0, print, cells })
    })
}

/// The grade 1 letters a contraction is written from in print: its card comes after theirs.
pub fn depends_on(code: Code, c: &Contraction) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = vec![];
    for ch in c.print.chars().flat_map(char::to_lowercase) {
        if let Some(s) = symbol(code, ch.encode_utf8(&mut [0; 4])) {
            if !out.contains(&s.print) {
                out.push(s.print);
            }
        }
    }
    out
}

/// Where new contraction cards go among the new grade 1 cards: each right after the last new
/// grade 1 card of a letter it depends on, or first when the learner has practised all its
/// letters already (it was taught in a lesson they completed). `symbols` are the new grade 1
/// cards in their order with their print; `contractions` the new contraction cards in lesson
/// order with the letters they depend on. Stable: equal places keep the given order.
pub fn mix_new<T>(symbols: Vec<(T, &str)>, contractions: Vec<(T, Vec<&str>)>) -> Vec<T> {
    let place = |deps: &[&str]| symbols.iter().rposition(|(_, p)| deps.contains(p)).map_or(0, |i| i + 1);
    let mut placed: Vec<(usize, usize, T)> =
        contractions.into_iter().enumerate().map(|(n, (t, deps))| (place(&deps), n, t)).collect();
    placed.sort_by_key(|(at, n, _)| (*at, *n));
    let mut out = Vec::new();
    let mut placed = placed.into_iter().peekable();
    for (i, (t, _)) in symbols.into_iter().enumerate() {
        while let Some((_, _, c)) = placed.next_if(|(at, _, _)| *at <= i) {
            out.push(c);
        }
        out.push(t);
    }
    out.extend(placed.map(|(_, _, c)| c));
    out
}

/// How an answer to a contraction card compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    pub correct: bool,
    /// Writing: position by position, which dots were missing or extra.
    pub differences: Vec<CellDifference>,
    /// Another taught contraction read or written instead: a confusion to record.
    pub confused_with: Option<&'static Contraction>,
}

/// Grades an answer to the card of `c` shown in `example`. Reading: the contraction's print or
/// the whole example is right. Writing: the contraction's cells as they stand in the example.
pub fn grade(c: &Contraction, example: &Example, taught: &Taught, answer: &PracticeAnswer) -> Graded {
    let others = || taught.contractions.iter().copied().filter(|k| k.id != c.id);
    match answer {
        PracticeAnswer::Print(text) => {
            let typed = normalise(text);
            let correct = typed == normalise(&c.print) || typed == normalise(&example.print);
            let confused_with = if correct { None } else { others().find(|k| normalise(&k.print) == typed) };
            Graded { correct, differences: vec![], confused_with }
        }
        PracticeAnswer::Cells(cells) => {
            let differences = cell_differences(example.contraction_cells(), cells);
            let correct = differences.iter().all(CellDifference::correct);
            let confused_with = if correct {
                None
            } else {
                others().find(|k| k.cells == *cells || k.cells_in_word.as_ref() == Some(cells))
            };
            Graded { correct, differences, confused_with }
        }
    }
}

/// A contraction kind's name for the learner, in English and Arabic.
pub fn kind_name(kind: ContractionKind) -> (&'static str, &'static str) {
    use ContractionKind as K;
    match kind {
        K::AlphabeticWordsign => ("alphabetic wordsign", "اختصار كلمة بحرف"),
        K::StrongContraction => ("strong contraction", "اختصار قوي"),
        K::StrongGroupsign => ("strong groupsign", "اختصار مقطع قوي"),
        K::StrongWordsign => ("strong wordsign", "اختصار كلمة قوي"),
        K::LowerGroupsign => ("lower groupsign", "اختصار مقطع سفلي"),
        K::LowerWordsign => ("lower wordsign", "اختصار كلمة سفلي"),
        K::InitialLetter => ("initial-letter contraction", "اختصار بحرف أول"),
        K::FinalLetter => ("final-letter groupsign", "اختصار مقطع أخير"),
        K::Shortform => ("shortform", "كلمة مختصرة"),
        K::ArabicAnywhere => ("contraction written anywhere", "اختصار يُكتب في أي موضع"),
        K::ArabicWord => ("contraction standing alone", "اختصار كلمة مستقلة"),
        K::ArabicWordStart => ("contraction alone or starting a word", "اختصار مستقل أو في أول الكلمة"),
        K::ArabicWordOrMiddle => ("contraction alone or inside a word", "اختصار مستقل أو في وسط الكلمة"),
        K::ArabicWordStartOrMiddle => {
            ("contraction alone, starting or inside a word", "اختصار مستقل أو في أول الكلمة أو وسطها")
        }
        K::ArabicWordOrMarked => ("contraction alone, marked inside a word", "اختصار مستقل، وداخل الكلمة بعلامة"),
        K::ArabicWordEnd => ("contraction ending a word", "اختصار في آخر الكلمة"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn taught(code: Code, ids: &[&str], words: &[&str]) -> Taught {
        let ids = serde_json::to_string(ids).unwrap();
        let words = serde_json::to_string(words).unwrap();
        Taught::from_lessons(code, [(ids.as_str(), words.as_str())])
    }

    fn en(id: &str) -> &'static Contraction {
        contraction(Code::English, id).unwrap()
    }

    #[test]
    fn a_wordsign_stands_alone_and_a_groupsign_inside_a_lesson_word() {
        let t = taught(Code::English, &["en:but", "en:ch", "en:the"], &["ch", "much", "chat"]);
        let set = t.set(Code::English);
        let but = example(Code::English, en("en:but"), &set, &t.words).unwrap();
        assert_eq!((but.print.as_str(), braille::cells_to_unicode(&but.cells).as_str()), ("but", "⠃"));
        // "ch" alone is not a place for the groupsign (it would read "child"): a word is chosen.
        let ch = example(Code::English, en("en:ch"), &set, &t.words).unwrap();
        assert_ne!(ch.print, "ch");
        assert_eq!(braille::cells_to_unicode(ch.contraction_cells()), "⠡");
        assert!(ch.print == "much" || ch.print == "chat", "{ch:?}");
    }

    #[test]
    fn examples_use_only_the_taught_contractions() {
        // "the" is taught, "ing" is not: "thing" keeps its i-n-g spelled out.
        let t = taught(Code::English, &["en:th"], &["thing"]);
        let th = example(Code::English, en("en:th"), &t.set(Code::English), &t.words).unwrap();
        assert_eq!(braille::cells_to_unicode(&th.cells), "⠹⠊⠝⠛");
        assert_eq!((th.at, th.len), (0, 1));
        // With "ing" taught too, the engine writes it.
        let t = taught(Code::English, &["en:th", "en:ing"], &["thing"]);
        let th = example(Code::English, en("en:th"), &t.set(Code::English), &t.words).unwrap();
        assert_eq!(braille::cells_to_unicode(&th.cells), "⠹⠬");
    }

    #[test]
    fn a_groupsign_with_no_word_to_show_it_has_no_example() {
        let t = taught(Code::English, &["en:ing"], &["cat"]);
        assert_eq!(example(Code::English, en("en:ing"), &t.set(Code::English), &t.words), None);
    }

    #[test]
    fn arabic_contractions_get_examples() {
        let t = taught(Code::Arabic, &["ar:ال"], &["الولد"]);
        let al = example(Code::Arabic, t.contractions[0], &t.set(Code::Arabic), &t.words).unwrap();
        assert_eq!(
            braille::cells_to_unicode(al.contraction_cells()),
            braille::cells_to_unicode(&t.contractions[0].cells)
        );
    }

    #[test]
    fn contraction_cards_follow_the_grade_1_letters_they_depend_on() {
        assert_eq!(depends_on(Code::English, en("en:the")), ["t", "h", "e"]);
        let symbols = vec![("a", "a"), ("t", "t"), ("h", "h"), ("x", "x")];
        let mixed =
            mix_new(symbols, vec![("the", vec!["t", "h", "e"]), ("but", vec!["b", "u"]), ("ax", vec!["a", "x"])]);
        // "but": its letters practised already, first; "the" after h; "ax" after x.
        assert_eq!(mixed, ["but", "a", "t", "h", "the", "x", "ax"]);
    }

    #[test]
    fn answers_are_graded_and_another_taught_contraction_is_a_confusion() {
        let t = taught(Code::English, &["en:ch", "en:sh", "en:child"], &["chat"]);
        let c = en("en:ch");
        let ex = example(Code::English, c, &t.set(Code::English), &t.words).unwrap();
        let read = |s: &str| grade(c, &ex, &t, &PracticeAnswer::Print(s.into()));
        assert!(read(" CH ").correct);
        assert!(read("chat").correct, "the whole word is right too");
        let wrong = read("sh");
        assert!(!wrong.correct);
        assert_eq!(wrong.confused_with.map(|k| k.id.as_str()), Some("en:sh"));
        let write =
            |s: &str| grade(c, &ex, &t, &PracticeAnswer::parse(super::super::practice::Direction::Writing, s).unwrap());
        assert!(write("⠡").correct);
        let sh = write("⠩");
        assert!(!sh.correct);
        assert_eq!(sh.confused_with.map(|k| k.id.as_str()), Some("en:sh"));
        assert!(sh.differences[0].missing.is_empty());
        assert_eq!(sh.differences[0].extra, vec![4]);
    }
}
