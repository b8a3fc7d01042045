//! The build context of a docker tool's image (KIT-19): the generated Dockerfile and a tar
//! archive of the tool dir with it, written in memory (the tool dir is only read).
//!
//! The archive is deterministic: entries sorted by path, owner 0:0, modification time 0, only
//! the permission bits of the files kept. Its SHA-256 is the image tag, so the same files,
//! Dockerfile and base give the same tag on every machine, and any change gives a new one.

use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::spec::{Resolved, ToolSpec, ToolType};

/// Names never put into the context, at any depth.
const EXCLUDED: [&str; 4] = [".git", "node_modules", "__pycache__", ".venv"];

/// The generated Dockerfile's name inside the context (a tool's own `Dockerfile` stays as it is).
pub(crate) const DOCKERFILE: &str = ".kitsh-Dockerfile";

/// Where the tool dir goes in the image.
const APP: &str = "/app";

/// The base image of a tool: its `image`, else `$KITSH_DOCKER_BASE`, else the default of its
/// type (`python:3-slim`, `node:lts-slim`, `alpine:3`).
pub(crate) fn base_image(spec: &ToolSpec, kind: ToolType) -> String {
    if let Some(image) = spec.image.as_deref().filter(|i| !i.trim().is_empty()) {
        return image.to_string();
    }
    if let Some(image) = std::env::var("KITSH_DOCKER_BASE").ok().filter(|i| !i.trim().is_empty()) {
        return image;
    }
    match kind {
        ToolType::Python => "python:3-slim",
        ToolType::Node => "node:lts-slim",
        ToolType::Shell | ToolType::Other => "alpine:3",
    }
    .to_string()
}

/// The entrypoint as a path under `/app` (forward slashes).
fn app_path(resolved: &Resolved) -> Result<String, String> {
    let relative = resolved.entrypoint.strip_prefix(&resolved.dir).unwrap_or(&resolved.entrypoint);
    let text = relative
        .to_str()
        .ok_or_else(|| format!("entrypoint is not valid UTF-8: {}", resolved.entrypoint.display()))?;
    Ok(format!("{APP}/{}", text.trim_start_matches('/')))
}

/// `word` quoted for `/bin/sh`.
fn sh_quote(word: &str) -> String {
    if !word.is_empty() && word.bytes().all(|b| b.is_ascii_alphanumeric() || b"@%+=:,./_-".contains(&b)) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// `words` quoted and joined with spaces.
fn sh_words(words: &[String]) -> String {
    words.iter().map(|w| sh_quote(w)).collect::<Vec<_>>().join(" ")
}

/// A `RUN` step installing system `packages` with `apk` or `apt-get`, whichever the base has;
/// `unless` (a shell condition) skips it when it holds.
fn install_step(packages: &[String], apk_packages: &[String], unless: Option<&str>, base: &str) -> String {
    let apt = format!(
        "apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends {} && rm -rf /var/lib/apt/lists/*",
        sh_words(packages)
    );
    let apk = format!("apk add --no-cache {}", sh_words(apk_packages));
    let missing = sh_quote(&format!("kitsh: {base} has neither apk nor apt-get to install {}", packages.join(" ")));
    let install = format!(
        "if command -v apk >/dev/null 2>&1; then {apk}; elif command -v apt-get >/dev/null 2>&1; then {apt}; else echo {missing} >&2; exit 1; fi"
    );
    match unless {
        Some(condition) => format!("RUN if {condition}; then :; else {install}; fi\n"),
        None => format!("RUN {install}\n"),
    }
}

/// The Dockerfile of a tool (KIT-19): `FROM BASE`, `WORKDIR /app`, the interpreter installed
/// when the base lacks it (with `apk` or `apt-get`), shell/other deps as system packages,
/// `COPY . /app`, Python/Node deps, the `ENTRYPOINT` of the type.
pub(crate) fn dockerfile(spec: &ToolSpec, resolved: &Resolved, base: &str) -> Result<String, String> {
    let entry = app_path(resolved)?;
    let has = |file: &str| resolved.dir.join(file).is_file();
    let deps = &spec.deps;
    let mut out = format!("FROM {base}\nWORKDIR {APP}\n");
    let strings = |words: &[&str]| words.iter().map(|w| w.to_string()).collect::<Vec<_>>();
    let entrypoint = match resolved.kind {
        ToolType::Python => {
            let pip = !deps.is_empty() || has("requirements.txt");
            let (apt, apk, check) = if pip {
                (
                    strings(&["python3", "python3-pip"]),
                    strings(&["python3", "py3-pip"]),
                    "command -v python3 >/dev/null 2>&1 && python3 -m pip --version >/dev/null 2>&1",
                )
            } else {
                (strings(&["python3"]), strings(&["python3"]), "command -v python3 >/dev/null 2>&1")
            };
            out.push_str(&install_step(&apt, &apk, Some(check), base));
            out.push_str(&format!("COPY . {APP}\n"));
            let pip_install = "PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install --no-cache-dir";
            if has("requirements.txt") {
                out.push_str(&format!("RUN {pip_install} -r {APP}/requirements.txt\n"));
            }
            if !deps.is_empty() {
                out.push_str(&format!("RUN {pip_install} {}\n", sh_words(deps)));
            }
            ["python3", &entry].to_vec()
        }
        ToolType::Node => {
            let npm = !deps.is_empty() || has("package.json");
            let (packages, check) = if npm {
                (
                    strings(&["nodejs", "npm"]),
                    "command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1",
                )
            } else {
                (strings(&["nodejs"]), "command -v node >/dev/null 2>&1")
            };
            out.push_str(&install_step(&packages, &packages, Some(check), base));
            out.push_str(&format!("COPY . {APP}\n"));
            if has("package.json") {
                out.push_str("RUN npm install --omit=dev --no-audit --no-fund\n");
            }
            if !deps.is_empty() {
                out.push_str(&format!("RUN npm install --omit=dev --no-audit --no-fund {}\n", sh_words(deps)));
            }
            ["node", &entry].to_vec()
        }
        ToolType::Shell | ToolType::Other => {
            // System packages do not depend on the tool's files: installed before the COPY, so
            // editing the script reuses that layer.
            let mut packages = deps.clone();
            let shell = resolved.kind == ToolType::Shell;
            if shell && !packages.iter().any(|p| p == "bash") {
                packages.insert(0, "bash".to_string());
            }
            if !packages.is_empty() {
                let mut check = String::from("command -v bash >/dev/null 2>&1");
                if !deps.is_empty() || !shell {
                    // Packages named as deps are always installed (names need not be commands).
                    check.clear();
                }
                let unless = (!check.is_empty()).then_some(check.as_str());
                out.push_str(&install_step(&packages, &packages, unless, base));
            }
            out.push_str(&format!("COPY . {APP}\n"));
            if shell {
                ["bash", &entry].to_vec()
            } else {
                [entry.as_str()].to_vec()
            }
        }
    };
    let json = serde_json::to_string(&entrypoint).map_err(|e| e.to_string())?;
    out.push_str(&format!("ENTRYPOINT {json}\n"));
    Ok(out)
}

/// The tar archive of `dir` (minus [`EXCLUDED`] names and a file named [`DOCKERFILE`]) plus
/// the Dockerfile, and its SHA-256 in hex.
pub(crate) fn archive(dir: &Path, dockerfile: &str) -> Result<(Vec<u8>, String), String> {
    let mut entries: Vec<(Vec<u8>, Entry)> = Vec::new();
    collect(dir, &[], &mut entries).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    entries.retain(|(path, _)| path.as_slice() != DOCKERFILE.as_bytes());
    entries.push((DOCKERFILE.as_bytes().to_vec(), Entry::File { mode: 0o644, data: dockerfile.as_bytes().to_vec() }));
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let mut tar = Vec::new();
    for (path, entry) in &entries {
        write_entry(&mut tar, path, entry);
    }
    tar.extend_from_slice(&[0u8; 1024]);
    let hex = Sha256::digest(&tar).iter().map(|b| format!("{b:02x}")).collect();
    Ok((tar, hex))
}

/// One archive member.
enum Entry {
    /// A directory.
    Dir { mode: u32 },
    /// A regular file and its bytes.
    File { mode: u32, data: Vec<u8> },
    /// A symbolic link (kept as a link, never followed).
    Link { target: Vec<u8> },
}

/// Adds the members under `dir` (path `prefix` in the archive) to `out`. Sockets, fifos and
/// devices are left out.
fn collect(dir: &Path, prefix: &[u8], out: &mut Vec<(Vec<u8>, Entry)>) -> io::Result<()> {
    for item in std::fs::read_dir(dir)? {
        let item = item?;
        let name = item.file_name();
        if EXCLUDED.iter().any(|x| name.as_bytes() == x.as_bytes()) {
            continue;
        }
        let mut path = prefix.to_vec();
        if !path.is_empty() {
            path.push(b'/');
        }
        path.extend_from_slice(name.as_bytes());
        let full = item.path();
        let meta = std::fs::symlink_metadata(&full)?;
        let mode = meta.permissions().mode() & 0o7777;
        let kind = meta.file_type();
        if kind.is_symlink() {
            let target = std::fs::read_link(&full)?;
            out.push((path, Entry::Link { target: target.as_os_str().as_bytes().to_vec() }));
        } else if kind.is_dir() {
            out.push((path.clone(), Entry::Dir { mode }));
            collect(&full, &path, out)?;
        } else if kind.is_file() {
            let data = std::fs::read(&full).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", full.display())))?;
            out.push((path, Entry::File { mode, data }));
        }
    }
    Ok(())
}

/// Appends one member: a PAX header first when the path or link target does not fit ustar.
fn write_entry(tar: &mut Vec<u8>, path: &[u8], entry: &Entry) {
    let mut name = path.to_vec();
    if matches!(entry, Entry::Dir { .. }) {
        name.push(b'/');
    }
    let (type_flag, mode, size, link): (u8, u32, u64, &[u8]) = match entry {
        Entry::Dir { mode } => (b'5', *mode, 0, b""),
        Entry::File { mode, data } => (b'0', *mode, data.len() as u64, b""),
        Entry::Link { target } => (b'2', 0o777, 0, target),
    };
    let mut pax = Vec::new();
    if name.len() > 100 {
        pax.extend(pax_record(b"path", &name));
    }
    if link.len() > 100 {
        pax.extend(pax_record(b"linkpath", link));
    }
    if !pax.is_empty() {
        let header = header(b"././@PaxHeader", b'x', 0o644, pax.len() as u64, b"");
        tar.extend_from_slice(&header);
        append_padded(tar, &pax);
    }
    let short_name = &name[..name.len().min(100)];
    let short_link = &link[..link.len().min(100)];
    tar.extend_from_slice(&header(short_name, type_flag, mode, size, short_link));
    if let Entry::File { data, .. } = entry {
        append_padded(tar, data);
    }
}

/// `LEN key=value\n`, LEN counting the whole record (its own digits included).
fn pax_record(key: &[u8], value: &[u8]) -> Vec<u8> {
    let body = key.len() + value.len() + 3; // ' ', '=', '\n'
    let mut len = body + 1;
    while len != body + len.to_string().len() {
        len = body + len.to_string().len();
    }
    let mut record = len.to_string().into_bytes();
    record.push(b' ');
    record.extend_from_slice(key);
    record.push(b'=');
    record.extend_from_slice(value);
    record.push(b'\n');
    record
}

/// `data` then zeros up to the next 512-byte block.
fn append_padded(tar: &mut Vec<u8>, data: &[u8]) {
    tar.extend_from_slice(data);
    let rest = data.len() % 512;
    if rest != 0 {
        tar.resize(tar.len() + 512 - rest, 0);
    }
}

/// A ustar header block (owner 0:0, mtime 0).
fn header(name: &[u8], type_flag: u8, mode: u32, size: u64, link: &[u8]) -> [u8; 512] {
    let mut h = [0u8; 512];
    h[..name.len()].copy_from_slice(name);
    octal(&mut h[100..108], u64::from(mode));
    octal(&mut h[108..116], 0);
    octal(&mut h[116..124], 0);
    octal(&mut h[124..136], size);
    octal(&mut h[136..148], 0);
    h[156] = type_flag;
    h[157..157 + link.len()].copy_from_slice(link);
    h[257..263].copy_from_slice(b"ustar\0");
    h[263..265].copy_from_slice(b"00");
    // The checksum is computed with its own field as spaces.
    h[148..156].copy_from_slice(b"        ");
    let sum: u64 = h.iter().map(|&b| u64::from(b)).sum();
    octal(&mut h[148..155], sum);
    h[155] = b' ';
    h
}

/// `value` as zero-padded octal digits filling `field` but its last byte (NUL).
fn octal(field: &mut [u8], value: u64) {
    let digits = field.len() - 1;
    let text = format!("{value:0digits$o}");
    // A value too large for the field (a file over 8 GiB) keeps its low digits; such a file
    // does not belong in a tool image.
    let text = &text.as_bytes()[text.len() - digits..];
    field[..digits].copy_from_slice(text);
    field[digits] = 0;
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;

    #[test]
    fn pax_record_length_counts_itself() {
        let r = pax_record(b"path", &[b'a'; 95]);
        let text = String::from_utf8(r.clone()).unwrap();
        let len: usize = text.split(' ').next().unwrap().parse().unwrap();
        assert_eq!(len, r.len());
        let r = pax_record(b"path", b"x");
        assert_eq!(r, b"9 path=x\n");
    }

    #[test]
    fn quoting() {
        assert_eq!(sh_quote("requests==2.0"), "requests==2.0");
        assert_eq!(sh_quote("a b"), "'a b'");
        assert_eq!(sh_quote("it's"), "'it'\\''s'");
        assert_eq!(sh_quote(""), "''");
    }

    #[test]
    fn archive_is_deterministic_and_readable() {
        let dir = std::env::temp_dir().join(format!("kitsh-ctx-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub/__pycache__")).unwrap();
        std::fs::create_dir_all(dir.join(".git")).unwrap();
        std::fs::write(dir.join("main.py"), "print(1)\n").unwrap();
        std::fs::write(dir.join("sub/__pycache__/x.pyc"), "x").unwrap();
        std::fs::write(dir.join(".git/HEAD"), "x").unwrap();
        let long = "d".repeat(120);
        std::fs::write(dir.join(format!("sub/{long}")), "long\n").unwrap();
        let (tar, hash) = archive(&dir, "FROM x\n").unwrap();
        let (tar2, hash2) = archive(&dir, "FROM x\n").unwrap();
        assert_eq!((tar.len(), &hash), (tar2.len(), &hash2));
        assert_eq!(hash.len(), 64);
        let (_, other) = archive(&dir, "FROM y\n").unwrap();
        assert_ne!(hash, other);
        // The system tar reads it back: the right members, nothing excluded.
        let listing = std::process::Command::new("tar")
            .arg("-t")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child.stdin.take().unwrap().write_all(&tar)?;
                child.wait_with_output()
            })
            .unwrap();
        let names = String::from_utf8(listing.stdout).unwrap();
        let names: Vec<&str> = names.lines().collect();
        assert_eq!(names, vec![DOCKERFILE, "main.py", "sub/", &*format!("sub/{long}")]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
