//! Git sources (KIT-9, KIT-10): checkouts under `CACHE/git/HOST/PATH/REF`, cloned on a tool's
//! first call (or `kit validate`), offline afterwards, fetched again with `--refresh`. The
//! `git` CLI does the work: it honours the operator's credentials, SSH config and proxies as
//! they already use them, which a library would have to re-implement.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, SystemTime};

use crate::load::source::{detect_entrypoint, kind_from_extension};
use crate::spec::{Resolved, Source, ToolSpec};

/// The cache folder: `$KITSH_CACHE`, else `$XDG_CACHE_HOME/kitsh`, else `~/.cache/kitsh`.
pub fn cache_dir() -> PathBuf {
    if let Some(c) = std::env::var_os("KITSH_CACHE").filter(|c| !c.is_empty()) {
        return PathBuf::from(c);
    }
    if let Some(x) = std::env::var_os("XDG_CACHE_HOME").filter(|c| !c.is_empty()) {
        return PathBuf::from(x).join("kitsh");
    }
    let home = std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/tmp"));
    home.join(".cache").join("kitsh")
}

/// Bytes outside `[A-Za-z0-9._-]` become `_`; `.` and `..` components cannot climb.
fn clean(part: &str) -> String {
    let s: String = part.chars().map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') { c } else { '_' }).collect();
    match s.as_str() {
        "" | "." | ".." => s.replace('.', "_"),
        _ => s,
    }
}

/// `(HOST, PATH)` of a git URL: `https://h/a/b.git` → (`h`, `a/b`); `git@h:a/b` → (`h`,
/// `a/b`); `file:///x/y.git` or a path → (`local`, `x/y`).
fn host_and_path(url: &str) -> (String, String) {
    let (host, path) = if let Some(rest) = url.strip_prefix("file://") {
        ("local".to_string(), rest.to_string())
    } else if let Some((_, rest)) = url.split_once("://") {
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        let host = authority.rsplit('@').next().unwrap_or(authority);
        let host = host.split(':').next().unwrap_or(host);
        (host.to_string(), path.to_string())
    } else if let Some((user_host, path)) = url.split_once(':').filter(|(h, _)| !h.contains('/')) {
        (user_host.rsplit('@').next().unwrap_or(user_host).to_string(), path.to_string())
    } else {
        ("local".to_string(), url.to_string())
    };
    let path = path.trim_end_matches('/');
    let path = path.strip_suffix(".git").unwrap_or(path);
    let parts: Vec<String> = path.split('/').filter(|p| !p.is_empty()).map(clean).collect();
    (clean(&host), parts.join("/"))
}

/// Where the checkout of `url` at `tag` lives.
pub fn checkout_path(url: &str, tag: Option<&str>) -> PathBuf {
    let (host, path) = host_and_path(url);
    let mut p = cache_dir().join("git").join(host);
    for part in path.split('/').filter(|s| !s.is_empty()) {
        p.push(part);
    }
    p.join(clean(tag.unwrap_or("_default")))
}

/// Run git with `args` (in `dir`); `Err(last stderr line)` on failure.
fn git(args: &[&str], dir: Option<&Path>, url: &str) -> Result<(), String> {
    let mut cmd = Command::new("git");
    cmd.args(args).env("GIT_TERMINAL_PROMPT", "0");
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    let out = cmd.output().map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            format!("git not found on PATH (needed for {url})")
        } else {
            format!("cannot run git: {e}")
        }
    })?;
    if out.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    Err(err.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("failed").trim().to_string())
}

/// A lock on `path` (a `.lock` file next to it) for as long as the guard lives; a lock older
/// than ten minutes is taken as stale.
pub(crate) struct Lock(PathBuf);

impl Lock {
    pub(crate) fn take(path: &Path) -> Result<Lock, String> {
        let lock = path.with_extension("lock");
        if let Some(parent) = lock.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        for _ in 0..6000 {
            match std::fs::OpenOptions::new().write(true).create_new(true).open(&lock) {
                Ok(_) => return Ok(Lock(lock)),
                Err(_) => {
                    let stale = std::fs::metadata(&lock).and_then(|m| m.modified()).ok().and_then(|t| SystemTime::now().duration_since(t).ok()).is_some_and(|age| age > Duration::from_secs(600));
                    if stale {
                        let _ = std::fs::remove_file(&lock);
                    } else {
                        std::thread::sleep(Duration::from_millis(100));
                    }
                }
            }
        }
        Err(format!("timed out waiting for {}", lock.display()))
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The checkout of `url` at `tag` (a tag, branch or commit): cloned when missing, fetched and
/// checked out again when `refresh`; otherwise used as it is, offline.
pub fn checkout(url: &str, tag: Option<&str>, refresh: bool) -> Result<PathBuf, String> {
    let dest = checkout_path(url, tag);
    if dest.join(".git").exists() && !refresh {
        return Ok(dest);
    }
    let _lock = Lock::take(&dest)?;
    if dest.join(".git").exists() {
        if refresh {
            git(&["fetch", "--quiet", "--tags", "--force", "origin"], Some(&dest), url).map_err(|e| format!("git fetch failed for {url}: {e}"))?;
            let target = match tag {
                Some(t) => target_ref(&dest, t, url),
                None => "origin/HEAD".to_string(),
            };
            git(&["checkout", "--quiet", "--detach", &target], Some(&dest), url).map_err(|e| format!("git checkout failed for {}: {e}", tag.unwrap_or("HEAD")))?;
        }
        return Ok(dest);
    }
    let parent = dest.parent().ok_or("bad cache path")?;
    let tmp = parent.join(format!(".tmp-{}-{}", std::process::id(), SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0)));
    let tmp_s = tmp.to_string_lossy().into_owned();
    let result = (|| {
        git(&["clone", "--quiet", url, &tmp_s], None, url).map_err(|e| if e.starts_with("git not found") { e } else { format!("git clone failed for {url}: {e}") })?;
        if let Some(t) = tag {
            let target = target_ref(&tmp, t, url);
            git(&["checkout", "--quiet", "--detach", &target], Some(&tmp), url).map_err(|e| format!("git checkout failed for {t}: {e}"))?;
        }
        std::fs::rename(&tmp, &dest).map_err(|e| format!("cannot move the checkout into {}: {e}", dest.display()))
    })();
    if result.is_err() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    result.map(|()| dest)
}

/// What to check out for `tag`: the remote branch `origin/TAG` when there is one (a branch
/// name), else `TAG` itself (a tag or commit).
fn target_ref(dir: &Path, tag: &str, url: &str) -> String {
    let remote = format!("refs/remotes/origin/{tag}");
    if git(&["rev-parse", "--verify", "--quiet", &remote], Some(dir), url).is_ok() {
        remote
    } else {
        tag.to_string()
    }
}

/// The files of a git tool (KIT-11 on its checkout, with `subdir`).
pub fn resolve(spec: &ToolSpec, refresh: bool) -> Result<Resolved, String> {
    let Source::Git { url, tag } = &spec.source else {
        return spec.resolved.clone().ok_or_else(|| "source not resolved".to_string());
    };
    let root = checkout(url, tag.as_deref(), refresh)?;
    let dir = match &spec.subdir {
        Some(s) => root.join(s),
        None => root,
    };
    if !dir.is_dir() {
        return Err(format!("subdir not found: {}", dir.display()));
    }
    let entrypoint = match &spec.entrypoint {
        Some(e) => {
            let p = dir.join(e);
            if !p.is_file() {
                return Err(format!("entrypoint not found: {}", p.display()));
            }
            p
        }
        None => detect_entrypoint(&dir)?,
    };
    let kind = spec.kind.unwrap_or_else(|| kind_from_extension(&entrypoint));
    Ok(Resolved { dir, entrypoint, kind })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cache_paths_follow_kit_10() {
        assert_eq!(host_and_path("https://github.com/acme/tools.git"), ("github.com".into(), "acme/tools".into()));
        assert_eq!(host_and_path("git@github.com:acme/tools.git"), ("github.com".into(), "acme/tools".into()));
        assert_eq!(host_and_path("ssh://git@host.example:2222/a/b"), ("host.example".into(), "a/b".into()));
        assert_eq!(host_and_path("file:///srv/repos/x.git"), ("local".into(), "srv/repos/x".into()));
        assert_eq!(host_and_path("https://h/a/../b c"), ("h".into(), "a/__/b_c".into()));
        assert!(checkout_path("https://h/a", Some("v1.0/x")).ends_with("git/h/a/v1.0_x"));
        assert!(checkout_path("https://h/a", None).ends_with("git/h/a/_default"));
    }
}
