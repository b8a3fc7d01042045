//! `numfmt`: convert numbers to and from human-readable sizes, as GNU coreutils:
//! `--from=none|si|iec|iec-i|auto`, `--to=none|si|iec|iec-i`, `--from-unit`, `--to-unit`,
//! `--suffix`, `--padding`, `--field=FIELDS`, `--format=FMT` (`%f` with flags, width and
//! precision), `--round=up|down|from-zero|towards-zero|nearest`, `--invalid=abort|fail|warn|
//! ignore`, `-d`, `--header[=N]`, `-z`, `--grouping` (no separators in the C locale).



use super::args::{self, quote, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `numfmt` command.
pub struct Numfmt;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    From,
    FromUnit,
    To,
    ToUnit,
    Suffix,
    Padding,
    Field,
    Format,
    Round,
    Invalid,
    Delim,
    Header,
    Zero,
    Grouping,
    Debug,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::long("from", ArgKind::Required, O::From),
    OptSpec::long("from-unit", ArgKind::Required, O::FromUnit),
    OptSpec::long("to", ArgKind::Required, O::To),
    OptSpec::long("to-unit", ArgKind::Required, O::ToUnit),
    OptSpec::long("suffix", ArgKind::Required, O::Suffix),
    OptSpec::long("padding", ArgKind::Required, O::Padding),
    OptSpec::long("field", ArgKind::Required, O::Field),
    OptSpec::long("format", ArgKind::Required, O::Format),
    OptSpec::long("round", ArgKind::Required, O::Round),
    OptSpec::long("invalid", ArgKind::Required, O::Invalid),
    OptSpec::req('d', "delimiter", O::Delim),
    OptSpec::long("header", ArgKind::Optional, O::Header),
    OptSpec::flag('z', "zero-terminated", O::Zero),
    OptSpec::long("grouping", ArgKind::None, O::Grouping),
    OptSpec::long("debug", ArgKind::None, O::Debug),
];

const USAGE: &str = "Usage: numfmt [OPTION]... [NUMBER]...\nReformat NUMBER(s), or the numbers from standard input if none are specified.";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Scale {
    None,
    Si,
    Iec,
    IecI,
    Auto,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Round {
    Up,
    Down,
    FromZero,
    TowardsZero,
    Nearest,
}

impl Round {
    fn apply(self, v: f64) -> f64 {
        match self {
            Round::Up => v.ceil(),
            Round::Down => v.floor(),
            Round::FromZero => {
                if v < 0.0 {
                    v.floor()
                } else {
                    v.ceil()
                }
            }
            Round::TowardsZero => v.trunc(),
            Round::Nearest => v.round(),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Invalid {
    Abort,
    Fail,
    Warn,
    Ignore,
}

/// A `--format` spec: `%[-'0][width][.prec]f` with text around it.
#[derive(Clone, Default)]
struct Format {
    before: String,
    after: String,
    left: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
}

fn parse_format(s: &str) -> Result<Format, String> {
    let bytes = s.as_bytes();
    let mut i = 0;
    let mut before = String::new();
    while i < bytes.len() {
        if bytes[i] == b'%' {
            if bytes.get(i + 1) == Some(&b'%') {
                before.push('%');
                i += 2;
                continue;
            }
            break;
        }
        before.push(bytes[i] as char);
        i += 1;
    }
    if i >= bytes.len() {
        return Err(format!("format {} has no % directive", quote(s)));
    }
    i += 1;
    let mut f = Format { before, ..Format::default() };
    while i < bytes.len() && matches!(bytes[i], b'-' | b'\'' | b'0' | b' ' | b'+') {
        match bytes[i] {
            b'-' => f.left = true,
            b'0' => f.zero = true,
            _ => {}
        }
        i += 1;
    }
    let ws = i;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        i += 1;
    }
    f.width = s[ws..i].parse().unwrap_or(0);
    if i < bytes.len() && bytes[i] == b'.' {
        i += 1;
        let ps = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        f.prec = Some(s[ps..i].parse().unwrap_or(0));
    }
    if bytes.get(i) != Some(&b'f') {
        return Err(format!("invalid format {}, directive must be %[0]['][-][N][.][N]f", quote(s)));
    }
    let rest = &s[i + 1..];
    if rest.replace("%%", "").contains('%') {
        return Err(format!("format {} has too many % directives", quote(s)));
    }
    f.after = rest.replace("%%", "%");
    Ok(f)
}

struct Opts {
    from: Scale,
    to: Scale,
    from_unit: f64,
    to_unit: f64,
    suffix: String,
    padding: i64,
    fields: Vec<(usize, usize)>,
    format: Option<Format>,
    round: Round,
    invalid: Invalid,
    delim: Option<u8>,
}

const SI: &[u8] = b"KMGTPEZYRQ";

/// Parse a number with an optional unit suffix per `--from`; also the number of fraction
/// digits it was written with.
fn parse_value(s: &str, o: &Opts) -> Result<(f64, usize), String> {
    let t = s.trim_start();
    let num_end = t
        .char_indices()
        .find(|&(i, c)| !(c.is_ascii_digit() || c == '.' || (i == 0 && (c == '-' || c == '+'))))
        .map_or(t.len(), |(i, _)| i);
    let (num, rest) = t.split_at(num_end);
    let mut rest = rest;
    if !o.suffix.is_empty() {
        rest = rest.strip_suffix(o.suffix.as_str()).unwrap_or(rest);
    }
    let v: f64 = num.parse().map_err(|_| format!("invalid number: {}", quote(s)))?;
    let prec = num.split_once('.').map_or(0, |(_, f)| f.len());
    if rest.is_empty() {
        return Ok((v * o.from_unit, prec));
    }
    let (letter, tail) = rest.split_at(rest.chars().next().map_or(0, char::len_utf8));
    let key = if letter == "k" { "K" } else { letter };
    let Some(pow) = SI.iter().position(|&c| key.len() == 1 && c == key.as_bytes()[0]).map(|p| p as i32 + 1) else {
        return Err(format!("invalid suffix in input: {}", quote(s)));
    };
    let base: f64 = match (o.from, tail) {
        (Scale::None, _) => return Err(format!("rejecting suffix in input: {} (consider using --from)", quote(s))),
        (Scale::Si, "") => 1000.0,
        (Scale::Iec, "") => 1024.0,
        (Scale::IecI, "i") => 1024.0,
        (Scale::IecI, "") => return Err(format!("missing 'i' suffix in input: {} (e.g Ki/Mi/Gi)", quote(s))),
        (Scale::Auto, "i") => 1024.0,
        (Scale::Auto, "") => 1000.0,
        _ => return Err(format!("invalid suffix in input: {}", quote(s))),
    };
    Ok((v * base.powi(pow) * o.from_unit, 0))
}

/// `%Lg`-style exponent form: `1e+24`.
fn c_exp(v: f64) -> String {
    let s = format!("{v:e}");
    match s.split_once('e') {
        Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e:0>2}"),
        Some((m, e)) => format!("{m}e-{:0>2}", &e[1..]),
        None => s,
    }
}

/// Format `v` (written with `in_prec` fraction digits) for `--to`, without padding.
fn to_text(v: f64, in_prec: usize, o: &Opts) -> Result<String, String> {
    let v = v / o.to_unit;
    let (base, i) = match o.to {
        Scale::Si => (1000.0, ""),
        Scale::Iec => (1024.0, ""),
        Scale::IecI => (1024.0, "i"),
        _ => {
            if v.abs() >= 1e18 && o.format.is_none() {
                return Err(format!("value too large to be printed: '{}' (consider using --to)", c_exp(v)));
            }
            let prec = o.format.as_ref().and_then(|f| f.prec).unwrap_or(in_prec);
            let m = 10f64.powi(prec as i32);
            let r = o.round.apply(v * m) / m;
            return Ok(format!("{:.*}{}", prec, r, o.suffix));
        }
    };
    let mut x = v.abs();
    let mut power = 0usize;
    while x >= base && power < SI.len() {
        x /= base;
        power += 1;
    }
    let sign = if v < 0.0 { "-" } else { "" };
    if power == 0 {
        // Below the base: printf("%.0f")-style, as GNU prints it.
        let prec = o.format.as_ref().and_then(|f| f.prec).unwrap_or(0);
        return Ok(format!("{sign}{:.*}{}", prec, x, o.suffix));
    }
    let signed = |x: f64| if v < 0.0 { -x } else { x };
    let prec = o.format.as_ref().and_then(|f| f.prec);
    let mut text;
    if prec.is_none() && x < 10.0 {
        let r = signed(o.round.apply(signed(x) * 10.0)).abs() / 10.0;
        if r < 10.0 {
            text = format!("{r:.1}");
        } else {
            text = format!("{}", r as u64);
        }
    } else if let Some(p) = prec {
        let m = 10f64.powi(p as i32);
        let r = signed(o.round.apply(signed(x) * m)).abs() / m;
        text = format!("{r:.p$}");
    } else {
        let mut r = signed(o.round.apply(signed(x))).abs();
        if r >= base && power < SI.len() {
            power += 1;
            r /= base;
            text = format!("{r:.1}");
        } else {
            text = format!("{}", r as u64);
        }
        let _ = &mut text;
    }
    Ok(format!("{sign}{text}{}{i}{}", SI[power - 1] as char, o.suffix))
}

/// Apply `--format` and `--padding` to a converted number.
fn pad(text: String, o: &Opts, width_hint: usize) -> String {
    if let Some(f) = &o.format {
        let w = f.width;
        let body = if text.len() >= w {
            text
        } else if f.left {
            format!("{text:<w$}")
        } else if f.zero {
            let (sign, digits) = if let Some(d) = text.strip_prefix('-') { ("-", d) } else { ("", text.as_str()) };
            format!("{sign}{}{digits}", "0".repeat(w - text.len()))
        } else {
            format!("{text:>w$}")
        };
        return format!("{}{body}{}", f.before, f.after);
    }
    if o.padding > 0 {
        let w = o.padding as usize;
        format!("{text:>w$}")
    } else if o.padding < 0 {
        let w = (-o.padding) as usize;
        format!("{text:<w$}")
    } else if width_hint > text.len() {
        format!("{text:>width_hint$}")
    } else {
        text
    }
}

fn convert(word: &str, o: &Opts, width_hint: usize) -> Result<String, String> {
    let (v, prec) = parse_value(word, o)?;
    let t = to_text(v, prec, o)?;
    Ok(pad(t, o, width_hint))
}

fn parse_fields(s: &str) -> Option<Vec<(usize, usize)>> {
    if s == "-" {
        return Some(vec![(1, usize::MAX)]);
    }
    let mut out = Vec::new();
    for part in s.split(',') {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (if a.is_empty() { 1 } else { a.parse().ok()? }, if b.is_empty() { usize::MAX } else { b.parse().ok()? }),
            None => {
                let n = part.parse().ok()?;
                (n, n)
            }
        };
        if a == 0 || b < a {
            return None;
        }
        out.push((a, b));
    }
    Some(out)
}

impl Builtin for Numfmt {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { negative_numbers: false, ..Config::new("numfmt", USAGE) };
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts {
            from: Scale::None,
            to: Scale::None,
            from_unit: 1.0,
            to_unit: 1.0,
            suffix: String::new(),
            padding: 0,
            fields: vec![(1, 1)],
            format: None,
            round: Round::FromZero,
            invalid: Invalid::Abort,
            delim: None,
        };
        let mut header = 0usize;
        let mut eol = b'\n';
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            let scale = |s: &str, allow_auto: bool| -> Option<Scale> {
                Some(match s {
                    "none" => Scale::None,
                    "si" => Scale::Si,
                    "iec" => Scale::Iec,
                    "iec-i" => Scale::IecI,
                    "auto" if allow_auto => Scale::Auto,
                    _ => return None,
                })
            };
            let argmatch = |ctx: &mut Ctx<'_>, opt: &str, valid: &[&str]| -> i32 {
                let mut msg = format!("numfmt: invalid argument {} for {}\nValid arguments are:\n", quote(&v), quote(opt));
                for a in valid {
                    msg.push_str(&format!("  - {}\n", quote(a)));
                }
                msg.push_str("Try 'numfmt --help' for more information.\n");
                let _ = ctx.stderr.write_all(msg.as_bytes());
                1
            };
            let err = match id {
                O::From => match scale(&v, true) {
                    Some(s) => {
                        o.from = s;
                        Ok(())
                    }
                    None => return argmatch(ctx, "--from", &["none", "auto", "si", "iec", "iec-i"]),
                },
                O::To => match scale(&v, false) {
                    Some(s) => {
                        o.to = s;
                        Ok(())
                    }
                    None => return argmatch(ctx, "--to", &["none", "si", "iec", "iec-i"]),
                },
                O::FromUnit | O::ToUnit => match args::parse_size(&v).filter(|&n| n > 0) {
                    Some(n) => {
                        if id == O::FromUnit {
                            o.from_unit = n as f64;
                        } else {
                            o.to_unit = n as f64;
                        }
                        Ok(())
                    }
                    None => Err(format!("invalid unit size: {}", quote(&v))),
                },
                O::Suffix => {
                    o.suffix = v;
                    Ok(())
                }
                O::Padding => match v.parse::<i64>() {
                    Ok(n) if n != 0 => {
                        o.padding = n;
                        Ok(())
                    }
                    _ => Err(format!("invalid padding value {}", quote(&v))),
                },
                O::Field => parse_fields(&v).map(|f| o.fields = f).ok_or_else(|| format!("invalid field value {}", quote(&v))),
                O::Format => parse_format(&v).map(|f| o.format = Some(f)),
                O::Round => {
                    o.round = match v.as_str() {
                        "up" => Round::Up,
                        "down" => Round::Down,
                        "from-zero" => Round::FromZero,
                        "towards-zero" => Round::TowardsZero,
                        "nearest" => Round::Nearest,
                        _ => return argmatch(ctx, "--round", &["up", "down", "from-zero", "towards-zero", "nearest"]),
                    };
                    Ok(())
                }
                O::Invalid => {
                    o.invalid = match v.as_str() {
                        "abort" => Invalid::Abort,
                        "fail" => Invalid::Fail,
                        "warn" => Invalid::Warn,
                        "ignore" => Invalid::Ignore,
                        _ => return argmatch(ctx, "--invalid", &["abort", "fail", "warn", "ignore"]),
                    };
                    Ok(())
                }
                O::Delim => {
                    let b = v.as_bytes();
                    if b.len() == 1 {
                        o.delim = Some(b[0]);
                        Ok(())
                    } else {
                        Err("the delimiter must be a single character".to_string())
                    }
                }
                O::Header => match if v.is_empty() { Some(1) } else { v.parse::<usize>().ok().filter(|&n| n > 0) } {
                    Some(n) => {
                        header = n;
                        Ok(())
                    }
                    None => Err(format!("invalid header value {}", quote(&v))),
                },
                O::Zero => {
                    eol = 0;
                    Ok(())
                }
                O::Grouping | O::Debug => Ok(()),
            };
            if let Err(msg) = err {
                ctx.error(&msg);
                return 1;
            }
        }
        let mut out = Vec::new();
        let mut status = 0;
        let mut handle = |ctx: &mut Ctx<'_>, line: &str, out: &mut Vec<u8>| -> Result<(), i32> {
            let converted = convert_line(line, &o);
            match converted {
                Ok(s) => out.extend_from_slice(s.as_bytes()),
                Err((msg, original)) => {
                    match o.invalid {
                        Invalid::Abort => {
                            let _ = ctx.stdout.write_all(out);
                            out.clear();
                            ctx.error(&msg);
                            return Err(2);
                        }
                        Invalid::Fail => {
                            ctx.error(&msg);
                            status = 2;
                        }
                        Invalid::Warn => ctx.error(&msg),
                        Invalid::Ignore => {}
                    }
                    out.extend_from_slice(original.as_bytes());
                }
            }
            out.push(eol);
            Ok(())
        };
        if !p.operands.is_empty() {
            for w in &p.operands {
                if let Err(st) = handle(ctx, w, &mut out) {
                    return st;
                }
            }
        } else {
            let mut data = Vec::new();
            if ctx.read_stdin_all(&mut data).is_err() {
                return 1;
            }
            let text = kitsh_core::util::bytes::decode(&data).into_owned();
            let mut lines: Vec<&str> = text.split(eol as char).collect();
            if text.ends_with(eol as char) {
                lines.pop();
            }
            for (k, l) in lines.iter().enumerate() {
                if k < header {
                    out.extend_from_slice(l.as_bytes());
                    out.push(eol);
                    continue;
                }
                if let Err(st) = handle(ctx, l, &mut out) {
                    return st;
                }
            }
        }
        if let Err(e) = ctx.stdout.write_all(&out) {
            return crate::args::write_failed(ctx, &e);
        }
        status
    }
}

/// Convert the selected fields of one line; on failure the message and the line unchanged.
fn convert_line(line: &str, o: &Opts) -> Result<String, (String, String)> {
    let in_field = |n: usize| o.fields.iter().any(|&(a, b)| a <= n && n <= b);
    let mut out = String::new();
    match o.delim {
        Some(d) => {
            for (k, f) in line.split(d as char).enumerate() {
                if k > 0 {
                    out.push(d as char);
                }
                if in_field(k + 1) {
                    out.push_str(&convert(f, o, 0).map_err(|e| (e, line.to_string()))?);
                } else {
                    out.push_str(f);
                }
            }
        }
        None => {
            // Whitespace-separated: a field is its leading blanks and its text; a converted
            // field keeps the width it had.
            let b = line.as_bytes();
            let mut i = 0;
            let mut k = 0;
            while i < b.len() {
                let start = i;
                while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
                    i += 1;
                }
                let word_start = i;
                while i < b.len() && b[i] != b' ' && b[i] != b'\t' {
                    i += 1;
                }
                k += 1;
                let whole = &line[start..i];
                if in_field(k) && word_start < i {
                    // A field with blanks before it keeps its width, blanks included.
                    let hint = if word_start > start { whole.len() } else { 0 };
                    let c = convert(&line[word_start..i], o, hint).map_err(|e| (e, line.to_string()))?;
                    out.push_str(&c);
                } else {
                    out.push_str(whole);
                }
            }
        }
    }
    Ok(out)
}
