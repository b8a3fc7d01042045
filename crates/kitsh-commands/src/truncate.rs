//! `truncate`: shrink or extend files to a size, as GNU coreutils: `-s [+-<>/%]SIZE`,
//! `-r RFILE`, `-c` (do not create), `-o` (sizes in blocks, here 512 bytes).

use super::args::{self, parse_size, quote, quote_always, usage_error, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, WriteMode};

/// The `truncate` command.
pub struct Truncate;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    NoCreate,
    IoBlocks,
    Reference,
    Size,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('c', "no-create", O::NoCreate),
    OptSpec::flag('o', "io-blocks", O::IoBlocks),
    OptSpec::req('r', "reference", O::Reference),
    OptSpec::req('s', "size", O::Size),
];

const USAGE: &str = "Usage: truncate OPTION... FILE...
Shrink or extend the size of each FILE to the specified size

  -c, --no-create        do not create any files
  -o, --io-blocks        treat SIZE as number of IO blocks instead of bytes
  -r, --reference=RFILE  base size on RFILE
  -s, --size=SIZE        set or adjust the file size by SIZE bytes";

/// How `-s` sets the size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rel {
    Set,
    Extend,
    Reduce,
    AtMost,
    AtLeast,
    RoundDown,
    RoundUp,
}

fn parse_spec(s: &str) -> Option<(Rel, u64)> {
    let (rel, rest) = match s.as_bytes().first()? {
        b'+' => (Rel::Extend, &s[1..]),
        b'-' => (Rel::Reduce, &s[1..]),
        b'<' => (Rel::AtMost, &s[1..]),
        b'>' => (Rel::AtLeast, &s[1..]),
        b'/' => (Rel::RoundDown, &s[1..]),
        b'%' => (Rel::RoundUp, &s[1..]),
        _ => (Rel::Set, s),
    };
    Some((rel, parse_size(rest.trim_start())?))
}

fn new_size(rel: Rel, n: u64, cur: u64) -> Option<u64> {
    Some(match rel {
        Rel::Set => n,
        Rel::Extend => cur.checked_add(n)?,
        Rel::Reduce => cur.saturating_sub(n),
        Rel::AtMost => cur.min(n),
        Rel::AtLeast => cur.max(n),
        Rel::RoundDown => cur / n * n,
        Rel::RoundUp => cur.div_ceil(n).checked_mul(n)?,
    })
}

impl Builtin for Truncate {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("truncate", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut no_create, mut blocks, mut reference, mut size) = (false, false, None, None);
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            match id {
                O::NoCreate => no_create = true,
                O::IoBlocks => blocks = true,
                O::Reference => reference = Some(v),
                O::Size => match parse_spec(&v) {
                    Some(s) => size = Some(s),
                    None => {
                        ctx.error(&format!("Invalid number: {}", quote(&v)));
                        return 1;
                    }
                },
            }
        }
        if size.is_none() && reference.is_none() {
            usage_error(ctx, &format!("you must specify either {} or {}", quote("--size"), quote("--reference")));
            return 1;
        }
        if p.operands.is_empty() {
            usage_error(ctx, "missing file operand");
            return 1;
        }
        if let Some((rel, 0)) = size {
            if matches!(rel, Rel::RoundDown | Rel::RoundUp) {
                ctx.error("division by zero");
                return 1;
            }
        }
        let ref_size = match &reference {
            Some(r) => match ctx.fs.stat(&ctx.abs_path(r)) {
                Ok(m) => Some(m.len),
                Err(e) => {
                    ctx.error(&format!("cannot stat {}: {e}", quote(r)));
                    return 1;
                }
            },
            None => None,
        };
        let mut status = 0;
        for f in &p.operands {
            let abs = ctx.abs_path(f);
            let cur = match ctx.fs.stat(&abs) {
                Ok(m) if m.file_type == FileType::Dir => {
                    ctx.error(&format!("cannot open {} for writing: Is a directory", quote_always(f)));
                    status = 1;
                    continue;
                }
                Ok(m) => m.len,
                Err(kitsh_core::fs::FsError::NotFound) if no_create => continue,
                Err(kitsh_core::fs::FsError::NotFound) => {
                    if let Err(e) = ctx.fs.write_file(&abs, b"", WriteMode::Append) {
                        ctx.error(&format!("cannot open {} for writing: {e}", quote_always(f)));
                        status = 1;
                        continue;
                    }
                    0
                }
                Err(e) => {
                    ctx.error(&format!("cannot open {} for writing: {e}", quote_always(f)));
                    status = 1;
                    continue;
                }
            };
            let target = match (size, ref_size) {
                (Some((rel, n)), r) => {
                    let n = if blocks { n.saturating_mul(512) } else { n };
                    // With a reference, relative sizes adjust the reference's size.
                    new_size(rel, n, r.unwrap_or(cur))
                }
                (None, Some(r)) => Some(r),
                (None, None) => Some(cur),
            };
            let Some(target) = target else {
                ctx.error(&format!("overflow extending size of file {}", quote(f)));
                status = 1;
                continue;
            };
            if let Err(e) = ctx.fs.set_len(&abs, target) {
                ctx.error(&format!("failed to truncate {} at {target} bytes: {e}", quote(f)));
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_spec("+5"), Some((Rel::Extend, 5)));
        assert_eq!(parse_spec("1K"), Some((Rel::Set, 1024)));
        assert_eq!(new_size(Rel::RoundUp, 4, 10), Some(12));
        assert_eq!(new_size(Rel::RoundDown, 5, 12), Some(10));
        assert_eq!(new_size(Rel::Reduce, 50, 12), Some(0));
        assert_eq!(parse_spec("x"), None);
    }
}
