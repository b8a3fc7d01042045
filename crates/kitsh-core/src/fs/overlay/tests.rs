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

/// A cancellation check that never fires, so FIFO opens wait for the other side.
fn never() -> Option<fifo::Watch> {
    Some(Arc::new(|| false))
}

/// Write `data` into the FIFO `p` from another thread while this one reads it to the end.
fn through_fifo(fs: &Arc<OverlayFs>, writer_path: &str, reader_path: &str, data: &'static [u8]) -> Vec<u8> {
    use std::io::Write;
    let fs2 = Arc::clone(fs);
    let wp = writer_path.to_string();
    let t = std::thread::spawn(move || match fs2.open_fifo(&wp, true, never()) {
        Ok(FifoEnd::Writer(mut w)) => w.write_all(data).is_ok(),
        _ => false,
    });
    let mut got = Vec::new();
    match fs.open_fifo(reader_path, false, never()) {
        Ok(FifoEnd::Reader(mut rd)) => assert!(rd.read_to_end(&mut got).is_ok()),
        _ => unreachable!("no reader"),
    }
    assert_eq!(t.join().ok(), Some(true));
    got
}

#[test]
fn fifo_create_stat_list_remove() {
    let (t, fs) = setup();
    let before = t.snapshot();
    let used = fs.quota.used_files();
    assert_eq!(fs.mkfifo("/p", 0o640), Ok(()));
    assert_eq!(fs.quota.used_files(), used + 1);
    let m = ok(fs.stat("/p"));
    assert_eq!((m.file_type, m.mode, m.len, m.nlink, m.uid), (FileType::Fifo, 0o640, 0, 1, crate::fs::USER_UID));
    assert_eq!(fs.lstat("/p").map(|m| m.file_type), Ok(FileType::Fifo));
    assert_eq!(fs.mkfifo("/p", 0o600), Err(FsError::Exists));
    assert_eq!(fs.mkfifo("/a.txt", 0o600), Err(FsError::Exists));
    assert_eq!(fs.mkfifo("/nodir/p", 0o600), Err(FsError::NotFound));
    assert_eq!(fs.mkfifo("/src/lib/p2", 0o7777 | 0o10000), Ok(()));
    assert_eq!(fs.stat("/src/lib/p2").map(|m| m.mode), Ok(0o7777));
    let entries = ok(fs.read_dir("/"));
    assert!(entries.iter().any(|e| e.name == "p" && e.file_type == FileType::Fifo));
    assert_eq!(fs.read_file("/p"), Err(FsError::Unsupported));
    assert_eq!(fs.set_mode("/p", 0o600), Ok(()));
    assert_eq!(fs.stat("/p").map(|m| m.mode), Ok(0o600));
    assert_eq!(fs.rename("/p", "/src/q"), Ok(()));
    assert_eq!(fs.stat("/p"), Err(FsError::NotFound));
    assert_eq!(fs.stat("/src/q").map(|m| (m.file_type, m.ino)), Ok((FileType::Fifo, m.ino)));
    assert_eq!(fs.remove_file("/src/q"), Ok(()));
    assert_eq!(fs.stat("/src/q"), Err(FsError::NotFound));
    assert!(!names(&fs, "/src").contains(&"q".to_string()));
    assert_eq!(fs.remove_file("/src/lib/p2"), Ok(()));
    assert_eq!(fs.quota.used_files(), used);
    assert_eq!(t.snapshot(), before);
}

#[test]
fn fifo_open_reader_and_writer_meet() {
    let (_t, fs) = setup();
    let fs = Arc::new(fs);
    assert_eq!(fs.mkfifo("/p", 0o644), Ok(()));
    assert_eq!(through_fifo(&fs, "/p", "/p", b"hello\n"), b"hello\n");
    // Through a symlink and a hard link: the same pipe.
    assert_eq!(fs.symlink("p", "/sp"), Ok(()));
    assert_eq!(fs.hard_link("/p", "/hp"), Ok(()));
    assert_eq!(fs.stat("/hp").map(|m| (m.file_type, m.nlink)), Ok((FileType::Fifo, 2)));
    assert_eq!(through_fifo(&fs, "/sp", "/hp", b"again"), b"again");
    // No waiting without a cancellation check; not a FIFO: refused.
    assert!(matches!(fs.open_fifo("/p", false, None), Err(FsError::Unsupported)));
    assert!(matches!(fs.open_fifo("/a.txt", false, never()), Err(FsError::Invalid)));
    assert!(matches!(fs.open_fifo("/src", true, never()), Err(FsError::IsDir)));
    assert!(matches!(fs.open_fifo("/none", true, never()), Err(FsError::NotFound)));
    // A cancelled open returns.
    let cancelled: fifo::Watch = Arc::new(|| true);
    assert!(matches!(fs.open_fifo("/p", true, Some(cancelled)), Err(FsError::Interrupted)));
}

#[test]
fn fifo_open_read_waits_for_a_writer() {
    use std::io::Write;
    let (_t, fs) = setup();
    let fs = Arc::new(fs);
    assert_eq!(fs.mkfifo("/p", 0o644), Ok(()));
    let fs2 = Arc::clone(&fs);
    let t = std::thread::spawn(move || match fs2.open_fifo("/p", true, never()) {
        Ok(FifoEnd::Writer(mut w)) => w.write_all(b"x").is_ok(),
        _ => false,
    });
    fifo::set_current_watch(never());
    let mut s = String::new();
    assert!(fs.open_read("/p").map(|mut rd| rd.read_to_string(&mut s)).is_ok());
    fifo::set_current_watch(None);
    assert_eq!(t.join().ok(), Some(true));
    assert_eq!(s, "x");
}

#[test]
fn fifo_quota() {
    let t = TempDir::new("ovl-fifo-lim");
    let fs = ok(OverlayFs::new(t.buf(), FsLimits { max_bytes: 50, max_files: 1, max_file_size: 40 }));
    assert_eq!(fs.mkfifo("/p", 0o644), Ok(()));
    assert_eq!(fs.mkfifo("/q", 0o644), Err(FsError::NoSpace));
    assert_eq!(fs.stat("/q"), Err(FsError::NotFound));
    assert_eq!(fs.remove_file("/p"), Ok(()));
    assert_eq!(fs.mkfifo("/q", 0o644), Ok(()));
}

#[test]
fn host_fifo_opens_in_memory() {
    let (t, fs) = setup();
    let made = std::process::Command::new("mkfifo").arg(t.path().join("hp")).status().is_ok_and(|s| s.success());
    if !made {
        return;
    }
    let fs = Arc::new(fs);
    assert_eq!(fs.stat("/hp").map(|m| m.file_type), Ok(FileType::Fifo));
    assert_eq!(fs.read_file("/hp"), Err(FsError::Unsupported));
    assert_eq!(through_fifo(&fs, "/hp", "/hp", b"in memory"), b"in memory");
    assert_eq!(fs.rename("/hp", "/moved"), Ok(()));
    assert_eq!(fs.stat("/moved").map(|m| m.file_type), Ok(FileType::Fifo));
    assert_eq!(through_fifo(&fs, "/moved", "/moved", b"moved"), b"moved");
    assert_eq!(fs.set_mode("/moved", 0o600), Ok(()));
    assert_eq!(fs.stat("/moved").map(|m| m.mode), Ok(0o600));
}

#[test]
fn hard_link_shares_the_node() {
    let (t, fs) = setup();
    let before = t.snapshot();
    assert_eq!(fs.write_file("/f", b"one", WriteMode::Truncate), Ok(()));
    let (bytes, files) = (fs.quota.used_bytes(), fs.quota.used_files());
    assert_eq!(fs.hard_link("/f", "/src/g"), Ok(()));
    assert_eq!((fs.quota.used_bytes(), fs.quota.used_files()), (bytes, files + 1));
    let (mf, mg) = (ok(fs.stat("/f")), ok(fs.stat("/src/g")));
    assert_eq!(mf.ino, mg.ino);
    assert_eq!((mf.nlink, mg.nlink), (2, 2));
    assert_eq!(fs.hard_link("/f", "/src/g"), Err(FsError::Exists));
    // Writes, appends, truncation and chmod through one name show through the other.
    assert_eq!(fs.write_file("/src/g", b"two", WriteMode::Truncate), Ok(()));
    assert_eq!(r(&fs, "/f"), Ok("two".into()));
    assert_eq!(fs.write_file("/f", b"+", WriteMode::Append), Ok(()));
    assert_eq!(fs.write_at("/f", 0, b"T"), Ok(()));
    assert_eq!(r(&fs, "/src/g"), Ok("Two+".into()));
    assert_eq!(fs.set_len("/src/g", 1), Ok(()));
    assert_eq!(r(&fs, "/f"), Ok("T".into()));
    assert_eq!(fs.set_mode("/f", 0o600), Ok(()));
    assert_eq!(fs.stat("/src/g").map(|m| (m.mode, m.len)), Ok((0o600, 1)));
    assert_eq!(fs.quota.used_bytes(), bytes - 2);
    // A third name, renamed: still the same node.
    assert_eq!(fs.hard_link("/src/g", "/h"), Ok(()));
    assert_eq!(fs.rename("/h", "/empty/h"), Ok(()));
    assert_eq!(fs.stat("/empty/h").map(|m| (m.ino, m.nlink)), Ok((mf.ino, 3)));
    // Renaming one name onto another of the same node does nothing.
    assert_eq!(fs.rename("/empty/h", "/f"), Ok(()));
    assert_eq!(fs.stat("/empty/h").map(|m| m.nlink), Ok(3));
    // Removing names keeps the node for the others.
    assert_eq!(fs.remove_file("/f"), Ok(()));
    assert_eq!(fs.stat("/src/g").map(|m| m.nlink), Ok(2));
    assert_eq!(fs.rename("/a.txt", "/empty/h"), Ok(()));
    assert_eq!(r(&fs, "/empty/h"), Ok("alpha\n".into()));
    let g = ok(fs.stat("/src/g"));
    assert_eq!((g.ino, g.nlink), (mf.ino, 1));
    assert_eq!(r(&fs, "/src/g"), Ok("T".into()));
    assert_eq!(fs.remove_file("/src/g"), Ok(()));
    assert_eq!(fs.stat("/src/g"), Err(FsError::NotFound));
    assert_eq!(t.snapshot(), before);
}

#[test]
fn hard_link_of_a_host_file_copies_it_up_once() {
    let (t, fs) = setup();
    let before = t.snapshot();
    let host = ok(fs.stat("/src/main.rs"));
    assert_eq!(fs.hard_link("/src/main.rs", "/m"), Ok(()));
    let (a, b) = (ok(fs.stat("/src/main.rs")), ok(fs.stat("/m")));
    assert_eq!((a.ino, b.ino, a.nlink, b.nlink), (host.ino, host.ino, 2, 2));
    assert_eq!(r(&fs, "/m"), Ok("fn main() {}\n".into()));
    assert_eq!(fs.write_file("/m", b"// x\n", WriteMode::Append), Ok(()));
    assert_eq!(r(&fs, "/src/main.rs"), Ok("fn main() {}\n// x\n".into()));
    assert_eq!(fs.hard_link("/m", "/m2"), Ok(()));
    assert_eq!(fs.stat("/src/main.rs").map(|m| m.nlink), Ok(3));
    assert_eq!(fs.remove_file("/src/main.rs"), Ok(()));
    assert_eq!(fs.stat("/src/main.rs"), Err(FsError::NotFound));
    assert_eq!(names(&fs, "/src"), ["lib"]);
    assert_eq!(r(&fs, "/m2"), Ok("fn main() {}\n// x\n".into()));
    assert_eq!(fs.stat("/m").map(|m| m.nlink), Ok(2));
    // A host symlink is linked as itself.
    assert_eq!(fs.hard_link("/rel_link", "/l2"), Ok(()));
    assert_eq!(fs.read_link("/l2"), Ok("src/main.rs".into()));
    assert_eq!(fs.lstat("/l2").map(|m| (m.file_type, m.nlink)), Ok((FileType::Symlink, 2)));
    assert_eq!(t.snapshot(), before);
    assert_eq!(t.read("src/main.rs"), Some("fn main() {}\n".into()));
}

#[test]
fn hard_link_quota() {
    let t = TempDir::new("ovl-link-lim");
    t.write("h", "host");
    let fs = ok(OverlayFs::new(t.buf(), FsLimits { max_bytes: 50, max_files: 3, max_file_size: 40 }));
    assert_eq!(fs.write_file("/f", &[b'a'; 30], WriteMode::Truncate), Ok(()));
    assert_eq!(fs.hard_link("/f", "/g"), Ok(()));
    assert_eq!((fs.quota.used_bytes(), fs.quota.used_files()), (30, 2));
    // Copying the host file up and naming it again needs two names.
    assert_eq!(fs.hard_link("/h", "/h2"), Err(FsError::NoSpace));
    assert_eq!(fs.stat("/h").map(|m| m.nlink), Ok(1));
    assert_eq!(fs.stat("/h2"), Err(FsError::NotFound));
    assert_eq!(fs.remove_file("/f"), Ok(()));
    assert_eq!((fs.quota.used_bytes(), fs.quota.used_files()), (30, 1));
    assert_eq!(fs.remove_file("/g"), Ok(()));
    assert_eq!((fs.quota.used_bytes(), fs.quota.used_files()), (0, 0));
    assert_eq!(fs.hard_link("/h", "/h2"), Ok(()));
    assert_eq!(fs.quota.used_files(), 2);
}
