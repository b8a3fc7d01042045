//! `seq`: print a sequence of numbers, streaming (`seq 1 1000000000 | head -3` stops as soon as
//! the pipe closes). Integers are exact up to `i128`; other values use `f64` with GNU's precision
//! rules (`seq 0 0.5 2` prints `0.0 ... 2.0`) and the `-f`, `-s`, `-w` options.

use super::args::{self, flush_out, quote, strtod, usage_error, Config, FloatSpec, OptSpec, CHUNK};
use super::{Builtin, Ctx};

/// The `seq` command.
pub struct Seq;

#[derive(Clone, Copy)]
enum O {
    Format,
    Sep,
    Width,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('f', "format", O::Format),
    OptSpec::req('s', "separator", O::Sep),
    OptSpec::flag('w', "equal-width", O::Width),
];
const USAGE: &str = "Usage: seq [OPTION]... LAST\n  or:  seq [OPTION]... FIRST LAST\n  or:  seq [OPTION]... FIRST INCREMENT LAST\nPrint numbers from FIRST to LAST, in steps of INCREMENT.";

/// A numeric operand: its value, its exact integer value if it is one, and its precision (digits
/// after the point, minus the exponent).
#[derive(Clone, Copy)]
struct Operand {
    v: f64,
    int: Option<i128>,
    prec: usize,
}

fn operand(s: &str) -> Option<Operand> {
    let (v, n) = strtod(s);
    if n == 0 || n != s.len() || v.is_nan() {
        return None;
    }
    let t = s.trim_start();
    let is_hex = t.trim_start_matches(['+', '-']).get(..2).is_some_and(|p| p.eq_ignore_ascii_case("0x"));
    let mut prec: i64 = 0;
    if !is_hex {
        let mant_end = t.find(['e', 'E']).unwrap_or(t.len());
        if let Some(dot) = t[..mant_end].find('.') {
            prec = (mant_end - dot - 1) as i64;
        }
        if mant_end < t.len() {
            prec -= t[mant_end + 1..].parse::<i64>().unwrap_or(0).clamp(-10_000, 10_000);
        }
    }
    let prec = prec.max(0) as usize;
    let int = if prec == 0 && v.is_finite() && v.fract() == 0.0 {
        match t.trim_start_matches('+').parse::<i128>() {
            Ok(i) => Some(i),
            Err(_) if v.abs() < 1e30 => Some(v as i128),
            Err(_) => None,
        }
    } else {
        None
    };
    Some(Operand { v, int, prec })
}

/// Output settings.
struct Out {
    sep: String,
    width: bool,
    fmt: Option<(String, FloatSpec, String)>,
}

/// Validate a `-f` format: exactly one floating-point directive; `%%` is a literal `%`.
fn parse_format(f: &str) -> Result<(String, FloatSpec, String), String> {
    let mut pre = String::new();
    let mut i = 0;
    let b = f.as_bytes();
    while i < b.len() {
        if b[i] == b'%' {
            if b.get(i + 1) == Some(&b'%') {
                pre.push('%');
                i += 2;
                continue;
            }
            let Some((spec, used)) = FloatSpec::parse(&f[i + 1..]) else {
                let rest = f[i + 1..].trim_start_matches(|c: char| c.is_ascii_digit() || "-+ #0'.L".contains(c));
                return Err(match rest.chars().next() {
                    None => format!("format {} ends in %", quote(f)),
                    Some(c) => format!("format {} has unknown %{c} directive", quote(f)),
                });
            };
            let rest = &f[i + 1 + used..];
            let post = rest.replace("%%", "\u{0}");
            if post.contains('%') {
                return Err(format!("format {} has too many % directives", quote(f)));
            }
            return Ok((pre, spec, post.replace('\u{0}', "%")));
        }
        let ch = f[i..].chars().next().unwrap_or('\0');
        pre.push(ch);
        i += ch.len_utf8();
    }
    Err(format!("format {} has no % directive", quote(f)))
}

impl Builtin for Seq {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { permute: false, negative_numbers: true, ..Config::new(ctx.name, USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut out = Out { sep: "\n".into(), width: false, fmt: None };
        let mut fmt_text = None;
        for (o, v) in parsed.opts {
            match o {
                O::Format => fmt_text = v,
                O::Sep => out.sep = v.unwrap_or_default(),
                O::Width => out.width = true,
            }
        }
        let ops = &parsed.operands;
        if ops.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        if ops.len() > 3 {
            usage_error(ctx, &format!("extra operand {}", quote(&ops[3])));
            return 1;
        }
        let mut nums = Vec::with_capacity(3);
        for a in ops {
            match operand(a) {
                Some(o) => nums.push(o),
                None => {
                    usage_error(ctx, &format!("invalid floating point argument: {}", quote(a)));
                    return 1;
                }
            }
        }
        if let Some(f) = fmt_text {
            if out.width {
                usage_error(ctx, "format string may not be specified when printing equal width strings");
                return 1;
            }
            match parse_format(&f) {
                Ok(x) => out.fmt = Some(x),
                Err(msg) => {
                    ctx.error(&msg);
                    return 1;
                }
            }
        }
        let one = Operand { v: 1.0, int: Some(1), prec: 0 };
        let (first, step, last) = match nums.len() {
            1 => (one, one, nums[0]),
            2 => (nums[0], one, nums[1]),
            _ => (nums[0], nums[1], nums[2]),
        };
        if step.v == 0.0 {
            usage_error(ctx, &format!("invalid Zero increment value: {}", quote(&ops[1])));
            return 1;
        }
        match (first.int, step.int, last.int, &out.fmt) {
            (Some(a), Some(s), Some(b), None) => ints(ctx, &out, a, s, b),
            _ => floats(ctx, &out, first, step, last),
        }
    }
}

/// Emit one number (`text`) with its separator; flushes in chunks. `Err`: stop with the status.
fn emit(ctx: &mut Ctx<'_>, buf: &mut Vec<u8>, out: &Out, first: bool, text: &str) -> Result<(), i32> {
    if !first {
        buf.extend_from_slice(out.sep.as_bytes());
    }
    buf.extend_from_slice(text.as_bytes());
    if buf.len() >= CHUNK && ctx.cancel.cancelled() {
        return Err(1);
    }
    flush_out(ctx, buf, false)
}

fn pad_zero(s: &str, width: usize) -> String {
    if s.len() >= width {
        return s.to_string();
    }
    let zeros = "0".repeat(width - s.len());
    match s.strip_prefix('-') {
        Some(rest) => format!("-{zeros}{rest}"),
        None => format!("{zeros}{s}"),
    }
}

fn finish(ctx: &mut Ctx<'_>, buf: &mut Vec<u8>, any: bool) -> i32 {
    if any {
        buf.push(b'\n');
    }
    match flush_out(ctx, buf, true) {
        Ok(()) => 0,
        Err(st) => st,
    }
}

fn ints(ctx: &mut Ctx<'_>, out: &Out, first: i128, step: i128, last: i128) -> i32 {
    let width = if out.width { first.to_string().len().max(last.to_string().len()) } else { 0 };
    let mut buf = Vec::with_capacity(CHUNK + 64);
    let mut x = first;
    let mut any = false;
    while (step > 0 && x <= last) || (step < 0 && x >= last) {
        let s = x.to_string();
        let s = if width > 0 { pad_zero(&s, width) } else { s };
        if let Err(st) = emit(ctx, &mut buf, out, !any, &s) {
            return st;
        }
        any = true;
        x = match x.checked_add(step) {
            Some(v) => v,
            None => break,
        };
    }
    finish(ctx, &mut buf, any)
}

fn floats(ctx: &mut Ctx<'_>, out: &Out, first: Operand, step: Operand, last: Operand) -> i32 {
    let prec = first.prec.max(step.prec);
    let show = |x: f64| -> String {
        match &out.fmt {
            Some((pre, spec, post)) => format!("{pre}{}{post}", spec.format(x)),
            None => format!("{x:.prec$}"),
        }
    };
    let width = if out.width { show(first.v).len().max(show(last.v).len()) } else { 0 };
    let last_text = show(last.v);
    let mut buf = Vec::with_capacity(CHUNK + 64);
    let mut any = false;
    let mut i: u64 = 0;
    loop {
        let x = if i == 0 { first.v } else { first.v + i as f64 * step.v };
        let past = (step.v > 0.0 && x > last.v) || (step.v < 0.0 && x < last.v);
        let mut s = show(x);
        if past && s != last_text {
            break;
        }
        if width > 0 {
            s = pad_zero(&s, width);
        }
        if let Err(st) = emit(ctx, &mut buf, out, !any, &s) {
            return st;
        }
        any = true;
        i += 1;
        if past || (i > 0 && first.v + i as f64 * step.v == x) {
            break;
        }
    }
    finish(ctx, &mut buf, any)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{with_ctx, NOFS};
    use crate::testing::run;

    fn seq(args: &[&str]) -> String {
        let o = run(&Seq, "seq", args, b"", &*NOFS, "/");
        format!("{}{}", o.out().replace('\n', " "), o.stderr)
    }

    #[test]
    fn integers() {
        assert_eq!(seq(&["3"]), "1 2 3 ");
        assert_eq!(seq(&["0"]), "");
        assert_eq!(seq(&["5", "-2", "0"]), "5 3 1 ");
        assert_eq!(seq(&["-1", "1"]), "-1 0 1 ");
        assert_eq!(seq(&["-w", "-3", "2"]), "-3 -2 -1 00 01 02 ");
        assert_eq!(seq(&["-w", "9", "11"]), "09 10 11 ");
        assert_eq!(seq(&["-s,", "3"]), "1,2,3 ");
        assert_eq!(seq(&["-s", "", "3"]), "123 ");
        assert_eq!(seq(&["99999999999999999998", "99999999999999999999"]), "99999999999999999998 99999999999999999999 ");
        assert_eq!(seq(&["0x10", "0x11"]), "16 17 ");
        assert_eq!(seq(&["1e3", "1e3"]), "1000 ");
        assert_eq!(seq(&["1.5e1", "16"]), "15 16 ");
        assert_eq!(seq(&["1.", "2"]), "1 2 ");
    }

    #[test]
    fn fractions() {
        assert_eq!(seq(&["0", "0.5", "2"]), "0.0 0.5 1.0 1.5 2.0 ");
        assert_eq!(seq(&["0", "0.1", "0.3"]), "0.0 0.1 0.2 0.3 ");
        assert_eq!(seq(&["1", "0.1", "1.3"]), "1.0 1.1 1.2 1.3 ");
        assert_eq!(seq(&["1.0", "3"]), "1.0 2.0 3.0 ");
        assert_eq!(seq(&[".5", "2"]), "0.5 1.5 ");
        assert_eq!(seq(&["-w", "0.5", "1.5"]), "0.5 1.5 ");
        assert_eq!(seq(&["-w", "1", "0.5", "2"]), "1.0 1.5 2.0 ");
    }

    #[test]
    fn formats() {
        assert_eq!(seq(&["-f", "%03g", "3"]), "001 002 003 ");
        assert_eq!(seq(&["-f", "x%.2fy", "1", "2"]), "x1.00y x2.00y ");
        assert_eq!(seq(&["-f", "%e", "1", "1"]), "1.000000e+00 ");
        assert_eq!(seq(&["-f", "%%%g", "1"]), "%1 ");
        assert_eq!(seq(&["-f", "%d", "1"]), "seq: format ‘%d’ has unknown %d directive\n");
        assert_eq!(seq(&["-f", "a", "1"]), "seq: format ‘a’ has no % directive\n");
        assert_eq!(seq(&["-f", "%5", "1"]), "seq: format ‘%5’ ends in %\n");
        assert_eq!(seq(&["-f", "%#x", "1"]), "seq: format ‘%#x’ has unknown %x directive\n");
        assert_eq!(seq(&["-f", "%g %g", "1"]), "seq: format ‘%g %g’ has too many % directives\n");
    }

    #[test]
    fn errors() {
        let t = "Try 'seq --help' for more information.\n";
        assert_eq!(seq(&["x"]), format!("seq: invalid floating point argument: ‘x’\n{t}"));
        assert_eq!(seq(&["1", "0", "3"]), format!("seq: invalid Zero increment value: ‘0’\n{t}"));
        assert_eq!(seq(&["1", "2", "3", "4"]), format!("seq: extra operand ‘4’\n{t}"));
        assert_eq!(seq(&[]), format!("seq: missing operand\n{t}"));
        assert_eq!(seq(&["3", "1"]), "");
    }

    /// A writer that accepts `limit` bytes, then fails like a closed pipe.
    struct Pipe {
        limit: usize,
        got: usize,
    }
    impl std::io::Write for Pipe {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            if self.got >= self.limit {
                return Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe));
            }
            self.got += b.len();
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn streams_and_stops_on_broken_pipe() {
        let mut pipe = Pipe { limit: 10, got: 0 };
        let args: Vec<String> = vec!["1".into(), "1000000000000".into()];
        let (st, _) = with_ctx(&*NOFS, &mut &b""[..], &mut pipe, |ctx| Seq.run(ctx, &args));
        assert_eq!(st, 141);
    }
}
