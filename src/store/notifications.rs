//! Durable notifications. [`notify`] runs inside the transaction of the change it reports;
//! the caller publishes the returned [`Event`]s after commit.

use std::sync::Arc;

use serde::Serialize;
use sqlx::{Any, Transaction};

use crate::db::{iso, now_ms, Db};

/// One event for one recipient, with its socket message already written.
#[derive(Clone, Debug)]
pub struct Event {
    pub id: i64,
    pub recipient_id: i64,
    pub seq: i64,
    /// `{"type":"event","id":…,"kind":…,"payload":…,"created_at":…}`
    pub json: Arc<str>,
}

#[derive(Serialize)]
struct Wire<'a> {
    #[serde(rename = "type")]
    typ: &'static str,
    id: i64,
    kind: &'a str,
    payload: &'a serde_json::value::RawValue,
    created_at: String,
}

fn wire(id: i64, kind: &str, payload: &str, created_at: i64) -> Arc<str> {
    let raw = serde_json::value::RawValue::from_string(payload.to_string())
        .unwrap_or_else(|_| serde_json::value::RawValue::from_string("{}".into()).expect("valid JSON"));
    serde_json::to_string(&Wire { typ: "event", id, kind, payload: &raw, created_at: iso(created_at) })
        .unwrap_or_default()
        .into()
}

/// Kinds that update what a page shows (`badge.*`) rather than tell the user something.
pub fn is_state_update(kind: &str) -> bool {
    kind.starts_with("badge.")
}

/// Records an event for `recipient` in the caller's transaction.
pub async fn notify(
    tx: &mut Transaction<'static, Any>,
    recipient: i64,
    kind: &str,
    payload: &serde_json::Value,
) -> Result<Event, sqlx::Error> {
    // Bumping the counter locks the recipient's row until commit, so one recipient's events
    // commit in seq order and ids grow with seq.
    let (seq,): (i64,) = sqlx::query_as("UPDATE users SET notif_seq = notif_seq + 1 WHERE id = $1 RETURNING notif_seq")
        .bind(recipient)
        .fetch_one(&mut **tx)
        .await?;
    let payload = payload.to_string();
    let now = now_ms();
    // State updates such as a badge count are for the page, not for the reader: they are stored
    // (so a resume replays them in order) but never unread and never listed.
    let read_at = is_state_update(kind).then_some(now);
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO notifications (recipient_id, seq, kind, payload, created_at, read_at) \
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(recipient)
    .bind(seq)
    .bind(kind)
    .bind(&payload)
    .bind(now)
    .bind(read_at)
    .fetch_one(&mut **tx)
    .await?;
    Ok(Event { id, recipient_id: recipient, seq, json: wire(id, kind, &payload, now) })
}

/// One event to record: who gets it, its kind and its payload.
pub struct NewEvent {
    pub recipient: i64,
    pub kind: &'static str,
    pub payload: serde_json::Value,
}

/// Records many events in the caller's transaction with two statements in all: one bump of
/// each recipient's counter and one multi-row insert (each of a
/// [`statement_size`](crate::store::statement_size)). Events keep their order, and one
/// recipient's events get consecutive seqs in that order. Same effect as [`notify`] per event.
pub async fn notify_many(tx: &mut sqlx::AnyConnection, events: &[NewEvent]) -> Result<Vec<Event>, sqlx::Error> {
    if events.is_empty() {
        return Ok(vec![]);
    }
    let mut per_recipient: std::collections::BTreeMap<i64, i64> = Default::default();
    for e in events {
        *per_recipient.entry(e.recipient).or_default() += 1;
    }
    // `RETURNING` gives each counter's new value; this batch's seqs are the ones just below it.
    // Spare pairs of the statement's size are NULL, which no id matches.
    let n = crate::store::statement_size(per_recipient.len());
    let cases: String = (0..n).map(|i| format!(" WHEN ${} THEN ${}", 2 * i + 1, 2 * i + 2)).collect();
    let ids = (0..n).map(|i| format!("${}", 2 * n + i + 1)).collect::<Vec<_>>().join(", ");
    let sql = crate::store::for_connection(
        tx,
        format!(
            "UPDATE users SET notif_seq = notif_seq + CASE id{cases} END WHERE id IN ({ids}) RETURNING id, notif_seq"
        ),
    );
    let mut bump = sqlx::query_as::<_, (i64, i64)>(&sql);
    for (id, count) in &per_recipient {
        bump = bump.bind(Some(*id)).bind(Some(*count));
    }
    for _ in per_recipient.len()..n {
        bump = bump.bind(None::<i64>).bind(None::<i64>);
    }
    let recipients: Vec<i64> = per_recipient.keys().copied().collect();
    let bumped: Vec<(i64, i64)> = crate::store::bind_ids(bump, &recipients, n).fetch_all(&mut *tx).await?;
    let mut next_seq: std::collections::HashMap<i64, i64> =
        bumped.into_iter().map(|(id, top)| (id, top - per_recipient.get(&id).copied().unwrap_or(0) + 1)).collect();
    let now = now_ms();
    let mut rows = Vec::with_capacity(events.len());
    for e in events {
        let seq = next_seq.get_mut(&e.recipient).ok_or(sqlx::Error::RowNotFound)?;
        rows.push((e, *seq, e.payload.to_string()));
        *seq += 1;
    }
    let size = crate::store::statement_size(rows.len());
    let sql = crate::store::for_connection(
        tx,
        format!(
            "INSERT INTO notifications (recipient_id, seq, kind, payload, created_at, read_at) \
             SELECT column1, column2, column3, column4, column5, column6 FROM {} WHERE column1 IS NOT NULL \
             RETURNING id, recipient_id, seq",
            crate::store::values_table(size, 6)
        ),
    );
    let mut query = sqlx::query_as::<_, (i64, i64, i64)>(&sql);
    for (e, seq, payload) in &rows {
        query = query
            .bind(Some(e.recipient))
            .bind(*seq)
            .bind(e.kind)
            .bind(payload.clone())
            .bind(now)
            .bind(is_state_update(e.kind).then_some(now));
    }
    for _ in rows.len()..size {
        query = query
            .bind(None::<i64>)
            .bind(None::<i64>)
            .bind(None::<String>)
            .bind(None::<String>)
            .bind(None::<i64>)
            .bind(None::<i64>);
    }
    let inserted = query.fetch_all(&mut *tx).await?;
    // (recipient, seq) is unique, so each returned id is matched to its event whatever the
    // order the database returns them in.
    let id_of: std::collections::HashMap<(i64, i64), i64> =
        inserted.into_iter().map(|(id, r, s)| ((r, s), id)).collect();
    rows.into_iter()
        .map(|(e, seq, payload)| {
            let id = *id_of.get(&(e.recipient, seq)).ok_or(sqlx::Error::RowNotFound)?;
            Ok(Event { id, recipient_id: e.recipient, seq, json: wire(id, e.kind, &payload, now) })
        })
        .collect()
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    recipient_id: i64,
    seq: i64,
    kind: String,
    payload: String,
    created_at: i64,
}

impl From<Row> for Event {
    fn from(r: Row) -> Event {
        Event {
            id: r.id,
            recipient_id: r.recipient_id,
            seq: r.seq,
            json: wire(r.id, &r.kind, &r.payload, r.created_at),
        }
    }
}

const COLS: &str = "id, recipient_id, seq, kind, payload, created_at";

/// The recipient's events after notification id `after`, oldest first, at most `limit`.
pub async fn after_id(db: &Db, recipient: i64, after: i64, limit: i64) -> Result<Vec<Event>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "SELECT {COLS} FROM notifications WHERE recipient_id = $1 AND id > $2 ORDER BY id LIMIT $3"
    ))
    .bind(recipient)
    .bind(after)
    .bind(limit)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(Event::from).collect())
}

/// The recipient's events with seq above `seq`, in order.
pub async fn after_seq(db: &Db, recipient: i64, seq: i64) -> Result<Vec<Event>, sqlx::Error> {
    let rows: Vec<Row> =
        sqlx::query_as(&format!("SELECT {COLS} FROM notifications WHERE recipient_id = $1 AND seq > $2 ORDER BY seq"))
            .bind(recipient)
            .bind(seq)
            .fetch_all(db)
            .await?;
    Ok(rows.into_iter().map(Event::from).collect())
}

/// The seq of the recipient's last event at or before notification id `id` (0 if none).
pub async fn seq_at(db: &Db, recipient: i64, id: i64) -> Result<i64, sqlx::Error> {
    let (seq,): (i64,) = sqlx::query_as(
        "SELECT CAST(COALESCE(MAX(seq), 0) AS BIGINT) FROM notifications WHERE recipient_id = $1 AND id <= $2",
    )
    .bind(recipient)
    .bind(id)
    .fetch_one(db)
    .await?;
    Ok(seq)
}

pub async fn unread_count(db: &Db, recipient: i64) -> Result<i64, sqlx::Error> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM notifications WHERE recipient_id = $1 AND read_at IS NULL",
    )
    .bind(recipient)
    .fetch_one(db)
    .await?;
    Ok(n)
}

/// Marks the recipient's events up to and including `up_to` read; returns how many changed.
pub async fn mark_read(db: &Db, recipient: i64, up_to: i64) -> Result<u64, sqlx::Error> {
    let r =
        sqlx::query("UPDATE notifications SET read_at = $3 WHERE recipient_id = $1 AND id <= $2 AND read_at IS NULL")
            .bind(recipient)
            .bind(up_to)
            .bind(now_ms())
            .execute(db)
            .await?;
    Ok(r.rows_affected())
}

#[derive(sqlx::FromRow)]
pub struct ListedRow {
    pub id: i64,
    pub kind: String,
    pub payload: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

/// For the notification centre: the recipient's events after `after`, newest first when
/// `after` is 0 (the latest page), otherwise oldest first from `after`.
pub async fn list(db: &Db, recipient: i64, after: i64, limit: i64) -> Result<Vec<ListedRow>, sqlx::Error> {
    let order = if after > 0 { "ASC" } else { "DESC" };
    sqlx::query_as(&format!(
        "SELECT id, kind, payload, created_at, read_at FROM notifications WHERE recipient_id = $1 AND id > $2 \
         AND kind NOT LIKE 'badge.%' ORDER BY id {order} LIMIT $3"
    ))
    .bind(recipient)
    .bind(after)
    .bind(limit)
    .fetch_all(db)
    .await
}
