//! Line-by-line stream translation, used by the `lamsa braille` CLI and the benchmark.

use std::io::{self, BufRead, Write};

use crate::cell::{parse_brf, parse_dots, parse_unicode, Cell, ParseError};
use crate::{back_into, Lang, Options, Translator, Unknown};

/// A textual form of Braille cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Format {
    /// Unicode Braille patterns (U+2800..U+283F).
    #[default]
    Unicode,
    /// Dot numbers, as [`crate::cells_to_dots`] writes them (`1-12 0 14`).
    Dots,
    /// North American Braille ASCII (`.brf`).
    Brf,
}

impl Format {
    /// Parses one line of this format into cells.
    pub fn parse(self, s: &str) -> Result<Vec<Cell>, ParseError> {
        match self {
            Format::Unicode => parse_unicode(s),
            Format::Dots => parse_dots(s),
            Format::Brf => parse_brf(s),
        }
    }

    fn write(self, cells: &[Cell], out: &mut Vec<u8>) {
        match self {
            Format::Unicode => {
                // U+2800 + bits, bits < 64, is the UTF-8 sequence E2 A0 80+bits.
                let start = out.len();
                out.resize(start + cells.len() * 3, 0);
                for (dst, cell) in out[start..].chunks_exact_mut(3).zip(cells) {
                    dst.copy_from_slice(&[0xE2, 0xA0, 0x80 | cell.bits()]);
                }
            }
            Format::Brf => out.extend(cells.iter().map(|c| c.to_brf() as u8)),
            Format::Dots => out.extend_from_slice(crate::cells_to_dots(cells).as_bytes()),
        }
    }
}

impl std::str::FromStr for Format {
    type Err = String;
    fn from_str(s: &str) -> Result<Format, String> {
        match s.to_ascii_lowercase().as_str() {
            "unicode" | "uni" | "u" => Ok(Format::Unicode),
            "dots" | "dot" | "d" => Ok(Format::Dots),
            "brf" | "ascii" | "b" => Ok(Format::Brf),
            _ => Err(format!("unknown Braille format {s:?} (unicode, dots or brf)")),
        }
    }
}

/// Counts from [`translate_lines`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Lines read.
    pub lines: u64,
    /// Characters read (not counting line ends).
    pub chars: u64,
    /// Cells written (forward) or read (back).
    pub cells: u64,
    /// Untranslatable characters (forward) or meaningless cells (back).
    pub unknown: u64,
}

const FLUSH_AT: usize = 1 << 16;

/// Translates `input` line by line into `output`, one output line per input line.
///
/// Forward (`back == false`): each line of text becomes a line of Braille in
/// `format`. Back (`back == true`): each line of Braille in `format` becomes a
/// line of text; a line that is not valid in `format` fails with
/// [`io::ErrorKind::InvalidData`]. Invalid UTF-8 in forward input is replaced by
/// U+FFFD (and reported as unknown). Untranslatable characters are skipped and
/// counted in [`Stats::unknown`].
pub fn translate_lines<R: BufRead, W: Write>(
    input: R,
    output: W,
    lang: Lang,
    back: bool,
    format: Format,
) -> io::Result<Stats> {
    translate_lines_with(input, output, lang, back, format, &Options::default())
}

/// [`translate_lines`] in the grade (and with the contractions) of `opts`: the
/// `lamsa braille --grade 1|2` command.
pub fn translate_lines_with<R: BufRead, W: Write>(
    mut input: R,
    mut output: W,
    lang: Lang,
    back: bool,
    format: Format,
    opts: &Options,
) -> io::Result<Stats> {
    let mut stats = Stats::default();
    let mut raw: Vec<u8> = Vec::with_capacity(4096);
    let mut buf: Vec<u8> = Vec::with_capacity(FLUSH_AT + 4096);
    let mut cells: Vec<Cell> = Vec::with_capacity(1024);
    let mut unknown: Vec<Unknown> = Vec::new();
    let mut unknown_cells: Vec<usize> = Vec::new();
    let mut text = String::new();
    let mut tr = Translator::new();
    loop {
        raw.clear();
        if input.read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        stats.lines += 1;
        let mut line_bytes = &raw[..];
        if let Some(rest) = line_bytes.strip_suffix(b"\n") {
            line_bytes = rest;
        }
        if let Some(rest) = line_bytes.strip_suffix(b"\r") {
            line_bytes = rest;
        }
        let lossy;
        let line = match std::str::from_utf8(line_bytes) {
            Ok(s) => s,
            Err(_) => {
                lossy = String::from_utf8_lossy(line_bytes).into_owned();
                &lossy
            }
        };
        if back {
            stats.chars += line.chars().count() as u64;
            let parsed = format
                .parse(line)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("line {}: {e}", stats.lines)))?;
            stats.cells += parsed.len() as u64;
            text.clear();
            unknown_cells.clear();
            back_into(&parsed, lang, opts, 0, &mut text, &mut unknown_cells);
            stats.unknown += unknown_cells.len() as u64;
            buf.extend_from_slice(text.as_bytes());
        } else {
            stats.chars += if line.is_ascii() { line.len() as u64 } else { line.chars().count() as u64 };
            cells.clear();
            unknown.clear();
            tr.line_into_with(line, lang, opts, 0, &mut cells, &mut unknown);
            stats.cells += cells.len() as u64;
            stats.unknown += unknown.len() as u64;
            format.write(&cells, &mut buf);
        }
        buf.push(b'\n');
        if buf.len() >= FLUSH_AT {
            output.write_all(&buf)?;
            buf.clear();
        }
    }
    output.write_all(&buf)?;
    output.flush()?;
    Ok(stats)
}
