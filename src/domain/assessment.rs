//! Assessments: what an instructor submits, parsed whole against the course's Braille code;
//! the questions as stored (and copied into each attempt); the answers a learner saves.
//! Grading, order rules, progress and grade bands are in [`super::assessment_grading`].

use braille::{Cell, Lang as Code};
use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{optional_text, required_text, InvalidInput};

/// The three kinds of assessment (spec §3), each tied to a lesson, a chapter or the course.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AssessmentKind {
    /// Tied to a lesson; any number per lesson.
    LessonExercise,
    /// Tied to a chapter; at most one per chapter.
    ChapterAssessment,
    /// Tied to the course; at most one per course.
    FinalAssessment,
}

impl AssessmentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            AssessmentKind::LessonExercise => "lesson_exercise",
            AssessmentKind::ChapterAssessment => "chapter_assessment",
            AssessmentKind::FinalAssessment => "final_assessment",
        }
    }

    pub fn parse(raw: &str) -> Option<AssessmentKind> {
        match raw {
            "lesson_exercise" => Some(AssessmentKind::LessonExercise),
            "chapter_assessment" => Some(AssessmentKind::ChapterAssessment),
            "final_assessment" => Some(AssessmentKind::FinalAssessment),
            _ => None,
        }
    }

    /// Attempts allowed when the instructor does not say: unlimited (0) for practice, three
    /// for the final (the first try and two retries).
    pub fn default_max_attempts(self) -> i64 {
        match self {
            AssessmentKind::FinalAssessment => 3,
            _ => 0,
        }
    }
}

/// Limits on what an instructor may submit.
pub const MAX_QUESTIONS: usize = 100;
pub const MAX_POINTS: i64 = 100;
pub const MAX_ATTEMPTS: i64 = 50;
pub const MAX_PRINT_CHARS: usize = 200;
pub const MAX_PROMPT_CHARS: usize = 500;
pub const MAX_DISTRACTORS: usize = 7;
pub const GROUP_CELLS: std::ops::RangeInclusive<usize> = 2..=8;
/// Limits on a learner's answer.
pub const MAX_ANSWER_CHARS: usize = 1000;

fn yes() -> bool {
    true
}

#[derive(Deserialize, utoipa::ToSchema, Clone)]
pub struct QuestionInput {
    /// The question's id when editing (kept); absent for a new question.
    pub id: Option<i64>,
    /// `braille_input`, `text_input` or `similar_cells`.
    #[serde(rename = "type")]
    pub kind: String,
    /// 1–100.
    pub points: i64,
    /// Optional instruction shown to the learner (at most 500 characters).
    #[serde(default)]
    pub prompt: String,
    /// `braille_input`: the print the learner writes in Braille; `text_input`: the print whose
    /// Braille the learner reads. One line, at most 200 characters, every character in the
    /// course's Braille code.
    pub print: Option<String>,
    /// `text_input`: accept أ إ آ ٱ as ا, ى as ي and ة as ه (default true).
    #[serde(default = "yes")]
    pub allow_letter_variants: bool,
    /// `text_input`: accept the answer with or without tashkeel (default true).
    #[serde(default = "yes")]
    pub allow_without_tashkeel: bool,
    /// `text_input`: ignore upper/lower case (default true).
    #[serde(default = "yes")]
    pub ignore_case: bool,
    /// `similar_cells`: the letter (one cell in the course's code).
    pub letter: Option<String>,
    /// `similar_cells`: 1–7 distractor groups, each Unicode Braille of 2–8 cells, all of the
    /// same length, none blank, none made only of the letter. The right group (the letter
    /// repeated) is added by the server at a random place among them.
    #[serde(default)]
    pub distractors: Vec<String>,
}

#[derive(Deserialize, utoipa::ToSchema, Clone)]
pub struct AssessmentInput {
    /// One of the instructor's courses; cannot change when editing.
    pub course_id: i64,
    /// `lesson_exercise`, `chapter_assessment` or `final_assessment`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Required for a lesson exercise (a lesson of the course); not allowed otherwise.
    pub lesson_id: Option<i64>,
    /// Required for a chapter assessment (a chapter of the course); not allowed otherwise.
    pub chapter_id: Option<i64>,
    pub title: String,
    /// The pass mark in percent, 1–100.
    pub pass_mark: i64,
    /// Attempts a student may make: 0 = unlimited, 1–50. Absent or null: unlimited for
    /// lesson exercises and chapter assessments, 3 for the final assessment.
    pub max_attempts: Option<i64>,
    /// 1–100 questions, in the order shown.
    #[serde(default)]
    pub questions: Vec<QuestionInput>,
}

/// What a question asks and what its right answer is; stored as JSON and copied into every
/// attempt, so an attempt is graded against the questions it was started with.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum QuestionBody {
    /// The learner writes `print` in Braille; `cells` (bit patterns) is the right answer.
    BrailleInput { print: String, cells: Vec<u8> },
    /// The learner reads `cells` and types `print`.
    TextInput { print: String, cells: Vec<u8>, letter_variants: bool, without_tashkeel: bool, ignore_case: bool },
    /// The learner picks the group whose every cell is `letter` (`cell`); `answer` is its index.
    SimilarCells { letter: String, cell: u8, groups: Vec<Vec<u8>>, answer: usize },
}

impl QuestionBody {
    pub fn kind(&self) -> &'static str {
        match self {
            QuestionBody::BrailleInput { .. } => "braille_input",
            QuestionBody::TextInput { .. } => "text_input",
            QuestionBody::SimilarCells { .. } => "similar_cells",
        }
    }
}

/// A stored question.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub id: i64,
    pub points: i64,
    pub prompt: String,
    #[serde(flatten)]
    pub body: QuestionBody,
}

/// A checked question, before it has an id (or with the id it keeps).
pub struct QuestionContent {
    pub id: Option<i64>,
    pub points: i64,
    pub prompt: String,
    pub body: QuestionBody,
}

/// An assessment whose every field has been checked (the course's ownership, and that the
/// lesson or chapter belongs to it, are checked against the database by the caller).
pub struct AssessmentContent {
    pub course_id: i64,
    pub kind: AssessmentKind,
    pub lesson_id: Option<i64>,
    pub chapter_id: Option<i64>,
    pub title: String,
    pub pass_mark: i64,
    /// 0 = unlimited.
    pub max_attempts: i64,
    pub questions: Vec<QuestionContent>,
}

pub fn bits(cells: &[Cell]) -> Vec<u8> {
    cells.iter().map(|c| c.bits()).collect()
}

pub fn cells(bits: &[u8]) -> Vec<Cell> {
    bits.iter().filter_map(|b| Cell::from_bits(*b)).collect()
}

/// The Braille of one line of print in `code` and grade (`opts`), or `None` when a character
/// has no Braille form, the text spans lines or it gives no raised dot at all.
pub fn print_to_cells(print: &str, code: Code, opts: &braille::Options) -> Option<Vec<Cell>> {
    if print.contains(['\n', '\r']) {
        return None;
    }
    let t = braille::to_braille_with(print, code, opts);
    (t.unknown.is_empty() && t.cells.iter().any(|c| !c.is_empty())).then_some(t.cells)
}

/// The single cell of a letter in `code` (e.g. "ب" → ⠃), or `None`.
pub fn letter_cell(letter: &str, code: Code) -> Option<Cell> {
    let letter = letter.trim();
    if letter.is_empty() || letter.chars().count() > 3 {
        return None;
    }
    match print_to_cells(letter, code, &braille::Options::grade1())?.as_slice() {
        [cell] => Some(*cell),
        _ => None,
    }
}

impl QuestionInput {
    fn parse(
        self,
        at: &str,
        code: Code,
        opts: &braille::Options,
        rng: &mut impl Rng,
    ) -> Result<QuestionContent, InvalidInput> {
        let field = |f: &str| format!("{at}.{f}");
        if !(1..=MAX_POINTS).contains(&self.points) {
            return Err(InvalidInput::invalid(&field("points")));
        }
        let prompt = optional_text(&self.prompt, &field("prompt"), MAX_PROMPT_CHARS)?;
        let print = |p: &Option<String>| -> Result<(String, Vec<u8>), InvalidInput> {
            let f = field("print");
            let p = required_text(p.as_deref().unwrap_or_default(), &f, MAX_PRINT_CHARS)?;
            let cells = print_to_cells(&p, code, opts).ok_or_else(|| InvalidInput::invalid(&f))?;
            Ok((p, bits(&cells)))
        };
        let body = match self.kind.as_str() {
            "braille_input" => {
                let (print, cells) = print(&self.print)?;
                QuestionBody::BrailleInput { print, cells }
            }
            "text_input" => {
                let (print, cells) = print(&self.print)?;
                QuestionBody::TextInput {
                    print,
                    cells,
                    letter_variants: self.allow_letter_variants,
                    without_tashkeel: self.allow_without_tashkeel,
                    ignore_case: self.ignore_case,
                }
            }
            "similar_cells" => {
                let f = field("letter");
                let letter = required_text(self.letter.as_deref().unwrap_or_default(), &f, 3)?;
                let cell = letter_cell(&letter, code).ok_or_else(|| InvalidInput::invalid(&f))?;
                let f = field("distractors");
                if self.distractors.is_empty() {
                    return Err(InvalidInput::required(&f));
                }
                if self.distractors.len() > MAX_DISTRACTORS {
                    return Err(InvalidInput::invalid(&f));
                }
                let mut groups: Vec<Vec<u8>> = Vec::with_capacity(self.distractors.len() + 1);
                for (i, raw) in self.distractors.iter().enumerate() {
                    let f = format!("{f}[{i}]");
                    let group = braille::parse_unicode(raw.trim()).map_err(|_| InvalidInput::invalid(&f))?;
                    let same_length = groups.first().is_none_or(|g| g.len() == group.len());
                    let ok = GROUP_CELLS.contains(&group.len())
                        && same_length
                        && group.iter().all(|c| !c.is_empty())
                        && group.iter().any(|c| *c != cell)
                        && !groups.contains(&bits(&group));
                    if !ok {
                        return Err(InvalidInput::invalid(&f));
                    }
                    groups.push(bits(&group));
                }
                let answer = rng.gen_range(0..=groups.len());
                groups.insert(answer, vec![cell.bits(); groups[0].len()]);
                QuestionBody::SimilarCells { letter, cell: cell.bits(), groups, answer }
            }
            _ => return Err(InvalidInput::invalid(&field("type"))),
        };
        Ok(QuestionContent { id: self.id, points: self.points, prompt, body })
    }
}

impl AssessmentInput {
    /// Checks every field in uncontracted Braille; `code` is the course's Braille code.
    pub fn parse(self, code: Code, rng: &mut impl Rng) -> Result<AssessmentContent, InvalidInput> {
        self.parse_with(code, &braille::Options::grade1(), rng)
    }

    /// Checks every field; `code` and `opts` are the Braille code and grade of the course
    /// (`course_id`): Braille and text questions expect the cells that grade writes.
    pub fn parse_with(
        self,
        code: Code,
        opts: &braille::Options,
        rng: &mut impl Rng,
    ) -> Result<AssessmentContent, InvalidInput> {
        let kind = AssessmentKind::parse(&self.kind).ok_or_else(|| InvalidInput::invalid("type"))?;
        let (lesson_id, chapter_id) = match kind {
            AssessmentKind::LessonExercise => {
                if self.chapter_id.is_some() {
                    return Err(InvalidInput::invalid("chapter_id"));
                }
                (Some(self.lesson_id.ok_or_else(|| InvalidInput::required("lesson_id"))?), None)
            }
            AssessmentKind::ChapterAssessment => {
                if self.lesson_id.is_some() {
                    return Err(InvalidInput::invalid("lesson_id"));
                }
                (None, Some(self.chapter_id.ok_or_else(|| InvalidInput::required("chapter_id"))?))
            }
            AssessmentKind::FinalAssessment => {
                if self.lesson_id.is_some() {
                    return Err(InvalidInput::invalid("lesson_id"));
                }
                if self.chapter_id.is_some() {
                    return Err(InvalidInput::invalid("chapter_id"));
                }
                (None, None)
            }
        };
        let title = required_text(&self.title, "title", 200)?;
        if !(1..=100).contains(&self.pass_mark) {
            return Err(InvalidInput::invalid("pass_mark"));
        }
        let max_attempts = self.max_attempts.unwrap_or(kind.default_max_attempts());
        if !(0..=MAX_ATTEMPTS).contains(&max_attempts) {
            return Err(InvalidInput::invalid("max_attempts"));
        }
        if self.questions.is_empty() {
            return Err(InvalidInput::required("questions"));
        }
        if self.questions.len() > MAX_QUESTIONS {
            return Err(InvalidInput::invalid("questions"));
        }
        let mut questions = Vec::with_capacity(self.questions.len());
        for (i, q) in self.questions.into_iter().enumerate() {
            let at = format!("questions[{i}]");
            if q.id.is_some_and(|id| questions.iter().any(|p: &QuestionContent| p.id == Some(id))) {
                return Err(InvalidInput::invalid(&format!("{at}.id")));
            }
            questions.push(q.parse(&at, code, opts, rng)?);
        }
        Ok(AssessmentContent {
            course_id: self.course_id,
            kind,
            lesson_id,
            chapter_id,
            title,
            pass_mark: self.pass_mark,
            max_attempts,
            questions,
        })
    }
}

/// A learner's answer to one question, as sent (`PUT /api/attempts/{id}/answers/{question}`)
/// and stored: exactly the field of the question's type.
#[derive(Serialize, Deserialize, utoipa::ToSchema, Clone, Debug, Default, PartialEq, Eq)]
pub struct AnswerInput {
    /// `braille_input`: Unicode Braille (U+2800–U+283F; U+2800 or a space is a blank cell),
    /// at most 1000 cells.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braille: Option<String>,
    /// `text_input`: the print read, at most 1000 characters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// `similar_cells`: the index of the chosen group (0-based, in the order shown).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<i64>,
}

/// A checked answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Braille(Vec<Cell>),
    Text(String),
    Choice(usize),
}

impl Answer {
    /// The stored (and shown) form: Unicode Braille with U+2800 for blanks, the text as typed,
    /// or the index.
    pub fn to_input(&self) -> AnswerInput {
        match self {
            Answer::Braille(cells) => {
                AnswerInput { braille: Some(braille::cells_to_unicode(cells)), ..AnswerInput::default() }
            }
            Answer::Text(t) => AnswerInput { text: Some(t.clone()), ..AnswerInput::default() },
            Answer::Choice(i) => AnswerInput { choice: Some(*i as i64), ..AnswerInput::default() },
        }
    }
}

impl AnswerInput {
    /// Checks the answer against the question it answers.
    pub fn parse(&self, question: &QuestionBody) -> Result<Answer, InvalidInput> {
        let only = |name: &str, present: bool| -> Result<(), InvalidInput> {
            let fields =
                [("braille", self.braille.is_some()), ("text", self.text.is_some()), ("choice", self.choice.is_some())];
            if let Some((other, _)) = fields.iter().find(|(f, p)| *p && *f != name) {
                return Err(InvalidInput::invalid(other));
            }
            if present {
                Ok(())
            } else {
                Err(InvalidInput::required(name))
            }
        };
        match question {
            QuestionBody::BrailleInput { .. } => {
                only("braille", self.braille.is_some())?;
                let raw = self.braille.as_deref().unwrap_or_default();
                let cells = braille::parse_unicode(raw).map_err(|_| InvalidInput::invalid("braille"))?;
                if cells.len() > MAX_ANSWER_CHARS {
                    return Err(InvalidInput::invalid("braille"));
                }
                Ok(Answer::Braille(cells))
            }
            QuestionBody::TextInput { .. } => {
                only("text", self.text.is_some())?;
                let t = self.text.as_deref().unwrap_or_default();
                if t.chars().count() > MAX_ANSWER_CHARS {
                    return Err(InvalidInput::too_long("text", MAX_ANSWER_CHARS));
                }
                if t.chars().any(|c| c.is_control() && !c.is_whitespace()) {
                    return Err(InvalidInput::invalid("text"));
                }
                Ok(Answer::Text(t.to_string()))
            }
            QuestionBody::SimilarCells { groups, .. } => {
                only("choice", self.choice.is_some())?;
                match self.choice {
                    Some(i) if i >= 0 && (i as usize) < groups.len() => Ok(Answer::Choice(i as usize)),
                    _ => Err(InvalidInput::invalid("choice")),
                }
            }
        }
    }
}

/// A stored answer as the learner sent it, and parsed against its question (`None` when it no
/// longer fits, e.g. a question changed type): what results and grading read.
pub fn parse_stored(raw: &str, question: &Question) -> Option<(AnswerInput, Option<Answer>)> {
    let input: AnswerInput = serde_json::from_str(raw).ok()?;
    let parsed = input.parse(&question.body).ok();
    Some((input, parsed))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use serde_json::json;

    use super::*;

    fn input(v: serde_json::Value) -> AssessmentInput {
        serde_json::from_value(v).unwrap()
    }

    fn rng() -> rand::rngs::StdRng {
        rand::rngs::StdRng::seed_from_u64(7)
    }

    fn base(questions: serde_json::Value) -> serde_json::Value {
        json!({"course_id": 1, "type": "final_assessment", "title": "النهائي", "pass_mark": 60, "questions": questions})
    }

    #[test]
    fn a_good_assessment_parses_with_computed_cells() {
        let a = input(base(json!([
            {"type": "braille_input", "points": 2, "print": "باب"},
            {"type": "text_input", "points": 1, "print": "بيت", "allow_letter_variants": false},
            {"type": "similar_cells", "points": 1, "letter": "ب", "distractors": ["⠃⠘⠃⠃", "⠃⠃⠆⠃"]}
        ])))
        .parse(Code::Arabic, &mut rng())
        .unwrap();
        assert_eq!(a.kind, AssessmentKind::FinalAssessment);
        assert_eq!(a.max_attempts, 3, "the final's default");
        let QuestionBody::BrailleInput { cells, .. } = &a.questions[0].body else { panic!() };
        assert_eq!(
            braille::cells_to_unicode(&super::cells(cells)),
            braille::to_braille("باب", Code::Arabic).to_unicode()
        );
        let QuestionBody::TextInput { letter_variants, without_tashkeel, ignore_case, .. } = &a.questions[1].body
        else {
            panic!()
        };
        assert_eq!((*letter_variants, *without_tashkeel, *ignore_case), (false, true, true));
        let QuestionBody::SimilarCells { groups, answer, cell, .. } = &a.questions[2].body else { panic!() };
        assert_eq!(groups.len(), 3);
        assert_eq!(groups[*answer], vec![*cell; 4]);
        assert_eq!(Cell::from_bits(*cell).unwrap().to_unicode(), '⠃');
    }

    #[test]
    fn every_field_is_checked() {
        let cases: Vec<(serde_json::Value, &str)> = vec![
            (json!({"course_id": 1, "type": "quiz", "title": "t", "pass_mark": 50, "questions": []}), "type"),
            (json!({"course_id": 1, "type": "lesson_exercise", "title": "t", "pass_mark": 50}), "lesson_id"),
            (json!({"course_id": 1, "type": "chapter_assessment", "title": "t", "pass_mark": 50}), "chapter_id"),
            (
                json!({"course_id": 1, "type": "final_assessment", "chapter_id": 3, "title": "t", "pass_mark": 50}),
                "chapter_id",
            ),
            (json!({"course_id": 1, "type": "final_assessment", "title": " ", "pass_mark": 50}), "title"),
            (json!({"course_id": 1, "type": "final_assessment", "title": "t", "pass_mark": 0}), "pass_mark"),
            (json!({"course_id": 1, "type": "final_assessment", "title": "t", "pass_mark": 101}), "pass_mark"),
            (
                json!({"course_id": 1, "type": "final_assessment", "title": "t", "pass_mark": 50, "max_attempts": 51}),
                "max_attempts",
            ),
            (
                json!({"course_id": 1, "type": "final_assessment", "title": "t", "pass_mark": 50, "questions": []}),
                "questions",
            ),
            (base(json!([{"type": "essay", "points": 1}])), "questions[0].type"),
            (base(json!([{"type": "braille_input", "points": 0, "print": "ب"}])), "questions[0].points"),
            (base(json!([{"type": "braille_input", "points": 1}])), "questions[0].print"),
            (base(json!([{"type": "braille_input", "points": 1, "print": "ж"}])), "questions[0].print"),
            (base(json!([{"type": "text_input", "points": 1, "print": "ب\nت"}])), "questions[0].print"),
            (
                base(json!([{"type": "similar_cells", "points": 1, "letter": "بت", "distractors": ["⠃⠘"]}])),
                "questions[0].letter",
            ),
            (base(json!([{"type": "similar_cells", "points": 1, "letter": "ب"}])), "questions[0].distractors"),
            (
                base(json!([{"type": "similar_cells", "points": 1, "letter": "ب", "distractors": ["⠃⠃⠃"]}])),
                "questions[0].distractors[0]",
            ),
            (
                base(json!([{"type": "similar_cells", "points": 1, "letter": "ب", "distractors": ["⠃⠘", "⠃⠘⠘"]}])),
                "questions[0].distractors[1]",
            ),
            (
                base(json!([{"type": "similar_cells", "points": 1, "letter": "ب", "distractors": ["⠃⠀"]}])),
                "questions[0].distractors[0]",
            ),
            (
                base(json!([{"type": "similar_cells", "points": 1, "letter": "ب", "distractors": ["⠃⠘", "⠃⠘"]}])),
                "questions[0].distractors[1]",
            ),
            (
                base(json!([{"id": 4, "type": "braille_input", "points": 1, "print": "ب"},
                    {"id": 4, "type": "braille_input", "points": 1, "print": "ت"}])),
                "questions[1].id",
            ),
        ];
        for (body, field) in cases {
            let err = input(body.clone()).parse(Code::Arabic, &mut rng()).err().unwrap_or_else(|| panic!("{body}"));
            assert_eq!(err.field(), field, "{body}");
        }
        // An English course takes English letters only.
        let en = input(base(json!([{"type": "braille_input", "points": 1, "print": "باب"}])));
        assert_eq!(en.parse(Code::English, &mut rng()).err().unwrap().field(), "questions[0].print");
    }

    #[test]
    fn the_right_group_lands_anywhere() {
        let mut seen = std::collections::HashSet::new();
        let mut r = rng();
        for _ in 0..200 {
            let a = input(base(
                json!([{"type": "similar_cells", "points": 1, "letter": "a", "distractors": ["⠁⠈", "⠂⠁"]}]),
            ))
            .parse(Code::English, &mut r)
            .unwrap();
            let QuestionBody::SimilarCells { answer, .. } = a.questions[0].body else { panic!() };
            seen.insert(answer);
        }
        assert_eq!(seen.len(), 3);
    }

    #[test]
    fn answers_are_checked_against_their_question() {
        let braille = QuestionBody::BrailleInput { print: "ب".into(), cells: vec![3] };
        let text = QuestionBody::TextInput {
            print: "ب".into(),
            cells: vec![3],
            letter_variants: true,
            without_tashkeel: true,
            ignore_case: true,
        };
        let similar = QuestionBody::SimilarCells {
            letter: "ب".into(),
            cell: 3,
            groups: vec![vec![3, 3], vec![3, 24]],
            answer: 0,
        };
        let a = |v: serde_json::Value| serde_json::from_value::<AnswerInput>(v).unwrap();
        assert_eq!(a(json!({"braille": "⠃ ⠃"})).parse(&braille).unwrap(), Answer::Braille(cells(&[3, 0, 3])));
        assert_eq!(a(json!({"braille": "b"})).parse(&braille).unwrap_err(), InvalidInput::invalid("braille"));
        assert_eq!(a(json!({"text": "ب"})).parse(&braille).unwrap_err(), InvalidInput::invalid("text"));
        assert_eq!(a(json!({})).parse(&text).unwrap_err(), InvalidInput::required("text"));
        assert_eq!(a(json!({"text": " باب "})).parse(&text).unwrap(), Answer::Text(" باب ".into()));
        assert_eq!(a(json!({"choice": 1})).parse(&similar).unwrap(), Answer::Choice(1));
        assert_eq!(a(json!({"choice": 2})).parse(&similar).unwrap_err(), InvalidInput::invalid("choice"));
        assert_eq!(a(json!({"choice": -1})).parse(&similar).unwrap_err(), InvalidInput::invalid("choice"));
        assert_eq!(Answer::Braille(cells(&[3, 0])).to_input().braille.as_deref(), Some("⠃⠀"));
    }

    #[test]
    fn a_question_round_trips_through_json() {
        let q = Question {
            id: 9,
            points: 2,
            prompt: "اكتب".into(),
            body: QuestionBody::SimilarCells { letter: "ب".into(), cell: 3, groups: vec![vec![3, 3]], answer: 0 },
        };
        let s = serde_json::to_string(&q).unwrap();
        assert!(s.contains("\"type\":\"similar_cells\""), "{s}");
        assert_eq!(serde_json::from_str::<Question>(&s).unwrap(), q);
    }
}
