//! `whoami`: print the user name of the virtual system (`SystemInfo::User`, `user` when the
//! embedder set none).

use super::args::{self, quote, usage_error, Config, OptSpec};
use super::{Builtin, Ctx, SystemInfo};

/// The `whoami` command.
pub struct Whoami;

const SPECS: &[OptSpec<()>] = &[];
const USAGE: &str = "Usage: whoami [OPTION]...\nPrint the user name associated with the current effective user ID.\nSame as id -un.";

/// The user name of the virtual system.
pub fn user_name(ctx: &Ctx<'_>) -> String {
    ctx.env.system(SystemInfo::User).filter(|u| !u.is_empty()).unwrap_or_else(|| "user".to_string())
}

impl Builtin for Whoami {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        if let Some(extra) = parsed.operands.first() {
            usage_error(ctx, &format!("extra operand {}", quote(extra)));
            return 1;
        }
        let name = user_name(ctx);
        match writeln!(ctx.stdout, "{name}") {
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

    #[test]
    fn prints_the_user() {
        assert_eq!(run(&Whoami, "whoami", &[], b"", &*NOFS, "/").out(), "user\n");
        let o = run(&Whoami, "whoami", &["x"], b"", &*NOFS, "/");
        assert_eq!((o.stderr.as_str(), o.status), ("whoami: extra operand ‘x’\nTry 'whoami --help' for more information.\n", 1));
    }
}
