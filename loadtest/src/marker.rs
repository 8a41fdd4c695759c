//! Markers put into the text of every note and reply (`lt:<run>:<seq>`) so that each event
//! arriving on a socket can be matched to the REST call that caused it, and parsing of the
//! server's socket frames.

use std::borrow::Cow;

use serde::Deserialize;
use serde_json::value::RawValue;

/// The marker for operation `seq` of run `run`.
pub fn marker(run: &str, seq: u64) -> String {
    format!("lt:{run}:{seq}")
}

/// The operation number in the first marker of run `run` found in `text`.
pub fn find_marker(run: &str, text: &str) -> Option<u64> {
    let needle = format!("lt:{run}:");
    let mut from = 0;
    while let Some(pos) = text[from..].find(&needle) {
        let start = from + pos + needle.len();
        let digits: &str = {
            let rest = &text[start..];
            let end = rest.find(|c: char| !c.is_ascii_digit()).unwrap_or(rest.len());
            &rest[..end]
        };
        if let Ok(seq) = digits.parse() {
            return Some(seq);
        }
        from = start;
    }
    None
}

/// Where each event kind carries the text written by the REST call that caused it. Add a line
/// here for each new kind the driver sends (questions, answers…).
pub fn text_pointer(kind: &str) -> Option<&'static str> {
    match kind {
        "note.received" => Some("/note/text"),
        "note.replied" => Some("/reply/text"),
        _ => None,
    }
}

/// A server→client frame, as far as the harness needs it.
#[derive(Deserialize, Debug)]
pub struct Frame<'a> {
    #[serde(rename = "type", borrow)]
    pub typ: Cow<'a, str>,
    #[serde(default)]
    pub id: Option<i64>,
    #[serde(default)]
    pub last_id: Option<i64>,
    #[serde(default, borrow)]
    pub kind: Option<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub payload: Option<&'a RawValue>,
    #[serde(default, borrow)]
    pub code: Option<Cow<'a, str>>,
}

/// What one frame means to the harness.
#[derive(Debug, PartialEq, Eq)]
pub enum Incoming {
    /// An event: its notification id and, if it carries this run's marker, the operation.
    Event {
        id: i64,
        op: Option<u64>,
    },
    Resumed {
        last_id: i64,
    },
    Pong,
    Error {
        code: String,
    },
    Other,
}

pub fn parse_frame(run: &str, text: &str) -> Incoming {
    let Ok(frame) = serde_json::from_str::<Frame>(text) else { return Incoming::Other };
    match &*frame.typ {
        "event" => {
            let Some(id) = frame.id else { return Incoming::Other };
            let op = frame.payload.and_then(|p| {
                let by_kind = frame.kind.as_deref().and_then(text_pointer).and_then(|ptr| {
                    let v: serde_json::Value = serde_json::from_str(p.get()).ok()?;
                    find_marker(run, v.pointer(ptr)?.as_str()?)
                });
                by_kind.or_else(|| find_marker(run, p.get()))
            });
            Incoming::Event { id, op }
        }
        "resumed" => Incoming::Resumed { last_id: frame.last_id.unwrap_or(0) },
        "pong" => Incoming::Pong,
        "error" => Incoming::Error { code: frame.code.map(|c| c.into_owned()).unwrap_or_default() },
        _ => Incoming::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_round_trip() {
        let m = marker("ab12", 42);
        assert_eq!(m, "lt:ab12:42");
        assert_eq!(find_marker("ab12", &format!("hello {m} world")), Some(42));
        assert_eq!(find_marker("ab12", "lt:ab12:7"), Some(7));
        assert_eq!(find_marker("ab12", "lt:zz99:7"), None);
        assert_eq!(find_marker("ab12", "lt:ab12:x lt:ab12:9"), Some(9));
        assert_eq!(find_marker("ab12", "nothing"), None);
    }

    #[test]
    fn parses_frames() {
        let note = r#"{"type":"event","id":901,"kind":"note.received","payload":{"note":{"id":5,"text":"lt:r1:17 hi","sender_id":1,"recipient_id":2,"replies":[]}},"created_at":"2026-01-01T00:00:00Z"}"#;
        assert_eq!(parse_frame("r1", note), Incoming::Event { id: 901, op: Some(17) });
        assert_eq!(parse_frame("other", note), Incoming::Event { id: 901, op: None });
        // A reply whose payload also quotes the note: the reply's own marker wins.
        let reply = r#"{"type":"event","id":902,"kind":"note.replied","payload":{"note":{"text":"lt:r1:17"},"note_id":5,"reply":{"text":"re lt:r1:18","author_id":2}},"created_at":"x"}"#;
        assert_eq!(parse_frame("r1", reply), Incoming::Event { id: 902, op: Some(18) });
        // Unknown kinds fall back to the first marker anywhere in the payload.
        let q = r#"{"type":"event","id":903,"kind":"question.asked","payload":{"q":{"body":"lt:r1:19"}}}"#;
        assert_eq!(parse_frame("r1", q), Incoming::Event { id: 903, op: Some(19) });
        // Escaped text does not break parsing.
        let esc =
            r#"{"type":"event","id":904,"kind":"note.received","payload":{"note":{"text":"lt:r1:20 \"q\" \u0628"}}}"#;
        assert_eq!(parse_frame("r1", esc), Incoming::Event { id: 904, op: Some(20) });
        assert_eq!(parse_frame("r1", r#"{"type":"resumed","last_id":77}"#), Incoming::Resumed { last_id: 77 });
        assert_eq!(parse_frame("r1", r#"{"type":"pong"}"#), Incoming::Pong);
        assert_eq!(
            parse_frame("r1", r#"{"type":"error","code":"bad_message","message":"m"}"#),
            Incoming::Error { code: "bad_message".into() }
        );
        assert_eq!(parse_frame("r1", "not json"), Incoming::Other);
    }
}
