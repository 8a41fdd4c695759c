//! Stream translation from stdin to stdout, one output line per input line — the
//! same as `lamsa braille`, for benchmarking the engine before (or without) the
//! server binary.
//!
//! ```text
//! cargo run --release -p braille --example braille-stream -- --lang en [--grade 1|2] [--back] [--format unicode|dots|brf] < in.txt > out.txt
//! ```

use std::io::{self, BufReader, BufWriter};
use std::process::ExitCode;

use braille::{translate_lines_with, Format, Grade, Lang, Options};

fn main() -> ExitCode {
    let mut lang = Lang::English;
    let mut back = false;
    let mut format = Format::Unicode;
    let mut stats = false;
    let mut grade = Grade::One;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let parsed = match a.as_str() {
            "--lang" | "-l" => args.next().ok_or("--lang needs a value".to_string()).and_then(|v| {
                v.parse::<Lang>().map(|l| lang = l).map_err(|e| e.to_string())
            }),
            "--format" | "-f" => args
                .next()
                .ok_or("--format needs a value".to_string())
                .and_then(|v| v.parse::<Format>().map(|f| format = f)),
            "--grade" | "-g" => args
                .next()
                .ok_or("--grade needs a value".to_string())
                .and_then(|v| v.parse::<Grade>().map(|g| grade = g).map_err(|e| e.to_string())),
            "--back" | "-b" => {
                back = true;
                Ok(())
            }
            "--stats" => {
                stats = true;
                Ok(())
            }
            _ => Err(format!(
                "unknown argument {a:?}\nusage: braille-stream --lang en|ar [--grade 1|2] [--back] [--format unicode|dots|brf] [--stats]"
            )),
        };
        if let Err(e) = parsed {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    }
    let input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    let output = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    match translate_lines_with(input, output, lang, back, format, &Options::from(grade)) {
        Ok(s) => {
            if stats {
                eprintln!("lines {} chars {} cells {} unknown {}", s.lines, s.chars, s.cells, s.unknown);
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("braille-stream: {e}");
            ExitCode::FAILURE
        }
    }
}
