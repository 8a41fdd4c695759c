//! Reference tables (alphabet, digits, punctuation, indicators) for instruction
//! pages and lesson letter tables, and the names of lone cells.

use crate::cell::{c, Cell};
use crate::common::{DIGITS, LATIN, NUM_SIGN};
use crate::Lang;

/// What a [`TableEntry`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// A letter (in Arabic also hamza forms, ta marbuta, alef maqsura, lam-alef).
    Letter,
    /// A digit, written with the number sign.
    Digit,
    /// Punctuation.
    Punctuation,
    /// Other print symbols.
    Symbol,
    /// Braille-only indicators (capitals, number sign, letter sign, …).
    Indicator,
    /// Arabic tashkeel (vowel marks, tanween, shadda, sukun).
    Tashkeel,
}

/// One row of a reference table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableEntry {
    /// The print form (empty for indicators).
    pub print: &'static str,
    /// The Braille cells.
    pub cells: Vec<Cell>,
    /// What the entry is.
    pub kind: EntryKind,
    /// English name.
    pub name_en: &'static str,
    /// Arabic name.
    pub name_ar: &'static str,
}

const EN_LETTERS: [&str; 26] = [
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t", "u", "v", "w",
    "x", "y", "z",
];
const EN_LETTER_NAMES_EN: [&str; 26] = [
    "letter a", "letter b", "letter c", "letter d", "letter e", "letter f", "letter g", "letter h", "letter i",
    "letter j", "letter k", "letter l", "letter m", "letter n", "letter o", "letter p", "letter q", "letter r",
    "letter s", "letter t", "letter u", "letter v", "letter w", "letter x", "letter y", "letter z",
];
const EN_LETTER_NAMES_AR: [&str; 26] = [
    "الحرف a",
    "الحرف b",
    "الحرف c",
    "الحرف d",
    "الحرف e",
    "الحرف f",
    "الحرف g",
    "الحرف h",
    "الحرف i",
    "الحرف j",
    "الحرف k",
    "الحرف l",
    "الحرف m",
    "الحرف n",
    "الحرف o",
    "الحرف p",
    "الحرف q",
    "الحرف r",
    "الحرف s",
    "الحرف t",
    "الحرف u",
    "الحرف v",
    "الحرف w",
    "الحرف x",
    "الحرف y",
    "الحرف z",
];
const DIGIT_PRINT: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];
const DIGIT_PRINT_AR: [&str; 10] = ["٠", "١", "٢", "٣", "٤", "٥", "٦", "٧", "٨", "٩"];
const DIGIT_NAMES_EN: [&str; 10] = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const DIGIT_NAMES_AR: [&str; 10] = ["صفر", "واحد", "اثنان", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية", "تسعة"];

type Row = (&'static str, &'static [Cell], EntryKind, &'static str, &'static str);

static EN_OTHER: &[Row] = &[
    (",", &[c(2)], EntryKind::Punctuation, "comma", "فاصلة"),
    (";", &[c(23)], EntryKind::Punctuation, "semicolon", "فاصلة منقوطة"),
    (":", &[c(25)], EntryKind::Punctuation, "colon", "نقطتان"),
    (".", &[c(256)], EntryKind::Punctuation, "full stop", "نقطة"),
    ("!", &[c(235)], EntryKind::Punctuation, "exclamation mark", "علامة تعجب"),
    ("?", &[c(236)], EntryKind::Punctuation, "question mark", "علامة استفهام"),
    ("'", &[c(3)], EntryKind::Punctuation, "apostrophe", "فاصلة عليا"),
    ("-", &[c(36)], EntryKind::Punctuation, "hyphen", "شرطة"),
    ("—", &[c(6), c(36)], EntryKind::Punctuation, "dash", "شرطة طويلة"),
    ("“", &[c(236)], EntryKind::Punctuation, "opening quotation mark", "علامة تنصيص افتتاحية"),
    ("”", &[c(356)], EntryKind::Punctuation, "closing quotation mark", "علامة تنصيص ختامية"),
    ("(", &[c(5), c(126)], EntryKind::Punctuation, "opening parenthesis", "قوس افتتاحي"),
    (")", &[c(5), c(345)], EntryKind::Punctuation, "closing parenthesis", "قوس ختامي"),
    ("[", &[c(46), c(126)], EntryKind::Punctuation, "opening square bracket", "قوس مربع افتتاحي"),
    ("]", &[c(46), c(345)], EntryKind::Punctuation, "closing square bracket", "قوس مربع ختامي"),
    ("/", &[c(456), c(34)], EntryKind::Symbol, "slash", "شرطة مائلة"),
    ("@", &[c(4), c(1)], EntryKind::Symbol, "at sign", "علامة @"),
    ("#", &[c(456), c(1456)], EntryKind::Symbol, "number sign (hash)", "علامة #"),
    ("$", &[c(4), c(234)], EntryKind::Symbol, "dollar", "دولار"),
    ("%", &[c(46), c(356)], EntryKind::Symbol, "percent", "نسبة مئوية"),
    ("&", &[c(4), c(12346)], EntryKind::Symbol, "ampersand", "علامة و"),
    ("*", &[c(5), c(35)], EntryKind::Symbol, "asterisk", "نجمة"),
    ("+", &[c(5), c(235)], EntryKind::Symbol, "plus", "زائد"),
    ("=", &[c(5), c(2356)], EntryKind::Symbol, "equals", "يساوي"),
    ("×", &[c(5), c(236)], EntryKind::Symbol, "times", "ضرب"),
    ("÷", &[c(5), c(34)], EntryKind::Symbol, "divided by", "قسمة"),
    ("", &[c(6)], EntryKind::Indicator, "capital letter", "حرف كبير"),
    ("", &[c(6), c(6)], EntryKind::Indicator, "capital word", "كلمة بحروف كبيرة"),
    ("", &[c(6), c(6), c(6)], EntryKind::Indicator, "capital passage", "فقرة بحروف كبيرة"),
    ("", &[c(6), c(3)], EntryKind::Indicator, "capitals terminator", "إنهاء الحروف الكبيرة"),
    ("", &[c(3456)], EntryKind::Indicator, "numeric indicator", "علامة الرقم"),
    ("", &[c(56)], EntryKind::Indicator, "grade 1 indicator", "مؤشر المستوى الأول"),
];

static AR_LETTERS: &[(&str, Cell, &str, &str)] = &[
    ("ا", c(1), "alef", "ألف"),
    ("ب", c(12), "ba", "باء"),
    ("ت", c(2345), "ta", "تاء"),
    ("ث", c(1456), "tha", "ثاء"),
    ("ج", c(245), "jim", "جيم"),
    ("ح", c(156), "ha", "حاء"),
    ("خ", c(1346), "kha", "خاء"),
    ("د", c(145), "dal", "دال"),
    ("ذ", c(2346), "dhal", "ذال"),
    ("ر", c(1235), "ra", "راء"),
    ("ز", c(1356), "zay", "زاي"),
    ("س", c(234), "sin", "سين"),
    ("ش", c(146), "shin", "شين"),
    ("ص", c(12346), "sad", "صاد"),
    ("ض", c(1246), "dad", "ضاد"),
    ("ط", c(23456), "emphatic ta", "طاء"),
    ("ظ", c(123456), "emphatic dha", "ظاء"),
    ("ع", c(12356), "ayn", "عين"),
    ("غ", c(126), "ghayn", "غين"),
    ("ف", c(124), "fa", "فاء"),
    ("ق", c(12345), "qaf", "قاف"),
    ("ك", c(13), "kaf", "كاف"),
    ("ل", c(123), "lam", "لام"),
    ("م", c(134), "mim", "ميم"),
    ("ن", c(1345), "nun", "نون"),
    ("ه", c(125), "ha", "هاء"),
    ("و", c(2456), "waw", "واو"),
    ("ي", c(24), "ya", "ياء"),
    ("ء", c(3), "hamza", "همزة"),
    ("أ", c(34), "hamza on alef", "همزة على ألف"),
    ("إ", c(46), "hamza under alef", "همزة تحت ألف"),
    ("آ", c(345), "alef madda", "ألف ممدودة"),
    ("ؤ", c(1256), "hamza on waw", "همزة على واو"),
    ("ئ", c(13456), "hamza on ya", "همزة على نبرة"),
    ("ة", c(16), "ta marbuta", "تاء مربوطة"),
    ("ى", c(135), "alef maqsura", "ألف مقصورة"),
    ("لا", c(1236), "lam-alef", "لام ألف"),
];

static AR_OTHER: &[Row] = &[
    ("\u{064E}", &[c(2)], EntryKind::Tashkeel, "fatha", "فتحة"),
    ("\u{064F}", &[c(136)], EntryKind::Tashkeel, "damma", "ضمة"),
    ("\u{0650}", &[c(15)], EntryKind::Tashkeel, "kasra", "كسرة"),
    ("\u{064B}", &[c(23)], EntryKind::Tashkeel, "tanween fath", "تنوين فتح"),
    ("\u{064C}", &[c(26)], EntryKind::Tashkeel, "tanween damm", "تنوين ضم"),
    ("\u{064D}", &[c(35)], EntryKind::Tashkeel, "tanween kasr", "تنوين كسر"),
    ("\u{0652}", &[c(25)], EntryKind::Tashkeel, "sukun", "سكون"),
    ("\u{0651}", &[c(6)], EntryKind::Tashkeel, "shadda (written before its letter)", "شدة (تكتب قبل الحرف)"),
    ("،", &[c(5)], EntryKind::Punctuation, "comma", "فاصلة"),
    ("؛", &[c(5), c(23)], EntryKind::Punctuation, "semicolon", "فاصلة منقوطة"),
    (":", &[c(5), c(2)], EntryKind::Punctuation, "colon", "نقطتان"),
    (".", &[c(256)], EntryKind::Punctuation, "full stop", "نقطة"),
    ("؟", &[c(236)], EntryKind::Punctuation, "question mark", "علامة استفهام"),
    ("!", &[c(235)], EntryKind::Punctuation, "exclamation mark", "علامة تعجب"),
    ("\"", &[c(2356)], EntryKind::Punctuation, "quotation mark", "علامة تنصيص"),
    ("(", &[c(236)], EntryKind::Punctuation, "opening parenthesis", "قوس افتتاحي"),
    (")", &[c(356)], EntryKind::Punctuation, "closing parenthesis", "قوس ختامي"),
    ("-", &[c(36), c(36)], EntryKind::Punctuation, "hyphen", "شرطة"),
    ("/", &[c(456), c(36)], EntryKind::Symbol, "slash", "شرطة مائلة"),
    ("%", &[c(25), c(1234)], EntryKind::Symbol, "percent", "نسبة مئوية"),
    ("+", &[c(56), c(235)], EntryKind::Symbol, "plus", "زائد"),
    ("=", &[c(56), c(2356)], EntryKind::Symbol, "equals", "يساوي"),
    ("×", &[c(56), c(236)], EntryKind::Symbol, "times", "ضرب"),
    ("÷", &[c(56), c(256)], EntryKind::Symbol, "divided by", "قسمة"),
    ("", &[c(3456)], EntryKind::Indicator, "number sign", "علامة الرقم"),
    ("", &[c(56)], EntryKind::Indicator, "letter sign (after a number)", "علامة الحرف (بعد الرقم)"),
    ("", &[c(6)], EntryKind::Indicator, "capital sign (Latin letter)", "علامة الحرف الكبير (لاتيني)"),
    ("", &[c(6), c(6)], EntryKind::Indicator, "capital word (Latin)", "كلمة بحروف كبيرة (لاتينية)"),
];

/// The alphabet, digits, punctuation, symbols and indicators of a code, in
/// teaching order. Digits are given with their number sign.
pub fn reference_table(lang: Lang) -> Vec<TableEntry> {
    let mut v = Vec::with_capacity(90);
    let other = match lang {
        Lang::English => {
            for i in 0..26 {
                v.push(TableEntry {
                    print: EN_LETTERS[i],
                    cells: vec![LATIN[i]],
                    kind: EntryKind::Letter,
                    name_en: EN_LETTER_NAMES_EN[i],
                    name_ar: EN_LETTER_NAMES_AR[i],
                });
            }
            EN_OTHER
        }
        Lang::Arabic => {
            for &(print, cell, en, ar) in AR_LETTERS {
                v.push(TableEntry { print, cells: vec![cell], kind: EntryKind::Letter, name_en: en, name_ar: ar });
            }
            AR_OTHER
        }
    };
    for d in [1, 2, 3, 4, 5, 6, 7, 8, 9, 0] {
        v.push(TableEntry {
            print: if lang == Lang::Arabic { DIGIT_PRINT_AR[d] } else { DIGIT_PRINT[d] },
            cells: vec![NUM_SIGN, DIGITS[d]],
            kind: EntryKind::Digit,
            name_en: DIGIT_NAMES_EN[d],
            name_ar: DIGIT_NAMES_AR[d],
        });
    }
    for &(print, cells, kind, en, ar) in other {
        v.push(TableEntry { print, cells: cells.to_vec(), kind, name_en: en, name_ar: ar });
    }
    v
}

/// What a lone cell stands for: the letter or punctuation it makes on its own
/// (e.g. ⠓ → `"h"` in English, `"ه"` in Arabic), or the name of the indicator
/// (e.g. ⠼ → `"numeric indicator"` / `"علامة الرقم"`); `"space"`/`"فراغ"` for
/// the blank cell; `None` if the cell has no meaning on its own.
pub fn describe_cell(cell: Cell, lang: Lang) -> Option<&'static str> {
    if cell == Cell::EMPTY {
        return Some(match lang {
            Lang::English => "space",
            Lang::Arabic => "فراغ",
        });
    }
    match lang {
        Lang::English => {
            if let Some(i) = LATIN.iter().position(|&l| l == cell) {
                return Some(EN_LETTERS[i]);
            }
            EN_OTHER.iter().find(|r| r.1.len() == 1 && r.1[0] == cell).map(|r| if r.0.is_empty() { r.3 } else { r.0 })
        }
        Lang::Arabic => {
            if let Some(&(p, ..)) = AR_LETTERS.iter().find(|r| r.1 == cell) {
                return Some(p);
            }
            AR_OTHER.iter().find(|r| r.1.len() == 1 && r.1[0] == cell).map(|r| if r.0.is_empty() { r.4 } else { r.0 })
        }
    }
}
