//! A news item (issue 15): title and Markdown body in Arabic and English, an optional image
//! whose alt text is required in both languages, an optional link, a slug and a state.
//! Bodies become HTML here, on the server, through a Markdown parser and a sanitiser, so
//! nothing a supervisor types can run in a visitor's browser.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{optional_text, required_text, InvalidInput};

pub const TITLE_MAX: usize = 200;
pub const BODY_MAX: usize = 20_000;
pub const ALT_MAX: usize = 300;
pub const LINK_MAX: usize = 500;
pub const SLUG_MAX: usize = 80;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NewsState {
    Draft,
    /// Public from `publish_at` on.
    Scheduled,
    Published,
}

impl NewsState {
    pub fn as_str(self) -> &'static str {
        match self {
            NewsState::Draft => "draft",
            NewsState::Scheduled => "scheduled",
            NewsState::Published => "published",
        }
    }

    pub fn parse(raw: &str) -> Option<NewsState> {
        match raw {
            "draft" => Some(NewsState::Draft),
            "scheduled" => Some(NewsState::Scheduled),
            "published" => Some(NewsState::Published),
            _ => None,
        }
    }
}

/// What a supervisor sends to create or replace an item.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct NewsInput {
    /// `[a-z0-9-]`, 1–80; made from the English title when empty.
    pub slug: Option<String>,
    pub title_ar: String,
    pub title_en: String,
    /// Markdown.
    pub body_md_ar: String,
    pub body_md_en: String,
    /// An uploaded image (`POST /api/media?kind=image`).
    pub image_media_id: Option<i64>,
    /// Required with an image.
    pub image_alt_ar: Option<String>,
    pub image_alt_en: Option<String>,
    /// An http(s) URL.
    pub link: Option<String>,
    /// `draft`, `scheduled` or `published`.
    pub state: String,
    /// RFC 3339; required when scheduled.
    pub publish_at: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewsImage {
    pub media_id: i64,
    pub alt_ar: String,
    pub alt_en: String,
}

/// A parsed item.
#[derive(Clone, Debug)]
pub struct NewsContent {
    pub slug: String,
    pub title_ar: String,
    pub title_en: String,
    pub body_md_ar: String,
    pub body_md_en: String,
    pub image: Option<NewsImage>,
    pub link: Option<String>,
    pub state: NewsState,
    /// Set only when scheduled.
    pub scheduled_at: Option<i64>,
}

impl NewsContent {
    /// When it becomes public, for an item saved at `now`: a draft never, a published one now.
    pub fn publish_at(&self, now: i64) -> Option<i64> {
        match self.state {
            NewsState::Draft => None,
            NewsState::Scheduled => self.scheduled_at,
            NewsState::Published => Some(now),
        }
    }
}

impl NewsInput {
    pub fn parse(self) -> Result<NewsContent, InvalidInput> {
        let title_ar = required_text(&self.title_ar, "title_ar", TITLE_MAX)?;
        let title_en = required_text(&self.title_en, "title_en", TITLE_MAX)?;
        let body_md_ar = required_text(&self.body_md_ar, "body_md_ar", BODY_MAX)?;
        let body_md_en = required_text(&self.body_md_en, "body_md_en", BODY_MAX)?;
        let slug = match self.slug.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) => parse_slug(s).ok_or_else(|| InvalidInput::invalid("slug"))?,
            None => slugify(&title_en).ok_or_else(|| InvalidInput::required("slug"))?,
        };
        let image = match self.image_media_id {
            None => None,
            Some(media_id) => {
                let alt =
                    |raw: &Option<String>, field: &str| required_text(raw.as_deref().unwrap_or(""), field, ALT_MAX);
                Some(NewsImage {
                    media_id,
                    alt_ar: alt(&self.image_alt_ar, "image_alt_ar")?,
                    alt_en: alt(&self.image_alt_en, "image_alt_en")?,
                })
            }
        };
        let link = optional_text(self.link.as_deref().unwrap_or(""), "link", LINK_MAX)?;
        let link = if link.is_empty() {
            None
        } else if is_web_url(&link) {
            Some(link)
        } else {
            return Err(InvalidInput::invalid("link"));
        };
        let state = NewsState::parse(self.state.trim()).ok_or_else(|| InvalidInput::invalid("state"))?;
        let scheduled_at = match state {
            NewsState::Scheduled => {
                let raw = self.publish_at.as_deref().map(str::trim).filter(|s| !s.is_empty());
                let raw = raw.ok_or_else(|| InvalidInput::required("publish_at"))?;
                Some(parse_time(raw).ok_or_else(|| InvalidInput::invalid("publish_at"))?)
            }
            _ => None,
        };
        Ok(NewsContent { slug, title_ar, title_en, body_md_ar, body_md_en, image, link, state, scheduled_at })
    }
}

fn is_web_url(s: &str) -> bool {
    let rest = s.strip_prefix("https://").or_else(|| s.strip_prefix("http://"));
    rest.is_some_and(|r| {
        !r.is_empty() && !r.starts_with('/') && !r.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

/// An RFC 3339 time as epoch milliseconds.
pub fn parse_time(raw: &str) -> Option<i64> {
    let t = time::OffsetDateTime::parse(raw, &time::format_description::well_known::Rfc3339).ok()?;
    Some((t.unix_timestamp_nanos() / 1_000_000) as i64)
}

fn parse_slug(s: &str) -> Option<String> {
    let ok = s.len() <= SLUG_MAX
        && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        && !s.starts_with('-')
        && !s.ends_with('-');
    ok.then(|| s.to_string())
}

/// `"New course: Braille A–J!"` → `new-course-braille-a-j`.
pub fn slugify(title: &str) -> Option<String> {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out: String = out.trim_end_matches('-').chars().take(SLUG_MAX).collect();
    let out = out.trim_end_matches('-').to_string();
    (!out.is_empty()).then_some(out)
}

/// Markdown to HTML that is safe to insert into a page: raw HTML in the source is shown as
/// text, and the result keeps only harmless tags; links open with `rel="noopener noreferrer
/// nofollow"` and only http(s) and mailto links survive.
pub fn render_markdown(md: &str) -> String {
    use pulldown_cmark::{html, Event, Options, Parser};
    let parser = Parser::new_ext(md, Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES)
        // Raw HTML becomes text: a `<script>` in a body is shown, never run.
        .map(|e| match e {
            Event::Html(t) | Event::InlineHtml(t) => Event::Text(t),
            e => e,
        });
    let mut unsafe_html = String::new();
    html::push_html(&mut unsafe_html, parser);
    ammonia::Builder::default()
        .url_schemes(["http", "https", "mailto"].into_iter().collect())
        .link_rel(Some("noopener noreferrer nofollow"))
        .rm_tags(["img"])
        .clean(&unsafe_html)
        .to_string()
}

/// How long a news item's summary in a list is, in characters.
pub const NEWS_SUMMARY_CHARS: usize = 200;

/// The first `max` characters of an item's text, for lists: the Markdown's words without its
/// marks, blocks joined by a space, runs of white space as one, cut with `…`. Computed here
/// once, so the news list the server fills in and the one the app renders say the same.
pub fn summarize_markdown(md: &str, max: usize) -> String {
    use pulldown_cmark::{Event, Options, Parser, TagEnd};
    let mut text = String::new();
    for event in Parser::new_ext(md, Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TABLES) {
        match event {
            Event::Text(t) | Event::Code(t) | Event::Html(t) | Event::InlineHtml(t) => text.push_str(&t),
            // The end of a mark inside a line joins, as in the page ("a *b*." reads "a b.").
            Event::End(TagEnd::Emphasis | TagEnd::Strong | TagEnd::Strikethrough | TagEnd::Link | TagEnd::Image) => {}
            Event::SoftBreak | Event::HardBreak | Event::Rule | Event::End(_) => text.push(' '),
            _ => {}
        }
    }
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        return flat;
    }
    let cut: String = flat.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_summary_is_the_text_without_marks_cut_at_a_length() {
        assert_eq!(
            summarize_markdown("# Title\n\nSome *bold*   `code`\nand [a link](https://e.org).", 200),
            "Title Some bold code and a link."
        );
        assert_eq!(summarize_markdown("- one\n- two", 200), "one two");
        let long = "كلمة ".repeat(100);
        let cut = summarize_markdown(&long, 20);
        assert_eq!(cut.chars().count(), 20);
        assert!(cut.ends_with("كلمة…") || cut.ends_with('…'));
        assert_eq!(summarize_markdown("<b>raw</b> text", 200), "<b>raw</b> text");
    }

    #[test]
    fn markdown_is_rendered_and_scripts_are_inert() {
        let html = render_markdown("# Title\n\n*a* [x](https://e.org) <script>alert(1)</script>\n\n- one\n- two");
        assert!(html.contains("<h1>Title</h1>"), "{html}");
        assert!(html.contains("<em>a</em>"));
        assert!(html.contains(r#"rel="noopener noreferrer nofollow""#));
        assert!(html.contains("<li>one</li>"));
        assert!(!html.contains("<script"), "{html}");
        let html = render_markdown("[x](javascript:alert(1)) <img src=x onerror=alert(1)>");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(!html.contains("<img"), "{html}");
    }

    #[test]
    fn slugs() {
        assert_eq!(slugify("New course: Braille A–J!").as_deref(), Some("new-course-braille-a-j"));
        assert_eq!(slugify("مرحبا"), None);
        assert!(parse_slug("ok-1").is_some());
        assert!(parse_slug("Bad slug").is_none());
    }
}
