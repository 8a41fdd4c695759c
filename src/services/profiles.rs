//! The signed-in user's profile and avatar (spec §3), and finding people to write to.

use std::path::Path;

use crate::{
    auth::AuthUser,
    db::Db,
    domain::{ProfileInput, ProfilePatch, UserType},
    store::{
        self,
        users::{UserRow, UserSummary},
    },
};

use super::ServiceError;

/// The signed-in user's account.
pub async fn current(db: &Db, user: AuthUser) -> Result<UserRow, ServiceError> {
    store::users::by_id(db, user.id).await?.ok_or(ServiceError::AccountGone)
}

/// Changes some profile fields (absent ones keep their value, `null` clears one); answers the
/// account as it is now. `today` judges the date of birth.
pub async fn update(
    db: &Db,
    user: AuthUser,
    patch: ProfilePatch,
    today: (i32, u8, u8),
) -> Result<UserRow, ServiceError> {
    let row = current(db, user).await?;
    let (name, fields) = patch.apply(&row.name, ProfileInput::stored(&row.profile), today)?;
    store::users::update_profile(db, user.id, name.as_str(), &fields).await?;
    current(db, user).await
}

/// Sets (or with `None` removes) the avatar, a file already stored in `dir` under a name of
/// ours; the previous file is deleted. If the account cannot be updated, the new file is.
pub async fn replace_avatar(
    db: &Db,
    dir: &Path,
    user: AuthUser,
    file: Option<String>,
) -> Result<UserRow, ServiceError> {
    let row = current(db, user).await?;
    if let Err(e) = store::users::set_avatar(db, user.id, file.as_deref()).await {
        remove_avatar_file(dir, file.as_deref()).await;
        return Err(e.into());
    }
    remove_avatar_file(dir, row.avatar.as_deref()).await;
    current(db, user).await
}

async fn remove_avatar_file(dir: &Path, name: Option<&str>) {
    // Stored names are ours (uuid.ext); never follow anything else.
    if let Some(name) = name.filter(|n| !n.contains('/') && !n.contains("..")) {
        let _ = tokio::fs::remove_file(dir.join(name)).await;
    }
}

/// Instructors or students whose name or e-mail contains `needle` (at most 20).
pub async fn search_people(db: &Db, user_type: UserType, needle: &str) -> Result<Vec<UserSummary>, ServiceError> {
    Ok(store::users::search(db, user_type, needle, 20).await?)
}
