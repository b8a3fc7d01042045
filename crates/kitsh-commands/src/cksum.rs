//! `cksum`: the POSIX CRC and size of each input by default, or with `-a ALGO` the BSD/SysV sums
//! or a digest (tagged BSD lines unless `--untagged`), and `-c` checking of tagged lines, as
//! GNU coreutils 9.1.


use super::args::{self, quote, quote_name, usage_error, Config, OptSpec, Src};
use super::checksum::algo::{BsdSum, Crc, Kind, SysvSum};
use super::checksum::{check_files, compute, feed, parse_length, validate, Opts};
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::encode;

/// The `cksum` command.
pub struct Cksum;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Algo,
    Check,
    Debug,
    Length,
    Tag,
    Untagged,
    Zero,
    IgnoreMissing,
    Quiet,
    Status,
    Strict,
    Warn,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('a', "algorithm", O::Algo),
    OptSpec::flag('c', "check", O::Check),
    OptSpec::long("debug", args::ArgKind::None, O::Debug),
    OptSpec::req('l', "length", O::Length),
    OptSpec::long("tag", args::ArgKind::None, O::Tag),
    OptSpec::long("untagged", args::ArgKind::None, O::Untagged),
    OptSpec::flag('z', "zero", O::Zero),
    OptSpec::long("ignore-missing", args::ArgKind::None, O::IgnoreMissing),
    OptSpec::long("quiet", args::ArgKind::None, O::Quiet),
    OptSpec::long("status", args::ArgKind::None, O::Status),
    OptSpec::long("strict", args::ArgKind::None, O::Strict),
    OptSpec::flag('w', "warn", O::Warn),
];
const USAGE: &str = "Usage: cksum [OPTION]... [FILE]...\nPrint or verify checksums.\nBy default use the 32 bit CRC algorithm.\n\nWith no FILE, or when FILE is -, read standard input.";

const ALGOS: &[&str] = &["bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3"];

/// What `-a` selected.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Algo {
    Bsd,
    Sysv,
    Crc,
    Digest(Kind),
    Sm3,
}

fn algo(name: &str) -> Option<Algo> {
    Some(match name {
        "bsd" => Algo::Bsd,
        "sysv" => Algo::Sysv,
        "crc" => Algo::Crc,
        "md5" => Algo::Digest(Kind::Md5),
        "sha1" => Algo::Digest(Kind::Sha1),
        "sha224" => Algo::Digest(Kind::Sha224),
        "sha256" => Algo::Digest(Kind::Sha256),
        "sha384" => Algo::Digest(Kind::Sha384),
        "sha512" => Algo::Digest(Kind::Sha512),
        "blake2b" => Algo::Digest(Kind::Blake2b),
        "sm3" => Algo::Sm3,
        _ => return None,
    })
}

/// The sums that are not digests: one line per input, the name when operands were given.
fn legacy(ctx: &mut Ctx<'_>, a: Algo, files: &[String], zero: bool) -> i32 {
    let named = !files.is_empty();
    let stdin = ["-".to_string()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut status = 0;
    for name in files {
        let mut src = match args::open_src(ctx, name) {
            Ok(s) => s,
            // GNU cksum 9.1 ignores the read error on a directory and prints the empty CRC.
            Err(kitsh_core::fs::FsError::IsDir) if a == Algo::Crc => Src::File(Box::new(std::io::empty())),
            Err(e) => {
                ctx.error(&format!("{}: {e}", quote_name(name)));
                status = 1;
                continue;
            }
        };
        let (mut crc, mut bsd, mut sysv) = (Crc::default(), BsdSum::default(), SysvSum::default());
        let r = feed(ctx, &mut src, |d| match a {
            Algo::Bsd => bsd.update(d),
            Algo::Sysv => sysv.update(d),
            _ => crc.update(d),
        });
        match r {
            Ok(()) => {}
            Err(e) if e.is_empty() => return 1,
            Err(e) => {
                ctx.error(&format!("{}: {e}", quote_name(name)));
                status = 1;
                continue;
            }
        }
        let mut line = match a {
            Algo::Bsd => bsd.show().into_bytes(),
            Algo::Sysv => sysv.show().into_bytes(),
            _ => {
                let (c, n) = crc.finish();
                format!("{c} {n}").into_bytes()
            }
        };
        if named {
            line.push(b' ');
            line.extend_from_slice(&encode(name));
        }
        line.push(if zero { 0 } else { b'\n' });
        if let Err(e) = ctx.stdout.write_all(&line) {
            return crate::args::write_failed(ctx, &e);
        }
    }
    status
}

impl Builtin for Cksum {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts {
            kind: None,
            bits: None,
            binary: None,
            tag: true,
            zero: false,
            ignore_missing: false,
            quiet: false,
            status: false,
            strict: false,
            warn: false,
            cksum: true,
        };
        let (mut a, mut chosen, mut check, mut length) = (Algo::Crc, false, false, None);
        for (opt, v) in &parsed.opts {
            let v = v.as_deref().unwrap_or("");
            match opt {
                O::Algo => match algo(v) {
                    Some(x) => (a, chosen) = (x, true),
                    None => {
                        let mut msg = format!("invalid argument {} for {}\nValid arguments are:", quote(v), quote("--algorithm"));
                        for n in ALGOS {
                            msg.push_str(&format!("\n  - {}", quote(n)));
                        }
                        usage_error(ctx, &msg);
                        return 1;
                    }
                },
                O::Check => check = true,
                O::Debug => {}
                O::Length => length = Some(v.to_string()),
                O::Tag => o.tag = true,
                O::Untagged => o.tag = false,
                O::Zero => o.zero = true,
                O::IgnoreMissing => o.ignore_missing = true,
                O::Quiet => o.quiet = true,
                O::Status => o.status = true,
                O::Strict => o.strict = true,
                O::Warn => o.warn = true,
            }
        }
        if let Some(l) = length {
            if a != Algo::Digest(Kind::Blake2b) {
                ctx.error("--length is only supported with --algorithm=blake2b");
                return 1;
            }
            match parse_length(ctx, &l) {
                Ok(0) => {}
                Ok(n) => o.bits = Some(n),
                Err(st) => return st,
            }
        }
        if check && chosen && matches!(a, Algo::Bsd | Algo::Sysv | Algo::Crc) {
            ctx.error("--check is not supported with --algorithm={bsd,sysv,crc}");
            return 1;
        }
        if let Err(st) = validate(ctx, &o, check) {
            return st;
        }
        if a == Algo::Sm3 {
            ctx.error("--algorithm=sm3 is not supported by kitsh");
            return 1;
        }
        if let Algo::Digest(k) = a {
            o.kind = Some(k);
        }
        if check {
            return check_files(ctx, &o, &parsed.operands);
        }
        match a {
            Algo::Digest(k) => compute(ctx, &o, k, &parsed.operands),
            _ => legacy(ctx, a, &parsed.operands, o.zero),
        }
    }
}

/// The `sum` command: the BSD (`-r`, default) or System V (`-s`) checksum and block count.
pub struct Sum;

const SUM_SPECS: &[OptSpec<bool>] = &[OptSpec::flag('r', "", false), OptSpec::flag('s', "sysv", true)];
const SUM_USAGE: &str = "Usage: sum [OPTION]... [FILE]...\nPrint or check BSD (16-bit) checksums.\n\nWith no FILE, or when FILE is -, read standard input.\n\n  -r              use BSD sum algorithm (the default), use 1K blocks\n  -s, --sysv      use System V sum algorithm, use 512 bytes blocks";

impl Builtin for Sum {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, SUM_USAGE);
        let parsed = match args::parse_with(&cfg, SUM_SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let sysv = parsed.opts.last().is_some_and(|(s, _)| *s);
        legacy(ctx, if sysv { Algo::Sysv } else { Algo::Bsd }, &parsed.operands, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn ck(cmd: &dyn crate::Builtin, name: &str, args: &[&str]) -> (String, String, i32) {
        let fs = fs_with(&[("/a", b"hello\n")]);
        let o = run(cmd, name, args, b"hello\n", &*fs, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn outputs() {
        assert_eq!(ck(&Cksum, "cksum", &["a"]).0, "3015617425 6 a\n");
        assert_eq!(ck(&Cksum, "cksum", &[]).0, "3015617425 6\n");
        assert_eq!(ck(&Cksum, "cksum", &["-a", "md5", "a"]).0, "MD5 (a) = b1946ac92492d2347c6235b4d2611184\n");
        assert_eq!(ck(&Cksum, "cksum", &["-a", "md5", "--untagged"]).0, "b1946ac92492d2347c6235b4d2611184  -\n");
        assert_eq!(ck(&Cksum, "cksum", &["-a", "sysv", "a"]).0, "542 1 a\n");
        assert_eq!(ck(&Sum, "sum", &["a"]).0, "36979     1 a\n");
        assert_eq!(ck(&Sum, "sum", &["-s"]).0, "542 1\n");
        assert_eq!(ck(&Cksum, "cksum", &["-l", "8", "a"]).1, "cksum: --length is only supported with --algorithm=blake2b\n");
        assert_eq!(ck(&Cksum, "cksum", &["-a", "x"]).2, 1);
    }
}
