//! The context patterns of liblouis `match` rules (`%[^_~]%<*`, `[Aa][Tt]![Nn]`, …),
//! evaluated the way liblouis 3.24 evaluates them: a backtracking matcher over the
//! raw input characters, the pattern before a rule read backwards from the character
//! before it, the pattern after read forwards.
//!
//! Syntax: `[abc]` one of these characters, `x` the character itself (`\x` escapes),
//! `.` any character, `%a` / `%[..]` a character with one of the attributes
//! (`_` space, `#` digit, `a` letter, `u` upper, `l` lower, `.` punctuation, `$` sign,
//! `~` sequence delimiter, `<` sequence-before, `>` sequence-after, `0`–`7` user
//! classes, `^` end of input), `^` or `$` the end of input, `( )` groups, `!` negates
//! the next expression, postfix `*`, `+`, `?`, and `|` alternatives.
//!
//! Two liblouis peculiarities are kept because tables rely on them: `!` inverts each
//! character test inside it (it does not negate the whole sub-pattern), and reaching
//! the end of input on `^` (or on an attribute set containing `^`) ends the whole
//! check at once.

use super::attr;

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Node {
    Chars(Box<[char]>),
    Attrs { mask: u32, eoi: bool },
    Any,
    Eoi,
    Group(Vec<Node>),
    Not(Box<Node>),
    Star(Box<Node>),
    Plus(Box<Node>),
    Opt(Box<Node>),
    Alt(Vec<Node>, Vec<Node>),
}

/// A compiled pattern: a sequence of nodes (empty = always matches).
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Pattern(Vec<Node>);

impl Pattern {
    /// Parses a pattern; `-` is the empty pattern.
    pub(crate) fn parse(src: &[char]) -> Result<Pattern, String> {
        if src == ['-'] {
            return Ok(Pattern(Vec::new()));
        }
        let mut p = Parser { s: src, i: 0 };
        let seq = p.sequence(false)?;
        if p.i != src.len() {
            return Err(format!("unexpected {:?}", src[p.i]));
        }
        Ok(Pattern(seq))
    }

    /// The same pattern read right to left (for the context before a rule).
    pub(crate) fn reversed(&self) -> Pattern {
        Pattern(reverse_seq(&self.0))
    }

    /// Checks the pattern against `input` starting at `start` (which may be -1 or
    /// `input.len()`), moving by `dir` (+1 or -1).
    pub(crate) fn check(&self, input: &[char], start: isize, dir: isize, attrs: &dyn Fn(char) -> u32) -> bool {
        if self.0.is_empty() {
            return true;
        }
        let cx = Cx { input, dir, attrs };
        seq(&self.0, &cx, start, false, &|_, _| true)
    }
}

struct Parser<'a> {
    s: &'a [char],
    i: usize,
}

impl Parser<'_> {
    /// A sequence up to the end or a `)` (when `in_group`), with `|` alternatives
    /// (left-associative, as liblouis groups them).
    fn sequence(&mut self, in_group: bool) -> Result<Vec<Node>, String> {
        let mut seq: Vec<Node> = Vec::new();
        while self.i < self.s.len() {
            let c = self.s[self.i];
            match c {
                ')' if in_group => break,
                '*' | '+' | '?' => {
                    self.i += 1;
                    let prev = seq.pop().ok_or("postfix operator with nothing before")?;
                    seq.push(match c {
                        '*' => Node::Star(Box::new(prev)),
                        '+' => Node::Plus(Box::new(prev)),
                        _ => Node::Opt(Box::new(prev)),
                    });
                }
                '|' => {
                    self.i += 1;
                    if seq.is_empty() {
                        return Err("| with nothing before".into());
                    }
                    let right = self.alternative(in_group)?;
                    let left = std::mem::take(&mut seq);
                    seq.push(Node::Alt(left, right));
                }
                _ => {
                    let n = self.atom()?;
                    seq.push(n);
                }
            }
        }
        Ok(seq)
    }

    /// The right side of `|`: up to the next `|`, `)` or the end.
    fn alternative(&mut self, in_group: bool) -> Result<Vec<Node>, String> {
        let mut seq: Vec<Node> = Vec::new();
        while self.i < self.s.len() {
            let c = self.s[self.i];
            match c {
                ')' if in_group => break,
                '|' => break,
                '*' | '+' | '?' => {
                    self.i += 1;
                    let prev = seq.pop().ok_or("postfix operator with nothing before")?;
                    seq.push(match c {
                        '*' => Node::Star(Box::new(prev)),
                        '+' => Node::Plus(Box::new(prev)),
                        _ => Node::Opt(Box::new(prev)),
                    });
                }
                _ => {
                    let n = self.atom()?;
                    seq.push(n);
                }
            }
        }
        if seq.is_empty() {
            return Err("| with nothing after".into());
        }
        Ok(seq)
    }

    fn atom(&mut self) -> Result<Node, String> {
        let c = self.s[self.i];
        self.i += 1;
        Ok(match c {
            '(' => {
                let inner = self.sequence(true)?;
                if self.i >= self.s.len() || self.s[self.i] != ')' {
                    return Err("unclosed (".into());
                }
                self.i += 1;
                Node::Group(inner)
            }
            '!' => {
                if self.i >= self.s.len() {
                    return Err("! at end".into());
                }
                Node::Not(Box::new(self.atom()?))
            }
            '.' => Node::Any,
            '^' | '$' => Node::Eoi,
            '%' => {
                let (set, end) = if self.s.get(self.i) == Some(&'[') {
                    let end = self.s[self.i..].iter().position(|&c| c == ']').ok_or("unclosed %[")? + self.i;
                    (&self.s[self.i + 1..end], end + 1)
                } else {
                    (self.s.get(self.i..self.i + 1).ok_or("% at end")?, self.i + 1)
                };
                let mut mask = 0;
                let mut eoi = false;
                for &a in set {
                    match a {
                        '^' => eoi = true,
                        _ => mask |= attr::from_pattern_class(a).ok_or_else(|| format!("unknown class %{a}"))?,
                    }
                }
                self.i = end;
                Node::Attrs { mask, eoi }
            }
            '[' => {
                let mut set = Vec::new();
                loop {
                    let c = *self.s.get(self.i).ok_or("unclosed [")?;
                    self.i += 1;
                    match c {
                        ']' => break,
                        '\\' => {
                            set.push(*self.s.get(self.i).ok_or("\\ at end")?);
                            self.i += 1;
                        }
                        _ => set.push(c),
                    }
                }
                Node::Chars(set.into_boxed_slice())
            }
            '\\' => {
                let c = *self.s.get(self.i).ok_or("\\ at end")?;
                self.i += 1;
                Node::Chars(Box::new([c]))
            }
            ')' => return Err("unmatched )".into()),
            _ => Node::Chars(Box::new([c])),
        })
    }
}

fn reverse_seq(seq: &[Node]) -> Vec<Node> {
    seq.iter().rev().map(reverse_node).collect()
}

fn reverse_node(n: &Node) -> Node {
    match n {
        Node::Group(s) => Node::Group(reverse_seq(s)),
        Node::Not(b) => Node::Not(Box::new(reverse_node(b))),
        Node::Star(b) => Node::Star(Box::new(reverse_node(b))),
        Node::Plus(b) => Node::Plus(Box::new(reverse_node(b))),
        Node::Opt(b) => Node::Opt(Box::new(reverse_node(b))),
        // liblouis also swaps the order in which the alternatives are tried.
        Node::Alt(a, b) => Node::Alt(reverse_seq(b), reverse_seq(a)),
        other => other.clone(),
    }
}

struct Cx<'a> {
    input: &'a [char],
    dir: isize,
    attrs: &'a dyn Fn(char) -> u32,
}

impl Cx<'_> {
    #[inline]
    fn at_end(&self, pos: isize) -> bool {
        pos < 0 || pos >= self.input.len() as isize
    }
}

type Cont<'k> = &'k dyn Fn(isize, bool) -> bool;

fn seq(nodes: &[Node], cx: &Cx, pos: isize, not: bool, k: Cont) -> bool {
    match nodes.split_first() {
        None => k(pos, not),
        Some((first, rest)) => {
            if rest.is_empty() {
                node(first, cx, pos, not, k)
            } else {
                node(first, cx, pos, not, &|p, n| seq(rest, cx, p, n, k))
            }
        }
    }
}

fn node(n: &Node, cx: &Cx, pos: isize, not: bool, k: Cont) -> bool {
    if let Node::Eoi = n {
        // Decides the whole check, whatever follows.
        return cx.at_end(pos) != not;
    }
    if cx.at_end(pos) {
        match n {
            Node::Attrs { eoi, .. } => return *eoi && !not,
            Node::Any | Node::Chars(_) => return false,
            _ => {}
        }
    }
    match n {
        Node::Chars(set) => {
            let hit = set.contains(&cx.input[pos as usize]);
            hit != not && k(pos + cx.dir, not)
        }
        Node::Attrs { mask, .. } => {
            let hit = (cx.attrs)(cx.input[pos as usize]) & mask != 0;
            hit != not && k(pos + cx.dir, not)
        }
        Node::Any => k(pos + cx.dir, not),
        Node::Group(s) => seq(s, cx, pos, not, k),
        Node::Not(b) => node(b, cx, pos, !not, &|p, nn| k(p, !nn)),
        Node::Opt(b) => node(b, cx, pos, not, k) || k(pos, not),
        Node::Alt(a, b) => seq(a, cx, pos, not, k) || seq(b, cx, pos, not, k),
        Node::Star(b) => star(b, cx, pos, not, k),
        Node::Plus(b) => node(b, cx, pos, not, &|p, nn| p != pos && star(b, cx, p, nn, k)),
        Node::Eoi => unreachable!(),
    }
}

/// Greedy repetition: one more pass that must consume input, else what follows.
fn star(b: &Node, cx: &Cx, pos: isize, not: bool, k: Cont) -> bool {
    node(b, cx, pos, not, &|p, nn| p != pos && star(b, cx, p, nn, k)) || k(pos, not)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chars(s: &str) -> Vec<char> {
        s.chars().collect()
    }

    fn en(c: char) -> u32 {
        attr::english(c)
    }

    /// Checks the "after" pattern `p` on `s` from index `at`.
    fn after(p: &str, s: &str, at: isize) -> bool {
        Pattern::parse(&chars(p)).unwrap().check(&chars(s), at, 1, &en)
    }

    /// Checks the "before" pattern `p` on `s` backwards from index `at`.
    fn before(p: &str, s: &str, at: isize) -> bool {
        Pattern::parse(&chars(p)).unwrap().reversed().check(&chars(s), at, -1, &en)
    }

    #[test]
    fn word_start_and_end() {
        // "be" at the start of a word, possibly after opening punctuation.
        assert!(before("%[^_~]%<*", "be", -1));
        assert!(before("%[^_~]%<*", " (be", 1));
        assert!(!before("%[^_~]%<*", "xbe", 0));
        assert!(after("%>*%[_~^]", "x", 1));
        assert!(after("%>*%[_~^]", "x).", 1));
        assert!(!after("%>*%[_~^]", "x)a", 1));
    }

    #[test]
    fn negation_and_alternatives() {
        assert!(after("[Cc]![Hh]", "cat", 0));
        assert!(!after("[Cc]![Hh]", "chat", 0));
        // `!` over a character class at the end of input fails (nothing to test).
        assert!(!after("[Cc]![Hh]", "c", 0));
        assert!(after("^|!%a", "", 0));
        assert!(after("^|!%a", " x", 0));
        assert!(!after("^|!%a", "x", 0));
        assert!(after("([Nn][Oo][Nn])|([Uu][Nn])", "un", 0));
        assert!(before("([Nn][Oo][Nn])|([Uu][Nn])", "nonrev", 2));
        assert!(!before("([Nn][Oo][Nn])|([Uu][Nn])", "prerev", 2));
        assert!(after("(['’][Ss])?%>*%[_~^]", "'s", 0));
        assert!(after("(['’][Ss])?%>*%[_~^]", ".", 0));
        assert!(!after("(['’][Ss])?%>*%[_~^]", "'t", 0));
    }

    #[test]
    fn attribute_classes() {
        assert!(after("%a", "x", 0));
        assert!(!after("%a", "1", 0));
        assert!(after("%#", "1", 0));
        assert!(after("%[_.$]*%[a#]", " \"x", 0));
        assert!(after("%1*!%[_1]", "x", 0));
        assert!(!after("%1*!%[_1]", ", ", 0));
        assert!(after("[)}\\]]", "]", 0));
    }
}
