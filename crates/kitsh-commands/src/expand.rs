//! `expand` and `unexpand`, as GNU coreutils 9.1 (columns counted in bytes, as GNU does):
//! `-t N`, `-t LIST` (`2,6`, with a final `/N` repeating every N or `+N` adding N), `-i`
//! (expand initial tabs only), `-a` (unexpand all blanks; implied by `-t`), `--first-only`.

use super::args::{self, flush_out, quote_always, stream_files, ArgKind, Config, OptSpec, CHUNK};
use super::{Builtin, Ctx};

/// The `expand` command.
pub struct Expand;
/// The `unexpand` command.
pub struct Unexpand;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Tabs,
    Initial,
    All,
    FirstOnly,
}

const EXPAND_SPECS: &[OptSpec<O>] = &[OptSpec::req('t', "tabs", O::Tabs), OptSpec::flag('i', "initial", O::Initial)];
const UNEXPAND_SPECS: &[OptSpec<O>] =
    &[OptSpec::req('t', "tabs", O::Tabs), OptSpec::flag('a', "all", O::All), OptSpec::long("first-only", ArgKind::None, O::FirstOnly)];
const EXPAND_USAGE: &str = "Usage: expand [OPTION]... [FILE]...\nConvert tabs in each FILE to spaces, writing to standard output.";
const UNEXPAND_USAGE: &str = "Usage: unexpand [OPTION]... [FILE]...\nConvert blanks in each FILE to tabs, writing to standard output.";

/// Tab stops: explicit positions, then a repeat rule.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stops {
    list: Vec<usize>,
    /// `/N`: every multiple of N after the list; `+N`: N after the last stop, repeatedly.
    repeat: Option<(bool, usize)>,
}

impl Stops {
    fn every(n: usize) -> Stops {
        Stops { list: Vec::new(), repeat: Some((true, n)) }
    }

    /// The first tab stop after column `col`, if any.
    fn next(&self, col: usize) -> Option<usize> {
        if let Some(&s) = self.list.iter().find(|&&s| s > col) {
            return Some(s);
        }
        let last = self.list.last().copied().unwrap_or(0);
        match self.repeat {
            Some((true, n)) => Some((col / n + 1) * n),
            Some((false, n)) => Some(last + ((col - last) / n + 1) * n),
            None => None,
        }
    }

    /// Whether `col` is a tab stop.
    fn is_stop(&self, col: usize) -> bool {
        col > 0 && self.next(col - 1) == Some(col)
    }
}

fn parse_stops(spec: &str) -> Result<Stops, String> {
    let mut list: Vec<usize> = Vec::new();
    let mut repeat = None;
    let parts: Vec<&str> = spec.split([',', ' ']).filter(|p| !p.is_empty()).collect();
    for (i, p) in parts.iter().enumerate() {
        let (kind, num) = match p.as_bytes()[0] {
            b'/' => (Some(true), &p[1..]),
            b'+' => (Some(false), &p[1..]),
            _ => (None, *p),
        };
        if kind.is_some() && i + 1 != parts.len() {
            return Err(format!("{} specifier only allowed with the last value", quote_always(&p[..1])));
        }
        let n: usize = num.parse().map_err(|_| format!("tab size contains invalid character(s): {}", quote_always(num)))?;
        if n == 0 {
            return Err("tab size cannot be 0".into());
        }
        match kind {
            Some(k) => repeat = Some((k, n)),
            None => {
                if list.last().is_some_and(|&l| n <= l) {
                    return Err("tab sizes must be ascending".into());
                }
                list.push(n);
            }
        }
    }
    if repeat.is_none() && list.len() == 1 {
        return Ok(Stops::every(list[0]));
    }
    if list.is_empty() && repeat.is_none() {
        return Ok(Stops::every(8));
    }
    Ok(Stops { list, repeat })
}

/// Expand one chunk, keeping the state (column, at line start) across chunks.
fn expand_bytes(data: &[u8], stops: &Stops, initial: bool, st: &mut (usize, bool), out: &mut Vec<u8>) {
    for &b in data {
        let (col, leading) = st;
        match b {
            b'\t' if !initial || *leading => {
                let to = stops.next(*col).unwrap_or(*col + 1);
                out.extend(std::iter::repeat_n(b' ', to - *col));
                *col = to;
            }
            b'\n' => {
                out.push(b);
                *st = (0, true);
                continue;
            }
            b'\x08' => {
                out.push(b);
                *col = col.saturating_sub(1);
            }
            _ => {
                out.push(b);
                *col += 1;
                if b != b' ' && b != b'\t' {
                    *leading = false;
                }
            }
        }
    }
}

/// The state of `unexpand` across chunks.
struct Un {
    col: usize,
    pending: Vec<u8>,
    convert: bool,
}

fn unexpand_bytes(data: &[u8], stops: &Stops, all: bool, s: &mut Un, out: &mut Vec<u8>) {
    for &b in data {
        if s.convert && (b == b' ' || b == b'\t') {
            let next = if b == b'\t' { stops.next(s.col) } else { Some(s.col + 1) };
            match next {
                Some(to) if b == b'\t' || stops.next(s.col).is_some() => {
                    s.col = to;
                    s.pending.push(b);
                    if stops.is_stop(s.col) {
                        if s.pending.len() > 1 || b == b'\t' {
                            out.push(b'\t');
                        } else {
                            out.push(b' ');
                        }
                        s.pending.clear();
                    }
                }
                _ => {
                    // Past the last tab stop: blanks stay as they are.
                    out.append(&mut s.pending);
                    out.push(b);
                    s.col += 1;
                }
            }
            continue;
        }
        out.append(&mut s.pending);
        out.push(b);
        match b {
            b'\n' => {
                s.col = 0;
                s.convert = true;
            }
            b'\x08' => s.col = s.col.saturating_sub(1),
            _ => {
                s.col += 1;
                if !all {
                    s.convert = false;
                }
            }
        }
    }
}

fn run(ctx: &mut Ctx<'_>, argv: &[String], un: bool) -> i32 {
    let (specs, usage) = if un { (UNEXPAND_SPECS, UNEXPAND_USAGE) } else { (EXPAND_SPECS, EXPAND_USAGE) };
    let cfg = Config::new(ctx.name, usage);
    // `-4` means `-t 4`.
    let argv: Vec<String> = argv
        .iter()
        .map(|a| if a.len() > 1 && a.starts_with('-') && a[1..].bytes().all(|c| c.is_ascii_digit() || c == b',') { format!("-t{}", &a[1..]) } else { a.clone() })
        .collect();
    let p = match args::parse_with(&cfg, specs, &argv) {
        Ok(p) => p,
        Err(e) => return e.report(ctx, &cfg),
    };
    let mut stops = Stops::every(8);
    let (mut initial, mut all, mut first_only, mut tabs_given) = (false, false, false, false);
    for (id, v) in p.opts {
        match id {
            O::Tabs => match parse_stops(&v.unwrap_or_default()) {
                Ok(s) => {
                    stops = s;
                    tabs_given = true;
                }
                Err(msg) => {
                    ctx.error(&msg);
                    return 1;
                }
            },
            O::Initial => initial = true,
            O::All => all = true,
            O::FirstOnly => first_only = true,
        }
    }
    if un && tabs_given && !first_only {
        all = true;
    }
    let files = if p.operands.is_empty() { vec!["-".to_string()] } else { p.operands };
    let mut out = Vec::with_capacity(CHUNK * 2);
    let mut est = (0usize, true);
    let mut ust = Un { col: 0, pending: Vec::new(), convert: true };
    let mut open_failed = |ctx: &mut Ctx<'_>, f: &str, e: kitsh_core::fs::FsError, _: &mut Vec<u8>| {
        ctx.error(&format!("{}: {e}", quote_always(f)));
        true
    };
    let mut each = |_: &str, chunk: &[u8], out: &mut Vec<u8>| {
        if un {
            unexpand_bytes(chunk, &stops, all, &mut ust, out);
        } else {
            expand_bytes(chunk, &stops, initial, &mut est, out);
        }
    };
    let status = stream_files(ctx, &files, &mut out, &mut open_failed, &mut |_, _| {}, &mut each);
    out.append(&mut ust.pending);
    match flush_out(ctx, &mut out, true) {
        Ok(()) => status,
        Err(st) => st,
    }
}

impl Builtin for Expand {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, false)
    }
}

impl Builtin for Unexpand {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops() {
        let s = parse_stops("4,/8").unwrap_or(Stops::every(1));
        assert_eq!((s.next(0), s.next(4), s.next(9)), (Some(4), Some(8), Some(16)));
        let s = parse_stops("2,+3").unwrap_or(Stops::every(1));
        assert_eq!((s.next(0), s.next(2), s.next(5)), (Some(2), Some(5), Some(8)));
        assert!(parse_stops("3,2").is_err());
        assert!(parse_stops("0").is_err());
    }
}
