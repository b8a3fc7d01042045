//! `find`: walk directory trees of the virtual filesystem and evaluate an expression on each
//! entry, like GNU findutils: `-H -L -P`; tests `-name -iname -path -ipath -lname -regex
//! -iregex -type -xtype -size -empty -perm -newer -mtime -mmin -user -group -uid -gid -nouser
//! -nogroup -links -inum -readable -writable -executable -true -false`; global options
//! `-maxdepth -mindepth -depth -follow -regextype`; actions `-print -print0 -printf -ls
//! -delete -prune -quit`; operators `( ) ! -not -a -o ,`.
//!
//! Commands run by `-exec CMD ;`, `-exec CMD {} +`, `-execdir`, `-ok` and `-okdir` (which
//! asks on standard input, as GNU find does) are kitsh commands started through
//! [`Ctx::spawn`].
//!
//! Differences from GNU: directory entries are visited in name order (kitsh's filesystem lists
//! directories sorted; GNU uses the on-disk order). The `-f...` file actions are not
//! supported and are reported as errors before anything runs.
//! Access, change and modification times are the same (the filesystem keeps one time).

mod eval;
mod exec;
mod parse;
mod printf;

#[cfg(test)]
mod tests;

use std::time::{SystemTime, UNIX_EPOCH};

use super::args::{flush_out, quote, CHUNK};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileSystem, FileType, Metadata};

use parse::{parse, Expr};

/// The `find` command.
pub struct Find;

const USAGE: &str = "Usage: find [-H] [-L] [-P] [-Olevel] [-D debugopts] [path...] [expression]";

pub(super) use super::accounts::Names;

/// The entry being evaluated.
pub(super) struct Visit<'a> {
    /// The path as printed.
    pub path: &'a str,
    /// Its absolute path.
    pub abs: &'a str,
    /// The starting point it was found under.
    pub start: &'a str,
    /// Depth below the starting point.
    pub depth: u64,
    /// Its metadata (symlinks not followed unless `-L` / `-H`).
    pub meta: Metadata,
    /// The symlink target, for symlinks.
    pub target: Option<String>,
    /// Owner names.
    pub names: &'a Names,
    /// The filesystem.
    pub fs: &'a dyn FileSystem,
    /// The `TZ` value.
    pub tz: Option<&'a str>,
}

impl Visit<'_> {
    /// The last component (`/` for the root).
    pub(super) fn base_name(&self) -> &str {
        let t = self.path.trim_end_matches('/');
        if t.is_empty() {
            return if self.path.is_empty() { "" } else { "/" };
        }
        t.rsplit('/').next().unwrap_or(t)
    }

    /// The leading directories (`%h`): `.` when none, empty for the root.
    pub(super) fn dir_name(&self) -> &str {
        let t = self.path.trim_end_matches('/');
        match t.rfind('/') {
            Some(i) => &t[..i],
            None if t.is_empty() => "",
            None => ".",
        }
    }

    /// The path below the starting point (`%P`).
    pub(super) fn relative(&self) -> &str {
        self.path.strip_prefix(self.start).map_or("", |r| r.trim_start_matches('/'))
    }

    /// Modification time as seconds and nanoseconds since the epoch.
    pub(super) fn mtime(&self) -> (i64, u32) {
        match self.meta.mtime.duration_since(UNIX_EPOCH) {
            Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
            Err(e) => (-(e.duration().as_secs() as i64), 0),
        }
    }

    /// Disk usage in KiB (4 KiB units for files and directories).
    pub(super) fn blocks_1k(&self) -> u64 {
        match self.meta.file_type {
            FileType::File | FileType::Dir => self.meta.len.div_ceil(4096) * 4,
            _ => 0,
        }
    }

    /// The type after following a symlink (`None` when it dangles).
    pub(super) fn followed_type(&self) -> Option<FileType> {
        if self.meta.file_type != FileType::Symlink {
            return Some(self.meta.file_type);
        }
        self.fs.stat(self.abs).ok().map(|m| m.file_type)
    }
}

/// How symlinks are followed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Follow {
    Never,
    Args,
    Always,
}

/// What does not change during the traversal.
pub(super) struct Setup {
    expr: Expr,
    max_depth: Option<u64>,
    min_depth: u64,
    depth_first: bool,
    follow: Follow,
    names: Names,
    /// When the command started (`-mtime`, `-ls`).
    pub now: SystemTime,
    tz: Option<String>,
}

/// What changes during the traversal.
pub(super) struct State {
    /// The output being built.
    pub out: Vec<u8>,
    /// The exit status so far.
    pub status: i32,
    /// `-quit` was evaluated (or writing failed).
    pub quit: bool,
    /// The pending arguments of each `-exec ... {} +` batch.
    pub batches: Vec<exec::Batch>,
}

impl State {
    /// Report an error (after flushing the output so far); the status becomes 1.
    pub(super) fn error(&mut self, ctx: &mut Ctx<'_>, msg: &str) {
        if let Err(st) = flush_out(ctx, &mut self.out, true) {
            self.status = st;
            self.quit = true;
            return;
        }
        ctx.error(msg);
        self.status = 1;
    }
}

/// Per-entry results of evaluation.
#[derive(Default)]
pub(super) struct Flags {
    /// `-prune` was evaluated true.
    pub prune: bool,
}

/// One entry to visit.
struct Entry<'a> {
    path: &'a str,
    abs: &'a str,
    start: &'a str,
    depth: u64,
}

impl Setup {
    fn stat(&self, ctx: &Ctx<'_>, abs: &str, top: bool) -> Result<Metadata, kitsh_core::fs::FsError> {
        let follow = self.follow == Follow::Always || (top && self.follow == Follow::Args);
        if follow {
            if let Ok(m) = ctx.fs.stat(abs) {
                return Ok(m);
            }
        }
        ctx.fs.lstat(abs)
    }

    /// Visit an entry and, for directories, what is below it.
    fn visit(&self, st: &mut State, ctx: &mut Ctx<'_>, e: &Entry<'_>, ancestors: &mut Vec<u64>) {
        if st.quit || ctx.cancel.cancelled() {
            st.quit = true;
            return;
        }
        let meta = match self.stat(ctx, e.abs, e.depth == 0) {
            Ok(m) => m,
            Err(err) => return st.error(ctx, &format!("{}: {err}", quote(e.path))),
        };
        let mut flags = Flags::default();
        let eval_here = e.depth >= self.min_depth;
        if eval_here && !self.depth_first {
            self.eval_entry(st, ctx, e, &meta, &mut flags);
        }
        let descend = meta.file_type == FileType::Dir && !flags.prune && self.max_depth.is_none_or(|m| e.depth < m);
        if descend && !st.quit {
            self.children(st, ctx, e, meta.ino, ancestors);
        }
        if eval_here && self.depth_first && !st.quit {
            self.eval_entry(st, ctx, e, &meta, &mut flags);
        }
        if let Err(code) = flush_out(ctx, &mut st.out, false) {
            st.status = code;
            st.quit = true;
        }
    }

    fn eval_entry(&self, st: &mut State, ctx: &mut Ctx<'_>, e: &Entry<'_>, meta: &Metadata, flags: &mut Flags) {
        let target = if meta.file_type == FileType::Symlink { ctx.fs.read_link(e.abs).ok() } else { None };
        let fs = ctx.fs;
        let v = Visit {
            path: e.path,
            abs: e.abs,
            start: e.start,
            depth: e.depth,
            meta: meta.clone(),
            target,
            names: &self.names,
            fs,
            tz: self.tz.as_deref(),
        };
        eval::eval(self, st, ctx, &self.expr, &v, flags);
    }

    fn children(&self, st: &mut State, ctx: &mut Ctx<'_>, e: &Entry<'_>, ino: u64, ancestors: &mut Vec<u64>) {
        if self.follow != Follow::Never && ancestors.contains(&ino) {
            return st.error(ctx, &format!("File system loop detected; {} is part of the same file system loop.", quote(e.path)));
        }
        if e.depth >= 4096 {
            return st.error(ctx, &format!("{}: {}", quote(e.path), kitsh_core::fs::FsError::NameTooLong));
        }
        let entries = match ctx.fs.read_dir(e.abs) {
            Ok(list) => list,
            Err(err) => return st.error(ctx, &format!("{}: {err}", quote(e.path))),
        };
        ancestors.push(ino);
        for ent in entries {
            if st.quit {
                break;
            }
            let path = if e.path.ends_with('/') { format!("{}{}", e.path, ent.name) } else { format!("{}/{}", e.path, ent.name) };
            let abs = kitsh_core::fs::join_path(e.abs, &ent.name);
            let child = Entry { path: &path, abs: &abs, start: e.start, depth: e.depth + 1 };
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.visit(st, ctx, &child, ancestors));
        }
        ancestors.pop();
    }
}

/// Split the arguments: leading `-H -L -P -D x -Olevel`, starting points, expression.
fn split_args(argv: &[String]) -> (Follow, Vec<String>, &[String]) {
    let mut follow = Follow::Never;
    let mut i = 0;
    while let Some(a) = argv.get(i) {
        match a.as_str() {
            "-H" => follow = Follow::Args,
            "-L" => follow = Follow::Always,
            "-P" => follow = Follow::Never,
            "-D" => i += 1,
            "--" => {
                i += 1;
                break;
            }
            o if o.starts_with("-O") => {}
            _ => break,
        }
        i += 1;
    }
    let rest = argv.get(i..).unwrap_or(&[]);
    let n = rest.iter().take_while(|a| !(a.starts_with('-') && a.len() > 1) && !matches!(a.as_str(), "(" | "!" | ")" | ",")).count();
    (follow, rest[..n].to_vec(), &rest[n..])
}

impl Builtin for Find {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        if let Some(a) = argv.first().filter(|a| matches!(a.as_str(), "--help" | "-help" | "--version" | "-version")) {
            let text = if a.contains("help") { USAGE.to_string() } else { "find (GNU findutils) 4.9.0".to_string() };
            let _ = writeln!(ctx.stdout, "{text}");
            return 0;
        }
        let (follow, mut starts, expr_args) = split_args(argv);
        let parsed = match parse(ctx, expr_args, follow == Follow::Always) {
            Ok(p) => p,
            Err(msg) => {
                ctx.error(&msg);
                return 1;
            }
        };
        for w in &parsed.warnings {
            ctx.error(w);
        }
        let g = parsed.globals;
        if starts.is_empty() {
            starts.push(".".to_string());
        }
        let setup = Setup {
            expr: parsed.expr,
            max_depth: g.max_depth,
            min_depth: g.min_depth,
            depth_first: g.depth_first,
            follow: if g.follow { Follow::Always } else { follow },
            names: Names::load(ctx.fs),
            now: SystemTime::now(),
            tz: ctx.env.get("TZ"),
        };
        let mut st = State {
            out: Vec::with_capacity(CHUNK),
            status: 0,
            quit: false,
            batches: (0..parsed.batches).map(|_| exec::Batch::default()).collect(),
        };
        let mut ancestors = Vec::new();
        for s in &starts {
            if st.quit {
                break;
            }
            if s.is_empty() {
                st.error(ctx, &format!("{}: No such file or directory", quote(s)));
                continue;
            }
            let abs = ctx.abs_path(s);
            setup.visit(&mut st, ctx, &Entry { path: s, abs: &abs, start: s, depth: 0 }, &mut ancestors);
        }
        exec::run_all_batches(&mut st, ctx);
        match flush_out(ctx, &mut st.out, true) {
            Ok(()) => st.status,
            Err(code) => code,
        }
    }
}
