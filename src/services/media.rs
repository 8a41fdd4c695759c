//! Course media: recording an instructor's upload (the route streams the file to disk) and
//! deciding who may fetch one.

use crate::{
    auth::AuthUser,
    db::Db,
    domain::UserType,
    store::{
        self,
        media::{MediaRow, NewMedia},
    },
};

use super::ServiceError;

/// Records a file already stored under a generated name; answers its row.
pub async fn record(db: &Db, new: &NewMedia<'_>) -> Result<MediaRow, ServiceError> {
    let id = store::media::insert(db, new).await?;
    store::media::by_id(db, id).await?.ok_or(ServiceError::NotFound)
}

/// A file to serve: to anyone holding a validly signed URL (`signed`), and to its owner and
/// supervisors. Anyone else is told it does not exist.
pub async fn to_serve(db: &Db, id: i64, signed: bool, viewer: Option<AuthUser>) -> Result<MediaRow, ServiceError> {
    let row = store::media::by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    let by_right = viewer.is_some_and(|u| u.id == row.owner_id || u.typ == UserType::Supervisor);
    if signed || by_right {
        Ok(row)
    } else {
        Err(ServiceError::NotFound)
    }
}
