//! `less` and `more`. kitsh never has a terminal, so both behave as they do when their output
//! is not one: `less` copies its files (like `cat`), `more` copies them with a
//! `::::::::::::::` header before each file, as util-linux more does. Options are accepted
//! and ignored. A file that cannot be opened is reported but does not change the status
//! (0), as both do on GNU systems without a terminal.

use super::args::{flush_out, stream_files, CHUNK};
use super::{Builtin, Ctx};

/// The `less` command.
pub struct Less;
/// The `more` command.
pub struct More;

fn page(ctx: &mut Ctx<'_>, argv: &[String], headers: bool) -> i32 {
    let mut files: Vec<String> = argv.iter().filter(|a| !a.starts_with('-') || a.as_str() == "-").cloned().collect();
    if files.is_empty() {
        files.push("-".to_string());
    }
    let mut out = Vec::with_capacity(CHUNK * 2);
    // Both exit 0 for a missing file when not on a terminal, as on GNU systems.
    let mut open_failed = |ctx: &mut Ctx<'_>, f: &str, e: kitsh_core::fs::FsError, out: &mut Vec<u8>| {
        if headers {
            ctx.error(&format!("cannot open {f}: {e}"));
        } else {
            // less reports it on standard output when that is not a terminal.
            out.extend_from_slice(format!("{f}: {e}\n").as_bytes());
        }
        false
    };
    let mut opened = |f: &str, out: &mut Vec<u8>| {
        if headers && f != "-" {
            out.extend_from_slice(format!("::::::::::::::\n{f}\n::::::::::::::\n").as_bytes());
        }
    };
    let status = stream_files(ctx, &files, &mut out, &mut open_failed, &mut opened, &mut |_, chunk, out| out.extend_from_slice(chunk));
    match flush_out(ctx, &mut out, true) {
        Ok(()) => status,
        Err(st) => st,
    }
}

impl Builtin for Less {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        page(ctx, argv, false)
    }
}

impl Builtin for More {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        page(ctx, argv, true)
    }
}
