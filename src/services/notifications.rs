//! The notification centre: a user's stored events, how many are unread, marking them read.
//! The same events arrive live on the socket (`realtime`).

use crate::{
    auth::AuthUser,
    db::Db,
    store::notifications::{self, ListedRow},
};

use super::ServiceError;

/// The user's events after notification `after` (0: the latest), at most `limit`, and how
/// many are unread.
pub async fn list(db: &Db, user: AuthUser, after: i64, limit: i64) -> Result<(Vec<ListedRow>, i64), ServiceError> {
    let rows = notifications::list(db, user.id, after, limit).await?;
    Ok((rows, notifications::unread_count(db, user.id).await?))
}

pub async fn unread_count(db: &Db, user: AuthUser) -> Result<i64, ServiceError> {
    Ok(notifications::unread_count(db, user.id).await?)
}

/// Marks every event up to `up_to` read; answers the unread count left.
pub async fn mark_read(db: &Db, user: AuthUser, up_to: i64) -> Result<i64, ServiceError> {
    notifications::mark_read(db, user.id, up_to).await?;
    unread_count(db, user).await
}
