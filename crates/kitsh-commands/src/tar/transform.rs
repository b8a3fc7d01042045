//! `--transform` / `--xform`: GNU tar's sed-like `s/REGEX/REPLACEMENT/FLAGS` expressions on
//! member names, as tar 1.34's `transform.c` applies them: any delimiter, several expressions
//! per option separated by `;` and several options applied in turn, the flags `g`, `i`, `x`
//! (extended syntax), a number N (the Nth match), the scopes `r`/`R` (member names), `s`/`S`
//! (symlink targets), `h`/`H` (hard link targets) and `flags=...` setting the default scopes;
//! replacements with `&`, `\1`..`\9`, `\L \U \l \u \E` and C escapes.

use kitsh_core::util::posix_re::{self, Options, PosixReError, PosixRegex, Syntax};

/// What a name is, for the scope flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// A member name (`r`).
    Name = 1,
    /// A symbolic link's target (`s`).
    Symlink = 2,
    /// A hard link's target (`h`).
    Link = 4,
}

/// All scopes: the default of every expression.
const ALL: u8 = 7;

/// Case conversion of the replacement (`\U`, `\l`, ...).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Case {
    Stop,
    UpperNext,
    LowerNext,
    Upper,
    Lower,
}

/// A piece of a replacement.
#[derive(Debug, Clone)]
enum Segment {
    Literal(Vec<u8>),
    Group(usize),
    Case(Case),
}

/// One `s` expression.
#[derive(Debug, Clone)]
struct Expr {
    re: PosixRegex,
    replacement: Vec<Segment>,
    global: bool,
    /// Replace from the Nth match (0: the first).
    nth: u64,
    scopes: u8,
}

/// The transforms of one run, in order.
#[derive(Debug, Clone, Default)]
pub struct Transforms {
    list: Vec<Expr>,
    /// The default scopes (`flags=`), all until set.
    default_scopes: Option<u8>,
}

/// The scope bit of a scope letter (`r s h`, upper case clears it), if it is one.
fn scope_flag(scopes: &mut u8, c: u8) -> bool {
    match c {
        b'r' => *scopes |= Scope::Name as u8,
        b'R' => *scopes &= !(Scope::Name as u8),
        b's' => *scopes |= Scope::Symlink as u8,
        b'S' => *scopes &= !(Scope::Symlink as u8),
        b'h' => *scopes |= Scope::Link as u8,
        b'H' => *scopes &= !(Scope::Link as u8),
        _ => return false,
    }
    true
}

/// The message of a pattern GNU's `regcomp` refuses (glibc's texts).
fn regex_error(re: &str, e: &PosixReError) -> String {
    // glibc: a bracket expression the pattern ends in before its first member is REG_BADPAT.
    if matches!(e, PosixReError::UnmatchedBracket) && (re.ends_with('[') || re.ends_with("[^")) {
        return "Invalid regular expression".to_string();
    }
    e.to_string()
}

impl Transforms {
    /// Whether there are any.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Add the expressions of one `--transform` option; `Err`: GNU's message.
    pub fn add(&mut self, text: &str) -> Result<(), String> {
        let mut rest = text.as_bytes();
        while !rest.is_empty() {
            rest = self.parse_one(rest)?;
        }
        Ok(())
    }

    /// Parse one expression (or `flags=`) at the start of `expr`; returns what follows it.
    fn parse_one<'e>(&mut self, expr: &'e [u8]) -> Result<&'e [u8], String> {
        let invalid = || "Invalid transform expression".to_string();
        if expr[0] != b's' {
            let Some(flags) = expr.strip_prefix(b"flags=") else { return Err(invalid()) };
            let mut scopes = 0u8;
            let mut k = 0;
            while k < flags.len() {
                let c = flags[k];
                k += 1;
                if c == b';' {
                    break;
                }
                if !scope_flag(&mut scopes, c) {
                    return Err(format!("Unknown transform flag: {}", char::from(c)));
                }
            }
            self.default_scopes = Some(scopes);
            return Ok(&flags[k..]);
        }
        let delim = *expr.get(1).ok_or_else(invalid)?;
        // The end of the part starting at `from`: the next unescaped delimiter.
        let part_end = |from: usize| -> Option<usize> {
            let mut i = from;
            while i < expr.len() && expr[i] != delim {
                if expr[i] == b'\\' && i + 1 < expr.len() {
                    i += 1;
                }
                i += 1;
            }
            (i < expr.len()).then_some(i)
        };
        let re_end = part_end(2).ok_or_else(invalid)?;
        let rep_end = part_end(re_end + 1).ok_or_else(invalid)?;
        let mut global = false;
        let mut icase = false;
        let mut syntax = Syntax::Basic;
        let mut nth = 0u64;
        let mut scopes = self.default_scopes.unwrap_or(ALL);
        let mut p = rep_end + 1;
        while p < expr.len() && expr[p] != b';' {
            let c = expr[p];
            p += 1;
            match c {
                b'g' => global = true,
                b'i' => icase = true,
                b'x' => syntax = Syntax::Extended,
                b'0'..=b'9' => {
                    let mut v = u64::from(c - b'0');
                    while p < expr.len() && expr[p].is_ascii_digit() {
                        v = v.saturating_mul(10).saturating_add(u64::from(expr[p] - b'0'));
                        p += 1;
                    }
                    nth = v;
                }
                c if scope_flag(&mut scopes, c) => {}
                c => return Err(format!("Unknown flag in transform expression: {}", char::from(c))),
            }
        }
        if p < expr.len() {
            p += 1;
        }
        let re_text = String::from_utf8_lossy(&expr[2..re_end]).into_owned();
        let opts = Options { icase, ..Options::posix(syntax) };
        let t = posix_re::translate_with(&re_text, &opts).map_err(|e| format!("Invalid transform expression: {}", regex_error(&re_text, &e)))?;
        let re = PosixRegex::new(&t).map_err(|e| format!("Invalid transform expression: {}", regex_error(&re_text, &e)))?;
        // An anchored expression applies once whatever its flags say.
        if re_text.starts_with('^') || re_text.ends_with('$') {
            global = false;
        }
        let replacement = parse_replacement(&expr[re_end + 1..rep_end], t.groups, delim)?;
        self.list.push(Expr { re, replacement, global, nth, scopes });
        Ok(&expr[p..])
    }

    /// `name` through every expression whose scopes include `scope`.
    pub fn apply(&self, name: &str, scope: Scope) -> String {
        let mut cur = name.as_bytes().to_vec();
        for e in &self.list {
            if e.scopes & scope as u8 != 0 {
                cur = e.run(&cur);
            }
        }
        String::from_utf8_lossy(&cur).into_owned()
    }
}

/// Parse a replacement: `&`, `\N` (no more than the pattern's groups), case conversions,
/// C escapes, `\&`, `\\` and the escaped delimiter; any other `\c` stays as it is.
fn parse_replacement(rep: &[u8], groups: usize, delim: u8) -> Result<Vec<Segment>, String> {
    let mut out = Vec::new();
    let mut lit: Vec<u8> = Vec::new();
    let flush = |lit: &mut Vec<u8>, out: &mut Vec<Segment>| {
        if !lit.is_empty() {
            out.push(Segment::Literal(std::mem::take(lit)));
        }
    };
    let mut i = 0;
    while i < rep.len() {
        let c = rep[i];
        i += 1;
        match c {
            b'&' => {
                flush(&mut lit, &mut out);
                out.push(Segment::Group(0));
            }
            b'\\' if i < rep.len() => {
                let d = rep[i];
                i += 1;
                let byte = match d {
                    b'0'..=b'9' => {
                        let mut n = usize::from(d - b'0');
                        while i < rep.len() && rep[i].is_ascii_digit() {
                            n = n.saturating_mul(10).saturating_add(usize::from(rep[i] - b'0'));
                            i += 1;
                        }
                        if n > groups {
                            return Err("Invalid transform replacement: back reference out of range".to_string());
                        }
                        flush(&mut lit, &mut out);
                        out.push(Segment::Group(n));
                        continue;
                    }
                    b'L' | b'l' | b'U' | b'u' | b'E' => {
                        flush(&mut lit, &mut out);
                        out.push(Segment::Case(match d {
                            b'L' => Case::Lower,
                            b'l' => Case::LowerNext,
                            b'U' => Case::Upper,
                            b'u' => Case::UpperNext,
                            _ => Case::Stop,
                        }));
                        continue;
                    }
                    b'\\' => b'\\',
                    b'&' => b'&',
                    b'a' => 7,
                    b'b' => 8,
                    b'f' => 12,
                    b'n' => b'\n',
                    b'r' => b'\r',
                    b't' => b'\t',
                    b'v' => 11,
                    d if d == delim => d,
                    other => {
                        lit.push(b'\\');
                        other
                    }
                };
                lit.push(byte);
            }
            c => lit.push(c),
        }
    }
    flush(&mut lit, &mut out);
    Ok(out)
}

/// Apply a case conversion to `text`.
fn convert(case: Case, text: &[u8]) -> Vec<u8> {
    let mut v = text.to_vec();
    match case {
        Case::UpperNext => {
            if let Some(b) = v.first_mut() {
                *b = b.to_ascii_uppercase();
            }
        }
        Case::LowerNext => {
            if let Some(b) = v.first_mut() {
                *b = b.to_ascii_lowercase();
            }
        }
        Case::Upper => v.make_ascii_uppercase(),
        Case::Lower => v.make_ascii_lowercase(),
        Case::Stop => {}
    }
    v
}

impl Expr {
    /// The first match of the text `hay` (searched as a text of its own, as GNU's `regexec`
    /// of the rest of the name does) with its groups.
    fn first_match(&self, hay: &[u8]) -> Option<Vec<Option<(usize, usize)>>> {
        let (s, e) = self.re.find_iter(hay).next()?;
        let groups = self.re.captures_for(hay, s, e);
        // A group's text is a slice of `hay`: its offset is where it starts.
        let base = hay.as_ptr() as usize;
        let spans = (0..=self.max_group())
            .map(|n| {
                if n == 0 {
                    return Some((s, e));
                }
                let g = groups.as_ref()?.get(n)?;
                let start = (g.as_ptr() as usize).checked_sub(base)?;
                Some((start, start + g.len())).filter(|&(_, end)| end <= hay.len())
            })
            .collect();
        Some(spans)
    }

    /// The highest group the replacement uses.
    fn max_group(&self) -> usize {
        self.replacement.iter().filter_map(|s| if let Segment::Group(n) = s { Some(*n) } else { None }).max().unwrap_or(0)
    }

    /// GNU's `_single_transform_name_to_obstack`, including its quirk of copying the text
    /// before a skipped match (one before the Nth) twice.
    fn run(&self, name: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(name.len());
        let mut input = name;
        let mut count = 0u64;
        let (mut case, mut saved) = (Case::Stop, Case::Stop);
        while !input.is_empty() {
            let Some(spans) = self.first_match(input) else {
                out.extend_from_slice(input);
                break;
            };
            let (so, eo) = spans[0].unwrap_or((0, 0));
            if so > 0 {
                out.extend_from_slice(&input[..so]);
            }
            count += 1;
            if self.nth > 0 && count < self.nth {
                if eo == 0 {
                    // An empty match at the start: GNU finds it again and again; the count is
                    // all that changes.
                    count = self.nth - 1;
                    continue;
                }
                out.extend_from_slice(&input[..eo]);
                input = &input[eo..];
                continue;
            }
            for seg in &self.replacement {
                let text: Option<&[u8]> = match seg {
                    Segment::Literal(l) => Some(l),
                    Segment::Group(n) => spans.get(*n).copied().flatten().map(|(a, b)| &input[a..b]),
                    Segment::Case(c) => {
                        if matches!(c, Case::UpperNext | Case::LowerNext) && matches!(saved, Case::Stop | Case::Upper | Case::Lower) {
                            saved = case;
                        }
                        case = *c;
                        None
                    }
                };
                if let Some(t) = text {
                    if case == Case::Stop {
                        out.extend_from_slice(t);
                    } else {
                        out.extend_from_slice(&convert(case, t));
                        if matches!(case, Case::UpperNext | Case::LowerNext) {
                            case = saved;
                            saved = Case::Stop;
                        }
                    }
                }
            }
            let mut advance = eo;
            if eo == 0 && self.global {
                // GNU loops for ever on an empty match with `g`; move on by one character.
                let n = std::str::from_utf8(input).ok().and_then(|s| s.chars().next()).map_or(1, char::len_utf8);
                out.extend_from_slice(&input[..n.min(input.len())]);
                advance = n.min(input.len());
            }
            input = &input[advance..];
            if !self.global {
                out.extend_from_slice(input);
                break;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tr(exprs: &[&str], name: &str) -> String {
        let mut t = Transforms::default();
        for e in exprs {
            assert!(t.add(e).is_ok(), "{e}");
        }
        t.apply(name, Scope::Name)
    }

    fn err(expr: &str) -> String {
        Transforms::default().add(expr).err().unwrap_or_default()
    }

    #[test]
    fn substitutions() {
        assert_eq!(tr(&["s/d/X/"], "d/dd"), "X/dd");
        assert_eq!(tr(&["s/d/X/g"], "d/dd"), "X/XX");
        assert_eq!(tr(&["s,f\\.,F.,;s,e,E,"], "./e/f.txt"), "./E/F.txt");
        assert_eq!(tr(&["s/[a-z]/<&>/2"], "./e/f.txt"), "././e/<f>.txt");
        assert_eq!(tr(&["s/[a-z]/<&>/2g"], "./e/f.txt"), "././e/<f>.<t><x><t>");
        assert_eq!(tr(&["s/t/T/3"], "./e/f.txt"), "./e/f../e/f.txxt");
        assert_eq!(tr(&["s/.$/X/g"], "./e/f.txt"), "./e/f.txX");
        assert_eq!(tr(&["s/\\(.\\)\\(.\\)/\\2\\1/g"], "./e/f.txt"), "/./e.fxtt");
        assert_eq!(tr(&["s/(e)/[\\1]/x"], "./e"), "./[e]");
        assert_eq!(tr(&["s/F/Q/i"], "f"), "Q");
        assert_eq!(tr(&["s/e/\\U&x\\Ey/"], "e"), "EXy");
        assert_eq!(tr(&["s/./\\u&/g"], "ab"), "AB");
        assert_eq!(tr(&["s/a*/b/2;s/x/y/g;"], "./e/f.txt"), "b./e/f.tyt");
        assert_eq!(tr(&["s/e/\\&\\\\\\q/"], "e"), "&\\\\q");
        assert_eq!(tr(&[""], "e"), "e");
    }

    #[test]
    fn errors() {
        assert_eq!(err("x/a/b/"), "Invalid transform expression");
        assert_eq!(err("s/a/b"), "Invalid transform expression");
        assert_eq!(err("s/a/b/q"), "Unknown flag in transform expression: q");
        assert_eq!(err("s/\\(a/b/"), "Invalid transform expression: Unmatched ( or \\(");
        assert_eq!(err("s/a/\\1/"), "Invalid transform replacement: back reference out of range");
        assert_eq!(err("flags=rz"), "Unknown transform flag: z");
        assert_eq!(err("s/[/x/"), "Invalid transform expression: Invalid regular expression");
    }

    #[test]
    fn scopes() {
        let mut t = Transforms::default();
        assert!(t.add("s/f/F/S").is_ok());
        assert_eq!((t.apply("f", Scope::Name), t.apply("f", Scope::Symlink), t.apply("f", Scope::Link)), ("F".into(), "f".into(), "F".into()));
        let mut t = Transforms::default();
        assert!(t.add("flags=S;s/f/F/s").is_ok());
        assert_eq!((t.apply("f", Scope::Name), t.apply("f", Scope::Symlink)), ("f".into(), "F".into()));
    }
}
