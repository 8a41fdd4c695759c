//! Public news (issue 15): the published items, newest first, one item by its slug, and an
//! Atom feed per language.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{
    db::iso,
    error::ApiError,
    routes::dto::{news_public, NewsPublicDto, Paging},
    services::news,
    state::AppState,
};

#[derive(Serialize, ToSchema)]
pub struct NewsList {
    pub items: Vec<NewsPublicDto>,
    pub page: i64,
    pub per_page: i64,
    pub total: i64,
}

/// Published news, newest first (the home page asks for `per_page=3`).
#[utoipa::path(get, path = "/api/news", tag = "news", params(Paging),
    responses((status = 200, body = NewsList), (status = 400, body = crate::error::ErrorBody)))]
pub async fn list(state: web::Data<AppState>, query: web::Query<Paging>) -> Result<web::Json<NewsList>, ApiError> {
    let (page, per_page, offset) = query.parse()?;
    let rows = news::public_page(&state.db, per_page, offset).await?;
    let items = rows.items.iter().map(|n| news_public(&state.media, n)).collect();
    Ok(web::Json(NewsList { items, page, per_page, total: rows.total }))
}

/// One published item; a draft, an item scheduled for later or an unknown slug is 404.
#[utoipa::path(get, path = "/api/news/{slug}", tag = "news", params(("slug" = String, Path)),
    responses((status = 200, body = NewsPublicDto), (status = 404, body = crate::error::ErrorBody)))]
pub async fn get(state: web::Data<AppState>, slug: web::Path<String>) -> Result<web::Json<NewsPublicDto>, ApiError> {
    let row = news::public(&state.db, &slug).await?;
    Ok(web::Json(news_public(&state.media, &row)))
}

#[derive(Deserialize, IntoParams)]
pub struct FeedQuery {
    /// `ar` (default) or `en`.
    #[param(pattern = "^(ar|en)$")]
    pub lang: Option<String>,
}

/// The latest 20 published items as an Atom feed in one language.
#[utoipa::path(get, path = "/api/news/feed.atom", tag = "news", params(FeedQuery),
    responses((status = 200, description = "Atom feed", content_type = "application/atom+xml"),
        (status = 400, body = crate::error::ErrorBody)))]
pub async fn feed(state: web::Data<AppState>, query: web::Query<FeedQuery>) -> Result<HttpResponse, ApiError> {
    let arabic = match query.lang.as_deref().unwrap_or("ar") {
        "ar" => true,
        "en" => false,
        _ => return Err(ApiError::field_invalid("lang")),
    };
    let rows = news::public_page(&state.db, 20, 0).await?;
    let base = state.settings.public_url.trim_end_matches('/');
    let lang = if arabic { "ar" } else { "en" };
    let title = if arabic { "أخبار لمسة" } else { "Lamsa news" };
    let updated = rows.items.iter().filter_map(|n| n.publish_at).max().map(iso).unwrap_or_else(|| iso(0));
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{lang}\">\n\
         <title>{title}</title>\n<id>{base}/news?lang={lang}</id>\n<updated>{updated}</updated>\n\
         <link rel=\"alternate\" type=\"text/html\" href=\"{base}/news\"/>\n\
         <link rel=\"self\" type=\"application/atom+xml\" href=\"{base}/api/news/feed.atom?lang={lang}\"/>\n"
    );
    for n in &rows.items {
        let dto = news_public(&state.media, n);
        let (title, html) =
            if arabic { (&dto.title_ar, &dto.body_html_ar) } else { (&dto.title_en, &dto.body_html_en) };
        let url = format!("{base}/news/{}", n.slug);
        let at = dto.published_at.clone().unwrap_or_default();
        xml.push_str(&format!(
            "<entry>\n<title>{}</title>\n<id>{}</id>\n<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n\
             <published>{at}</published>\n<updated>{}</updated>\n<content type=\"html\">{}</content>\n</entry>\n",
            escape_xml(title),
            escape_xml(&url),
            escape_xml(&url),
            iso(n.updated_at.max(n.publish_at.unwrap_or(0))),
            escape_xml(html),
        ));
    }
    xml.push_str("</feed>\n");
    Ok(HttpResponse::Ok().content_type("application/atom+xml; charset=utf-8").body(xml))
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
