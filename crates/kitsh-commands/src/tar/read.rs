//! `tar -t` and `tar -x`: read an archive (plain or gzip, detected by its magic number) block by
//! block, listing members or recreating them on the virtual filesystem (`-C`, `-O`,
//! `--strip-components`, `-k`, `-m`, member operands), with GNU's messages. Each member goes
//! through GNU's steps: selection by the operands, the exclusions, then its name is
//! transformed, made safe (no leading `/` or `..`) and stripped; listings show the name as
//! stored.

use std::io::Read;
use std::time::{Duration, UNIX_EPOCH};

use flate2::read::MultiGzDecoder;

use super::header::{apply_pax, decode, Bad, Entry, Kind};
use super::names::{contains_dot_dot, quote_colon, strip_components, trim_slashes, Safer};
use super::transform::Scope;
use super::{excluded, Lister, Mode, Opts};
use crate::args::CHUNK;
use crate::gzip::CancelReader;
use crate::{Ctx};
use kitsh_core::fs::{join_path, FileType, WriteMode};

/// Receives a member's data in chunks.
type DataSink<'s> = dyn FnMut(&mut Ctx<'_>, &[u8]) -> Result<(), Stop> + 's;

/// Why reading stopped.
enum Stop {
    /// Exit now with this status (messages printed).
    Status(i32),
}

/// Reads exactly `buf.len()` bytes unless the input ends; returns the count.
fn fill(r: &mut dyn Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

/// The end of the archive came inside a member's data; GNU says so twice when extracting.
fn eof(ctx: &mut Ctx<'_>, extracting: bool) -> Stop {
    if extracting {
        let _ = writeln!(ctx.stderr, "tar: Unexpected EOF in archive");
    }
    fatal(ctx, "Unexpected EOF in archive")
}

/// A read of the archive failed: a cancelled script stops quietly, anything else is the
/// archive ending early.
fn read_failed(ctx: &mut Ctx<'_>, e: &std::io::Error) -> Stop {
    if kitsh_core::util::cancelled::is(e) {
        return Stop::Status(2);
    }
    fatal(ctx, "Unexpected EOF in archive")
}

fn fatal(ctx: &mut Ctx<'_>, msg: &str) -> Stop {
    let _ = writeln!(ctx.stderr, "tar: {msg}\ntar: Error is not recoverable: exiting now");
    Stop::Status(2)
}

/// Run `tar -t` or `tar -x`.
pub(super) fn read(ctx: &mut Ctx<'_>, o: &Opts, mode: Mode) -> i32 {
    if let Some(msg) = &o.unreadable_excludes {
        return super::fatal(ctx, msg);
    }
    let archive = o.file.clone().unwrap_or_else(|| "-".to_string());
    let cancel = ctx.cancel;
    if archive == "-" {
        // Take stdin out of the context while the archive is read from it.
        let empty: &'static mut std::io::Empty = Box::leak(Box::new(std::io::empty()));
        let stdin = std::mem::replace(&mut ctx.stdin, empty);
        let st = {
            let r = CancelReader { inner: &mut *stdin, cancel };
            run(ctx, o, mode, Box::new(r), "stdin")
        };
        ctx.stdin = stdin;
        return st;
    }
    let abs = ctx.abs_path(&archive);
    let file = match ctx.fs.stat(&abs).and_then(|m| if m.file_type == FileType::Dir { Err(kitsh_core::fs::FsError::IsDir) } else { ctx.fs.open_read(&abs) }) {
        Ok(f) => f,
        Err(e) => {
            let _ = writeln!(ctx.stderr, "tar: {archive}: Cannot open: {e}\ntar: Error is not recoverable: exiting now");
            return 2;
        }
    };
    run(ctx, o, mode, Box::new(CancelReader { inner: file, cancel }), "stdin")
}

fn run(ctx: &mut Ctx<'_>, o: &Opts, mode: Mode, mut raw: Box<dyn Read + '_>, gzname: &str) -> i32 {
    let mut magic = [0u8; 2];
    let got = match fill(&mut raw, &mut magic) {
        Ok(n) => n,
        Err(_) => return 2,
    };
    let chained = std::io::Read::chain(std::io::Cursor::new(magic[..got].to_vec()), raw);
    let is_gz = got == 2 && magic == [0x1f, 0x8b];
    if o.gzip && !is_gz {
        let _ = write!(ctx.stderr, "\ngzip: {gzname}: not in gzip format\ntar: Child returned status 1\ntar: Error is not recoverable: exiting now\n");
        return 2;
    }
    let mut input: Box<dyn Read + '_> = if is_gz { Box::new(MultiGzDecoder::new(chained)) } else { Box::new(chained) };
    let mut state = State {
        lister: Lister::new(ctx, o),
        found: vec![false; o.members.len()],
        failed: false,
        dirs: Vec::new(),
        safer: Safer::new(o.absolute),
        base: o.dir.as_deref().map_or_else(|| ctx.cwd.to_string(), |d| ctx.abs_path(d)),
    };
    if mode == Mode::Extract && !o.to_stdout {
        if let Ok(m) = ctx.fs.stat(&state.base) {
            if m.file_type != FileType::Dir {
                let _ = writeln!(ctx.stderr, "tar: {}: Cannot open: Not a directory", o.dir.as_deref().unwrap_or("."));
                return 2;
            }
        } else if let Some(d) = &o.dir {
            let _ = writeln!(ctx.stderr, "tar: {d}: Cannot open: No such file or directory\ntar: Error is not recoverable: exiting now");
            return 2;
        }
    }
    let r = members(ctx, o, mode, &mut *input, &mut state);
    let _ = ctx.stdout.flush();
    if let Err(Stop::Status(st)) = r {
        return st;
    }
    // Directory times last, as GNU does, so extracting their contents does not change them.
    for (path, t) in state.dirs.iter().rev() {
        let _ = ctx.fs.set_mtime(path, UNIX_EPOCH + Duration::from_secs((*t).max(0) as u64));
    }
    // GNU's `names_notfound`, with its hint when wildcards were neither asked for nor refused.
    for (k, m) in o.members.iter().enumerate() {
        let name = m.matcher.text();
        if !state.found[k] && !name.is_empty() {
            if o.flags.wildcards == super::matching::Wildcards::Default && super::matching::has_wildcards(name) {
                let _ = writeln!(ctx.stderr, "tar: Pattern matching characters used in file names");
                let _ = writeln!(ctx.stderr, "tar: Use --wildcards to enable pattern matching, or --no-wildcards to suppress this warning");
            }
            let _ = writeln!(ctx.stderr, "tar: {}: Not found in archive", quote_colon(name));
            state.failed = true;
        }
    }
    if state.failed {
        let _ = writeln!(ctx.stderr, "tar: Exiting with failure status due to previous errors");
        return 2;
    }
    0
}

struct State {
    lister: Lister,
    found: Vec<bool>,
    failed: bool,
    dirs: Vec<(String, i64)>,
    safer: Safer,
    base: String,
}

/// Read data of `size` bytes plus padding, passing the data to `f` in chunks.
fn data(ctx: &mut Ctx<'_>, r: &mut dyn Read, size: u64, f: &mut DataSink<'_>) -> Result<(), Stop> {
    data_in(ctx, r, size, false, f)
}

/// [`data`] for a member being extracted (`extracting` changes the end-of-file message).
fn data_in(
    ctx: &mut Ctx<'_>,
    r: &mut dyn Read,
    size: u64,
    extracting: bool,
    f: &mut DataSink<'_>,
) -> Result<(), Stop> {
    let total = size.div_ceil(512) * 512;
    let mut left = total;
    let mut useful = size;
    let mut buf = crate::args::ChunkBuf::new();
    while left > 0 {
        if ctx.cancel.cancelled() {
            return Err(Stop::Status(2));
        }
        let want = left.min(CHUNK as u64) as usize;
        let n = fill(r, &mut buf[..want]).map_err(|e| read_failed(ctx, &e))?;
        if n < want {
            if useful > 0 {
                let k = (n as u64).min(useful) as usize;
                f(ctx, &buf[..k])?;
            }
            return Err(eof(ctx, extracting));
        }
        let k = (n as u64).min(useful) as usize;
        if k > 0 {
            f(ctx, &buf[..k])?;
        }
        useful -= k as u64;
        left -= n as u64;
    }
    Ok(())
}

/// Read a pseudo-member's data whole (long names, pax records), bounded to 1 MiB.
fn small_data(ctx: &mut Ctx<'_>, r: &mut dyn Read, size: u64) -> Result<Vec<u8>, Stop> {
    let mut v = Vec::new();
    let cap = 1 << 20;
    data(ctx, r, size, &mut |_, d| {
        if v.len() < cap {
            v.extend_from_slice(&d[..d.len().min(cap - v.len())]);
        }
        Ok(())
    })?;
    Ok(v)
}

/// Which member operand (index) selects `name` (without its trailing slash), if operands were
/// given; `Some(None)`: selected because there are no operands.
fn selected(o: &Opts, name: &str) -> Option<Option<usize>> {
    if o.members.is_empty() {
        return Some(None);
    }
    o.members.iter().position(|m| m.matcher.matches(name)).map(Some)
}

/// A member's names once GNU's `transform_stat_info` is done: the name to extract to
/// (transformed, made safe, stripped; empty: nothing to extract) and the link target.
fn member_names(ctx: &mut Ctx<'_>, o: &Opts, st: &mut State, e: &Entry, file_name: &str) -> (String, String) {
    let tr = |n: &str, scope| if o.transforms.is_empty() { n.to_string() } else { o.transforms.apply(n, scope) };
    let name = st.safer.suffix(ctx, &tr(file_name, Scope::Name), false);
    let name = strip_components(&name, o.strip).to_string();
    let link = match e.kind {
        Kind::Symlink => tr(&e.link, Scope::Symlink),
        Kind::Hardlink => {
            let l = st.safer.suffix(ctx, &tr(&e.link, Scope::Link), true);
            strip_components(&l, o.strip).to_string()
        }
        _ => e.link.clone(),
    };
    (name, link)
}

fn members(ctx: &mut Ctx<'_>, o: &Opts, mode: Mode, r: &mut dyn Read, st: &mut State) -> Result<(), Stop> {
    let mut block = [0u8; 512];
    let mut first = true;
    let mut long_name: Option<String> = None;
    let mut long_link: Option<String> = None;
    let mut pax: Option<Vec<u8>> = None;
    let mut skipping = false;
    let list_err = o.to_stdout;
    loop {
        let n = fill(r, &mut block).map_err(|e| read_failed(ctx, &e))?;
        if n < 512 {
            if first {
                let _ = writeln!(ctx.stderr, "tar: This does not look like a tar archive");
                st.failed = true;
            }
            return Ok(());
        }
        let (mut e, flag) = match decode(&block) {
            Ok(x) => x,
            Err(Bad::Zero) => {
                if first {
                    // An archive of zero blocks only is empty, as for GNU.
                }
                return Ok(());
            }
            Err(Bad::Invalid) => {
                if first {
                    let _ = writeln!(ctx.stderr, "tar: This does not look like a tar archive");
                }
                if !skipping {
                    let _ = writeln!(ctx.stderr, "tar: Skipping to next header");
                    skipping = true;
                }
                st.failed = true;
                first = false;
                continue;
            }
        };
        first = false;
        skipping = false;
        match flag {
            b'L' => {
                let d = small_data(ctx, r, e.size)?;
                long_name = Some(String::from_utf8_lossy(d.split(|&c| c == 0).next().unwrap_or(&[])).into_owned());
                continue;
            }
            b'K' => {
                let d = small_data(ctx, r, e.size)?;
                long_link = Some(String::from_utf8_lossy(d.split(|&c| c == 0).next().unwrap_or(&[])).into_owned());
                continue;
            }
            b'x' => {
                pax = Some(small_data(ctx, r, e.size)?);
                continue;
            }
            b'g' => {
                small_data(ctx, r, e.size)?;
                continue;
            }
            _ => {}
        }
        if let Some(n) = long_name.take() {
            e.name = n;
        }
        if let Some(l) = long_link.take() {
            e.link = l;
        }
        if let Some(p) = pax.take() {
            apply_pax(&p, &mut e);
        }
        let size = if matches!(e.kind, Kind::File | Kind::Other(_)) && !matches!(e.kind, Kind::Other(b'3' | b'4' | b'6')) { e.size } else { 0 };
        // Names are matched, transformed and extracted without their trailing slashes.
        let file_name = trim_slashes(&e.name).to_string();
        let sel = selected(o, &file_name);
        let wanted = sel.is_some() && !excluded(o, &file_name);
        if let Some(Some(k)) = sel {
            st.found[k] = true;
        }
        if !wanted {
            data(ctx, r, size, &mut |_, _| Ok(()))?;
            continue;
        }
        let (name, link) = member_names(ctx, o, st, &e, &file_name);
        let shown = if o.show_transformed {
            // GNU puts the trailing slash back, even after one the transform made.
            if e.name.ends_with('/') { format!("{name}/") } else { name.clone() }
        } else {
            e.name.clone()
        };
        if mode == Mode::List {
            let line = st.lister.show(&e, &shown, &link, o.verbose > 0);
            ctx.stdout.write_all(format!("{line}\n").as_bytes()).map_err(|err| Stop::Status(crate::args::write_failed(ctx, &err)))?;
            data(ctx, r, size, &mut |_, _| Ok(()))?;
            continue;
        }
        // Extraction.
        let dot_dot = !o.absolute && contains_dot_dot(&e.name);
        if dot_dot {
            let _ = writeln!(ctx.stderr, "tar: {}: Member name contains '..'", quote_colon(&e.name));
            st.failed = true;
        }
        if name.is_empty() || dot_dot {
            data(ctx, r, size, &mut |_, _| Ok(()))?;
            continue;
        }
        if o.verbose > 0 {
            let line = st.lister.show(&e, &shown, &link, o.verbose > 1);
            if list_err {
                let _ = writeln!(ctx.stderr, "{line}");
            } else {
                let _ = writeln!(ctx.stdout, "{line}");
            }
        }
        if o.to_stdout {
            let mut fail = None;
            data_in(ctx, r, if e.kind == Kind::File { size } else { 0 }, true, &mut |ctx, d| {
                ctx.stdout.write_all(d).map_err(|err| {
                    fail = Some(crate::args::write_failed(ctx, &err));
                    Stop::Status(crate::args::write_failed(ctx, &err))
                })
            })?;
            continue;
        }
        let path = join_path(&st.base, &name);
        let e = Entry { link, ..e };
        extract_one(ctx, o, r, st, &e, (&path, &quote_colon(&name)), size)?;
    }
}

/// Extract one member to `path` (`shown` in messages).
fn extract_one(ctx: &mut Ctx<'_>, o: &Opts, r: &mut dyn Read, st: &mut State, e: &Entry, (path, shown): (&str, &str), size: u64) -> Result<(), Stop> {
    let fs = ctx.fs;
    if let Some(p) = path.rfind('/') {
        if p > 0 {
            let _ = fs.mkdir(&path[..p], true);
        }
    }
    let existing = fs.lstat(path).ok();
    if o.keep_old && existing.is_some() && e.kind != Kind::Dir {
        let _ = writeln!(ctx.stderr, "tar: {shown}: Cannot open: File exists");
        st.failed = true;
        return data(ctx, r, size, &mut |_, _| Ok(()));
    }
    match e.kind {
        Kind::Dir => {
            if existing.as_ref().is_some_and(|m| m.file_type != FileType::Dir) {
                let _ = fs.remove_file(path);
            }
            if let Err(err) = fs.mkdir(path, true) {
                let _ = writeln!(ctx.stderr, "tar: {shown}: Cannot mkdir: {err}");
                st.failed = true;
            }
            let _ = fs.set_mode(path, e.mode & 0o7777);
            if !o.touch {
                st.dirs.push((path.to_string(), e.mtime));
            }
            data(ctx, r, size, &mut |_, _| Ok(()))
        }
        Kind::Symlink | Kind::Hardlink => {
            if existing.as_ref().is_some_and(|m| m.file_type != FileType::Dir) {
                let _ = fs.remove_file(path);
            }
            let res = if e.kind == Kind::Symlink { fs.symlink(&e.link, path) } else { fs.hard_link(&join_path(&st.base, &e.link), path) };
            if let Err(err) = res {
                let what = if e.kind == Kind::Symlink { "create symlink" } else { "hard link" };
                let _ = writeln!(ctx.stderr, "tar: {shown}: Cannot {what} to {}: {err}", crate::args::quote(&e.link));
                st.failed = true;
            }
            data(ctx, r, size, &mut |_, _| Ok(()))
        }
        Kind::Other(_) => data(ctx, r, size, &mut |_, _| Ok(())),
        Kind::File => {
            if existing.as_ref().is_some_and(|m| m.file_type != FileType::Dir) {
                let _ = fs.remove_file(path);
            }
            if let Err(err) = fs.write_file(path, b"", WriteMode::Truncate) {
                let _ = writeln!(ctx.stderr, "tar: {shown}: Cannot open: {err}");
                st.failed = true;
                return data(ctx, r, size, &mut |_, _| Ok(()));
            }
            let mut werr = None;
            let mut pending: Vec<u8> = Vec::new();
            data_in(ctx, r, size, true, &mut |_, d| {
                if werr.is_none() {
                    pending.extend_from_slice(d);
                    if pending.len() >= CHUNK {
                        if let Err(err) = fs.write_file(path, &pending, WriteMode::Append) {
                            werr = Some(err);
                        }
                        pending.clear();
                    }
                }
                Ok(())
            })?;
            if werr.is_none() && !pending.is_empty() {
                if let Err(err) = fs.write_file(path, &pending, WriteMode::Append) {
                    werr = Some(err);
                }
            }
            if let Some(err) = werr {
                let _ = writeln!(ctx.stderr, "tar: {shown}: Cannot write: {err}");
                st.failed = true;
            }
            let _ = fs.set_mode(path, e.mode & 0o7777);
            if !o.touch {
                let _ = fs.set_mtime(path, UNIX_EPOCH + Duration::from_secs(e.mtime.max(0) as u64));
            }
            Ok(())
        }
    }
}
