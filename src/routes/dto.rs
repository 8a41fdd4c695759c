//! Wire types that several route areas answer with. Each area's own request and response
//! types are in its module (`courses/dto.rs`, `assessments/dto.rs`…); the shapes live events
//! carry too are in `crate::events`.

use braille::{Cell, Lang as Code};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    domain::assessment_grading::{GradeBand, ProgressState},
    services::progress::StudentProgress,
};

/// A plain acknowledgement, in the request's language.
#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// Where an avatar file is served (`startup` mounts the folder).
pub fn avatar_url(file: &str) -> String {
    format!("/media/avatars/{file}")
}

#[derive(Serialize, ToSchema)]
pub struct CellInfo {
    /// The cell as a Unicode Braille character.
    pub unicode: String,
    /// Raised dots, e.g. [1, 2, 5]; empty for a blank cell.
    pub dots: Vec<u8>,
    /// What the cell means on its own in the code, e.g. "h" (for screen-reader names).
    #[schema(required)]
    pub meaning: Option<String>,
}

pub fn cell_info(cell: Cell, code: Code) -> CellInfo {
    CellInfo {
        unicode: cell.to_unicode().to_string(),
        dots: cell.dots().collect(),
        meaning: braille::describe_cell(cell, code).map(str::to_string),
    }
}

/// A student's progress in a course (spec §4). With assessments: `completed` once every
/// assessment of the course is passed; `not_finished` once the final assessment has been
/// submitted and not passed (`can_retry_final` says whether it may be tried again);
/// `in_progress` once a lesson is done or an attempt started; else `not_started`. Without
/// assessments, the lessons decide: `completed` when every lesson is done.
#[derive(Serialize, ToSchema, Clone)]
pub struct Progress {
    pub state: ProgressState,
    pub lessons_done: i64,
    pub lessons_total: i64,
    pub assessments_passed: i64,
    pub assessments_total: i64,
    /// The final assessment's best percentage (floored to one decimal); without a final, the
    /// points of every assessment's best attempt over their maximum. Null before any submission.
    #[schema(required)]
    pub percent: Option<f64>,
    /// The grade band of `percent` once the course is completed (spec §9).
    #[schema(required)]
    pub grade: Option<GradeBand>,
    /// `not_finished` and the final assessment may be tried again.
    pub can_retry_final: bool,
}

impl From<&StudentProgress> for Progress {
    fn from(s: &StudentProgress) -> Progress {
        let p = &s.progress;
        Progress {
            state: p.state,
            lessons_done: s.lessons_done,
            lessons_total: s.lessons_total,
            assessments_passed: p.assessments_passed,
            assessments_total: p.assessments_total,
            percent: p.percent,
            grade: p.grade,
            can_retry_final: p.can_retry_final,
        }
    }
}

/// `?page=&per_page=` of a paginated list: pages from 1, 25 rows by default, at most 100.
#[derive(serde::Deserialize, utoipa::IntoParams, Default)]
pub struct Paging {
    #[param(minimum = 1, maximum = 100000)]
    pub page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<i64>,
}

/// A `limit` query parameter: `default` when absent, refused outside 1..=`max` (the range the
/// document gives) rather than quietly clamped.
pub fn limit(raw: Option<i64>, default: i64, max: i64) -> Result<i64, crate::error::ApiError> {
    match raw {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(_) => Err(crate::error::ApiError::field_invalid("limit")),
    }
}

impl Paging {
    /// `(page, per_page, offset)`, or the field at fault.
    pub fn parse(&self) -> Result<(i64, i64, i64), crate::error::ApiError> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(25);
        if !(1..=100_000).contains(&page) {
            return Err(crate::error::ApiError::field_invalid("page"));
        }
        if !(1..=100).contains(&per_page) {
            return Err(crate::error::ApiError::field_invalid("per_page"));
        }
        Ok((page, per_page, (page - 1) * per_page))
    }
}

/// A news item as visitors see it. `body_html_*` is the Markdown body rendered on the server
/// and sanitised: insert it as HTML.
#[derive(Serialize, ToSchema)]
pub struct NewsPublicDto {
    pub id: i64,
    pub slug: String,
    pub title_ar: String,
    pub title_en: String,
    pub body_html_ar: String,
    pub body_html_en: String,
    /// The body's first 200 characters as plain text, for lists.
    pub summary_ar: String,
    pub summary_en: String,
    /// Signed URL of the image.
    #[schema(required)]
    pub image_url: Option<String>,
    #[schema(required)]
    pub image_alt_ar: Option<String>,
    #[schema(required)]
    pub image_alt_en: Option<String>,
    #[schema(required)]
    pub link: Option<String>,
    /// Null for a draft.
    #[schema(required)]
    pub published_at: Option<String>,
}

/// A news item as supervisors edit it.
#[derive(Serialize, ToSchema)]
pub struct NewsAdminDto {
    #[serde(flatten)]
    pub public: NewsPublicDto,
    pub body_md_ar: String,
    pub body_md_en: String,
    #[schema(required)]
    pub image_media_id: Option<i64>,
    /// `draft`, `scheduled` or `published`.
    #[schema(value_type = crate::domain::news::NewsState)]
    pub state: String,
    #[schema(required)]
    pub publish_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    #[schema(required)]
    pub author: Option<crate::events::PersonRef>,
}

pub fn news_public(media: &crate::auth::MediaSigner, n: &crate::store::news::NewsRow) -> NewsPublicDto {
    use crate::domain::news::{render_markdown, summarize_markdown, NEWS_SUMMARY_CHARS};
    NewsPublicDto {
        id: n.id,
        slug: n.slug.clone(),
        title_ar: n.title_ar.clone(),
        title_en: n.title_en.clone(),
        body_html_ar: render_markdown(&n.body_md_ar),
        body_html_en: render_markdown(&n.body_md_en),
        summary_ar: summarize_markdown(&n.body_md_ar, NEWS_SUMMARY_CHARS),
        summary_en: summarize_markdown(&n.body_md_en, NEWS_SUMMARY_CHARS),
        image_url: n.image_media_id.map(|id| media.url(id)),
        image_alt_ar: n.image_alt_ar.clone(),
        image_alt_en: n.image_alt_en.clone(),
        link: n.link.clone(),
        published_at: n.publish_at.map(crate::db::iso),
    }
}

pub fn news_admin(media: &crate::auth::MediaSigner, n: &crate::store::news::NewsRow) -> NewsAdminDto {
    NewsAdminDto {
        public: news_public(media, n),
        body_md_ar: n.body_md_ar.clone(),
        body_md_en: n.body_md_en.clone(),
        image_media_id: n.image_media_id,
        state: n.state.clone(),
        publish_at: n.publish_at.map(crate::db::iso),
        created_at: crate::db::iso(n.created_at),
        updated_at: crate::db::iso(n.updated_at),
        author: n.author_id.map(|id| crate::events::PersonRef { id, name: n.author_name.clone().unwrap_or_default() }),
    }
}

/// One powered-by logo: the image (a signed address, valid 12–13 hours) and its alt texts.
#[derive(Serialize, ToSchema, Clone)]
pub struct SiteLogoDto {
    pub media_id: i64,
    pub url: String,
    pub alt_ar: String,
    pub alt_en: String,
}

/// The society's site settings (issue 23), `null` where unset; the same for visitors
/// (`GET /api/site`, and in every prerendered page) and for the admin site.
#[derive(Serialize, ToSchema, Clone)]
pub struct SiteSettingsDto {
    #[schema(required)]
    pub society_name_ar: Option<String>,
    #[schema(required)]
    pub society_name_en: Option<String>,
    #[schema(required)]
    pub contact_email: Option<String>,
    #[schema(required)]
    pub contact_phone: Option<String>,
    #[schema(required)]
    pub address_ar: Option<String>,
    #[schema(required)]
    pub address_en: Option<String>,
    #[schema(required)]
    pub social_x: Option<String>,
    #[schema(required)]
    pub social_facebook: Option<String>,
    #[schema(required)]
    pub social_youtube: Option<String>,
    #[schema(required)]
    pub social_instagram: Option<String>,
    pub logos: Vec<SiteLogoDto>,
    #[schema(required)]
    pub credit_ar: Option<String>,
    #[schema(required)]
    pub credit_en: Option<String>,
}

pub fn site_settings(media: &crate::auth::MediaSigner, s: &crate::domain::site::SiteSettings) -> SiteSettingsDto {
    SiteSettingsDto {
        society_name_ar: s.society_name_ar.clone(),
        society_name_en: s.society_name_en.clone(),
        contact_email: s.contact_email.clone(),
        contact_phone: s.contact_phone.clone(),
        address_ar: s.address_ar.clone(),
        address_en: s.address_en.clone(),
        social_x: s.social_x.clone(),
        social_facebook: s.social_facebook.clone(),
        social_youtube: s.social_youtube.clone(),
        social_instagram: s.social_instagram.clone(),
        logos: s
            .logos
            .iter()
            .map(|l| SiteLogoDto {
                media_id: l.media_id,
                url: media.url(l.media_id),
                alt_ar: l.alt_ar.clone(),
                alt_en: l.alt_en.clone(),
            })
            .collect(),
        credit_ar: s.credit_ar.clone(),
        credit_en: s.credit_en.clone(),
    }
}
