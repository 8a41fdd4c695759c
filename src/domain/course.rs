//! Courses: the content an instructor submits, parsed whole, and the status machine that
//! accreditation and stop requests drive.

use serde::{Deserialize, Serialize};

use super::{media::MediaKind, optional_text, required_text, InvalidInput, InvalidTransition};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CourseStatus {
    Draft,
    /// Sent for accreditation, waiting for a supervisor.
    Pending,
    Active,
    /// Accreditation refused; the instructor may edit and send again.
    Rejected,
    /// Active, with a stop request waiting for a supervisor.
    StopPending,
    /// Stopped: archived, invisible to new students; enrolled students keep their progress.
    Inactive,
}

/// What moves a course from one status to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseAction {
    SendForAccreditation,
    Accredit,
    RejectAccreditation,
    RequestStop,
    ApproveStop,
    RejectStop,
    Edit,
}

impl CourseStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CourseStatus::Draft => "draft",
            CourseStatus::Pending => "pending",
            CourseStatus::Active => "active",
            CourseStatus::Rejected => "rejected",
            CourseStatus::StopPending => "stop_pending",
            CourseStatus::Inactive => "inactive",
        }
    }

    pub fn parse(s: &str) -> CourseStatus {
        match s {
            "pending" => CourseStatus::Pending,
            "active" => CourseStatus::Active,
            "rejected" => CourseStatus::Rejected,
            "stop_pending" => CourseStatus::StopPending,
            "inactive" => CourseStatus::Inactive,
            _ => CourseStatus::Draft,
        }
    }

    /// The status after `action`, or the refusal that names the current status.
    pub fn apply(self, action: CourseAction) -> Result<CourseStatus, InvalidTransition> {
        use CourseAction::*;
        use CourseStatus::*;
        let next = match (self, action) {
            (Draft | Rejected, SendForAccreditation) => Pending,
            (Pending, Accredit) => Active,
            (Pending, RejectAccreditation) => Rejected,
            (Active, RequestStop) => StopPending,
            (StopPending, ApproveStop) => Inactive,
            (StopPending, RejectStop) => Active,
            (Draft | Rejected, Edit) => self,
            _ => return Err(InvalidTransition { from: self }),
        };
        Ok(next)
    }

    /// Visible in the catalogue and open for enrolment.
    pub fn is_listed(self) -> bool {
        matches!(self, CourseStatus::Active | CourseStatus::StopPending)
    }

    /// Open to the students already enrolled: its lessons to read and its instructor to ask
    /// (issue 23: a stopped course keeps both for them).
    pub fn is_open_to_enrolled(self) -> bool {
        self.is_listed() || self == CourseStatus::Inactive
    }
}

/// Declares a fixed list of codes that the interface translates (issue 23): the enum, its codes
/// as stored and sent, and a parse that refuses anything else on the request's field.
macro_rules! coded {
    ($(#[$doc:meta])* $name:ident, $field:literal, { $($variant:ident => $code:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $name { $($variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $code),+ }
            }

            pub fn parse(raw: &str) -> Result<$name, InvalidInput> {
                match raw.trim() {
                    "" => Err(InvalidInput::required($field)),
                    $($code => Ok($name::$variant),)+
                    _ => Err(InvalidInput::invalid($field)),
                }
            }
        }
    };
}

coded!(
    /// What a course is about: the course builder's list, named in the interface's language.
    CourseCategory, "category", {
        Letters => "letters",
        Words => "words",
        Numbers => "numbers",
        Tashkeel => "tashkeel",
        Contractions => "contractions",
        General => "general",
    }
);

coded!(
    /// Who a course is for.
    CourseLevel, "level", {
        Beginner => "beginner",
        Intermediate => "intermediate",
        Advanced => "advanced",
    }
);

/// The Braille code a course teaches (`language`: `ar` or `en`).
pub fn braille_code(language: &str) -> braille::Lang {
    if language == "en" {
        braille::Lang::English
    } else {
        braille::Lang::Arabic
    }
}

/// How a course writes its Braille: the grade, and for grade 2 the contractions taught so
/// far when its lessons introduce them a few at a time.
pub fn braille_options(grade: braille::Grade, taught: Option<braille::ContractionSet>) -> braille::Options {
    match (grade, taught) {
        (braille::Grade::One, _) => braille::Options::grade1(),
        (braille::Grade::Two, Some(set)) => braille::Options::partial(set),
        (braille::Grade::Two, None) => braille::Options::grade2(),
    }
}

/// The grade stored with a course (1 or 2); anything else reads as grade 1.
pub fn stored_grade(n: i64) -> braille::Grade {
    if n == 2 {
        braille::Grade::Two
    } else {
        braille::Grade::One
    }
}

/// The contractions a course's lessons introduce, in lesson order, read from their stored
/// JSON lists (ids the engine no longer knows are skipped). `None` when no lesson lists any:
/// then a grade 2 course uses every contraction.
pub fn taught_contractions<'a>(
    code: braille::Lang,
    lessons: impl IntoIterator<Item = &'a str>,
) -> Option<braille::ContractionSet> {
    let mut set = braille::ContractionSet::new();
    let mut any = false;
    for json in lessons {
        for id in serde_json::from_str::<Vec<String>>(json).unwrap_or_default() {
            any |= set.insert(code, &id).is_ok();
        }
    }
    any.then_some(set)
}

#[derive(Deserialize, utoipa::ToSchema, Clone)]
pub struct LinkInput {
    pub title: String,
    pub url: String,
}

/// A file, audio or video of a lesson: an upload of the instructor's (`media_id`) or, for a
/// video only, a web address (`url`).
#[derive(Deserialize, utoipa::ToSchema, Clone)]
pub struct LessonMediaInput {
    /// `file`, `audio` or `video`.
    pub kind: String,
    pub title: String,
    pub media_id: Option<i64>,
    pub url: Option<String>,
}

#[derive(Deserialize, utoipa::ToSchema, Clone)]
pub struct LessonInput {
    /// The lesson's id when editing, so students' progress and answers stay with it.
    pub id: Option<i64>,
    pub title: String,
    pub description: String,
    #[serde(default)]
    pub rule: String,
    /// Letters of the course's Braille code, shown as a table of cells.
    #[serde(default)]
    pub letters: Vec<String>,
    /// Practice words, shown in print and in Braille.
    #[serde(default)]
    pub words: Vec<String>,
    #[serde(default)]
    pub links: Vec<LinkInput>,
    #[serde(default)]
    pub media: Vec<LessonMediaInput>,
    /// Grade 2 courses: the contractions this lesson introduces (ids from
    /// `GET /api/braille/contractions`, e.g. `en:the`, `ar:ال`).
    #[serde(default)]
    pub contractions: Vec<String>,
}

#[derive(Deserialize, utoipa::ToSchema, Clone)]
pub struct ChapterInput {
    /// The chapter's id when editing.
    pub id: Option<i64>,
    pub title: String,
    pub description: String,
    #[serde(default)]
    pub lessons: Vec<LessonInput>,
}

#[derive(Deserialize, utoipa::ToSchema, Clone)]
pub struct CourseInput {
    pub title: String,
    /// e.g. "Braille reading", "Braille writing".
    #[serde(rename = "type")]
    pub course_type: String,
    pub duration_days: i64,
    pub description: String,
    /// One of the codes of [`CourseCategory`]: `letters`, `words`, `numbers`, `tashkeel`,
    /// `contractions`, `general`.
    pub category: String,
    /// One of the codes of [`CourseLevel`]: `beginner`, `intermediate`, `advanced`.
    pub level: String,
    /// The Braille code taught: `ar` or `en`.
    pub language: String,
    /// 1 (uncontracted, the default) or 2 (contracted).
    #[serde(default = "grade_one")]
    pub braille_grade: u8,
    #[serde(default)]
    pub chapters: Vec<ChapterInput>,
    /// An image uploaded by the instructor (`POST /api/media?kind=image`).
    pub image_media_id: Option<i64>,
}

/// A course whose every field has been checked.
pub struct CourseContent {
    pub title: String,
    pub course_type: String,
    pub duration_days: i64,
    pub description: String,
    pub category: CourseCategory,
    pub level: CourseLevel,
    pub language: String,
    pub braille_grade: braille::Grade,
    pub chapters: Vec<ChapterContent>,
    pub image_media_id: Option<i64>,
}

impl CourseContent {
    /// Every upload the course uses, with the kind its place needs and the field that names
    /// that place (`chapters[0].lessons[1].media[2]`), for a precise error.
    pub fn media_uses(&self) -> Vec<(i64, MediaKind, String)> {
        let mut uses: Vec<(i64, MediaKind, String)> =
            self.image_media_id.map(|id| (id, MediaKind::Image, "image_media_id".to_string())).into_iter().collect();
        for (ci, c) in self.chapters.iter().enumerate() {
            for (li, l) in c.lessons.iter().enumerate() {
                for (mi, m) in l.media.iter().enumerate() {
                    if let Some(id) = m.media_id {
                        uses.push((id, m.kind.needs(), format!("chapters[{ci}].lessons[{li}].media[{mi}]")));
                    }
                }
            }
        }
        uses
    }
}

/// Where a lesson shows a file.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LessonMediaKind {
    File,
    Audio,
    Video,
}

impl LessonMediaKind {
    /// The kind of upload this place takes.
    pub fn needs(self) -> MediaKind {
        match self {
            LessonMediaKind::File => MediaKind::Document,
            LessonMediaKind::Audio => MediaKind::Audio,
            LessonMediaKind::Video => MediaKind::Video,
        }
    }
}

/// A checked lesson file: exactly one of an upload or (videos only) an http(s) address.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct LessonMedia {
    pub kind: LessonMediaKind,
    pub title: String,
    pub media_id: Option<i64>,
    pub url: Option<String>,
}

pub struct ChapterContent {
    pub id: Option<i64>,
    pub title: String,
    pub description: String,
    pub lessons: Vec<LessonContent>,
}

pub struct LessonContent {
    pub id: Option<i64>,
    pub title: String,
    pub description: String,
    pub rule: String,
    pub letters: Vec<String>,
    pub words: Vec<String>,
    pub links: Vec<(String, String)>,
    pub media: Vec<LessonMedia>,
    /// Contraction ids, each known to the course's code (grade 2 courses only).
    pub contractions: Vec<String>,
}

fn grade_one() -> u8 {
    1
}

fn web_address(raw: &str) -> Option<String> {
    let url = raw.trim();
    let ok = (url.starts_with("https://") || url.starts_with("http://"))
        && url.len() <= 2000
        && !url.chars().any(|c| c.is_whitespace() || c.is_control());
    ok.then(|| url.to_string())
}

fn lesson_media(m: &LessonMediaInput, field: &str) -> Result<LessonMedia, InvalidInput> {
    let kind = match m.kind.as_str() {
        "file" => LessonMediaKind::File,
        "audio" => LessonMediaKind::Audio,
        "video" => LessonMediaKind::Video,
        _ => return Err(InvalidInput::invalid(field)),
    };
    let url = match (&m.media_id, &m.url) {
        (Some(_), None) => None,
        (None, Some(u)) if kind == LessonMediaKind::Video => {
            Some(web_address(u).ok_or_else(|| InvalidInput::invalid(field))?)
        }
        _ => return Err(InvalidInput::invalid(field)),
    };
    Ok(LessonMedia { kind, title: text(&m.title, field, 200, true)?, media_id: m.media_id, url })
}

fn text(raw: &str, field: &str, max: usize, required: bool) -> Result<String, InvalidInput> {
    if required {
        required_text(raw, field, max)
    } else {
        optional_text(raw, field, max)
    }
}

fn structure_error(field: String) -> InvalidInput {
    InvalidInput::CourseStructure(field)
}

impl CourseInput {
    pub fn parse(self) -> Result<CourseContent, InvalidInput> {
        let language = match self.language.as_str() {
            "ar" | "en" => self.language.clone(),
            _ => return Err(InvalidInput::invalid("language")),
        };
        let braille_grade = match self.braille_grade {
            1 => braille::Grade::One,
            2 => braille::Grade::Two,
            _ => return Err(InvalidInput::invalid("braille_grade")),
        };
        if !(1..=3650).contains(&self.duration_days) {
            return Err(InvalidInput::invalid("duration_days"));
        }
        // Spec §5: at least one chapter and one lesson, each with a title and a description.
        if self.chapters.is_empty() {
            return Err(structure_error("chapters".into()));
        }
        if self.chapters.iter().all(|c| c.lessons.is_empty()) {
            return Err(structure_error("chapters[0].lessons".into()));
        }
        let code = if language == "ar" { braille::Lang::Arabic } else { braille::Lang::English };
        let mut chapters = Vec::with_capacity(self.chapters.len());
        for (ci, c) in self.chapters.into_iter().enumerate() {
            if c.title.trim().is_empty() {
                return Err(structure_error(format!("chapters[{ci}].title")));
            }
            if c.description.trim().is_empty() {
                return Err(structure_error(format!("chapters[{ci}].description")));
            }
            let mut lessons = Vec::with_capacity(c.lessons.len());
            for (li, l) in c.lessons.into_iter().enumerate() {
                let at = |f: &str| format!("chapters[{ci}].lessons[{li}].{f}");
                if l.title.trim().is_empty() {
                    return Err(structure_error(at("title")));
                }
                if l.description.trim().is_empty() {
                    return Err(structure_error(at("description")));
                }
                let mut letters = Vec::new();
                for letter in &l.letters {
                    let letter = letter.trim();
                    let t = braille::to_braille(letter, code);
                    if letter.is_empty() || letter.chars().count() > 3 || !t.unknown.is_empty() || t.cells.is_empty() {
                        return Err(InvalidInput::invalid(&at("letters")));
                    }
                    letters.push(letter.to_string());
                }
                let words = l
                    .words
                    .iter()
                    .enumerate()
                    .map(|(wi, w)| text(w, &at(&format!("words[{wi}]")), 200, true))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut links = Vec::new();
                for (ki, link) in l.links.iter().enumerate() {
                    let field = at(&format!("links[{ki}]"));
                    let url = web_address(&link.url).ok_or_else(|| InvalidInput::invalid(&format!("{field}.url")))?;
                    links.push((text(&link.title, &format!("{field}.title"), 200, true)?, url));
                }
                if l.media.len() > 50 {
                    return Err(InvalidInput::invalid(&at("media")));
                }
                // Only a contracted course teaches contractions, each once and known to its code.
                let mut contractions: Vec<String> = Vec::new();
                for (ki, id) in l.contractions.iter().enumerate() {
                    let known = braille::contraction(code, id).is_some();
                    if braille_grade == braille::Grade::One || !known || contractions.contains(id) || ki >= 300 {
                        return Err(InvalidInput::invalid(&at(&format!("contractions[{ki}]"))));
                    }
                    contractions.push(id.clone());
                }
                let media = l
                    .media
                    .iter()
                    .enumerate()
                    .map(|(mi, m)| lesson_media(m, &at(&format!("media[{mi}]"))))
                    .collect::<Result<Vec<_>, _>>()?;
                lessons.push(LessonContent {
                    id: l.id,
                    media,
                    title: text(&l.title, &at("title"), 200, true)?,
                    description: text(&l.description, &at("description"), 5000, true)?,
                    rule: text(&l.rule, &at("rule"), 5000, false)?,
                    letters,
                    words,
                    links,
                    contractions,
                });
            }
            chapters.push(ChapterContent {
                id: c.id,
                title: text(&c.title, &format!("chapters[{ci}].title"), 200, true)?,
                description: text(&c.description, &format!("chapters[{ci}].description"), 5000, true)?,
                lessons,
            });
        }
        Ok(CourseContent {
            title: text(&self.title, "title", 200, true)?,
            course_type: text(&self.course_type, "type", 100, true)?,
            duration_days: self.duration_days,
            description: text(&self.description, "description", 5000, true)?,
            category: CourseCategory::parse(&self.category)?,
            level: CourseLevel::parse(&self.level)?,
            language,
            braille_grade,
            chapters,
            image_media_id: self.image_media_id,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{CourseAction::*, CourseStatus::*};

    #[test]
    fn categories_and_levels_are_codes() {
        use super::{CourseCategory, CourseLevel};
        for c in CourseCategory::ALL {
            assert_eq!(CourseCategory::parse(c.as_str()).unwrap(), *c);
        }
        assert_eq!(CourseLevel::parse(" beginner ").unwrap(), CourseLevel::Beginner);
        assert_eq!(CourseCategory::parse("Letters").unwrap_err().field(), "category");
        assert_eq!(CourseCategory::parse("الحروف").unwrap_err().field(), "category");
        assert_eq!(CourseLevel::parse("").unwrap_err(), super::InvalidInput::required("level"));
        assert_eq!(CourseLevel::parse("expert").unwrap_err(), super::InvalidInput::invalid("level"));
    }

    #[test]
    fn transitions() {
        assert_eq!(Draft.apply(SendForAccreditation).unwrap(), Pending);
        assert_eq!(Pending.apply(Accredit).unwrap(), Active);
        assert_eq!(Pending.apply(RejectAccreditation).unwrap(), Rejected);
        assert_eq!(Rejected.apply(SendForAccreditation).unwrap(), Pending);
        assert_eq!(Active.apply(RequestStop).unwrap(), StopPending);
        assert_eq!(StopPending.apply(ApproveStop).unwrap(), Inactive);
        assert_eq!(StopPending.apply(RejectStop).unwrap(), Active);
        for (from, action) in
            [(Draft, Accredit), (Active, Edit), (Inactive, RequestStop), (Pending, SendForAccreditation)]
        {
            assert_eq!(from.apply(action).unwrap_err().from, from);
        }
    }
}
