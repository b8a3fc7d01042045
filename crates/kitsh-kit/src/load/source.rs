//! Sources and entrypoints (KIT-9, KIT-11): git detection, local path resolution, escape
//! checks and entrypoint detection.

use std::path::{Component, Path, PathBuf};

use crate::spec::{Resolved, Source, ToolType};

/// The source-related fields of one definition, as written.
pub(crate) struct SourceFields<'a> {
    pub source: &'a str,
    pub subdir: Option<&'a str>,
    pub entrypoint: Option<&'a str>,
    pub tag: Option<&'a str>,
    pub kind: Option<ToolType>,
}

/// Whether `source` names a git repository (KIT-9).
pub(crate) fn is_git(source: &str) -> bool {
    const PREFIXES: [&str; 6] = ["git@", "ssh://", "git://", "http://", "https://", "file://"];
    PREFIXES.iter().any(|p| source.starts_with(p)) || source.ends_with(".git")
}

/// The tool type of an entrypoint, from its extension (KIT-11).
pub(crate) fn kind_from_extension(path: &Path) -> ToolType {
    match path.extension().and_then(|e| e.to_str()) {
        Some("py") => ToolType::Python,
        Some("sh" | "bash") => ToolType::Shell,
        Some("js" | "mjs" | "cjs") => ToolType::Node,
        _ => ToolType::Other,
    }
}

/// Lexically normalises an absolute path (`.` dropped, `..` pops); no filesystem access.
pub(crate) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// A relative path that stays inside its base once normalised (`a/../b` is `b`); `None` for
/// absolute paths and anything that climbs out.
pub(crate) fn inside(rel: &str) -> Option<PathBuf> {
    let path = Path::new(rel);
    let mut out = PathBuf::new();
    let mut depth = 0usize;
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if depth == 0 {
                    return None;
                }
                depth -= 1;
                out.pop();
            }
            Component::Normal(s) => {
                depth += 1;
                out.push(s);
            }
            Component::RootDir | Component::Prefix(_) => return None,
        }
    }
    Some(out)
}

/// Expands `~` / `~/x` against `home`.
fn expand_home(source: &str, home: Option<&Path>) -> PathBuf {
    match home {
        Some(h) if source == "~" => h.to_path_buf(),
        Some(h) if source.starts_with("~/") => h.join(&source[2..]),
        _ => PathBuf::from(source),
    }
}

/// Resolves a definition's source: git sources are only checked lexically (resolved at first
/// call); local ones must exist, and get their tool dir, entrypoint and type now.
/// `folder` is the folder of the Lua file that called `define_tool`.
pub(crate) fn resolve(
    f: &SourceFields<'_>,
    folder: &Path,
    home: Option<&Path>,
) -> Result<(Source, Option<Resolved>), String> {
    let subdir = match f.subdir {
        Some(s) => Some(inside(s).ok_or("subdir must stay inside source")?),
        None => None,
    };
    let entry = match f.entrypoint {
        Some(e) => {
            let p = inside(e).ok_or("entrypoint must stay inside the tool directory")?;
            if p.as_os_str().is_empty() {
                return Err("entrypoint must stay inside the tool directory".into());
            }
            Some(p)
        }
        None => None,
    };
    if is_git(f.source) {
        let source = Source::Git {
            url: f.source.to_string(),
            tag: f.tag.map(str::to_string),
        };
        return Ok((source, None));
    }
    if f.tag.is_some() {
        return Err("tag requires a git source".into());
    }
    let path = expand_home(f.source, home);
    let abs = normalize(&if path.is_absolute() { path } else { folder.join(path) });
    let meta = std::fs::metadata(&abs).map_err(|_| format!("source not found: {}", abs.display()))?;
    if meta.is_file() {
        // A single-file source: the tool dir is its folder, the entrypoint the file.
        if subdir.is_some() || entry.is_some() {
            return Err("subdir and entrypoint need a folder source".into());
        }
        let dir = abs
            .parent()
            .map(Path::to_path_buf)
            .unwrap_or_else(|| PathBuf::from("/"));
        let kind = f.kind.unwrap_or_else(|| kind_from_extension(&abs));
        let resolved = Resolved {
            dir,
            entrypoint: abs.clone(),
            kind,
        };
        return Ok((Source::Local(abs), Some(resolved)));
    }
    let dir = match &subdir {
        Some(s) => abs.join(s),
        None => abs.clone(),
    };
    if !dir.is_dir() {
        return Err(format!("subdir not found: {}", dir.display()));
    }
    let entrypoint = match entry {
        Some(e) => {
            let p = dir.join(e);
            if !p.is_file() {
                return Err(format!("entrypoint not found: {}", p.display()));
            }
            p
        }
        None => detect_entrypoint(&dir)?,
    };
    let kind = f.kind.unwrap_or_else(|| kind_from_extension(&entrypoint));
    Ok((Source::Local(abs), Some(Resolved { dir, entrypoint, kind })))
}

/// KIT-11: the single top-level script of `dir`, else the first present of the usual names.
pub(crate) fn detect_entrypoint(dir: &Path) -> Result<PathBuf, String> {
    const EXTS: [&str; 6] = ["py", "sh", "bash", "js", "mjs", "cjs"];
    const PREFERRED: [&str; 5] = ["main.py", "main.sh", "main.js", "index.js", "app.py"];
    let fail = || format!("cannot detect entrypoint in {} (set entrypoint)", dir.display());
    let mut scripts = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|_| fail())?.flatten() {
        let path = entry.path();
        let is_script = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTS.contains(&e));
        if is_script && path.is_file() {
            scripts.push(path);
        }
    }
    if scripts.len() == 1 {
        return Ok(scripts.remove(0));
    }
    if scripts.len() > 1 {
        for name in PREFERRED {
            let p = dir.join(name);
            if scripts.contains(&p) {
                return Ok(p);
            }
        }
    }
    Err(fail())
}
