//! `basename`: strip the directory (and optionally a suffix) from names.


use super::args::{self, quote, usage_error, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `basename` command.
pub struct Basename;

#[derive(Clone, Copy)]
enum O {
    Multiple,
    Suffix,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('a', "multiple", O::Multiple),
    OptSpec::req('s', "suffix", O::Suffix),
    OptSpec::flag('z', "zero", O::Zero),
];
const USAGE: &str = "Usage: basename NAME [SUFFIX]\n  or:  basename OPTION... NAME...\nPrint NAME with any leading directory components removed.\nIf specified, also remove a trailing SUFFIX.";

/// The last component of `path` (`/` for only slashes, empty for empty), minus `suffix` when it
/// is a proper suffix.
pub fn base_name<'a>(path: &'a str, suffix: &str) -> &'a str {
    if path.is_empty() {
        return path;
    }
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return "/";
    }
    let base = trimmed.rsplit('/').next().unwrap_or(trimmed);
    match base.strip_suffix(suffix) {
        Some(b) if !b.is_empty() && !suffix.is_empty() => b,
        _ => base,
    }
}

impl Builtin for Basename {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut multiple, mut suffix, mut end) = (false, String::new(), b'\n');
        for (o, v) in parsed.opts {
            match o {
                O::Multiple => multiple = true,
                O::Suffix => {
                    multiple = true;
                    suffix = v.unwrap_or_default();
                }
                O::Zero => end = 0,
            }
        }
        let ops = &parsed.operands;
        if ops.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let names: &[String] = if multiple {
            ops
        } else if ops.len() > 2 {
            usage_error(ctx, &format!("extra operand {}", quote(&ops[2])));
            return 1;
        } else {
            if let Some(s) = ops.get(1) {
                suffix = s.clone();
            }
            &ops[..1]
        };
        let mut out = Vec::new();
        for n in names {
            out.extend_from_slice(&kitsh_core::util::bytes::encode(base_name(n, &suffix)));
            out.push(end);
        }
        match ctx.stdout.write_all(&out) {
            Ok(()) => 0,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn b(args: &[&str]) -> (String, String, i32) {
        let o = run(&Basename, "basename", args, b"", &*NOFS, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn names() {
        assert_eq!(b(&["/x/y.c"]).0, "y.c\n");
        assert_eq!(b(&["/x/y.c", ".c"]).0, "y\n");
        assert_eq!(b(&["x.c", "x.c"]).0, "x.c\n");
        assert_eq!(b(&["/"]).0, "/\n");
        assert_eq!(b(&["//"]).0, "/\n");
        assert_eq!(b(&[""]).0, "\n");
        assert_eq!(b(&["a/", ""]).0, "a\n");
        assert_eq!(b(&["-a", "/x/y.c", "/z/"]).0, "y.c\nz\n");
        assert_eq!(b(&["-s", ".c", "/x/y.c", "a.c"]).0, "y\na\n");
        assert_eq!(b(&["--suffix=x", "ax"]).0, "a\n");
        assert_eq!(b(&["-z", "a", "b"]).0, "a\0");
    }

    #[test]
    fn errors() {
        let t = "Try 'basename --help' for more information.\n";
        assert_eq!(b(&[]), (String::new(), format!("basename: missing operand\n{t}"), 1));
        assert_eq!(b(&["a", "b", "c"]).1, format!("basename: extra operand ‘c’\n{t}"));
        assert_eq!(b(&["-s"]).1, format!("basename: option requires an argument -- 's'\n{t}"));
    }
}
