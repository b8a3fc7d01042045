//! `which`: locate commands in `PATH`, like Debian's `which` (`-a` for every match). Names that
//! are not found print nothing and make the status 1. Only the virtual filesystem is searched:
//! kitsh's commands appear as executable files in `/usr/bin` (`/bin` links there).

use super::{Builtin, Ctx};
use kitsh_core::fs::FileType;
use kitsh_core::util::bytes::encode;

/// The `which` command.
pub struct Which;

/// Whether `path` names an executable regular file (following symlinks).
fn executable(ctx: &Ctx<'_>, path: &str) -> bool {
    matches!(ctx.fs.stat(&ctx.abs_path(path)), Ok(m) if m.file_type == FileType::File && m.mode & 0o111 != 0)
}

/// The directories of `PATH` in order; an empty entry is `.`.
fn path_dirs(path: &str) -> Vec<&str> {
    if path.is_empty() {
        return Vec::new();
    }
    path.split(':').map(|d| if d.is_empty() { "." } else { d }).collect()
}

/// Parse the `getopts a` options; `Err` carries the bad option letter.
fn options(argv: &[String]) -> Result<(bool, &[String]), char> {
    let mut all = false;
    let mut i = 0;
    while let Some(a) = argv.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        let Some(letters) = a.strip_prefix('-').filter(|l| !l.is_empty()) else { break };
        for c in letters.chars() {
            if c != 'a' {
                return Err(c);
            }
            all = true;
        }
        i += 1;
    }
    Ok((all, &argv[i..]))
}

impl Builtin for Which {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let (all, names) = match options(argv) {
            Ok(r) => r,
            Err(c) => {
                let _ = writeln!(ctx.stderr, "Illegal option -{c}");
                let _ = writeln!(ctx.stdout, "Usage: {} [-a] args", ctx.name);
                return 2;
            }
        };
        let path = ctx.env.get("PATH").unwrap_or_default();
        let dirs = path_dirs(&path);
        let mut status = if names.is_empty() { 1 } else { 0 };
        let mut out = Vec::new();
        for name in names {
            let mut found = false;
            if name.contains('/') {
                if executable(ctx, name) {
                    out.extend_from_slice(&encode(name));
                    out.push(b'\n');
                    found = true;
                }
            } else {
                for dir in &dirs {
                    let cand = format!("{dir}/{name}");
                    if executable(ctx, &cand) {
                        out.extend_from_slice(&encode(&cand));
                        out.push(b'\n');
                        found = true;
                        if !all {
                            break;
                        }
                    }
                }
            }
            if !found {
                status = 1;
            }
        }
        match ctx.stdout.write_all(&out) {
            Ok(()) => status,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::run_env;
    use kitsh_core::fs::{FileSystem, FsLimits, MemoryFs, Quota, WriteMode};

    fn fs() -> MemoryFs {
        let fs = MemoryFs::standard(Quota::new(FsLimits::default()), "/home/user").with_commands(&["ls", "cat"]);
        let _ = fs.mkdir("/opt/bin", true);
        let _ = fs.write_file("/opt/bin/ls", b"", WriteMode::Truncate);
        let _ = fs.set_mode("/opt/bin/ls", 0o755);
        let _ = fs.write_file("/opt/bin/data", b"", WriteMode::Truncate);
        let _ = fs.mkdir("/opt/bin/dir", true);
        fs
    }
    fn which(args: &[&str], path: &str) -> (String, String, i32) {
        run_env(&Which, "which", args, &[("PATH", path)], &fs())
    }

    #[test]
    fn finds_commands() {
        assert_eq!(which(&["ls"], "/usr/bin:/bin"), ("/usr/bin/ls\n".into(), String::new(), 0));
        assert_eq!(which(&["ls", "cat"], "/bin:/opt/bin").0, "/bin/ls\n/bin/cat\n");
        assert_eq!(which(&["-a", "ls"], "/opt/bin:/usr/bin:/bin").0, "/opt/bin/ls\n/usr/bin/ls\n/bin/ls\n");
        assert_eq!(which(&["-a", "--", "cat"], "/usr/bin").0, "/usr/bin/cat\n");
        assert_eq!(which(&["/opt/bin/ls"], "").0, "/opt/bin/ls\n");
        assert_eq!(which(&["ls"], ":/usr/bin").0, "/usr/bin/ls\n");
        assert_eq!(which(&["bin/ls", "usr"], "").0, "bin/ls\n");
    }

    #[test]
    fn missing() {
        assert_eq!(which(&["nosuch", "ls"], "/usr/bin"), ("/usr/bin/ls\n".into(), String::new(), 1));
        assert_eq!(which(&["data", "dir"], "/opt/bin"), (String::new(), String::new(), 1));
        assert_eq!(which(&[], "/usr/bin").2, 1);
        assert_eq!(which(&["ls"], "").2, 1);
        assert_eq!(which(&["-x", "ls"], "/usr/bin"), ("Usage: which [-a] args\n".into(), "Illegal option -x\n".into(), 2));
    }
}
