//! Practice that remembers (issue 17): the symbols a learner practises, how an answer is
//! graded, the rating it earns and when the card comes back (FSRS-6, the `fsrs` crate with its
//! default parameters and a desired retention of 0.9). Pure functions of their inputs and of
//! the time they are given, so that the scheduling is tested with a fixed clock.

use std::{fmt, str::FromStr, sync::LazyLock};

use braille::{reference_table, Cell, EntryKind, Lang as Code};
use fsrs::{MemoryState, FSRS};

use super::{assessment_grading::cell_differences, InvalidInput};

pub use super::assessment_grading::CellDifference;

/// One day in milliseconds.
pub const DAY_MS: i64 = 86_400_000;
/// The probability of recall at which a card falls due.
pub const DESIRED_RETENTION: f32 = 0.9;
/// A card answered wrong comes back this much later: within the same session.
pub const RELEARN_MS: i64 = 60_000;
/// A session takes the cards due up to this far ahead, so a card answered wrong a moment ago
/// is in it again after a reload (Anki's "learn ahead limit").
pub const LOOKAHEAD_MS: i64 = 10 * 60_000;
/// A right answer faster than this is rated easy; slower than [`SLOW_MS`], hard.
pub const FAST_MS: i64 = 3_000;
pub const SLOW_MS: i64 = 20_000;
/// New cards per day when the learner has not chosen.
pub const DEFAULT_NEW_PER_DAY: u32 = 5;
/// A confusion recorded this many times is drilled side by side.
pub const DRILL_AFTER: i64 = 2;
/// Right drills in a row that settle a confused pair (until it recurs).
pub const DRILL_SETTLES: i64 = 3;

static SCHEDULER: LazyLock<FSRS> = LazyLock::new(FSRS::default);

/// Reading: cells shown and described, the learner types the print. Writing: the print shown,
/// the learner writes its cells on the six-key keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, utoipa::ToSchema)]
#[schema(as = PracticeDirection, rename_all = "lowercase")]
pub enum Direction {
    Reading,
    Writing,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Reading => "reading",
            Direction::Writing => "writing",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Direction {
    type Err = InvalidInput;
    fn from_str(s: &str) -> Result<Direction, InvalidInput> {
        match s {
            "reading" => Ok(Direction::Reading),
            "writing" => Ok(Direction::Writing),
            _ => Err(InvalidInput::invalid("direction")),
        }
    }
}

/// The code of a practice request: `ar` (Arabic grade 1) or `en` (UEB grade 1), nothing else.
pub fn parse_code(raw: &str) -> Result<Code, InvalidInput> {
    match raw.trim() {
        "" => Err(InvalidInput::required("code")),
        "ar" => Ok(Code::Arabic),
        "en" => Ok(Code::English),
        _ => Err(InvalidInput::invalid("code")),
    }
}

/// One symbol of a code that has cards: a letter, a digit or a punctuation mark of one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symbol {
    pub print: &'static str,
    pub cells: Vec<Cell>,
    pub name_en: &'static str,
    pub name_ar: &'static str,
    /// Teaching order in the code (letters first).
    pub order: usize,
}

/// The symbols of a code that have cards, in teaching order: its letters, digits and the
/// punctuation marks of one cell. A later symbol with the same cells as an earlier one (the
/// opening quotation mark and the question mark, ⠦) is left out: a reading card must have one
/// right answer.
pub fn symbols(code: Code) -> &'static [Symbol] {
    static AR: LazyLock<Vec<Symbol>> = LazyLock::new(|| build_symbols(Code::Arabic));
    static EN: LazyLock<Vec<Symbol>> = LazyLock::new(|| build_symbols(Code::English));
    match code {
        Code::Arabic => &AR,
        Code::English => &EN,
    }
}

fn build_symbols(code: Code) -> Vec<Symbol> {
    let mut seen: Vec<Vec<Cell>> = Vec::new();
    let mut out = Vec::new();
    for e in reference_table(code) {
        let keep = match e.kind {
            EntryKind::Letter | EntryKind::Digit => true,
            EntryKind::Punctuation => e.cells.len() == 1,
            _ => false,
        };
        if !keep || e.print.is_empty() || seen.contains(&e.cells) {
            continue;
        }
        seen.push(e.cells.clone());
        let order = out.len();
        out.push(Symbol { print: e.print, cells: e.cells, name_en: e.name_en, name_ar: e.name_ar, order });
    }
    out
}

/// The symbol of `code` printed `print`.
pub fn symbol(code: Code, print: &str) -> Option<Symbol> {
    symbols(code).iter().find(|s| s.print == print).cloned()
}

/// The one-cell symbol of `code` written with `cell`.
pub fn symbol_of_cell(code: Code, cell: Cell) -> Option<Symbol> {
    symbols(code).iter().find(|s| s.cells == [cell]).cloned()
}

/// A typed answer as compared: trimmed, lower case, digits as ASCII digits (the Arabic code's
/// digits may be typed with either keyboard).
pub(crate) fn normalise(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| match c {
            '٠'..='٩' => char::from(b'0' + (c as u32 - '٠' as u32) as u8),
            '۰'..='۹' => char::from(b'0' + (c as u32 - '۰' as u32) as u8),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The learner's answer to a card, parsed for its direction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PracticeAnswer {
    /// The print typed for a reading card.
    Print(String),
    /// The cells written for a writing card.
    Cells(Vec<Cell>),
}

impl PracticeAnswer {
    /// Reading: 1–20 characters of print. Writing: 1–8 cells of Unicode Braille (U+2800–U+283F).
    pub fn parse(direction: Direction, raw: &str) -> Result<PracticeAnswer, InvalidInput> {
        if raw.trim().is_empty() {
            return Err(InvalidInput::required("answer"));
        }
        match direction {
            Direction::Reading => {
                if raw.chars().count() > 20 {
                    return Err(InvalidInput::too_long("answer", 20));
                }
                Ok(PracticeAnswer::Print(raw.trim().to_string()))
            }
            Direction::Writing => {
                let cells = braille::parse_unicode(raw.trim()).map_err(|_| InvalidInput::invalid("answer"))?;
                if cells.is_empty() || cells.len() > 8 {
                    return Err(InvalidInput::invalid("answer"));
                }
                Ok(PracticeAnswer::Cells(cells))
            }
        }
    }
}

/// How an answer compares with the symbol.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graded {
    pub correct: bool,
    /// Writing: position by position, which dots were missing or extra.
    pub differences: Vec<CellDifference>,
    /// Pairs (right cell, cell written or read instead) worth recording as confusions.
    pub confusions: Vec<(Cell, Cell)>,
}

/// Grades an answer to a card of `symbol` in `code`.
pub fn grade(code: Code, symbol: &Symbol, answer: &PracticeAnswer) -> Graded {
    match answer {
        PracticeAnswer::Print(text) => {
            let correct = normalise(text) == normalise(symbol.print);
            let mut confusions = vec![];
            if !correct {
                // Read as another one-cell symbol: that cell was taken for this one.
                let read = symbols(code).iter().find(|s| normalise(s.print) == normalise(text));
                if let (Some(read), [right]) = (read, symbol.cells.as_slice()) {
                    if let [taken] = read.cells.as_slice() {
                        confusions.push((*right, *taken));
                    }
                }
            }
            Graded { correct, differences: vec![], confusions }
        }
        PracticeAnswer::Cells(cells) => {
            let differences = cell_differences(&symbol.cells, cells);
            let correct = differences.iter().all(CellDifference::correct);
            let confusions = confusions_of(&differences);
            Graded { correct, differences, confusions }
        }
    }
}

/// The positions where one cell was written for another (both present, different).
pub fn confusions_of(differences: &[CellDifference]) -> Vec<(Cell, Cell)> {
    differences
        .iter()
        .filter_map(|d| match (d.expected, d.given) {
            (Some(e), Some(g)) if e != g && !e.is_empty() && !g.is_empty() => Some((e, g)),
            _ => None,
        })
        .collect()
}

/// The FSRS rating an answer earns: wrong → again; right but slow → hard; right → good; right
/// and fast → easy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum Rating {
    Again = 1,
    Hard = 2,
    Good = 3,
    Easy = 4,
}

impl Rating {
    pub fn of(correct: bool, elapsed_ms: i64) -> Rating {
        match (correct, elapsed_ms) {
            (false, _) => Rating::Again,
            (true, t) if t < FAST_MS => Rating::Easy,
            (true, t) if t > SLOW_MS => Rating::Hard,
            _ => Rating::Good,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Rating::Again => "again",
            Rating::Hard => "hard",
            Rating::Good => "good",
            Rating::Easy => "easy",
        }
    }
}

/// A card's memory as stored: FSRS stability (days) and difficulty (1–10), none before the
/// first review.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Memory {
    pub stability: f64,
    pub difficulty: f64,
}

/// What a review does to a card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scheduled {
    pub memory: Memory,
    /// When the card is due next (epoch milliseconds).
    pub due_at: i64,
    /// Answered wrong: it comes back within the session.
    pub again_in_session: bool,
}

/// Schedules a card reviewed at `now` with `rating`: FSRS-6's next state from its memory (none
/// for a new card) and the whole days since its last review. A wrong answer brings the card
/// back after [`RELEARN_MS`]; a right one after the FSRS interval rounded to whole days, at
/// least one.
pub fn schedule(memory: Option<Memory>, last_review_at: Option<i64>, rating: Rating, now: i64) -> Scheduled {
    let days = last_review_at.map_or(0, |last| ((now - last).max(0) / DAY_MS) as u32);
    let state = memory.map(|m| MemoryState { stability: m.stability as f32, difficulty: m.difficulty as f32 });
    let next = SCHEDULER
        .next_states(state, DESIRED_RETENTION, days)
        // Invalid only for a state FSRS itself never produces: start the card over.
        .or_else(|_| SCHEDULER.next_states(None, DESIRED_RETENTION, 0))
        .expect("FSRS schedules a new card");
    let item = match rating {
        Rating::Again => next.again,
        Rating::Hard => next.hard,
        Rating::Good => next.good,
        Rating::Easy => next.easy,
    };
    let memory = Memory { stability: item.memory.stability as f64, difficulty: item.memory.difficulty as f64 };
    if rating == Rating::Again {
        return Scheduled { memory, due_at: now + RELEARN_MS, again_in_session: true };
    }
    let days = (item.interval.round() as i64).max(1);
    Scheduled { memory, due_at: now + days * DAY_MS, again_in_session: false }
}

/// A device's clock may run this far ahead of the server's.
pub const ANSWER_MAX_SKEW_MS: i64 = 5 * 60_000;

/// When an answer was given, as the device says (RFC 3339), on the server's clock `now`. With
/// `sent_at` (the device's time when it sent the answer) the device's clock is taken out: the
/// answer was given `sent_at - answered_at` before now, however fast or slow the device runs.
/// Without it, the device's time as it is. Then: not more than [`ANSWER_MAX_SKEW_MS`] ahead
/// (taken as now). However old, an answer that was valid when given is kept (a device may have
/// been away from a network for weeks): its card's schedule is replayed in answer order.
/// Left out: now.
pub fn parse_answered_at(raw: Option<&str>, sent_at: Option<&str>, now: i64) -> Result<i64, InvalidInput> {
    let Some(raw) = raw.map(str::trim).filter(|r| !r.is_empty()) else { return Ok(now) };
    let mut at = super::news::parse_time(raw).ok_or(InvalidInput::invalid("answered_at"))?;
    if let Some(sent) = sent_at.map(str::trim).filter(|r| !r.is_empty()) {
        let sent = super::news::parse_time(sent).ok_or(InvalidInput::invalid("sent_at"))?;
        at = now - (sent - at);
    }
    if at > now + ANSWER_MAX_SKEW_MS {
        return Err(InvalidInput::invalid("answered_at"));
    }
    Ok(at.min(now))
}

/// The id a device gives an answer so that sending it twice counts once: 8–64 letters, digits,
/// `-` or `_` (a UUID fits).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerId(String);

impl AnswerId {
    pub fn parse(raw: &str) -> Result<AnswerId, InvalidInput> {
        let raw = raw.trim();
        let ok =
            (8..=64).contains(&raw.len()) && raw.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        ok.then(|| AnswerId(raw.to_string())).ok_or(InvalidInput::invalid("client_id"))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A card's schedule after all its reviews, replayed in the order they were given (an answer
/// sent late counts at the time it was given, not when it arrived).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replayed {
    pub scheduled: Scheduled,
    pub last_review_at: i64,
    pub first_review_at: i64,
    pub reps: i64,
    pub lapses: i64,
}

/// Schedules a card from scratch through its reviews `(answered at, rating)`, sorted by time
/// (ties keep their given order); `None` without reviews.
pub fn replay(reviews: &[(i64, Rating)]) -> Option<Replayed> {
    let mut sorted = reviews.to_vec();
    sorted.sort_by_key(|&(at, _)| at);
    let (&(first, _), _) = sorted.split_first()?;
    let (mut memory, mut last, mut lapses, mut scheduled) = (None, None, 0, None);
    for (i, &(at, rating)) in sorted.iter().enumerate() {
        if rating == Rating::Again && i > 0 {
            lapses += 1;
        }
        let s = schedule(memory, last, rating, at);
        memory = Some(s.memory);
        last = Some(at);
        scheduled = Some(s);
    }
    Some(Replayed {
        scheduled: scheduled?,
        last_review_at: last?,
        first_review_at: first,
        reps: sorted.len() as i64,
        lapses,
    })
}

impl Rating {
    /// The rating stored as its number (1–4).
    pub fn from_number(n: i64) -> Option<Rating> {
        match n {
            1 => Some(Rating::Again),
            2 => Some(Rating::Hard),
            3 => Some(Rating::Good),
            4 => Some(Rating::Easy),
            _ => None,
        }
    }
}

/// The probability of recalling a card `now` (FSRS-6's forgetting curve with its default
/// decay); `None` before its first review.
pub fn retention(memory: Option<Memory>, last_review_at: Option<i64>, now: i64) -> Option<f64> {
    let (m, last) = (memory?, last_review_at?);
    let decay = fsrs::DEFAULT_PARAMETERS[20] as f64;
    let factor = 0.9f64.powf(-1.0 / decay) - 1.0;
    let days = (now - last).max(0) as f64 / DAY_MS as f64;
    Some((1.0 + factor * days / m.stability.max(0.001)).powf(-decay))
}

/// Days since 1970-01-01 (UTC) of an epoch-millisecond time.
pub fn day_of(ms: i64) -> i64 {
    ms.div_euclid(DAY_MS)
}

/// Days practised in a row up to today (or up to yesterday, while today is not practised
/// yet), from the days with reviews, newest first.
pub fn streak(days_desc: &[i64], today: i64) -> i64 {
    let mut expect = match days_desc.first() {
        Some(&d) if d == today => today,
        Some(&d) if d == today - 1 => today - 1,
        _ => return 0,
    };
    let mut n = 0;
    for &d in days_desc {
        if d == expect {
            n += 1;
            expect -= 1;
        } else if d < expect {
            break;
        }
    }
    n
}

/// The dots of each cell, as "125" (the empty cell "0").
pub fn dot_strings(cells: &[Cell]) -> Vec<String> {
    cells.iter().map(|c| c.dot_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_790_000_000_000;

    fn cell(dots: &[u8]) -> Cell {
        Cell::from_dots(dots).unwrap()
    }

    #[test]
    fn codes_have_their_letters_digits_and_one_cell_punctuation() {
        let en = symbols(Code::English);
        assert_eq!(en[0].print, "a");
        assert_eq!(
            en.iter().filter(|s| s.print.len() == 1 && s.print.chars().all(|c| c.is_ascii_lowercase())).count(),
            26
        );
        assert!(en.iter().any(|s| s.print == "?"));
        assert!(!en.iter().any(|s| s.print == "“"), "shares ⠦ with ?");
        let ar = symbols(Code::Arabic);
        assert_eq!(ar[0].print, "ا");
        assert!(ar.iter().any(|s| s.print == "ب" && s.cells == [cell(&[1, 2])]));
        assert!(ar.iter().any(|s| s.print == "١"));
        let mut cells: Vec<_> = ar.iter().map(|s| s.cells.clone()).collect();
        cells.sort();
        cells.dedup();
        assert_eq!(cells.len(), ar.len(), "every reading card has one answer");
    }

    #[test]
    fn reading_answers_are_graded_and_a_cell_read_as_another_is_a_confusion() {
        let e = symbol(Code::English, "e").unwrap();
        let right = grade(Code::English, &e, &PracticeAnswer::parse(Direction::Reading, " E ").unwrap());
        assert!(right.correct);
        let wrong = grade(Code::English, &e, &PracticeAnswer::Print("i".into()));
        assert!(!wrong.correct);
        assert_eq!(wrong.confusions, vec![(cell(&[1, 5]), cell(&[2, 4]))]);
        let one = symbol(Code::Arabic, "١").unwrap();
        assert!(grade(Code::Arabic, &one, &PracticeAnswer::Print("1".into())).correct);
    }

    #[test]
    fn writing_answers_name_the_missing_and_extra_dots() {
        let d = symbol(Code::English, "d").unwrap();
        let f = grade(Code::English, &d, &PracticeAnswer::parse(Direction::Writing, "⠋").unwrap());
        assert!(!f.correct);
        assert_eq!(f.differences[0].missing, vec![5]);
        assert_eq!(f.differences[0].extra, vec![2]);
        assert_eq!(f.confusions, vec![(cell(&[1, 4, 5]), cell(&[1, 2, 4]))]);
        assert!(grade(Code::English, &d, &PracticeAnswer::Cells(vec![cell(&[1, 4, 5])])).correct);
        assert_eq!(PracticeAnswer::parse(Direction::Writing, "d"), Err(InvalidInput::invalid("answer")));
        assert_eq!(PracticeAnswer::parse(Direction::Writing, "  "), Err(InvalidInput::required("answer")));
    }

    #[test]
    fn ratings_come_from_correctness_and_time() {
        assert_eq!(Rating::of(false, 1000), Rating::Again);
        assert_eq!(Rating::of(true, 1000), Rating::Easy);
        assert_eq!(Rating::of(true, 8000), Rating::Good);
        assert_eq!(Rating::of(true, 30_000), Rating::Hard);
    }

    /// Values of the reference implementation (fsrs-rs 6.x `next_states` doc test, default
    /// parameters, desired retention 0.9, a new card).
    #[test]
    fn a_new_card_gets_the_reference_states() {
        let good = schedule(None, None, Rating::Good, NOW);
        assert!((good.memory.stability - 2.3065).abs() < 1e-4);
        assert!((good.memory.difficulty - 2.118104).abs() < 1e-4);
        assert_eq!(good.due_at, NOW + 2 * DAY_MS);
        let easy = schedule(None, None, Rating::Easy, NOW);
        assert!((easy.memory.stability - 8.2956).abs() < 1e-4);
        assert_eq!(easy.due_at, NOW + 8 * DAY_MS);
        let again = schedule(None, None, Rating::Again, NOW);
        assert!((again.memory.stability - 0.212).abs() < 1e-4);
        assert_eq!(again.due_at, NOW + RELEARN_MS);
        assert!(again.again_in_session);
    }

    #[test]
    fn right_answers_push_the_card_out_and_intervals_grow() {
        let mut now = NOW;
        let mut memory = None;
        let mut last = None;
        let mut intervals = vec![];
        for _ in 0..5 {
            let s = schedule(memory, last, Rating::Good, now);
            assert!(!s.again_in_session);
            intervals.push(s.due_at - now);
            memory = Some(s.memory);
            last = Some(now);
            now = s.due_at;
        }
        assert!(intervals.windows(2).all(|w| w[1] > w[0]), "{intervals:?}");
        assert!(intervals[4] > 30 * DAY_MS, "{intervals:?}");
    }

    #[test]
    fn a_wrong_answer_brings_the_card_back_in_the_session_and_lowers_stability() {
        let first = schedule(None, None, Rating::Good, NOW);
        let later = first.due_at;
        let lapse = schedule(Some(first.memory), Some(NOW), Rating::Again, later);
        assert_eq!(lapse.due_at, later + RELEARN_MS);
        assert!(lapse.due_at - later < LOOKAHEAD_MS);
        assert!(lapse.memory.stability < first.memory.stability);
        // Right again in the session: out to a day at least.
        let back = schedule(Some(lapse.memory), Some(later), Rating::Good, later + RELEARN_MS);
        assert!(back.due_at >= later + RELEARN_MS + DAY_MS);
    }

    #[test]
    fn retention_falls_to_the_desired_retention_at_the_stability() {
        let m = Memory { stability: 10.0, difficulty: 5.0 };
        let r = retention(Some(m), Some(NOW), NOW + 10 * DAY_MS).unwrap();
        assert!((r - 0.9).abs() < 1e-6, "{r}");
        assert_eq!(retention(None, None, NOW), None);
        assert!(retention(Some(m), Some(NOW), NOW).unwrap() > 0.999);
    }

    #[test]
    fn streaks_count_days_in_a_row() {
        assert_eq!(streak(&[10, 9, 8, 6], 10), 3);
        assert_eq!(streak(&[9, 8], 10), 2);
        assert_eq!(streak(&[8], 10), 0);
        assert_eq!(streak(&[], 10), 0);
    }

    #[test]
    fn answer_times_are_bounded_by_the_server_clock() {
        assert_eq!(parse_answered_at(None, None, NOW), Ok(NOW));
        let hour_ago = crate::db::iso(NOW - 3_600_000);
        assert_eq!(parse_answered_at(Some(&hour_ago), None, NOW), Ok(NOW - 3_600_000));
        let fast_clock = crate::db::iso(NOW + 60_000);
        assert_eq!(parse_answered_at(Some(&fast_clock), None, NOW), Ok(NOW), "a clock a minute fast counts as now");
        let future = crate::db::iso(NOW + ANSWER_MAX_SKEW_MS + 1_000);
        assert_eq!(parse_answered_at(Some(&future), None, NOW), Err(InvalidInput::invalid("answered_at")));
        let old = crate::db::iso(NOW - 40 * DAY_MS);
        assert_eq!(parse_answered_at(Some(&old), None, NOW), Ok(NOW - 40 * DAY_MS), "kept however old");
        assert_eq!(parse_answered_at(Some("yesterday"), None, NOW), Err(InvalidInput::invalid("answered_at")));
        // A device whose clock runs an hour fast (or a day slow) that says when it sent the
        // answer: the answer's age is what counts.
        let (given, sent) = (crate::db::iso(NOW + 3_600_000 - 60_000), crate::db::iso(NOW + 3_600_000));
        assert_eq!(parse_answered_at(Some(&given), Some(&sent), NOW), Ok(NOW - 60_000));
        let (given, sent) = (crate::db::iso(NOW - DAY_MS - 120_000), crate::db::iso(NOW - DAY_MS));
        assert_eq!(parse_answered_at(Some(&given), Some(&sent), NOW), Ok(NOW - 120_000));
        assert_eq!(parse_answered_at(Some(&given), Some("soon"), NOW), Err(InvalidInput::invalid("sent_at")));
        assert!(AnswerId::parse("0b9e3c1a-5d1f-4f8e-9a57-2f0d6c3b1e42").is_ok());
        assert!(AnswerId::parse("short").is_err());
        assert!(AnswerId::parse("has space in it").is_err());
    }

    #[test]
    fn a_replay_schedules_in_answer_order_whatever_the_arrival_order() {
        let in_order =
            [(NOW, Rating::Good), (NOW + 3 * DAY_MS, Rating::Again), (NOW + 3 * DAY_MS + RELEARN_MS, Rating::Good)];
        let mut step = None;
        let mut last = None;
        for &(at, r) in &in_order {
            let s = schedule(step.map(|s: Scheduled| s.memory), last, r, at);
            step = Some(s);
            last = Some(at);
        }
        let shuffled = [in_order[2], in_order[0], in_order[1]];
        let replayed = replay(&shuffled).unwrap();
        assert_eq!(replayed.scheduled, step.unwrap());
        assert_eq!((replayed.reps, replayed.lapses), (3, 1));
        assert_eq!((replayed.first_review_at, replayed.last_review_at), (NOW, NOW + 3 * DAY_MS + RELEARN_MS));
        assert_eq!(replay(&[]), None);
    }
}
