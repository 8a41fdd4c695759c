//! The public Braille translator and the reference tables the instruction pages draw.

use std::time::Duration;

use actix_web::{http::StatusCode, web, HttpRequest};
use braille::{Cell, EntryKind, Lang as Code};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    error::ApiError,
    extract::ApiJson,
    i18n::{Lang, Msg},
    routes::dto::{cell_info, CellInfo},
    state::AppState,
};

/// Longest text translated in one request, in characters.
pub const MAX_CHARS: usize = 5000;

#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CodeChoice {
    Ar,
    En,
    /// From the script of the text (Arabic letters → Arabic code); Arabic for `to_text`.
    Auto,
}

#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    ToBraille,
    ToText,
}

#[derive(Deserialize, ToSchema)]
pub struct TranslateRequest {
    /// Print text (`to_braille`) or Unicode Braille (`to_text`); at most 5,000 characters.
    pub text: String,
    pub lang: CodeChoice,
    pub direction: Direction,
    /// 1 (uncontracted, the default) or 2 (contracted: UEB grade 2, Arabic grade 2).
    #[serde(default = "grade_one")]
    pub grade: u8,
    /// Grade 2 only: write with just these contractions (ids from `GET /api/braille/contractions`,
    /// such as a course's lessons have taught so far); absent means every contraction.
    #[serde(default)]
    #[schema(max_items = 1000)]
    pub contractions: Option<Vec<String>>,
}

fn grade_one() -> u8 {
    1
}

#[derive(Serialize, ToSchema)]
pub struct UnknownChar {
    /// Character index in the input.
    pub index: usize,
    #[serde(rename = "char")]
    pub ch: String,
}

#[derive(Serialize, ToSchema)]
pub struct TranslateResponse {
    /// The code used: `ar` or `en`.
    #[schema(value_type = crate::i18n::Lang)]
    pub lang: &'static str,
    /// The grade used: 1 or 2.
    pub grade: u8,
    /// Unicode Braille, lines joined by newlines.
    pub braille: String,
    /// Dot numbers ("125-24 0 1"), lines joined by newlines.
    pub dots: String,
    /// North American Braille ASCII, for .brf files.
    pub brf: String,
    /// The print text (the input for `to_braille`, the reading for `to_text`).
    pub text: String,
    /// Every cell of the Braille, in order (newlines excluded).
    pub cells: Vec<CellInfo>,
    /// Input characters with no Braille form (`to_braille`), or input positions that are not
    /// Braille cells or mean nothing where they stand (`to_text`).
    pub unknown: Vec<UnknownChar>,
}

fn code_str(c: Code) -> &'static str {
    match c {
        Code::Arabic => "ar",
        Code::English => "en",
    }
}

/// Translate print to Braille or Braille to print, in Arabic or English, uncontracted
/// (grade 1) or contracted (grade 2).
#[utoipa::path(post, path = "/api/braille/translate", tag = "braille", request_body = TranslateRequest,
    responses((status = 200, body = TranslateResponse), (status = 400, body = crate::error::ErrorBody),
        (status = 413, description = "text longer than 5,000 characters", body = crate::error::ErrorBody),
        (status = 429, body = crate::error::ErrorBody)))]
pub async fn translate(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: ApiJson<TranslateRequest>,
) -> Result<web::Json<TranslateResponse>, ApiError> {
    let b = body.0;
    let who = crate::client_addr::client_ip(&req);
    if !state.limiter.allow(&format!("braille:{who}"), 300, Duration::from_secs(60)) {
        return Err(ApiError::too_many_attempts());
    }
    if b.text.chars().count() > MAX_CHARS {
        return Err(
            ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "text_too_long", Msg::TextTooLong(MAX_CHARS)).on_field("text")
        );
    }
    let code = match (b.lang, b.direction) {
        (CodeChoice::Ar, _) => Code::Arabic,
        (CodeChoice::En, _) => Code::English,
        (CodeChoice::Auto, Direction::ToBraille) => braille::detect_lang(&b.text),
        (CodeChoice::Auto, Direction::ToText) => Code::Arabic,
    };
    let opts = match (b.grade, &b.contractions) {
        (1, None) => braille::Options::grade1(),
        (2, None) => braille::Options::grade2(),
        (2, Some(ids)) if ids.len() <= 1000 => {
            let mut set = braille::ContractionSet::new();
            for id in ids {
                set.insert(code, id).map_err(|_| ApiError::field_invalid("contractions"))?;
            }
            braille::Options::partial(set)
        }
        (1 | 2, Some(_)) => return Err(ApiError::field_invalid("contractions")),
        _ => return Err(ApiError::field_invalid("grade")),
    };
    let grade = opts.grade.number();
    // Contracted back-translation searches (up to ~0.4 s for 5,000 random cells): off the
    // async worker, so other requests on it are not held up.
    let reply = web::block(move || written(b, code, opts, grade)).await.map_err(ApiError::internal)?;
    Ok(web::Json(reply))
}

/// The translation itself.
fn written(b: TranslateRequest, code: Code, opts: braille::Options, grade: u8) -> TranslateResponse {
    match b.direction {
        Direction::ToBraille => {
            let t = braille::to_braille_with(&b.text, code, &opts);
            TranslateResponse {
                lang: code_str(code),
                grade,
                braille: t.to_unicode(),
                dots: t.to_dots(),
                brf: t.to_brf(),
                text: b.text.clone(),
                cells: t.cells.iter().map(|&c| cell_info(c, code)).collect(),
                unknown: t.unknown.iter().map(|u| UnknownChar { index: u.index, ch: u.ch.to_string() }).collect(),
            }
        }
        Direction::ToText => {
            let read = braille::read_unicode_lines(&b.text, code, &opts);
            let joined = |f: fn(&[Cell]) -> String| read.lines.iter().map(|l| f(l)).collect::<Vec<_>>().join("\n");
            TranslateResponse {
                lang: code_str(code),
                grade,
                braille: joined(braille::cells_to_unicode),
                dots: joined(braille::cells_to_dots),
                brf: joined(braille::cells_to_brf),
                text: read.text.clone(),
                cells: read.lines.iter().flatten().map(|&c| cell_info(c, code)).collect(),
                unknown: read.unknown.iter().map(|&(index, ch)| UnknownChar { index, ch: ch.to_string() }).collect(),
            }
        }
    }
}

#[derive(Deserialize, IntoParams)]
pub struct TableQuery {
    /// `ar` or `en`.
    #[param(pattern = "^(ar|en)$")]
    lang: String,
}

/// What a row of the reference table is (`TableRow.kind`; only the document uses this).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
pub enum TableEntryKind {
    Letter,
    Digit,
    Punctuation,
    Symbol,
    Indicator,
    Tashkeel,
}

#[derive(Serialize, ToSchema)]
pub struct TableRow {
    /// The print form (empty for Braille-only indicators).
    pub print: String,
    /// letter, digit, punctuation, symbol, indicator or tashkeel.
    #[schema(value_type = TableEntryKind)]
    pub kind: &'static str,
    /// The name in the request's language.
    pub name: String,
    pub name_en: String,
    pub name_ar: String,
    pub cells: Vec<CellInfo>,
}

#[derive(Serialize, ToSchema)]
pub struct TableResponse {
    #[schema(value_type = crate::i18n::Lang)]
    pub lang: &'static str,
    pub entries: Vec<TableRow>,
}

fn kind_str(k: EntryKind) -> &'static str {
    match k {
        EntryKind::Letter => "letter",
        EntryKind::Digit => "digit",
        EntryKind::Punctuation => "punctuation",
        EntryKind::Symbol => "symbol",
        EntryKind::Indicator => "indicator",
        EntryKind::Tashkeel => "tashkeel",
    }
}

/// The alphabet, digits, punctuation and indicators of a code, straight from the engine.
#[utoipa::path(get, path = "/api/braille/table", tag = "braille", params(TableQuery),
    responses((status = 200, body = TableResponse), (status = 400, body = crate::error::ErrorBody)))]
pub async fn table(lang: Lang, query: web::Query<TableQuery>) -> Result<web::Json<TableResponse>, ApiError> {
    let code = match query.lang.as_str() {
        "ar" => Code::Arabic,
        "en" => Code::English,
        _ => return Err(ApiError::field_invalid("lang")),
    };
    let entries = braille::reference_table(code)
        .into_iter()
        .map(|e| TableRow {
            print: e.print.to_string(),
            kind: kind_str(e.kind),
            name: match lang {
                Lang::Ar => e.name_ar.to_string(),
                Lang::En => e.name_en.to_string(),
            },
            name_en: e.name_en.to_string(),
            name_ar: e.name_ar.to_string(),
            cells: e.cells.iter().map(|&c| cell_info(c, code)).collect(),
        })
        .collect();
    Ok(web::Json(TableResponse { lang: code_str(code), entries }))
}

#[derive(Deserialize, IntoParams)]
pub struct ContractionsQuery {
    /// `ar` or `en`.
    #[param(pattern = "^(ar|en)$")]
    lang: String,
}

#[derive(Serialize, ToSchema)]
pub struct ContractionRow {
    /// Stable identifier (`en:the`, `ar:ال`): what a lesson lists.
    pub id: String,
    /// The print it stands for.
    pub print: String,
    /// Its kind (`strong_wordsign`, `shortform`, `arabic_word_start`, …).
    pub kind: &'static str,
    /// The cells standing alone.
    pub cells: Vec<CellInfo>,
    /// The cells inside a longer word, where they differ (Arabic).
    #[schema(required)]
    pub cells_in_word: Option<Vec<CellInfo>>,
}

#[derive(Serialize, ToSchema)]
pub struct ContractionsResponse {
    #[schema(value_type = crate::i18n::Lang)]
    pub lang: &'static str,
    pub contractions: Vec<ContractionRow>,
}

/// Every contraction of a code's grade 2, in teaching order: for choosing what a lesson
/// introduces and for the instructions pages.
#[utoipa::path(get, path = "/api/braille/contractions", tag = "braille", params(ContractionsQuery),
    responses((status = 200, body = ContractionsResponse), (status = 400, body = crate::error::ErrorBody)))]
pub async fn contractions(query: web::Query<ContractionsQuery>) -> Result<web::Json<ContractionsResponse>, ApiError> {
    let code = match query.lang.as_str() {
        "ar" => Code::Arabic,
        "en" => Code::English,
        _ => return Err(ApiError::field_invalid("lang")),
    };
    let info = |cells: &[Cell]| cells.iter().map(|&c| cell_info(c, code)).collect::<Vec<_>>();
    let contractions = braille::contractions(code)
        .iter()
        .map(|c| ContractionRow {
            id: c.id.clone(),
            print: c.print.clone(),
            kind: c.kind.name(),
            cells: info(&c.cells),
            cells_in_word: c.cells_in_word.as_deref().map(info),
        })
        .collect();
    Ok(web::Json(ContractionsResponse { lang: code_str(code), contractions }))
}
