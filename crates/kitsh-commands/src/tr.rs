//! `tr`: translate, delete or squeeze bytes, with GNU set syntax: ranges `a-z`, classes
//! `[:alpha:]`, `[=c=]`, repeats `[c*n]` / `[c*]`, escapes `\n` `\\` `\NNN`, and `-c -C -d -s -t`.
//! Works on bytes, like GNU `tr`.

use super::args::{self, flush_out, quote, read_some, usage_error, Config, OptSpec, Src, ChunkBuf};
use super::{Builtin, Ctx};

/// The `tr` command.
pub struct Tr;

#[derive(Clone, Copy)]
enum O {
    Complement,
    Delete,
    Squeeze,
    Truncate,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('c', "complement", O::Complement),
    OptSpec { short: Some('C'), long: None, arg: args::ArgKind::None, id: O::Complement },
    OptSpec::flag('d', "delete", O::Delete),
    OptSpec::flag('s', "squeeze-repeats", O::Squeeze),
    OptSpec::flag('t', "truncate-set1", O::Truncate),
];
const USAGE: &str = "Usage: tr [OPTION]... STRING1 [STRING2]\nTranslate, squeeze, and/or delete characters from standard input,\nwriting to standard output.";

/// A character class of the C locale.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Class {
    Alnum,
    Alpha,
    Blank,
    Cntrl,
    Digit,
    Graph,
    Lower,
    Print,
    Punct,
    Space,
    Upper,
    Xdigit,
}

impl Class {
    fn from_name(n: &[u8]) -> Option<Class> {
        Some(match n {
            b"alnum" => Class::Alnum,
            b"alpha" => Class::Alpha,
            b"blank" => Class::Blank,
            b"cntrl" => Class::Cntrl,
            b"digit" => Class::Digit,
            b"graph" => Class::Graph,
            b"lower" => Class::Lower,
            b"print" => Class::Print,
            b"punct" => Class::Punct,
            b"space" => Class::Space,
            b"upper" => Class::Upper,
            b"xdigit" => Class::Xdigit,
            _ => return None,
        })
    }

    fn has(self, b: u8) -> bool {
        match self {
            Class::Alnum => b.is_ascii_alphanumeric(),
            Class::Alpha => b.is_ascii_alphabetic(),
            Class::Blank => b == b' ' || b == b'\t',
            Class::Cntrl => b.is_ascii_control(),
            Class::Digit => b.is_ascii_digit(),
            Class::Graph => b.is_ascii_graphic(),
            Class::Lower => b.is_ascii_lowercase(),
            Class::Print => b.is_ascii_graphic() || b == b' ',
            Class::Punct => b.is_ascii_punctuation(),
            Class::Space => matches!(b, b' ' | b'\t'..=b'\r'),
            Class::Upper => b.is_ascii_uppercase(),
            Class::Xdigit => b.is_ascii_hexdigit(),
        }
    }
}

/// One element of a set.
#[derive(Clone, Copy, Debug)]
enum Elem {
    Byte(u8),
    Range(u8, u8),
    Class(Class),
    /// `[c*n]`; `None` is `[c*]` / `[c*0]` (fill).
    Repeat(u8, Option<usize>),
}

/// The byte at `s[i]`, decoding a backslash escape; returns the byte and the next index.
fn unescape(s: &[u8], i: usize, warn: &mut bool) -> (u8, usize) {
    if s[i] != b'\\' {
        return (s[i], i + 1);
    }
    let Some(&c) = s.get(i + 1) else {
        *warn = true;
        return (b'\\', i + 1);
    };
    let v = match c {
        b'a' => 7,
        b'b' => 8,
        b'f' => 12,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        b'v' => 11,
        b'0'..=b'7' => {
            let mut v: u32 = 0;
            let mut j = i + 1;
            while j < s.len() && j < i + 4 && (b'0'..=b'7').contains(&s[j]) && v * 8 + ((s[j] - b'0') as u32) < 256 {
                v = v * 8 + (s[j] - b'0') as u32;
                j += 1;
            }
            return (v as u8, j);
        }
        c => c,
    };
    (v, i + 2)
}

/// The largest `[c*n]` count accepted (GNU allows more, but a set of more bytes than this can
/// only pad the end of a translation).
const MAX_REPEAT: usize = 1 << 24;

/// Try a bracket construct at `s[i] == '['`: `Ok(None)` when it is a literal `[`.
fn bracket(s: &[u8], i: usize, warn: &mut bool) -> Result<Option<(Elem, usize)>, String> {
    let rest = &s[i + 1..];
    if let Some(kind @ (b':' | b'=')) = rest.first().copied() {
        let close = [kind, b']'];
        if let Some(end) = rest[1..].windows(2).position(|w| w == close) {
            let body = &rest[1..1 + end];
            let next = i + 1 + 1 + end + 2;
            if kind == b':' {
                return match Class::from_name(body) {
                    Some(c) => Ok(Some((Elem::Class(c), next))),
                    None => Err(format!("invalid character class {}", quote(&String::from_utf8_lossy(body)))),
                };
            }
            let (b, used) = if body.is_empty() { (0, 0) } else { unescape(body, 0, warn) };
            if used != body.len() || body.is_empty() {
                return Err(format!("{}: equivalence class operand must be a single character", String::from_utf8_lossy(body)));
            }
            return Ok(Some((Elem::Byte(b), next)));
        }
    }
    if i + 1 >= s.len() {
        return Ok(None);
    }
    let (c, j) = unescape(s, i + 1, warn);
    if s.get(j) != Some(&b'*') {
        return Ok(None);
    }
    let digits_end = j + 1 + s[j + 1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if s.get(digits_end) != Some(&b']') {
        return Ok(None);
    }
    let digits = std::str::from_utf8(&s[j + 1..digits_end]).unwrap_or("");
    let n = if digits.is_empty() {
        None
    } else {
        let radix = if digits.starts_with('0') { 8 } else { 10 };
        match usize::from_str_radix(digits, radix) {
            Ok(0) => None,
            Ok(n) if n <= MAX_REPEAT => Some(n),
            _ => return Err(format!("invalid repeat count {} in [c*n] construct", quote(digits))),
        }
    };
    Ok(Some((Elem::Repeat(c, n), digits_end + 1)))
}

/// Parse a set operand.
fn parse_set(s: &[u8], warn: &mut bool) -> Result<Vec<Elem>, String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'[' {
            if let Some((e, next)) = bracket(s, i, warn)? {
                out.push(e);
                i = next;
                continue;
            }
        }
        let (c, next) = unescape(s, i, warn);
        if s.get(next) == Some(&b'-') && next + 1 < s.len() {
            let (d, after) = unescape(s, next + 1, warn);
            if d < c {
                let show = |b: u8| String::from_utf8_lossy(&[b]).into_owned();
                return Err(format!("range-endpoints of '{}-{}' are in reverse collating sequence order", show(c), show(d)));
            }
            out.push(Elem::Range(c, d));
            i = after;
            continue;
        }
        out.push(Elem::Byte(c));
        i = next;
    }
    Ok(out)
}

/// Expand a set into bytes; `fill` is the length a `[c*]` takes. Also returns the positions of
/// `[:upper:]`/`[:lower:]` classes.
fn expand(set: &[Elem], fill: usize) -> (Vec<u8>, Vec<(usize, Class)>) {
    let mut out = Vec::new();
    let mut classes = Vec::new();
    for e in set {
        match *e {
            Elem::Byte(b) => out.push(b),
            Elem::Range(a, b) => out.extend(a..=b),
            Elem::Class(c) => {
                classes.push((out.len(), c));
                out.extend((0..=255u8).filter(|&b| c.has(b)));
            }
            Elem::Repeat(c, n) => out.extend(std::iter::repeat_n(c, n.unwrap_or(fill))),
        }
    }
    (out, classes)
}

/// The byte operations to apply.
struct Plan {
    delete: [bool; 256],
    squeeze: [bool; 256],
    map: [u8; 256],
}

/// Check the operand count; `Err` is the usage error message.
fn check_operands(ops: &[String], delete: bool, squeeze: bool) -> Result<(), String> {
    let Some(first) = ops.first() else { return Err("missing operand".into()) };
    let need_two = (!delete && !squeeze) || (delete && squeeze);
    if need_two && ops.len() < 2 {
        let why = if delete { "both deleting and squeezing repeats" } else { "translating" };
        return Err(format!("missing operand after {}\nTwo strings must be given when {why}.", quote(first)));
    }
    let max = if delete && !squeeze { 1 } else { 2 };
    if ops.len() > max {
        let extra = quote(&ops[max]);
        if max == 1 {
            return Err(format!("extra operand {extra}\nOnly one string may be given when deleting without squeezing repeats."));
        }
        return Err(format!("extra operand {extra}"));
    }
    Ok(())
}

/// Build the translation table (`map`) from the two sets.
fn translation(s1: &[u8], c1: &[(usize, Class)], set2: &[Elem], truncate: bool, complement: bool) -> Result<[u8; 256], String> {
    let fixed: usize = expand(set2, 0).0.len();
    let (mut s2, c2) = expand(set2, s1.len().saturating_sub(fixed));
    if c2.iter().any(|(_, c)| !matches!(c, Class::Upper | Class::Lower)) {
        return Err("when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'".into());
    }
    if s2.is_empty() && !truncate {
        return Err("when not truncating set1, string2 must be non-empty".into());
    }
    let mut s1 = s1.to_vec();
    if s1.len() > s2.len() {
        if truncate {
            s1.truncate(s2.len());
        } else if matches!(set2.last(), Some(Elem::Class(_))) {
            return Err("when translating with string1 longer than string2,\nthe latter string must not end with a character class".into());
        } else if let Some(&last) = s2.last() {
            s2.resize(s1.len(), last);
        }
    }
    for (pos, _) in &c2 {
        let aligned = !complement && c1.iter().any(|(p, c)| p == pos && matches!(c, Class::Upper | Class::Lower));
        if !aligned {
            return Err("misaligned [:upper:] and/or [:lower:] construct".into());
        }
    }
    let mut map = [0u8; 256];
    for (i, m) in map.iter_mut().enumerate() {
        *m = i as u8;
    }
    for (a, b) in s1.iter().zip(s2.iter()) {
        map[*a as usize] = *b;
    }
    Ok(map)
}

fn plan(ops: &[String], complement: bool, delete: bool, squeeze: bool, truncate: bool) -> Result<(Plan, bool), String> {
    let mut warn = false;
    let set1 = parse_set(&kitsh_core::util::bytes::encode(&ops[0]), &mut warn)?;
    let set2 = match ops.get(1) {
        Some(s) => Some(parse_set(&kitsh_core::util::bytes::encode(s), &mut warn)?),
        None => None,
    };
    if set1.iter().any(|e| matches!(e, Elem::Repeat(_, None))) {
        return Err("the [c*] repeat construct may not appear in string1".into());
    }
    let (mut s1, c1) = expand(&set1, 0);
    if complement {
        let mut inset = [false; 256];
        for b in &s1 {
            inset[*b as usize] = true;
        }
        s1 = (0..=255u8).filter(|b| !inset[*b as usize]).collect();
    }
    let mut p = Plan { delete: [false; 256], squeeze: [false; 256], map: [0; 256] };
    for (i, m) in p.map.iter_mut().enumerate() {
        *m = i as u8;
    }
    if delete {
        for b in &s1 {
            p.delete[*b as usize] = true;
        }
    }
    if let (Some(set2), false) = (&set2, delete) {
        p.map = translation(&s1, &c1, set2, truncate, complement)?;
    }
    if squeeze {
        let sq = match &set2 {
            Some(set2) => {
                let fixed = expand(set2, 0).0.len();
                expand(set2, s1.len().saturating_sub(fixed)).0
            }
            None => s1,
        };
        for b in sq {
            p.squeeze[b as usize] = true;
        }
    }
    Ok((p, warn))
}

impl Builtin for Tr {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut complement, mut delete, mut squeeze, mut truncate) = (false, false, false, false);
        for (o, _) in parsed.opts {
            match o {
                O::Complement => complement = true,
                O::Delete => delete = true,
                O::Squeeze => squeeze = true,
                O::Truncate => truncate = true,
            }
        }
        if let Err(msg) = check_operands(&parsed.operands, delete, squeeze) {
            usage_error(ctx, &msg);
            return 1;
        }
        let p = match plan(&parsed.operands, complement, delete, squeeze, truncate) {
            Ok((p, warn)) => {
                if warn {
                    ctx.error("warning: an unescaped backslash at end of string is not portable");
                }
                p
            }
            Err(msg) => {
                ctx.error(&msg);
                return 1;
            }
        };
        filter(ctx, &p)
    }
}

fn filter(ctx: &mut Ctx<'_>, p: &Plan) -> i32 {
    let mut src = Src::Stdin;
    let mut buf = ChunkBuf::new();
    let mut out = Vec::new();
    let mut last: Option<u8> = None;
    loop {
        let n = match read_some(ctx, &mut src, &mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) => {
                if !kitsh_core::util::cancelled::is(&e) {
                    ctx.error(&format!("read error: {e}"));
                }
                let _ = flush_out(ctx, &mut out, true);
                return 1;
            }
        };
        for &b in &buf[..n] {
            if p.delete[b as usize] {
                continue;
            }
            let m = p.map[b as usize];
            if p.squeeze[m as usize] && last == Some(m) {
                continue;
            }
            last = Some(m);
            out.push(m);
        }
        if let Err(st) = flush_out(ctx, &mut out, false) {
            return st;
        }
    }
    match flush_out(ctx, &mut out, true) {
        Ok(()) => 0,
        Err(st) => st,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn tr(args: &[&str], input: &[u8]) -> String {
        let o = run(&Tr, "tr", args, input, &*NOFS, "/");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn translate() {
        assert_eq!(tr(&["a-y", "b-z"], b"hello\n"), "ifmmp\n");
        assert_eq!(tr(&["[:lower:]", "[:upper:]"], b"heLLo\n"), "HELLO\n");
        assert_eq!(tr(&["[:upper:]", "[:lower:]"], b"heLLo\n"), "hello\n");
        assert_eq!(tr(&["[:upper:][:lower:]", "[:lower:][:upper:]"], b"aBc\n"), "AbC\n");
        assert_eq!(tr(&["[:lower:]", "A-Z"], b"abc\n"), "ABC\n");
        assert_eq!(tr(&["abc", "x"], b"abc\n"), "xxx\n");
        assert_eq!(tr(&["-t", "abc", "x"], b"abc\n"), "xbc\n");
        assert_eq!(tr(&["\\\\", "/"], b"a\\b\n"), "a/b\n");
        assert_eq!(tr(&["a-c", "[x*]"], b"abc\n"), "xxx\n");
        assert_eq!(tr(&["a-d", "[x*2]y"], b"abcd\n"), "xxyy\n");
        assert_eq!(tr(&["a", "[b*2]c"], b"ab\n"), "bb\n");
        assert_eq!(tr(&["ab", "[x*010]y"], b"ab\n"), "xx\n");
        assert_eq!(tr(&["\\141", "z"], b"abc\n"), "zbc\n");
        assert_eq!(tr(&["\\t", " "], b"a\tb\n"), "a b\n");
        assert_eq!(tr(&["[=a=]", "z"], b"abc\n"), "zbc\n");
        assert_eq!(tr(&["[a*2]", "xyzwv"], b"[*2]a\n"), "[*2]y\n");
        assert_eq!(tr(&["a-", "xy"], b"a-\n"), "xy\n");
        assert_eq!(tr(&["-ab", "xyz"], b"a-b\n"), "tr: invalid option -- 'a'\nTry 'tr --help' for more information.\n");
        assert_eq!(tr(&["--", "-ab", "xyz"], b"a-b\n"), "yxz\n");
        assert_eq!(tr(&["a\\-c", "xyz"], b"abc\n"), "xbz\n");
        assert_eq!(tr(&["[ab]", "xyz"], b"ab]\n"), "yzz\n");
        assert_eq!(tr(&["\\200-\\377", "x"], b"\x80\xff"), "xx");
    }

    #[test]
    fn delete_squeeze_complement() {
        assert_eq!(tr(&["-d", "l"], b"hello\n"), "heo\n");
        assert_eq!(tr(&["-s", "ab"], b"aabbcc\n"), "abcc\n");
        assert_eq!(tr(&["-s", "a-c", "x"], b"aabbcc\n"), "x\n");
        assert_eq!(tr(&["-c", "a-z\\n", "_"], b"hello world\n"), "hello_world\n");
        assert_eq!(tr(&["-cd", "l"], b"hello\n"), "ll");
        assert_eq!(tr(&["-c", "[:alpha:]\\n", "[x*]"], b"a1\n"), "ax\n");
        assert_eq!(tr(&["-ds", "a", "b"], b"aabbb\n"), "b\n");
        assert_eq!(tr(&["-d", "[:lower:]-"], b"a-bc\n"), "\n");
        assert_eq!(tr(&["-s", "[:upper:]"], b"AAbCC\n"), "AbC\n");
        assert_eq!(tr(&["-d", ""], b"hi\n"), "hi\n");
        assert_eq!(tr(&["-s", "[:space:]", "[\\n*]"], b"a  b\t\nc\n"), "a\nb\nc\n");
    }

    #[test]
    fn errors() {
        let t = "Try 'tr --help' for more information.\n";
        assert_eq!(tr(&[], b""), format!("tr: missing operand\n{t}"));
        assert_eq!(tr(&["a"], b""), format!("tr: missing operand after ‘a’\nTwo strings must be given when translating.\n{t}"));
        assert_eq!(tr(&["-d", "a", "b"], b""), format!("tr: extra operand ‘b’\nOnly one string may be given when deleting without squeezing repeats.\n{t}"));
        assert_eq!(tr(&["a", "b", "c"], b""), format!("tr: extra operand ‘c’\n{t}"));
        assert_eq!(tr(&["z-a", "x"], b""), "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n");
        assert_eq!(tr(&["a", "[:alpha:]"], b""), "tr: when translating, the only character classes that may appear in\nstring2 are 'upper' and 'lower'\n");
        assert_eq!(tr(&["[:foo:]", "x"], b""), "tr: invalid character class ‘foo’\n");
        assert_eq!(tr(&["a", ""], b""), "tr: when not truncating set1, string2 must be non-empty\n");
        assert_eq!(tr(&["a", "[:upper:]"], b""), "tr: misaligned [:upper:] and/or [:lower:] construct\n");
        assert_eq!(tr(&["-c", "a", "[:upper:]"], b""), "tr: when translating with string1 longer than string2,\nthe latter string must not end with a character class\n");
        assert_eq!(tr(&["b[a*]", "x"], b""), "tr: the [c*] repeat construct may not appear in string1\n");
        assert_eq!(tr(&["a\\", "xy"], b"\\\n"), "y\ntr: warning: an unescaped backslash at end of string is not portable\n");
    }
}
