//! How assessments and attempts are shown: what each question reveals to whom, a student's
//! standing, and a result question by question with the cells that differ.

use braille::Cell;

use crate::routes::assessments::dto::*;
use crate::{
    db::iso,
    domain::{
        assessment::{cells, parse_stored, Answer, Question, QuestionBody},
        assessment_grading::{cell_differences, is_correct, Blocker},
    },
    events::assessments::{assessment_ref, attempt_dto, summary_attempt_dto},
    i18n::{Lang, Msg},
    services::{
        assessments::{Detail, Role, Standing},
        attempts::{AttemptDetail, Graded},
    },
    store::assessments::AssessmentRow,
};

fn cell_dto(c: Cell) -> CellDto {
    CellDto { unicode: c.to_unicode().to_string(), dots: c.dots().collect() }
}

fn cell_dtos(bits: &[u8]) -> Vec<CellDto> {
    cells(bits).into_iter().map(cell_dto).collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The instructor (and supervisors): everything.
    Author,
    /// A learner before submitting: nothing that gives an answer away.
    Learner,
    /// A submitted attempt: the right answers too.
    Result,
}

pub fn question_dto(q: &Question, view: View) -> QuestionDto {
    let reveal = view != View::Learner;
    let mut dto =
        QuestionDto { id: q.id, kind: q.body.kind(), points: q.points, prompt: q.prompt.clone(), ..Default::default() };
    match &q.body {
        QuestionBody::BrailleInput { print, cells } => {
            dto.print = Some(print.clone());
            dto.braille = reveal.then(|| cell_dtos(cells));
        }
        QuestionBody::TextInput { print, cells, letter_variants, without_tashkeel, ignore_case } => {
            dto.print = reveal.then(|| print.clone());
            dto.braille = Some(cell_dtos(cells));
            dto.allow_letter_variants = Some(*letter_variants);
            dto.allow_without_tashkeel = Some(*without_tashkeel);
            dto.ignore_case = Some(*ignore_case);
        }
        QuestionBody::SimilarCells { letter, groups, answer, .. } => {
            dto.letter = Some(letter.clone());
            dto.groups = Some(groups.iter().map(|g| cell_dtos(g)).collect());
            dto.correct_group = reveal.then_some(*answer);
            dto.distractors = (view == View::Author).then(|| {
                groups
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| i != answer)
                    .map(|(_, g)| braille::cells_to_unicode(&cells(g)))
                    .collect()
            });
        }
    }
    dto
}

pub fn summary(a: &AssessmentRow, role: Role, learner: Option<LearnerStatus>) -> AssessmentSummary {
    AssessmentSummary {
        id: a.id,
        course_id: a.course_id,
        course_title: a.course_title.clone(),
        kind: a.kind(),
        lesson_id: a.lesson_id,
        lesson_title: a.lesson_title.clone(),
        chapter_id: a.chapter_id,
        chapter_title: a.chapter_title.clone(),
        title: a.title.clone(),
        pass_mark: a.pass_mark,
        max_attempts: a.max_attempts,
        questions_count: a.questions_count,
        total_points: a.total_points,
        updated_at: iso(a.updated_at),
        origin_id: a.origin_id,
        course_revision_of: a.revision_of,
        attempts_count: role.authors().then_some(a.attempts_count),
        learner,
    }
}

fn lock(lang: Lang, blocker: Blocker) -> LockDto {
    match blocker {
        Blocker::LessonExercises => {
            LockDto { code: "chapter_assessment_locked", message: Msg::ChapterAssessmentLocked.render(lang) }
        }
        Blocker::ChapterAssessments => {
            LockDto { code: "final_assessment_locked", message: Msg::FinalAssessmentLocked.render(lang) }
        }
    }
}

pub fn learner_status(lang: Lang, s: &Standing) -> LearnerStatus {
    LearnerStatus {
        passed: s.passed(),
        attempts_used: s.attempts.len() as i64,
        attempts_left: s.attempts_left,
        open_attempt_id: s.open_attempt(),
        best_percent: s.best_percent,
        can_start: s.can_start(),
        locked: s.locked.map(|b| lock(lang, b)),
        read_only: s.read_only,
        attempts: s.attempts.iter().map(summary_attempt_dto).collect(),
    }
}

pub fn assessment_dto(lang: Lang, d: &Detail) -> AssessmentDto {
    let view = if matches!(d.role, Role::Learner { .. }) { View::Learner } else { View::Author };
    AssessmentDto {
        summary: summary(&d.assessment, d.role, d.learner.as_ref().map(|s| learner_status(lang, s))),
        questions: d.questions.iter().map(|q| question_dto(q, view)).collect(),
    }
}

pub fn attempt_view(d: &AttemptDetail) -> AttemptView {
    let t = &d.attempt;
    let questions = t
        .questions()
        .iter()
        .map(|q| {
            let saved = d.answers.iter().find(|r| r.question_id == q.id);
            let mut dto = question_dto(q, View::Learner);
            dto.answer = Some(saved.and_then(|r| parse_stored(&r.answer, q)).map(|(input, _)| input));
            dto.saved_at = Some(saved.map(|r| iso(r.saved_at)));
            dto
        })
        .collect();
    AttemptView {
        attempt: attempt_dto(t),
        assessment: assessment_ref(&d.assessment),
        read_only: d.read_only || t.submitted_at.is_some(),
        questions,
    }
}

pub fn attempt_result(g: Graded) -> AttemptResult {
    let t = &g.attempt;
    let questions = t
        .questions()
        .iter()
        .map(|q| {
            let saved = g.answers.iter().find(|r| r.question_id == q.id);
            let (input, parsed) = match saved.and_then(|r| parse_stored(&r.answer, q)) {
                Some((input, parsed)) => (Some(input), parsed),
                None => (None, None),
            };
            let correct = is_correct(&q.body, parsed.as_ref());
            let mut dto = question_dto(q, View::Result);
            if let QuestionBody::BrailleInput { cells: expected, .. } = &q.body {
                let given = match &parsed {
                    Some(Answer::Braille(given)) => given.clone(),
                    _ => vec![],
                };
                let diffs = cell_differences(&cells(expected), &given);
                dto.cell_differences = Some(
                    diffs
                        .into_iter()
                        .enumerate()
                        .map(|(position, d)| CellDifferenceDto {
                            position,
                            correct: d.correct(),
                            expected: d.expected.map(cell_dto),
                            given: d.given.map(cell_dto),
                            missing_dots: d.missing,
                            extra_dots: d.extra,
                        })
                        .collect(),
                );
            }
            dto.answer = Some(input);
            dto.saved_at = Some(saved.map(|r| iso(r.saved_at)));
            dto.correct = Some(correct);
            dto.points_awarded = Some(if correct { q.points } else { 0 });
            dto
        })
        .collect();
    AttemptResult {
        attempt: attempt_dto(t),
        assessment: assessment_ref(&g.assessment),
        student: g.student,
        grade: g.grade,
        questions,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn learners_never_see_the_answers() {
        let q = |body| Question { id: 1, points: 1, prompt: String::new(), body };
        let braille = q(QuestionBody::BrailleInput { print: "ب".into(), cells: vec![3] });
        let text = q(QuestionBody::TextInput {
            print: "ب".into(),
            cells: vec![3],
            letter_variants: true,
            without_tashkeel: true,
            ignore_case: true,
        });
        let similar = q(QuestionBody::SimilarCells {
            letter: "ب".into(),
            cell: 3,
            groups: vec![vec![3, 24], vec![3, 3]],
            answer: 1,
        });
        let learner = |q: &Question| serde_json::to_value(question_dto(q, View::Learner)).unwrap();
        assert_eq!(learner(&braille)["print"], "ب");
        assert!(learner(&braille).get("braille").is_none());
        assert!(learner(&text).get("print").is_none());
        assert_eq!(learner(&text)["braille"][0]["dots"], json!([1, 2]));
        assert!(learner(&text)["braille"][0].get("meaning").is_none());
        assert!(learner(&similar).get("correct_group").is_none() && learner(&similar).get("distractors").is_none());
        let author = serde_json::to_value(question_dto(&similar, View::Author)).unwrap();
        assert_eq!((author["correct_group"].as_u64(), author["distractors"].clone()), (Some(1), json!(["⠃⠘"])));
    }
}
