//! `tar -c`: walk the operands on the virtual filesystem and write ustar members (files in
//! chunks, directories, symlinks) with their modes, owners and mtimes, optionally gzipped,
//! padded to GNU's 10240-byte records. Each file's name is its path as walked, checked
//! against the exclusions, made safe (no leading `/` or `..`) and transformed, as GNU's
//! `dump_file` does; `-v` lists the paths as walked.

use std::io::{Read as _, Write};
use std::time::{SystemTime, UNIX_EPOCH};

use flate2::write::GzEncoder;
use flate2::Compression;

use super::header::{encode, Entry, Kind};
use super::names::{quote_colon, Safer};
use super::transform::Scope;
use super::{excluded, usage_error, Lister, Opts, Owner};
use crate::accounts::Names;
use crate::args::CHUNK;
use crate::{Ctx};
use kitsh_core::fs::{join_path, FileType, WriteMode};

/// GNU tar's record size: archives are padded to a multiple of it.
const RECORD: u64 = 10240;

/// The archive being written.
struct Out {
    /// The archive file (absolute), or stdout.
    path: Option<String>,
    gz: Option<GzEncoder<Vec<u8>>>,
    buf: Vec<u8>,
    written: u64,
}

impl Out {
    fn put(&mut self, ctx: &mut Ctx<'_>, data: &[u8]) -> Result<(), i32> {
        self.written += data.len() as u64;
        match &mut self.gz {
            Some(gz) => {
                gz.write_all(data).map_err(|_| 2)?;
                if gz.get_ref().len() >= CHUNK {
                    let chunk = std::mem::take(gz.get_mut());
                    self.sink(ctx, &chunk)?;
                }
            }
            None => {
                self.buf.extend_from_slice(data);
                if self.buf.len() >= CHUNK {
                    let chunk = std::mem::take(&mut self.buf);
                    self.sink(ctx, &chunk)?;
                }
            }
        }
        Ok(())
    }

    fn sink(&mut self, ctx: &mut Ctx<'_>, data: &[u8]) -> Result<(), i32> {
        match &self.path {
            None => ctx.stdout.write_all(data).map_err(|e| crate::args::write_failed(ctx, &e)),
            Some(p) => ctx.fs.write_file(p, data, WriteMode::Append).map_err(|e| {
                let _ = writeln!(ctx.stderr, "tar: {p}: Cannot write: {e}");
                2
            }),
        }
    }

    /// End-of-archive blocks, record padding, the gzip trailer.
    fn finish(mut self, ctx: &mut Ctx<'_>) -> Result<(), i32> {
        let end = (self.written + 1024).div_ceil(RECORD) * RECORD;
        let pad = vec![0u8; (end - self.written) as usize];
        self.put(ctx, &pad)?;
        let rest = match self.gz.take() {
            Some(gz) => gz.finish().map_err(|_| 2)?,
            None => std::mem::take(&mut self.buf),
        };
        self.sink(ctx, &rest)?;
        if self.path.is_none() {
            ctx.stdout.flush().map_err(|e| crate::args::write_failed(ctx, &e))?;
        }
        Ok(())
    }
}

/// State of one `tar -c` run.
struct Walk<'o> {
    o: &'o Opts,
    names: Names,
    lister: Lister,
    archive_abs: Option<String>,
    /// Verbose lines go to stderr when the archive is stdout.
    list_to_stderr: bool,
    failed: bool,
    safer: Safer,
    /// Files already archived, by inode (with size and time, as the virtual filesystem's
    /// mounts have no device numbers): later names of the same file become hard links to the
    /// first (its path as walked, transformed as a link target).
    seen: std::collections::HashMap<(u64, u64, SystemTime), String>,
}

/// The name and id an `--owner`/`--group` option gives a file owned by `id` (named `name`).
fn forced(opt: &Option<Owner>, id: u32, name: String, lookup: impl Fn(u32) -> Option<String>) -> (u32, String) {
    match opt {
        None => (id, name),
        Some((n, i)) => {
            let id = i.unwrap_or(id);
            let name = n.clone().or_else(|| lookup(id)).unwrap_or_default();
            (id, name)
        }
    }
}

impl Walk<'_> {
    fn say(&self, ctx: &mut Ctx<'_>, line: &str) {
        if self.list_to_stderr {
            let _ = writeln!(ctx.stderr, "{line}");
        } else {
            let _ = writeln!(ctx.stdout, "{line}");
        }
    }

    /// Archive `abs`, walked as `orig` (no trailing slash), recursively; `orig` has passed
    /// the exclusions.
    fn add(&mut self, ctx: &mut Ctx<'_>, out: &mut Out, abs: &str, orig: &str) -> Result<(), i32> {
        if ctx.cancel.cancelled() {
            return Err(2);
        }
        let o = self.o;
        let safe = self.safer.suffix(ctx, orig, false);
        let name = if o.transforms.is_empty() { safe } else { o.transforms.apply(&safe, Scope::Name) };
        let meta = if o.dereference { ctx.fs.stat(abs) } else { ctx.fs.lstat(abs) };
        let meta = match meta {
            Ok(m) => m,
            Err(e) => {
                let _ = writeln!(ctx.stderr, "tar: {}: Cannot stat: {e}", quote_colon(orig));
                self.failed = true;
                return Ok(());
            }
        };
        let kind = match meta.file_type {
            FileType::File => Kind::File,
            FileType::Dir => Kind::Dir,
            FileType::Symlink => Kind::Symlink,
            FileType::CharDevice => Kind::Other(b'3'),
            FileType::Fifo => Kind::Other(b'6'),
        };
        let with_slash = |n: &str| if kind == Kind::Dir && !n.ends_with('/') { format!("{n}/") } else { n.to_string() };
        let member = with_slash(&name);
        if self.archive_abs.as_deref() == Some(abs) {
            let _ = writeln!(ctx.stderr, "tar: {}: file is the archive; not dumped", quote_colon(orig));
            return Ok(());
        }
        let mut link = if kind == Kind::Symlink {
            let target = ctx.fs.read_link(abs).unwrap_or_default();
            if o.transforms.is_empty() { target } else { o.transforms.apply(&target, Scope::Symlink) }
        } else {
            String::new()
        };
        let mut kind = kind;
        // GNU's `trivial_link_count`: with several operands or `-h`, any file met twice is a
        // hard link to its first name (registered once that one is archived, below).
        let key = (meta.ino, meta.len, meta.mtime);
        let tracked = kind == Kind::File && meta.ino != 0 && (meta.nlink > 1 || o.dereference || o.members.len() > 1);
        if let Some(first) = self.seen.get(&key).filter(|_| tracked) {
            kind = Kind::Hardlink;
            link = first.clone();
        }
        let (uid, uname) = forced(&o.owner, meta.uid, self.user(meta.uid), |id| self.names.has_user(id).then(|| self.names.user(id)));
        let (gid, gname) = forced(&o.group, meta.gid, self.group(meta.gid), |id| self.names.has_group(id).then(|| self.names.group(id)));
        let e = Entry {
            name: member.clone(),
            mode: meta.mode,
            uid,
            gid,
            size: if kind == Kind::File { meta.len } else { 0 },
            mtime: meta.mtime.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64),
            kind,
            link,
            uname,
            gname,
        };
        if o.verbose > 0 {
            let shown = if o.show_transformed { member.clone() } else { with_slash(orig) };
            let line = self.lister.show(&e, &shown, &e.link, o.verbose > 1);
            self.say(ctx, &line);
        }
        out.put(ctx, &encode(&e))?;
        match kind {
            Kind::File => {
                self.data(ctx, out, abs, e.size, orig)?;
                if tracked {
                    // GNU's `file_count_links`: the name later links point to, transformed and
                    // made safe as a link target.
                    let target = if o.transforms.is_empty() { orig.to_string() } else { o.transforms.apply(orig, Scope::Link) };
                    let target = self.safer.suffix(ctx, &target, true);
                    self.seen.insert(key, target);
                }
            }
            Kind::Dir if o.flags.recursion => {
                let entries = ctx.fs.read_dir(abs).unwrap_or_default();
                for d in entries {
                    let child_abs = join_path(abs, &d.name);
                    let child = if orig.ends_with('/') { format!("{orig}{}", d.name) } else { format!("{orig}/{}", d.name) };
                    if !excluded(o, &child) {
                        self.add(ctx, out, &child_abs, &child)?;
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The owner name a header records for `uid`: empty when it has none (as GNU).
    fn user(&self, uid: u32) -> String {
        if self.names.has_user(uid) {
            self.names.user(uid)
        } else {
            String::new()
        }
    }

    /// The group name a header records for `gid`.
    fn group(&self, gid: u32) -> String {
        if self.names.has_group(gid) {
            self.names.group(gid)
        } else {
            String::new()
        }
    }

    /// Copy a file's `size` bytes (zero-filled if it shrank) and pad to a block.
    fn data(&mut self, ctx: &mut Ctx<'_>, out: &mut Out, abs: &str, size: u64, shown: &str) -> Result<(), i32> {
        let mut left = size;
        if let Ok(mut r) = ctx.fs.open_read(abs) {
            let mut buf = crate::args::ChunkBuf::new();
            while left > 0 {
                if ctx.cancel.cancelled() {
                    return Err(2);
                }
                let want = left.min(CHUNK as u64) as usize;
                match r.read(&mut buf[..want]) {
                    Ok(0) => break,
                    Ok(n) => {
                        out.put(ctx, &buf[..n])?;
                        left -= n as u64;
                    }
                    Err(e) => {
                        let _ = writeln!(ctx.stderr, "tar: {shown}: Read error: {e}");
                        self.failed = true;
                        break;
                    }
                }
            }
        }
        if left > 0 {
            let zeros = vec![0u8; left.min(CHUNK as u64) as usize];
            while left > 0 {
                let n = left.min(zeros.len() as u64) as usize;
                out.put(ctx, &zeros[..n])?;
                left -= n as u64;
            }
        }
        let pad = (512 - size % 512) % 512;
        out.put(ctx, &vec![0u8; pad as usize])
    }
}

/// Run `tar -c`.
pub(super) fn create(ctx: &mut Ctx<'_>, o: &Opts) -> i32 {
    if o.members.is_empty() {
        return usage_error(ctx, "Cowardly refusing to create an empty archive");
    }
    let archive = o.file.clone().unwrap_or_else(|| "-".to_string());
    let path = (archive != "-").then(|| ctx.abs_path(&archive));
    if let Some(p) = &path {
        if let Err(e) = ctx.fs.write_file(p, b"", WriteMode::Truncate) {
            let _ = writeln!(ctx.stderr, "tar: {archive}: Cannot open: {e}\ntar: Error is not recoverable: exiting now");
            return 2;
        }
    }
    if let Some(msg) = &o.unreadable_excludes {
        return super::fatal(ctx, msg);
    }
    let by_suffix = o.auto && [".gz", ".tgz", ".taz"].iter().any(|x| archive.ends_with(x));
    if o.auto && [".bz2", ".tbz", ".tbz2", ".xz", ".txz", ".zst", ".tzst", ".lz", ".Z"].iter().any(|x| archive.ends_with(x)) {
        let _ = writeln!(ctx.stderr, "tar: only gzip compression (-z) is supported by kitsh");
        return 2;
    }
    let gz = (o.gzip || by_suffix).then(|| GzEncoder::new(Vec::with_capacity(CHUNK), Compression::default()));
    let mut out = Out { path: path.clone(), gz, buf: Vec::with_capacity(CHUNK), written: 0 };
    let mut w = Walk {
        o,
        names: Names::load(ctx.fs),
        lister: Lister::new(ctx, o),
        archive_abs: path,
        list_to_stderr: archive == "-",
        failed: false,
        safer: Safer::new(o.absolute),
        seen: std::collections::HashMap::new(),
    };
    for m in &o.members {
        let base = m.dir.as_deref().map_or_else(|| ctx.cwd.to_string(), |d| ctx.abs_path(d));
        let abs = join_path(&base, &m.given);
        let orig = super::names::trim_slashes(&m.given);
        if excluded(o, orig) {
            continue;
        }
        if let Err(st) = w.add(ctx, &mut out, &abs, orig) {
            return st;
        }
    }
    if let Err(st) = out.finish(ctx) {
        return st;
    }
    if w.failed {
        let _ = writeln!(ctx.stderr, "tar: Exiting with failure status due to previous errors");
        return 2;
    }
    0
}
