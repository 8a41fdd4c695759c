//! Request and response types of practice (issue 17).

use braille::Cell;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    db::iso,
    domain::practice::{dot_strings, CellDifference, Symbol},
    i18n::Lang,
    services::{
        practice::{Card, Confusion, DayTally, Drill},
        practice_contractions::{self as contractions, ContractionPrompt},
    },
};

#[derive(Deserialize, IntoParams)]
pub struct SessionQuery {
    /// `ar` (Arabic grade 1) or `en` (UEB grade 1).
    #[param(required = true, value_type = String, pattern = "^(ar|en)$")]
    pub code: Option<String>,
    /// New cards a day (0–50; 5 when left out).
    #[param(required = false, value_type = i64, minimum = 0, maximum = 50)]
    pub new: Option<String>,
}

#[derive(Deserialize, IntoParams)]
pub struct CodeQuery {
    /// `ar` or `en`.
    #[param(required = true, value_type = String, pattern = "^(ar|en)$")]
    pub code: Option<String>,
}

#[derive(Deserialize, IntoParams)]
pub struct CourseQuery {
    /// One of the instructor's own courses.
    #[param(required = true, value_type = i64, minimum = 1)]
    pub course_id: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct ReviewInput {
    pub card_id: i64,
    /// Reading cards: the print typed. Writing cards: Unicode Braille (U+2800–U+283F).
    pub answer: String,
    /// Time from the question shown to the answer sent, in milliseconds (0–3,600,000).
    pub elapsed_ms: i64,
    /// When the answer was given (RFC 3339), for an answer kept on a device while it was
    /// offline and sent later, however long ago; at most 5 minutes ahead of the server's clock. Left out: now. The card is scheduled at this time, in the order answers were given.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub answered_at: Option<String>,
    /// The device's time when it sent the answer (RFC 3339). With it the device's clock does
    /// not matter: the answer counts as given `sent_at - answered_at` before the server's now.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub sent_at: Option<String>,
    /// The device's id of this answer (8–64 letters, digits, `-`, `_`; a UUID): an answer sent
    /// again with the same id gets the same reply and changes nothing.
    pub client_id: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct DrillInput {
    /// `ar` or `en`.
    pub code: String,
    /// The symbol asked for ("which of these is e?").
    pub print: String,
    /// The two cells shown side by side, Unicode Braille.
    pub pair: String,
    /// The cell chosen, Unicode Braille.
    pub answer: String,
}

/// Cells in the forms a page shows and a screen reader says.
#[derive(Serialize, ToSchema)]
pub struct CellsDto {
    /// Unicode Braille.
    pub braille: String,
    /// The dots of each cell, e.g. `["125"]`.
    pub dots: Vec<String>,
}

pub fn cells_dto(cells: &[Cell]) -> CellsDto {
    CellsDto { braille: braille::cells_to_unicode(cells), dots: dot_strings(cells) }
}

#[derive(Serialize, ToSchema)]
pub struct SymbolDto {
    pub print: String,
    /// Its name in the request's language ("letter e", "باء").
    pub name: String,
    pub cells: CellsDto,
}

pub fn symbol_dto(s: &Symbol, lang: Lang) -> SymbolDto {
    SymbolDto {
        print: s.print.to_string(),
        name: match lang {
            Lang::Ar => s.name_ar,
            Lang::En => s.name_en,
        }
        .to_string(),
        cells: cells_dto(&s.cells),
    }
}

/// What a card practises (`CardDto.kind`; only the document uses this).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum CardKind {
    /// A grade 1 symbol.
    Symbol,
    /// A contraction (issue 26).
    Contraction,
}

/// A card as asked: a reading card shows only the cells, a writing card only the print (the
/// answer stays on the server).
#[derive(Serialize, ToSchema)]
pub struct CardDto {
    pub id: i64,
    /// `reading` or `writing`.
    #[schema(value_type = crate::domain::practice::Direction)]
    pub direction: String,
    /// Never reviewed before.
    pub new: bool,
    /// Writing cards: the print to write.
    #[schema(required)]
    pub print: Option<String>,
    /// Writing cards: the symbol's name.
    #[schema(required)]
    pub name: Option<String>,
    /// Reading cards: the cells to read (a contraction card: its whole example).
    #[schema(required)]
    pub cells: Option<CellsDto>,
    /// `symbol` (a grade 1 symbol) or `contraction` (issue 26).
    #[schema(value_type = CardKind)]
    pub kind: String,
    /// Contraction cards: the contraction's kind and the example it stands in.
    #[schema(required)]
    pub contraction: Option<ContractionCardDto>,
}

/// A contraction card as asked. Reading: the example's cells are the card's `cells` and
/// `at`/`len` say which of them are the contraction; writing: the example's print, and the
/// contraction's print is the card's `print`.
#[derive(Serialize, ToSchema)]
pub struct ContractionCardDto {
    /// e.g. `en:the`.
    pub id: String,
    /// wordsign, groupsign, shortform… (`alphabetic_wordsign`, `strong_groupsign`, …).
    pub kind: String,
    /// The kind in the request's language.
    pub kind_name: String,
    /// Writing cards: the example's print.
    #[schema(required)]
    pub example: Option<String>,
    /// Index of the contraction's first cell in the example's cells.
    pub at: usize,
    /// How many cells the contraction takes there.
    pub len: usize,
}

fn kind_name(kind: braille::ContractionKind, lang: Lang) -> String {
    let (en, ar) = crate::domain::contraction_cards::kind_name(kind);
    match lang {
        Lang::Ar => ar,
        Lang::En => en,
    }
    .to_string()
}

/// A contraction's example in full (after the answer).
#[derive(Serialize, ToSchema)]
pub struct ExampleDto {
    pub print: String,
    pub cells: CellsDto,
    pub at: usize,
    pub len: usize,
}

pub fn example_dto(p: &ContractionPrompt) -> ExampleDto {
    let e = &p.example;
    ExampleDto { print: e.print.clone(), cells: cells_dto(&e.cells), at: e.at, len: e.len }
}

/// A contraction with its kind and cells (standing alone).
#[derive(Serialize, ToSchema)]
pub struct ContractionInfoDto {
    pub id: String,
    pub print: String,
    pub kind: String,
    pub kind_name: String,
    pub cells: CellsDto,
}

pub fn contraction_info(c: &braille::Contraction, lang: Lang) -> ContractionInfoDto {
    ContractionInfoDto {
        id: c.id.clone(),
        print: c.print.clone(),
        kind: c.kind.name().to_string(),
        kind_name: kind_name(c.kind, lang),
        cells: cells_dto(&c.cells),
    }
}

pub fn card_dto(c: &Card, lang: Lang) -> CardDto {
    let s = symbol_dto(&c.symbol, lang);
    let reading = c.direction == crate::domain::practice::Direction::Reading;
    let contraction = c.contraction.as_ref().map(|p| ContractionCardDto {
        id: p.contraction.id.clone(),
        kind: p.contraction.kind.name().to_string(),
        kind_name: kind_name(p.contraction.kind, lang),
        example: (!reading).then(|| p.example.print.clone()),
        at: p.example.at,
        len: p.example.len,
    });
    let cells = match &c.contraction {
        Some(p) => cells_dto(&p.example.cells),
        None => s.cells,
    };
    CardDto {
        id: c.row.id,
        direction: c.direction.as_str().to_string(),
        new: c.row.reps == 0,
        print: (!reading).then(|| s.print.clone()),
        name: (!reading).then(|| s.name.clone()),
        cells: reading.then_some(cells),
        kind: if c.contraction.is_some() { "contraction" } else { "symbol" }.to_string(),
        contraction,
    }
}

#[derive(Serialize, ToSchema)]
pub struct DrillDto {
    pub a: SymbolDto,
    pub b: SymbolDto,
    /// Times the pair was confused.
    pub count: i64,
}

pub fn drill_dto(d: &Drill, lang: Lang) -> DrillDto {
    DrillDto { a: symbol_dto(&d.a, lang), b: symbol_dto(&d.b, lang), count: d.count }
}

/// Two contractions the learner confused, drilled side by side.
#[derive(Serialize, ToSchema)]
pub struct ContractionDrillDto {
    pub a: ContractionInfoDto,
    pub b: ContractionInfoDto,
    /// Times the pair was confused.
    pub count: i64,
}

pub fn contraction_drill_dto(d: &contractions::Drill, lang: Lang) -> ContractionDrillDto {
    ContractionDrillDto { a: contraction_info(d.a, lang), b: contraction_info(d.b, lang), count: d.count }
}

#[derive(Deserialize, ToSchema)]
pub struct ContractionDrillInput {
    /// `ar` or `en`.
    pub code: String,
    /// The contraction asked for ("which of these is ch?"), e.g. `en:ch`.
    pub expected: String,
    /// The two contractions shown side by side (ids).
    pub pair: Vec<String>,
    /// The contraction chosen (id).
    pub answer: String,
}

#[derive(Serialize, ToSchema)]
pub struct ContractionDrillResultDto {
    pub correct: bool,
    pub expected: ContractionInfoDto,
    /// Right three times in a row: no longer drilled until confused again.
    pub settled: bool,
}

/// One taught contraction's figures.
#[derive(Serialize, ToSchema)]
pub struct ContractionStatsDto {
    pub contraction: ContractionInfoDto,
    /// The example its cards show (none: no lesson word shows it where its rule lets it stand).
    #[schema(required)]
    pub example: Option<ExampleDto>,
    /// Probability of recall now (0–1) of the reading card; null until reviewed.
    #[schema(required)]
    pub reading: Option<f64>,
    #[schema(required)]
    pub writing: Option<f64>,
    pub reviews: i64,
    #[schema(required)]
    pub due_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct ContractionKindDto {
    /// e.g. `strong_groupsign`.
    pub kind: String,
    pub kind_name: String,
    pub contractions: Vec<ContractionStatsDto>,
}

#[derive(Serialize, ToSchema)]
pub struct ContractionConfusionDto {
    pub expected: ContractionInfoDto,
    /// The contraction read or written instead.
    pub given: ContractionInfoDto,
    pub count: i64,
    /// Still drilled in the learner's sessions.
    pub drilling: bool,
}

/// The mastery of the taught contractions, by kind.
#[derive(Serialize, ToSchema)]
pub struct ContractionMasteryDto {
    #[schema(value_type = crate::i18n::Lang)]
    pub code: String,
    pub kinds: Vec<ContractionKindDto>,
    pub confusions: Vec<ContractionConfusionDto>,
}

pub fn mastery_dto(m: &contractions::Mastery, lang: Lang) -> ContractionMasteryDto {
    ContractionMasteryDto {
        code: m.code.code().to_string(),
        kinds: m
            .kinds
            .iter()
            .map(|k| ContractionKindDto {
                kind: k.kind.name().to_string(),
                kind_name: kind_name(k.kind, lang),
                contractions: k
                    .contractions
                    .iter()
                    .map(|c| ContractionStatsDto {
                        contraction: contraction_info(c.contraction, lang),
                        example: c.example.as_ref().map(|e| {
                            example_dto(&ContractionPrompt { contraction: c.contraction, example: e.clone() })
                        }),
                        reading: c.figures.reading,
                        writing: c.figures.writing,
                        reviews: c.figures.reviews,
                        due_at: c.figures.due_at.map(iso),
                    })
                    .collect(),
            })
            .collect(),
        confusions: m
            .confusions
            .iter()
            .map(|c| ContractionConfusionDto {
                expected: contraction_info(c.expected, lang),
                given: contraction_info(c.given, lang),
                count: c.count,
                drilling: c.drilling,
            })
            .collect(),
    }
}

#[derive(Serialize, ToSchema)]
pub struct TodayDto {
    pub reviewed: i64,
    pub correct: i64,
    /// The first review of the day (RFC 3339), when today's session started.
    #[schema(required)]
    pub started_at: Option<String>,
}

pub fn today_dto(t: &DayTally) -> TodayDto {
    TodayDto { reviewed: t.reviewed, correct: t.correct, started_at: t.started_at.map(iso) }
}

#[derive(Serialize, ToSchema)]
pub struct SessionDto {
    #[schema(value_type = crate::i18n::Lang)]
    pub code: String,
    /// Due cards first, then new ones.
    pub cards: Vec<CardDto>,
    pub new_cards: usize,
    /// Confused pairs to drill side by side.
    pub drills: Vec<DrillDto>,
    /// Confused pairs of contractions to drill side by side.
    pub contraction_drills: Vec<ContractionDrillDto>,
    pub today: TodayDto,
    /// Reviewed cards due by the end of tomorrow (UTC).
    pub due_tomorrow: i64,
    /// Days practised in a row.
    pub streak: i64,
}

#[derive(Serialize, ToSchema)]
pub struct DifferenceDto {
    /// Position of the cell (0-based).
    pub position: usize,
    /// Dots of the right cell ("0" for none there).
    #[schema(required)]
    pub expected: Option<String>,
    #[schema(required)]
    pub given: Option<String>,
    /// Dots of the right cell not raised.
    pub missing: Vec<u8>,
    /// Dots raised that the right cell does not have.
    pub extra: Vec<u8>,
}

pub fn differences_dto(d: &[CellDifference]) -> Vec<DifferenceDto> {
    d.iter()
        .enumerate()
        .filter(|(_, d)| !d.correct())
        .map(|(i, d)| DifferenceDto {
            position: i,
            expected: d.expected.map(Cell::dot_string),
            given: d.given.map(Cell::dot_string),
            missing: d.missing.clone(),
            extra: d.extra.clone(),
        })
        .collect()
}

#[derive(Serialize, ToSchema)]
pub struct ReviewDto {
    pub card_id: i64,
    pub correct: bool,
    /// `again`, `hard`, `good` or `easy`.
    #[schema(value_type = crate::domain::practice::Rating)]
    pub rating: String,
    /// The right answer: the symbol, its name and cells.
    pub expected: SymbolDto,
    /// Writing cards: the cells written.
    #[schema(required)]
    pub given: Option<CellsDto>,
    /// Writing cards answered wrong: the cells that differ.
    pub differences: Vec<DifferenceDto>,
    /// Contraction cards: the example in full, print and cells.
    #[schema(required)]
    pub example: Option<ExampleDto>,
    /// When the card is due next (RFC 3339).
    pub due_at: String,
    /// Answered wrong: the card comes back in this session.
    pub again_in_session: bool,
    pub today: TodayDto,
}

#[derive(Serialize, ToSchema)]
pub struct DrillResultDto {
    pub correct: bool,
    pub expected: SymbolDto,
    /// Right three times in a row: no longer drilled until confused again.
    pub settled: bool,
}

#[derive(Serialize, ToSchema)]
pub struct SymbolStatsDto {
    pub symbol: SymbolDto,
    /// Probability of recall now (0–1) of the reading card; null until reviewed.
    #[schema(required)]
    pub reading: Option<f64>,
    #[schema(required)]
    pub writing: Option<f64>,
    pub reviews: i64,
    #[schema(required)]
    pub due_at: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct DayDto {
    /// YYYY-MM-DD (UTC).
    pub day: String,
    pub reviews: i64,
    pub correct: i64,
}

#[derive(Serialize, ToSchema)]
pub struct StatsDto {
    #[schema(value_type = crate::i18n::Lang)]
    pub code: String,
    pub symbols: Vec<SymbolStatsDto>,
    pub streak: i64,
    pub reviews_per_day: Vec<DayDto>,
    pub today: TodayDto,
    pub due_tomorrow: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ConfusionDto {
    /// The right cell.
    pub expected: CellsDto,
    /// What that cell is on its own in the code, if anything ("e").
    #[schema(required)]
    pub expected_print: Option<String>,
    /// The cell written or read instead.
    pub given: CellsDto,
    #[schema(required)]
    pub given_print: Option<String>,
    pub count: i64,
    /// Learners who confused it (1 for a learner's own list).
    pub students: i64,
    /// Still drilled in the learner's sessions.
    pub drilling: bool,
}

pub fn confusion_dto(c: &Confusion, code: braille::Lang) -> ConfusionDto {
    let print = |cell: Cell| crate::domain::practice::symbol_of_cell(code, cell).map(|s| s.print.to_string());
    ConfusionDto {
        expected: cells_dto(&[c.expected]),
        expected_print: print(c.expected),
        given: cells_dto(&[c.given]),
        given_print: print(c.given),
        count: c.count,
        students: c.students,
        drilling: c.drilling,
    }
}

#[derive(Serialize, ToSchema)]
pub struct ConfusionList {
    #[schema(value_type = crate::i18n::Lang)]
    pub code: String,
    pub confusions: Vec<ConfusionDto>,
}

#[derive(Serialize, ToSchema)]
pub struct CourseConfusionList {
    pub course_id: i64,
    #[schema(value_type = crate::i18n::Lang)]
    pub code: String,
    pub confusions: Vec<ConfusionDto>,
}
