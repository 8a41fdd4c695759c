use serde::{Deserialize, Deserializer, Serialize};

use super::InvalidInput;

/// The three kinds of account (spec §6). Supervisors cannot register themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum UserType {
    Student,
    Instructor,
    Supervisor,
}

impl UserType {
    pub fn as_str(self) -> &'static str {
        match self {
            UserType::Student => "student",
            UserType::Instructor => "instructor",
            UserType::Supervisor => "supervisor",
        }
    }

    pub fn parse(raw: &str) -> Option<UserType> {
        match raw {
            "student" => Some(UserType::Student),
            "instructor" => Some(UserType::Instructor),
            "supervisor" => Some(UserType::Supervisor),
            _ => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Gender {
    Male,
    Female,
}

impl Gender {
    pub fn as_str(self) -> &'static str {
        match self {
            Gender::Male => "male",
            Gender::Female => "female",
        }
    }

    pub fn parse(raw: &str) -> Option<Gender> {
        match raw {
            "male" => Some(Gender::Male),
            "female" => Some(Gender::Female),
            _ => None,
        }
    }
}

/// Visual condition, which the platform uses to suggest a starting point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum VisionType {
    Blind,
    LowVision,
    Sighted,
}

impl VisionType {
    pub fn as_str(self) -> &'static str {
        match self {
            VisionType::Blind => "blind",
            VisionType::LowVision => "low_vision",
            VisionType::Sighted => "sighted",
        }
    }

    pub fn parse(raw: &str) -> Option<VisionType> {
        match raw {
            "blind" => Some(VisionType::Blind),
            "low_vision" => Some(VisionType::LowVision),
            "sighted" => Some(VisionType::Sighted),
            _ => None,
        }
    }
}

/// A person's full name: 1–100 characters after trimming, on one line.
#[derive(Clone, Debug)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<PersonName, InvalidInput> {
        refuse_control_characters(raw, "name")?;
        let s = raw.trim();
        let n = s.chars().count();
        if n == 0 || n > 100 || s.chars().any(char::is_control) {
            return Err(InvalidInput::Name);
        }
        Ok(PersonName(s.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The first control character of `raw` that text may not hold: every C0 and C1 control
/// character and DEL, except a tab, a line feed and a carriage return before a line feed.
/// (PostgreSQL cannot store NUL in text at all; the others are never typed, and would reach
/// other people's screens, mail headers and Braille displays.) Format characters such as the
/// right-to-left mark are text, and pass.
pub fn first_control_character(raw: &str) -> Option<char> {
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        let allowed = match c {
            '\n' | '\t' => true,
            '\r' => chars.peek() == Some(&'\n'),
            c => !c.is_control(),
        };
        if !allowed {
            return Some(c);
        }
    }
    None
}

/// Refuses text holding a control character other than a tab or a line break.
pub fn refuse_control_characters(raw: &str, field: &str) -> Result<(), InvalidInput> {
    match first_control_character(raw) {
        Some(_) => Err(InvalidInput::control_characters(field)),
        None => Ok(()),
    }
}

/// Required free text (a note, a question, a title…): trimmed, 1 to `max` characters.
pub fn required_text(raw: &str, field: &str, max: usize) -> Result<String, InvalidInput> {
    let t = optional_text(raw, field, max)?;
    if t.is_empty() {
        return Err(InvalidInput::required(field));
    }
    Ok(t)
}

/// Optional free text (a lesson's rule, a question's prompt): trimmed, at most `max` characters.
pub fn optional_text(raw: &str, field: &str, max: usize) -> Result<String, InvalidInput> {
    refuse_control_characters(raw, field)?;
    let t = raw.trim();
    if t.chars().count() > max {
        return Err(InvalidInput::too_long(field, max));
    }
    Ok(t.to_string())
}

/// Optional free text of a profile field, trimmed; empty means "not given".
pub struct ProfileText;

impl ProfileText {
    pub fn parse(raw: Option<&str>, field: &str, max: usize) -> Result<Option<String>, InvalidInput> {
        if let Some(raw) = raw {
            // Newlines are fine in a bio; other control characters are not text.
            refuse_control_characters(raw, field)?;
        }
        let Some(s) = raw.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(None) };
        if s.chars().count() > max {
            return Err(InvalidInput::too_long(field, max));
        }
        Ok(Some(s.to_string()))
    }
}

/// The editable profile fields (spec §3), already parsed. An account's row holds them as they
/// are (`store::users::UserRow`).
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct ProfileFields {
    pub phone: Option<String>,
    pub gender: Option<String>,
    pub country: Option<String>,
    pub job_title: Option<String>,
    pub vision_type: Option<String>,
    pub birth_date: Option<String>,
    pub bio: Option<String>,
    pub education_type: Option<String>,
    pub level: Option<String>,
}

/// The optional profile fields as sent by a client, before parsing.
#[derive(Default)]
pub struct ProfileInput {
    pub phone: Option<String>,
    pub gender: Option<Gender>,
    pub country: Option<String>,
    pub job_title: Option<String>,
    pub vision_type: Option<VisionType>,
    pub birth_date: Option<String>,
    pub bio: Option<String>,
    pub education_type: Option<String>,
    pub level: Option<String>,
}

impl ProfileInput {
    /// Stored fields, in the shape a patch applies to.
    pub fn stored(p: &ProfileFields) -> ProfileInput {
        ProfileInput {
            phone: p.phone.clone(),
            gender: p.gender.as_deref().and_then(Gender::parse),
            country: p.country.clone(),
            job_title: p.job_title.clone(),
            vision_type: p.vision_type.as_deref().and_then(VisionType::parse),
            birth_date: p.birth_date.clone(),
            bio: p.bio.clone(),
            education_type: p.education_type.clone(),
            level: p.level.clone(),
        }
    }

    pub fn parse(self, today: (i32, u8, u8)) -> Result<ProfileFields, InvalidInput> {
        let phone = ProfileText::parse(self.phone.as_deref(), "phone", 30)?;
        if let Some(p) = &phone {
            let ok = p.chars().all(|c| c.is_ascii_digit() || "+-() ".contains(c) || ('٠'..='٩').contains(&c))
                && p.chars().filter(|c| c.is_numeric()).count() >= 5;
            if !ok {
                return Err(InvalidInput::invalid("phone"));
            }
        }
        let birth_date = match self.birth_date.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(d) => Some(BirthDate::parse(d, today)?.to_iso()),
            None => None,
        };
        Ok(ProfileFields {
            phone,
            gender: self.gender.map(|g| g.as_str().to_string()),
            country: ProfileText::parse(self.country.as_deref(), "country", 100)?,
            job_title: ProfileText::parse(self.job_title.as_deref(), "job_title", 100)?,
            vision_type: self.vision_type.map(|v| v.as_str().to_string()),
            birth_date,
            bio: ProfileText::parse(self.bio.as_deref(), "bio", 2000)?,
            education_type: ProfileText::parse(self.education_type.as_deref(), "education_type", 100)?,
            level: ProfileText::parse(self.level.as_deref(), "level", 100)?,
        })
    }
}

/// Absent: keep the stored value. `null`: clear it. A value: replace it.
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// A change to the signed-in user's profile (`PATCH /api/profile`).
#[derive(Deserialize, utoipa::ToSchema, Default)]
pub struct ProfilePatch {
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub name: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub phone: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<Gender>)]
    pub gender: Option<Option<Gender>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub country: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub job_title: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<VisionType>)]
    pub vision_type: Option<Option<VisionType>>,
    /// `YYYY-MM-DD`.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub birth_date: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub bio: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub education_type: Option<Option<String>>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    pub level: Option<Option<String>>,
}

impl ProfilePatch {
    /// The name and profile after the patch; `name` and `stored` are the current ones.
    pub fn apply(
        self,
        name: &str,
        stored: ProfileInput,
        today: (i32, u8, u8),
    ) -> Result<(PersonName, ProfileFields), InvalidInput> {
        let name = match self.name {
            Some(Some(n)) => PersonName::parse(&n)?,
            Some(None) => return Err(InvalidInput::required("name")),
            None => PersonName(name.to_string()),
        };
        let fields = ProfileInput {
            phone: self.phone.unwrap_or(stored.phone),
            gender: self.gender.unwrap_or(stored.gender),
            country: self.country.unwrap_or(stored.country),
            job_title: self.job_title.unwrap_or(stored.job_title),
            vision_type: self.vision_type.unwrap_or(stored.vision_type),
            birth_date: self.birth_date.unwrap_or(stored.birth_date),
            bio: self.bio.unwrap_or(stored.bio),
            education_type: self.education_type.unwrap_or(stored.education_type),
            level: self.level.unwrap_or(stored.level),
        }
        .parse(today)?;
        Ok((name, fields))
    }
}

/// A date of birth, `YYYY-MM-DD`, a real calendar date in the past and after 1900.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BirthDate {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

impl BirthDate {
    pub fn parse(raw: &str, today: (i32, u8, u8)) -> Result<BirthDate, InvalidInput> {
        let bad = || InvalidInput::invalid("birth_date");
        let mut parts = raw.trim().split('-');
        let (Some(y), Some(m), Some(d), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        if y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return Err(bad());
        }
        let year: i32 = y.parse().map_err(|_| bad())?;
        let month: u8 = m.parse().map_err(|_| bad())?;
        let day: u8 = d.parse().map_err(|_| bad())?;
        let month_enum = time::Month::try_from(month).map_err(|_| bad())?;
        if year < 1900 || day == 0 || day > month_enum.length(year) {
            return Err(bad());
        }
        let date = BirthDate { year, month, day };
        if (year, month, day) > today {
            return Err(bad());
        }
        Ok(date)
    }

    pub fn age_on(&self, today: (i32, u8, u8)) -> i64 {
        let mut age = (today.0 - self.year) as i64;
        if (today.1, today.2) < (self.month, self.day) {
            age -= 1;
        }
        age
    }

    pub fn to_iso(self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn birth_dates() {
        let today = (2026, 11, 22);
        let d = BirthDate::parse("2000-02-29", today).unwrap();
        assert_eq!(d.age_on(today), 26);
        assert_eq!(BirthDate::parse("2000-11-23", today).unwrap().age_on(today), 25);
        for bad in ["2001-02-29", "1899-01-01", "2030-01-01", "2000-13-01", "20-01-01", "x", "2000-01-01-01"] {
            assert!(BirthDate::parse(bad, today).is_err(), "{bad}");
        }
    }

    #[test]
    fn control_characters_are_refused_but_line_breaks_tabs_and_marks_pass() {
        for ok in ["سطر\nسطر", "a\tb", "a\r\nb", "\u{200f}مرحبا", "Braille ⠃⠗"] {
            assert_eq!(required_text(ok, "text", 100).map(|_| ()), Ok(()), "{ok:?}");
        }
        for bad in ["a\0b", "\u{1}", "a\rb", "x\u{7f}", "x\u{85}", "\u{1b}[31m", "\u{b}"] {
            assert_eq!(required_text(bad, "text", 100), Err(InvalidInput::control_characters("text")), "{bad:?}");
            assert_eq!(optional_text(bad, "rule", 100), Err(InvalidInput::control_characters("rule")));
            assert_eq!(
                ProfileText::parse(Some(bad), "bio", 100).map(|_| ()),
                Err(InvalidInput::control_characters("bio"))
            );
        }
        assert_eq!(PersonName::parse("Sara\0").map(|_| ()), Err(InvalidInput::control_characters("name")));
        // Surrounding blanks are trimmed; a control character among them is still refused.
        assert!(required_text(" \0 ", "text", 10).is_err());
    }

    #[test]
    fn names() {
        assert_eq!(PersonName::parse("  سارة أحمد ").unwrap().as_str(), "سارة أحمد");
        assert!(PersonName::parse("   ").is_err());
        assert!(PersonName::parse(&"a".repeat(101)).is_err());
    }
}
