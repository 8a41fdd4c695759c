//! The unified Arabic Braille code, grade 1, as liblouis's `ar-ar-g1.utb` has it.
//!
//! Cells are written left to right (Braille is always read left to right, whatever
//! the print direction).

use crate::cell::{c, Cell};
use crate::common::{digit_value, is_digit_cell, Scratch, DIGITS, LATIN, NUM_SIGN};
use crate::english::{self, CAP};
use crate::g2::table::{Ctx, Op};
use crate::g2::Contractor;
use crate::Unknown;

/// The letter sign, written after a number before a letter that would otherwise
/// read as a digit.
pub(crate) const LETTER_SIGN: Cell = c(56);
pub(crate) const SHADDA: Cell = c(6);
const LAM_ALEF: Cell = c(1236);

/// Arabic letters (including hamza forms, ta marbuta, alef maqsura and the
/// Persian/Urdu letters liblouis maps onto their Arabic neighbours).
#[inline]
pub(crate) fn letter(ch: char) -> Option<Cell> {
    let v = ch as u32;
    if (0x620..0x650).contains(&v) {
        return match LETTER_FAST[(v - 0x620) as usize] {
            0 => None,
            b => Some(Cell(b)),
        };
    }
    letter_slow(ch)
}

/// [`letter`] for U+0620..U+064F (0 = not a letter), built from [`letter_slow`].
static LETTER_FAST: [u8; 0x30] = {
    let mut t = [0u8; 0x30];
    let mut i = 0;
    while i < 0x30 {
        if let Some(ch) = char::from_u32(0x620 + i as u32) {
            if let Some(cell) = letter_slow(ch) {
                t[i] = cell.0;
            }
        }
        i += 1;
    }
    t
};

const fn letter_slow(ch: char) -> Option<Cell> {
    Some(match ch {
        'ء' => c(3),
        'آ' => c(345),
        'أ' => c(34),
        'ؤ' => c(1256),
        'إ' => c(46),
        'ئ' => c(13456),
        'ا' => c(1),
        'ب' => c(12),
        'ة' => c(16),
        'ت' => c(2345),
        'ث' => c(1456),
        'ج' => c(245),
        'ح' => c(156),
        'خ' => c(1346),
        'د' => c(145),
        'ذ' => c(2346),
        'ر' => c(1235),
        'ز' => c(1356),
        'س' => c(234),
        'ش' => c(146),
        'ص' => c(12346),
        'ض' => c(1246),
        'ط' => c(23456),
        'ظ' => c(123456),
        'ع' => c(12356),
        'غ' => c(126),
        'ف' => c(124),
        'ق' => c(12345),
        'ك' => c(13),
        'ل' => c(123),
        'م' => c(134),
        'ن' => c(1345),
        'ه' => c(125),
        'و' => c(2456),
        'ى' => c(135),
        'ي' => c(24),
        'پ' => c(12),
        'چ' => c(245),
        'ڤ' => c(124),
        'گ' => c(13),
        _ => return None,
    })
}

/// Tashkeel (harakat, tanween, shadda, sukun).
#[inline]
pub(crate) fn mark(ch: char) -> Option<Cell> {
    Some(match ch {
        '\u{064B}' => c(23),  // tanween fath
        '\u{064C}' => c(26),  // tanween damm
        '\u{064D}' => c(35),  // tanween kasr
        '\u{064E}' => c(2),   // fatha
        '\u{064F}' => c(136), // damma
        '\u{0650}' => c(15),  // kasra
        '\u{0651}' => c(6),   // shadda
        '\u{0652}' => c(25),  // sukun
        _ => return None,
    })
}

/// Arabic-script letters for language detection (letters, not digits or punctuation).
pub(crate) fn is_arabic_letter(ch: char) -> bool {
    matches!(ch, '\u{0620}'..='\u{064A}' | '\u{066E}'..='\u{06D3}' | '\u{06D5}' | '\u{06FA}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' | '\u{08A0}'..='\u{08C9}' | '\u{FB50}'..='\u{FDFF}' | '\u{FE70}'..='\u{FEFC}')
}

/// Value of a digit the Arabic code writes: Western, Arabic-Indic and Eastern
/// Arabic-Indic (Persian) digits.
#[inline]
fn digit(ch: char) -> Option<usize> {
    match ch {
        '0'..='9' => Some(ch as usize - '0' as usize),
        '\u{0660}'..='\u{0669}' => Some(ch as usize - 0x660),
        '\u{06F0}'..='\u{06F9}' => Some(ch as usize - 0x6F0),
        _ => None,
    }
}

pub(crate) static SYMBOLS: &[(char, &[Cell])] = &[
    ('،', &[c(5)]),
    ('\u{066B}', &[c(256)]), // Arabic decimal separator
    ('\u{066C}', &[c(2)]),   // Arabic thousands separator
    ('؛', &[c(5), c(23)]),
    (';', &[c(5), c(23)]),
    (':', &[c(5), c(2)]),
    ('؟', &[c(236)]),
    ('?', &[c(236)]),
    ('۔', &[c(256)]),
    ('.', &[c(256)]),
    (',', &[c(2)]),
    ('!', &[c(235)]),
    ('"', &[c(2356)]),
    ('\'', &[c(3)]),
    ('(', &[c(236)]),
    (')', &[c(356)]),
    ('[', &[c(6), c(236)]),
    (']', &[c(356), c(3)]),
    ('{', &[c(5), c(236)]),
    ('}', &[c(356), c(2)]),
    ('-', &[c(36), c(36)]),
    ('/', &[c(456), c(36)]),
    ('\\', &[c(45), c(36)]),
    ('#', &[c(456), c(35)]),
    ('$', &[c(4), c(256)]),
    ('%', &[c(25), c(1234)]),
    ('٪', &[c(25), c(1234)]), // Arabic percent sign (liblouis has no rule for it)
    ('&', &[c(4), c(12346)]),
    ('*', &[c(56), c(35)]),
    ('+', &[c(56), c(235)]),
    ('<', &[c(45), c(26)]),
    ('=', &[c(56), c(2356)]),
    ('>', &[c(45), c(35)]),
    ('@', &[c(4), c(1)]),
    ('^', &[c(4), c(26)]),
    ('_', &[c(6), c(36)]),
    ('`', &[c(4)]),
    ('|', &[c(456), c(25)]),
    ('~', &[c(45), c(25)]),
    ('«', &[c(6), c(2356)]),
    ('»', &[c(2356), c(3)]),
    ('‘', &[c(3)]),
    ('’', &[c(3)]),
    ('“', &[c(2356)]),
    ('”', &[c(2356)]),
    ('…', &[c(256), c(256), c(256)]),
    ('–', &[c(5), c(36), c(36)]),
    ('—', &[c(45), c(36), c(36)]),
    ('‐', &[c(36), c(36)]),
    ('‑', &[c(36), c(36)]),
    ('×', &[c(56), c(236)]),
    ('÷', &[c(56), c(256)]),
    ('−', &[c(56), c(36)]),
    ('ـ', &[c(25), c(25)]),
    ('•', &[c(456), c(256)]),
    ('°', &[c(45), c(245)]),
    ('€', &[c(4), c(15)]),
    ('£', &[c(4), c(123)]),
    ('¢', &[c(4), c(14)]),
    ('¥', &[c(4), c(13456)]),
    ('§', &[c(45), c(234)]),
    ('©', &[c(4), c(45), c(14)]),
    ('®', &[c(4), c(45), c(1235)]),
];

pub(crate) static BACK: &[(&[Cell], &str)] = &[
    (&[c(45), c(36), c(36)], "—"),
    (&[c(4), c(45), c(14)], "©"),
    (&[c(4), c(45), c(1235)], "®"),
    (&[c(5), c(23)], "؛"),
    (&[c(5), c(2)], ":"),
    (&[c(5), c(236)], "{"),
    (&[c(5)], "،"),
    (&[c(25), c(1234)], "%"),
    (&[c(36), c(36)], "-"),
    (&[c(456), c(36)], "/"),
    (&[c(45), c(36)], "\\"),
    (&[c(456), c(35)], "#"),
    (&[c(4), c(256)], "$"),
    (&[c(4), c(12346)], "&"),
    (&[c(56), c(35)], "*"),
    (&[c(56), c(235)], "+"),
    (&[c(45), c(26)], "<"),
    (&[c(56), c(2356)], "="),
    (&[c(45), c(35)], ">"),
    (&[c(4), c(1)], "@"),
    (&[c(4), c(26)], "^"),
    (&[c(6), c(36)], "_"),
    (&[c(456), c(25)], "|"),
    (&[c(45), c(25)], "~"),
    (&[c(6), c(2356)], "«"),
    (&[c(2356), c(3)], "»"),
    (&[c(6), c(236)], "["),
    (&[c(356), c(3)], "]"),
    (&[c(356), c(2)], "}"),
    (&[c(56), c(236)], "×"),
    (&[c(56), c(256)], "÷"),
    (&[c(56), c(36)], "−"),
    (&[c(456), c(256)], "•"),
    (&[c(45), c(245)], "°"),
    (&[c(4), c(15)], "€"),
    (&[c(4), c(123)], "£"),
    (&[c(4), c(14)], "¢"),
    (&[c(4), c(13456)], "¥"),
    (&[c(45), c(234)], "§"),
    (&[c(256)], "."),
    (&[c(235)], "!"),
    (&[c(2356)], "\""),
    (&[c(356)], ")"),
    (&[c(4)], "`"),
];

pub(crate) fn symbol(ch: char) -> Option<&'static [Cell]> {
    SYMBOLS.iter().find(|(s, _)| *s == ch).map(|(_, cells)| *cells)
}

/// Arabic letter for each cell, for back-translation (the main letter where
/// several print letters share a cell: ب not پ, ج not چ, ف not ڤ, ك not گ).
static LETTER_BACK: [char; 64] = {
    let mut t = ['\0'; 64];
    let letters = [
        ('ء', c(3)),
        ('آ', c(345)),
        ('أ', c(34)),
        ('ؤ', c(1256)),
        ('إ', c(46)),
        ('ئ', c(13456)),
        ('ا', c(1)),
        ('ب', c(12)),
        ('ة', c(16)),
        ('ت', c(2345)),
        ('ث', c(1456)),
        ('ج', c(245)),
        ('ح', c(156)),
        ('خ', c(1346)),
        ('د', c(145)),
        ('ذ', c(2346)),
        ('ر', c(1235)),
        ('ز', c(1356)),
        ('س', c(234)),
        ('ش', c(146)),
        ('ص', c(12346)),
        ('ض', c(1246)),
        ('ط', c(23456)),
        ('ظ', c(123456)),
        ('ع', c(12356)),
        ('غ', c(126)),
        ('ف', c(124)),
        ('ق', c(12345)),
        ('ك', c(13)),
        ('ل', c(123)),
        ('م', c(134)),
        ('ن', c(1345)),
        ('ه', c(125)),
        ('و', c(2456)),
        ('ى', c(135)),
        ('ي', c(24)),
    ];
    let mut i = 0;
    while i < letters.len() {
        t[letters[i].1 .0 as usize] = letters[i].0;
        i += 1;
    }
    t
};

static MARK_BACK: [char; 64] = {
    let mut t = ['\0'; 64];
    t[c(23).0 as usize] = '\u{064B}';
    t[c(26).0 as usize] = '\u{064C}';
    t[c(35).0 as usize] = '\u{064D}';
    t[c(2).0 as usize] = '\u{064E}';
    t[c(136).0 as usize] = '\u{064F}';
    t[c(15).0 as usize] = '\u{0650}';
    t[c(25).0 as usize] = '\u{0652}';
    t
};

#[inline]
fn letter_back(cell: Cell) -> Option<char> {
    match LETTER_BACK.get(cell.0 as usize) {
        Some('\0') | None => None,
        Some(&ch) => Some(ch),
    }
}

#[inline]
fn mark_back(cell: Cell) -> Option<char> {
    match MARK_BACK.get(cell.0 as usize) {
        Some('\0') | None => None,
        Some(&ch) => Some(ch),
    }
}

/// Translates one line (no '\n' inside), appending to `out`.
pub(crate) fn forward_line(
    line: &str,
    base: usize,
    out: &mut Vec<Cell>,
    unknown: &mut Vec<Unknown>,
    s: &mut Scratch,
    g2: Option<&Contractor>,
) {
    s.chars.clear();
    s.chars.extend(line.chars());
    // Capital signs are only needed for Latin capitals, which are rare in Arabic text.
    let any_upper = line.bytes().any(|b| b.is_ascii_uppercase());
    if any_upper {
        s.kinds.clear();
        s.kinds.extend(s.chars.iter().map(|&ch| english::latin_kind(ch)));
        english::mark_capitals(s, false);
    }
    let chars = &s.chars;
    let n = chars.len();
    let mut numeric = false;
    // Grade 2: after a number liblouis does not contract until the next space.
    let mut dont_contract = false;
    let mut i = 0;
    while i < n {
        let ch = chars[i];
        if let Some(g2) = g2 {
            let cx = Ctx { chars, emph: &[], dont_contract, enabled: g2.enabled, rulebook: g2.rulebook };
            if let Some(rule) = g2.table.select(&cx, i) {
                let len = rule.chars.len();
                if rule.op == Op::Contraction {
                    out.push(LETTER_SIGN);
                }
                if numeric {
                    if letter(ch).or_else(|| mark(ch)).is_some_and(is_digit_cell) {
                        out.push(LETTER_SIGN);
                    }
                    numeric = false;
                }
                rule.write(&chars[i..i + len], out, |c, out| match letter(c).or_else(|| mark(c)) {
                    Some(cell) => out.push(cell),
                    None => out.extend_from_slice(symbol(c).unwrap_or(&[])),
                });
                i += len;
                continue;
            }
            if crate::g2::attr::arabic(ch) & crate::g2::attr::SPACE != 0 {
                dont_contract = false;
            }
        }
        if let Some(mut cell) = letter(ch) {
            let mut end = i + 1;
            if ch == 'ل' && end < n && chars[end] == 'ا' {
                cell = LAM_ALEF;
                end += 1;
            }
            // Marks following the letter; a shadda among them is written first.
            let marks_start = end;
            let mut shadda_at = usize::MAX;
            while end < n {
                match chars[end] {
                    '\u{0651}' if shadda_at == usize::MAX => shadda_at = end,
                    '\u{064B}'..='\u{0652}' => {}
                    _ => break,
                }
                end += 1;
            }
            if numeric {
                // The letter sign goes right before a letter that would read as a
                // digit; a shadda written first already ends the number.
                if shadda_at == usize::MAX && is_digit_cell(cell) {
                    out.push(LETTER_SIGN);
                }
                numeric = false;
            }
            if shadda_at != usize::MAX {
                out.push(SHADDA);
            }
            out.push(cell);
            for (j, &m) in chars.iter().enumerate().take(end).skip(marks_start) {
                if j != shadda_at {
                    out.push(mark(m).unwrap_or(SHADDA));
                }
            }
            i = end;
            continue;
        }
        if let Some(d) = digit(ch) {
            if !numeric {
                out.push(NUM_SIGN);
                numeric = true;
                dont_contract = true;
            }
            out.push(DIGITS[d]);
            i += 1;
            continue;
        }
        match ch {
            ' ' | '\t' | '\u{A0}' => {
                numeric = false;
                out.push(Cell::EMPTY);
            }
            'a'..='z' | 'A'..='Z' => {
                let m = if any_upper { s.marks[i] } else { 0 };
                if m & (english::PRE_LETTER | english::PRE_WORD) != 0 {
                    numeric = false;
                    out.push(CAP);
                    if m & english::PRE_WORD != 0 {
                        out.push(CAP);
                    }
                }
                let cell = LATIN[(ch as u8 | 0x20) as usize - b'a' as usize];
                if numeric {
                    if is_digit_cell(cell) {
                        out.push(LETTER_SIGN);
                    }
                    numeric = false;
                }
                out.push(cell);
                if m & english::POST_TERM != 0 {
                    out.push(CAP);
                    out.push(c(3));
                }
            }
            // Decimal point (also the Arabic decimal separator ٫) and thousands
            // separator inside a number.
            '.' | ',' | '\u{066B}' | '\u{066C}' if numeric => {
                out.push(if ch == ',' || ch == '\u{066C}' { c(2) } else { c(256) });
            }
            // A number that starts with a point (`.5`, `...5`, `,5`) takes the
            // number sign before the point(s).
            '.' | ',' if starts_number(chars, i) => {
                out.push(NUM_SIGN);
                out.push(if ch == '.' { c(256) } else { c(2) });
                numeric = true;
            }
            _ => {
                if let Some(m) = mark(ch) {
                    // A mark with no letter before it.
                    if numeric {
                        if is_digit_cell(m) {
                            out.push(LETTER_SIGN);
                        }
                        numeric = false;
                    }
                    out.push(m);
                } else {
                    numeric = false;
                    match symbol(ch) {
                        Some(cells) => out.extend_from_slice(cells),
                        None => unknown.push(Unknown { index: base + i, ch }),
                    }
                }
            }
        }
        i += 1;
    }
}

fn starts_number(chars: &[char], i: usize) -> bool {
    let mut j = i;
    while j < chars.len() && matches!(chars[j], '.' | ',') {
        j += 1;
    }
    j < chars.len() && digit(chars[j]).is_some()
}

/// Back-translates one line of cells. Digits come back as Arabic-Indic digits
/// (the code does not distinguish them from Western digits), letters as Arabic
/// letters (Latin letters share the cells and cannot be told apart).
pub(crate) fn back_line(cells: &[Cell], base: usize, out: &mut String, unknown: &mut Vec<usize>) {
    let line_start = out.len();
    let n = cells.len();
    let at = |j: usize| if j < n { cells[j] } else { Cell(0xFF) };
    let mut numeric = false;
    let mut i = 0;
    while i < n {
        let cell = cells[i];
        if numeric {
            if let Some(v) = digit_value(cell) {
                out.push(char::from_u32(0x660 + v as u32).unwrap_or('0'));
                i += 1;
                continue;
            }
            // Decimal point and thousands separator keep the number going (as in
            // the forward direction, where `1.ب` is ⠼⠁⠲⠰⠃).
            if cell == c(256) || cell == c(2) {
                out.push(if cell == c(256) { '.' } else { ',' });
                i += 1;
                continue;
            }
            numeric = false;
        }
        if cell == Cell::EMPTY {
            out.push(' ');
            i += 1;
            continue;
        }
        if cell == NUM_SIGN {
            numeric = true;
            i += 1;
            continue;
        }
        if cell == LETTER_SIGN && (is_digit_cell(at(i + 1))) {
            i += 1;
            continue;
        }
        if i == 0 || cells[i - 1] == Cell::EMPTY {
            let word_end = cells[i..].iter().position(|&c| c == Cell::EMPTY).map_or(n, |k| i + k);
            let len = address_len(&cells[i..word_end]);
            if len > 0 {
                address_back(&cells[i..i + len], base + i, out, unknown);
                i += len;
                continue;
            }
        }
        // A capital sign (the shadda's cell) cannot start an Arabic word: at the start of one it
        // announces a Latin word ("نظام Linux"), read as English Braille to the word's end.
        // (⠠⠧ stays لاّ: the lam-alef's cell is also v.)
        if cell == SHADDA
            && (i == 0 || cells[i - 1] == Cell::EMPTY)
            && at(i + 1) != LAM_ALEF
            && crate::english::is_letter_cell(at(i + 1))
        {
            let mut end = cells[i..].iter().position(|&c| c == Cell::EMPTY).map_or(n, |k| i + k);
            // Punctuation after the word ("Linux،") is the Arabic text's again.
            while end > i + 1 && !crate::english::is_letter_cell(cells[end - 1]) {
                end -= 1;
            }
            crate::english::back_line(&cells[i..end], base + i, out, unknown);
            i = end;
            continue;
        }
        if cell == SHADDA {
            let next = at(i + 1);
            if next == LAM_ALEF {
                out.push_str("لاّ");
                i += 2;
                continue;
            }
            if let Some(l) = letter_back(next) {
                out.push(l);
                out.push('\u{0651}');
                i += 2;
                continue;
            }
            if next != c(236) && next != c(36) && next != c(2356) {
                out.push('\u{0651}');
                i += 1;
                continue;
            }
        }
        if cell == LAM_ALEF {
            out.push_str("لا");
            i += 1;
            continue;
        }
        if let Some(l) = letter_back(cell) {
            out.push(l);
            i += 1;
            continue;
        }
        if cell == c(236) {
            // ⠦ is '(' at the start of a word, otherwise the question mark.
            let word_start = out.len() == line_start || out.ends_with([' ', '(', '[', '{', '"', '«']);
            out.push(if word_start && i + 1 < n && at(i + 1) != Cell::EMPTY { '(' } else { '؟' });
            i += 1;
            continue;
        }
        if let Some((cs, text)) = BACK.iter().find(|(cs, _)| cells[i..].starts_with(cs)) {
            out.push_str(text);
            i += cs.len();
            continue;
        }
        if let Some(m) = mark_back(cell) {
            out.push(m);
            i += 1;
            continue;
        }
        unknown.push(base + i);
        i += 1;
    }
}

/// An e-mail or web address in Arabic text (`info@lamsa.org`, `www.lamsa.org`,
/// `https://lamsa.org/news`): the Arabic code writes its Latin letters in the Arabic
/// letters' cells and its punctuation in the Arabic code's signs, with no capital sign to
/// announce them. Their shape gives them away: `www.` or `http(s):` at the start, or an `@`
/// after a letter with a dot later on. Returns how many cells of `word` (cells up to a blank)
/// the address spans, trailing punctuation left to the text (0: not an address).
pub(crate) fn address_len(word: &[Cell]) -> usize {
    const AT: [Cell; 2] = [c(4), c(1)];
    let latin = |s: &str| s.chars().map(|ch| english::letter(ch).map(|(_, cs)| cs[0])).collect::<Option<Vec<Cell>>>();
    let starts = |s: &str| latin(s).is_some_and(|cs| word.starts_with(&cs));
    let colon_after = |k: usize| word[k.min(word.len())..].starts_with(&[c(5), c(2)]);
    let web = (starts("www") && word.get(3) == Some(&c(256)))
        || (starts("http") && colon_after(4))
        || (starts("https") && colon_after(5));
    let mail = word.windows(2).position(|w| w == AT).is_some_and(|p| {
        p > 0 && crate::common::letter_of(word[p - 1]).is_some() && {
            let rest = &word[p + 2..];
            rest.windows(2).any(|w| w[0] == c(256) && crate::common::letter_of(w[1]).is_some())
        }
    });
    if !(web || mail) {
        return 0;
    }
    let mut end = word.len();
    while end > 0 && crate::common::letter_of(word[end - 1]).is_none() {
        end -= 1;
    }
    end
}

/// Reads an address found by [`address_len`]: lower-case Latin letters (a capital sign
/// before a capital, two before a word of capitals), Western digits after the number sign,
/// and the Arabic code's signs for `: / _ - @ .`.
pub(crate) fn address_back(cells: &[Cell], base: usize, out: &mut String, unknown: &mut Vec<usize>) {
    const SIGNS: &[(&[Cell], char)] = &[
        (&[c(5), c(2)], ':'),
        (&[c(456), c(36)], '/'),
        (&[c(6), c(36)], '_'),
        (&[c(4), c(1)], '@'),
        (&[c(256)], '.'),
        (&[c(36)], '-'),
    ];
    let (mut i, mut caps_word, mut caps_next, mut numeric) = (0, false, false, false);
    while i < cells.len() {
        if let Some((cs, ch)) = SIGNS.iter().find(|(cs, _)| cells[i..].starts_with(cs)) {
            out.push(*ch);
            (caps_word, caps_next, numeric) = (false, false, false);
            i += cs.len();
            continue;
        }
        let cell = cells[i];
        if cell == NUM_SIGN {
            numeric = true;
        } else if numeric && digit_value(cell).is_some() {
            out.extend(crate::common::digit_of(cell));
        } else if cell == CAP {
            caps_word |= caps_next;
            caps_next = true;
        } else if let Some(l) = crate::common::letter_of(cell) {
            out.push(if caps_word || caps_next { l.to_ascii_uppercase() } else { l });
            caps_next = false;
        } else {
            unknown.push(base + i);
        }
        i += 1;
    }
}
