//! SQL, one module per aggregate. Handlers never hold SQL; these functions never see HTTP.

pub mod admin;
pub mod assessments;
pub mod audit;
pub mod certificates;
pub mod contact;
pub mod courses;
pub mod mail_outbox;
pub mod media;
pub mod news;
pub mod notes;
pub mod notifications;
pub mod practice;
pub mod questions;
pub mod revisions;
pub mod site;
pub mod tokens;
pub mod users;

/// True when a database error is a unique-constraint violation (same on both backends).
pub fn is_unique_violation(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::Database(db) => {
            db.code().is_some_and(|c| c == "23505" || c == "2067" || c == "1555")
                || db.message().contains("UNIQUE constraint failed")
        }
        _ => false,
    }
}

/// A LIKE pattern matching `text` anywhere, lower-cased, with LIKE's wildcards in it taken
/// literally (use with `ESCAPE '\'`).
pub fn contains_pattern(text: &str) -> String {
    format!("%{}%", text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
}

/// A batch statement as the connection's database binds it fastest. SQLite looks each `$N`
/// parameter up by name in a list as it is bound, so binding a statement grows with the square of
/// its parameters (the note writer's 48-row inserts: 6 % of the server's CPU at 15,000 notes a
/// second, perf); its anonymous `?` parameters are bound by position. PostgreSQL keeps `$N`.
pub fn for_connection(conn: &sqlx::AnyConnection, sql: String) -> String {
    if crate::db::is_sqlite_connection(conn) {
        anonymous_parameters(&sql).unwrap_or(sql)
    } else {
        sql
    }
}

/// `sql` with `$1, $2, …` written `?`, when they appear once each in that order (else `None`:
/// positional parameters would bind the values to the wrong places).
fn anonymous_parameters(sql: &str) -> Option<String> {
    let mut out = String::with_capacity(sql.len());
    let mut expected = 1usize;
    let mut rest = sql;
    while let Some(at) = rest.find('$') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            out.push('$');
        } else {
            if after[..digits].parse::<usize>().ok()? != expected {
                return None;
            }
            expected += 1;
            out.push('?');
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    Some(out)
}

/// `$1, $2, … $n`: the placeholders of an `IN (…)` list of `n` bound values.
pub fn placeholders(n: usize) -> String {
    (1..=n).map(|i| format!("${i}")).collect::<Vec<_>>().join(", ")
}

/// The sizes a batch statement comes in. A batch of `n` rows uses the statement of the next
/// size up, its spare rows bound to NULL and skipped, so a busy writer uses at most these few
/// statements per table: each is prepared once on its connection and then only executed. With
/// a statement per exact size, every new size cost the database a parse and plan and a round
/// trip more, and the first seconds under load, when every size is new, stalled for 100–200 ms.
const STATEMENT_SIZES: [usize; 16] = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256];

/// How many rows the statement for a batch of `n` has ([`STATEMENT_SIZES`]).
pub fn statement_size(n: usize) -> usize {
    STATEMENT_SIZES.iter().copied().find(|s| *s >= n).unwrap_or_else(|| n.next_power_of_two())
}

/// The query with `ids` bound, then NULL up to `size` (a [`statement_size`]): the binds of an
/// `IN (…)` list of [`placeholders`]`(size)`. NULL equals nothing, so the spares match no row.
pub fn bind_ids<'q, O>(
    query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    ids: &[i64],
    size: usize,
) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
    let query = ids.iter().fold(query, |q, id| q.bind(Some(*id)));
    (ids.len()..size).fold(query, |q, _| q.bind(None::<i64>))
}

/// `(VALUES ($1, $2, …), (…), …) AS v`: `rows` rows of `cols` placeholders. Its columns are
/// `column1`, `column2`… on both SQLite and PostgreSQL.
pub fn values_table(rows: usize, cols: usize) -> String {
    let rows = (0..rows)
        .map(|r| format!("({})", (1..=cols).map(|c| format!("${}", r * cols + c)).collect::<Vec<_>>().join(", ")))
        .collect::<Vec<_>>()
        .join(", ");
    format!("(VALUES {rows}) AS v")
}

/// A value bound to a filter's placeholder.
#[derive(Clone, Debug)]
pub enum Arg {
    Int(i64),
    Text(String),
}

/// A `WHERE` clause built from optional filters, its placeholders numbered as they are added.
#[derive(Default, Clone, Debug)]
pub struct Filter {
    clauses: Vec<String>,
    pub args: Vec<Arg>,
}

impl Filter {
    /// Adds `clause`, whose `?` marks stand for `args` in order.
    pub fn and(&mut self, clause: &str, args: impl IntoIterator<Item = Arg>) -> &mut Self {
        let mut out = String::new();
        let mut args = args.into_iter();
        for (i, part) in clause.split('?').enumerate() {
            if i > 0 {
                self.args.push(args.next().expect("one argument per ?"));
                out.push_str(&format!("${}", self.args.len()));
            }
            out.push_str(part);
        }
        self.clauses.push(out);
        self
    }

    /// ` WHERE a AND b`, or nothing.
    pub fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }

    /// The next placeholder's number (for LIMIT/OFFSET after the filter's).
    pub fn next(&self) -> usize {
        self.args.len() + 1
    }

    pub fn bind<'q, O>(
        &self,
        mut query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
        for a in &self.args {
            query = match a {
                Arg::Int(i) => query.bind(*i),
                Arg::Text(t) => query.bind(t.clone()),
            };
        }
        query
    }
}

/// One page of rows and how many there are in all.
pub struct Page<T> {
    pub items: Vec<T>,
    pub total: i64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_batch_has_a_statement_at_most_half_again_its_size() {
        for n in 1..=256 {
            let size = statement_size(n);
            assert!(size >= n && size * 2 <= n * 3 + 1, "{n} rows → {size}");
        }
        assert_eq!((statement_size(1), statement_size(5), statement_size(256)), (1, 6, 256));
        assert_eq!(statement_size(300), 512);
    }

    #[test]
    fn a_values_table_numbers_its_placeholders_row_by_row() {
        assert_eq!(values_table(2, 3), "(VALUES ($1, $2, $3), ($4, $5, $6)) AS v");
    }

    #[test]
    fn numbered_parameters_in_order_become_anonymous() {
        let sql =
            format!("INSERT INTO t SELECT column1, column2 FROM {} WHERE column1 IS NOT NULL", values_table(2, 2));
        assert_eq!(
            anonymous_parameters(&sql).as_deref(),
            Some("INSERT INTO t SELECT column1, column2 FROM (VALUES (?, ?), (?, ?)) AS v WHERE column1 IS NOT NULL")
        );
        assert_eq!(anonymous_parameters("SELECT 1").as_deref(), Some("SELECT 1"));
        assert_eq!(anonymous_parameters("SELECT '$' || $1").as_deref(), Some("SELECT '$' || ?"));
    }

    #[test]
    fn parameters_out_of_order_or_repeated_stay_numbered() {
        assert_eq!(anonymous_parameters("WHERE a = $2 AND b = $1"), None);
        assert_eq!(anonymous_parameters("WHERE sender_id = $1 OR recipient_id = $1"), None);
        assert_eq!(anonymous_parameters("WHERE a = $1 AND b = $3"), None);
    }
}
