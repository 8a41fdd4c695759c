//! Back-translation of contracted Braille by analysis and synthesis: each word
//! (the cells between two blank cells) is read in every way the contraction rules
//! and the grade 1 symbols allow — contractions first, longest first — and the
//! first reading whose forward translation gives back exactly these cells is the
//! answer. So a reading is never one the forward translator would have written
//! differently: after the number sign ⠼ the cells are digits (`⠼⠉` is 3, never the
//! Arabic contraction ال), and `⠠⠏⠲⠠⠎⠲` is "P.S." (a lone ⠎ would be "so" only where
//! the forward translation writes it so).
//!
//! A word with no such reading within the search budget comes back as the first
//! reading found (liblouis's greedy choice, roughly); cells that fit nothing are
//! reported as unknown.

use super::table::{Op, Table};
use super::Options;
use crate::cell::Cell;
use crate::Lang;

const NUM_SIGN: Cell = Cell(0b111100); // dots 3456
const CAP: Cell = Cell(0b100000); // dot 6
const G1: Cell = Cell(0b110000); // dots 56
const TERM2: Cell = Cell(0b000100); // dot 3
const NUM_SPACE: Cell = Cell(0b010000); // dot 5

/// Search limits per word: nodes visited and readings checked by forward translation.
const MAX_NODES: usize = 50_000;
const MAX_CHECKS: usize = 2_000;

#[derive(Debug)]
struct Seg {
    cells: Box<[Cell]>,
    /// Lower-case print.
    print: Box<str>,
    /// The contraction rule (index in the table); `None` for a grade 1 symbol
    /// (letter, punctuation, sign).
    rule: Option<u32>,
}

/// The readings of cell sequences, by first cell.
pub(crate) struct BackIndex {
    segs: Vec<Seg>,
    /// Contraction rules by first cell, longest first.
    rules: Vec<Vec<u32>>,
    /// Grade 1 symbols by first cell, longest first.
    plain: Vec<Vec<u32>>,
}

impl BackIndex {
    pub(crate) fn new(table: &Table, lang: Lang) -> BackIndex {
        let mut idx = BackIndex { segs: Vec::new(), rules: vec![Vec::new(); 64], plain: vec![Vec::new(); 64] };
        let mut seen = std::collections::HashSet::new();
        for (ri, r) in table.rules().iter().enumerate() {
            let Some(cells) = &r.cells else { continue };
            if r.noback || cells.is_empty() {
                continue;
            }
            let print: String = r.lower.iter().collect();
            if !seen.insert((cells.to_vec(), print.clone(), r.op)) {
                continue;
            }
            idx.push(cells.to_vec(), print, Some(ri as u32));
        }
        for (cells, print) in plain_symbols(lang) {
            idx.push(cells, print, None);
        }
        let segs = &idx.segs;
        for bucket in idx.rules.iter_mut().chain(idx.plain.iter_mut()) {
            bucket.sort_by_key(|&i| std::cmp::Reverse(segs[i as usize].cells.len()));
        }
        idx
    }

    fn push(&mut self, cells: Vec<Cell>, print: String, rule: Option<u32>) {
        let i = self.segs.len() as u32;
        let first = cells[0].bits() as usize;
        match rule {
            Some(_) => self.rules[first].push(i),
            None => self.plain[first].push(i),
        }
        self.segs.push(Seg { cells: cells.into_boxed_slice(), print: print.into_boxed_str(), rule });
    }
}

/// The grade 1 symbols of a code, read backwards: letters, punctuation and signs,
/// with every print form a cell sequence has (ASCII first).
fn plain_symbols(lang: Lang) -> Vec<(Vec<Cell>, String)> {
    let mut v: Vec<(Vec<Cell>, String)> = Vec::new();
    match lang {
        Lang::English => {
            for (i, &cell) in crate::common::LATIN.iter().enumerate() {
                v.push((vec![cell], ((b'a' + i as u8) as char).to_string()));
            }
            for &(lower, _, cells) in crate::english::ACCENTED {
                v.push((cells.to_vec(), lower.to_string()));
            }
            for &(cells, print) in crate::english::BACK {
                v.push((cells.to_vec(), print.to_string()));
            }
            // Quotes and the apostrophe the forward translator writes by position.
            v.push((vec![Cell(0b100110)], "\"".into())); // ⠦ opening
            v.push((vec![Cell(0b110100)], "\"".into())); // ⠴ closing
            v.push((vec![CAP, Cell(0b110110)], "\"".into())); // ⠠⠶
            v.push((vec![Cell(0b000100)], "'".into())); // ⠄
            for &(ch, cells) in crate::english::SYMBOLS {
                v.push((cells.to_vec(), ch.to_string()));
            }
        }
        Lang::Arabic => {
            for ch in ('\u{0621}'..='\u{064A}').chain(['ة', 'ى']) {
                if let Some(cell) = crate::arabic::letter(ch) {
                    if !v.iter().any(|(c, _)| c == &[cell]) {
                        v.push((vec![cell], ch.to_string()));
                    }
                }
            }
            v.push((vec![Cell(0b100111)], "لا".into())); // ⠧ lam-alef
            for m in '\u{064B}'..='\u{0652}' {
                if let Some(cell) = crate::arabic::mark(m) {
                    v.push((vec![cell], m.to_string()));
                }
            }
            // Shadda is written before its letter.
            let letters: Vec<(Vec<Cell>, String)> = v.iter().filter(|(c, _)| c.len() == 1).cloned().collect();
            for (c, p) in letters {
                if p.chars().all(crate::arabic::is_arabic_letter) {
                    v.push((vec![CAP, c[0]], format!("{p}\u{0651}")));
                }
            }
            // Grade 1 back-translation's choice first (`.` rather than `۔`).
            for &(cells, print) in crate::arabic::BACK {
                v.push((cells.to_vec(), print.to_string()));
            }
            v.push((vec![Cell(0b100110)], "؟".into()));
            for &(ch, cells) in crate::arabic::SYMBOLS {
                v.push((cells.to_vec(), ch.to_string()));
            }
            for (i, &cell) in crate::common::LATIN.iter().enumerate() {
                v.push((vec![cell], ((b'a' + i as u8) as char).to_string()));
            }
        }
    }
    v
}

/// What a rule needs after it (checked on the next character read).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum After {
    #[default]
    Any,
    /// A letter (the rule is at the start or in the middle of a word).
    Letter,
    /// No letter (the rule ends a word).
    NoLetter,
    /// The word stands alone: only punctuation, or `'s`-like endings.
    Alone,
    /// In an `'s`-like ending after a word standing alone.
    AloneApostrophe,
}

#[derive(Clone, Copy, Default)]
struct State {
    after: After,
    /// After a number, up to a hyphen, the forward translation contracts nothing.
    dont_contract: bool,
    /// Reserved for preferences between readings that give the same cells.
    penalty: u16,
    caps_word: bool,
    caps_letter: bool,
    numeric: bool,
    /// After a grade 1 indicator: the next symbol is read as itself.
    g1_next: bool,
    /// After a grade 1 indicator at the start of a word: the whole word is letters.
    g1_word: bool,
    /// In Arabic text, a word that starts with a capital sign: Latin letters to its end (a
    /// shadda, the same cell, cannot start an Arabic word).
    latin_word: bool,
}

struct Search<'a> {
    cells: &'a [Cell],
    idx: &'a BackIndex,
    lang: Lang,
    opts: &'a Options,
    /// The word is inside a capitals passage: read and check it in lower case.
    lower: bool,
    /// Check readings against liblouis's forward translation (where it differs
    /// from the rulebook) rather than ours: for Braille that liblouis wrote.
    compat: bool,
    /// Take the first reading without checking it, skipping cells that fit
    /// nothing (reported in `skipped`).
    lenient: bool,
    skipped: Vec<usize>,
    nodes: usize,
    checks: usize,
    buf: String,
    /// `buf` as characters, for the rules' conditions.
    pbuf: Vec<char>,
    /// The best reading found so far that needs shortforms inside words.
    best: Option<(u16, String)>,
    scratch: crate::common::Scratch,
    check_cells: Vec<Cell>,
    check_unknown: Vec<crate::Unknown>,
}

impl<'a> Search<'a> {
    fn new(cells: &'a [Cell], idx: &'a BackIndex, lang: Lang, opts: &'a Options, lower: bool) -> Search<'a> {
        Search {
            cells,
            idx,
            lang,
            opts,
            lower,
            compat: false,
            lenient: false,
            skipped: Vec::new(),
            nodes: 0,
            checks: 0,
            buf: String::new(),
            pbuf: Vec::new(),
            best: None,
            scratch: Default::default(),
            check_cells: Vec::new(),
            check_unknown: Vec::new(),
        }
    }

    fn run(&mut self) -> Option<String> {
        let found = self.dfs(0, State::default());
        found.or_else(|| self.best.take().map(|(_, t)| t))
    }

    fn dfs(&mut self, j: usize, st: State) -> Option<String> {
        if j == self.cells.len() {
            if self.lenient {
                return Some(self.buf.clone());
            }
            if st.after == After::Letter {
                return None;
            }
            return self.check(st.penalty);
        }
        if self.nodes >= MAX_NODES || self.checks >= MAX_CHECKS {
            return None;
        }
        self.expand(j, st)
    }

    fn expand(&mut self, j: usize, st: State) -> Option<String> {
        self.nodes += 1;
        let cells = self.cells;
        let c = cells[j];
        let at = |k: usize| cells.get(k).copied();

        if st.numeric {
            if let Some(v) = crate::common::digit_value(c) {
                let d = match self.lang {
                    Lang::English => (b'0' + v) as char,
                    Lang::Arabic => char::from_u32(0x660 + v as u32).unwrap_or('0'),
                };
                return self.with(&d.to_string(), j + 1, st, |s, j, st| s.dfs(j, st));
            }
            if c == Cell(0b110010) || c == Cell(0b000010) {
                let p = if c == Cell(0b000010) { "," } else { "." };
                return self.with(p, j + 1, st, |s, j, st| s.dfs(j, st));
            }
            if self.lang == Lang::English && c == NUM_SPACE && at(j + 1).and_then(crate::common::digit_value).is_some()
            {
                return self.with(" ", j + 1, st, |s, j, st| s.dfs(j, st));
            }
        }
        let st = State { numeric: false, ..st };
        if c == NUM_SIGN {
            // A number; in Arabic ⠼ is also the contraction وا at the end of a word.
            let digit_next = at(j + 1)
                .is_some_and(|n| crate::common::is_digit_cell(n) || n == Cell(0b110010) || n == Cell(0b000010));
            if digit_next || self.lang == Lang::English {
                let next = State { numeric: true, dont_contract: true, caps_word: false, caps_letter: false, ..st };
                let r = self.dfs(j + 1, next);
                if r.is_some() || self.lang == Lang::English {
                    return r;
                }
            }
        }
        if c == CAP && !self.lower {
            if at(j + 1) == Some(CAP) {
                let k = if at(j + 2) == Some(CAP) { j + 3 } else { j + 2 };
                if let Some(r) = self.dfs(k, State { caps_word: true, caps_letter: false, ..st }) {
                    return Some(r);
                }
            } else if at(j + 1) == Some(TERM2) {
                return self.dfs(j + 2, State { caps_word: false, caps_letter: false, ..st });
            } else if self.lang == Lang::English || st.latin_word {
                // Inside a Latin word in Arabic text ("YouTube") a capital sign is a capital.
                if let Some(r) = self.dfs(j + 1, State { caps_letter: true, ..st }) {
                    return Some(r);
                }
            } else if j == 0 || cells[j - 1] == Cell::EMPTY {
                // Arabic grade 2 also writes short words with a dot 6 prefix (الناس ⠠⠉, كلما
                // ⠠⠛⠁): a Latin reading of one or two letters is kept only if no Arabic one
                // is found (a penalty), a longer one wins at once.
                let letters = cells[j + 1..].iter().position(|&c| c == Cell::EMPTY).unwrap_or(cells.len() - j - 1);
                let penalty = st.penalty + u16::from(letters <= 2);
                if let Some(r) = self.dfs(j + 1, State { caps_letter: true, latin_word: true, penalty, ..st }) {
                    return Some(r);
                }
            }
        }
        // A Latin word in Arabic text is spelled out: no Arabic contraction stands in it.
        let latin = self.lang == Lang::Arabic && (st.caps_word || st.latin_word);
        if !st.g1_next && !st.g1_word && !st.dont_contract && !latin {
            let table = &super::code(self.lang).table;
            for k in 0..self.idx.rules[c.bits() as usize].len() {
                let seg = &self.idx.segs[self.idx.rules[c.bits() as usize][k] as usize];
                if !cells[j..].starts_with(&seg.cells) {
                    continue;
                }
                let rule = &table.rules[seg.rule.unwrap_or(0) as usize];
                if let Some(en) = &self.opts.contractions {
                    if !rule.needs.is_subset(en) {
                        continue;
                    }
                }
                if !table.before_ok(rule, &self.pbuf) {
                    continue;
                }
                let after = match rule.op {
                    Op::Word | Op::Contraction | Op::LowWord => After::Alone,
                    Op::PrfWord | Op::EndWord => After::NoLetter,
                    Op::BegWord | Op::BegMidWord | Op::MidWord => After::Letter,
                    _ => After::Any,
                };
                let (print, len) = (seg.print.clone(), seg.cells.len());
                if let Some(r) = self.with(&print, j + len, st, |s, j, st| s.dfs(j, State { after, ..st })) {
                    return Some(r);
                }
            }
        }
        if c == G1 && !st.g1_next {
            let word_start = !self.buf.chars().any(char::is_alphanumeric);
            let next = State { g1_next: true, g1_word: st.g1_word || word_start, ..st };
            if let Some(r) = self.dfs(j + 1, next) {
                return Some(r);
            }
        }
        // Where one cell is several symbols (Arabic ⠦ is "(" and "؟"), opening
        // punctuation is read first at the start of a word and last elsewhere.
        let word_start = !self.pbuf.iter().any(|c| c.is_alphanumeric());
        let idx = self.idx;
        let bucket = &idx.plain[c.bits() as usize];
        // In Arabic text a capitals word indicator, or a capital starting a word, announces
        // Latin letters.
        let preferred = |k: &usize| {
            let p = &*idx.segs[bucket[*k] as usize].print;
            if latin {
                p.starts_with(|c: char| c.is_ascii_alphabetic())
            } else {
                matches!(p, "(" | "[" | "{" | "«") == word_start
            }
        };
        let order: Vec<usize> =
            (0..bucket.len()).filter(|k| preferred(k)).chain((0..bucket.len()).filter(|k| !preferred(k))).collect();
        for k in order {
            let seg = &self.idx.segs[self.idx.plain[c.bits() as usize][k] as usize];
            if !cells[j..].starts_with(&seg.cells) {
                continue;
            }
            // Latin letters share the Arabic letters' cells: only capitals tell them apart.
            if self.lang == Lang::Arabic
                && !(st.caps_word || st.caps_letter || st.latin_word)
                && seg.print.starts_with(|c: char| c.is_ascii_alphabetic())
            {
                continue;
            }
            if latin && seg.print.starts_with(is_arabic) {
                continue;
            }
            let (print, len) = (seg.print.clone(), seg.cells.len());
            let next = State { g1_next: false, ..st };
            if let Some(r) = self.with(&print, j + len, next, |s, j, st| s.dfs(j, st)) {
                return Some(r);
            }
        }
        if self.lenient {
            self.skipped.push(j);
            return self.dfs(j + 1, State { after: After::Any, ..st });
        }
        None
    }

    /// Appends `print` (with the capitals in force), continues, then takes it back.
    fn with(
        &mut self,
        print: &str,
        j: usize,
        st: State,
        f: impl FnOnce(&mut Self, usize, State) -> Option<String>,
    ) -> Option<String> {
        let len = self.buf.len();
        let plen = self.pbuf.len();
        let mut st = st;
        // The constraint left by the previous rule applies to this first character.
        if let Some(first) = print.chars().next() {
            let alnum = first.is_alphanumeric();
            let ok = match st.after {
                After::Any => true,
                After::Letter => first.is_alphabetic(),
                After::NoLetter => !alnum,
                After::Alone => !alnum || (first == '\'' || first == '’'),
                After::AloneApostrophe => true,
            };
            if !ok {
                return None;
            }
        }
        let prev_after = st.after;
        for ch in print.chars() {
            if ch.is_alphabetic() && (st.caps_word || st.caps_letter) && !self.lower {
                if self.lang == Lang::English || ch.is_ascii_lowercase() {
                    self.buf.extend(ch.to_uppercase());
                } else {
                    self.buf.push(ch);
                }
                st.caps_letter = false;
            } else {
                self.buf.push(ch);
            }
            if !(ch.is_alphabetic() || ch == '\'' || ch == '’') {
                st.caps_word = false;
                st.latin_word = false;
            }
            if !ch.is_alphabetic() {
                st.g1_word = false;
            }
            if matches!(ch, '-' | '—' | '‐' | '‑' | '–' | '―') {
                st.dont_contract = false;
            }
        }
        self.pbuf.extend(self.buf[len..].chars());
        // The constraint is met; a word standing alone may go on only with
        // punctuation or an `'s`-like ending.
        // A hyphen or dash ends the word standing alone. (Other punctuation could,
        // in Arabic, but a wordsign, a mark and letters with no space between are
        // far less likely than the contractions whose cells they share.)
        let apostrophe = print.starts_with(['\'', '’']);
        let ends = print.starts_with(['-', '—', '‐', '‑', '–', '―']);
        st.after = match prev_after {
            After::Alone | After::AloneApostrophe if ends => After::Any,
            After::Alone | After::AloneApostrophe if apostrophe => After::AloneApostrophe,
            After::Alone | After::AloneApostrophe => After::Alone,
            _ => After::Any,
        };
        let r = f(self, j, st);
        self.buf.truncate(len);
        self.pbuf.truncate(plen);
        r
    }

    /// Whether the reading so far translates forward to exactly the word's cells. A
    /// reading without shortforms inside words ends the search; others are kept
    /// (the one with fewest wins) while the search goes on.
    fn check(&mut self, penalty: u16) -> Option<String> {
        self.checks += 1;
        let penalty = penalty + 64 * implausibility(&self.buf);
        if self.best.as_ref().is_some_and(|(p, _)| *p <= penalty) {
            return None;
        }
        self.check_cells.clear();
        self.check_unknown.clear();
        let text = if self.lower { self.buf.to_lowercase() } else { self.buf.clone() };
        let g2 = super::Contractor {
            table: &super::code(self.lang).table,
            enabled: self.opts.contractions.as_ref(),
            rulebook: !self.compat,
        };
        let (cells, unknown, scratch) = (&mut self.check_cells, &mut self.check_unknown, &mut self.scratch);
        crate::forward_line(&text, self.lang, Some(&g2), 0, cells, unknown, scratch);
        if self.check_cells != self.cells {
            return None;
        }
        if penalty == 0 {
            return Some(self.buf.clone());
        }
        self.best = Some((penalty, self.buf.clone()));
        None
    }
}

/// How unlikely a reading is, where two readings give the same cells: runs of
/// four or more consonants ("Fstbank" for ⠠⠋⠌⠃⠁⠝⠅ loses to "Firstbank"), and
/// brackets or guillemets opened and not closed («كلمة» rather than «كلمةمتىء,
/// whose متى and ء are written ⠶⠄ like »), punctuation glued to the next word.
fn implausibility(s: &str) -> u16 {
    let opened = |o: char, c: char| {
        let (a, b) = (s.matches(o).count(), s.matches(c).count());
        u16::try_from(a.abs_diff(b)).unwrap_or(u16::MAX)
    };
    // Arabic punctuation with an Arabic letter right after it: ⠐ (،) is also the
    // first cell of contractions, ⠲ (.) is ست, ⠦ (؟) is هو (فبعدهن is ف and بعد ⠐⠃,
    // not فلما، and ب); ⠦ is also "?" and "(", and "?انظر" is "(انظر".
    let glued = s
        .chars()
        .zip(s.chars().skip(1))
        .filter(|&(a, b)| matches!(a, '،' | '؛' | '؟' | '?' | '.' | '!' | ':') && is_arabic(b))
        .count();
    // No Arabic word starts with a doubled letter: there ⠠ is a capital or a dot 6 prefix.
    let initial_shadda = s
        .chars()
        .zip(s.chars().skip(1))
        .zip(std::iter::once(' ').chain(s.chars()))
        .filter(|&((letter, mark), before)| mark == '\u{0651}' && is_arabic(letter) && before.is_whitespace())
        .count();
    consonant_clusters(s)
        + opened('«', '»')
        + opened('(', ')')
        + opened('[', ']')
        + glued as u16
        + initial_shadda as u16
}

fn is_arabic(c: char) -> bool {
    ('\u{0621}'..='\u{064A}').contains(&c)
}

fn consonant_clusters(s: &str) -> u16 {
    let mut n = 0;
    let mut run = 0;
    let mut lower = false;
    for c in s.chars() {
        if c.is_ascii_alphabetic() && !matches!(c.to_ascii_lowercase(), 'a' | 'e' | 'i' | 'o' | 'u' | 'y') {
            run += 1;
            lower |= c.is_ascii_lowercase();
            // A run of capitals is an acronym ("HTML"), not a misreading.
            if run >= 4 && lower {
                n += 1;
                run = -1000;
            }
        } else {
            run = 0;
            lower = false;
        }
    }
    n
}

/// Back-translates one line of grade 2 cells.
pub(crate) fn back_line(
    cells: &[Cell],
    lang: Lang,
    opts: &Options,
    base: usize,
    out: &mut String,
    unknown: &mut Vec<usize>,
) {
    let idx = &super::code(lang).back;
    let mut start = 0;
    let mut in_passage = false;
    let mut first_word = true;
    while start <= cells.len() {
        let end = cells[start..].iter().position(|c| c.is_empty()).map_or(cells.len(), |p| start + p);
        if !first_word {
            out.push(' ');
        }
        first_word = false;
        let mut word: Vec<Cell> = cells[start..end].to_vec();
        // A capitals passage (⠠⠠⠠ … ⠠⠄) spans words: read its words in lower case.
        if lang == Lang::English && !in_passage {
            if let Some(p) = word.windows(3).position(|w| w == [CAP, CAP, CAP]) {
                in_passage = true;
                word.drain(p..p + 3);
            }
        }
        let lower = in_passage;
        let closes = in_passage && word.ends_with(&[CAP, TERM2]);
        if closes {
            word.truncate(word.len() - 2);
        }
        // An e-mail or web address in Arabic text is spelled out in Latin letters.
        let address = if lang == Lang::Arabic { crate::arabic::address_len(&word) } else { 0 };
        if address > 0 {
            crate::arabic::address_back(&word[..address], base + start, out, unknown);
            word.drain(..address);
        }
        if !word.is_empty() {
            let text = back_word(&word, lang, opts, idx, lower, base + start + address, unknown);
            if lower {
                out.push_str(&text.to_uppercase());
            } else {
                out.push_str(&text);
            }
        }
        if closes {
            in_passage = false;
        }
        start = end + 1;
    }
}

fn back_word(
    word: &[Cell],
    lang: Lang,
    opts: &Options,
    idx: &BackIndex,
    lower: bool,
    base: usize,
    unknown: &mut Vec<usize>,
) -> String {
    let mut s = Search::new(word, idx, lang, opts, lower);
    if let Some(text) = s.run() {
        return text;
    }
    if let Some(text) = by_parts(word, lang, opts, idx, lower) {
        return text;
    }
    // Braille written by liblouis where it departs from the rulebook.
    if lang == Lang::English {
        let mut c = Search::new(word, idx, lang, opts, lower);
        c.compat = true;
        if let Some(text) = c.run() {
            return text;
        }
    }
    // No reading gives these cells back: the first reading, cell by cell.
    let mut g = Search::new(word, idx, lang, opts, lower);
    g.lenient = true;
    let text = g.run().unwrap_or_default();
    unknown.extend(g.skipped.iter().map(|&j| base + j));
    text
}

/// A hyphenated compound ("nation-nation-child,") is one word between blank cells,
/// and a long one can exhaust the search budget as a whole. Its parts are read on
/// their own, and the joined reading is kept only if it writes the same cells.
fn by_parts(word: &[Cell], lang: Lang, opts: &Options, idx: &BackIndex, lower: bool) -> Option<String> {
    const HYPHEN: Cell = Cell(0b100100); // dots 36
    if !word.contains(&HYPHEN) {
        return None;
    }
    let mut text = String::new();
    for (i, part) in word.split(|&c| c == HYPHEN).enumerate() {
        if i > 0 {
            text.push('-');
        }
        if !part.is_empty() {
            text.push_str(&Search::new(part, idx, lang, opts, lower).run()?);
        }
    }
    let g2 = super::Contractor { table: &super::code(lang).table, enabled: opts.contractions.as_ref(), rulebook: true };
    let checked = if lower { text.to_lowercase() } else { text.clone() };
    let (mut cells, mut unknown, mut scratch) = (Vec::new(), Vec::new(), Default::default());
    crate::forward_line(&checked, lang, Some(&g2), 0, &mut cells, &mut unknown, &mut scratch);
    (cells == word).then_some(text)
}
