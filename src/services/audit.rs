//! The audit log: every admin action and supervisor decision, written with [`record`] in the
//! transaction of the change, so a change and its row commit or fail together.

use sqlx::{Any, Transaction};

use super::ServiceError;
use crate::{
    auth::AuthUser,
    db::Db,
    store::{
        self,
        audit::{AuditFilter, AuditRow, NewAudit},
        Page,
    },
};

/// Writes one row in `tx`: `actor` did `action` to record `kind`/`id`, which was `before` and
/// became `after`.
pub async fn record(
    tx: &mut Transaction<'static, Any>,
    actor: AuthUser,
    action: &str,
    kind: &str,
    id: impl ToString,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
) -> Result<(), sqlx::Error> {
    let row = NewAudit { actor_id: actor.id, action, record_kind: kind, record_id: id.to_string(), before, after };
    store::audit::insert(&mut **tx, row).await?;
    Ok(())
}

pub async fn list(
    db: &Db,
    filter: &AuditFilter,
    limit: Option<i64>,
    offset: i64,
) -> Result<Page<AuditRow>, ServiceError> {
    Ok(store::audit::list(db, filter, limit, offset).await?)
}
