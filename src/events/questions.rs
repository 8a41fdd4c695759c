//! What question events carry: a student's question and its answer.

use serde::Serialize;
use utoipa::ToSchema;

use crate::{db::iso, store::questions::QuestionRow};

/// Named apart from the assessments' `QuestionDto` in the OpenAPI document.
#[derive(Serialize, ToSchema, Clone)]
#[schema(as = StudentQuestion)]
pub struct QuestionDto {
    pub id: i64,
    pub course_id: i64,
    pub course_title: String,
    #[schema(required)]
    pub lesson_id: Option<i64>,
    #[schema(required)]
    pub lesson_title: Option<String>,
    pub student_id: i64,
    pub student_name: String,
    pub text: String,
    pub answered: bool,
    #[schema(required)]
    pub answer: Option<String>,
    pub created_at: String,
    #[schema(required)]
    pub answered_at: Option<String>,
}

pub fn question_dto(q: &QuestionRow) -> QuestionDto {
    QuestionDto {
        id: q.id,
        course_id: q.course_id,
        course_title: q.course_title.clone(),
        lesson_id: q.lesson_id,
        lesson_title: q.lesson_title.clone(),
        student_id: q.student_id,
        student_name: q.student_name.clone(),
        text: q.text.clone(),
        answered: q.answered_at.is_some(),
        answer: q.answer.clone(),
        created_at: iso(q.created_at),
        answered_at: q.answered_at.map(iso),
    }
}
