//! Contraction cards in the daily practice (issue 26): which contraction cards a student has
//! (from the lessons they completed in contracted courses of a code), each card's example, how
//! an answer is graded, the confusions among contractions and their drills, and the mastery
//! of contractions by kind. The daily session and the review flow of `services::practice`
//! carry these cards beside the grade 1 ones.

use std::collections::{HashMap, HashSet};

use braille::{Contraction, ContractionKind, Lang as Code};

use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{
        contraction_cards::{self, depends_on, example, kind_name, mix_new, Example},
        practice::{Direction, Graded, PracticeAnswer, Symbol},
        InvalidInput,
    },
    store::{
        self,
        practice::CardRow,
        practice::{NewCard, CONTRACTION},
    },
};

use super::{
    practice::{drill_pair, drills_of, student_only, Card, CardFigures},
    ServiceError,
};

/// A confusion among contractions, by their ids.
type ConfusionRow = store::practice::ConfusionRow<String>;

/// A contraction card's contraction and the example it is shown in.
#[derive(Clone, Debug)]
pub struct ContractionPrompt {
    pub contraction: &'static Contraction,
    pub example: Example,
}

/// What a student was taught in contracted courses of one code, with each taught
/// contraction's example (those with none cannot be shown where their rule lets them stand,
/// so they have no card).
pub struct TaughtCards {
    pub code: Code,
    pub taught: contraction_cards::Taught,
    pub examples: HashMap<&'static str, Example>,
}

impl TaughtCards {
    pub async fn load(db: &Db, student: i64, code: Code) -> Result<TaughtCards, ServiceError> {
        let lessons = store::practice::completed_contraction_lessons(db, student, code.code()).await?;
        let taught =
            contraction_cards::Taught::from_lessons(code, lessons.iter().map(|(c, w)| (c.as_str(), w.as_str())));
        let set = taught.set(code);
        let examples = taught
            .contractions
            .iter()
            .filter_map(|c| example(code, c, &set, &taught.words).map(|e| (c.id.as_str(), e)))
            .collect();
        Ok(TaughtCards { code, taught, examples })
    }

    /// The card of a contraction row, while its contraction is taught and has an example.
    pub fn card(&self, row: CardRow) -> Option<Card> {
        let direction = row.direction.parse().ok()?;
        let contraction = self.taught.get(&row.symbol)?;
        let example = self.examples.get(contraction.id.as_str())?.clone();
        let (name_en, name_ar) = kind_name(contraction.kind);
        let order = self.taught.contractions.iter().position(|c| c.id == contraction.id).unwrap_or(0);
        let symbol = Symbol {
            print: contraction.print.as_str(),
            cells: example.contraction_cells().to_vec(),
            name_en,
            name_ar,
            order,
        };
        Some(Card { row, direction, symbol, contraction: Some(ContractionPrompt { contraction, example }) })
    }

    /// Grades an answer to a contraction card: the outcome, and the contraction read or
    /// written instead when it is another taught one.
    pub fn grade(&self, prompt: &ContractionPrompt, answer: &PracticeAnswer) -> (Graded, Option<&'static Contraction>) {
        let g = contraction_cards::grade(prompt.contraction, &prompt.example, &self.taught, answer);
        (Graded { correct: g.correct, differences: g.differences, confusions: vec![] }, g.confused_with)
    }
}

/// Gives the student both cards of every taught contraction that has an example and no
/// card yet (never reviewed, so they come in as new cards).
pub async fn ensure_cards(db: &Db, student: i64, taught: &TaughtCards, now: i64) -> Result<(), ServiceError> {
    let have: HashSet<String> = store::practice::card_ids(db, student, taught.code.code()).await?.into_iter().collect();
    let cards: Vec<NewCard> = taught
        .taught
        .contractions
        .iter()
        .enumerate()
        .filter(|(_, c)| !have.contains(&c.id) && taught.examples.contains_key(c.id.as_str()))
        .flat_map(|(i, c)| {
            [Direction::Reading, Direction::Writing].map(|d| NewCard {
                symbol: c.id.as_str(),
                direction: d.as_str(),
                teach_order: i as i64,
            })
        })
        .collect();
    if cards.is_empty() {
        return Ok(());
    }
    let (mut tx, turn) = db::begin_write(db).await?;
    store::practice::insert_cards(&mut tx, student, taught.code.code(), CONTRACTION, &cards, now).await?;
    tx.commit().await?;
    drop(turn);
    Ok(())
}

/// The day's new cards: the grade 1 cards in their order, and each contraction card (reading
/// before writing, in lesson order) after the grade 1 letters it depends on.
pub fn order_new(code: Code, symbols: Vec<Card>, contractions: Vec<Card>) -> Vec<Card> {
    let mut contractions = contractions;
    contractions.sort_by_key(|c| (c.row.teach_order, c.direction != Direction::Reading));
    let symbols: Vec<(Card, &str)> = symbols.into_iter().map(|c| (c.clone(), c.symbol.print)).collect();
    let contractions: Vec<(Card, Vec<&str>)> = contractions
        .into_iter()
        .map(|c| {
            let deps = c.contraction.as_ref().map(|p| depends_on(code, p.contraction)).unwrap_or_default();
            (c, deps)
        })
        .collect();
    mix_new(symbols, contractions)
}

/// Two contractions a learner confused, drilled side by side.
pub type Drill = super::practice::Drill<&'static Contraction>;

/// The confused pairs of taught contractions to drill.
fn drills(taught: &TaughtCards, rows: &[ConfusionRow]) -> Vec<Drill> {
    drills_of(rows, |id| taught.taught.get(id))
}

/// The contraction drills of today's session.
pub async fn session_drills(db: &Db, student: i64, taught: &TaughtCards) -> Result<Vec<Drill>, ServiceError> {
    let rows = store::practice::confusions(db, student, taught.code.code()).await?;
    Ok(drills(taught, &rows))
}

/// A contraction drill's outcome.
pub struct Drilled {
    pub correct: bool,
    pub expected: &'static Contraction,
    pub settled: bool,
}

/// "Which of these is ch?": the learner chose `chosen` of the pair for the contraction
/// `expected`. Only a pair of taught contractions the learner confused can be drilled.
pub async fn drill(
    db: &Db,
    user: AuthUser,
    code: Code,
    expected: &str,
    pair: [&str; 2],
    chosen: &str,
) -> Result<Drilled, ServiceError> {
    student_only(user)?;
    let taught = TaughtCards::load(db, user.id, code).await?;
    let right = taught.taught.get(expected).ok_or_else(|| InvalidInput::invalid("expected"))?;
    let [a, b] = pair;
    if a == b || !(a == right.id || b == right.id) || taught.taught.get(a).is_none() || taught.taught.get(b).is_none() {
        return Err(InvalidInput::invalid("pair").into());
    }
    if chosen != a && chosen != b {
        return Err(InvalidInput::invalid("answer").into());
    }
    let correct = chosen == right.id;
    let settled = drill_pair(db, user.id, code.code(), a.to_string(), b.to_string(), correct).await?;
    Ok(Drilled { correct, expected: right, settled })
}

/// One taught contraction's figures.
pub struct ContractionStats {
    pub contraction: &'static Contraction,
    /// The example its cards show, if any.
    pub example: Option<Example>,
    pub figures: CardFigures,
}

/// The taught contractions of one kind, in lesson order.
pub struct KindStats {
    pub kind: ContractionKind,
    pub contractions: Vec<ContractionStats>,
}

/// A confusion among contractions, with whether it is still drilled.
pub struct Confusion {
    pub expected: &'static Contraction,
    pub given: &'static Contraction,
    pub count: i64,
    pub drilling: bool,
}

pub struct Mastery {
    pub code: Code,
    pub kinds: Vec<KindStats>,
    pub confusions: Vec<Confusion>,
}

/// The mastery of the taught contractions by kind (the kinds in the order they are first
/// taught): retention per direction, reviews and when next due; and the confusions.
pub async fn mastery(db: &Db, user: AuthUser, code: Code, now: i64) -> Result<Mastery, ServiceError> {
    student_only(user)?;
    let taught = TaughtCards::load(db, user.id, code).await?;
    let rows: Vec<CardRow> = store::practice::all_cards(db, user.id, code.code())
        .await?
        .into_iter()
        .filter(|r| r.kind == CONTRACTION)
        .collect();
    let per_card = store::practice::reviews_per_card(db, user.id, code.code()).await?;
    let mut kinds: Vec<KindStats> = vec![];
    for c in &taught.taught.contractions {
        let mine: Vec<&CardRow> = rows.iter().filter(|r| r.symbol == c.id).collect();
        let stats = ContractionStats {
            contraction: c,
            example: taught.examples.get(c.id.as_str()).cloned(),
            figures: CardFigures::of(&mine, &per_card, now),
        };
        match kinds.iter_mut().find(|k| k.kind == c.kind) {
            Some(k) => k.contractions.push(stats),
            None => kinds.push(KindStats { kind: c.kind, contractions: vec![stats] }),
        }
    }
    let rows: Vec<ConfusionRow> = store::practice::confusions(db, user.id, code.code()).await?;
    let drilled = drills(&taught, &rows);
    let confusions = rows
        .iter()
        .filter_map(|r| {
            let (e, g) = (taught.taught.get(&r.expected)?, taught.taught.get(&r.given)?);
            let drilling =
                drilled.iter().any(|d| (d.a.id == e.id && d.b.id == g.id) || (d.a.id == g.id && d.b.id == e.id));
            Some(Confusion { expected: e, given: g, count: r.count, drilling })
        })
        .collect();
    Ok(Mastery { code, kinds, confusions })
}
