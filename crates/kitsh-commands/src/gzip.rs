//! `gzip`, `gunzip` and `zcat` as GNU gzip 1.12 behaves (`-c -d -f -k -l -n -N -q -v -t -S
//! -1..-9`): files are replaced by `NAME.gz` (and back) with their mode and times, the GNU
//! messages (`x.gz already exists;` TAB `not overwritten`, `not in gzip format`, `unexpected end
//! of file`, trailing garbage) and exit statuses (1 error, 2 warning). Compression is DEFLATE from
//! `flate2`'s pure-Rust backend: the bytes differ from GNU gzip's, the format does not.
//! Messages always say `gzip:`, as GNU's `gunzip`/`zcat` scripts run `gzip`.

mod codec;

use std::io::Read;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::args::{self, ArgKind, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError, WriteMode};
use kitsh_core::util::bytes::{decode_owned, encode};
use codec::{Cancellable, Failure};

pub use codec::{deflate, inflate, Cancellable as CancelReader, Failure as GzFailure};

/// The `gzip` command.
pub struct Gzip;
/// The `gunzip` command (`gzip -d`).
pub struct Gunzip;
/// The `zcat` command (`gzip -dc`).
pub struct Zcat;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Stdout,
    Decompress,
    Force,
    Keep,
    List,
    NoName,
    Name,
    Quiet,
    Recursive,
    Suffix,
    Test,
    Verbose,
    Fast,
    Best,
    Ignore,
    License,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('c', "stdout", O::Stdout),
    OptSpec::long("to-stdout", ArgKind::None, O::Stdout),
    OptSpec::flag('d', "decompress", O::Decompress),
    OptSpec::long("uncompress", ArgKind::None, O::Decompress),
    OptSpec::flag('f', "force", O::Force),
    OptSpec::flag('k', "keep", O::Keep),
    OptSpec::flag('l', "list", O::List),
    OptSpec::flag('L', "license", O::License),
    OptSpec::flag('n', "no-name", O::NoName),
    OptSpec::flag('N', "name", O::Name),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::long("silent", ArgKind::None, O::Quiet),
    OptSpec::flag('r', "recursive", O::Recursive),
    OptSpec::req('S', "suffix", O::Suffix),
    OptSpec::flag('t', "test", O::Test),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::long("fast", ArgKind::None, O::Fast),
    OptSpec::long("best", ArgKind::None, O::Best),
    OptSpec::long("rsyncable", ArgKind::None, O::Ignore),
    OptSpec::long("synchronous", ArgKind::None, O::Ignore),
];

const USAGE: &str = "Usage: gzip [OPTION]... [FILE]...
Compress or uncompress FILEs (by default, compress FILES in-place).

Mandatory arguments to long options are mandatory for short options too.

  -c, --stdout      write on standard output, keep original files unchanged
  -d, --decompress  decompress
  -f, --force       force overwrite of output file and compress links
  -h, --help        give this help
  -k, --keep        keep (don't delete) input files
  -l, --list        list compressed file contents
  -L, --license     display software license
  -n, --no-name     do not save or restore the original name and timestamp
  -N, --name        save or restore the original name and timestamp
  -q, --quiet       suppress all warnings
  -r, --recursive   operate recursively on directories
      --rsyncable   make rsync-friendly archive
  -S, --suffix=SUF  use suffix SUF on compressed files
      --synchronous synchronous output (safer if system crashes, but slower)
  -t, --test        test compressed file integrity
  -v, --verbose     verbose mode
  -V, --version     display version number
  -1, --fast        compress faster
  -9, --best        compress better

With no FILE, or when FILE is -, read standard input.

Report bugs to <bug-gzip@gnu.org>.";

/// The settings of one run.
struct Opts {
    decompress: bool,
    stdout: bool,
    force: bool,
    keep: bool,
    list: bool,
    /// `-N` (true) / `-n` (false), if given.
    name: Option<bool>,
    quiet: bool,
    verbose: bool,
    test: bool,
    level: u32,
    suffix: String,
}

/// Where the output of one operand goes.
enum Dest {
    Stdout,
    File(String),
    Discard,
}

/// Where the input of one operand comes from.
enum From {
    Stdin,
    File(Box<dyn Read + Send>),
}

/// `gzip: MSG` on stderr (the name is always `gzip`).
fn say(ctx: &mut Ctx<'_>, msg: &str) {
    let _ = writeln!(ctx.stderr, "gzip: {msg}");
}

/// GNU's `%5.1f%%` ratio.
fn ratio(num: i64, den: i64) -> String {
    let r = if den == 0 {
        0.0
    } else {
        100.0 * num as f64 / den as f64
    };
    format!("{r:5.1}%")
}

/// Run `f` with the operand's reader and a sink writing to `dest`.
fn with_io<T>(
    ctx: &mut Ctx<'_>,
    from: From,
    dest: &Dest,
    f: impl FnOnce(&mut dyn Read, &mut dyn FnMut(&[u8]) -> Result<(), i32>) -> T,
) -> (T, Option<FsError>) {
    let cancel = ctx.cancel;
    let fs = ctx.fs;
    let stdout = &mut *ctx.stdout;
    let mut fs_err = None;
    let mut sink = |d: &[u8]| -> Result<(), i32> {
        match dest {
            Dest::Stdout => stdout.write_all(d).map_err(|e| crate::status_for_write_error(&e)),
            Dest::File(p) => fs.write_file(p, d, WriteMode::Append).map_err(|e| {
                fs_err = Some(e);
                1
            }),
            Dest::Discard => Ok(()),
        }
    };
    let r = match from {
        From::Stdin => {
            let mut r = Cancellable {
                inner: &mut *ctx.stdin,
                cancel,
            };
            f(&mut r, &mut sink)
        }
        From::File(file) => {
            let mut r = Cancellable {
                inner: file,
                cancel,
            };
            f(&mut r, &mut sink)
        }
    };
    (r, fs_err)
}

/// The known compressed suffixes and what replaces them.
fn strip_suffix(name: &str, o: &Opts) -> Option<String> {
    let base = name.rsplit('/').next().unwrap_or(name);
    if !o.suffix.is_empty() && base.len() > o.suffix.len() && base.ends_with(&o.suffix) {
        return Some(name[..name.len() - o.suffix.len()].to_string());
    }
    for (suf, repl) in [
        (".gz", ""),
        ("-gz", ""),
        (".z", ""),
        ("-z", ""),
        ("_z", ""),
        (".tgz", ".tar"),
        (".taz", ".tar"),
    ] {
        if base.len() > suf.len() && base.to_ascii_lowercase().ends_with(suf) {
            return Some(format!("{}{repl}", &name[..name.len() - suf.len()]));
        }
    }
    None
}

fn mtime_secs(t: SystemTime) -> u32 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs().min(u64::from(u32::MAX)) as u32)
}

impl Opts {
    fn warn(&self, ctx: &mut Ctx<'_>, msg: &str) -> i32 {
        if !self.quiet {
            say(ctx, msg);
        }
        2
    }
}

/// Compress or decompress standard input to standard output.
fn do_stdin(ctx: &mut Ctx<'_>, o: &Opts) -> i32 {
    if o.list {
        say(ctx, "stdin: compressed size unknown by kitsh");
        return 1;
    }
    let dest = if o.test { Dest::Discard } else { Dest::Stdout };
    if o.decompress || o.test {
        let force_copy = o.force && o.stdout;
        let (r, _) = with_io(ctx, From::Stdin, &dest, |r, sink| {
            let mut head = [0u8; 2];
            let mut got = 0;
            while got < 2 {
                match r.read(&mut head[got..]) {
                    Ok(0) => break,
                    Ok(n) => got += n,
                    Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(Failure::Read(String::new())),
                    Err(e) => return Err(Failure::Read(e.to_string())),
                }
            }
            let chained = head[..got].chain(r);
            if force_copy && (got < 2 || head != [0x1f, 0x8b]) {
                return codec::copy(chained, sink).map(|_| codec::Done::default());
            }
            codec::inflate(chained, sink)
        });
        return finish_inflate(ctx, o, "stdin", r, None);
    }
    let level = o.level;
    let (r, _) = with_io(ctx, From::Stdin, &dest, |r, sink| {
        codec::deflate(r, level, None, 0, sink)
    });
    match r {
        Ok(_) => 0,
        Err(f) => fail_status(ctx, "stdin", f),
    }
}

/// Print the message for a failure; its status.
fn fail_status(ctx: &mut Ctx<'_>, name: &str, f: Failure) -> i32 {
    match f {
        Failure::NotGzip => {
            let _ = write!(ctx.stderr, "\ngzip: {name}: not in gzip format\n");
            1
        }
        Failure::Bad(m) => {
            let _ = write!(ctx.stderr, "\ngzip: {name}: {m}\n");
            1
        }
        Failure::Read(m) if m.is_empty() => 1,
        Failure::Read(m) => {
            say(ctx, &format!("{name}: {m}"));
            1
        }
        Failure::Write(st) => st,
    }
}

/// The status after a decompression of `name` (0, 1 or 2).
fn finish_inflate(
    ctx: &mut Ctx<'_>,
    o: &Opts,
    name: &str,
    r: Result<codec::Done, Failure>,
    fs_err: Option<FsError>,
) -> i32 {
    if let Some(e) = fs_err {
        say(ctx, &format!("{name}: {e}"));
        return 1;
    }
    match r {
        Ok(d) if d.trailing_garbage => {
            if !o.quiet {
                let _ = write!(
                    ctx.stderr,
                    "\ngzip: {name}: decompression OK, trailing garbage ignored\n"
                );
            }
            2
        }
        Ok(_) => 0,
        Err(f) => fail_status(ctx, name, f),
    }
}

fn do_file(ctx: &mut Ctx<'_>, o: &Opts, name: &str) -> i32 {
    if o.decompress || o.test || o.list {
        decompress_file(ctx, o, name)
    } else {
        compress_file(ctx, o, name)
    }
}

fn compress_file(ctx: &mut Ctx<'_>, o: &Opts, name: &str) -> i32 {
    let abs = ctx.abs_path(name);
    let meta = match ctx.fs.stat(&abs) {
        Ok(m) => m,
        Err(e) => {
            say(ctx, &format!("{name}: {e}"));
            return 1;
        }
    };
    if meta.file_type == FileType::Dir {
        return o.warn(ctx, &format!("{name} is a directory -- ignored"));
    }
    // A device or named pipe is never replaced by a .gz file (with -c it is read).
    if !o.stdout && meta.file_type != FileType::File {
        return o.warn(ctx, &format!("{name} is not a directory or a regular file - ignored"));
    }
    // GNU gzip replaces neither symlinks nor files with other hard links unless forced.
    if !o.stdout && !o.force {
        if ctx.fs.lstat(&abs).is_ok_and(|m| m.file_type == FileType::Symlink) {
            say(ctx, &format!("{name}: Too many levels of symbolic links"));
            return 1;
        }
        if meta.nlink > 1 {
            let others = meta.nlink - 1;
            let what = if others == 1 { "link" } else { "links" };
            return o.warn(ctx, &format!("{name} has {others} other {what} -- file ignored"));
        }
    }
    if !o.stdout && strip_suffix(name, o).is_some_and(|_| name.ends_with(&o.suffix)) {
        if !o.quiet {
            say(
                ctx,
                &format!("{name} already has {} suffix -- unchanged", o.suffix),
            );
        }
        return 0;
    }
    let out_name = format!("{name}{}", o.suffix);
    let out_abs = ctx.abs_path(&out_name);
    let dest = if o.stdout {
        Dest::Stdout
    } else {
        Dest::File(out_abs.clone())
    };
    if !o.stdout {
        if ctx.fs.lstat(&out_abs).is_ok() {
            if !o.force {
                return o.warn(ctx, &format!("{out_name} already exists;\tnot overwritten"));
            }
            let _ = ctx.fs.remove_file(&out_abs);
        }
        if let Err(e) = ctx.fs.write_file(&out_abs, b"", WriteMode::Truncate) {
            say(ctx, &format!("{out_name}: {e}"));
            return 1;
        }
    }
    let file = match ctx.fs.open_read(&abs) {
        Ok(f) => f,
        Err(e) => {
            say(ctx, &format!("{name}: {e}"));
            return 1;
        }
    };
    let save_name = o.name != Some(false);
    let base = encode(name.rsplit('/').next().unwrap_or(name)).into_owned();
    let stored = save_name.then_some(base);
    let mtime = if save_name { mtime_secs(meta.mtime) } else { 0 };
    let level = o.level;
    let (r, fs_err) = with_io(ctx, From::File(file), &dest, |r, sink| {
        codec::deflate(r, level, stored.as_deref(), mtime, sink)
    });
    let fail = fs_err
        .map(|e| say(ctx, &format!("{out_name}: {e}")))
        .is_some();
    let packed = match r {
        Ok(p) if !fail => p,
        Ok(_) => {
            let _ = ctx.fs.remove_file(&out_abs);
            return 1;
        }
        Err(f) => {
            if !o.stdout {
                let _ = ctx.fs.remove_file(&out_abs);
            }
            return fail_status(ctx, name, f);
        }
    };
    if !o.stdout {
        let _ = ctx.fs.set_mode(&out_abs, meta.mode);
        let _ = ctx.fs.set_mtime(&out_abs, meta.mtime);
        if !o.keep {
            let _ = ctx.fs.remove_file(&abs);
        }
    }
    if o.verbose {
        let r = ratio(
            packed.bytes_in as i64 - (packed.bytes_out as i64 - packed.overhead as i64),
            packed.bytes_in as i64,
        );
        let target = if o.stdout {
            "stdout"
        } else {
            out_name.as_str()
        };
        let what = if o.keep {
            format!(" -- created {target}")
        } else {
            format!(" -- replaced with {target}")
        };
        let _ = writeln!(ctx.stderr, "{name}:\t{r}{what}");
    }
    0
}

/// Find the compressed file for operand `name`: `(path shown, absolute path, output name)`.
fn locate(
    ctx: &mut Ctx<'_>,
    o: &Opts,
    name: &str,
) -> Result<(String, String, Option<String>), i32> {
    let abs = ctx.abs_path(name);
    match ctx.fs.stat(&abs) {
        Ok(m) if m.file_type == FileType::Dir => {
            Err(o.warn(ctx, &format!("{name} is a directory -- ignored")))
        }
        Ok(m) if m.file_type != FileType::File && !o.stdout && !o.test && !o.list => {
            Err(o.warn(ctx, &format!("{name} is not a directory or a regular file - ignored")))
        }
        Ok(_) => {
            let out = strip_suffix(name, o);
            if out.is_none() && !o.stdout && !o.test && !o.list {
                // GNU warns (status 2) only when not quiet.
                if o.quiet {
                    return Err(0);
                }
                return Err(o.warn(ctx, &format!("{name}: unknown suffix -- ignored")));
            }
            Ok((name.to_string(), abs, out))
        }
        Err(e) => {
            if strip_suffix(name, o).is_none() {
                let alt = format!("{name}{}", o.suffix);
                let alt_abs = ctx.abs_path(&alt);
                if ctx
                    .fs
                    .stat(&alt_abs)
                    .is_ok_and(|m| m.file_type != FileType::Dir)
                {
                    return Ok((alt, alt_abs, Some(name.to_string())));
                }
                say(ctx, &format!("{alt}: {e}"));
            } else {
                say(ctx, &format!("{name}: {e}"));
            }
            Err(1)
        }
    }
}

fn decompress_file(ctx: &mut Ctx<'_>, o: &Opts, name: &str) -> i32 {
    let (shown, abs, out_name) = match locate(ctx, o, name) {
        Ok(x) => x,
        Err(st) => return st,
    };
    if o.list {
        return 0;
    }
    let Ok(meta) = ctx.fs.stat(&abs) else {
        return 1;
    };
    let to_file = !o.stdout && !o.test;
    let mut out_name = out_name.unwrap_or_default();
    if to_file && o.name == Some(true) {
        // -N: the stored name, in the directory of the compressed file.
        if let Ok(mut f) = ctx.fs.open_read(&abs) {
            let mut head = vec![0u8; 1024];
            let n = f.read(&mut head).unwrap_or(0);
            if let Some(stored) = stored_name(&head[..n]) {
                let dir = shown.rfind('/').map_or("", |p| &shown[..=p]);
                out_name = format!("{dir}{}", decode_owned(stored));
            }
        }
    }
    let out_abs = ctx.abs_path(&out_name);
    let dest = if o.test {
        Dest::Discard
    } else if o.stdout {
        Dest::Stdout
    } else {
        Dest::File(out_abs.clone())
    };
    if to_file {
        if ctx.fs.lstat(&out_abs).is_ok() {
            if !o.force {
                return o.warn(ctx, &format!("{out_name} already exists;\tnot overwritten"));
            }
            let _ = ctx.fs.remove_file(&out_abs);
        }
        if let Err(e) = ctx.fs.write_file(&out_abs, b"", WriteMode::Truncate) {
            say(ctx, &format!("{out_name}: {e}"));
            return 1;
        }
    }
    let file = match ctx.fs.open_read(&abs) {
        Ok(f) => f,
        Err(e) => {
            say(ctx, &format!("{shown}: {e}"));
            return 1;
        }
    };
    let force_copy = o.force && o.stdout;
    let (r, fs_err) = with_io(ctx, From::File(file), &dest, |r, sink| {
        let mut head = [0u8; 2];
        let mut got = 0;
        while got < 2 {
            match r.read(&mut head[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(Failure::Read(String::new())),
                Err(e) => return Err(Failure::Read(e.to_string())),
            }
        }
        let chained = head[..got].chain(r);
        if force_copy && (got < 2 || head != [0x1f, 0x8b]) {
            return codec::copy(chained, sink).map(|n| codec::Done {
                bytes_in: n,
                bytes_out: n,
                ..Default::default()
            });
        }
        codec::inflate(chained, sink)
    });
    let info = r.as_ref().ok().map(|d| {
        (
            d.bytes_in,
            d.bytes_out,
            d.name.as_ref().map_or(0, |n| n.len() as u64 + 1),
            d.mtime,
        )
    });
    let st = finish_inflate(ctx, o, &shown, r, fs_err);
    if st == 1 {
        if to_file {
            let _ = ctx.fs.remove_file(&out_abs);
        }
        return 1;
    }
    if to_file {
        let _ = ctx.fs.set_mode(&out_abs, meta.mode);
        let stored_time = info.map_or(0, |i| i.3);
        let t = if o.name == Some(true) && stored_time != 0 {
            UNIX_EPOCH + Duration::from_secs(u64::from(stored_time))
        } else {
            meta.mtime
        };
        let _ = ctx.fs.set_mtime(&out_abs, t);
        if !o.keep {
            let _ = ctx.fs.remove_file(&abs);
        }
    }
    if o.verbose {
        if o.test {
            let _ = writeln!(ctx.stderr, "{shown}:\t OK");
        } else if let Some((bin, bout, namelen, _)) = info {
            let header = 18 + namelen;
            let r = ratio(bout as i64 - (bin as i64 - header as i64), bout as i64);
            let target = if o.stdout {
                "stdout"
            } else {
                out_name.as_str()
            };
            let what = if o.keep {
                format!(" -- created {target}")
            } else {
                format!(" -- replaced with {target}")
            };
            let _ = writeln!(ctx.stderr, "{shown}:\t{r}{what}");
        }
    }
    st
}

/// The FNAME field of a gzip header, if present.
fn stored_name(h: &[u8]) -> Option<Vec<u8>> {
    if h.len() < 10 || h[0] != 0x1f || h[1] != 0x8b || h[3] & 0x08 == 0 {
        return None;
    }
    let mut i = 10;
    if h[3] & 0x04 != 0 {
        let xlen = usize::from(*h.get(10)?) | (usize::from(*h.get(11)?) << 8);
        i += 2 + xlen;
    }
    let rest = h.get(i..)?;
    let end = rest.iter().position(|&b| b == 0)?;
    let name = &rest[..end];
    let base = name.rsplit(|&b| b == b'/').next().unwrap_or(name);
    (!base.is_empty()).then(|| base.to_vec())
}

/// `gzip -l`: one line per file (sizes from the file and its trailer), totals when several.
fn list(ctx: &mut Ctx<'_>, o: &Opts, files: &[String]) -> i32 {
    let mut out = String::new();
    if o.verbose {
        out.push_str("method  crc     date  time  ");
    }
    out.push_str("         compressed        uncompressed  ratio uncompressed_name\n");
    let tz = ctx.env.get("TZ");
    let (mut tin, mut tout, mut n, mut status) = (0i64, 0i64, 0, 0);
    let mut last_header = 0i64;
    for f in files {
        if f == "-" {
            status = 1;
            say(ctx, "stdin: -l is not supported on standard input by kitsh");
            continue;
        }
        let (shown, abs, out_name) = match locate(ctx, o, f) {
            Ok(x) => x,
            Err(st) => {
                status = status.max(st);
                continue;
            }
        };
        let data = match ctx.fs.read_file(&abs) {
            Ok(d) => d,
            Err(e) => {
                say(ctx, &format!("{shown}: {e}"));
                status = 1;
                continue;
            }
        };
        if data.len() < 18 || data[0] != 0x1f || data[1] != 0x8b {
            let _ = write!(ctx.stderr, "\ngzip: {shown}: not in gzip format\n");
            status = 1;
            continue;
        }
        let k = data.len();
        let isize = i64::from(u32::from_le_bytes([
            data[k - 4],
            data[k - 3],
            data[k - 2],
            data[k - 1],
        ]));
        let header = 18 + stored_name(&data).map_or(0, |s| s.len() as i64 + 1);
        let name = out_name.unwrap_or_else(|| shown.clone());
        let csize = k as i64;
        if o.verbose {
            // Without -N the date is the compressed file's own, as GNU lists it.
            let crc = u32::from_le_bytes([data[k - 8], data[k - 7], data[k - 6], data[k - 5]]);
            let mtime = ctx
                .fs
                .stat(&abs)
                .ok()
                .and_then(|m| m.mtime.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs() as i64);
            let date = kitsh_core::util::time::strftime("%b %e %H:%M", mtime, tz.as_deref());
            out.push_str(&format!("defla {crc:08x} {date} "));
        }
        out.push_str(&format!(
            "{csize:19} {isize:19} {} {name}\n",
            ratio(isize - (csize - header), isize)
        ));
        tin += csize;
        tout += isize;
        last_header = header;
        n += 1;
    }
    if n > 1 {
        if o.verbose {
            out.push_str(&" ".repeat(28));
        }
        out.push_str(&format!(
            "{tin:19} {tout:19} {} (totals)\n",
            ratio(tout - (tin - last_header), tout)
        ));
    }
    if n > 0 {
        if let Err(e) = ctx.stdout.write_all(out.as_bytes()) {
            return crate::args::write_failed(ctx, &e);
        }
    }
    status
}

/// `-9` and `-c9` set the level: take the digits out of short-option clusters.
fn take_levels(argv: &[String]) -> (Vec<String>, Option<u32>) {
    let mut out = Vec::with_capacity(argv.len());
    let mut level = None;
    for (i, a) in argv.iter().enumerate() {
        if a == "--" {
            out.extend(argv[i..].iter().cloned());
            break;
        }
        if a.starts_with('-')
            && !a.starts_with("--")
            && a.len() > 1
            && a[1..].bytes().any(|b| b.is_ascii_digit())
        {
            // An option argument such as `-S .9z` is left alone.
            if a[1..].starts_with('S') {
                out.push(a.clone());
                continue;
            }
            let mut rest = String::from("-");
            for c in a[1..].chars() {
                match c.to_digit(10) {
                    Some(d) => level = Some(d),
                    None => rest.push(c),
                }
            }
            if rest.len() > 1 {
                out.push(rest);
            }
        } else {
            out.push(a.clone());
        }
    }
    (out, level)
}

fn run(ctx: &mut Ctx<'_>, argv: &[String], decompress: bool, stdout: bool) -> i32 {
    let (argv, digit_level) = take_levels(argv);
    let cfg = args::Config::new("gzip", USAGE);
    let parsed = match args::parse_with(&cfg, SPECS, &argv) {
        Ok(p) => p,
        Err(args::ArgError::Help) => return args::ArgError::Help.report(ctx, &cfg),
        Err(args::ArgError::Version) => {
            return match ctx.stdout.write_all(b"gzip 1.12\n") {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            }
        }
        Err(e) => {
            say(ctx, &e.to_string());
            let _ = writeln!(ctx.stderr, "Try `gzip --help' for more information.");
            return 1;
        }
    };
    let mut o = Opts {
        decompress,
        stdout,
        force: false,
        keep: false,
        list: false,
        name: None,
        quiet: false,
        verbose: false,
        test: false,
        level: 6,
        suffix: ".gz".into(),
    };
    for (opt, v) in &parsed.opts {
        match opt {
            O::Stdout => o.stdout = true,
            O::Decompress => o.decompress = true,
            O::Force => o.force = true,
            O::Keep => o.keep = true,
            O::List => o.list = true,
            O::NoName => o.name = Some(false),
            O::Name => o.name = Some(true),
            O::Quiet => (o.quiet, o.verbose) = (true, false),
            O::Verbose => (o.verbose, o.quiet) = (true, false),
            O::Test => o.test = true,
            O::Fast => o.level = 1,
            O::Best => o.level = 9,
            O::Suffix => {
                let s = v.clone().unwrap_or_default();
                if s.is_empty() || s.contains('/') {
                    say(ctx, &format!("invalid suffix '{s}'"));
                    return 1;
                }
                o.suffix = s;
            }
            O::Recursive | O::Ignore => {}
            O::License => {
                return match ctx.stdout.write_all(b"gzip 1.12\n") {
                    Ok(()) => 0,
                    Err(e) => crate::args::write_failed(ctx, &e),
                }
            }
        }
    }
    if let Some(l) = digit_level {
        o.level = l.max(1);
    }
    let files = if parsed.operands.is_empty() {
        vec!["-".to_string()]
    } else {
        parsed.operands.clone()
    };
    if o.list {
        return list(ctx, &o, &files);
    }
    let mut status = 0;
    for f in &files {
        if ctx.cancel.cancelled() {
            return 1;
        }
        let st = if f == "-" {
            do_stdin(ctx, &o)
        } else {
            do_file(ctx, &o, f)
        };
        if st > 2 {
            return st;
        }
        // An error (1) wins over a warning (2).
        status = match (status, st) {
            (1, _) | (_, 1) => 1,
            (a, b) => a.max(b),
        };
    }
    let _ = ctx.stdout.flush();
    status
}

impl Builtin for Gzip {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, false, false)
    }
}

impl Builtin for Gunzip {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, true, false)
    }
}

impl Builtin for Zcat {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        run(ctx, argv, true, true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run as run_cmd;
    use kitsh_core::fs::FileSystem;

    #[test]
    fn files_round_trip() {
        let fs = fs_with(&[("/w/a", b"hello\n")]);
        let o = run_cmd(&Gzip, "gzip", &["a"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (0, ""));
        assert!(fs.stat("/w/a").is_err());
        let o = run_cmd(&Zcat, "zcat", &["a.gz"], b"", &*fs, "/w");
        assert_eq!(o.out(), "hello\n");
        let o = run_cmd(&Gunzip, "gunzip", &["a"], b"", &*fs, "/w");
        assert_eq!(o.status, 0);
        assert_eq!(fs.read_file("/w/a").ok(), Some(b"hello\n".to_vec()));
        let o = run_cmd(&Gunzip, "gunzip", &["a"], b"", &*fs, "/w");
        assert_eq!(
            (o.status, o.stderr.as_str()),
            (2, "gzip: a: unknown suffix -- ignored\n")
        );
    }

    #[test]
    fn messages() {
        let fs = fs_with(&[("/w/p.gz", b"plain"), ("/w/b", b"x"), ("/w/b.gz", b"")]);
        let o = run_cmd(&Gunzip, "gunzip", &["p.gz"], b"", &*fs, "/w");
        assert_eq!(
            (o.status, o.stderr.as_str()),
            (1, "\ngzip: p.gz: not in gzip format\n")
        );
        let o = run_cmd(&Gzip, "gzip", &["b"], b"", &*fs, "/w");
        assert_eq!(
            (o.status, o.stderr.as_str()),
            (2, "gzip: b.gz already exists;\tnot overwritten\n")
        );
        let o = run_cmd(&Zcat, "zcat", &["nosuch"], b"", &*fs, "/w");
        assert_eq!(
            (o.status, o.stderr.as_str()),
            (1, "gzip: nosuch.gz: No such file or directory\n")
        );
        let o = run_cmd(&Gzip, "gzip", &["-x"], b"", &*fs, "/w");
        assert_eq!(
            o.stderr,
            "gzip: invalid option -- 'x'\nTry `gzip --help' for more information.\n"
        );
    }
}
