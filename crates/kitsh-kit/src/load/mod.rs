//! Loading a kit folder (KIT-1..KIT-11): scan for definition files, run each in a restricted
//! Lua state, validate its `define_tool{..}` table and resolve local sources.
//!
//! Choices where kit.md leaves room:
//! - Each file runs in a fresh environment table; `define_tool`'s relative sources resolve
//!   against the folder of the file whose environment the calling code belongs to (a shared
//!   `defaults.lua` resolves against its own folder). `require` caches modules per load.
//! - A tool is the table `define_tool` returned (identified by address, its metatable hidden);
//!   calling it while loading raises `tools cannot run while the kit is loading`.
//! - `print` writes to stderr (stdout may carry a protocol); `collectgarbage` and `coroutine`
//!   are not available; `load` is text-only and defaults to the file's environment.
//! - Limits per file: 10 million instructions (`definition took too long (instruction limit)`,
//!   not catchable by `pcall`); memory per kit state 64 MiB
//!   (`definition uses too much memory (memory limit)`).
//! - The name check applies to files that return a tool (a helper module with a `-` in its
//!   name is only the module warning); the message names the whole dotted name.
//! - A tool whose name is also a namespace is dropped with the KIT-3 error; its namespace's
//!   tools stay.
//! - Folders deeper than [`MAX_DEPTH`] and files past [`MAX_FILES`] are reported as errors.
//! - `$KITSH_KIT` counts as explicit for [`kit_dir`].
//! - Schema: `required` is sorted by name like the properties, and left out when empty;
//!   long-form key order is type, description, items, enum, default.
//!
//! ```no_run
//! let (dir, _explicit) = kitsh_kit::kit_dir(None);
//! let kit = kitsh_kit::load(&dir).expect("kit folder");
//! for e in &kit.errors {
//!     eprintln!("{e}");
//! }
//! ```

mod fields;
mod lua;
mod schema;
pub(crate) mod source;
#[cfg(test)]
mod tests;

use std::fmt;
use std::path::{Path, PathBuf};

use crate::spec::ToolSpec;

/// Deepest folder nesting scanned: a tool name has at most this many segments.
pub const MAX_DEPTH: usize = 16;
/// Most candidate `.lua` files loaded from one kit.
pub const MAX_FILES: usize = 10_000;

/// A loaded kit: the tools that loaded, and what went wrong with the rest.
#[derive(Debug, Clone)]
pub struct Kit {
    /// The kit folder, absolute.
    pub dir: PathBuf,
    /// The tools, sorted by name.
    pub tools: Vec<ToolSpec>,
    /// One error per broken file, in path order (KIT-4).
    pub errors: Vec<KitError>,
    /// Helper modules, skipped symlinks (shown by `kit validate`).
    pub warnings: Vec<String>,
}

impl Kit {
    /// The tool named `name`, if it loaded.
    pub fn tool(&self, name: &str) -> Option<&ToolSpec> {
        self.tools
            .binary_search_by(|t| t.name.as_str().cmp(name))
            .ok()
            .map(|i| &self.tools[i])
    }
}

/// A broken definition file (KIT-4). Displays as `kitsh: kit error: RELPATH: MESSAGE`, or
/// `kitsh: kit error: RELPATH:LINE: MESSAGE` when Lua located the error in that file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KitError {
    /// The file, relative to the kit folder (`infra/ssl_check.lua`).
    pub rel_file: String,
    /// The line in `rel_file`, for Lua errors located there.
    pub line: Option<u32>,
    /// The message, without the location.
    pub message: String,
}

impl KitError {
    fn plain(rel_file: &str, message: impl Into<String>) -> KitError {
        KitError {
            rel_file: rel_file.to_string(),
            line: None,
            message: message.into(),
        }
    }

    /// A Lua message `CHUNK:LINE: msg`: the line is split off when CHUNK is `rel_file` (or Lua's
    /// truncated `...tail` of it); errors located in another file (a required helper) keep
    /// their whole message.
    fn from_lua(rel_file: &str, msg: &str) -> KitError {
        let located = |prefix: &str| -> Option<(u32, String)> {
            let rest = msg.strip_prefix(prefix)?.strip_prefix(':')?;
            let (line, text) = rest.split_once(": ")?;
            Some((line.parse().ok()?, text.to_string()))
        };
        let mut hit = located(rel_file);
        if hit.is_none() {
            if let Some(tail) = msg.strip_prefix("...") {
                let chunk = tail.split(':').next().unwrap_or("");
                if !chunk.is_empty() && rel_file.ends_with(chunk) {
                    hit = located(&format!("...{chunk}"));
                }
            }
        }
        match hit {
            Some((line, message)) => KitError {
                rel_file: rel_file.to_string(),
                line: Some(line),
                message,
            },
            None => KitError::plain(rel_file, msg),
        }
    }
}

impl fmt::Display for KitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(line) => write!(f, "kitsh: kit error: {}:{line}: {}", self.rel_file, self.message),
            None => write!(f, "kitsh: kit error: {}: {}", self.rel_file, self.message),
        }
    }
}

impl std::error::Error for KitError {}

/// Why a kit could not be loaded at all.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The kit folder does not exist (or is not a folder) (KIT-1).
    #[error("kitsh: kit folder not found: {}", .0.display())]
    NotFound(PathBuf),
    /// The Lua state could not be set up.
    #[error("kitsh: kit loader failed: {0}")]
    Lua(String),
}

/// The kit folder (KIT-1): `explicit` (`--kit DIR`), else `$KITSH_KIT`, else `~/.kitsh/kit`.
/// The flag is true for the first two (a missing folder is then an error everywhere).
pub fn kit_dir(explicit: Option<&Path>) -> (PathBuf, bool) {
    if let Some(p) = explicit {
        return (p.to_path_buf(), true);
    }
    if let Some(p) = std::env::var_os("KITSH_KIT").filter(|p| !p.is_empty()) {
        return (PathBuf::from(p), true);
    }
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .unwrap_or_default();
    (home.join(".kitsh").join("kit"), false)
}

/// Whether `s` matches `^[A-Za-z_][A-Za-z0-9_]*$` (a name segment, a schema field, an env name).
pub(crate) fn valid_segment(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Checks a dotted tool or namespace name (`infra.analysis`): every segment must match
/// `^[A-Za-z_][A-Za-z0-9_]*$`. The error is KIT-2's message,
/// `invalid tool name 'NAME' (use letters, digits and _)`.
pub fn validate_name(ns: &str) -> Result<(), String> {
    if ns.split('.').all(valid_segment) {
        Ok(())
    } else {
        Err(format!("invalid tool name '{ns}' (use letters, digits and _)"))
    }
}

/// Loads the kit in `dir` (KIT-2..KIT-11). Only a missing folder (or a Lua state that cannot be
/// built) fails the whole load; every broken file becomes one [`KitError`] and the others load.
pub fn load(dir: &Path) -> Result<Kit, LoadError> {
    if !dir.is_dir() {
        return Err(LoadError::NotFound(dir.to_path_buf()));
    }
    let abs = if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        std::env::current_dir()
            .map(|c| c.join(dir))
            .unwrap_or_else(|_| dir.to_path_buf())
    };
    let abs = source::normalize(&abs);
    let mut kit = Kit {
        dir: abs.clone(),
        tools: Vec::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
    };

    let mut candidates = Vec::new();
    scan(&abs, "", 0, &mut candidates, &mut kit);
    candidates.sort();

    let loader = lua::Loader::new(&abs).map_err(|e| LoadError::Lua(e.to_string()))?;
    for rel in &candidates {
        let file = abs.join(rel);
        match loader.load_file(&file, rel) {
            Ok(Some(spec)) => match finish(spec, rel, file) {
                Ok(spec) => kit.tools.push(spec),
                Err(e) => kit.errors.push(e),
            },
            Ok(None) => kit
                .warnings
                .push(format!("{rel}: does not return a tool (treated as a module)")),
            Err(lua::Failure::Lua(m)) => kit.errors.push(KitError::from_lua(rel, &m)),
            Err(lua::Failure::Plain(m)) => kit.errors.push(KitError::plain(rel, m)),
        }
    }

    // A tool whose name is also a namespace of other tools is dropped (KIT-3).
    let names: Vec<String> = kit.tools.iter().map(|t| t.name.clone()).collect();
    let clashes = |name: &str| {
        names
            .iter()
            .any(|n| n.len() > name.len() && n.starts_with(name) && n.as_bytes()[name.len()] == b'.')
    };
    let mut kept = Vec::with_capacity(kit.tools.len());
    for tool in std::mem::take(&mut kit.tools) {
        if clashes(&tool.name) {
            kit.errors.push(KitError::plain(
                &tool.rel_file,
                format!("'{}' is both a tool and a namespace", tool.name),
            ));
        } else {
            kept.push(tool);
        }
    }
    kit.tools = kept;
    kit.tools.sort_by(|a, b| a.name.cmp(&b.name));
    kit.errors.sort_by(|a, b| a.rel_file.cmp(&b.rel_file));
    Ok(kit)
}

/// Names the tool after its file and fills the defaults that depend on the name.
fn finish(mut spec: ToolSpec, rel: &str, file: PathBuf) -> Result<ToolSpec, KitError> {
    let stem = rel.strip_suffix(".lua").unwrap_or(rel);
    let name = stem.replace('/', ".");
    if !stem.split('/').all(valid_segment) {
        return Err(KitError::plain(
            rel,
            format!("invalid tool name '{name}' (use letters, digits and _)"),
        ));
    }
    if spec.description.is_empty() {
        let entry = match (&spec.resolved, &spec.entrypoint) {
            (Some(r), _) => r.entrypoint.file_name().map(|f| f.to_string_lossy().into_owned()),
            (None, Some(e)) => Path::new(e).file_name().map(|f| f.to_string_lossy().into_owned()),
            (None, None) => None,
        };
        spec.description = format!("Run {}", entry.unwrap_or_else(|| name.clone()));
    }
    if spec.category.is_none() {
        spec.category = name.rsplit_once('.').map(|(ns, _)| ns.to_string());
    }
    spec.name = name;
    spec.rel_file = rel.to_string();
    spec.file = file;
    Ok(spec)
}

/// KIT-2: collects candidate files (kit-relative, `/`-separated) under `dir`.
fn scan(dir: &Path, rel: &str, depth: usize, out: &mut Vec<String>, kit: &mut Kit) {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            let at = if rel.is_empty() { "." } else { rel };
            kit.errors.push(KitError::plain(at, format!("cannot read folder: {e}")));
            return;
        }
    };
    let mut entries: Vec<_> = entries.flatten().collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let raw = entry.file_name();
        let Some(name) = raw.to_str() else {
            kit.warnings
                .push(format!("{rel}{}: name is not UTF-8 (skipped)", raw.to_string_lossy()));
            continue;
        };
        if name.starts_with('_') || name.starts_with('.') {
            continue;
        }
        let path = entry.path();
        let child = format!("{rel}{name}");
        let Ok(meta) = std::fs::symlink_metadata(&path) else {
            continue;
        };
        if meta.file_type().is_symlink() {
            if name.ends_with(".lua") || path.is_dir() {
                kit.warnings.push(format!("{child}: symlink skipped"));
            }
            continue;
        }
        if meta.is_dir() {
            if name == "lib" {
                continue;
            }
            if depth + 1 >= MAX_DEPTH {
                kit.errors.push(KitError::plain(
                    &child,
                    format!("folder nested deeper than {MAX_DEPTH} levels (not scanned)"),
                ));
                continue;
            }
            scan(&path, &format!("{child}/"), depth + 1, out, kit);
        } else if meta.is_file() && name.ends_with(".lua") && name != "init.lua" {
            if out.len() >= MAX_FILES {
                let msg = format!("more than {MAX_FILES} files in the kit (this and later files not loaded)");
                if !kit.errors.iter().any(|e| e.message == msg) {
                    kit.errors.push(KitError::plain(&child, msg));
                }
                continue;
            }
            out.push(child);
        }
    }
}
