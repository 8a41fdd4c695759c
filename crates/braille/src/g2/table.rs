//! Contraction rules read from a liblouis table (`en-ueb-g2.ctb`, `ar-ar-g2.ctb`),
//! and the choice of the rule that applies at a position, made as liblouis 3.24
//! makes it (`for_selectRule`): the rules whose characters start at the position
//! are tried longest first — among rules of the same length a rule that is not
//! `always` before the `always` rules, otherwise in table order — then the rules of
//! one character in table order; the first whose conditions hold is used.
//!
//! Only the contraction opcodes are read here. Letters, digits, punctuation,
//! capitals and numbers are the grade 1 translators' business (`english.rs`,
//! `arabic.rs`), which call [`Table::select`] at each position first.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::attr::{LETTER, LOWER, PUNCT, SEQ_AFTER, SEQ_BEFORE, SEQ_DELIM, SPACE, UPPER};
use super::pattern::Pattern;
use super::ContractionSet;
use crate::cell::Cell;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Op {
    Always,
    Word,
    SufWord,
    PrfWord,
    BegWord,
    BegMidWord,
    MidWord,
    MidEndWord,
    EndWord,
    PartWord,
    LowWord,
    /// A word written as letters that would read as a contraction: the letters,
    /// preceded by the grade 1 indicator.
    Contraction,
    Match,
}

impl Rule {
    /// Appends the rule's cells; for a rule without cells (`=`, `contraction`), the
    /// characters `chars` (the ones it matched) written as themselves by `plain`.
    pub(crate) fn write(&self, chars: &[char], out: &mut Vec<Cell>, plain: impl Fn(char, &mut Vec<Cell>)) {
        match &self.cells {
            Some(cells) => out.extend_from_slice(cells),
            None => chars.iter().for_each(|&c| plain(c, out)),
        }
    }
}

impl Op {
    fn parse(s: &str) -> Option<Op> {
        Some(match s {
            "always" => Op::Always,
            "word" => Op::Word,
            "sufword" => Op::SufWord,
            "prfword" => Op::PrfWord,
            "begword" => Op::BegWord,
            "begmidword" => Op::BegMidWord,
            "midword" => Op::MidWord,
            "midendword" => Op::MidEndWord,
            "endword" => Op::EndWord,
            "partword" => Op::PartWord,
            "lowword" => Op::LowWord,
            "contraction" => Op::Contraction,
            "match" => Op::Match,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone)]
pub(crate) struct Rule {
    pub op: Op,
    /// The print characters as the table writes them.
    pub chars: Box<[char]>,
    /// The same, lower-cased (rules of two or more characters ignore case).
    pub lower: Box<[char]>,
    /// The cells; `None` for the characters' own cells (`=`, or a `contraction`).
    pub cells: Option<Box<[Cell]>>,
    /// Pattern before (already reversed) and after a `match` rule.
    pub pre: Pattern,
    pub post: Pattern,
    pub emp_before: bool,
    pub emp_after: bool,
    /// Used for back-translation only.
    pub nofor: bool,
    /// Used for forward translation only.
    pub noback: bool,
    /// The contractions the rule writes (filled by the catalogue).
    pub needs: ContractionSet,
    /// The rule starts with a final-letter groupsign (UEB: `ance`, `tion`, …).
    pub starts_final: bool,
    /// The rule cannot follow a letter (its conditions before it exclude one).
    not_after_letter: bool,
}

/// Characters with a direct index: printable ASCII, Latin-1 letters and the
/// Arabic block.
const DENSE: usize = 96 + 64 + 256;

#[inline]
fn dense(c: char) -> Option<usize> {
    let v = c as usize;
    match v {
        0x20..=0x7F => Some(v - 0x20),
        0xC0..=0xFF => Some(96 + v - 0xC0),
        0x600..=0x6FF => Some(160 + v - 0x600),
        _ => None,
    }
}

/// Whether a character may have a lower-case form (cheaply: the scripts the codes
/// write; Arabic has no case).
#[inline]
fn has_case(c: char) -> bool {
    !matches!(c, '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}')
}

#[inline]
fn is_upper(c: char) -> bool {
    c.is_ascii_uppercase() || (!c.is_ascii() && has_case(c) && c.is_uppercase())
}

/// A multiplicative hash for the rule index (keys are characters, looked up once
/// per position: the default SipHash was a tenth of the translation time).
type Fast = BuildHasherDefault<CharHasher>;

#[derive(Default)]
pub(crate) struct CharHasher(u64);

impl Hasher for CharHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(u32::from(b));
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(v)).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The rules starting with one character: by second character, those of two
/// characters (which come after all longer ones in liblouis's order, so that the
/// split keeps it) and those of more by third character.
/// (The keys are kept apart from the chains so that finding one reads little memory;
/// for the characters the codes mostly write there is a direct index.)
#[derive(Default)]
struct First {
    second_keys: Vec<char>,
    second: Vec<Second>,
    /// `second_at[dense(c)]`: 1 + the index in `second` of character `c`, or 0.
    second_at: Vec<u16>,
    /// Rules of this one character (by exact character: `B` and `b` differ).
    single_keys: Vec<char>,
    single: Vec<Vec<u32>>,
}

#[derive(Default)]
struct Second {
    two: Vec<u32>,
    third_keys: Vec<char>,
    three: Vec<Vec<u32>>,
}

/// The outcome of looking through a chain of rules.
enum Valid<'a> {
    Rule(&'a Rule),
    None,
    /// liblouis gives up on the rest of the chain (an `empmatch` rule met a
    /// capital indicator).
    Stop,
}

/// What the caller knows about the line around a position.
pub(crate) struct Ctx<'a> {
    pub chars: &'a [char],
    /// `emph[p]`: a capital indicator begins or ends at position `p` (`len + 1` entries),
    /// or empty when the line has no capitals.
    pub emph: &'a [bool],
    /// After a number, until the next space or hyphen, liblouis does not contract.
    pub dont_contract: bool,
    /// The contractions in use; `None` for all of them.
    pub enabled: Option<&'a ContractionSet>,
    /// Apply the rulebook's rules that liblouis lacks.
    pub rulebook: bool,
}

impl Ctx<'_> {
    #[inline]
    fn emph_at(&self, p: usize) -> bool {
        self.emph.get(p).copied().unwrap_or(false)
    }
}

pub(crate) struct Table {
    pub rules: Vec<Rule>,
    /// Rules of two or more characters by their first two (lower-case) characters,
    /// in liblouis's order.
    multi: HashMap<(char, char), Vec<u32>, Fast>,
    /// The same rules for lookup, by first character: see [`First`]. `first_at`
    /// indexes `firsts` directly for the characters the codes mostly write
    /// (1 + index, 0 for none), `first` by hash for the others.
    firsts: Vec<First>,
    first_at: Vec<u32>,
    first: HashMap<char, u32, Fast>,
    /// Rules of one character by that character.
    single: HashMap<char, Vec<u32>, Fast>,
    /// `seqafterpattern`: what may follow a word standing alone (`'s`, `’ll`, …).
    seq_after: Vec<Vec<char>>,
    /// Whether "standing alone" uses the sequence rules (UEB) or just spaces and
    /// punctuation around the word (Arabic).
    uses_sequences: bool,
    pub attrs: fn(char) -> u32,
}

/// Reads liblouis's escapes in a table operand (`\x0644`, `\s`, `\\`).
fn unescape(s: &str) -> Result<Vec<char>, String> {
    let mut out = Vec::new();
    let mut it = s.chars().peekable();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('\\') => out.push('\\'),
            Some('s') => out.push(' '),
            Some('t') => out.push('\t'),
            Some(k @ ('x' | 'y' | 'z')) => {
                let n = match k {
                    'x' => 4,
                    'y' => 5,
                    _ => 8,
                };
                let hex: String = (0..n).filter_map(|_| it.next()).collect();
                let v = u32::from_str_radix(&hex, 16).map_err(|_| format!("bad escape \\{k}{hex}"))?;
                out.push(char::from_u32(v).ok_or_else(|| format!("bad char {v:x}"))?);
            }
            other => return Err(format!("unknown escape \\{other:?}")),
        }
    }
    Ok(out)
}

fn parse_dots(s: &str) -> Result<Option<Box<[Cell]>>, String> {
    if s == "=" {
        return Ok(None);
    }
    let mut cells = Vec::new();
    for part in s.split('-') {
        let mut dots = Vec::new();
        for d in part.chars() {
            match d {
                '0' => {}
                '1'..='6' => dots.push(d as u8 - b'0'),
                _ => return Err(format!("dots {s:?} outside the 6-dot cell")),
            }
        }
        cells.push(Cell::from_dots(&dots).ok_or_else(|| format!("bad dots {s:?}"))?);
    }
    Ok(Some(cells.into_boxed_slice()))
}

#[inline]
fn lower(c: char) -> char {
    if c.is_ascii() {
        c.to_ascii_lowercase()
    } else if !has_case(c) {
        c
    } else {
        let mut l = c.to_lowercase();
        match (l.next(), l.next()) {
            (Some(x), None) => x,
            _ => c,
        }
    }
}

impl Table {
    /// Parses the contraction rules of a liblouis table. Lines with other opcodes
    /// (character definitions, includes, indicators) are skipped; a contraction
    /// line that cannot be read is an error (the tables are part of the crate).
    pub(crate) fn parse(src: &str, attrs: fn(char) -> u32, uses_sequences: bool) -> Result<Table, String> {
        let mut t = Table {
            rules: Vec::new(),
            multi: HashMap::default(),
            firsts: Vec::new(),
            first_at: vec![0; DENSE],
            first: HashMap::default(),
            single: HashMap::default(),
            seq_after: Vec::new(),
            uses_sequences,
            attrs,
        };
        for (ln, line) in src.lines().enumerate() {
            let line_no = ln as u32 + 1;
            let mut toks = line.split_whitespace().peekable();
            let (mut nofor, mut noback, mut emp_before, mut emp_after) = (false, false, false, false);
            let op = loop {
                match toks.next() {
                    None => break None,
                    Some(w) if w.starts_with('#') => break None,
                    Some("nofor") => nofor = true,
                    Some("noback") => noback = true,
                    Some("empmatchbefore") => emp_before = true,
                    Some("empmatchafter") => emp_after = true,
                    Some(w) => break Some(w),
                }
            };
            let Some(op_name) = op else { continue };
            if op_name == "seqafterpattern" {
                if let Some(p) = toks.next() {
                    t.seq_after.push(unescape(p).map_err(|e| format!("line {line_no}: {e}"))?);
                }
                continue;
            }
            let Some(op) = Op::parse(op_name) else { continue };
            let err = |e: String| format!("line {line_no}: {e}");
            let (pre, chars, post, dots) = if op == Op::Match {
                let pre = toks.next().ok_or_else(|| err("match without pattern".into()))?;
                let chars = toks.next().ok_or_else(|| err("match without characters".into()))?;
                let post = toks.next().ok_or_else(|| err("match without pattern after".into()))?;
                let dots = toks.next().ok_or_else(|| err("match without dots".into()))?;
                (Some(pre), chars, Some(post), Some(dots))
            } else {
                let chars = toks.next().ok_or_else(|| err("rule without characters".into()))?;
                let dots = if op == Op::Contraction { None } else { toks.next() };
                (None, chars, None, dots)
            };
            let chars = unescape(chars).map_err(err)?;
            let cells = match dots {
                Some(d) => parse_dots(d).map_err(err)?,
                None => None,
            };
            let pattern = |p: Option<&str>| -> Result<Pattern, String> {
                match p {
                    None => Ok(Pattern::default()),
                    Some(p) => Pattern::parse(&unescape(p)?),
                }
            };
            let rule = Rule {
                op,
                lower: chars.iter().map(|&c| lower(c)).collect(),
                chars: chars.into_boxed_slice(),
                cells,
                pre: pattern(pre).map_err(err)?.reversed(),
                post: pattern(post).map_err(err)?,
                emp_before,
                emp_after,
                nofor,
                noback,
                needs: ContractionSet::default(),
                starts_final: false,
                not_after_letter: matches!(op, Op::Word | Op::Contraction | Op::LowWord | Op::SufWord | Op::BegWord),
            };
            t.rules.push(rule);
        }
        t.index();
        Ok(t)
    }

    /// Builds the forward rule chains in liblouis's order.
    fn index(&mut self) {
        for (i, r) in self.rules.iter().enumerate() {
            if r.nofor || r.chars.is_empty() {
                continue;
            }
            let i = i as u32;
            if r.chars.len() == 1 {
                self.single.entry(r.chars[0]).or_default().push(i);
                continue;
            }
            let chain = self.multi.entry((r.lower[0], r.lower[1])).or_default();
            // Longer rules first; at equal length a rule that is not `always` goes
            // before the `always` rules already there, otherwise after the others.
            let rules = &self.rules;
            let at = chain
                .iter()
                .position(|&o| {
                    let other = &rules[o as usize];
                    r.chars.len() > other.chars.len()
                        || (r.chars.len() == other.chars.len() && other.op == Op::Always && r.op != Op::Always)
                })
                .unwrap_or(chain.len());
            chain.insert(at, i);
        }
        let mut firsts: HashMap<char, First> = HashMap::new();
        for (&(a, b), chain) in &self.multi {
            let first = firsts.entry(a).or_default();
            first.second_keys.push(b);
            let mut second = Second::default();
            for &i in chain {
                let r = &self.rules[i as usize];
                match r.lower.get(2) {
                    Some(&c) => match second.third_keys.iter().position(|&k| k == c) {
                        Some(k) => second.three[k].push(i),
                        None => {
                            second.third_keys.push(c);
                            second.three.push(vec![i]);
                        }
                    },
                    None => second.two.push(i),
                }
            }
            first.second.push(second);
        }
        for (&c, chain) in &self.single {
            let first = firsts.entry(lower(c)).or_default();
            first.single_keys.push(c);
            first.single.push(chain.clone());
        }
        for (c, mut first) in firsts {
            first.second_at = vec![0; DENSE];
            for (k, &b) in first.second_keys.iter().enumerate() {
                if let Some(d) = dense(b) {
                    first.second_at[d] = k as u16 + 1;
                }
            }
            let i = self.firsts.len() as u32;
            self.firsts.push(first);
            match dense(c) {
                Some(d) => self.first_at[d] = i + 1,
                None => {
                    self.first.insert(c, i);
                }
            }
        }
    }

    /// The rule that applies at `pos`, if any.
    pub(crate) fn select(&self, cx: &Ctx, pos: usize) -> Option<&Rule> {
        let chars = cx.chars;
        let n = chars.len();
        let a = lower(chars[pos]);
        let first = match dense(a) {
            Some(d) => self.firsts.get((self.first_at[d] as usize).checked_sub(1)?)?,
            None => &self.firsts[*self.first.get(&a)? as usize],
        };
        if n - pos >= 2 {
            let b = lower(chars[pos + 1]);
            let k = match dense(b) {
                Some(d) => (first.second_at[d] as usize).checked_sub(1),
                None => first.second_keys.iter().position(|&k| k == b),
            };
            if let Some(k) = k {
                let second = &first.second[k];
                if n - pos >= 3 {
                    let c = lower(chars[pos + 2]);
                    if let Some(k) = second.third_keys.iter().position(|&k| k == c) {
                        match self.first_valid(&second.three[k], cx, pos, 3) {
                            Valid::Rule(r) => return Some(r),
                            Valid::Stop => return self.single_rule(first, cx, pos),
                            Valid::None => {}
                        }
                    }
                }
                if let Valid::Rule(r) = self.first_valid(&second.two, cx, pos, 2) {
                    return Some(r);
                }
            }
        }
        self.single_rule(first, cx, pos)
    }

    fn single_rule(&self, first: &First, cx: &Ctx, pos: usize) -> Option<&Rule> {
        let k = first.single_keys.iter().position(|&k| k == cx.chars[pos])?;
        match self.first_valid(&first.single[k], cx, pos, 0) {
            Valid::Rule(r) => Some(r),
            _ => None,
        }
    }

    /// `known`: characters of the rules already matched by the index (0 for rules of
    /// one character, which need no comparing).
    fn first_valid(&self, chain: &[u32], cx: &Ctx, pos: usize, known: usize) -> Valid<'_> {
        let after_letter = pos > 0 && (self.attrs)(cx.chars[pos - 1]) & LETTER != 0;
        for &ri in chain {
            let r = &self.rules[ri as usize];
            if after_letter && r.not_after_letter {
                continue;
            }
            let len = r.chars.len();
            if known > 0 && (len > cx.chars.len() - pos || !self.valid_match(cx.chars, pos, r, known)) {
                continue;
            }
            if let Some(en) = cx.enabled {
                if !r.needs.is_subset(en) {
                    continue;
                }
            }
            // liblouis stops looking in this chain when an emphasis (capital)
            // indicator stands where an `empmatch` rule needs none.
            if (r.emp_before && cx.emph_at(pos)) || (r.emp_after && cx.emph_at(pos + len)) {
                return Valid::Stop;
            }
            if self.applies(r, cx, pos) {
                return Valid::Rule(r);
            }
        }
        Valid::None
    }

    /// liblouis's `validMatch`: the characters equal ignoring case, and no change of
    /// case between letters except between the first and second.
    /// `known`: how many leading characters the index has already matched.
    fn valid_match(&self, chars: &[char], pos: usize, r: &Rule, known: usize) -> bool {
        let input = &chars[pos..pos + r.lower.len()];
        if !input[known..].iter().zip(r.lower[known..].iter()).all(|(&c, &rc)| c == rc || lower(c) == rc) {
            return false;
        }
        // Only a capital can change the case between two letters.
        if !input.iter().any(|&c| is_upper(c)) {
            return true;
        }
        let mut prev = 0;
        for (k, &c) in input.iter().enumerate() {
            let a = (self.attrs)(c);
            if k == 0 {
                prev = a;
            }
            if a != LETTER && k != 1 && prev & LETTER != 0 && a & LETTER != 0 {
                let m = LOWER | UPPER | LETTER;
                if a & m != prev & m {
                    return false;
                }
            }
            prev = a;
        }
        true
    }

    fn emph_inside(cx: &Ctx, pos: usize, len: usize) -> bool {
        !cx.emph.is_empty() && (pos + 1..pos + len).any(|p| cx.emph_at(p))
    }

    fn applies(&self, r: &Rule, cx: &Ctx, pos: usize) -> bool {
        let len = r.chars.len();
        let before = (self.attrs)(if pos == 0 { ' ' } else { cx.chars[pos - 1] });
        // Rules of UEB 2013 §10.8.2: a final-letter groupsign is not used where the
        // case changes at its first letter (right after a capitals indicator or
        // terminator: "AttenTION", "AWful", "MyAncestor"). liblouis uses it.
        if cx.rulebook && r.starts_final && cx.emph_at(pos) {
            return false;
        }
        let n = cx.chars.len();
        let after = (self.attrs)(if pos + len < n { cx.chars[pos + len] } else { ' ' });
        let dc = cx.dont_contract;
        match r.op {
            Op::Always => !Self::emph_inside(cx, pos, len) && !dc,
            Op::Word => {
                !dc && !Self::emph_inside(cx, pos, len) && self.standing_alone(cx.chars, pos, len, before, after)
            }
            Op::Contraction => self.standing_alone(cx.chars, pos, len, before, after),
            Op::PartWord => !dc && (before & LETTER != 0 || after & LETTER != 0),
            Op::LowWord => !dc && before & SPACE != 0 && after & SPACE != 0,
            Op::SufWord => {
                !dc && before & (SPACE | PUNCT | SEQ_DELIM) != 0 && after & (SPACE | LETTER | PUNCT | SEQ_DELIM) != 0
            }
            Op::PrfWord => {
                !dc && before & (SPACE | LETTER | PUNCT | SEQ_DELIM) != 0 && after & (SPACE | PUNCT | SEQ_DELIM) != 0
            }
            Op::BegWord => !dc && before & (SPACE | PUNCT) != 0 && after & LETTER != 0,
            Op::BegMidWord => !dc && before & (LETTER | SPACE | PUNCT) != 0 && after & LETTER != 0,
            Op::MidWord => !dc && before & LETTER != 0 && after & LETTER != 0,
            Op::MidEndWord => !dc && before & LETTER != 0 && after & (LETTER | SPACE | PUNCT) != 0,
            Op::EndWord => !dc && before & LETTER != 0 && after & (SPACE | PUNCT) != 0,
            Op::Match => {
                !dc && !Self::emph_inside(cx, pos, len)
                    && r.pre.check(cx.chars, pos as isize - 1, -1, &self.attrs)
                    && r.post.check(cx.chars, (pos + len) as isize, 1, &self.attrs)
            }
        }
    }

    /// A word "standing alone": for UEB (liblouis `inSequence`) only opening
    /// punctuation before it back to a space or hyphen, and only closing punctuation
    /// or `'s`, `’ll`, … after it up to a space or hyphen; elsewhere a space or
    /// punctuation on both sides.
    fn standing_alone(&self, chars: &[char], pos: usize, len: usize, before: u32, after: u32) -> bool {
        if !self.uses_sequences {
            return before & (SPACE | PUNCT) != 0 && after & (SPACE | PUNCT) != 0;
        }
        let a = self.attrs;
        let mut i = pos;
        while i > 0 {
            i -= 1;
            let at = a(chars[i]);
            if at & SEQ_BEFORE != 0 {
                continue;
            }
            if at & (SPACE | SEQ_DELIM) == 0 {
                return false;
            }
            break;
        }
        let n = chars.len();
        let mut i = pos + len;
        while i < n {
            if let Some(p) = self.seq_after.iter().find(|p| chars[i..].starts_with(p)) {
                if i + p.len() >= n {
                    return true;
                }
                i += p.len();
            }
            let at = a(chars[i]);
            if at & SEQ_AFTER != 0 {
                i += 1;
                continue;
            }
            return at & (SPACE | SEQ_DELIM) != 0;
        }
        true
    }

    /// For back-translation: whether the rule's conditions on what comes before it
    /// hold when `prev` (the print read so far in this word) comes before it.
    pub(crate) fn before_ok(&self, r: &Rule, prev: &[char]) -> bool {
        let before = (self.attrs)(prev.last().copied().unwrap_or(' '));
        match r.op {
            Op::Always | Op::PartWord => true,
            Op::Word | Op::Contraction => {
                if !self.uses_sequences {
                    return before & (SPACE | PUNCT) != 0;
                }
                let mut i = prev.len();
                while i > 0 {
                    let a = (self.attrs)(prev[i - 1]);
                    if a & SEQ_BEFORE == 0 {
                        return a & (SPACE | SEQ_DELIM) != 0;
                    }
                    i -= 1;
                }
                true
            }
            Op::LowWord => before & SPACE != 0,
            Op::SufWord => before & (SPACE | PUNCT | SEQ_DELIM) != 0,
            Op::PrfWord => before & (SPACE | LETTER | PUNCT | SEQ_DELIM) != 0,
            Op::BegWord => before & (SPACE | PUNCT) != 0,
            Op::BegMidWord => before & (LETTER | SPACE | PUNCT) != 0,
            Op::MidWord | Op::MidEndWord | Op::EndWord => before & LETTER != 0,
            Op::Match => r.pre.check(prev, prev.len() as isize - 1, -1, &self.attrs),
        }
    }

    /// Every rule, for back-translation and the catalogue.
    pub(crate) fn rules(&self) -> &[Rule] {
        &self.rules
    }
}
