//! Character attributes as liblouis's tables give them (letter, digit,
//! punctuation, sign, …). Contraction rules test them on the characters around a
//! rule: "a letter before", "a space or punctuation after", and so on.
//!
//! A character a table does not define counts as a space, as in liblouis.

pub(crate) const SPACE: u32 = 1;
pub(crate) const LETTER: u32 = 1 << 1;
pub(crate) const DIGIT: u32 = 1 << 2;
pub(crate) const PUNCT: u32 = 1 << 3;
pub(crate) const SIGN: u32 = 1 << 4;
pub(crate) const MATH: u32 = 1 << 5;
pub(crate) const UPPER: u32 = 1 << 6;
pub(crate) const LOWER: u32 = 1 << 7;
pub(crate) const SEQ_DELIM: u32 = 1 << 8;
pub(crate) const SEQ_BEFORE: u32 = 1 << 9;
pub(crate) const SEQ_AFTER: u32 = 1 << 10;
/// User classes `%0`–`%7` (the `attribute` opcode).
pub(crate) const USER0: u32 = 1 << 16;

/// The attribute of a pattern class character (`%a`, `%[_.]`, …).
pub(crate) fn from_pattern_class(c: char) -> Option<u32> {
    Some(match c {
        '_' => SPACE,
        '#' => DIGIT,
        'a' => LETTER,
        'u' => UPPER,
        'l' => LOWER,
        '.' => PUNCT,
        '$' => SIGN,
        '~' => SEQ_DELIM,
        '<' => SEQ_BEFORE,
        '>' => SEQ_AFTER,
        '0'..='7' => USER0 << (c as u32 - '0' as u32),
        _ => return None,
    })
}

fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\u{A0}' | '\u{2000}'..='\u{200B}' | '\u{202F}')
}

/// Attributes of a character in `en-ueb-g2.ctb` (with its includes).
#[inline]
pub(crate) fn english(c: char) -> u32 {
    match EN_ASCII.get(c as usize) {
        Some(&a) => a,
        None => english_any(c),
    }
}

/// [`english`] for ASCII, computed once.
static EN_ASCII: std::sync::LazyLock<[u32; 128]> = std::sync::LazyLock::new(|| {
    let mut t = [0; 128];
    for (i, slot) in t.iter_mut().enumerate() {
        *slot = english_any(char::from(i as u8));
    }
    t
});

fn english_any(c: char) -> u32 {
    let mut a = match c {
        'a'..='z' => LETTER | LOWER,
        'A'..='Z' => LETTER | UPPER,
        '0'..='9' => DIGIT,
        _ if is_space(c) => SPACE,
        '!' | '"' | '\'' | '(' | ')' | ',' | '-' | '.' | ':' | ';' | '?' | '[' | ']' | '{' | '}' | '>' => PUNCT,
        '«' | '»' | '¿' | '\u{AD}' | '¦' | '‐' | '‑' | '–' | '—' | '―' | '“' | '”' | '‘' | '’' | '…' => {
            PUNCT
        }
        '~' | '+' | '/' | '<' | '=' | '±' | '×' | '÷' | '·' | '²' | '³' | '¼' | '½' | '¾' => MATH,
        _ => match crate::english::letter(c) {
            Some((true, _)) => LETTER | UPPER,
            Some((false, _)) => LETTER | LOWER,
            None if crate::english::symbol(c).is_some() => SIGN,
            None => SPACE,
        },
    };
    // seqdelimiter, seqbeforechars, seqafterchars of en-ueb-g2.ctb.
    match c {
        '-' | '—' | '‐' | '‑' | '–' | '―' => a |= SEQ_DELIM,
        _ => {}
    }
    if matches!(c, '(' | '[' | '{' | '"' | '“' | '\'' | '‘') {
        a |= SEQ_BEFORE;
    }
    if matches!(c, ')' | ']' | '}' | '"' | '”' | '\'' | '’' | '.' | ',' | ';' | ':' | '!' | '?' | '…') {
        a |= SEQ_AFTER;
    }
    // attribute 1: punctuation with only lower dots; attribute 2: consonants.
    if matches!(c, '+' | '=' | '*' | ',' | '.' | ';' | ':' | '?' | '!' | '"' | '\'' | '“' | '”' | '‘' | '’') {
        a |= USER0 << 1;
    }
    if c.is_ascii_alphabetic() && !matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
        || c == '\''
        || c == '’'
    {
        a |= USER0 << 2;
    }
    a
}

/// Attributes of a character in `ar-ar-g2.ctb` (with `ar-ar-g1-core.uti`).
#[inline]
pub(crate) fn arabic(c: char) -> u32 {
    let v = c as usize;
    match v {
        0..=0x7F => AR_TABLE[v],
        0x600..=0x6FF => AR_TABLE[0x80 + v - 0x600],
        _ => arabic_any(c),
    }
}

/// [`arabic`] for ASCII and the Arabic block, computed once.
static AR_TABLE: std::sync::LazyLock<[u32; 0x180]> = std::sync::LazyLock::new(|| {
    let mut t = [0; 0x180];
    for (i, slot) in t.iter_mut().enumerate() {
        let c = if i < 0x80 { i as u32 } else { 0x600 + i as u32 - 0x80 };
        *slot = char::from_u32(c).map_or(SPACE, arabic_any);
    }
    t
});

fn arabic_any(c: char) -> u32 {
    match c {
        // Letters, and the tashkeel, which the Arabic tables define as letters too.
        '\u{0621}'..='\u{063A}' | '\u{0641}'..='\u{064A}' | '\u{064B}'..='\u{0652}' => LETTER,
        'پ' | 'چ' | 'ڤ' | 'گ' => LETTER,
        'a'..='z' => LETTER | LOWER,
        'A'..='Z' => LETTER | UPPER,
        '0'..='9' | '\u{0660}'..='\u{0669}' => DIGIT,
        _ if is_space(c) => SPACE,
        '،' | '؛' | ';' | ':' | '؟' | '?' | '۔' | '.' | ',' | '!' | '"' | '%' | '\'' | ')' | '(' | '-' | '[' | ']'
        | '{' | '}' | '\u{AD}' | '¿' | '‐' | '‑' | '–' | '—' | '―' | '…' | '‘' | '’' | '“' | '”' | '„' | '‟' => {
            PUNCT
        }
        '+' | '/' | '<' | '=' | '>' | '~' | '−' | '×' | '÷' | '✕' => MATH,
        // Written by us, unknown to the table (so a space to its rules).
        '٪' => SPACE,
        _ if crate::arabic::symbol(c).is_some() => SIGN,
        _ => SPACE,
    }
}
