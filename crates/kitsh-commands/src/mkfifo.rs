//! `mkfifo`: create named pipes (`-m MODE`), as GNU coreutils.
//!
//! The node is a real named pipe of the memory filesystem (see [`kitsh_core::fs::fifo`]): `{ echo hi
//! > p & }; cat p` prints `hi`; opening one side waits for the other (until the script's
//! timeout). Shell redirections and commands that read files open it; commands that write a
//! file in one go (`cp x p`, `tee p`) get "Operation not supported". Host-directory mounts
//! have no FIFOs (`mkfifo` is refused there).

use super::args::{self, quote, usage_error, ArgKind, Config, OptSpec};
use super::chmod::{apply, parse_mode, Mode, UMASK};
use super::{Builtin, Ctx};

/// The `mkfifo` command.
pub struct Mkfifo;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Mode,
    Ignored,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('m', "mode", O::Mode),
    OptSpec { short: Some('Z'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec::long("context", ArgKind::Optional, O::Ignored),
];

const USAGE: &str = "Usage: mkfifo [OPTION]... NAME...
Create named pipes (FIFOs) with the given NAMEs.

Mandatory arguments to long options are mandatory for short options too.
  -m, --mode=MODE    set file permission bits to MODE, not a=rw - umask
  -Z                   set the SELinux security context to default type
      --context[=CTX]  like -Z, or if CTX is specified then set the SELinux
                         or SMACK security context to CTX
      --help     display this help and exit
      --version  output version information and exit";

impl Builtin for Mkfifo {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut mode = 0o666 & !UMASK;
        for (o, v) in parsed.opts {
            if o == O::Mode {
                let text = v.unwrap_or_default();
                mode = match parse_mode(&text) {
                    Some(Mode::Octal(m)) if m <= 0o7777 => m,
                    Some(Mode::Octal(_)) | None => {
                        ctx.error("invalid mode");
                        return 1;
                    }
                    Some(m) => apply(&m, 0o666, false, UMASK),
                };
                if mode & !0o777 != 0 {
                    ctx.error("mode must specify only file permission bits");
                    return 1;
                }
            }
        }
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let mut status = 0;
        for name in &parsed.operands {
            let r = if name.is_empty() { Err(kitsh_core::fs::FsError::NotFound) } else { ctx.fs.mkfifo(&ctx.abs_path(name), mode) };
            if let Err(e) = r {
                ctx.error(&format!("cannot create fifo {}: {e}", quote(name)));
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, run_env};
    use kitsh_core::fs::{FileSystem, FileType};

    #[test]
    fn creates_a_fifo_node() {
        let fs = fs_with(&[("/tmp/", b"")]);
        let (_, err, st) = run_env(&Mkfifo, "mkfifo", &["-m", "600", "/tmp/p"], &[], &*fs);
        assert_eq!((err.as_str(), st), ("", 0));
        let m = fs.stat("/tmp/p").map(|m| (m.file_type, m.mode & 0o7777));
        assert_eq!(m, Ok((FileType::Fifo, 0o600)));
        // Nothing writes and nothing can cancel the wait: the open fails at once.
        assert!(fs.open_read("/tmp/p").is_err());
        let (_, err, st) = run_env(&Mkfifo, "mkfifo", &["/tmp/p"], &[], &*fs);
        assert_eq!((err.as_str(), st), ("mkfifo: cannot create fifo ‘/tmp/p’: File exists\n", 1));
    }
}
