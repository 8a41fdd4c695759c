//! Load-test users: from `lamsa loadtest-users` run here, or from a file it produced.

use std::{io::BufRead, path::Path, process::Stdio};

use anyhow::{bail, Context};
use serde::Deserialize;

#[derive(Deserialize, Debug, Clone)]
pub struct User {
    pub id: i64,
    #[serde(rename = "type")]
    pub user_type: String,
    pub access: String,
}

#[derive(Debug, Clone)]
pub struct Users {
    pub supervisor: User,
    pub students: Vec<User>,
}

/// Reads `lamsa loadtest-users` output: one JSON object per line; other lines are skipped.
pub fn parse_users(text: &str) -> anyhow::Result<Users> {
    let mut supervisor = None;
    let mut students = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if !line.starts_with('{') {
            continue;
        }
        let user: User = serde_json::from_str(line).with_context(|| format!("line {}: not a user", n + 1))?;
        match user.user_type.as_str() {
            "supervisor" => {
                supervisor.get_or_insert(user);
            }
            _ => students.push(user),
        }
    }
    let supervisor = supervisor.context("no supervisor in the user list")?;
    Ok(Users { supervisor, students })
}

pub fn read_users_file(path: &Path) -> anyhow::Result<Users> {
    let file = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let mut text = String::new();
    for line in std::io::BufReader::new(file).lines() {
        text.push_str(&line?);
        text.push('\n');
    }
    parse_users(&text)
}

/// Runs `<bin> loadtest-users --count N --ttl-secs T` with this process's environment (it must
/// be the server's: DATABASE_URL, LAMSA_DATA_DIR, LAMSA_JWT_SECRET).
pub fn run_lamsa(bin: &Path, count: usize, ttl_secs: u64) -> anyhow::Result<Users> {
    let out = std::process::Command::new(bin)
        .args(["loadtest-users", "--count", &count.to_string(), "--ttl-secs", &ttl_secs.to_string()])
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot run {}", bin.display()))?;
    if !out.status.success() {
        bail!("{} loadtest-users failed: {}", bin.display(), out.status);
    }
    parse_users(&String::from_utf8_lossy(&out.stdout))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_operator_command_output() {
        let text = r#"{"id":1,"email":"load-supervisor@loadtest.local","type":"supervisor","access":"s.t.u"}
{"id":2,"email":"load-00001@loadtest.local","type":"student","access":"a.b.c"}
some log line
{"id":3,"email":"load-00002@loadtest.local","type":"student","access":"d.e.f"}
"#;
        let u = parse_users(text).unwrap();
        assert_eq!(u.supervisor.id, 1);
        assert_eq!(u.students.len(), 2);
        assert_eq!(u.students[1].access, "d.e.f");
        assert!(parse_users(r#"{"id":2,"type":"student","access":"a"}"#).is_err());
        assert!(parse_users("{bad").is_err());
    }
}
