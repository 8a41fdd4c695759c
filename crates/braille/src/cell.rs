//! The 6-dot cell and its textual forms (Unicode Braille, dot numbers, Braille ASCII).

use std::fmt;

/// One 6-dot Braille cell. Bit `i` is dot `i + 1` (bit 0 = dot 1 … bit 5 = dot 6),
/// which is also the offset of the cell in the Unicode Braille block (U+2800).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Cell(pub(crate) u8);

/// North American Braille ASCII, indexed by cell bits (same order as U+2800..U+283F).
const BRF: &[u8; 64] = b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// Inverse of [`BRF`] for the printable ASCII range 0x20..0x7F (0xFF = no cell).
const BRF_INV: [u8; 96] = {
    let mut inv = [0xFFu8; 96];
    let mut i = 0;
    while i < 64 {
        inv[(BRF[i] - 0x20) as usize] = i as u8;
        i += 1;
    }
    // Lower-case letters and the lower-case forms some BRF writers use for @ [ \ ] ^.
    let mut c = b'a';
    while c <= b'z' {
        inv[(c - 0x20) as usize] = inv[(c - 32 - 0x20) as usize];
        c += 1;
    }
    inv[(b'`' - 0x20) as usize] = inv[(b'@' - 0x20) as usize];
    inv[(b'{' - 0x20) as usize] = inv[(b'[' - 0x20) as usize];
    inv[(b'|' - 0x20) as usize] = inv[(b'\\' - 0x20) as usize];
    inv[(b'}' - 0x20) as usize] = inv[(b']' - 0x20) as usize];
    inv[(b'~' - 0x20) as usize] = inv[(b'^' - 0x20) as usize];
    inv
};

/// Builds a cell from a decimal dot number such as `125` (dots 1, 2 and 5); `0` is the
/// empty cell. Used to write the tables the way Braille references write them.
pub(crate) const fn c(mut n: u32) -> Cell {
    let mut bits = 0u8;
    while n > 0 {
        let d = n % 10;
        assert!(d >= 1 && d <= 6, "dot out of range");
        bits |= 1 << (d - 1);
        n /= 10;
    }
    Cell(bits)
}

impl Cell {
    /// The blank cell (no dots raised), used for spaces.
    pub const EMPTY: Cell = Cell(0);

    /// A cell from its bit pattern; `None` if a bit above dot 6 is set.
    pub const fn from_bits(b: u8) -> Option<Cell> {
        if b < 64 {
            Some(Cell(b))
        } else {
            None
        }
    }

    /// A cell from a list of dot numbers (1–6, any order, repeats allowed).
    /// `None` if a dot number is outside 1–6. An empty list gives [`Cell::EMPTY`].
    pub fn from_dots(dots: &[u8]) -> Option<Cell> {
        let mut b = 0u8;
        for &d in dots {
            if !(1..=6).contains(&d) {
                return None;
            }
            b |= 1 << (d - 1);
        }
        Some(Cell(b))
    }

    /// The bit pattern (bit `i` = dot `i + 1`).
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The raised dots in increasing order.
    pub fn dots(self) -> impl Iterator<Item = u8> {
        (1..=6u8).filter(move |d| self.0 & (1 << (d - 1)) != 0)
    }

    /// `true` for the blank cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The Unicode Braille pattern character (U+2800..U+283F).
    pub fn to_unicode(self) -> char {
        // The value is always < 0x2840, a valid scalar value.
        char::from_u32(0x2800 + self.0 as u32).unwrap_or('\u{2800}')
    }

    /// Parses a Unicode Braille pattern; `None` for anything else, including the
    /// 8-dot patterns (U+2840..U+28FF) that use dots 7 or 8.
    pub fn from_unicode(ch: char) -> Option<Cell> {
        let v = ch as u32;
        if (0x2800..0x2840).contains(&v) {
            Some(Cell((v - 0x2800) as u8))
        } else {
            None
        }
    }

    /// The North American Braille ASCII character (as used in `.brf` files).
    pub fn to_brf(self) -> char {
        BRF[self.0 as usize] as char
    }

    /// Parses a Braille ASCII character. Lower-case letters and the lower-case
    /// variants `` ` { | } ~ `` of `@ [ \ ] ^` are accepted as well.
    pub fn from_brf(ch: char) -> Option<Cell> {
        let v = ch as u32;
        if !(0x20..0x80).contains(&v) {
            return None;
        }
        match BRF_INV[(v - 0x20) as usize] {
            0xFF => None,
            b => Some(Cell(b)),
        }
    }

    /// The dot numbers run together, e.g. `"125"`; the empty cell is `"0"`.
    pub fn dot_string(self) -> String {
        if self.0 == 0 {
            return "0".to_string();
        }
        self.dots().map(|d| (b'0' + d) as char).collect()
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({} {})", self.to_unicode(), self.dot_string())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_unicode())
    }
}

/// Unicode Braille for a cell sequence (no separators).
pub fn cells_to_unicode(cells: &[Cell]) -> String {
    let mut s = String::with_capacity(cells.len() * 3);
    s.extend(cells.iter().map(|c| c.to_unicode()));
    s
}

/// Braille ASCII for a cell sequence (the blank cell is a space).
pub fn cells_to_brf(cells: &[Cell]) -> String {
    cells.iter().map(|c| c.to_brf()).collect()
}

/// Dot numbers for a cell sequence.
///
/// Form: cells of one word are joined by `-`; every blank cell is written as the
/// token `0`; tokens are separated by single spaces. So ⠁⠃⠀⠉ is `"1-12 0 14"`, two
/// blank cells between words give `"1 0 0 14"`, and a lone blank is `"0"`.
/// [`parse_dots`] reads this form back (it also accepts any mix of `-`, spaces and
/// `/` as separators).
pub fn cells_to_dots(cells: &[Cell]) -> String {
    let mut s = String::with_capacity(cells.len() * 4);
    let mut prev_blank = true; // at start: no '-' before the first cell
    for (i, cell) in cells.iter().enumerate() {
        if cell.is_empty() {
            if i > 0 {
                s.push(' ');
            }
            s.push('0');
            prev_blank = true;
        } else {
            if i > 0 {
                s.push(if prev_blank { ' ' } else { '-' });
            }
            for d in cell.dots() {
                s.push((b'0' + d) as char);
            }
            prev_blank = false;
        }
    }
    s
}

/// Why a textual cell sequence could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Char index (for Unicode and BRF) or byte offset of the token (for dots).
    pub index: usize,
    /// The offending character or token.
    pub found: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a 6-dot Braille cell at {}: {:?}", self.index, self.found)
    }
}

impl std::error::Error for ParseError {}

/// Parses Unicode Braille. Plain spaces are read as blank cells; every other
/// character must be a 6-dot pattern (U+2800..U+283F).
pub fn parse_unicode(s: &str) -> Result<Vec<Cell>, ParseError> {
    let mut out = Vec::with_capacity(s.len() / 3 + 1);
    for (i, ch) in s.chars().enumerate() {
        match ch {
            ' ' => out.push(Cell::EMPTY),
            _ => out.push(Cell::from_unicode(ch).ok_or_else(|| ParseError { index: i, found: ch.to_string() })?),
        }
    }
    Ok(out)
}

/// Parses Braille ASCII (see [`Cell::from_brf`]).
pub fn parse_brf(s: &str) -> Result<Vec<Cell>, ParseError> {
    s.chars()
        .enumerate()
        .map(|(i, ch)| Cell::from_brf(ch).ok_or_else(|| ParseError { index: i, found: ch.to_string() }))
        .collect()
}

/// Parses dot numbers in the form written by [`cells_to_dots`]: tokens separated
/// by `-`, `/` or whitespace; a token is the raised dots (`"125"`, any order) or
/// `"0"` for a blank cell.
pub fn parse_dots(s: &str) -> Result<Vec<Cell>, ParseError> {
    let mut out = Vec::new();
    let mut start = None;
    let bytes = s.as_bytes();
    let mut i = 0;
    while i <= bytes.len() {
        let sep = i == bytes.len() || matches!(bytes[i], b'-' | b'/' | b' ' | b'\t' | b'\r' | b'\n');
        if sep {
            if let Some(st) = start.take() {
                let tok = &s[st..i];
                out.push(parse_dot_token(tok).ok_or_else(|| ParseError { index: st, found: tok.to_string() })?);
            }
        } else if start.is_none() {
            start = Some(i);
        }
        i += 1;
    }
    Ok(out)
}

fn parse_dot_token(tok: &str) -> Option<Cell> {
    if tok == "0" {
        return Some(Cell::EMPTY);
    }
    let mut b = 0u8;
    for ch in tok.bytes() {
        match ch {
            b'1'..=b'6' => b |= 1 << (ch - b'1'),
            _ => return None,
        }
    }
    Some(Cell(b))
}
