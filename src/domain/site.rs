//! The society's own details (issue 23): its name, contact e-mail and phone, postal address,
//! social links, the powered-by logos and the credit line, set by supervisors in the admin site
//! and shown on the public pages, in e-mails and on certificates. Every field may be left
//! unset (empty): the pages then show only what is set, and the society's name falls back to
//! "لمسة · Lamsa".

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{optional_text, Email, InvalidInput};

pub const NAME_MAX: usize = 200;
pub const PHONE_MAX: usize = 40;
pub const ADDRESS_MAX: usize = 500;
pub const URL_MAX: usize = 500;
pub const CREDIT_MAX: usize = 300;
pub const ALT_MAX: usize = 300;
/// The footer has room for this many logos.
pub const LOGOS_MAX: usize = 6;

/// The social networks a link may be given for, in the order the footer shows them.
pub const SOCIAL: [&str; 4] = ["x", "facebook", "youtube", "instagram"];

/// What a supervisor sends: the whole set of settings at once. An empty or missing text unsets
/// its field.
#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct SiteSettingsInput {
    pub society_name_ar: Option<String>,
    pub society_name_en: Option<String>,
    pub contact_email: Option<String>,
    /// Digits, spaces and `+ ( ) - .`, with at least 5 digits.
    pub contact_phone: Option<String>,
    pub address_ar: Option<String>,
    pub address_en: Option<String>,
    /// `https://` addresses.
    pub social_x: Option<String>,
    pub social_facebook: Option<String>,
    pub social_youtube: Option<String>,
    pub social_instagram: Option<String>,
    /// Uploaded images (`POST /api/media?kind=image`), each with alt text in both languages; at most 6.
    pub logos: Vec<LogoInput>,
    pub credit_ar: Option<String>,
    pub credit_en: Option<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default)]
pub struct LogoInput {
    pub media_id: i64,
    pub alt_ar: String,
    pub alt_en: String,
}

/// One powered-by logo, as stored (a JSON array in `site_settings.logos`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Logo {
    pub media_id: i64,
    pub alt_ar: String,
    pub alt_en: String,
}

/// Parsed settings: every text trimmed and checked, `None` when unset.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SiteSettings {
    pub society_name_ar: Option<String>,
    pub society_name_en: Option<String>,
    pub contact_email: Option<String>,
    pub contact_phone: Option<String>,
    pub address_ar: Option<String>,
    pub address_en: Option<String>,
    pub social_x: Option<String>,
    pub social_facebook: Option<String>,
    pub social_youtube: Option<String>,
    pub social_instagram: Option<String>,
    pub logos: Vec<Logo>,
    pub credit_ar: Option<String>,
    pub credit_en: Option<String>,
}

fn text(raw: &Option<String>, field: &str, max: usize) -> Result<Option<String>, InvalidInput> {
    let t = optional_text(raw.as_deref().unwrap_or(""), field, max)?;
    Ok((!t.is_empty()).then_some(t))
}

/// An `https://` address with a host and no spaces; anything else (http, javascript:, a bare
/// name) is refused with `https_required`.
fn https_url(raw: &Option<String>, field: &str) -> Result<Option<String>, InvalidInput> {
    let Some(url) = text(raw, field, URL_MAX)? else { return Ok(None) };
    let rest = url.get(..8).filter(|s| s.eq_ignore_ascii_case("https://")).map(|_| &url[8..]);
    let host = rest.map(|r| r.split(['/', '?', '#']).next().unwrap_or_default());
    let good = host.is_some_and(|h| h.contains('.') && !h.starts_with('.') && !h.contains('@'))
        && !url.chars().any(|c| c.is_whitespace() || c == '"' || c == '<' || c == '>');
    if !good {
        return Err(InvalidInput::HttpsUrl(field.to_string()));
    }
    Ok(Some(url))
}

fn phone(raw: &Option<String>, field: &str) -> Result<Option<String>, InvalidInput> {
    let Some(p) = text(raw, field, PHONE_MAX)? else { return Ok(None) };
    let allowed = p.chars().all(|c| c.is_ascii_digit() || " +()-.".contains(c));
    if !allowed || p.chars().filter(char::is_ascii_digit).count() < 5 {
        return Err(InvalidInput::Phone(field.to_string()));
    }
    Ok(Some(p))
}

impl SiteSettingsInput {
    pub fn parse(self) -> Result<SiteSettings, InvalidInput> {
        let contact_email = match text(&self.contact_email, "contact_email", 254)? {
            None => None,
            Some(raw) => Some(
                Email::parse(&raw)
                    .map_err(|_| InvalidInput::EmailAt("contact_email".to_string()))?
                    .as_str()
                    .to_string(),
            ),
        };
        if self.logos.len() > LOGOS_MAX {
            return Err(InvalidInput::TooMany { field: "logos".to_string(), max: LOGOS_MAX });
        }
        let mut logos = Vec::with_capacity(self.logos.len());
        for (i, l) in self.logos.iter().enumerate() {
            let alt = |raw: &str, lang: &str| {
                let field = format!("logos[{i}].alt_{lang}");
                let t = optional_text(raw, &field, ALT_MAX)?;
                if t.is_empty() {
                    return Err(InvalidInput::Required(field));
                }
                Ok(t)
            };
            logos.push(Logo { media_id: l.media_id, alt_ar: alt(&l.alt_ar, "ar")?, alt_en: alt(&l.alt_en, "en")? });
        }
        Ok(SiteSettings {
            society_name_ar: text(&self.society_name_ar, "society_name_ar", NAME_MAX)?,
            society_name_en: text(&self.society_name_en, "society_name_en", NAME_MAX)?,
            contact_email,
            contact_phone: phone(&self.contact_phone, "contact_phone")?,
            address_ar: text(&self.address_ar, "address_ar", ADDRESS_MAX)?,
            address_en: text(&self.address_en, "address_en", ADDRESS_MAX)?,
            social_x: https_url(&self.social_x, "social_x")?,
            social_facebook: https_url(&self.social_facebook, "social_facebook")?,
            social_youtube: https_url(&self.social_youtube, "social_youtube")?,
            social_instagram: https_url(&self.social_instagram, "social_instagram")?,
            logos,
            credit_ar: text(&self.credit_ar, "credit_ar", CREDIT_MAX)?,
            credit_en: text(&self.credit_en, "credit_en", CREDIT_MAX)?,
        })
    }
}

impl SiteSettings {
    /// The society's name in Arabic and in English, "لمسة" and "Lamsa" where unset.
    pub fn society_names(&self) -> (&str, &str) {
        (self.society_name_ar.as_deref().unwrap_or("لمسة"), self.society_name_en.as_deref().unwrap_or("Lamsa"))
    }

    /// The fields still unset, by their names in the API (the admin overview lists them).
    pub fn unset(&self) -> Vec<&'static str> {
        let fields: [(&'static str, bool); 10] = [
            ("society_name_ar", self.society_name_ar.is_some()),
            ("society_name_en", self.society_name_en.is_some()),
            ("contact_email", self.contact_email.is_some()),
            ("contact_phone", self.contact_phone.is_some()),
            ("address_ar", self.address_ar.is_some()),
            ("address_en", self.address_en.is_some()),
            (
                "social",
                self.social_x.is_some()
                    || self.social_facebook.is_some()
                    || self.social_youtube.is_some()
                    || self.social_instagram.is_some(),
            ),
            ("logos", !self.logos.is_empty()),
            ("credit_ar", self.credit_ar.is_some()),
            ("credit_en", self.credit_en.is_some()),
        ];
        fields.into_iter().filter(|(_, set)| !set).map(|(name, _)| name).collect()
    }

    /// The social links that are set, as (network, address), in [`SOCIAL`]'s order.
    pub fn social(&self) -> Vec<(&'static str, &str)> {
        let links = [&self.social_x, &self.social_facebook, &self.social_youtube, &self.social_instagram];
        SOCIAL.into_iter().zip(links).filter_map(|(name, url)| url.as_deref().map(|u| (name, u))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> SiteSettingsInput {
        SiteSettingsInput {
            society_name_ar: Some(" جمعية المثال ".into()),
            contact_email: Some("Info@Example.org".into()),
            contact_phone: Some("+966 11 000 0000".into()),
            social_x: Some("https://x.com/example".into()),
            ..Default::default()
        }
    }

    #[test]
    fn good_settings_parse_trimmed_and_empty_ones_are_unset() {
        let s = SiteSettingsInput { society_name_en: Some("  ".into()), ..input() }.parse().unwrap();
        assert_eq!(s.society_name_ar.as_deref(), Some("جمعية المثال"));
        assert_eq!(s.society_name_en, None);
        assert_eq!(s.contact_email.as_deref(), Some("info@example.org"));
        assert_eq!(s.social(), vec![("x", "https://x.com/example")]);
        assert_eq!(s.society_names(), ("جمعية المثال", "Lamsa"));
        assert!(s.unset().contains(&"society_name_en") && !s.unset().contains(&"social"));
    }

    #[test]
    fn bad_input_names_its_field() {
        let bad = |i: SiteSettingsInput| i.parse().unwrap_err();
        assert_eq!(bad(SiteSettingsInput { contact_email: Some("nope".into()), ..input() }).field(), "contact_email");
        for url in ["http://x.com/a", "javascript:alert(1)", "https://", "https://x .com", "x.com/a"] {
            let e = bad(SiteSettingsInput { social_youtube: Some(url.into()), ..input() });
            assert_eq!(e, InvalidInput::HttpsUrl("social_youtube".into()), "{url}");
        }
        assert_eq!(
            bad(SiteSettingsInput { contact_phone: Some("call me".into()), ..input() }).field(),
            "contact_phone"
        );
        let long = "ا".repeat(NAME_MAX + 1);
        assert_eq!(
            bad(SiteSettingsInput { society_name_ar: Some(long), ..input() }),
            InvalidInput::too_long("society_name_ar", NAME_MAX)
        );
        let logo = LogoInput { media_id: 1, alt_ar: "شعار".into(), alt_en: " ".into() };
        assert_eq!(bad(SiteSettingsInput { logos: vec![logo], ..input() }).field(), "logos[0].alt_en");
    }
}
