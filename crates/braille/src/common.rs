//! Tables and helpers shared by both codes.

use crate::cell::{c, Cell};

/// Latin letters a–z (identical in UEB and in the Arabic code's Latin letters).
pub(crate) static LATIN: [Cell; 26] = [
    c(1),
    c(12),
    c(14),
    c(145),
    c(15),
    c(124),
    c(1245),
    c(125),
    c(24),
    c(245),
    c(13),
    c(123),
    c(134),
    c(1345),
    c(135),
    c(1234),
    c(12345),
    c(1235),
    c(234),
    c(2345),
    c(136),
    c(1236),
    c(2456),
    c(1346),
    c(13456),
    c(1356),
];

/// Digits 0–9 after the number sign: the cells of j, a, b, … i.
pub(crate) static DIGITS: [Cell; 10] = [c(245), c(1), c(12), c(14), c(145), c(15), c(124), c(1245), c(125), c(24)];

/// The number sign (numeric indicator), dots 3456, in both codes.
pub(crate) const NUM_SIGN: Cell = c(3456);

/// Latin letter for each cell (0 = none), for back-translation.
static LATIN_BACK: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 26 {
        t[LATIN[i].0 as usize] = b'a' + i as u8;
        i += 1;
    }
    t
};

/// Digit value + 1 for each cell (0 = not a digit cell).
static DIGIT_BACK: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 10 {
        t[DIGITS[i].0 as usize] = i as u8 + 1;
        i += 1;
    }
    t
};

/// Whether a cell reads as a digit after the number sign (the cells of a–j).
#[inline]
pub(crate) fn is_digit_cell(cell: Cell) -> bool {
    cell.0 < 64 && DIGIT_BACK[cell.0 as usize] != 0
}

/// The digit value of a cell in numeric mode.
#[inline]
pub(crate) fn digit_value(cell: Cell) -> Option<u8> {
    if cell.0 < 64 {
        match DIGIT_BACK[cell.0 as usize] {
            0 => None,
            v => Some(v - 1),
        }
    } else {
        None
    }
}

/// The ASCII digit of a cell in numeric mode.
#[inline]
pub(crate) fn digit_of(cell: Cell) -> Option<char> {
    digit_value(cell).map(|v| (b'0' + v) as char)
}

/// The lower-case Latin letter of a cell.
#[inline]
pub(crate) fn letter_of(cell: Cell) -> Option<char> {
    if cell.0 < 64 {
        match LATIN_BACK[cell.0 as usize] {
            0 => None,
            b => Some(b as char),
        }
    } else {
        None
    }
}

/// Reusable per-line buffers, so that translating a stream allocates nothing per line.
#[derive(Default)]
pub(crate) struct Scratch {
    pub chars: Vec<char>,
    pub kinds: Vec<u8>,
    pub marks: Vec<u8>,
    pub emph: Vec<bool>,
}
