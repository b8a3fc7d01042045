//! Pathname expansion over the virtual filesystem, as bash 5.2 does it.
//!
//! The pattern is split at `/`; components with glob characters are matched against directory
//! entries ([`Pattern`] in pathname mode), other components are just checked to exist. Results
//! keep the pattern's own spelling of the literal parts (`./`, `../`, `//`) and are sorted by
//! byte order (bash's order under `LC_ALL=C.UTF-8`). `.` and `..` are never matched by a
//! wildcard (bash's `globskipdots`); a leading `.` must be matched literally unless `dotglob`.
//! With `globstar`, a `**` component matches zero or more directories without following
//! symbolic links to directories (`**/` only directories).

use crate::fs::{FileSystem, FileType};
use crate::interp::pattern::{unescape, MatchOpts, Pattern};

#[cfg(test)]
mod tests;

/// Bound on directory entries examined and results produced by one expansion.
pub const MAX_VISITED: usize = 100_000;

/// Pathname expansion options (`shopt` flags).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct GlobOpts {
    /// `dotglob`: wildcards match names starting with `.` (never `.` or `..`).
    pub dotglob: bool,
    /// `nocaseglob`: wildcard components match without case.
    pub nocase: bool,
    /// `extglob`: the `?(..)` `*(..)` `+(..)` `@(..)` `!(..)` groups.
    pub extglob: bool,
    /// `globstar`: `**` matches any depth of directories.
    pub globstar: bool,
    /// `globskipdots` off: a pattern starting with `.` can also match `.` and `..`.
    pub dot_dirs: bool,
    /// The C locale: names are matched byte by byte.
    pub bytes: bool,
}

/// A path found so far: as it will be printed, and its absolute filesystem path.
#[derive(Clone, Debug)]
struct Cand {
    display: String,
    path: String,
}

/// One component of the pattern with the separator written before it.
#[derive(Debug)]
struct Comp<'a> {
    sep: &'a str,
    text: &'a str,
}

/// Expand one pattern (quoted characters backslash-escaped) relative to `cwd`. Returns the
/// matches sorted like bash, spelled as they appear in argv; empty if nothing matches (the
/// caller applies `nullglob`/`failglob`/`GLOBIGNORE`).
pub fn expand(pattern: &str, cwd: &str, fs: &dyn FileSystem, opts: GlobOpts) -> Vec<String> {
    let absolute = pattern.starts_with('/');
    let body = pattern.trim_start_matches('/');
    let prefix = &pattern[..pattern.len() - body.len()];
    let trimmed = body.trim_end_matches('/');
    let trailing = &body[trimmed.len()..];
    let comps = split_components(trimmed, opts.globstar);
    if comps.is_empty() {
        return Vec::new();
    }
    let start = Cand {
        display: prefix.to_string(),
        path: if absolute {
            "/".to_string()
        } else {
            cwd.to_string()
        },
    };
    let mut g = Globber {
        fs,
        opts,
        visited: 0,
    };
    let mut cands = vec![start];
    for (k, comp) in comps.iter().enumerate() {
        let last = k + 1 == comps.len();
        let want_dir = !last || !trailing.is_empty();
        cands = if opts.globstar && comp.text == "**" {
            g.globstar(&cands, comp.sep, last, !trailing.is_empty())
        } else if Pattern::has_glob_chars(comp.text, opts.extglob) {
            g.glob_component(&cands, comp, want_dir)
        } else {
            g.literal_component(&cands, comp, want_dir)
        };
        if cands.is_empty() || g.visited > MAX_VISITED {
            break;
        }
    }
    let mut out: Vec<String> = cands
        .into_iter()
        .filter(|c| !c.display.is_empty())
        .map(|mut c| {
            c.display.push_str(trailing);
            c.display
        })
        .collect();
    out.sort_unstable();
    out.dedup();
    out.truncate(MAX_VISITED);
    out
}

/// Split at runs of `/`, keeping each separator; consecutive `**` components (globstar)
/// collapse into one.
fn split_components(s: &str, globstar: bool) -> Vec<Comp<'_>> {
    let mut out: Vec<Comp<'_>> = Vec::new();
    let mut rest = s;
    let mut sep = "";
    while !rest.is_empty() {
        let end = rest.find('/').unwrap_or(rest.len());
        let text = &rest[..end];
        let after = &rest[end..];
        let next = after.trim_start_matches('/');
        let dup_star = globstar && text == "**" && out.last().is_some_and(|c| c.text == "**");
        if !dup_star {
            out.push(Comp { sep, text });
        }
        sep = &after[..after.len() - next.len()];
        rest = next;
    }
    out
}

/// `display` followed by `sep` and `name` (no separator after an empty display).
fn join_display(display: &str, sep: &str, name: &str) -> String {
    if display.is_empty() {
        return name.to_string();
    }
    let mut s = String::with_capacity(display.len() + sep.len() + name.len());
    s.push_str(display);
    s.push_str(sep);
    s.push_str(name);
    s
}

/// The filesystem path of `name` inside the directory `dir`.
fn join_path(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

/// The expansion state.
struct Globber<'f> {
    fs: &'f dyn FileSystem,
    opts: GlobOpts,
    /// Entries examined so far.
    visited: usize,
}

impl Globber<'_> {
    /// Whether `path` is a directory, following symlinks.
    fn is_dir(&self, path: &str) -> bool {
        self.fs
            .stat(path)
            .is_ok_and(|m| m.file_type == FileType::Dir)
    }

    /// Whether an entry of type `ft` at `path` is a directory (following symlinks).
    fn entry_is_dir(&self, ft: FileType, path: &str) -> bool {
        match ft {
            FileType::Dir => true,
            FileType::Symlink => self.is_dir(path),
            _ => false,
        }
    }

    /// Match a wildcard component against the entries of every candidate directory.
    fn glob_component(&mut self, cands: &[Cand], comp: &Comp<'_>, want_dir: bool) -> Vec<Cand> {
        let mopts = MatchOpts {
            extglob: self.opts.extglob,
            nocase: self.opts.nocase,
            pathname: true,
            dotglob: self.opts.dotglob,
        };
        let pat = if self.opts.bytes { Pattern::new_bytes(comp.text, mopts) } else { Pattern::new(comp.text, mopts) };
        let mut out = Vec::new();
        for c in cands {
            let Ok(entries) = self.fs.read_dir(&c.path) else {
                continue;
            };
            if self.opts.dot_dirs && comp.text.starts_with('.') {
                for name in [".", ".."] {
                    if pat.matches(name) {
                        out.push(Cand { display: join_display(&c.display, comp.sep, name), path: join_path(&c.path, name) });
                    }
                }
            }
            for e in entries {
                self.visited += 1;
                if self.visited > MAX_VISITED {
                    return out;
                }
                if e.name == "." || e.name == ".." || !pat.matches(&e.name) {
                    continue;
                }
                let path = join_path(&c.path, &e.name);
                if want_dir && !self.entry_is_dir(e.file_type, &path) {
                    continue;
                }
                out.push(Cand {
                    display: join_display(&c.display, comp.sep, &e.name),
                    path,
                });
            }
        }
        out
    }

    /// A component without wildcards: keep the candidates where it exists.
    fn literal_component(&mut self, cands: &[Cand], comp: &Comp<'_>, want_dir: bool) -> Vec<Cand> {
        let name = unescape(comp.text);
        let mut out = Vec::new();
        for c in cands {
            self.visited += 1;
            let path = join_path(&c.path, &name);
            let exists = if want_dir {
                self.is_dir(&path)
            } else {
                self.fs.lstat(&path).is_ok()
            };
            if exists {
                out.push(Cand {
                    display: join_display(&c.display, comp.sep, &name),
                    path,
                });
            }
        }
        out
    }

    /// A `**` component: the candidates themselves and everything below them.
    fn globstar(&mut self, cands: &[Cand], sep: &str, last: bool, trailing: bool) -> Vec<Cand> {
        let mut out = Vec::new();
        for c in cands {
            if !last || trailing {
                out.push(c.clone());
            } else if !c.display.is_empty() {
                out.push(Cand {
                    display: format!("{}{sep}", c.display),
                    path: c.path.clone(),
                });
            }
            self.walk(c, sep, last, trailing, &mut out);
        }
        out
    }

    /// Add the descendants of `root` to `out`: real directories when more components follow,
    /// directories (symlinked ones too) for a final `**/`, everything for a final `**`.
    /// Symbolic links to directories are never descended into.
    fn walk(&mut self, root: &Cand, sep: &str, last: bool, trailing: bool, out: &mut Vec<Cand>) {
        let mut stack = vec![(root.path.clone(), String::new())];
        while let Some((dir, rel)) = stack.pop() {
            let Ok(entries) = self.fs.read_dir(&dir) else {
                continue;
            };
            for e in entries {
                self.visited += 1;
                if self.visited > MAX_VISITED {
                    return;
                }
                if e.name.starts_with('.') && !self.opts.dotglob {
                    continue;
                }
                let path = join_path(&dir, &e.name);
                let rel_name = if rel.is_empty() {
                    e.name.clone()
                } else {
                    format!("{rel}/{}", e.name)
                };
                let keep = match (last, trailing) {
                    (true, false) => true,
                    (true, true) => self.entry_is_dir(e.file_type, &path),
                    (false, _) => e.file_type == FileType::Dir,
                };
                if keep {
                    out.push(Cand {
                        display: join_display(&root.display, sep, &rel_name),
                        path: path.clone(),
                    });
                }
                if e.file_type == FileType::Dir {
                    stack.push((path, rel_name));
                }
            }
        }
    }
}
