//! `grep -r` / `-R`: walking directories of the virtual filesystem, with `--include`,
//! `--exclude` and `--exclude-dir`.

use crate::Ctx;
use kitsh_core::fs::FileType;
use kitsh_core::pattern::{MatchOpts, Pattern};

/// How deep `-r` descends at most (a guard against symlink loops with `-R`).
const MAX_DEPTH: usize = 128;

/// File-name filters.
#[derive(Default)]
pub(super) struct Filters {
    /// `--include`
    pub include: Vec<Pattern>,
    /// `--exclude`, `--exclude-from`
    pub exclude: Vec<Pattern>,
    /// `--exclude-dir`
    pub exclude_dir: Vec<Pattern>,
}

impl Filters {
    /// Add a glob to one of the lists.
    pub fn glob(glob: &str) -> Pattern {
        Pattern::new(glob, MatchOpts::default())
    }

    /// Whether the file `path` is searched.
    pub fn file_ok(&self, path: &str) -> bool {
        let base = basename(path);
        if self.exclude.iter().any(|p| p.matches(base) || p.matches(path)) {
            return false;
        }
        self.include.is_empty() || self.include.iter().any(|p| p.matches(base) || p.matches(path))
    }

    /// Whether the directory `path` is entered.
    pub fn dir_ok(&self, path: &str) -> bool {
        let base = basename(path.trim_end_matches('/'));
        !self.exclude_dir.iter().any(|p| p.matches(base))
    }
}

fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// One item of a walk: a file to search (display name, path to open) or an error to report.
pub(super) enum Item {
    /// A file: its display name.
    File(String),
    /// A directory that could not be read: its display name and the error.
    Error(String, kitsh_core::fs::FsError),
}

/// An open directory: its display name, its remaining entries (reversed), its depth.
type Frame = (String, Vec<(String, FileType)>, usize);

/// A lazy depth-first walk of a directory operand, entries in name order.
pub(super) struct Walker {
    /// Open directories: (display name, remaining entries reversed, depth).
    stack: Vec<Frame>,
    /// The operand was omitted (`.`): names are shown without `./`.
    strip: bool,
    /// Follow symlinks found inside (`-R`).
    follow: bool,
    pending: Option<(String, usize)>,
    /// Canonical paths of the directories entered (symlink loops are entered once).
    seen: std::collections::HashSet<String>,
}

impl Walker {
    /// Walk the directory shown as `shown` (relative to the working directory).
    pub fn new(shown: &str, strip: bool, follow: bool) -> Walker {
        Walker { stack: Vec::new(), strip, follow, pending: Some((shown.to_string(), 0)), seen: std::collections::HashSet::new() }
    }

    /// The next file to search, or a directory error; `None` at the end.
    pub fn next(&mut self, ctx: &Ctx<'_>, filters: &Filters) -> Option<Item> {
        loop {
            if ctx.cancel.cancelled() {
                return None;
            }
            if let Some((dir, depth)) = self.pending.take() {
                let abs = ctx.abs_path(&dir);
                if !self.seen.insert(ctx.fs.canonicalize(&abs).unwrap_or(abs.clone())) {
                    continue;
                }
                match ctx.fs.read_dir(&abs) {
                    Ok(entries) => {
                        let mut v: Vec<(String, FileType)> = entries.into_iter().map(|e| (e.name, e.file_type)).collect();
                        v.sort_by(|a, b| b.0.cmp(&a.0));
                        self.stack.push((dir, v, depth));
                    }
                    Err(e) => return Some(Item::Error(dir, e)),
                }
            }
            let (dir, entries, depth) = self.stack.last_mut()?;
            let Some((name, ft)) = entries.pop() else {
                self.stack.pop();
                continue;
            };
            let depth = *depth;
            let path = if self.strip && depth == 0 {
                name
            } else if dir.ends_with('/') {
                format!("{dir}{name}")
            } else {
                format!("{dir}/{name}")
            };
            let kind = match ft {
                FileType::Symlink if self.follow => ctx.fs.stat(&ctx.abs_path(&path)).map(|m| m.file_type).unwrap_or(FileType::Symlink),
                t => t,
            };
            match kind {
                FileType::Dir if depth < MAX_DEPTH && filters.dir_ok(&path) => self.pending = Some((path, depth + 1)),
                FileType::Dir | FileType::Symlink => {}
                _ if filters.file_ok(&path) => return Some(Item::File(path)),
                _ => {}
            }
        }
    }
}
