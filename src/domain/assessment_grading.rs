//! Pure rules of assessments: grading (exact Braille, normalised print), where Braille answers
//! differ, distractor cells for "similar cells" questions, the order rules of spec §4, the
//! progress states they lead to, and the grade bands of spec §9.

use std::collections::HashSet;

use braille::Cell;
use serde::Serialize;

use super::assessment::{cells, Answer, AssessmentKind, QuestionBody};

// ---------------------------------------------------------------------------------------------
// Print normalisation

/// What a text question forgives besides spacing and digit forms (always forgiven).
#[derive(Clone, Copy, Debug, Default)]
pub struct Leniency {
    /// أ إ آ ٱ → ا, ى → ي, ة → ه (and a combining hamza or madda dropped).
    pub letter_variants: bool,
    /// Tashkeel (harakat, tanween, shadda, sukun, dagger alef) dropped.
    pub without_tashkeel: bool,
    pub ignore_case: bool,
}

fn is_tashkeel(c: char) -> bool {
    matches!(c, '\u{064B}'..='\u{065F}' | '\u{0670}')
}

/// The form two print answers are compared in: runs of white space become one space and the
/// ends are trimmed; Arabic-Indic (٠–٩) and Persian (۰–۹) digits become 0–9; tatweel is
/// dropped; consecutive tashkeel marks are put in one order (so "شَّ" equals "شَّ" typed the
/// other way round); the rest as `leniency` allows.
pub fn normalise(text: &str, leniency: Leniency) -> String {
    let mut out = String::with_capacity(text.len());
    let mut marks: Vec<char> = Vec::new();
    let flush = |out: &mut String, marks: &mut Vec<char>| {
        marks.sort_unstable();
        out.extend(marks.drain(..));
    };
    let mut pending_space = false;
    for c in text.chars() {
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        let c = match c {
            '\u{0660}'..='\u{0669}' => char::from(b'0' + (c as u32 - 0x0660) as u8),
            '\u{06F0}'..='\u{06F9}' => char::from(b'0' + (c as u32 - 0x06F0) as u8),
            '\u{0640}' => continue,
            'أ' | 'إ' | 'آ' | 'ٱ' if leniency.letter_variants => 'ا',
            'ى' if leniency.letter_variants => 'ي',
            'ة' if leniency.letter_variants => 'ه',
            '\u{0653}'..='\u{0655}' if leniency.letter_variants => continue,
            c if is_tashkeel(c) && leniency.without_tashkeel => continue,
            c => c,
        };
        if is_tashkeel(c) {
            marks.push(c);
            continue;
        }
        flush(&mut out, &mut marks);
        if pending_space && !out.is_empty() {
            out.push(' ');
        }
        pending_space = false;
        if leniency.ignore_case {
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    flush(&mut out, &mut marks);
    out
}

// ---------------------------------------------------------------------------------------------
// Grading

/// Leading and trailing blank cells do not count; everything between them does, cell by cell.
pub fn trim_blank(cells: &[Cell]) -> &[Cell] {
    let start = cells.iter().position(|c| !c.is_empty()).unwrap_or(cells.len());
    let end = cells.iter().rposition(|c| !c.is_empty()).map_or(start, |i| i + 1);
    &cells[start..end]
}

/// Whether `answer` is right for `question` (no answer is wrong).
pub fn is_correct(question: &QuestionBody, answer: Option<&Answer>) -> bool {
    match (question, answer) {
        (QuestionBody::BrailleInput { cells: expected, .. }, Some(Answer::Braille(given))) => {
            trim_blank(given) == trim_blank(&cells(expected))
        }
        (
            QuestionBody::TextInput { print, letter_variants, without_tashkeel, ignore_case, .. },
            Some(Answer::Text(given)),
        ) => {
            let l = Leniency {
                letter_variants: *letter_variants,
                without_tashkeel: *without_tashkeel,
                ignore_case: *ignore_case,
            };
            let given = normalise(given, l);
            !given.is_empty() && given == normalise(print, l)
        }
        (QuestionBody::SimilarCells { answer, .. }, Some(Answer::Choice(chosen))) => answer == chosen,
        _ => false,
    }
}

/// One position of a Braille answer next to the right cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellDifference {
    pub expected: Option<Cell>,
    pub given: Option<Cell>,
    /// Dots of the right cell the learner did not raise.
    pub missing: Vec<u8>,
    /// Dots the learner raised that the right cell does not have.
    pub extra: Vec<u8>,
}

impl CellDifference {
    pub fn correct(&self) -> bool {
        self.expected == self.given
    }
}

/// Position by position (after trimming blank cells at both ends), which dots differ.
pub fn cell_differences(expected: &[Cell], given: &[Cell]) -> Vec<CellDifference> {
    let (expected, given) = (trim_blank(expected), trim_blank(given));
    (0..expected.len().max(given.len()))
        .map(|i| {
            let (e, g) = (expected.get(i).copied(), given.get(i).copied());
            let eb = e.map_or(0, Cell::bits);
            let gb = g.map_or(0, Cell::bits);
            let dots = |b: u8| Cell::from_bits(b).map(|c| c.dots().collect()).unwrap_or_default();
            CellDifference { expected: e, given: g, missing: dots(eb & !gb), extra: dots(gb & !eb) }
        })
        .collect()
}

/// A percentage floored to one decimal, from whole points: 2 of 3 is 66.6. Floored, so that
/// "at least 85" reads the same on the shown number as on the exact one.
pub fn percent(score: i64, max: i64) -> f64 {
    if max <= 0 {
        return 0.0;
    }
    ((score.max(0) * 1000) / max) as f64 / 10.0
}

/// Passed when the score reaches `pass_mark` percent of `max` exactly (no rounding up).
pub fn passes(score: i64, max: i64, pass_mark: i64) -> bool {
    max > 0 && score * 100 >= pass_mark * max
}

// ---------------------------------------------------------------------------------------------
// Similar cells

/// How a proposed distractor cell is close to the letter's cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Relation {
    /// Mirrored left to right (dots 1↔4, 2↔5, 3↔6), e.g. ⠑ e and ⠊ i.
    Mirrored,
    /// Upside down (dots 1↔3, 4↔6).
    Flipped,
    /// Turned half round (1↔6, 2↔5, 3↔4).
    Rotated,
    /// The same shape one row lower or higher, or in the other column.
    Shifted,
    /// One dot more or less.
    OneDot,
}

fn map_dots(cell: Cell, f: impl Fn(u8) -> u8) -> Cell {
    let dots: Vec<u8> = cell.dots().map(f).collect();
    Cell::from_dots(&dots).unwrap_or(Cell::EMPTY)
}

/// (row 0–2, column 0–1) of a dot 1–6 and back.
fn pos(d: u8) -> (u8, u8) {
    ((d - 1) % 3, (d - 1) / 3)
}
fn dot(row: u8, col: u8) -> u8 {
    col * 3 + row + 1
}

/// The cell moved by (`dr` rows, `dc` columns), if every dot stays inside the cell.
fn shift(cell: Cell, dr: i8, dc: i8) -> Option<Cell> {
    let mut dots = Vec::new();
    for d in cell.dots() {
        let (r, c) = pos(d);
        let (r, c) = (r as i8 + dr, c as i8 + dc);
        if !(0..3).contains(&r) || !(0..2).contains(&c) {
            return None;
        }
        dots.push(dot(r as u8, c as u8));
    }
    Cell::from_dots(&dots)
}

/// Cells a learner may take for `cell`, closest kinds first, each once, never the cell itself
/// nor the blank cell.
pub fn similar_cells(cell: Cell) -> Vec<(Cell, Relation)> {
    let mut out: Vec<(Cell, Relation)> = Vec::new();
    let mut add = |c: Option<Cell>, r: Relation| {
        if let Some(c) = c {
            if c != cell && !c.is_empty() && !out.iter().any(|(o, _)| *o == c) {
                out.push((c, r));
            }
        }
    };
    add(Some(map_dots(cell, |d| dot(pos(d).0, 1 - pos(d).1))), Relation::Mirrored);
    add(Some(map_dots(cell, |d| dot(2 - pos(d).0, pos(d).1))), Relation::Flipped);
    add(Some(map_dots(cell, |d| dot(2 - pos(d).0, 1 - pos(d).1))), Relation::Rotated);
    for (dr, dc) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        add(shift(cell, dr, dc), Relation::Shifted);
    }
    for b in 0..6 {
        add(Cell::from_bits(cell.bits() ^ (1 << b)), Relation::OneDot);
    }
    out
}

/// A distractor group: `size` cells of the letter with `odd` at one place, which moves from
/// proposal to proposal (`index`) so the groups do not all look alike.
pub fn distractor_group(letter: Cell, odd: Cell, size: usize, index: usize) -> Vec<Cell> {
    let mut group = vec![letter; size];
    if size > 0 {
        group[(index + 1) % size] = odd;
    }
    group
}

// ---------------------------------------------------------------------------------------------
// Order rules and progress

/// What progress needs to know of an assessment.
#[derive(Clone, Debug)]
pub struct AssessmentMeta {
    pub id: i64,
    pub course_id: i64,
    pub kind: AssessmentKind,
    /// The chapter of a chapter assessment, or of a lesson exercise's lesson.
    pub chapter_id: Option<i64>,
    /// 0 = unlimited.
    pub max_attempts: i64,
}

/// What progress needs to know of an attempt.
#[derive(Clone, Debug)]
pub struct AttemptMeta {
    pub assessment_id: i64,
    pub submitted: bool,
    pub passed: bool,
    pub score: i64,
    pub max_score: i64,
}

/// Why an assessment cannot start yet (spec §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocker {
    /// A chapter assessment before the chapter's lesson exercises are passed.
    LessonExercises,
    /// The final assessment before every chapter assessment is passed.
    ChapterAssessments,
}

fn passed_ids(attempts: &[AttemptMeta]) -> HashSet<i64> {
    attempts.iter().filter(|a| a.passed).map(|a| a.assessment_id).collect()
}

/// Spec §4: a chapter assessment starts once every lesson exercise of its chapter is passed;
/// the final once every chapter assessment of the course is passed. "Done" is read as passed.
pub fn start_blocker(target: &AssessmentMeta, all: &[AssessmentMeta], attempts: &[AttemptMeta]) -> Option<Blocker> {
    let passed = passed_ids(attempts);
    let pending = |kind: AssessmentKind, chapter: Option<Option<i64>>| {
        all.iter().any(|a| {
            a.course_id == target.course_id
                && a.kind == kind
                && chapter.is_none_or(|ch| a.chapter_id == ch)
                && !passed.contains(&a.id)
        })
    };
    match target.kind {
        AssessmentKind::LessonExercise => None,
        AssessmentKind::ChapterAssessment => {
            pending(AssessmentKind::LessonExercise, Some(target.chapter_id)).then_some(Blocker::LessonExercises)
        }
        AssessmentKind::FinalAssessment => {
            pending(AssessmentKind::ChapterAssessment, None).then_some(Blocker::ChapterAssessments)
        }
    }
}

/// Attempts still allowed (`None`: unlimited); an unsubmitted attempt counts as used.
pub fn attempts_left(meta: &AssessmentMeta, attempts: &[AttemptMeta]) -> Option<i64> {
    (meta.max_attempts > 0).then(|| {
        let used = attempts.iter().filter(|a| a.assessment_id == meta.id).count() as i64;
        (meta.max_attempts - used).max(0)
    })
}

/// Best percentage of the submitted attempts of one assessment.
pub fn best_percent(assessment: i64, attempts: &[AttemptMeta]) -> Option<f64> {
    attempts
        .iter()
        .filter(|a| a.assessment_id == assessment && a.submitted)
        .map(|a| percent(a.score, a.max_score))
        .max_by(f64::total_cmp)
}

/// The progress states of spec §4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProgressState {
    NotStarted,
    InProgress,
    Completed,
    /// The final assessment was submitted and failed (retries may remain: `can_retry_final`).
    NotFinished,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CourseProgress {
    pub state: ProgressState,
    pub assessments_passed: i64,
    pub assessments_total: i64,
    /// The final assessment's best percentage; without a final, the points of every
    /// assessment's best attempt over their maximum. `None` before anything is submitted.
    pub percent: Option<f64>,
    /// The grade band of `percent`, once the course is completed.
    pub grade: Option<GradeBand>,
    /// Not finished, and the final may be tried again.
    pub can_retry_final: bool,
}

/// A student's progress in one course. `assessments` are the course's; `attempts` the
/// student's (attempts of other assessments are ignored).
///
/// * With assessments: **completed** when every one is passed; **not finished** when the final
///   has been submitted and not passed; **in progress** once a lesson is done or an attempt
///   started; otherwise **not started**.
/// * Without assessments, from the lessons alone: completed when every lesson is done.
pub fn course_progress(
    lessons_done: i64,
    lessons_total: i64,
    assessments: &[AssessmentMeta],
    attempts: &[AttemptMeta],
    bands: &GradeBands,
) -> CourseProgress {
    let ids: HashSet<i64> = assessments.iter().map(|a| a.id).collect();
    let attempts: Vec<AttemptMeta> = attempts.iter().filter(|a| ids.contains(&a.assessment_id)).cloned().collect();
    let passed = passed_ids(&attempts);
    let total = assessments.len() as i64;
    let passed_count = assessments.iter().filter(|a| passed.contains(&a.id)).count() as i64;
    let final_ = assessments.iter().find(|a| a.kind == AssessmentKind::FinalAssessment);
    let percent = match final_ {
        Some(f) => best_percent(f.id, &attempts),
        None => {
            let (mut score, mut max) = (0, 0);
            for a in assessments {
                let best = attempts
                    .iter()
                    .filter(|t| t.assessment_id == a.id && t.submitted && t.max_score > 0)
                    .max_by(|x, y| (x.score * y.max_score).cmp(&(y.score * x.max_score)));
                if let Some(b) = best {
                    score += b.score;
                    max += b.max_score;
                }
            }
            (max > 0).then(|| self::percent(score, max))
        }
    };
    let final_failed = final_
        .is_some_and(|f| !passed.contains(&f.id) && attempts.iter().any(|a| a.assessment_id == f.id && a.submitted));
    let state = if total == 0 {
        if lessons_done == 0 {
            ProgressState::NotStarted
        } else if lessons_done < lessons_total {
            ProgressState::InProgress
        } else {
            ProgressState::Completed
        }
    } else if passed_count == total {
        ProgressState::Completed
    } else if final_failed {
        ProgressState::NotFinished
    } else if lessons_done > 0 || !attempts.is_empty() {
        ProgressState::InProgress
    } else {
        ProgressState::NotStarted
    };
    let can_retry_final =
        state == ProgressState::NotFinished && final_.is_some_and(|f| attempts_left(f, &attempts) != Some(0));
    CourseProgress {
        state,
        assessments_passed: passed_count,
        assessments_total: total,
        grade: (state == ProgressState::Completed).then_some(percent).flatten().map(|p| grade_band(p, bands)),
        percent,
        can_retry_final,
    }
}

// ---------------------------------------------------------------------------------------------
// Grade bands

/// Spec §9's grade bands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GradeBand {
    Excellent,
    VeryGood,
    Good,
    Average,
    Poor,
}

impl GradeBand {
    pub fn as_str(self) -> &'static str {
        match self {
            GradeBand::Excellent => "excellent",
            GradeBand::VeryGood => "very_good",
            GradeBand::Good => "good",
            GradeBand::Average => "average",
            GradeBand::Poor => "poor",
        }
    }

    /// The band's name, e.g. for a certificate.
    pub fn label(self, lang: crate::i18n::Lang) -> &'static str {
        let (en, ar) = match self {
            GradeBand::Excellent => ("Excellent", "ممتاز"),
            GradeBand::VeryGood => ("Very good", "جيد جدًا"),
            GradeBand::Good => ("Good", "جيد"),
            GradeBand::Average => ("Average", "مقبول"),
            GradeBand::Poor => ("Poor", "ضعيف"),
        };
        match lang {
            crate::i18n::Lang::En => en,
            crate::i18n::Lang::Ar => ar,
        }
    }
}

/// The lowest percentage of excellent, very good, good and average (below the last: poor).
/// Default 85, 75, 65, 50; a deployment sets others with `LAMSA_GRADE_BANDS="85,75,65,50"`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GradeBands(pub [f64; 4]);

impl Default for GradeBands {
    fn default() -> Self {
        GradeBands([85.0, 75.0, 65.0, 50.0])
    }
}

impl GradeBands {
    /// Four numbers from 0 to 100, separated by commas, strictly decreasing.
    pub fn parse(raw: &str) -> Result<GradeBands, String> {
        let numbers: Vec<f64> = raw
            .split(',')
            .map(|p| p.trim().parse::<f64>().map_err(|_| format!("{:?} is not a number", p.trim())))
            .collect::<Result<_, _>>()?;
        let [a, b, c, d] = numbers[..] else {
            return Err(format!(
                "four thresholds are needed (excellent, very good, good, average), got {}",
                numbers.len()
            ));
        };
        let t = [a, b, c, d];
        if t.iter().any(|x| !(0.0..=100.0).contains(x)) || t.windows(2).any(|w| w[0] <= w[1]) {
            return Err("thresholds must be between 0 and 100 and strictly decreasing".into());
        }
        Ok(GradeBands(t))
    }
}

/// The band of a percentage: at least the first threshold is excellent, and so on down;
/// below the last, poor.
pub fn grade_band(percent: f64, bands: &GradeBands) -> GradeBand {
    let [excellent, very_good, good, average] = bands.0;
    if percent >= excellent {
        GradeBand::Excellent
    } else if percent >= very_good {
        GradeBand::VeryGood
    } else if percent >= good {
        GradeBand::Good
    } else if percent >= average {
        GradeBand::Average
    } else {
        GradeBand::Poor
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use braille::Lang as Code;

    fn strict() -> Leniency {
        Leniency::default()
    }
    fn lenient() -> Leniency {
        Leniency { letter_variants: true, without_tashkeel: true, ignore_case: true }
    }

    #[test]
    fn spacing_and_digits_are_always_forgiven() {
        assert_eq!(normalise("  باب \t  بيت\n ", strict()), "باب بيت");
        assert_eq!(normalise("١٢٣ و ۴۵۶", strict()), "123 و 456");
        assert_eq!(normalise("كـتـاب", strict()), "كتاب");
        assert_eq!(normalise("\u{00A0}a\u{2003}b", strict()), "a b");
    }

    #[test]
    fn arabic_letter_variants_only_when_allowed() {
        let l = Leniency { letter_variants: true, ..strict() };
        assert_eq!(normalise("أحمد إلى آخر مدرسة", l), "احمد الي اخر مدرسه");
        assert_eq!(normalise("أحمد", strict()), "أحمد");
        // A hamza typed as a combining mark is the same letter variant.
        assert_eq!(normalise("ا\u{0654}حمد", l), "احمد");
    }

    #[test]
    fn tashkeel_only_when_allowed_and_in_one_order() {
        let l = Leniency { without_tashkeel: true, ..strict() };
        assert_eq!(normalise("مُحَمَّدٌ", l), "محمد");
        assert_ne!(normalise("مُحَمَّدٌ", strict()), "محمد");
        // shadda + fatha and fatha + shadda are the same writing.
        assert_eq!(normalise("م\u{0651}\u{064E}", strict()), normalise("م\u{064E}\u{0651}", strict()));
    }

    #[test]
    fn case_only_when_allowed() {
        assert_eq!(normalise("Hello World", lenient()), "hello world");
        assert_eq!(normalise("Hello", strict()), "Hello");
    }

    fn text_q(print: &str, l: Leniency) -> QuestionBody {
        QuestionBody::TextInput {
            print: print.into(),
            cells: vec![],
            letter_variants: l.letter_variants,
            without_tashkeel: l.without_tashkeel,
            ignore_case: l.ignore_case,
        }
    }

    #[test]
    fn text_answers_are_graded_normalised() {
        let q = text_q("مدرسة ١٢", lenient());
        assert!(is_correct(&q, Some(&Answer::Text(" مدرسه   12 ".into()))));
        assert!(is_correct(&q, Some(&Answer::Text("مَدْرَسَةٌ ١٢".into()))));
        assert!(!is_correct(&q, Some(&Answer::Text("مدرس 12".into()))));
        assert!(!is_correct(&q, Some(&Answer::Text("".into()))));
        assert!(!is_correct(&q, None));
        let strict_q = text_q("مدرسة", strict());
        assert!(!is_correct(&strict_q, Some(&Answer::Text("مدرسه".into()))));
        assert!(is_correct(&strict_q, Some(&Answer::Text("مدرسة ".into()))));
        // A blank expected text can never be matched by a blank answer.
        assert!(!is_correct(&text_q("   ", strict()), Some(&Answer::Text(" ".into()))));
    }

    #[test]
    fn braille_answers_are_exact_cell_by_cell() {
        let expected = braille::to_braille("باب", Code::Arabic).cells;
        let q = QuestionBody::BrailleInput { print: "باب".into(), cells: super::super::assessment::bits(&expected) };
        assert!(is_correct(&q, Some(&Answer::Braille(expected.clone()))));
        let mut padded = vec![Cell::EMPTY];
        padded.extend(expected.iter().copied());
        padded.push(Cell::EMPTY);
        assert!(is_correct(&q, Some(&Answer::Braille(padded))), "blank cells at the ends do not count");
        let mut wrong = expected.clone();
        wrong[1] = Cell::from_dots(&[1, 2]).unwrap();
        assert!(!is_correct(&q, Some(&Answer::Braille(wrong.clone()))));
        assert!(!is_correct(&q, Some(&Answer::Braille(expected[..2].to_vec()))));
        assert!(!is_correct(&q, Some(&Answer::Text("باب".into()))));

        let diff = cell_differences(&expected, &wrong);
        assert_eq!(diff.len(), 3);
        assert!(diff[0].correct() && diff[2].correct() && !diff[1].correct());
        // ا is dot 1; the answer raised 1 and 2.
        assert_eq!((diff[1].missing.clone(), diff[1].extra.clone()), (vec![], vec![2]));
        let short = cell_differences(&expected, &expected[..1]);
        assert_eq!((short.len(), short[2].given, short[2].missing.clone()), (3, None, vec![1, 2]));
    }

    #[test]
    fn similar_cells_are_close_and_never_the_letter() {
        let b = Cell::from_dots(&[1, 2]).unwrap();
        let s = similar_cells(b);
        assert_eq!(s[0], (Cell::from_dots(&[4, 5]).unwrap(), Relation::Mirrored));
        assert_eq!(s[1], (Cell::from_dots(&[2, 3]).unwrap(), Relation::Flipped));
        assert_eq!(s[2], (Cell::from_dots(&[5, 6]).unwrap(), Relation::Rotated));
        assert!(s.iter().all(|(c, _)| *c != b && !c.is_empty()));
        let unique: HashSet<u8> = s.iter().map(|(c, _)| c.bits()).collect();
        assert_eq!(unique.len(), s.len());
        assert!(s.contains(&(Cell::from_dots(&[1]).unwrap(), Relation::OneDot)));
        // e (1 5) and i (2 4) are mirror images.
        let e = Cell::from_dots(&[1, 5]).unwrap();
        assert_eq!(similar_cells(e)[0], (Cell::from_dots(&[2, 4]).unwrap(), Relation::Mirrored));
        let g = distractor_group(b, s[0].0, 4, 0);
        assert_eq!(g.iter().filter(|c| **c != b).count(), 1);
        assert_eq!(g[1], s[0].0);
    }

    fn meta(id: i64, kind: AssessmentKind, chapter: Option<i64>, max: i64) -> AssessmentMeta {
        AssessmentMeta { id, course_id: 1, kind, chapter_id: chapter, max_attempts: max }
    }
    fn attempt(id: i64, score: i64, max: i64, passed: bool) -> AttemptMeta {
        AttemptMeta { assessment_id: id, submitted: true, passed, score, max_score: max }
    }

    #[test]
    fn order_rules_follow_spec_section_4() {
        use AssessmentKind::*;
        let all = vec![
            meta(1, LessonExercise, Some(10), 0),
            meta(2, LessonExercise, Some(20), 0),
            meta(3, ChapterAssessment, Some(10), 0),
            meta(4, ChapterAssessment, Some(20), 0),
            meta(5, FinalAssessment, None, 3),
        ];
        assert_eq!(start_blocker(&all[0], &all, &[]), None);
        assert_eq!(start_blocker(&all[2], &all, &[]), Some(Blocker::LessonExercises));
        // A failed exercise is not done.
        assert_eq!(start_blocker(&all[2], &all, &[attempt(1, 0, 1, false)]), Some(Blocker::LessonExercises));
        assert_eq!(start_blocker(&all[2], &all, &[attempt(1, 1, 1, true)]), None);
        // Chapter 20's exercise does not hold back chapter 10's assessment.
        assert_eq!(start_blocker(&all[3], &all, &[attempt(1, 1, 1, true)]), Some(Blocker::LessonExercises));
        assert_eq!(start_blocker(&all[4], &all, &[attempt(3, 1, 1, true)]), Some(Blocker::ChapterAssessments));
        assert_eq!(start_blocker(&all[4], &all, &[attempt(3, 1, 1, true), attempt(4, 1, 1, true)]), None);
    }

    #[test]
    fn progress_states() {
        use AssessmentKind::*;
        let bands = GradeBands::default();
        let all = vec![meta(1, LessonExercise, Some(10), 0), meta(5, FinalAssessment, None, 2)];
        let p = |done: i64, attempts: &[AttemptMeta]| course_progress(done, 3, &all, attempts, &bands);
        assert_eq!(p(0, &[]).state, ProgressState::NotStarted);
        assert_eq!(p(1, &[]).state, ProgressState::InProgress);
        let open = AttemptMeta { assessment_id: 1, submitted: false, passed: false, score: 0, max_score: 1 };
        assert_eq!(p(0, std::slice::from_ref(&open)).state, ProgressState::InProgress);
        let ex = attempt(1, 1, 1, true);
        let failed = p(3, &[ex.clone(), attempt(5, 4, 10, false)]);
        assert_eq!(
            (failed.state, failed.can_retry_final, failed.percent),
            (ProgressState::NotFinished, true, Some(40.0))
        );
        assert_eq!(failed.grade, None);
        let out = p(3, &[ex.clone(), attempt(5, 4, 10, false), attempt(5, 3, 10, false)]);
        assert_eq!((out.state, out.can_retry_final), (ProgressState::NotFinished, false));
        let done = p(0, &[ex.clone(), attempt(5, 4, 10, false), attempt(5, 9, 10, true)]);
        assert_eq!(done.state, ProgressState::Completed, "lessons are not needed once every assessment is passed");
        assert_eq!((done.percent, done.grade), (Some(90.0), Some(GradeBand::Excellent)));
        assert_eq!((done.assessments_passed, done.assessments_total), (2, 2));
        // Attempts of another course's assessments are ignored.
        assert_eq!(p(0, &[attempt(99, 1, 1, true)]).state, ProgressState::NotStarted);
        // No assessments: the lessons decide.
        assert_eq!(course_progress(3, 3, &[], &[], &bands).state, ProgressState::Completed);
        assert_eq!(course_progress(2, 3, &[], &[], &bands).state, ProgressState::InProgress);
        // No final: the points of the best attempts.
        let no_final = vec![meta(1, LessonExercise, Some(10), 0), meta(2, LessonExercise, Some(10), 0)];
        let c = course_progress(
            0,
            3,
            &no_final,
            &[attempt(1, 1, 2, false), attempt(1, 2, 2, true), attempt(2, 5, 8, true)],
            &bands,
        );
        assert_eq!((c.state, c.percent, c.grade), (ProgressState::Completed, Some(70.0), Some(GradeBand::Good)));
    }

    #[test]
    fn percentages_floor_and_pass_marks_are_exact() {
        assert_eq!(percent(2, 3), 66.6);
        assert_eq!(percent(17, 20), 85.0);
        assert_eq!(percent(0, 0), 0.0);
        assert!(passes(3, 5, 60) && !passes(29, 50, 60) && passes(1, 1, 100) && !passes(0, 0, 1));
    }

    #[test]
    fn grade_bands_default_and_configurable() {
        let d = GradeBands::default();
        let cases =
            [(100.0, "excellent"), (85.0, "excellent"), (84.9, "very_good"), (75.0, "very_good"), (65.0, "good")];
        for (p, band) in cases {
            assert_eq!(grade_band(p, &d).as_str(), band, "{p}");
        }
        assert_eq!(grade_band(50.0, &d), GradeBand::Average);
        assert_eq!(grade_band(49.9, &d), GradeBand::Poor);
        assert_eq!(grade_band(0.0, &d), GradeBand::Poor);
        let custom = GradeBands::parse(" 90, 80,70 ,60").unwrap();
        assert_eq!(grade_band(85.0, &custom), GradeBand::VeryGood);
        assert_eq!(GradeBands::parse("85,75,65,50").unwrap(), d);
        for bad in ["85,75,65", "85,75,65,50,40", "85,85,65,50", "50,65,75,85", "101,75,65,50", "a,b,c,d", ""] {
            assert!(GradeBands::parse(bad).is_err(), "{bad}");
        }
        assert_eq!(GradeBand::VeryGood.label(crate::i18n::Lang::Ar), "جيد جدًا");
    }
}
