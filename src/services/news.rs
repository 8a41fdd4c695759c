//! News (issue 15): supervisors write items in two languages; visitors read the published
//! ones, and the scheduled ones once their time has come. Every change is audited.

use serde_json::json;

use super::{audit, ServiceError};
use crate::{
    auth::AuthUser,
    db::{self, now_ms, Db},
    domain::{media::MediaKind, news::NewsContent, InvalidInput},
    store::{self, news::NewsRow, Page},
};

fn snapshot(n: &NewsRow) -> serde_json::Value {
    json!({ "slug": n.slug, "title_ar": n.title_ar, "title_en": n.title_en, "state": n.state,
            "publish_at": n.publish_at, "link": n.link, "image_media_id": n.image_media_id })
}

/// The image must be an image that exists.
async fn check_image(db: &Db, c: &NewsContent) -> Result<(), ServiceError> {
    if let Some(image) = &c.image {
        let row = store::media::by_id(db, image.media_id).await?;
        if !row.is_some_and(|m| MediaKind::parse(&m.kind) == Some(MediaKind::Image)) {
            return Err(InvalidInput::invalid("image_media_id").into());
        }
    }
    Ok(())
}

fn slug_taken(e: sqlx::Error) -> ServiceError {
    if store::is_unique_violation(&e) {
        ServiceError::SlugTaken
    } else {
        e.into()
    }
}

pub async fn create(db: &Db, supervisor: AuthUser, c: NewsContent) -> Result<NewsRow, ServiceError> {
    check_image(db, &c).await?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let id = store::news::insert(&mut *tx, supervisor.id, &c).await.map_err(slug_taken)?;
    let row = store::news::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    audit::record(&mut tx, supervisor, "news.create", "news", id, None, Some(snapshot(&row))).await?;
    tx.commit().await?;
    Ok(row)
}

pub async fn update(db: &Db, supervisor: AuthUser, id: i64, c: NewsContent) -> Result<NewsRow, ServiceError> {
    check_image(db, &c).await?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let before = store::news::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    // An item already public keeps its date when it is edited and stays published.
    let publish_at = match (before.state.as_str(), c.publish_at(now_ms())) {
        ("published", Some(_)) if c.state == crate::domain::news::NewsState::Published => before.publish_at,
        (_, at) => at,
    };
    store::news::update(&mut *tx, id, &c, publish_at).await.map_err(slug_taken)?;
    let after = store::news::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    audit::record(&mut tx, supervisor, "news.update", "news", id, Some(snapshot(&before)), Some(snapshot(&after)))
        .await?;
    tx.commit().await?;
    Ok(after)
}

pub async fn delete(db: &Db, supervisor: AuthUser, id: i64) -> Result<(), ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let before = store::news::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    store::news::delete(&mut *tx, id).await?;
    audit::record(&mut tx, supervisor, "news.delete", "news", id, Some(snapshot(&before)), None).await?;
    tx.commit().await?;
    Ok(())
}

pub async fn get(db: &Db, id: i64) -> Result<NewsRow, ServiceError> {
    store::news::by_id(db, id).await?.ok_or(ServiceError::NotFound)
}

pub async fn admin_page(db: &Db, state: Option<&str>, limit: i64, offset: i64) -> Result<Page<NewsRow>, ServiceError> {
    Ok(store::news::admin_page(db, state, limit, offset).await?)
}

pub async fn public_page(db: &Db, limit: i64, offset: i64) -> Result<Page<NewsRow>, ServiceError> {
    Ok(store::news::public_page(db, limit, offset).await?)
}

/// A public item; drafts, items scheduled for later and unknown slugs are not found.
pub async fn public(db: &Db, slug: &str) -> Result<NewsRow, ServiceError> {
    store::news::public_by_slug(db, slug).await?.ok_or(ServiceError::NotFound)
}
