//! Course revisions (issue 23): every change to a live course goes through a working copy that
//! students do not see. The instructor opens one, edits it with the course builder and the
//! assessment builder like a draft, and sends it; the request joins the supervisors'
//! accreditation queue with the difference against the live course. Approval makes the copy
//! the live course in one transaction; rejection returns it to the instructor with the reason.

use crate::{
    auth::AuthUser,
    db::{self, Db},
    domain::{
        assessment_grading::GradeBands,
        course::{CourseAction, CourseStatus},
        revision::{difference, Difference},
    },
    events::{courses::request_dto, notify_each, LiveEvent},
    realtime::Realtime,
    store::{self, courses::CourseRow},
};

use super::{
    courses::{self, announce_decided, CourseView, Decided, Decision},
    ServiceError,
};

/// The instructor's live course, not found for anyone else's (or for a revision).
async fn own_live(db: &Db, instructor: AuthUser, id: i64) -> Result<CourseRow, ServiceError> {
    store::courses::by_id(db, id)
        .await?
        .filter(|c| c.instructor_id == instructor.id && c.revision_of.is_none())
        .ok_or(ServiceError::NotFound)
}

/// Opens a revision of an active course, or returns the one already open: the copy the
/// instructor edits while students keep the live course.
pub async fn open(
    db: &Db,
    bands: &GradeBands,
    instructor: AuthUser,
    id: i64,
) -> Result<(CourseView, bool), ServiceError> {
    let live = own_live(db, instructor, id).await?;
    if let Some(revision) = live.revision_id {
        return Ok((courses::get(db, bands, revision, Some(instructor)).await?, false));
    }
    if live.status() != CourseStatus::Active {
        return Err(crate::domain::InvalidTransition { from: live.status() }.into());
    }
    let (mut tx, _turn) = db::begin_write(db).await?;
    let opened = match store::courses::by_id(&mut *tx, id).await?.and_then(|c| c.revision_id) {
        Some(existing) => (existing, false),
        None => match store::revisions::open(&mut tx, id).await {
            Ok(revision) => (revision, true),
            // Opened at the same moment elsewhere (the unique index has the last word): that one.
            Err(e) if store::is_unique_violation(&e) => {
                drop(tx);
                let existing = store::courses::by_id(db, id).await?.and_then(|c| c.revision_id);
                return match existing {
                    Some(r) => Ok((courses::get(db, bands, r, Some(instructor)).await?, false)),
                    None => Err(e.into()),
                };
            }
            Err(e) => return Err(e.into()),
        },
    };
    tx.commit().await?;
    Ok((courses::get(db, bands, opened.0, Some(instructor)).await?, opened.1))
}

/// Deletes the instructor's revision of a live course while it is not waiting for a decision.
pub async fn discard(db: &Db, instructor: AuthUser, id: i64) -> Result<(), ServiceError> {
    let live = own_live(db, instructor, id).await?;
    let revision = live.revision_id.ok_or(ServiceError::NotFound)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let row = store::courses::by_id(&mut *tx, revision).await?.ok_or(ServiceError::NotFound)?;
    row.status().apply(CourseAction::Edit)?;
    store::revisions::discard(&mut tx, revision).await?;
    tx.commit().await?;
    Ok(())
}

/// The difference between the live course and its revision, both read in the caller's
/// transaction.
async fn compare(conn: &mut sqlx::AnyConnection, revision: i64, live: i64) -> Result<Difference, ServiceError> {
    let before = store::revisions::version(conn, live, true).await?;
    let after = store::revisions::version(conn, revision, false).await?;
    Ok(difference(&before, &after))
}

/// The instructor sends their revision for approval (the builder's "send" on a revision):
/// the request, with the difference, joins the accreditation queue and every supervisor is
/// told live. A revision that changes nothing, or removes an assessment students have
/// attempted, is refused.
pub async fn send(
    db: &Db,
    realtime: &Realtime,
    bands: &GradeBands,
    instructor: AuthUser,
    revision: &CourseRow,
) -> Result<CourseView, ServiceError> {
    let live = revision.revision_of.ok_or(ServiceError::NotFound)?;
    let next = revision.status().apply(CourseAction::SendForAccreditation)?;
    let (mut tx, _turn) = db::begin_write(db).await?;
    let fresh = store::courses::by_id(&mut *tx, revision.id).await?.ok_or(ServiceError::NotFound)?;
    fresh.status().apply(CourseAction::SendForAccreditation)?;
    let diff = compare(&mut tx, revision.id, live).await?;
    if diff.changes.is_empty() {
        return Err(ServiceError::RevisionUnchanged);
    }
    if !store::revisions::attempted_removals(&mut tx, revision.id, live).await?.is_empty() {
        return Err(ServiceError::AssessmentHasAttempts);
    }
    store::courses::set_status(&mut tx, revision.id, next).await?;
    let json = serde_json::to_string(&diff).map_err(anyhow::Error::from)?;
    let request_id = store::courses::insert_revision_request(&mut tx, live, revision.id, instructor.id, &json).await?;
    let request = store::courses::request_by_id(&mut *tx, request_id).await?.ok_or(ServiceError::NotFound)?;
    let supervisors = store::courses::supervisor_ids(&mut *tx).await?;
    let events =
        notify_each(&mut tx, supervisors, &LiveEvent::RequestCreated { request: &request_dto(&request) }).await?;
    tx.commit().await?;
    realtime.publish(&events).await;
    courses::get(db, bands, revision.id, Some(instructor)).await
}

/// A supervisor decides a revision request: approval writes the revision onto the live course
/// and deletes it, in one transaction (students read the one version or the other); rejection
/// returns it to the instructor with the reason. The live course's status does not change.
pub async fn decide(
    db: &Db,
    realtime: &Realtime,
    supervisor: AuthUser,
    id: i64,
    decision: Decision,
) -> Result<Decided, ServiceError> {
    let (approve, reason) = decision.split();
    let (mut tx, _turn) = db::begin_write(db).await?;
    let request = store::courses::request_by_id(&mut *tx, id).await?.ok_or(ServiceError::NotFound)?;
    let live = store::courses::by_id(&mut *tx, request.course_id).await?.ok_or(ServiceError::NotFound)?;
    let revision = match request.revision_id {
        Some(r) => store::courses::by_id(&mut *tx, r).await?,
        None => None,
    };
    let Some(revision) = revision.filter(|_| request.status == "pending") else {
        return Err(ServiceError::CourseRequestDecided { status: live.status() });
    };
    let action = if approve { CourseAction::Accredit } else { CourseAction::RejectAccreditation };
    let next = revision.status().apply(action)?;
    if approve && !store::revisions::attempted_removals(&mut tx, revision.id, live.id).await?.is_empty() {
        return Err(ServiceError::AssessmentHasAttempts);
    }
    if !store::courses::decide(&mut tx, id, approve, supervisor.id, reason.as_deref()).await? {
        return Err(ServiceError::CourseRequestDecided { status: live.status() });
    }
    if approve {
        store::revisions::apply(&mut tx, revision.id, live.id).await?;
    } else {
        store::courses::set_status(&mut tx, revision.id, next).await?;
    }
    let audit_action = if approve { "course.approve_revision" } else { "course.reject_revision" };
    let before = serde_json::json!({ "title": live.title, "request_id": id, "revision_id": revision.id });
    let after = serde_json::json!({ "title": revision.title, "request_id": id, "approved": approve, "reason": reason });
    super::audit::record(&mut tx, supervisor, audit_action, "course", live.id, Some(before), Some(after)).await?;
    let decided = announce_decided(tx, realtime, supervisor, id, live.instructor_id, live.status()).await?;
    Ok(Decided { action, request: decided, revision: true })
}
