use serde::{Deserialize, Serialize};

use crate::{error::ApiError, i18n::Msg};

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
}

/// A person's full name: 1–100 characters after trimming, no control characters.
#[derive(Clone, Debug)]
pub struct PersonName(String);

impl PersonName {
    pub fn parse(raw: &str) -> Result<PersonName, ApiError> {
        let s = raw.trim();
        let n = s.chars().count();
        if n == 0 || n > 100 || s.chars().any(char::is_control) {
            return Err(ApiError::bad_request("invalid_name", Msg::InvalidName).on_field("name"));
        }
        Ok(PersonName(s.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Required free text (a note, a question, a title…): trimmed, 1 to `max` characters.
pub fn required_text(raw: &str, field: &str, max: usize) -> Result<String, ApiError> {
    let t = raw.trim();
    if t.is_empty() {
        return Err(ApiError::field_required(field));
    }
    if t.chars().count() > max {
        return Err(ApiError::bad_request("field_too_long", Msg::FieldTooLong(field.into(), max)).on_field(field));
    }
    Ok(t.to_string())
}

/// Optional free text of a profile field, trimmed; empty means "not given".
pub struct ProfileText;

impl ProfileText {
    pub fn parse(raw: Option<&str>, field: &str, max: usize) -> Result<Option<String>, ApiError> {
        let Some(s) = raw.map(str::trim).filter(|s| !s.is_empty()) else { return Ok(None) };
        if s.chars().count() > max {
            return Err(ApiError::bad_request("field_too_long", Msg::FieldTooLong(field.into(), max)).on_field(field));
        }
        // Newlines are fine in a bio; other control characters are not text.
        if s.chars().any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t') {
            return Err(ApiError::field_invalid(field));
        }
        Ok(Some(s.to_string()))
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
    pub fn parse(raw: &str, today: (i32, u8, u8)) -> Result<BirthDate, ApiError> {
        let bad = || ApiError::field_invalid("birth_date");
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
    fn names() {
        assert_eq!(PersonName::parse("  سارة أحمد ").unwrap().as_str(), "سارة أحمد");
        assert!(PersonName::parse("   ").is_err());
        assert!(PersonName::parse(&"a".repeat(101)).is_err());
    }
}
