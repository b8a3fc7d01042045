//! `md5sum`, `sha1sum`, `sha224sum`, `sha256sum`, `sha384sum`, `sha512sum` and `b2sum`: print
//! or check message digests as GNU coreutils 9.1 does (`-b -t --tag -z`, `-c` with `--quiet
//! --status --strict -w --ignore-missing`, `b2sum -l BITS`), hashing inputs in chunks.

pub mod algo;
mod check;


use super::args::{self, file_error, open_src, quote, read_some, usage_error, Config, OptSpec, Src, ChunkBuf};
use super::rev::read_error_text;
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::encode;
use algo::{Hasher, Kind};

/// A `*sum` command computing the digest `self.0`.
pub struct DigestSum(pub Kind);

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Binary,
    Check,
    Tag,
    Text,
    Zero,
    IgnoreMissing,
    Quiet,
    Status,
    Strict,
    Warn,
    Length,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('b', "binary", O::Binary),
    OptSpec::flag('c', "check", O::Check),
    OptSpec::long("tag", args::ArgKind::None, O::Tag),
    OptSpec::flag('t', "text", O::Text),
    OptSpec::flag('z', "zero", O::Zero),
    OptSpec::long("ignore-missing", args::ArgKind::None, O::IgnoreMissing),
    OptSpec::long("quiet", args::ArgKind::None, O::Quiet),
    OptSpec::long("status", args::ArgKind::None, O::Status),
    OptSpec::long("strict", args::ArgKind::None, O::Strict),
    OptSpec::flag('w', "warn", O::Warn),
];
const B2_SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('b', "binary", O::Binary),
    OptSpec::flag('c', "check", O::Check),
    OptSpec::long("tag", args::ArgKind::None, O::Tag),
    OptSpec::flag('t', "text", O::Text),
    OptSpec::flag('z', "zero", O::Zero),
    OptSpec::long("ignore-missing", args::ArgKind::None, O::IgnoreMissing),
    OptSpec::long("quiet", args::ArgKind::None, O::Quiet),
    OptSpec::long("status", args::ArgKind::None, O::Status),
    OptSpec::long("strict", args::ArgKind::None, O::Strict),
    OptSpec::flag('w', "warn", O::Warn),
    OptSpec::req('l', "length", O::Length),
];

/// What the `*sum` and `cksum` commands were asked to do.
#[derive(Clone)]
pub struct Opts {
    /// The digest (for `cksum -c` without `-a`: taken from each line's tag).
    pub kind: Option<Kind>,
    /// The digest length in bits (BLAKE2b); `None`: the default, or as each line says.
    pub bits: Option<usize>,
    /// `-b` (true) / `-t` (false), if given.
    pub binary: Option<bool>,
    /// `--tag`: the BSD format.
    pub tag: bool,
    /// `-z`: lines end in NUL, names are not escaped.
    pub zero: bool,
    /// `--ignore-missing`
    pub ignore_missing: bool,
    /// `--quiet`
    pub quiet: bool,
    /// `--status`
    pub status: bool,
    /// `--strict`
    pub strict: bool,
    /// `-w`
    pub warn: bool,
    /// Running as `cksum` (lines need a tag unless `-a` was given; other message texts).
    pub cksum: bool,
}

/// Hash one input operand in chunks. `Err`: the error text (empty when cancelled).
pub fn hash_input(ctx: &mut Ctx<'_>, name: &str, kind: Kind, bits: usize) -> Result<Vec<u8>, String> {
    let mut src = open_src(ctx, name).map_err(|e| e.to_string())?;
    let mut h = Hasher::new(kind, bits);
    feed(ctx, &mut src, |d| h.update(d))?;
    Ok(h.finish())
}

/// Read `src` to its end in chunks, passing each to `f`. `Err`: the read error text (empty
/// when the script was cancelled).
pub fn feed(ctx: &mut Ctx<'_>, src: &mut Src, mut f: impl FnMut(&[u8])) -> Result<(), String> {
    let mut buf = ChunkBuf::new();
    loop {
        match read_some(ctx, src, &mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => f(&buf[..n]),
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(String::new()),
            Err(e) => return Err(read_error_text(&e)),
        }
    }
}

/// Names holding `\`, newline or CR are printed with a leading `\` (GNU 9.1).
fn needs_escape(name: &[u8]) -> bool {
    name.iter().any(|&b| matches!(b, b'\\' | b'\n' | b'\r'))
}

/// `name` with `\` and newline written as `\\` and `\n` (CR stays raw, as GNU 9.1 prints it).
pub fn escape_name(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len() + 2);
    for &b in name {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            _ => out.push(b),
        }
    }
    out
}

/// One output line for `name` with `digest` in the chosen format.
pub fn format_line(o: &Opts, kind: Kind, bits: usize, name: &str, digest: &[u8]) -> Vec<u8> {
    let raw = encode(name);
    let esc = !o.zero && needs_escape(&raw);
    let shown: Vec<u8> = if esc { escape_name(&raw) } else { raw.into_owned() };
    let mut line = Vec::with_capacity(shown.len() + 140);
    if esc {
        line.push(b'\\');
    }
    let hexd = algo::hex(digest);
    if o.tag {
        line.extend_from_slice(kind.tag().as_bytes());
        if kind == Kind::Blake2b && bits != 512 {
            line.extend_from_slice(format!("-{bits}").as_bytes());
        }
        line.extend_from_slice(b" (");
        line.extend_from_slice(&shown);
        line.extend_from_slice(b") = ");
        line.extend_from_slice(hexd.as_bytes());
    } else {
        line.extend_from_slice(hexd.as_bytes());
        line.extend_from_slice(if o.binary == Some(true) { b" *" } else { b"  " });
        line.extend_from_slice(&shown);
    }
    line.push(if o.zero { 0 } else { b'\n' });
    line
}

/// Print the digests of `files` (standard input when empty). Returns the exit status.
pub fn compute(ctx: &mut Ctx<'_>, o: &Opts, kind: Kind, files: &[String]) -> i32 {
    let stdin = ["-".to_string()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let bits = o.bits.unwrap_or(kind.bits());
    let mut status = 0;
    for name in files {
        match hash_input(ctx, name, kind, bits) {
            Ok(d) => {
                let line = format_line(o, kind, bits, name, &d);
                if let Err(e) = ctx.stdout.write_all(&line) {
                    return crate::args::write_failed(ctx, &e);
                }
            }
            Err(e) if e.is_empty() => return 1,
            Err(e) => {
                let _ = ctx.stdout.flush();
                ctx.error(&format!("{}: {e}", args::quote_name(name)));
                status = 1;
            }
        }
    }
    match ctx.stdout.flush() {
        Ok(()) => status,
        Err(e) => crate::args::write_failed(ctx, &e),
    }
}

/// Check every checksum file of `files` (standard input when empty). Returns the exit status.
pub fn check_files(ctx: &mut Ctx<'_>, o: &Opts, files: &[String]) -> i32 {
    let stdin = ["-".to_string()];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut state = check::State::default();
    let mut ok = true;
    for name in files {
        match check::check_file(ctx, o, name, &mut state) {
            Ok(good) => ok &= good,
            Err(st) => return st,
        }
    }
    i32::from(!ok)
}

/// Parse `b2sum -l` / `cksum -l`: a multiple of 8 up to 512. `Err`: the exit status.
pub fn parse_length(ctx: &mut Ctx<'_>, v: &str) -> Result<usize, i32> {
    let n = v.trim_start().parse::<u64>();
    match n {
        Ok(n) if n % 8 != 0 => {
            ctx.error(&format!("invalid length: {}", quote(v)));
            ctx.error("length is not a multiple of 8");
            Err(1)
        }
        Ok(n) if n > 512 => {
            ctx.error(&format!("invalid length: {}", quote(v)));
            ctx.error(&format!("maximum digest length for {} is 512 bits", quote("BLAKE2b")));
            Err(1)
        }
        Ok(n) => Ok(n as usize),
        Err(_) => {
            ctx.error(&format!("invalid length: {}", quote(v)));
            Err(1)
        }
    }
}

/// Check option combinations as GNU does; `Err`: the usage status after the message.
pub fn validate(ctx: &mut Ctx<'_>, o: &Opts, check: bool) -> Result<(), i32> {
    let fail = |ctx: &mut Ctx<'_>, msg: &str| {
        usage_error(ctx, msg);
        Err(1)
    };
    if o.zero && check {
        return fail(ctx, "the --zero option is not supported when verifying checksums");
    }
    if o.tag && check && !o.cksum {
        return fail(ctx, "the --tag option is meaningless when verifying checksums");
    }
    if o.binary.is_some() && check {
        return fail(ctx, "the --binary and --text options are meaningless when verifying checksums");
    }
    for (set, opt) in [
        (o.ignore_missing, "--ignore-missing"),
        (o.status, "--status"),
        (o.warn, "--warn"),
        (o.quiet, "--quiet"),
        (o.strict, "--strict"),
    ] {
        if set && !check {
            return fail(ctx, &format!("the {opt} option is meaningful only when verifying checksums"));
        }
    }
    if o.tag && o.binary == Some(false) {
        return fail(ctx, "--tag does not support --text mode");
    }
    Ok(())
}

impl Builtin for DigestSum {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let usage = format!(
            "Usage: {0} [OPTION]... [FILE]...\nPrint or check {1} checksums.\n\nWith no FILE, or when FILE is -, read standard input.",
            ctx.name,
            self.0.tag()
        );
        let cfg = Config::new(ctx.name, &usage);
        let specs = if self.0 == Kind::Blake2b { B2_SPECS } else { SPECS };
        let parsed = match args::parse_with(&cfg, specs, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts {
            kind: Some(self.0),
            bits: None,
            binary: None,
            tag: false,
            zero: false,
            ignore_missing: false,
            quiet: false,
            status: false,
            strict: false,
            warn: false,
            cksum: false,
        };
        let mut check = false;
        for (opt, v) in &parsed.opts {
            match opt {
                O::Binary => o.binary = Some(true),
                O::Text => o.binary = Some(false),
                O::Check => check = true,
                O::Tag => o.tag = true,
                O::Zero => o.zero = true,
                O::IgnoreMissing => o.ignore_missing = true,
                O::Quiet => o.quiet = true,
                O::Status => o.status = true,
                O::Strict => o.strict = true,
                O::Warn => o.warn = true,
                O::Length => match parse_length(ctx, v.as_deref().unwrap_or("")) {
                    Ok(0) => o.bits = None,
                    Ok(n) => o.bits = Some(n),
                    Err(st) => return st,
                },
            }
        }
        if let Err(st) = validate(ctx, &o, check) {
            return st;
        }
        if check {
            check_files(ctx, &o, &parsed.operands)
        } else {
            compute(ctx, &o, self.0, &parsed.operands)
        }
    }
}

/// Report a failure to open a checksum file; the exit status.
pub fn open_failed(ctx: &mut Ctx<'_>, name: &str, e: kitsh_core::fs::FsError) -> i32 {
    file_error(ctx, name, e);
    1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn sum(kind: Kind, args: &[&str], input: &[u8]) -> (String, String, i32) {
        let fs = fs_with(&[
            ("/a", b"hello\n"),
            ("/b\\c", b"x"),
            ("/s", b"b1946ac92492d2347c6235b4d2611184  a\n9dd4e461268c8034f5c8564e155c67a6  b\\c\ngarbage\n"),
            ("/bad", b"00000000000000000000000000000000  a\n"),
            ("/miss", b"d41d8cd98f00b204e9800998ecf8427e  missing\n"),
            ("/d/", b""),
        ]);
        let name = match kind {
            Kind::Md5 => "md5sum",
            Kind::Blake2b => "b2sum",
            _ => "sha256sum",
        };
        let o = run(&DigestSum(kind), name, args, input, &*fs, "/");
        (o.out(), o.stderr, o.status)
    }

    #[test]
    fn compute_formats() {
        assert_eq!(sum(Kind::Md5, &["a"], b"").0, "b1946ac92492d2347c6235b4d2611184  a\n");
        assert_eq!(sum(Kind::Md5, &["-b", "a"], b"").0, "b1946ac92492d2347c6235b4d2611184 *a\n");
        assert_eq!(sum(Kind::Md5, &["--tag", "a"], b"").0, "MD5 (a) = b1946ac92492d2347c6235b4d2611184\n");
        assert_eq!(sum(Kind::Md5, &[], b"hello\n").0, "b1946ac92492d2347c6235b4d2611184  -\n");
        assert_eq!(sum(Kind::Md5, &["b\\c"], b"").0, "\\9dd4e461268c8034f5c8564e155c67a6  b\\\\c\n");
        assert_eq!(
            sum(Kind::Blake2b, &["-l", "256", "--tag", "a"], b"").0,
            "BLAKE2b-256 (a) = 93becc6e9882211c3ec3708c95bcd69baab7bb59c7f4bc84ce637b88a534b783\n"
        );
        let (o, e, s) = sum(Kind::Md5, &["nosuch", "d", "a"], b"");
        assert_eq!((o.as_str(), s), ("b1946ac92492d2347c6235b4d2611184  a\n", 1));
        assert_eq!(e, "md5sum: nosuch: No such file or directory\nmd5sum: d: Is a directory\n");
    }

    #[test]
    fn checking() {
        assert_eq!(sum(Kind::Md5, &["-c", "s"], b""), ("a: OK\nb\\c: OK\n".into(), "md5sum: WARNING: 1 line is improperly formatted\n".into(), 0));
        assert_eq!(sum(Kind::Md5, &["-c", "--strict", "s"], b"").2, 1);
        assert_eq!(
            sum(Kind::Md5, &["-c", "bad"], b""),
            ("a: FAILED\n".into(), "md5sum: WARNING: 1 computed checksum did NOT match\n".into(), 1)
        );
        assert_eq!(sum(Kind::Md5, &["-c", "--status", "bad"], b""), (String::new(), String::new(), 1));
        assert_eq!(
            sum(Kind::Md5, &["-c", "miss"], b""),
            (
                "missing: FAILED open or read\n".into(),
                "md5sum: missing: No such file or directory\nmd5sum: WARNING: 1 listed file could not be read\n".into(),
                1
            )
        );
        assert_eq!(sum(Kind::Md5, &["-c", "--ignore-missing", "miss"], b"").1, "md5sum: miss: no file was verified\n");
        assert_eq!(
            sum(Kind::Md5, &["-c"], b"junk\n").1,
            "md5sum: 'standard input': no properly formatted checksum lines found\n"
        );
        assert_eq!(sum(Kind::Md5, &["-c"], b"MD5 (a)= b1946ac92492d2347c6235b4d2611184\n").0, "a: OK\n");
    }

    #[test]
    fn option_errors() {
        let (_, e, s) = sum(Kind::Md5, &["--quiet", "a"], b"");
        assert_eq!(s, 1);
        assert!(e.starts_with("md5sum: the --quiet option is meaningful only when verifying checksums\n"));
        assert_eq!(sum(Kind::Blake2b, &["-l", "7"], b"").1, "b2sum: invalid length: ‘7’\nb2sum: length is not a multiple of 8\n");
    }
}
