//! Tests of [`OverlayFs`]: merged reads, copy-on-write, whiteouts, renames, escapes, limits.

use super::*;
use crate::fs::testutil::{ok, TempDir};
use std::time::{Duration, UNIX_EPOCH};

fn setup() -> (TempDir, OverlayFs) {
    let t = TempDir::new("ovl");
    t.write("a.txt", "alpha\n");
    t.write("src/main.rs", "fn main() {}\n");
    t.write("src/lib/mod.rs", "// mod\n");
    t.mkdir("empty");
    t.symlink("src/main.rs", "rel_link");
    let fs = ok(OverlayFs::new(t.buf(), FsLimits::default()));
    (t, fs)
}

fn r(fs: &OverlayFs, p: &str) -> FsResult<String> {
    fs.read_file(p).map(|v| String::from_utf8_lossy(&v).into_owned())
}

fn names(fs: &OverlayFs, p: &str) -> Vec<String> {
    fs.read_dir(p).map(|v| v.into_iter().map(|e| e.name).collect()).unwrap_or_default()
}

#[test]
fn reads_host() {
    let (_t, fs) = setup();
    assert_eq!(r(&fs, "/a.txt"), Ok("alpha\n".into()));
    assert_eq!(r(&fs, "/src/../a.txt"), Ok("alpha\n".into()));
    assert_eq!(r(&fs, "/rel_link"), Ok("fn main() {}\n".into()));
    assert_eq!(names(&fs, "/"), ["a.txt", "empty", "rel_link", "src"]);
    assert_eq!(fs.stat("/src").map(|m| m.file_type), Ok(FileType::Dir));
    assert_eq!(fs.lstat("/rel_link").map(|m| m.file_type), Ok(FileType::Symlink));
    assert_eq!(fs.read_link("/rel_link"), Ok("src/main.rs".into()));
    assert_eq!(fs.canonicalize("/rel_link"), Ok("/src/main.rs".into()));
    assert_eq!(r(&fs, "/src"), Err(FsError::IsDir));
    assert_eq!(r(&fs, "/nope"), Err(FsError::NotFound));
    assert_eq!(r(&fs, "/a.txt/x"), Err(FsError::NotDir));
    let mut buf = [0u8; 3];
    assert_eq!(fs.read_at("/a.txt", 2, &mut buf), Ok(3));
    assert_eq!(&buf, b"pha");
    let mut s = String::new();
    assert!(fs.open_read("/a.txt").map(|mut rd| rd.read_to_string(&mut s)).is_ok());
    assert_eq!(s, "alpha\n");
}

#[test]
fn host_never_written() {
    let (t, fs) = setup();
    let before = t.snapshot();
    assert_eq!(fs.write_file("/a.txt", b"changed", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.write_file("/new.txt", b"new", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.write_file("/src/main.rs", b"//more\n", WriteMode::Append), Ok(()));
    assert_eq!(fs.write_at("/src/lib/mod.rs", 0, b"XX"), Ok(()));
    assert_eq!(fs.set_len("/rel_link", 2), Ok(()));
    assert_eq!(fs.set_mode("/a.txt", 0o600), Ok(()));
    assert_eq!(fs.set_mtime("/src", UNIX_EPOCH), Ok(()));
    assert_eq!(fs.mkdir("/src/new/deep", true), Ok(()));
    assert_eq!(fs.symlink("/etc", "/sl"), Ok(()));
    assert_eq!(fs.hard_link("/a.txt", "/hl"), Ok(()));
    assert_eq!(fs.rename("/src", "/moved"), Ok(()));
    assert_eq!(fs.remove_file("/moved/lib/mod.rs"), Ok(()));
    assert_eq!(fs.remove_dir("/moved/lib"), Ok(()));
    assert_eq!(fs.remove_dir("/empty"), Ok(()));
    assert_eq!(fs.remove_file("/rel_link"), Ok(()));
    assert_eq!(t.snapshot(), before);
    assert_eq!(r(&fs, "/a.txt"), Ok("changed".into()));
    assert_eq!(r(&fs, "/moved/main.rs"), Ok("fn".into()));
    assert_eq!(r(&fs, "/hl"), Ok("changed".into()));
    assert_eq!(names(&fs, "/"), ["a.txt", "hl", "moved", "new.txt", "sl"]);
    assert_eq!(names(&fs, "/moved"), ["main.rs", "new"]);
}

#[test]
fn copy_up_append_and_write_at() {
    let (t, fs) = setup();
    assert_eq!(fs.write_file("/a.txt", b"beta\n", WriteMode::Append), Ok(()));
    assert_eq!(r(&fs, "/a.txt"), Ok("alpha\nbeta\n".into()));
    assert_eq!(fs.write_at("/a.txt", 0, b"A"), Ok(()));
    assert_eq!(r(&fs, "/a.txt"), Ok("Alpha\nbeta\n".into()));
    assert_eq!(fs.stat("/a.txt").map(|m| m.len), Ok(11));
    assert_eq!(t.read("a.txt"), Some("alpha\n".into()));
}

#[test]
fn truncate_host_file_reads_only_what_stays() {
    let (t, fs) = setup();
    assert_eq!(fs.set_len("/a.txt", 2), Ok(()));
    assert_eq!(r(&fs, "/a.txt"), Ok("al".into()));
    assert_eq!(fs.set_len("/src/main.rs", 0), Ok(()));
    assert_eq!(fs.stat("/src/main.rs").map(|m| m.len), Ok(0));
    assert_eq!(t.read("a.txt"), Some("alpha\n".into()));
}

#[test]
fn whiteouts() {
    let (t, fs) = setup();
    assert_eq!(fs.remove_file("/a.txt"), Ok(()));
    assert_eq!(fs.stat("/a.txt"), Err(FsError::NotFound));
    assert_eq!(fs.remove_file("/a.txt"), Err(FsError::NotFound));
    assert!(!names(&fs, "/").contains(&"a.txt".to_string()));
    assert_eq!(fs.write_file("/a.txt", b"again", WriteMode::CreateNew), Ok(()));
    assert_eq!(r(&fs, "/a.txt"), Ok("again".into()));
    assert_eq!(fs.remove_file("/a.txt"), Ok(()));
    assert_eq!(fs.stat("/a.txt"), Err(FsError::NotFound));
    assert_eq!(t.read("a.txt"), Some("alpha\n".into()));
}

#[test]
fn mkdir_over_removed_host_dir_is_opaque() {
    let (_t, fs) = setup();
    assert_eq!(fs.remove_dir("/src/lib"), Err(FsError::NotEmpty));
    assert_eq!(fs.remove_file("/src/lib/mod.rs"), Ok(()));
    assert_eq!(fs.remove_dir("/src/lib"), Ok(()));
    assert_eq!(fs.mkdir("/src/lib", false), Ok(()));
    assert_eq!(names(&fs, "/src/lib"), Vec::<String>::new());
    assert_eq!(fs.remove_dir("/src/lib"), Ok(()));
    assert_eq!(fs.stat("/src/lib"), Err(FsError::NotFound));
    assert_eq!(names(&fs, "/src"), ["main.rs"]);
}

#[test]
fn errors_like_linux() {
    let (_t, fs) = setup();
    assert_eq!(fs.mkdir("/src", false), Err(FsError::Exists));
    assert_eq!(fs.mkdir("/x/y", false), Err(FsError::NotFound));
    assert_eq!(fs.write_file("/src", b"", WriteMode::Truncate), Err(FsError::IsDir));
    assert_eq!(fs.write_file("/a.txt", b"", WriteMode::CreateNew), Err(FsError::Exists));
    assert_eq!(fs.remove_file("/src"), Err(FsError::IsDir));
    assert_eq!(fs.remove_dir("/a.txt"), Err(FsError::NotDir));
    assert_eq!(fs.remove_dir("/"), Err(FsError::Invalid));
    assert_eq!(fs.read_dir("/a.txt"), Err(FsError::NotDir));
    assert_eq!(fs.read_link("/a.txt"), Err(FsError::Invalid));
    assert_eq!(fs.hard_link("/src", "/s2"), Err(FsError::PermissionDenied));
    assert_eq!(fs.symlink("x", "/a.txt"), Err(FsError::Exists));
}

#[test]
fn rename_semantics() {
    let (_t, fs) = setup();
    assert_eq!(fs.rename("/a.txt", "/src/main.rs"), Ok(()));
    assert_eq!(r(&fs, "/src/main.rs"), Ok("alpha\n".into()));
    assert_eq!(fs.stat("/a.txt"), Err(FsError::NotFound));
    assert_eq!(fs.rename("/src", "/empty"), Ok(()));
    assert_eq!(names(&fs, "/empty"), ["lib", "main.rs"]);
    assert_eq!(r(&fs, "/empty/lib/mod.rs"), Ok("// mod\n".into()));
    assert_eq!(fs.stat("/src"), Err(FsError::NotFound));
    assert_eq!(fs.rename("/empty/lib", "/lib2"), Ok(()));
    assert_eq!(r(&fs, "/lib2/mod.rs"), Ok("// mod\n".into()));
    assert_eq!(fs.rename("/empty", "/empty/lib3"), Err(FsError::Invalid));
    assert_eq!(fs.mkdir("/d", false), Ok(()));
    assert_eq!(fs.rename("/d", "/lib2"), Err(FsError::NotEmpty));
    assert_eq!(fs.rename("/lib2/mod.rs", "/d"), Err(FsError::IsDir));
    assert_eq!(fs.rename("/d", "/lib2/mod.rs"), Err(FsError::NotDir));
    assert_eq!(fs.rename("/zz", "/d"), Err(FsError::NotFound));
    assert_eq!(fs.rename("/rel_link", "/d/l"), Ok(()));
    assert_eq!(fs.read_link("/d/l"), Ok("src/main.rs".into()));
}

#[test]
fn rename_twice_and_back() {
    let (_t, fs) = setup();
    assert_eq!(fs.rename("/src", "/a"), Ok(()));
    assert_eq!(fs.rename("/a", "/b"), Ok(()));
    assert_eq!(fs.write_file("/b/new", b"n", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.rename("/b", "/src"), Ok(()));
    assert_eq!(names(&fs, "/src"), ["lib", "main.rs", "new"]);
    assert_eq!(names(&fs, "/"), ["a.txt", "empty", "rel_link", "src"]);
}

#[test]
fn chmod_touch_copy_up_metadata_only() {
    let (t, fs) = setup();
    assert_eq!(fs.set_mode("/a.txt", 0o755), Ok(()));
    assert_eq!(fs.stat("/a.txt").map(|m| (m.mode, m.len)), Ok((0o755, 6)));
    let when = UNIX_EPOCH + Duration::from_secs(86_400);
    assert_eq!(fs.set_mtime("/rel_link", when), Ok(()));
    assert_eq!(fs.stat("/src/main.rs").map(|m| m.mtime), Ok(when));
    assert_eq!(r(&fs, "/a.txt"), Ok("alpha\n".into()));
    assert_ne!(t.snapshot().iter().find(|l| l.starts_with("/a.txt")).map(|l| l.contains(" 100755 ")), Some(true));
}

#[test]
fn escaping_symlinks_stay_inside() {
    let (t, fs) = setup();
    t.symlink("/etc/passwd", "abs_esc");
    t.symlink("../../../../../../../../etc/passwd", "rel_esc");
    t.symlink("/etc", "dir_esc");
    t.symlink("/", "root_link");
    for p in ["/abs_esc", "/rel_esc", "/dir_esc/passwd", "/root_link/etc/passwd"] {
        assert_eq!(fs.read_file(p), Err(FsError::NotFound), "{p}");
        assert_eq!(fs.stat(p), Err(FsError::NotFound), "{p}");
    }
    assert_eq!(fs.canonicalize("/root_link"), Ok("/".into()));
    assert_eq!(names(&fs, "/root_link/src"), ["lib", "main.rs"]);
    t.write("etc/passwd", "inside-only\n");
    for p in ["/abs_esc", "/rel_esc", "/dir_esc/passwd", "/root_link/etc/passwd"] {
        assert_eq!(r(&fs, p), Ok("inside-only\n".into()), "{p}");
    }
    assert_eq!(fs.canonicalize("/rel_esc"), Ok("/etc/passwd".into()));
    assert_eq!(fs.write_file("/abs_esc", b"w", WriteMode::Truncate), Ok(()));
    assert_eq!(t.read("etc/passwd"), Some("inside-only\n".into()));
}

#[test]
fn host_symlink_loop() {
    let (t, fs) = setup();
    t.symlink("loop2", "loop1");
    t.symlink("loop1", "loop2");
    assert_eq!(fs.stat("/loop1"), Err(FsError::Loop));
    assert_eq!(fs.lstat("/loop1").map(|m| m.file_type), Ok(FileType::Symlink));
}

#[test]
fn limits_apply_to_upper() {
    let t = TempDir::new("ovl-lim");
    t.write("big", &"x".repeat(100));
    let fs = ok(OverlayFs::new(t.buf(), FsLimits { max_bytes: 50, max_files: 3, max_file_size: 40 }));
    assert_eq!(fs.write_file("/big", b"y", WriteMode::Append), Err(FsError::NoSpace));
    assert_eq!(fs.write_file("/f", &[b'a'; 41], WriteMode::Truncate), Err(FsError::NoSpace));
    assert_eq!(fs.write_file("/f", &[b'a'; 30], WriteMode::Truncate), Ok(()));
    assert_eq!(fs.write_file("/g", &[b'a'; 30], WriteMode::Truncate), Err(FsError::NoSpace));
    assert_eq!(fs.stat("/g"), Err(FsError::NotFound));
    assert_eq!(fs.mkdir("/d1", false), Ok(()));
    assert_eq!(fs.mkdir("/d2", false), Ok(()));
    assert_eq!(fs.mkdir("/d3", false), Err(FsError::NoSpace));
    assert_eq!(fs.remove_file("/big"), Ok(()));
    assert_eq!(fs.remove_file("/f"), Ok(()));
    assert_eq!(fs.mkdir("/d3", false), Ok(()));
    assert_eq!(t.read("big").map(|s| s.len()), Some(100));
}

#[test]
fn unreadable_host_file() {
    use std::os::unix::fs::PermissionsExt;
    let (t, fs) = setup();
    t.write("secret", "s");
    let p = t.path().join("secret");
    let _ = std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o000));
    if std::fs::read(&p).is_err() {
        assert_eq!(fs.read_file("/secret"), Err(FsError::PermissionDenied));
    }
    let _ = std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o644));
}

#[test]
fn missing_host_root() {
    let t = TempDir::new("ovl-missing");
    assert_eq!(OverlayFs::new(t.path().join("none"), FsLimits::default()).map(drop), Err(FsError::NotFound));
    t.write("file", "");
    assert_eq!(OverlayFs::new(t.path().join("file"), FsLimits::default()).map(drop), Err(FsError::NotDir));
}
