//! `less` and `more`. kitsh never has a terminal, so both behave as they do when their output
//! is not one: `less` copies its files (like `cat`), `more` copies them with a
//! `::::::::::::::` header before each file, as util-linux more does. Options are accepted
//! and ignored. A file that cannot be opened is reported but does not change the status
//! (0), as both do on GNU systems without a terminal.

use super::args::{flush_out, open_src, read_some, CHUNK};
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
    let mut status = 0;
    let mut buf = vec![0u8; CHUNK];
    let mut out = Vec::with_capacity(CHUNK * 2);
    for f in &files {
        let mut src = match open_src(ctx, f) {
            Ok(s) => s,
            Err(e) => {
                if let Err(st) = flush_out(ctx, &mut out, true) {
                    return st;
                }
                if headers {
                    ctx.error(&format!("cannot open {f}: {e}"));
                } else {
                    // less reports it on standard output when that is not a terminal.
                    out.extend_from_slice(format!("{f}: {e}\n").as_bytes());
                }
                // Both exit 0 for a missing file when not on a terminal, as on GNU systems.
                continue;
            }
        };
        if headers && f != "-" {
            out.extend_from_slice(format!("::::::::::::::\n{f}\n::::::::::::::\n").as_bytes());
        }
        loop {
            match read_some(ctx, &mut src, &mut buf) {
                Ok(0) => break,
                Ok(n) => out.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => return 1,
                Err(e) => {
                    let _ = flush_out(ctx, &mut out, true);
                    let _ = writeln!(ctx.stderr, "{f}: {e}");
                    status = 1;
                    break;
                }
            }
            if let Err(st) = flush_out(ctx, &mut out, false) {
                return st;
            }
        }
    }
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
