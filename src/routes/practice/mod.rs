//! Practice that remembers (issue 17): the daily session of a code, reviews graded and
//! scheduled on the server, drills of confused pairs, statistics and confusions; and the
//! confusion matrix of an instructor's course.

pub mod dto;

use actix_web::web;

use self::dto::*;
use crate::{
    db::now_ms,
    domain::{
        practice::{parse_answered_at, parse_code, AnswerId, DAY_MS, DEFAULT_NEW_PER_DAY},
        InvalidInput, UserType,
    },
    error::ApiError,
    extract::ApiJson,
    i18n::Lang,
    services::{
        practice::{self, MAX_NEW},
        practice_contractions,
    },
    state::AppState,
};

use crate::auth::AuthUser;

fn code_of(raw: Option<&str>) -> Result<braille::Lang, ApiError> {
    Ok(parse_code(raw.unwrap_or_default())?)
}

/// The cards due now plus up to `new` new ones a day, the confused pairs to drill, today's
/// tally, what is due tomorrow and the streak (students). Resumable: it answers what is left.
#[utoipa::path(get, path = "/api/practice/session", tag = "practice", params(SessionQuery), security(("bearer" = [])),
    responses((status = 200, body = SessionDto), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn session(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    query: web::Query<SessionQuery>,
) -> Result<web::Json<SessionDto>, ApiError> {
    user.require(UserType::Student)?;
    let code = code_of(query.code.as_deref())?;
    let new = match query.new.as_deref() {
        None => DEFAULT_NEW_PER_DAY,
        Some(raw) => raw.trim().parse::<u32>().ok().filter(|n| *n <= MAX_NEW).ok_or(InvalidInput::invalid("new"))?,
    };
    let s = practice::session(&state.db, user, code, new, now_ms()).await?;
    Ok(web::Json(SessionDto {
        code: s.code.code().to_string(),
        cards: s.cards.iter().map(|c| card_dto(c, lang)).collect(),
        new_cards: s.new_cards,
        drills: s.drills.iter().map(|d| drill_dto(d, lang)).collect(),
        contraction_drills: s.contraction_drills.iter().map(|d| contraction_drill_dto(d, lang)).collect(),
        today: today_dto(&s.today),
        due_tomorrow: s.due_tomorrow,
        streak: s.streak,
    }))
}

/// Answers one of the student's cards. The server grades it, rates it from correctness and
/// time (wrong → again, slow → hard, fast → easy) and schedules it with FSRS; a client cannot
/// set a schedule. An answer given offline is sent later with `answered_at` and `client_id`:
/// scheduled at the time it was given, in the order answers were given, and counted once
/// however often it is sent. Another learner's card is not found.
#[utoipa::path(post, path = "/api/practice/reviews", tag = "practice", request_body = ReviewInput,
    security(("bearer" = [])),
    responses((status = 200, body = ReviewDto), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn review(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<ReviewInput>,
) -> Result<web::Json<ReviewDto>, ApiError> {
    user.require(UserType::Student)?;
    let b = body.0;
    let now = now_ms();
    let answer = practice::Answer {
        card_id: b.card_id,
        answer: &b.answer,
        elapsed_ms: b.elapsed_ms,
        answered_at: parse_answered_at(b.answered_at.as_deref(), b.sent_at.as_deref(), now)?,
        client_id: b.client_id.as_deref().map(AnswerId::parse).transpose()?,
    };
    let r = practice::review_answer(&state.db, user, answer, now).await?;
    Ok(web::Json(ReviewDto {
        card_id: r.card.row.id,
        correct: r.correct,
        rating: r.rating.as_str().to_string(),
        expected: symbol_dto(&r.card.symbol, lang),
        given: r.given.as_deref().map(cells_dto),
        differences: differences_dto(&r.differences),
        example: r.card.contraction.as_ref().map(example_dto),
        due_at: crate::db::iso(r.due_at),
        again_in_session: r.again_in_session,
        today: today_dto(&r.today),
    }))
}

/// "Which of these is e?": the student picks one of a pair of cells they confused. Three right
/// in a row settle the pair until it is confused again.
#[utoipa::path(post, path = "/api/practice/drills", tag = "practice", request_body = DrillInput,
    security(("bearer" = [])),
    responses((status = 200, body = DrillResultDto), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn drill(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<DrillInput>,
) -> Result<web::Json<DrillResultDto>, ApiError> {
    user.require(UserType::Student)?;
    let b = body.0;
    let code = code_of(Some(&b.code))?;
    let pair = braille::parse_unicode(&b.pair).map_err(|_| InvalidInput::invalid("pair"))?;
    let answer = match braille::parse_unicode(b.answer.trim()).as_deref() {
        Ok([cell]) => *cell,
        _ => return Err(InvalidInput::invalid("answer").into()),
    };
    let d = practice::drill(&state.db, user, code, b.print.trim(), &pair, answer).await?;
    Ok(web::Json(DrillResultDto { correct: d.correct, expected: symbol_dto(&d.expected, lang), settled: d.settled }))
}

/// "Which of these is ch?": the student picks one of a pair of taught contractions they
/// confused. Three right in a row settle the pair until it is confused again.
#[utoipa::path(post, path = "/api/practice/contraction-drills", tag = "practice", request_body = ContractionDrillInput,
    security(("bearer" = [])),
    responses((status = 200, body = ContractionDrillResultDto), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn contraction_drill(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    body: ApiJson<ContractionDrillInput>,
) -> Result<web::Json<ContractionDrillResultDto>, ApiError> {
    user.require(UserType::Student)?;
    let b = body.0;
    let code = code_of(Some(&b.code))?;
    let [a, c] = b.pair.as_slice() else { return Err(InvalidInput::invalid("pair").into()) };
    let d =
        practice_contractions::drill(&state.db, user, code, b.expected.trim(), [a.trim(), c.trim()], b.answer.trim())
            .await?;
    Ok(web::Json(ContractionDrillResultDto {
        correct: d.correct,
        expected: contraction_info(d.expected, lang),
        settled: d.settled,
    }))
}

/// The contractions the student was taught in contracted courses of `code`, by kind: retention
/// per direction, reviews, when next due, the example each card shows; and the confusions
/// among them (students).
#[utoipa::path(get, path = "/api/practice/contractions", tag = "practice", params(CodeQuery), security(("bearer" = [])),
    responses((status = 200, body = ContractionMasteryDto), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn contraction_mastery(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    query: web::Query<CodeQuery>,
) -> Result<web::Json<ContractionMasteryDto>, ApiError> {
    user.require(UserType::Student)?;
    let code = code_of(query.code.as_deref())?;
    let m = practice_contractions::mastery(&state.db, user, code, now_ms()).await?;
    Ok(web::Json(mastery_dto(&m, lang)))
}

fn day_text(day: i64) -> String {
    crate::db::iso(day * DAY_MS).chars().take(10).collect()
}

/// Per-symbol retention (probability of recall now, per direction), the streak and the
/// reviews per day of the last 30 days (students).
#[utoipa::path(get, path = "/api/practice/stats", tag = "practice", params(CodeQuery), security(("bearer" = [])),
    responses((status = 200, body = StatsDto), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn stats(
    state: web::Data<AppState>,
    lang: Lang,
    user: AuthUser,
    query: web::Query<CodeQuery>,
) -> Result<web::Json<StatsDto>, ApiError> {
    user.require(UserType::Student)?;
    let code = code_of(query.code.as_deref())?;
    let now = now_ms();
    let s = practice::stats(&state.db, user, code, now).await?;
    Ok(web::Json(StatsDto {
        code: code.code().to_string(),
        symbols: s
            .symbols
            .iter()
            .map(|x| SymbolStatsDto {
                symbol: symbol_dto(&x.symbol, lang),
                reading: x.figures.reading,
                writing: x.figures.writing,
                reviews: x.figures.reviews,
                due_at: x.figures.due_at.map(crate::db::iso),
            })
            .collect(),
        streak: s.streak,
        reviews_per_day: s
            .per_day
            .iter()
            .map(|&(day, reviews, correct)| DayDto { day: day_text(day), reviews, correct })
            .collect(),
        today: today_dto(&s.today),
        due_tomorrow: s.due_tomorrow,
    }))
}

/// The cells the student wrote or read for others in `code` (practice and assessment
/// answers), the most frequent first.
#[utoipa::path(get, path = "/api/practice/confusions", tag = "practice", params(CodeQuery), security(("bearer" = [])),
    responses((status = 200, body = ConfusionList), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody)))]
pub async fn confusions(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<CodeQuery>,
) -> Result<web::Json<ConfusionList>, ApiError> {
    user.require(UserType::Student)?;
    let code = code_of(query.code.as_deref())?;
    let rows = practice::confusions(&state.db, user, code).await?;
    Ok(web::Json(ConfusionList {
        code: code.code().to_string(),
        confusions: rows.iter().map(|c| confusion_dto(c, code)).collect(),
    }))
}

/// The confusion matrix of the students of one of the instructor's own courses: which cell is
/// written for which, how often, by how many students. Another instructor's course is not
/// found.
#[utoipa::path(get, path = "/api/instructor/confusions", tag = "practice", params(CourseQuery),
    security(("bearer" = [])),
    responses((status = 200, body = CourseConfusionList), (status = 400, body = crate::error::ErrorBody),
        (status = 403, body = crate::error::ErrorBody), (status = 404, body = crate::error::ErrorBody)))]
pub async fn course_confusions(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<CourseQuery>,
) -> Result<web::Json<CourseConfusionList>, ApiError> {
    user.require(UserType::Instructor)?;
    let course_id = match query.course_id.as_deref().map(str::trim) {
        None | Some("") => return Err(InvalidInput::required("course_id").into()),
        Some(raw) => raw.parse::<i64>().map_err(|_| InvalidInput::invalid("course_id"))?,
    };
    let (code, rows) = practice::course_confusions(&state.db, user, course_id).await?;
    Ok(web::Json(CourseConfusionList {
        course_id,
        code: code.code().to_string(),
        confusions: rows.iter().map(|c| confusion_dto(c, code)).collect(),
    }))
}
