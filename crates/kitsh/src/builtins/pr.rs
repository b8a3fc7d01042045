//! `pr` (being rewritten: not registered; its differential scripts wait in
//! `tests/diff-pending/pr/`).

use super::{Builtin, Ctx};

/// The `pr` command.
pub struct Pr;

impl Builtin for Pr {
    fn run(&self, ctx: &mut Ctx<'_>, _argv: &[String]) -> i32 {
        ctx.error("not implemented yet");
        1
    }
}
