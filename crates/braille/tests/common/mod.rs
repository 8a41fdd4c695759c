//! Shared by the reference tests.

/// The lines of a reference file `tests/reference/<name>`: input TAB liblouis output.
pub fn load(name: &str) -> Vec<(String, String)> {
    let path = format!("{}/tests/reference/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .map(|l| {
            let (input, expected) = l.split_once('\t').unwrap_or_else(|| panic!("no tab: {l:?}"));
            (input.to_string(), expected.to_string())
        })
        .collect()
}

/// Checks every line of a reference file against liblouis's output: equal, or
/// listed in `exceptions` (input, our output, reason) with our exact output and a
/// liblouis output that still differs. Returns how many lines equal liblouis's.
pub fn check(
    name: &str,
    exceptions: &[(&str, &str, &str)],
    min_lines: usize,
    translate: impl Fn(&str) -> braille::Translation,
) -> (usize, usize) {
    let lines = load(name);
    assert!(lines.len() >= min_lines, "{name}: only {} lines", lines.len());
    let mut bad = Vec::new();
    let mut used = vec![false; exceptions.len()];
    let mut same = 0;
    for (input, liblouis) in &lines {
        let t = translate(input);
        let got = t.to_unicode();
        same += usize::from(got == *liblouis);
        if let Some(k) = exceptions.iter().position(|e| e.0 == input) {
            used[k] = true;
            let (_, ours, why) = exceptions[k];
            if got != ours {
                bad.push(format!("{input}\n   expected {ours} ({why})\n   got      {got}"));
            }
            if liblouis == ours {
                bad.push(format!("{input}: liblouis now agrees, drop the exception ({why})"));
            }
        } else {
            if got != *liblouis {
                bad.push(format!("{input}\n   liblouis {liblouis}\n   ours     {got}"));
            }
            // Where we agree with liblouis, every character must have been translated.
            if !t.unknown.is_empty() {
                bad.push(format!("{input}: unexpected unknown {:?}", t.unknown));
            }
        }
    }
    for (k, e) in exceptions.iter().enumerate() {
        if !used[k] {
            bad.push(format!("exception not in {name}: {:?}", e.0));
        }
    }
    assert!(bad.is_empty(), "{} problems:\n{}", bad.len(), bad.join("\n"));
    (same, lines.len())
}
