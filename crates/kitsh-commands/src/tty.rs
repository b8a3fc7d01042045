//! `tty`: print the terminal on standard input. A kitsh script's standard input is never a
//! terminal (a pipe, a file or nothing), so this is GNU's answer for that case: `not a tty` and
//! status 1 (`-s`: only the status); usage errors exit 2.

use super::args::{self, quote, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `tty` command.
pub struct Tty;

const SPECS: &[OptSpec<()>] = &[
    OptSpec::flag('s', "silent", ()),
    OptSpec::long("quiet", ArgKind::None, ()),
];
const USAGE: &str = "Usage: tty [OPTION]...\nPrint the file name of the terminal connected to standard input.\n\n  -s, --silent, --quiet   print nothing, only return an exit status\n      --help        display this help and exit\n      --version     output version information and exit";

impl Builtin for Tty {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 2, ..Config::new(ctx.name, USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        if let Some(extra) = parsed.operands.first() {
            usage_error(ctx, &format!("extra operand {}", quote(extra)));
            return 2;
        }
        if !parsed.opts.is_empty() {
            return 1;
        }
        match writeln!(ctx.stdout, "not a tty") {
            Ok(()) => 1,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn t(args: &[&str]) -> (String, String, i32) {
        let o = run(&super::Tty, "tty", args, b"", &*NOFS, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn never_a_terminal() {
        assert_eq!(t(&[]), ("not a tty\n".into(), String::new(), 1));
        assert_eq!(t(&["-s"]), (String::new(), String::new(), 1));
        assert_eq!(t(&["--quiet"]), (String::new(), String::new(), 1));
        let (out, err, st) = t(&["a"]);
        assert_eq!((out.as_str(), st), ("", 2));
        assert!(err.contains("extra operand"), "{err}");
        assert_eq!(t(&["-x"]).2, 2);
    }
}
