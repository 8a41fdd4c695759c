//! The admin site (issue 15): accounts (deactivate, change type, invitations, e-mails), courses
//! (deactivate, reactivate), certificates and the overview. Every change writes its audit row
//! in its own transaction.

use serde_json::json;

use super::{
    accounts::{self, Links},
    audit, ServiceError,
};
use crate::{
    auth::AuthUser,
    db::{self, now_ms, Db},
    domain::{certificate::CertificateCode, course::CourseStatus, UserType},
    events::{notify, LiveEvent},
    i18n::{Lang, Msg},
    realtime::{AccountChanged, Realtime},
    store::{
        self,
        admin::{AdminUserRow, CourseFilter, UserCourseRow, UserFilter, UserSort},
        audit::AuditRow,
        certificates::CertificateRow,
        courses::CourseRow,
        users::UserRow,
        Page,
    },
};

// ---------------------------------------------------------------------------------------------
// Users

pub async fn users(
    db: &Db,
    filter: &UserFilter,
    sort: (UserSort, bool),
    limit: Option<i64>,
    offset: i64,
) -> Result<Page<AdminUserRow>, ServiceError> {
    Ok(store::admin::users(db, filter, sort, limit, offset).await?)
}

pub struct UserDetail {
    pub user: AdminUserRow,
    pub profile: UserRow,
    pub courses: Vec<UserCourseRow>,
    pub certificates: Vec<CertificateRow>,
    pub recent_actions: Vec<AuditRow>,
}

pub async fn user(db: &Db, id: i64) -> Result<UserDetail, ServiceError> {
    let user = store::admin::user(db, id).await?.ok_or(ServiceError::NotFound)?;
    let profile = store::users::by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    let courses = store::admin::courses_of(db, id).await?;
    let certificates = store::certificates::of_student(db, id).await?;
    let recent_actions = store::audit::about_user(db, id, 20).await?;
    Ok(UserDetail { user, profile, courses, certificates, recent_actions })
}

/// What a supervisor changes on an account.
#[derive(Clone, Copy, Debug, Default)]
pub struct UserChange {
    pub active: Option<bool>,
    pub user_type: Option<UserType>,
}

fn user_snapshot(u: &AdminUserRow) -> serde_json::Value {
    json!({ "type": u.user_type, "active": u.deactivated_at.is_none() })
}

/// Deactivates, reactivates or changes the type of an account. A supervisor cannot do either
/// to their own account, and the last active supervisor stays one. Each ends every session of
/// the account at once, on every instance (issue 21): its refresh tokens are revoked, its
/// session generation advances (older access tokens are refused) and its sockets close. A
/// deactivated person is also told by an `account.deactivated` event.
pub async fn change_user(
    db: &Db,
    realtime: &Realtime,
    supervisor: AuthUser,
    id: i64,
    change: UserChange,
) -> Result<AdminUserRow, ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let before = store::admin::user(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let was_type = UserType::parse(&before.user_type).unwrap_or(UserType::Student);
    let was_active = before.deactivated_at.is_none();
    let deactivate = change.active == Some(false) && was_active;
    let reactivate = change.active == Some(true) && !was_active;
    let new_type = change.user_type.filter(|t| *t != was_type);
    if deactivate || reactivate || new_type.is_some() {
        if id == supervisor.id && (deactivate || new_type.is_some()) {
            return Err(ServiceError::CannotChangeSelf);
        }
        let leaves_supervisors = was_type == UserType::Supervisor && (deactivate || new_type.is_some());
        if leaves_supervisors {
            let active = store::admin::active_supervisor_ids(&mut *tx, !db::is_sqlite(db)).await?;
            if active.iter().all(|s| *s == id) {
                return Err(ServiceError::LastSupervisor);
            }
        }
    }
    let mut events = vec![];
    if let Some(t) = new_type {
        store::admin::set_type(&mut *tx, id, t).await?;
    }
    if deactivate || reactivate {
        store::admin::set_deactivated(&mut *tx, id, deactivate).await?;
    }
    // Every decision ends the account's sessions: its tokens were issued under what it was.
    let gen = if deactivate || reactivate || new_type.is_some() {
        store::tokens::revoke_all_refresh(&mut *tx, id, None).await?;
        Some(store::users::advance_session_gen(&mut *tx, id).await?)
    } else {
        None
    };
    if deactivate {
        let event = LiveEvent::AccountDeactivated {
            message_ar: &Msg::AccountDeactivated.render(Lang::Ar),
            message_en: &Msg::AccountDeactivated.render(Lang::En),
        };
        events.push(notify(&mut tx, id, &event).await?);
    }
    let after = store::admin::user(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let (b, a) = (Some(user_snapshot(&before)), Some(user_snapshot(&after)));
    if deactivate {
        audit::record(&mut tx, supervisor, "user.deactivate", "user", id, b.clone(), a.clone()).await?;
    }
    if reactivate {
        audit::record(&mut tx, supervisor, "user.reactivate", "user", id, b.clone(), a.clone()).await?;
    }
    if new_type.is_some() {
        audit::record(&mut tx, supervisor, "user.change_type", "user", id, b, a).await?;
    }
    tx.commit().await?;
    realtime.publish(&events).await;
    if let Some(gen) = gen {
        let usable = after.deactivated_at.is_none() && after.is_active != 0;
        realtime.account_changed(AccountChanged { user_id: id, gen, usable, keep_sid: None }).await;
    }
    Ok(after)
}

/// What a bulk change did, per account: changed, or refused and why.
pub struct BulkOutcome {
    pub updated: Vec<AdminUserRow>,
    pub refused: Vec<(i64, ServiceError)>,
}

/// Activates or deactivates several accounts, each in its own transaction through
/// [`change_user`] (so each is audited, told and has its sessions ended like a single change).
/// A refusal (not found, oneself, the last supervisor) is reported for its id and the others go
/// on; a failure of the server stops the batch (what was changed before it stays changed).
pub async fn bulk_set_active(
    db: &Db,
    realtime: &Realtime,
    supervisor: AuthUser,
    ids: &[i64],
    active: bool,
) -> Result<BulkOutcome, ServiceError> {
    let mut outcome = BulkOutcome { updated: vec![], refused: vec![] };
    for &id in ids {
        match change_user(db, realtime, supervisor, id, UserChange { active: Some(active), user_type: None }).await {
            Ok(row) => outcome.updated.push(row),
            Err(e) if e.is_failure() => return Err(e),
            Err(e) => outcome.refused.push((id, e)),
        }
    }
    Ok(outcome)
}

pub async fn invite(
    db: &Db,
    links: Links<'_>,
    supervisor: AuthUser,
    name: &crate::domain::PersonName,
    email: &crate::domain::Email,
    user_type: UserType,
    lang: Lang,
) -> Result<AdminUserRow, ServiceError> {
    let id = accounts::invite(db, links, supervisor, name, email, user_type, lang).await?;
    store::admin::user(db, id).await?.ok_or(ServiceError::NotFound)
}

/// Audits an e-mail sent to an account, in a transaction of its own (nothing else changes).
async fn audit_mail(db: &Db, supervisor: AuthUser, action: &str, id: i64) -> Result<(), ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    audit::record(&mut tx, supervisor, action, "user", id, None, None).await?;
    tx.commit().await?;
    Ok(())
}

/// Sends a new activation link to an account whose address is not confirmed yet.
pub async fn resend_activation(
    db: &Db,
    links: Links<'_>,
    supervisor: AuthUser,
    id: i64,
    lang: Lang,
) -> Result<(), ServiceError> {
    let u = store::users::by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    if u.active() {
        return Err(ServiceError::AlreadyActivated);
    }
    accounts::send_activation(db, links, u.id, &u.email, &u.name, lang).await?;
    audit_mail(db, supervisor, "user.resend_activation", id).await
}

pub async fn send_reset(
    db: &Db,
    links: Links<'_>,
    supervisor: AuthUser,
    id: i64,
    lang: Lang,
) -> Result<(), ServiceError> {
    let u = store::users::by_id(db, id).await?.ok_or(ServiceError::NotFound)?;
    // Its password cannot be reset while it is deactivated (the link would be refused).
    if u.deactivated() {
        return Err(ServiceError::AccountDeactivated);
    }
    accounts::send_set_password(db, links, u.id, &u.email, &u.name, lang, false).await?;
    audit_mail(db, supervisor, "user.send_reset", id).await
}

// ---------------------------------------------------------------------------------------------
// Courses

pub async fn courses(db: &Db, filter: &CourseFilter, limit: i64, offset: i64) -> Result<Page<CourseRow>, ServiceError> {
    Ok(store::admin::courses(db, filter, limit, offset).await?)
}

/// Deactivates an active course (or one whose stop is requested), or reactivates a stopped
/// one. Enrolled students keep their progress either way.
pub async fn set_course_active(
    db: &Db,
    supervisor: AuthUser,
    id: i64,
    active: bool,
) -> Result<CourseRow, ServiceError> {
    let (mut tx, _turn) = db::begin_write(db).await?;
    let course = store::courses::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let from = course.status();
    let allowed = if active {
        from == CourseStatus::Inactive
    } else {
        matches!(from, CourseStatus::Active | CourseStatus::StopPending)
    };
    if !allowed {
        return Err(crate::domain::InvalidTransition { from }.into());
    }
    let to = if active { CourseStatus::Active } else { CourseStatus::Inactive };
    store::courses::set_status(&mut tx, id, to).await?;
    let action = if active { "course.reactivate" } else { "course.deactivate" };
    let (b, a) = (json!({ "status": from.as_str() }), json!({ "status": to.as_str() }));
    audit::record(&mut tx, supervisor, action, "course", id, Some(b), Some(a)).await?;
    let after = store::courses::by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    tx.commit().await?;
    Ok(after)
}

// ---------------------------------------------------------------------------------------------
// Certificates

pub async fn certificates(
    db: &Db,
    q: Option<&str>,
    limit: i64,
    offset: i64,
) -> Result<Page<CertificateRow>, ServiceError> {
    let q = q.map(str::trim).filter(|q| !q.is_empty());
    let exact = q.and_then(CertificateCode::parse);
    let items = store::certificates::issued_page(db, q, exact.as_ref(), limit, offset).await?;
    let total = store::certificates::issued_count(db, q, exact.as_ref()).await?;
    Ok(Page { items, total })
}

// ---------------------------------------------------------------------------------------------
// Overview

#[derive(Default)]
pub struct Overview {
    /// (type, state, count); state is `active`, `inactive` (deactivated) or `not_activated`.
    pub users: Vec<(String, String, i64)>,
    pub courses: Vec<(String, i64)>,
    pub pending_accreditation: i64,
    pub pending_stop: i64,
    pub pending_certificates: i64,
    pub contact_unread: i64,
    /// (Monday of the week as `YYYY-MM-DD`, sign-ups, enrolments), oldest first.
    pub weeks: Vec<(String, i64, i64)>,
}

pub const OVERVIEW_WEEKS: i64 = 26;
const WEEK_MS: i64 = 7 * 24 * 3600 * 1000;

pub async fn overview(db: &Db) -> Result<Overview, ServiceError> {
    let users = store::admin::counts(
        db,
        "SELECT user_type || ':' || CASE WHEN deactivated_at IS NOT NULL THEN 'inactive' \
         WHEN is_active = 0 THEN 'not_activated' ELSE 'active' END AS k, COUNT(*) FROM users GROUP BY 1",
    )
    .await?
    .into_iter()
    .filter_map(|(k, n)| k.split_once(':').map(|(t, s)| (t.to_string(), s.to_string(), n)))
    .collect();
    let courses =
        store::admin::counts(db, "SELECT status, COUNT(*) FROM courses WHERE revision_of IS NULL GROUP BY status")
            .await?;
    let pending = super::courses::pending_counts(db).await?;
    let contact_unread = store::contact::unread_count(db).await?;
    // Weeks start on Monday, 00:00 UTC. 1970-01-01 was a Thursday: Monday is 4 days later.
    let monday_offset = 4 * 24 * 3600 * 1000;
    let this_week = (now_ms() - monday_offset).div_euclid(WEEK_MS) * WEEK_MS + monday_offset;
    let first = this_week - (OVERVIEW_WEEKS - 1) * WEEK_MS;
    let signups = store::admin::times_since(db, "SELECT created_at FROM users WHERE created_at >= $1", first).await?;
    let enrolments =
        store::admin::times_since(db, "SELECT enrolled_at FROM enrolments WHERE enrolled_at >= $1", first).await?;
    let mut weeks: Vec<(String, i64, i64)> = (0..OVERVIEW_WEEKS)
        .map(|i| {
            let start = first + i * WEEK_MS;
            (db::iso(start).get(..10).unwrap_or_default().to_string(), 0, 0)
        })
        .collect();
    for t in signups {
        if let Some(w) = weeks.get_mut(((t - first) / WEEK_MS) as usize) {
            w.1 += 1;
        }
    }
    for t in enrolments {
        if let Some(w) = weeks.get_mut(((t - first) / WEEK_MS) as usize) {
            w.2 += 1;
        }
    }
    Ok(Overview {
        users,
        courses,
        pending_accreditation: pending.accreditation,
        pending_stop: pending.stop,
        pending_certificates: pending.certificates,
        contact_unread,
        weeks,
    })
}
