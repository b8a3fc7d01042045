//! Bracket expressions: `[abc]`, `[!a-z]`, `[[:alpha:]]`, `[[=a=]]`, `[[.hyphen.]]`.

use super::compile::fold;

/// A POSIX character class (plus bash's `word` and `ascii`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    Alnum,
    Alpha,
    Ascii,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Word,
    Xdigit,
}

impl Class {
    /// The class called `name`, if valid.
    fn from_name(name: &str) -> Option<Class> {
        Some(match name {
            "alnum" => Class::Alnum,
            "alpha" => Class::Alpha,
            "ascii" => Class::Ascii,
            "blank" => Class::Blank,
            "cntrl" => Class::Cntrl,
            "digit" => Class::Digit,
            "graph" => Class::Graph,
            "lower" => Class::Lower,
            "print" => Class::Print,
            "punct" => Class::Punct,
            "space" => Class::Space,
            "upper" => Class::Upper,
            "word" => Class::Word,
            "xdigit" => Class::Xdigit,
            _ => return None,
        })
    }

    /// Whether `c` belongs to the class.
    pub(super) fn contains(self, c: char) -> bool {
        // A byte that is no character (invalid UTF-8, or any byte past ASCII in the C
        // locale) belongs to no class.
        if crate::util::bytes::raw_byte(c).is_some() {
            return false;
        }
        let graph = !c.is_control() && !c.is_whitespace() && c != '\u{a0}';
        match self {
            Class::Alnum => c.is_alphanumeric(),
            Class::Alpha => c.is_alphabetic(),
            Class::Ascii => c.is_ascii(),
            Class::Blank => {
                c == ' '
                    || c == '\t'
                    || (!c.is_ascii()
                        && c.is_whitespace()
                        && c != '\u{85}'
                        && c != '\u{2028}'
                        && c != '\u{2029}')
            }
            Class::Cntrl => c.is_control(),
            Class::Digit => c.is_ascii_digit(),
            Class::Graph => graph,
            Class::Lower => c.is_lowercase(),
            Class::Print => graph || c == ' ',
            Class::Punct => {
                if c.is_ascii() {
                    c.is_ascii_punctuation()
                } else {
                    graph && !c.is_alphanumeric()
                }
            }
            Class::Space => c.is_whitespace(),
            Class::Upper => c.is_uppercase(),
            Class::Word => c.is_alphanumeric() || c == '_',
            Class::Xdigit => c.is_ascii_hexdigit(),
        }
    }
}

/// One member of a bracket expression.
#[derive(Clone, Debug)]
enum Item {
    /// A character (folded when matching without case).
    Char(char),
    /// An inclusive range of code points (folded bounds when matching without case).
    Range(char, char),
    /// A character class (tested on the unfolded character).
    Class(Class),
}

/// A compiled bracket expression.
#[derive(Clone, Debug)]
pub(super) struct Bracket {
    negated: bool,
    items: Vec<Item>,
}

impl Bracket {
    /// Whether `c` matches (`nocase`: compare folded characters).
    pub(super) fn matches(&self, c: char, nocase: bool) -> bool {
        let f = if nocase { fold(c) } else { c };
        let hit = self.items.iter().any(|it| match *it {
            Item::Char(x) => x == f,
            Item::Range(a, b) => a <= f && f <= b,
            Item::Class(cl) => cl.contains(c),
        });
        hit != self.negated
    }
}

/// The character named by a collating symbol `[.name.]`: a single character or a POSIX name.
fn collating_symbol(name: &[char]) -> Option<char> {
    if let [c] = name {
        return Some(*c);
    }
    let s: String = name.iter().collect();
    Some(match s.as_str() {
        "NUL" => '\0',
        "tab" => '\t',
        "newline" => '\n',
        "vertical-tab" => '\u{b}',
        "form-feed" => '\u{c}',
        "carriage-return" => '\r',
        "space" => ' ',
        "exclamation-mark" => '!',
        "quotation-mark" => '"',
        "number-sign" => '#',
        "dollar-sign" => '$',
        "percent-sign" => '%',
        "ampersand" => '&',
        "apostrophe" => '\'',
        "left-parenthesis" => '(',
        "right-parenthesis" => ')',
        "asterisk" => '*',
        "plus-sign" => '+',
        "comma" => ',',
        "hyphen" | "hyphen-minus" => '-',
        "period" | "full-stop" => '.',
        "slash" | "solidus" => '/',
        "colon" => ':',
        "semicolon" => ';',
        "less-than-sign" => '<',
        "equals-sign" => '=',
        "greater-than-sign" => '>',
        "question-mark" => '?',
        "commercial-at" => '@',
        "left-square-bracket" => '[',
        "backslash" | "reverse-solidus" => '\\',
        "right-square-bracket" => ']',
        "circumflex" | "circumflex-accent" => '^',
        "underscore" | "low-line" => '_',
        "grave-accent" => '`',
        "left-brace" | "left-curly-bracket" => '{',
        "vertical-line" => '|',
        "right-brace" | "right-curly-bracket" => '}',
        "tilde" => '~',
        "DEL" => '\u{7f}',
        _ => return None,
    })
}

/// Find `delim` followed by `]` at or after `from`.
fn find_close(p: &[char], from: usize, delim: char) -> Option<usize> {
    (from..p.len().saturating_sub(1)).find(|&k| p[k] == delim && p[k + 1] == ']')
}

/// Read one range endpoint at `j`: a character, `\c`, or `[.sym.]`. Returns the character
/// (`None` for an invalid collating symbol) and the next index; `Err` if the pattern ends.
fn endpoint(p: &[char], j: usize) -> Result<(Option<char>, usize), ()> {
    match p.get(j) {
        None => Err(()),
        Some('\\') => p.get(j + 1).map(|&c| (Some(c), j + 2)).ok_or(()),
        Some('[') if p.get(j + 1) == Some(&'.') => match find_close(p, j + 2, '.') {
            Some(close) => Ok((collating_symbol(&p[j + 2..close]), close + 2)),
            None => Ok((Some('['), j + 1)),
        },
        Some(&c) => Ok((Some(c), j + 1)),
    }
}

/// Parse a bracket expression whose body starts at `start` (just after `[`). Returns the
/// expression and the index after its closing `]`, or `None` if unterminated (then the `[`
/// is an ordinary character).
pub(super) fn parse_bracket(p: &[char], start: usize, nocase: bool) -> Option<(Bracket, usize)> {
    let mut j = start;
    let negated = matches!(p.get(j), Some('!' | '^'));
    if negated {
        j += 1;
    }
    let f = |c: char| if nocase { fold(c) } else { c };
    let mut items = Vec::new();
    let mut first = true;
    loop {
        let c = *p.get(j)?;
        if c == ']' && !first {
            return Some((Bracket { negated, items }, j + 1));
        }
        first = false;
        if c == '['
            && p.get(j + 1) == Some(&'=')
            && p.get(j + 3) == Some(&'=')
            && p.get(j + 4) == Some(&']')
        {
            items.push(Item::Char(f(p[j + 2])));
            j += 5;
            continue;
        }
        if c == '[' && p.get(j + 1) == Some(&':') {
            if let Some(close) = find_close(p, j + 2, ':') {
                let name: String = p[j + 2..close].iter().collect();
                if let Some(cl) = Class::from_name(&name) {
                    items.push(Item::Class(cl));
                }
                j = close + 2;
                continue;
            }
        }
        let (lo, next) = endpoint(p, j).ok()?;
        j = next;
        if p.get(j) == Some(&'-') && p.get(j + 1).is_some_and(|&n| n != ']') {
            let (hi, next) = endpoint(p, j + 1).ok()?;
            j = next;
            if let (Some(lo), Some(hi)) = (lo, hi) {
                let (lo, hi) = (f(lo), f(hi));
                if lo <= hi {
                    items.push(Item::Range(lo, hi));
                }
            }
        } else if let Some(lo) = lo {
            items.push(Item::Char(f(lo)));
        }
    }
}
