//! `printenv`: print all or some exported environment variables.


use super::args::{self, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `printenv` command.
pub struct Printenv;

const SPECS: &[OptSpec<char>] = &[OptSpec::flag('0', "null", '0')];
const USAGE: &str = "Usage: printenv [OPTION]... [VARIABLE]...\nPrint the values of the specified environment VARIABLE(s).\nIf no VARIABLE is specified, print name and value pairs for them all.";

impl Builtin for Printenv {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 2, ..Config::new(ctx.name, USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let end = if parsed.opts.is_empty() { b'\n' } else { 0 };
        let mut out = Vec::new();
        let mut status = 0;
        if parsed.operands.is_empty() {
            for (k, v) in ctx.env.exported() {
                out.extend_from_slice(&kitsh_core::util::bytes::encode(&k));
                out.push(b'=');
                out.extend_from_slice(&kitsh_core::util::bytes::encode(&v));
                out.push(end);
            }
        } else {
            for name in &parsed.operands {
                match ctx.env.get(name).filter(|_| !name.contains('=')) {
                    Some(v) => {
                        out.extend_from_slice(&kitsh_core::util::bytes::encode(&v));
                        out.push(end);
                    }
                    None => status = 1,
                }
            }
        }
        match ctx.stdout.write_all(&out).and_then(|()| ctx.stdout.flush()) {
            Ok(()) => status,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{run_env, NOFS};

    fn pe(args: &[&str]) -> (String, String, i32) {
        run_env(&Printenv, "printenv", args, &[("A", "1"), ("HOME", "/root")], &*NOFS)
    }

    #[test]
    fn all_and_some() {
        assert_eq!(pe(&[]).0, "A=1\nHOME=/root\n");
        assert_eq!(pe(&["HOME", "A"]), ("/root\n1\n".into(), String::new(), 0));
        assert_eq!(pe(&["NOPE", "A"]), ("1\n".into(), String::new(), 1));
        assert_eq!(pe(&["-0", "A"]).0, "1\0");
        assert_eq!(pe(&["A=1"]).2, 1);
        assert_eq!(pe(&["-x"]).2, 2);
    }
}
