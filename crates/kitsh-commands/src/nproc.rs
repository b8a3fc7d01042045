//! `nproc`: the number of processing units. kitsh always reports 1, so that scripts behave the
//! same everywhere (`--all` and `--ignore=N` are accepted; the result is never below 1).

use super::args::{self, quote, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `nproc` command.
pub struct Nproc;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    All,
    Ignore,
}

const SPECS: &[OptSpec<O>] = &[OptSpec::long("all", ArgKind::None, O::All), OptSpec::long("ignore", ArgKind::Required, O::Ignore)];
const USAGE: &str = "Usage: nproc [OPTION]...\nPrint the number of processing units available to the current process,\nwhich may be less than the number of online processors";

/// The number of processing units kitsh reports.
const UNITS: u64 = 1;

impl Builtin for Nproc {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut ignore = 0u64;
        for (o, v) in &parsed.opts {
            if *o == O::Ignore {
                let v = v.as_deref().unwrap_or("");
                match v.trim_start().parse::<u64>().ok() {
                    Some(n) => ignore = n,
                    None => {
                        ctx.error(&format!("invalid number: {}", quote(v)));
                        return 1;
                    }
                }
            }
        }
        if let Some(extra) = parsed.operands.first() {
            usage_error(ctx, &format!("extra operand {}", quote(extra)));
            return 1;
        }
        let n = UNITS.saturating_sub(ignore).max(1);
        match writeln!(ctx.stdout, "{n}") {
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

    fn n(args: &[&str]) -> (String, String, i32) {
        let o = run(&Nproc, "nproc", args, b"", &*NOFS, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn always_one() {
        assert_eq!(n(&[]).0, "1\n");
        assert_eq!(n(&["--all"]).0, "1\n");
        assert_eq!(n(&["--ignore=100"]).0, "1\n");
        assert_eq!(n(&["--ignore", "0"]).0, "1\n");
        assert_eq!(n(&["--ignore=x"]), (String::new(), "nproc: invalid number: ‘x’\n".into(), 1));
        assert_eq!(n(&["x"]).1, "nproc: extra operand ‘x’\nTry 'nproc --help' for more information.\n");
    }
}
