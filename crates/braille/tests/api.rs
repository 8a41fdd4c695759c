//! Unit tests of the public API: cells and formats, languages, lines, unknown
//! characters, back-translation details, tables and the stream translator.

use braille::*;

fn u(s: &str, lang: Lang) -> String {
    to_braille(s, lang).to_unicode()
}

fn back(braille: &str, lang: Lang) -> String {
    to_text(&parse_unicode(braille).unwrap(), lang).text
}

#[test]
fn cell_conversions() {
    let h = Cell::from_dots(&[1, 2, 5]).unwrap();
    assert_eq!(h.bits(), 0b10011);
    assert_eq!(h.dots().collect::<Vec<_>>(), vec![1, 2, 5]);
    assert_eq!(h.to_unicode(), '⠓');
    assert_eq!(Cell::from_unicode('⠓'), Some(h));
    assert_eq!(h.to_brf(), 'H');
    assert_eq!(Cell::from_brf('H'), Some(h));
    assert_eq!(Cell::from_brf('h'), Some(h));
    assert_eq!(h.dot_string(), "125");
    assert_eq!(Cell::EMPTY.dot_string(), "0");
    assert_eq!(Cell::EMPTY.to_unicode(), '\u{2800}');
    assert_eq!(Cell::EMPTY.to_brf(), ' ');
    assert_eq!(Cell::from_bits(64), None);
    assert_eq!(Cell::from_dots(&[7]), None);
    assert_eq!(Cell::from_dots(&[5, 2, 1, 1]), Some(h));
    assert_eq!(Cell::from_unicode('⡀'), None); // dot 7
    assert_eq!(Cell::from_unicode('a'), None);
    assert_eq!(Cell::from_brf('é'), None);
    for b in 0..64 {
        let c = Cell::from_bits(b).unwrap();
        assert_eq!(Cell::from_unicode(c.to_unicode()), Some(c));
        assert_eq!(Cell::from_brf(c.to_brf()), Some(c));
    }
    // Braille ASCII for the whole alphabet and the number sign.
    assert_eq!(cells_to_brf(&to_braille("abcxyz 123", Lang::English).cells), "ABCXYZ #ABC");
}

#[test]
fn dot_strings() {
    let cells = to_braille("hi a", Lang::English).cells;
    assert_eq!(cells_to_dots(&cells), "125-24 0 1");
    assert_eq!(parse_dots("125-24 0 1").unwrap(), cells);
    assert_eq!(cells_to_dots(&parse_dots("1 0 0 14").unwrap()), "1 0 0 14");
    assert_eq!(cells_to_dots(&parse_dots("0 1").unwrap()), "0 1");
    assert_eq!(cells_to_dots(&[]), "");
    assert_eq!(parse_dots(" 521/42 ").unwrap(), parse_dots("125-24").unwrap());
    let e = parse_dots("1-27").unwrap_err();
    assert_eq!((e.index, e.found.as_str()), (2, "27"));
    assert!(parse_unicode("⠓x").is_err());
    assert_eq!(parse_unicode("⠓ ⠊").unwrap().len(), 3);
    assert_eq!(parse_brf("H I").unwrap(), parse_unicode("⠓⠀⠊").unwrap());
    assert!(parse_brf("H\u{7f}").is_err());
}

#[test]
fn languages() {
    assert_eq!("ar".parse::<Lang>(), Ok(Lang::Arabic));
    assert_eq!("EN".parse::<Lang>(), Ok(Lang::English));
    assert_eq!("ar-SA".parse::<Lang>(), Ok(Lang::Arabic));
    assert!("fr".parse::<Lang>().is_err());
    assert_eq!(Lang::Arabic.to_string(), "ar");
    assert_eq!(detect_lang("مرحبا Hello"), Lang::Arabic);
    assert_eq!(detect_lang("Hello 123"), Lang::English);
    assert_eq!(detect_lang("١٢٣"), Lang::English); // digits alone are not Arabic letters
    assert_eq!(detect_lang(""), Lang::English);
}

#[test]
fn english_basics() {
    assert_eq!(u("Hello, world!", Lang::English), "⠠⠓⠑⠇⠇⠕⠂⠀⠺⠕⠗⠇⠙⠖");
    assert_eq!(u("HELLO", Lang::English), "⠠⠠⠓⠑⠇⠇⠕");
    assert_eq!(u("READ THIS NOW today", Lang::English), "⠠⠠⠠⠗⠑⠁⠙⠀⠞⠓⠊⠎⠀⠝⠕⠺⠠⠄⠀⠞⠕⠙⠁⠽");
    assert_eq!(u("ABCs", Lang::English), "⠠⠠⠁⠃⠉⠠⠄⠎");
    assert_eq!(u("12abc", Lang::English), "⠼⠁⠃⠰⠁⠃⠉");
    assert_eq!(u("1 000", Lang::English), "⠼⠁⠐⠚⠚⠚");
    assert_eq!(u("3.14", Lang::English), "⠼⠉⠲⠁⠙");
    assert_eq!(u("café", Lang::English), "⠉⠁⠋⠘⠌⠑");
}

#[test]
fn english_back() {
    for s in [
        "Hello, world!",
        "READ THIS NOW today",
        "HeLLo McDonald iPhone ABCs",
        "Room 12B, 1,000 people, 3.14 and 1 000 000",
        "12abc 1st 9am a1b",
        "a,b a!b a:b a;b",
        "user@example.com #tag 50% $5.99",
        "(paren) [br] {cu} a/b a+b=c",
        "Éclair CAFÉ naïve",
    ] {
        let t = to_braille(s, Lang::English);
        assert_eq!(to_text(&t.cells, Lang::English).text, s, "{}", t.to_unicode());
    }
    // ⠦ is an opening quote at the start of a word, a question mark after one.
    assert_eq!(back("⠦⠓⠊⠴", Lang::English), "\"hi\"");
    assert_eq!(back("⠠⠺⠓⠽⠦", Lang::English), "Why?");
    assert_eq!(back("⠙⠕⠝⠄⠞", Lang::English), "don't");
    // Meaningless cells are reported.
    let b = to_text(&parse_unicode("⠁⠿⠃").unwrap(), Lang::English);
    assert_eq!(b.text, "ab");
    assert_eq!(b.unknown_cells, vec![1]);
    let b = to_text(&parse_unicode("⠁⠘⠃").unwrap(), Lang::English);
    assert_eq!(b.unknown_cells, vec![1]);
}

#[test]
fn arabic_basics() {
    assert_eq!(u("مرحبا", Lang::Arabic), "⠍⠗⠱⠃⠁");
    assert_eq!(u("لا", Lang::Arabic), "⠧");
    assert_eq!(u("مُحَمّد", Lang::Arabic), "⠍⠥⠱⠂⠠⠍⠙");
    // Shadda before its letter whichever order shadda and vowel are typed in.
    assert_eq!(u("مَّ", Lang::Arabic), u("مَّ", Lang::Arabic));
    assert_eq!(u("مّ\u{064E}", Lang::Arabic), "⠠⠍⠂");
    assert_eq!(u("م\u{064E}\u{0651}", Lang::Arabic), "⠠⠍⠂");
    assert_eq!(u("١٢٣ 123", Lang::Arabic), "⠼⠁⠃⠉⠀⠼⠁⠃⠉");
    assert_eq!(u("3ب 3ف 3ك", Lang::Arabic), "⠼⠉⠰⠃⠀⠼⠉⠰⠋⠀⠼⠉⠅");
    assert_eq!(u("مرحبا، كيف حالك؟", Lang::Arabic), "⠍⠗⠱⠃⠁⠐⠀⠅⠊⠋⠀⠱⠁⠇⠅⠦");
    assert_eq!(u("مرحبا ABc", Lang::Arabic), "⠍⠗⠱⠃⠁⠀⠠⠠⠁⠃⠠⠄⠉");
}

#[test]
fn arabic_back() {
    assert_eq!(back("⠍⠥⠱⠂⠠⠍⠙", Lang::Arabic), "مُحَمّد");
    assert_eq!(back("⠼⠁⠃⠉", Lang::Arabic), "١٢٣");
    assert_eq!(back("⠦⠍⠗⠱⠃⠁⠴", Lang::Arabic), "(مرحبا)");
    assert_eq!(back("⠍⠗⠱⠃⠁⠦", Lang::Arabic), "مرحبا؟");
    assert_eq!(back("⠼⠉⠰⠋", Lang::Arabic), "٣ف");
    assert_eq!(back("⠠⠧", Lang::Arabic), "لاّ");
    for s in ["مرحبا، كيف حالك؟", "أنا بخير، والحمد لله.", "(انظر الصفحة ٤)", "نعم؛ لا", "قال: \"نعم\"."]
    {
        let t = to_braille(s, Lang::Arabic);
        assert_eq!(to_text(&t.cells, Lang::Arabic).text, s, "{}", t.to_unicode());
    }
}

#[test]
fn lines_are_kept() {
    let t = to_braille("Hi\nBye\r\n\n3", Lang::English);
    assert_eq!(t.line_breaks.len(), 3);
    let lines: Vec<String> = t.lines().map(cells_to_unicode).collect();
    assert_eq!(lines, vec!["⠠⠓⠊", "⠠⠃⠽⠑", "", "⠼⠉"]);
    assert_eq!(t.to_unicode(), "⠠⠓⠊\n⠠⠃⠽⠑\n\n⠼⠉");
    assert_eq!(t.to_brf(), ",HI\n,BYE\n\n#C");
    assert!(t.unknown.is_empty());
    // Numbers and capitals do not continue across lines.
    assert_eq!(u("1\na", Lang::English), "⠼⠁\n⠁");
    let b = back_translate("⠠⠓⠊\n⠼⠉", Format::Unicode, Lang::English).unwrap();
    assert_eq!(b.text, "Hi\n3");
}

#[test]
fn unknown_characters_are_reported() {
    let t = to_braille("Hi مرحبا 😀", Lang::English);
    assert_eq!(t.to_unicode(), "⠠⠓⠊⠀⠀");
    let idx: Vec<usize> = t.unknown.iter().map(|u| u.index).collect();
    assert_eq!(idx, vec![3, 4, 5, 6, 7, 9]);
    assert_eq!(t.unknown[5].ch, '😀');
    // Indexes count chars across lines.
    let t = to_braille("a\n\u{1}", Lang::Arabic);
    assert_eq!(t.unknown, vec![Unknown { index: 2, ch: '\u{1}' }]);
    let t = to_braille("مرحبا é", Lang::Arabic);
    assert_eq!(t.unknown, vec![Unknown { index: 6, ch: 'é' }]);
}

#[test]
fn describe_and_tables() {
    let h = Cell::from_dots(&[1, 2, 5]).unwrap();
    assert_eq!(describe_cell(h, Lang::English), Some("h"));
    assert_eq!(describe_cell(h, Lang::Arabic), Some("ه"));
    assert_eq!(describe_cell(Cell::from_dots(&[3, 4, 5, 6]).unwrap(), Lang::English), Some("numeric indicator"));
    assert_eq!(describe_cell(Cell::from_dots(&[3, 4, 5, 6]).unwrap(), Lang::Arabic), Some("علامة الرقم"));
    assert_eq!(describe_cell(Cell::from_dots(&[1, 2, 3, 6]).unwrap(), Lang::Arabic), Some("لا"));
    assert_eq!(describe_cell(Cell::EMPTY, Lang::English), Some("space"));
    for lang in [Lang::English, Lang::Arabic] {
        let table = reference_table(lang);
        let letters = table.iter().filter(|e| e.kind == EntryKind::Letter).count();
        assert!(letters >= 26);
        assert_eq!(table.iter().filter(|e| e.kind == EntryKind::Digit).count(), 10);
        for e in &table {
            assert!(!e.cells.is_empty() && !e.name_en.is_empty() && !e.name_ar.is_empty());
            // Printable entries translate to exactly their cells.
            if !e.print.is_empty() && e.kind != EntryKind::Indicator {
                let cells = if lang == Lang::English && e.kind != EntryKind::Letter && e.kind != EntryKind::Digit {
                    // Punctuation in its usual place, after a word (a lone `?` takes
                    // the grade 1 indicator).
                    to_braille(&format!("a{}", e.print), lang).cells[1..].to_vec()
                } else {
                    to_braille(e.print, lang).cells
                };
                assert_eq!(cells, e.cells, "{:?}", e);
            }
        }
    }
    assert_eq!(reference_table(Lang::Arabic).iter().filter(|e| e.kind == EntryKind::Tashkeel).count(), 8);
}

#[test]
fn stream_translation() {
    let input = "Hello\nمرحبا\n\n12\n";
    let mut out = Vec::new();
    let stats = translate_lines(input.as_bytes(), &mut out, Lang::English, false, Format::Unicode).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "⠠⠓⠑⠇⠇⠕\n\n\n⠼⠁⠃\n");
    assert_eq!(stats.lines, 4);
    assert_eq!(stats.unknown, 5);
    assert_eq!(stats.chars, 12);

    let mut out = Vec::new();
    translate_lines("Hi 5\r\n".as_bytes(), &mut out, Lang::English, false, Format::Brf).unwrap();
    assert_eq!(out, b",HI #E\n");
    let mut out = Vec::new();
    translate_lines("Hi 5".as_bytes(), &mut out, Lang::English, false, Format::Dots).unwrap();
    assert_eq!(out, b"6-125-24 0 3456-15\n");

    let mut out = Vec::new();
    translate_lines(",HI #E\n".as_bytes(), &mut out, Lang::English, true, Format::Brf).unwrap();
    assert_eq!(out, b"Hi 5\n");
    let mut out = Vec::new();
    translate_lines("⠍⠗⠱⠃⠁\n".as_bytes(), &mut out, Lang::Arabic, true, Format::Unicode).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), "مرحبا\n");
    let err = translate_lines("⠁\nxyz\n".as_bytes(), Vec::new(), Lang::Arabic, true, Format::Unicode).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert!(err.to_string().starts_with("line 2"));
    // Invalid UTF-8 does not stop the stream.
    let mut out = Vec::new();
    let s = translate_lines(&b"a\xffb\n"[..], &mut out, Lang::English, false, Format::Unicode).unwrap();
    assert_eq!(s.unknown, 1);
    assert_eq!(String::from_utf8(out).unwrap(), "⠁⠃\n");
}
