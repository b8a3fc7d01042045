//! `yes`: print a line (the operands joined by spaces, or `y`) until writing fails or the script
//! is cancelled. `yes | head -1` ends because the closed pipe makes the write fail.

use super::args::{self, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::encode;

/// The `yes` command.
pub struct Yes;

const SPECS: &[OptSpec<()>] = &[];
const USAGE: &str = "Usage: yes [STRING]...\n  or:  yes OPTION\nRepeatedly output a line with all specified STRING(s), or 'y'.";

/// The size the repeated line is copied up to before writing, so that each write is large.
const BLOCK: usize = 8 * 1024;

impl Builtin for Yes {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut line = Vec::new();
        if parsed.operands.is_empty() {
            line.push(b'y');
        }
        for (k, w) in parsed.operands.iter().enumerate() {
            if k > 0 {
                line.push(b' ');
            }
            line.extend_from_slice(&encode(w));
        }
        line.push(b'\n');
        let mut block = Vec::with_capacity(BLOCK + line.len());
        while block.len() < BLOCK {
            block.extend_from_slice(&line);
        }
        loop {
            if ctx.cancel.cancelled() {
                return 1;
            }
            if let Err(e) = ctx.stdout.write_all(&block).and_then(|()| ctx.stdout.flush()) {
                return crate::args::write_failed(ctx, &e);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{with_ctx, NOFS};
    use crate::testing::run;
    use std::io::{self, Write};

    /// A stdout that accepts `left` bytes, then fails like a closed pipe.
    struct Limited {
        got: Vec<u8>,
        left: usize,
    }
    impl Write for Limited {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::Error::from(io::ErrorKind::BrokenPipe));
            }
            let n = b.len().min(self.left);
            self.got.extend_from_slice(&b[..n]);
            self.left -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn yes(args: &[&str], limit: usize) -> (String, i32) {
        let mut out = Limited { got: Vec::new(), left: limit };
        let argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (st, _) = with_ctx(&*NOFS, &mut &b""[..], &mut out, |ctx| Yes.run(ctx, &argv));
        (String::from_utf8_lossy(&out.got).into_owned(), st)
    }

    #[test]
    fn repeats_until_the_pipe_closes() {
        assert_eq!(yes(&[], 6), ("y\ny\ny\n".to_string(), 141));
        assert_eq!(yes(&["a", "b"], 8), ("a b\na b\n".to_string(), 141));
        assert_eq!(yes(&["a", "--", "-x"], 7), ("a -x\na ".to_string(), 141));
        assert_eq!(yes(&[""], 3), ("\n\n\n".to_string(), 141));
        assert_eq!(yes(&[], 100_000).0.len(), 100_000);
    }

    #[test]
    fn options() {
        let o = run(&Yes, "yes", &["-x"], b"", &*NOFS, "/");
        assert_eq!((o.stderr.as_str(), o.status), ("yes: invalid option -- 'x'\nTry 'yes --help' for more information.\n", 1));
        let o = run(&Yes, "yes", &["--he"], b"", &*NOFS, "/");
        assert!(o.out().starts_with("Usage: yes [STRING]...\n"));
    }
}
