//! `sync`: nothing to flush in the virtual filesystem; checks its operands exist, as GNU sync
//! opens them (`-d -f` accepted).

use super::args::{self, quote_always, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `sync` command.
pub struct Sync;

const SPECS: &[OptSpec<()>] = &[OptSpec::flag('d', "data", ()), OptSpec::flag('f', "file-system", ())];
const USAGE: &str = "Usage: sync [OPTION] [FILE]...\nSynchronize cached writes to persistent storage";

impl Builtin for Sync {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("sync", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut status = 0;
        for f in &p.operands {
            if let Err(e) = ctx.fs.stat(&ctx.abs_path(f)) {
                ctx.error(&format!("error opening {}: {e}", quote_always(f)));
                status = 1;
            }
        }
        status
    }
}
