//! `tar -c`: walk the operands on the virtual filesystem and write ustar members (files in
//! chunks, directories, symlinks) with their modes, owners and mtimes, optionally gzipped,
//! padded to GNU's 10240-byte records.

use std::io::{Read as _, Write};
use std::time::UNIX_EPOCH;

use flate2::write::GzEncoder;
use flate2::Compression;

use super::header::{encode, Entry, Kind};
use super::{excluded, usage_error, Lister, Opts};
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
    warned_slash: bool,
    /// Files already archived, by inode: later names of the same file become hard links.
    seen: std::collections::HashMap<u64, String>,
}

impl Walk<'_> {
    fn say(&self, ctx: &mut Ctx<'_>, line: &str) {
        if self.list_to_stderr {
            let _ = writeln!(ctx.stderr, "{line}");
        } else {
            let _ = writeln!(ctx.stdout, "{line}");
        }
    }

    /// Archive `abs` under the member name `name` (without a trailing slash), recursively.
    fn add(&mut self, ctx: &mut Ctx<'_>, out: &mut Out, abs: &str, name: &str, shown: &str) -> Result<(), i32> {
        if ctx.cancel.cancelled() {
            return Err(2);
        }
        let meta = if self.o.dereference { ctx.fs.stat(abs) } else { ctx.fs.lstat(abs) };
        let meta = match meta {
            Ok(m) => m,
            Err(e) => {
                let _ = writeln!(ctx.stderr, "tar: {shown}: Cannot stat: {e}");
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
        let member = if kind == Kind::Dir { format!("{name}/") } else { name.to_string() };
        if excluded(self.o, &member) {
            return Ok(());
        }
        if self.archive_abs.as_deref() == Some(abs) {
            let _ = writeln!(ctx.stderr, "tar: {shown}: file is the archive; not dumped");
            return Ok(());
        }
        let mut link = if kind == Kind::Symlink { ctx.fs.read_link(abs).unwrap_or_default() } else { String::new() };
        let mut kind = kind;
        if kind == Kind::File && (meta.nlink > 1 || self.o.dereference) {
            match self.seen.get(&meta.ino) {
                Some(first) => {
                    kind = Kind::Hardlink;
                    link = first.clone();
                }
                None => {
                    self.seen.insert(meta.ino, member.clone());
                }
            }
        }
        let e = Entry {
            name: member.clone(),
            mode: meta.mode,
            uid: meta.uid,
            gid: meta.gid,
            size: if kind == Kind::File { meta.len } else { 0 },
            mtime: meta.mtime.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64),
            kind,
            link,
            uname: self.names.user(meta.uid),
            gname: self.names.group(meta.gid),
        };
        if self.o.verbose == 1 {
            self.say(ctx, &member);
        } else if self.o.verbose > 1 {
            let line = self.lister.line(&e);
            self.say(ctx, &line);
        }
        out.put(ctx, &encode(&e))?;
        match kind {
            Kind::File => self.data(ctx, out, abs, e.size, shown)?,
            Kind::Dir => {
                let entries = ctx.fs.read_dir(abs).unwrap_or_default();
                for d in entries {
                    let child_abs = join_path(abs, &d.name);
                    let child = format!("{name}/{}", d.name);
                    let child_shown = format!("{}/{}", shown.trim_end_matches('/'), d.name);
                    self.add(ctx, out, &child_abs, &child, &child_shown)?;
                }
            }
            _ => {}
        }
        Ok(())
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
        lister: Lister { ugswidth: 19, tz: ctx.env.get("TZ") },
        archive_abs: path,
        list_to_stderr: archive == "-",
        failed: false,
        warned_slash: false,
        seen: std::collections::HashMap::new(),
    };
    for (operand, dir) in &o.members {
        let base = dir.as_deref().map_or_else(|| ctx.cwd.to_string(), |d| ctx.abs_path(d));
        let abs = join_path(&base, operand);
        let mut name = operand.trim_end_matches('/').to_string();
        if name.is_empty() && operand.starts_with('/') {
            name = String::new();
        }
        if name.starts_with('/') || operand == "/" {
            if !w.warned_slash {
                let _ = writeln!(ctx.stderr, "tar: Removing leading `/' from member names");
                w.warned_slash = true;
            }
            name = name.trim_start_matches('/').to_string();
        }
        let shown = operand.clone();
        let member = if name.is_empty() { ".".to_string() } else { name };
        if let Err(st) = w.add(ctx, &mut out, &abs, &member, &shown) {
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
