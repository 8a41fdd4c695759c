//! Practice that remembers (issue 17): a student's cards of each Braille code, the daily
//! session (due cards, a few new ones and the confused pairs to drill), reviews graded and
//! scheduled on the server with FSRS, statistics, and the confusions of cells, the student's
//! own and, for an instructor, those of the students of one of their courses.
//!
//! Every function takes the time `now` (epoch milliseconds) so that tests run on a fixed clock.

use std::{collections::HashSet, hash::Hash};

use braille::{Cell, Contraction, Lang as Code};
use sqlx::{Any, Transaction};

use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{
        practice::{
            self, day_of, grade, retention, schedule, streak, symbols, AnswerId, CellDifference, Direction, Graded,
            Memory, PracticeAnswer, Rating, Symbol, DAY_MS, DRILL_AFTER, DRILL_SETTLES, LOOKAHEAD_MS, RELEARN_MS,
        },
        InvalidInput,
    },
    store::{
        self,
        practice::{
            AnsweredReview, CardRow, ClientReviewRow, ConfusionKey, ConfusionRow, CourseConfusionRow, NewCard,
            CONTRACTION,
        },
    },
};

use super::{
    practice_contractions::{self as contractions, ContractionPrompt, TaughtCards},
    ServiceError,
};

/// At most this many due cards in one session request: more than ten minutes hold.
const MAX_DUE: i64 = 120;
/// At most this many new cards a day, whatever the learner asks.
pub const MAX_NEW: u32 = 50;
/// At most this many confused pairs drilled in one session.
const MAX_DRILLS: usize = 3;

/// A card with its symbol.
#[derive(Clone, Debug)]
pub struct Card {
    pub row: CardRow,
    pub direction: Direction,
    /// The grade 1 symbol; for a contraction card, the contraction as a symbol (its print,
    /// its cells as they stand in the example, its kind as the name).
    pub symbol: Symbol,
    /// Contraction cards: the contraction and its example (issue 26).
    pub contraction: Option<ContractionPrompt>,
}

impl Card {
    pub fn memory(&self) -> Option<Memory> {
        memory_of(&self.row)
    }
}

fn memory_of(row: &CardRow) -> Option<Memory> {
    Some(Memory { stability: row.stability?, difficulty: row.difficulty? })
}

/// The figures of a symbol's or a contraction's cards (one per direction).
#[derive(Clone, Copy, Debug)]
pub struct CardFigures {
    /// Probability of recall now, per direction; `None` until first reviewed.
    pub reading: Option<f64>,
    pub writing: Option<f64>,
    pub reviews: i64,
    pub due_at: Option<i64>,
}

impl CardFigures {
    /// `per_card`: (card id, reviews), as `store::practice::reviews_per_card` reads them.
    pub fn of(cards: &[&CardRow], per_card: &[(i64, i64)], now: i64) -> CardFigures {
        let recall = |d: Direction| {
            cards
                .iter()
                .find(|k| k.direction == d.as_str())
                .and_then(|k| retention(memory_of(k), k.last_review_at, now))
        };
        CardFigures {
            reading: recall(Direction::Reading),
            writing: recall(Direction::Writing),
            reviews: per_card.iter().filter(|(id, _)| cards.iter().any(|k| k.id == *id)).map(|(_, n)| n).sum(),
            due_at: cards.iter().filter(|k| k.reps > 0).map(|k| k.due_at).min(),
        }
    }
}

fn card(code: Code, row: CardRow) -> Option<Card> {
    let direction = row.direction.parse().ok()?;
    let symbol = practice::symbol(code, &row.symbol)?;
    Some(Card { row, direction, symbol, contraction: None })
}

/// Two things a learner confused, drilled side by side: two cells (as symbols), or two
/// contractions (`practice_contractions::Drill`).
#[derive(Clone, Debug)]
pub struct Drill<T = Symbol> {
    pub a: T,
    pub b: T,
    /// Times the pair was confused (both ways).
    pub count: i64,
}

/// Today's session of one code.
pub struct Session {
    pub code: Code,
    /// Due cards (the most overdue first, those answered wrong a moment ago among them), then
    /// the new ones.
    pub cards: Vec<Card>,
    pub new_cards: usize,
    pub drills: Vec<Drill>,
    /// Confused pairs of contractions to drill side by side.
    pub contraction_drills: Vec<contractions::Drill>,
    pub today: DayTally,
    pub due_tomorrow: i64,
    pub streak: i64,
}

/// Today's reviews of a code.
#[derive(Clone, Copy, Debug, Default)]
pub struct DayTally {
    pub reviewed: i64,
    pub correct: i64,
    /// The first review of the day: when the session started.
    pub started_at: Option<i64>,
}

fn lang_code(code: Code) -> &'static str {
    code.code()
}

pub(super) fn student_only(user: AuthUser) -> Result<(), ServiceError> {
    if user.typ == crate::domain::UserType::Student {
        Ok(())
    } else {
        Err(ServiceError::Forbidden)
    }
}

/// The symbols of the lessons the student completed in courses of `code`, in lesson order.
async fn lesson_symbols(db: &Db, student: i64, code: Code) -> Result<Vec<String>, ServiceError> {
    let mut out: Vec<String> = vec![];
    for raw in store::practice::completed_lesson_letters(db, student, lang_code(code)).await? {
        for letter in serde_json::from_str::<Vec<String>>(&raw).unwrap_or_default() {
            let letter = letter.trim().to_string();
            if !out.contains(&letter) {
                out.push(letter);
            }
        }
    }
    Ok(out)
}

/// Gives the student every card of `code` the first time they practise it (never reviewed,
/// so they come in as new cards, a few a day).
async fn ensure_cards(db: &Db, student: i64, code: Code, now: i64) -> Result<(), ServiceError> {
    let want = symbols(code).len() as i64 * 2;
    if store::practice::count_cards(db, student, lang_code(code)).await? >= want {
        return Ok(());
    }
    let cards: Vec<NewCard> = symbols(code)
        .iter()
        .flat_map(|s| {
            [Direction::Reading, Direction::Writing].map(|d| NewCard {
                symbol: s.print,
                direction: d.as_str(),
                teach_order: s.order as i64,
            })
        })
        .collect();
    let (mut tx, turn) = db::begin_write(db).await?;
    store::practice::insert_cards(&mut tx, student, lang_code(code), store::practice::SYMBOL, &cards, now).await?;
    tx.commit().await?;
    drop(turn);
    Ok(())
}

async fn tally(db: &Db, student: i64, code: Code, now: i64) -> Result<DayTally, ServiceError> {
    let (reviewed, correct, started_at) = store::practice::day_tally(db, student, lang_code(code), day_of(now)).await?;
    Ok(DayTally { reviewed, correct, started_at })
}

/// Reviewed cards due by the end of tomorrow (UTC).
async fn due_tomorrow(db: &Db, student: i64, code: Code, now: i64) -> Result<i64, ServiceError> {
    Ok(store::practice::due_before(db, student, lang_code(code), (day_of(now) + 2) * DAY_MS).await?)
}

async fn streak_of(db: &Db, student: i64, now: i64) -> Result<i64, ServiceError> {
    let days = store::practice::review_days(db, student, 3660).await?;
    Ok(streak(&days, day_of(now)))
}

/// The pairs the learner keeps confusing (recorded at least [`DRILL_AFTER`] times, both ways
/// together) and has not settled in drills, the most frequent first; `item` says what a key
/// stands for (a pair with a key it cannot name is left out).
pub(super) fn drills_of<K: Ord + Hash, T>(rows: &[ConfusionRow<K>], item: impl Fn(&K) -> Option<T>) -> Vec<Drill<T>> {
    let mut seen = HashSet::new();
    let mut out = vec![];
    for r in rows {
        let key = if r.expected <= r.given { (&r.expected, &r.given) } else { (&r.given, &r.expected) };
        if !seen.insert(key) {
            continue;
        }
        let both: Vec<&ConfusionRow<K>> =
            rows.iter().filter(|o| (&o.expected, &o.given) == key || (&o.given, &o.expected) == key).collect();
        let count: i64 = both.iter().map(|o| o.count).sum();
        if count < DRILL_AFTER || both.iter().any(|o| o.settled == 1) {
            continue;
        }
        if let (Some(a), Some(b)) = (item(key.0), item(key.1)) {
            out.push(Drill { a, b, count });
        }
    }
    out.sort_by_key(|d| -d.count);
    out.truncate(MAX_DRILLS);
    out
}

/// The confused pairs of cells to drill.
fn drills(code: Code, rows: &[ConfusionRow]) -> Vec<Drill> {
    drills_of(rows, |bits| Cell::from_bits(u8::try_from(*bits).ok()?).and_then(|c| practice::symbol_of_cell(code, c)))
}

/// Today's session: the cards due now (and those answered wrong a moment ago), then up to
/// `new_per_day` new cards a day — the symbols of the lessons the student completed first,
/// then the code's teaching order (its alphabet first) — and the confused pairs to drill.
/// Resumable: asked again, it answers what is left.
pub async fn session(db: &Db, user: AuthUser, code: Code, new_per_day: u32, now: i64) -> Result<Session, ServiceError> {
    student_only(user)?;
    if new_per_day > MAX_NEW {
        return Err(InvalidInput::invalid("new").into());
    }
    ensure_cards(db, user.id, code, now).await?;
    let taught = TaughtCards::load(db, user.id, code).await?;
    contractions::ensure_cards(db, user.id, &taught, now).await?;
    let c = lang_code(code);
    // Independent reads, side by side on the pool.
    let (due, taken_today, new, lessons, confusions, contraction_drills, today, due_tomorrow, streak) = tokio::try_join!(
        async { Ok::<_, ServiceError>(store::practice::due_cards(db, user.id, c, now + LOOKAHEAD_MS, MAX_DUE).await?) },
        async { Ok(store::practice::first_reviewed_since(db, user.id, c, day_of(now) * DAY_MS).await?) },
        async { Ok(if new_per_day > 0 { store::practice::new_cards(db, user.id, c).await? } else { vec![] }) },
        lesson_symbols(db, user.id, code),
        async { Ok(store::practice::confusions(db, user.id, c).await?) },
        contractions::session_drills(db, user.id, &taught),
        tally(db, user.id, code, now),
        due_tomorrow(db, user.id, code, now),
        streak_of(db, user.id, now),
    )?;
    let allowance = (new_per_day as i64 - taken_today).max(0) as usize;
    let (new_contractions, mut new): (Vec<CardRow>, Vec<CardRow>) =
        new.into_iter().partition(|r| r.kind == CONTRACTION);
    // Lesson symbols first (in lesson order), then teaching order; reading before writing.
    new.sort_by_key(|r| {
        let lesson = lessons.iter().position(|l| *l == r.symbol).unwrap_or(usize::MAX);
        (lesson, r.teach_order, r.direction != "reading")
    });
    // Contraction cards after the grade 1 letters they depend on.
    let mut new = contractions::order_new(
        code,
        new.into_iter().filter_map(|r| card(code, r)).collect(),
        new_contractions.into_iter().filter_map(|r| taught.card(r)).collect(),
    );
    new.truncate(allowance);
    let new_cards = new.len();
    let due = due.into_iter().filter_map(|r| if r.kind == CONTRACTION { taught.card(r) } else { card(code, r) });
    let cards = due.chain(new).collect();
    Ok(Session {
        code,
        cards,
        new_cards,
        drills: drills(code, &confusions),
        contraction_drills,
        today,
        due_tomorrow,
        streak,
    })
}

/// A graded, scheduled review.
pub struct Reviewed {
    pub card: Card,
    pub correct: bool,
    pub rating: Rating,
    /// Writing: the cells written.
    pub given: Option<Vec<Cell>>,
    pub differences: Vec<CellDifference>,
    pub due_at: i64,
    pub again_in_session: bool,
    pub today: DayTally,
}

/// The student answers one of their cards now (see [`review_answer`]).
pub async fn review(
    db: &Db,
    user: AuthUser,
    card_id: i64,
    answer: &str,
    elapsed_ms: i64,
    now: i64,
) -> Result<Reviewed, ServiceError> {
    review_answer(db, user, Answer { card_id, answer, elapsed_ms, answered_at: now, client_id: None }, now).await
}

/// An answer as a device sends it, perhaps late (issue 26: given offline, sent when the network
/// came back).
pub struct Answer<'a> {
    pub card_id: i64,
    pub answer: &'a str,
    pub elapsed_ms: i64,
    /// When it was given, already bounded by [`practice::parse_answered_at`].
    pub answered_at: i64,
    /// The device's id of the answer: sent again, it counts once.
    pub client_id: Option<AnswerId>,
}

/// The student answers one of their cards: graded on the server, scheduled with FSRS (the
/// rating from correctness and `elapsed_ms`) at the time the answer was given, written with the
/// review and any confusion of cells in one transaction. An answer given before the card's last
/// review (sent late from a device that was offline) is put in its place: the card's schedule
/// is replayed from all its reviews in the order they were given. An answer id seen before
/// gets the first reply again and changes nothing. Another learner's card is not found.
pub async fn review_answer(db: &Db, user: AuthUser, a: Answer<'_>, now: i64) -> Result<Reviewed, ServiceError> {
    student_only(user)?;
    if !(0..=3_600_000).contains(&a.elapsed_ms) {
        return Err(InvalidInput::invalid("elapsed_ms").into());
    }
    if let Some(id) = &a.client_id {
        if let Some(done) = store::practice::review_by_client_id(db, user.id, id.as_str()).await? {
            return reviewed_before(db, user, a.card_id, done, now).await;
        }
    }
    let row = store::practice::card(db, a.card_id)
        .await?
        .filter(|r| r.student_id == user.id)
        .ok_or(ServiceError::NotFound)?;
    let code: Code = row.code.parse().map_err(|_| ServiceError::NotFound)?;
    let (card, parsed, graded, confused_contraction) = graded_answer(db, user, code, row, a.answer).await?;
    let rating = Rating::of(graded.correct, a.elapsed_ms);
    let at = a.answered_at;
    let in_order = card.row.last_review_at.is_none_or(|last| at >= last);
    let (mut tx, turn) = db::begin_write(db).await?;
    let (next, updated) = if in_order {
        let next = schedule(card.memory(), card.row.last_review_at, rating, at);
        let lapse = rating == Rating::Again && card.row.reps > 0;
        let updated = store::practice::update_card(
            &mut tx,
            &card.row,
            next.memory.stability,
            next.memory.difficulty,
            next.due_at,
            lapse,
            at,
        )
        .await?;
        (next, updated)
    } else {
        let mut history: Vec<(i64, Rating)> = store::practice::card_reviews(&mut *tx, card.row.id)
            .await?
            .into_iter()
            .filter_map(|(t, r)| Some((t, Rating::from_number(r)?)))
            .collect();
        history.push((at, rating));
        let r = practice::replay(&history).expect("at least this answer");
        let schedule = store::practice::CardSchedule {
            stability: r.scheduled.memory.stability,
            difficulty: r.scheduled.memory.difficulty,
            due_at: r.scheduled.due_at,
            last_review_at: r.last_review_at,
            first_review_at: r.first_review_at,
            reps: r.reps,
            lapses: r.lapses,
        };
        (r.scheduled, store::practice::set_card_schedule(&mut tx, &card.row, &schedule).await?)
    };
    if !updated {
        // Answered twice at once: the other answer counted.
        return Err(ServiceError::NotFound);
    }
    let review = AnsweredReview {
        day: day_of(at),
        correct: graded.correct,
        rating: rating as i64,
        elapsed_ms: a.elapsed_ms,
        answered_at: at,
        client_id: a.client_id.as_ref().map(AnswerId::as_str),
        answer: a.answer.trim(),
        due_at: next.due_at,
    };
    match store::practice::insert_answered_review(&mut tx, &card.row, &review).await {
        Ok(()) => {}
        // The same answer sent twice at once: the first one counted, this one changes nothing.
        Err(e) if store::is_unique_violation(&e) => {
            drop(tx);
            drop(turn);
            let id = a.client_id.as_ref().map(AnswerId::as_str).unwrap_or_default();
            let done = store::practice::review_by_client_id(db, user.id, id).await?.ok_or(ServiceError::NotFound)?;
            return reviewed_before(db, user, a.card_id, done, now).await;
        }
        Err(e) => return Err(e.into()),
    }
    for (expected, given) in &graded.confusions {
        store::practice::record_confusion(
            &mut tx,
            user.id,
            lang_code(code),
            expected.bits() as i64,
            given.bits() as i64,
            at,
        )
        .await?;
    }
    if let (Some(expected), Some(given)) = (&card.contraction, confused_contraction) {
        store::practice::record_confusion(
            &mut tx,
            user.id,
            lang_code(code),
            expected.contraction.id.clone(),
            given.id.clone(),
            at,
        )
        .await?;
    }
    tx.commit().await?;
    drop(turn);
    let given = match parsed {
        PracticeAnswer::Cells(cells) => Some(cells),
        PracticeAnswer::Print(_) => None,
    };
    Ok(Reviewed {
        correct: graded.correct,
        rating,
        given,
        differences: graded.differences,
        due_at: next.due_at,
        again_in_session: next.again_in_session,
        today: tally(db, user.id, code, now).await?,
        card,
    })
}

/// The card of `row` and `answer` graded on it: a contraction card by the contractions the
/// learner has been taught (and which of them the answer confused it with), a symbol card by
/// its symbol.
async fn graded_answer(
    db: &Db,
    user: AuthUser,
    code: Code,
    row: CardRow,
    answer: &str,
) -> Result<(Card, PracticeAnswer, Graded, Option<&'static Contraction>), ServiceError> {
    let taught = if row.kind == CONTRACTION { Some(TaughtCards::load(db, user.id, code).await?) } else { None };
    let card = match &taught {
        Some(t) => t.card(row),
        None => card(code, row),
    }
    .ok_or(ServiceError::NotFound)?;
    let parsed = PracticeAnswer::parse(card.direction, answer)?;
    let (graded, confused) = match (&taught, &card.contraction) {
        (Some(t), Some(prompt)) => t.grade(prompt, &parsed),
        _ => (grade(code, &card.symbol, &parsed), None),
    };
    Ok((card, parsed, graded, confused))
}

/// The reply to an answer that arrived before (same answer id): graded again from the answer
/// kept with it, with the due time it produced then. Nothing is written.
async fn reviewed_before(
    db: &Db,
    user: AuthUser,
    card_id: i64,
    done: ClientReviewRow,
    now: i64,
) -> Result<Reviewed, ServiceError> {
    if done.card_id != card_id {
        return Err(InvalidInput::invalid("client_id").into());
    }
    let row =
        store::practice::card(db, card_id).await?.filter(|r| r.student_id == user.id).ok_or(ServiceError::NotFound)?;
    let code: Code = row.code.parse().map_err(|_| ServiceError::NotFound)?;
    let (card, parsed, graded, _) =
        graded_answer(db, user, code, row, done.answer.as_deref().unwrap_or_default()).await?;
    let rating = Rating::from_number(done.rating).unwrap_or(Rating::Again);
    let due_at = done.due_at.unwrap_or(card.row.due_at);
    Ok(Reviewed {
        correct: graded.correct,
        rating,
        given: match parsed {
            PracticeAnswer::Cells(cells) => Some(cells),
            PracticeAnswer::Print(_) => None,
        },
        differences: graded.differences,
        due_at,
        // It came back within the session only when it was the card's latest answer then.
        again_in_session: due_at == done.reviewed_at + RELEARN_MS,
        today: tally(db, user.id, code, now).await?,
        card,
    })
}

/// A drill's outcome.
pub struct Drilled {
    pub correct: bool,
    /// The cell of the symbol asked for.
    pub expected: Symbol,
    /// Right often enough in a row: the pair is no longer drilled until it recurs.
    pub settled: bool,
}

/// "Which of these is e?": the learner chose `chosen` of the pair `pair` for the symbol
/// `print`. Only a pair the learner confused can be drilled.
pub async fn drill(
    db: &Db,
    user: AuthUser,
    code: Code,
    print: &str,
    pair: &[Cell],
    chosen: Cell,
) -> Result<Drilled, ServiceError> {
    student_only(user)?;
    let expected = practice::symbol(code, print).ok_or_else(|| InvalidInput::invalid("print"))?;
    let [a, b] = pair else { return Err(InvalidInput::invalid("pair").into()) };
    let [right] = expected.cells.as_slice() else { return Err(InvalidInput::invalid("print").into()) };
    if !(a == right || b == right) || a == b {
        return Err(InvalidInput::invalid("pair").into());
    }
    if chosen != *a && chosen != *b {
        return Err(InvalidInput::invalid("answer").into());
    }
    let correct = chosen == *right;
    let settled = drill_pair(db, user.id, lang_code(code), a.bits() as i64, b.bits() as i64, correct).await?;
    Ok(Drilled { correct, expected, settled })
}

/// Records a drill of the pair `a`–`b` (cells or contractions) and answers whether the pair is
/// settled now; not found when the learner never confused the two.
pub(super) async fn drill_pair<K: ConfusionKey + PartialEq>(
    db: &Db,
    student: i64,
    code: &str,
    a: K,
    b: K,
    correct: bool,
) -> Result<bool, ServiceError> {
    let (mut tx, turn) = db::begin_write(db).await?;
    if !store::practice::drill(&mut tx, student, code, a.clone(), b.clone(), correct, DRILL_SETTLES).await? {
        return Err(ServiceError::NotFound);
    }
    tx.commit().await?;
    drop(turn);
    let rows: Vec<ConfusionRow<K>> = store::practice::confusions(db, student, code).await?;
    Ok(rows.iter().any(|r| r.settled == 1 && ((r.expected == a && r.given == b) || (r.expected == b && r.given == a))))
}

/// One symbol's figures.
pub struct SymbolStats {
    pub symbol: Symbol,
    pub figures: CardFigures,
}

pub struct Stats {
    pub code: Code,
    pub symbols: Vec<SymbolStats>,
    pub streak: i64,
    /// (day, reviews, right) for the last 30 days with reviews.
    pub per_day: Vec<(i64, i64, i64)>,
    pub today: DayTally,
    pub due_tomorrow: i64,
}

/// Per-symbol retention, the streak and the reviews per day of the last 30 days.
pub async fn stats(db: &Db, user: AuthUser, code: Code, now: i64) -> Result<Stats, ServiceError> {
    student_only(user)?;
    let c = lang_code(code);
    let cards: Vec<Card> =
        store::practice::all_cards(db, user.id, c).await?.into_iter().filter_map(|r| card(code, r)).collect();
    let per_card = store::practice::reviews_per_card(db, user.id, c).await?;
    let symbols = symbols(code)
        .iter()
        .cloned()
        .map(|symbol| {
            let mine: Vec<&CardRow> = cards.iter().filter(|k| k.symbol.print == symbol.print).map(|k| &k.row).collect();
            SymbolStats { figures: CardFigures::of(&mine, &per_card, now), symbol }
        })
        .collect();
    Ok(Stats {
        code,
        symbols,
        streak: streak_of(db, user.id, now).await?,
        per_day: store::practice::reviews_per_day(db, user.id, c, day_of(now) - 29).await?,
        today: tally(db, user.id, code, now).await?,
        due_tomorrow: due_tomorrow(db, user.id, code, now).await?,
    })
}

/// A confusion with the symbols of its cells (when the cell is one on its own).
pub struct Confusion {
    pub expected: Cell,
    pub given: Cell,
    pub count: i64,
    /// Learners confusing it (instructors' view); 1 for a learner's own.
    pub students: i64,
    /// Still drilled (a learner's own, recurring and not settled).
    pub drilling: bool,
}

fn cell_of(bits: i64) -> Cell {
    u8::try_from(bits).ok().and_then(Cell::from_bits).unwrap_or(Cell::EMPTY)
}

/// The learner's own confusions in `code`, the most frequent first.
pub async fn confusions(db: &Db, user: AuthUser, code: Code) -> Result<Vec<Confusion>, ServiceError> {
    student_only(user)?;
    let rows = store::practice::confusions(db, user.id, lang_code(code)).await?;
    let drilled: Vec<(Cell, Cell)> = drills(code, &rows)
        .into_iter()
        .filter_map(|d| match (d.a.cells.as_slice(), d.b.cells.as_slice()) {
            ([a], [b]) => Some((*a, *b)),
            _ => None,
        })
        .collect();
    Ok(rows
        .iter()
        .map(|r| {
            let (e, g) = (cell_of(r.expected), cell_of(r.given));
            Confusion {
                expected: e,
                given: g,
                count: r.count,
                students: 1,
                drilling: drilled.iter().any(|&(a, b)| (a, b) == (e, g) || (a, b) == (g, e)),
            }
        })
        .collect())
}

/// The confusions of the students enrolled in one of the instructor's own courses, in the
/// course's code; another instructor's course (or none) is not found.
pub async fn course_confusions(
    db: &Db,
    user: AuthUser,
    course_id: i64,
) -> Result<(Code, Vec<Confusion>), ServiceError> {
    if user.typ != crate::domain::UserType::Instructor {
        return Err(ServiceError::Forbidden);
    }
    let course = store::courses::by_id(db, course_id)
        .await?
        .filter(|c| c.instructor_id == user.id)
        .ok_or(ServiceError::NotFoundIn("course_id"))?;
    let code: Code = course.language.parse().map_err(|_| ServiceError::NotFoundIn("course_id"))?;
    let rows: Vec<CourseConfusionRow> = store::practice::course_confusions(db, course.id, lang_code(code)).await?;
    Ok((
        code,
        rows.iter()
            .map(|r| Confusion {
                expected: cell_of(r.expected),
                given: cell_of(r.given),
                count: r.count,
                students: r.students,
                drilling: false,
            })
            .collect(),
    ))
}

/// Records, in the caller's transaction, the cells a student wrote for others in an
/// assessment's Braille answer (`attempts::submit`).
pub async fn record_assessment_confusions(
    tx: &mut Transaction<'static, Any>,
    student: i64,
    code: &str,
    differences: &[CellDifference],
    now: i64,
) -> Result<(), ServiceError> {
    if code.parse::<Code>().is_err() {
        return Ok(());
    }
    for (expected, given) in practice::confusions_of(differences) {
        store::practice::record_confusion(tx, student, code, expected.bits() as i64, given.bits() as i64, now).await?;
    }
    Ok(())
}
