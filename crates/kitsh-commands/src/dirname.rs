//! `dirname`: strip the last component from names.


use super::args::{self, usage_error, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `dirname` command.
pub struct Dirname;

const SPECS: &[OptSpec<char>] = &[OptSpec::flag('z', "zero", 'z')];
const USAGE: &str = "Usage: dirname [OPTION] NAME...\nOutput each NAME with its last non-slash component and trailing slashes\nremoved; if NAME contains no /'s, output '.' (meaning the current directory).";

/// The directory part of `path`: `.` when there is none, `/` for the root.
pub fn dir_name(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "." } else { "/" };
    }
    match trimmed.rfind('/') {
        None => ".",
        Some(i) => {
            let d = trimmed[..i].trim_end_matches('/');
            if d.is_empty() {
                "/"
            } else {
                d
            }
        }
    }
}

impl Builtin for Dirname {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let end = if parsed.opts.is_empty() { b'\n' } else { 0 };
        let mut out = Vec::new();
        for n in &parsed.operands {
            out.extend_from_slice(&kitsh_core::util::bytes::encode(dir_name(n)));
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

    #[test]
    fn names() {
        let o = run(&Dirname, "dirname", &["/", "//", "a", "a/", "/a/b/", "//a", "///a", "a//b//", ""], b"", &*NOFS, "/");
        assert_eq!(o.out(), "/\n/\n.\n.\n/a\n/\n/\na\n.\n");
        assert_eq!(run(&Dirname, "dirname", &["-z", "a/b"], b"", &*NOFS, "/").out(), "a\0");
        let o = run(&Dirname, "dirname", &[], b"", &*NOFS, "/");
        assert_eq!((o.stderr.as_str(), o.status), ("dirname: missing operand\nTry 'dirname --help' for more information.\n", 1));
    }
}
