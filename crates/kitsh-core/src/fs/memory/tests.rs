//! Tests of [`MemoryFs`].

use super::*;
use crate::fs::{FileType, FsLimits};
use std::time::{Duration, Instant, UNIX_EPOCH};

fn fs() -> MemoryFs {
    MemoryFs::standard(Quota::new(FsLimits::default()), "/home/user")
}

fn w(fs: &MemoryFs, p: &str, d: &str) {
    assert_eq!(fs.write_file(p, d.as_bytes(), WriteMode::Truncate), Ok(()), "write {p}");
}

fn r(fs: &MemoryFs, p: &str) -> FsResult<String> {
    fs.read_file(p).map(|v| String::from_utf8_lossy(&v).into_owned())
}

fn names(fs: &MemoryFs, p: &str) -> Vec<String> {
    fs.read_dir(p).map(|v| v.into_iter().map(|e| e.name).collect()).unwrap_or_default()
}

#[test]
fn standard_layout() {
    let fs = fs();
    assert_eq!(names(&fs, "/"), ["bin", "dev", "etc", "home", "tmp", "usr"]);
    assert_eq!(fs.stat("/tmp").map(|m| m.mode), Ok(0o1777));
    assert_eq!(fs.stat("/home/user").map(|m| (m.uid, m.file_type)), Ok((1000, FileType::Dir)));
    assert!(r(&fs, "/etc/passwd").unwrap_or_default().contains("user:x:1000:1000"));
    assert_eq!(fs.stat("/dev/null").map(|m| m.file_type), Ok(FileType::CharDevice));
    assert_eq!(fs.stat("/dev/fd").map(|m| m.file_type), Ok(FileType::Dir));
    assert_eq!(fs.stat("/usr/bin").map(|m| m.file_type), Ok(FileType::Dir));
}

#[test]
fn custom_home() {
    let fs = MemoryFs::standard(Quota::new(FsLimits::default()), "/work/me");
    assert_eq!(fs.stat("/work/me").map(|m| m.uid), Ok(1000));
    assert_eq!(fs.stat("/work").map(|m| m.uid), Ok(0));
}

#[test]
fn creation_is_cheap() {
    let start = Instant::now();
    for _ in 0..1000 {
        std::hint::black_box(MemoryFs::standard(Quota::new(FsLimits::default()), "/home/user"));
    }
    assert!(start.elapsed() < Duration::from_millis(50));
}

#[test]
fn write_read_append() {
    let fs = fs();
    w(&fs, "/tmp/a", "hello");
    assert_eq!(fs.write_file("/tmp/a", b" world", WriteMode::Append), Ok(()));
    assert_eq!(r(&fs, "/tmp/a"), Ok("hello world".into()));
    w(&fs, "/tmp/a", "x");
    assert_eq!(r(&fs, "/tmp/a"), Ok("x".into()));
    assert_eq!(fs.stat("/tmp/a").map(|m| (m.len, m.mode, m.uid)), Ok((1, 0o644, 1000)));
}

#[test]
fn create_new() {
    let fs = fs();
    assert_eq!(fs.write_file("/tmp/n", b"1", WriteMode::CreateNew), Ok(()));
    assert_eq!(fs.write_file("/tmp/n", b"2", WriteMode::CreateNew), Err(FsError::Exists));
    assert_eq!(fs.write_file("/dev/null", b"2", WriteMode::CreateNew), Ok(()));
    assert_eq!(fs.write_file("/tmp", b"2", WriteMode::CreateNew), Err(FsError::IsDir));
    assert_eq!(fs.symlink("nowhere", "/tmp/dl"), Ok(()));
    assert_eq!(fs.write_file("/tmp/dl", b"2", WriteMode::CreateNew), Err(FsError::Exists));
}

#[test]
fn write_errors() {
    let fs = fs();
    assert_eq!(fs.write_file("/tmp", b"", WriteMode::Truncate), Err(FsError::IsDir));
    assert_eq!(fs.write_file("/nope/x", b"", WriteMode::Truncate), Err(FsError::NotFound));
    w(&fs, "/tmp/f", "");
    assert_eq!(fs.write_file("/tmp/f/x", b"", WriteMode::Truncate), Err(FsError::NotDir));
    assert_eq!(fs.write_file("/tmp/f/", b"", WriteMode::Truncate), Err(FsError::NotDir));
    assert_eq!(fs.write_file("/tmp/new/", b"", WriteMode::Truncate), Err(FsError::IsDir));
    assert_eq!(fs.read_file("/tmp/f/"), Err(FsError::NotDir));
    assert_eq!(fs.read_file("/tmp"), Err(FsError::IsDir));
    assert_eq!(fs.read_file("/tmp/none"), Err(FsError::NotFound));
    let long = format!("/tmp/{}", "a".repeat(256));
    assert_eq!(fs.write_file(&long, b"", WriteMode::Truncate), Err(FsError::NameTooLong));
}

#[test]
fn write_at_and_set_len() {
    let fs = fs();
    w(&fs, "/tmp/f", "abc");
    assert_eq!(fs.write_at("/tmp/f", 5, b"xy"), Ok(()));
    assert_eq!(fs.read_file("/tmp/f"), Ok(b"abc\0\0xy".to_vec()));
    assert_eq!(fs.write_at("/tmp/f", 1, b"Z"), Ok(()));
    assert_eq!(fs.set_len("/tmp/f", 2), Ok(()));
    assert_eq!(r(&fs, "/tmp/f"), Ok("aZ".into()));
    assert_eq!(fs.set_len("/tmp/f", 4), Ok(()));
    assert_eq!(fs.read_file("/tmp/f"), Ok(b"aZ\0\0".to_vec()));
    assert_eq!(fs.write_at("/tmp/none", 0, b"x"), Err(FsError::NotFound));
    assert_eq!(fs.write_at("/tmp/f", u64::MAX, b"x"), Err(FsError::NoSpace));
    let mut buf = [0u8; 3];
    assert_eq!(fs.read_at("/tmp/f", 1, &mut buf), Ok(3));
    assert_eq!(fs.read_at("/tmp/f", 10, &mut buf), Ok(0));
}

#[test]
fn reader_is_a_snapshot() {
    let fs = fs();
    w(&fs, "/tmp/f", "old");
    let mut rd = fs.open_read("/tmp/f").unwrap_or_else(|_| Box::new(std::io::empty()));
    w(&fs, "/tmp/f", "new!");
    let mut s = String::new();
    assert!(rd.read_to_string(&mut s).is_ok());
    assert_eq!(s, "old");
}

#[test]
fn mkdir_semantics() {
    let fs = fs();
    assert_eq!(fs.mkdir("/tmp/d", false), Ok(()));
    assert_eq!(fs.mkdir("/tmp/d", false), Err(FsError::Exists));
    assert_eq!(fs.mkdir("/tmp/x/y", false), Err(FsError::NotFound));
    assert_eq!(fs.mkdir("/tmp/x/y/z", true), Ok(()));
    assert_eq!(fs.mkdir("/tmp/x/y/z", true), Ok(()));
    assert_eq!(fs.mkdir("/tmp/d/", false), Err(FsError::Exists));
    assert_eq!(fs.mkdir("/tmp/e/", false), Ok(()));
    w(&fs, "/tmp/f", "");
    assert_eq!(fs.mkdir("/tmp/f", true), Err(FsError::Exists));
    assert_eq!(fs.mkdir("/tmp/f/x", true), Err(FsError::NotDir));
    assert_eq!(fs.mkdir("/tmp/f/x", false), Err(FsError::NotDir));
    assert_eq!(fs.mkdir("/", false), Err(FsError::Exists));
    assert_eq!(fs.stat("/tmp/x").map(|m| m.nlink), Ok(3));
}

#[test]
fn remove_semantics() {
    let fs = fs();
    fs.mkdir("/tmp/d/e", true).unwrap_or_default();
    w(&fs, "/tmp/d/f", "1");
    assert_eq!(fs.remove_dir("/tmp/d"), Err(FsError::NotEmpty));
    assert_eq!(fs.remove_file("/tmp/d"), Err(FsError::IsDir));
    assert_eq!(fs.remove_dir("/tmp/d/f"), Err(FsError::NotDir));
    assert_eq!(fs.remove_file("/tmp/d/f"), Ok(()));
    assert_eq!(fs.remove_file("/tmp/d/f"), Err(FsError::NotFound));
    assert_eq!(fs.remove_dir("/tmp/d/e/"), Ok(()));
    assert_eq!(fs.remove_dir("/tmp/d/."), Err(FsError::Invalid));
    assert_eq!(fs.remove_dir("/tmp/d/.."), Err(FsError::NotEmpty));
    assert_eq!(fs.remove_dir("/"), Err(FsError::Invalid));
    assert_eq!(fs.remove_dir("/tmp/d"), Ok(()));
    assert_eq!(names(&fs, "/tmp"), Vec::<String>::new());
}

#[test]
fn rmdir_symlink_to_dir_with_slash() {
    let fs = fs();
    fs.mkdir("/tmp/dd", false).unwrap_or_default();
    fs.symlink("dd", "/tmp/ld").unwrap_or_default();
    assert_eq!(fs.remove_dir("/tmp/ld/"), Err(FsError::NotDir));
    assert_eq!(fs.remove_file("/tmp/ld"), Ok(()));
    assert!(fs.stat("/tmp/dd").is_ok());
}

#[test]
fn read_dir_sorted_with_types() {
    let fs = fs();
    w(&fs, "/tmp/b", "");
    fs.mkdir("/tmp/a", false).unwrap_or_default();
    fs.symlink("b", "/tmp/c").unwrap_or_default();
    w(&fs, "/tmp/B", "");
    let got = fs.read_dir("/tmp").unwrap_or_default();
    let v: Vec<(&str, FileType)> = got.iter().map(|e| (e.name.as_str(), e.file_type)).collect();
    assert_eq!(v, [("B", FileType::File), ("a", FileType::Dir), ("b", FileType::File), ("c", FileType::Symlink)]);
    assert_eq!(fs.read_dir("/tmp/b"), Err(FsError::NotDir));
    assert_eq!(fs.read_dir("/tmp/c"), Err(FsError::NotDir));
}

#[test]
fn symlinks_relative_and_absolute() {
    let fs = fs();
    fs.mkdir("/tmp/d/sub", true).unwrap_or_default();
    w(&fs, "/tmp/d/sub/f", "data");
    fs.symlink("d/sub", "/tmp/rel").unwrap_or_default();
    fs.symlink("/tmp/d/sub/f", "/tmp/abs").unwrap_or_default();
    assert_eq!(r(&fs, "/tmp/rel/f"), Ok("data".into()));
    assert_eq!(r(&fs, "/tmp/abs"), Ok("data".into()));
    assert_eq!(fs.lstat("/tmp/abs").map(|m| (m.file_type, m.len)), Ok((FileType::Symlink, 12)));
    assert_eq!(fs.stat("/tmp/abs").map(|m| m.file_type), Ok(FileType::File));
    assert_eq!(fs.read_link("/tmp/rel"), Ok("d/sub".into()));
    assert_eq!(fs.read_link("/tmp/d"), Err(FsError::Invalid));
    assert_eq!(fs.canonicalize("/tmp/rel/f"), Ok("/tmp/d/sub/f".into()));
    assert_eq!(fs.canonicalize("/tmp/rel"), Ok("/tmp/d/sub".into()));
    assert_eq!(fs.canonicalize("/tmp/rel/../.."), Ok("/tmp".into()));
    assert_eq!(fs.canonicalize("/"), Ok("/".into()));
}

#[test]
fn dotdot_after_symlink_is_physical() {
    let fs = fs();
    fs.mkdir("/tmp/a/b", true).unwrap_or_default();
    w(&fs, "/tmp/a/marker", "m");
    fs.symlink("/tmp/a/b", "/tmp/l").unwrap_or_default();
    assert_eq!(r(&fs, "/tmp/l/../marker"), Ok("m".into()));
}

#[test]
fn symlink_loops() {
    let fs = fs();
    fs.symlink("l2", "/tmp/l1").unwrap_or_default();
    fs.symlink("l1", "/tmp/l2").unwrap_or_default();
    fs.symlink("self", "/tmp/self").unwrap_or_default();
    assert_eq!(fs.stat("/tmp/l1"), Err(FsError::Loop));
    assert_eq!(fs.read_file("/tmp/self/x"), Err(FsError::Loop));
    assert_eq!(fs.lstat("/tmp/l1").map(|m| m.file_type), Ok(FileType::Symlink));
    assert_eq!(fs.write_file("/tmp/self", b"", WriteMode::Truncate), Err(FsError::Loop));
}

#[test]
fn forty_links_ok_fortyone_not() {
    let fs = fs();
    w(&fs, "/tmp/l0", "end");
    for i in 1..=41 {
        fs.symlink(&format!("l{}", i - 1), &format!("/tmp/l{i}")).unwrap_or_default();
    }
    assert_eq!(r(&fs, "/tmp/l40"), Ok("end".into()));
    assert_eq!(r(&fs, "/tmp/l41"), Err(FsError::Loop));
}

#[test]
fn dangling_symlink_write_creates_target() {
    let fs = fs();
    fs.symlink("target", "/tmp/dl").unwrap_or_default();
    assert_eq!(fs.stat("/tmp/dl"), Err(FsError::NotFound));
    w(&fs, "/tmp/dl", "hi");
    assert_eq!(r(&fs, "/tmp/target"), Ok("hi".into()));
    assert_eq!(fs.symlink("x", "/tmp/dl"), Err(FsError::Exists));
    assert_eq!(fs.mkdir("/tmp/dl", false), Err(FsError::Exists));
    assert_eq!(fs.symlink("", "/tmp/empty"), Err(FsError::NotFound));
}

#[test]
fn rename_semantics() {
    let fs = fs();
    w(&fs, "/tmp/a", "A");
    w(&fs, "/tmp/b", "B");
    assert_eq!(fs.rename("/tmp/a", "/tmp/b"), Ok(()));
    assert_eq!(r(&fs, "/tmp/b"), Ok("A".into()));
    assert_eq!(fs.stat("/tmp/a"), Err(FsError::NotFound));
    fs.mkdir("/tmp/d", false).unwrap_or_default();
    fs.mkdir("/tmp/e/x", true).unwrap_or_default();
    assert_eq!(fs.rename("/tmp/b", "/tmp/d"), Err(FsError::IsDir));
    assert_eq!(fs.rename("/tmp/d", "/tmp/b"), Err(FsError::NotDir));
    assert_eq!(fs.rename("/tmp/d", "/tmp/e"), Err(FsError::NotEmpty));
    assert_eq!(fs.rename("/tmp/e", "/tmp/d"), Ok(()));
    assert_eq!(fs.stat("/tmp/d/x").map(|m| m.file_type), Ok(FileType::Dir));
    assert_eq!(fs.canonicalize("/tmp/d/x"), Ok("/tmp/d/x".into()));
    assert_eq!(fs.rename("/tmp/d", "/tmp/d/x/y"), Err(FsError::Invalid));
    assert_eq!(fs.rename("/tmp/none", "/tmp/z"), Err(FsError::NotFound));
    assert_eq!(fs.rename("/tmp/b", "/tmp/b"), Ok(()));
    assert_eq!(fs.rename("/tmp/b", "/tmp/d/x/moved"), Ok(()));
    assert_eq!(r(&fs, "/tmp/d/x/moved"), Ok("A".into()));
    assert_eq!(fs.rename("/tmp/d/x/moved/", "/tmp/q"), Err(FsError::NotDir));
}

#[test]
fn rename_symlink_moves_link_itself() {
    let fs = fs();
    fs.mkdir("/tmp/dir", false).unwrap_or_default();
    fs.symlink("dir", "/tmp/l").unwrap_or_default();
    assert_eq!(fs.rename("/tmp/l", "/tmp/l2"), Ok(()));
    assert_eq!(fs.read_link("/tmp/l2"), Ok("dir".into()));
    assert!(fs.stat("/tmp/dir").is_ok());
}

#[test]
fn hard_links_share_content() {
    let fs = fs();
    w(&fs, "/tmp/f", "one");
    assert_eq!(fs.hard_link("/tmp/f", "/tmp/g"), Ok(()));
    assert_eq!(fs.stat("/tmp/f").map(|m| m.nlink), Ok(2));
    assert_eq!(fs.stat("/tmp/f").map(|m| m.ino), fs.stat("/tmp/g").map(|m| m.ino));
    w(&fs, "/tmp/g", "two");
    assert_eq!(r(&fs, "/tmp/f"), Ok("two".into()));
    assert_eq!(fs.remove_file("/tmp/f"), Ok(()));
    assert_eq!(r(&fs, "/tmp/g"), Ok("two".into()));
    assert_eq!(fs.stat("/tmp/g").map(|m| m.nlink), Ok(1));
    assert_eq!(fs.hard_link("/tmp", "/tmp/t2"), Err(FsError::PermissionDenied));
    assert_eq!(fs.hard_link("/tmp/g", "/tmp/g"), Err(FsError::Exists));
    assert_eq!(fs.rename("/tmp/g", "/tmp/g"), Ok(()));
}

#[test]
fn modes_and_mtimes() {
    let fs = fs();
    w(&fs, "/tmp/f", "");
    assert_eq!(fs.set_mode("/tmp/f", 0o100755), Ok(()));
    assert_eq!(fs.stat("/tmp/f").map(|m| m.mode), Ok(0o755));
    let t = UNIX_EPOCH + Duration::from_secs(1_000_000);
    assert_eq!(fs.set_mtime("/tmp/f", t), Ok(()));
    assert_eq!(fs.stat("/tmp/f").map(|m| m.mtime), Ok(t));
    assert_eq!(fs.set_mode("/tmp/none", 0o644), Err(FsError::NotFound));
}

#[test]
fn inode_numbers_unique() {
    let fs = fs();
    w(&fs, "/tmp/a", "");
    w(&fs, "/tmp/b", "");
    assert_ne!(fs.stat("/tmp/a").map(|m| m.ino), fs.stat("/tmp/b").map(|m| m.ino));
    assert_eq!(fs.stat("/tmp/.").map(|m| m.ino), fs.stat("/tmp").map(|m| m.ino));
}

#[test]
fn devices() {
    let fs = fs();
    assert_eq!(fs.read_file("/dev/null"), Ok(Vec::new()));
    assert_eq!(fs.write_file("/dev/null", b"x", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.write_file("/dev/null", b"x", WriteMode::Append), Ok(()));
    assert_eq!(fs.read_file("/dev/zero"), Err(FsError::Invalid));
    assert_eq!(fs.write_file("/dev/full", b"x", WriteMode::Truncate), Err(FsError::NoSpace));
    let mut buf = vec![7u8; 1 << 16];
    let mut rd = fs.open_read("/dev/zero").unwrap_or_else(|_| Box::new(std::io::empty()));
    for _ in 0..4 {
        assert!(matches!(rd.read(&mut buf), Ok(n) if n == buf.len()));
    }
    assert!(buf.iter().all(|&b| b == 0));
    let mut rnd = [0u8; 16];
    assert_eq!(fs.read_at("/dev/urandom", 0, &mut rnd), Ok(16));
    assert_eq!(fs.stat("/dev/tty").map(|m| m.file_type), Ok(FileType::CharDevice));
    assert_eq!(fs.read_file("/dev/tty"), Err(FsError::Io));
    assert_eq!(fs.mknod("/tmp/mynull", DevKind::Null), Ok(()));
    assert_eq!(fs.read_file("/tmp/mynull"), Ok(Vec::new()));
}

#[test]
fn limits_bytes() {
    let fs = MemoryFs::new(FsLimits { max_bytes: 10, max_files: 100, max_file_size: 8 });
    assert_eq!(fs.write_file("/a", b"12345678", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.write_file("/b", b"123", WriteMode::Truncate), Err(FsError::NoSpace));
    assert_eq!(fs.stat("/b"), Err(FsError::NotFound));
    assert_eq!(fs.write_file("/a", b"9", WriteMode::Append), Err(FsError::NoSpace));
    assert_eq!(fs.read_file("/a"), Ok(b"12345678".to_vec()));
    assert_eq!(fs.write_at("/a", 8, b"9"), Err(FsError::NoSpace));
    assert_eq!(fs.set_len("/a", 100), Err(FsError::NoSpace));
    assert_eq!(fs.read_file("/a"), Ok(b"12345678".to_vec()));
    assert_eq!(fs.write_file("/a", b"1", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.write_file("/b", b"12345678", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.quota().used_bytes(), 9);
    assert_eq!(fs.remove_file("/b"), Ok(()));
    assert_eq!(fs.quota().used_bytes(), 1);
}

#[test]
fn limits_files() {
    let fs = MemoryFs::new(FsLimits { max_bytes: 100, max_files: 3, max_file_size: 100 });
    assert_eq!(fs.mkdir("/d", false), Ok(()));
    assert_eq!(fs.write_file("/d/a", b"", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.symlink("a", "/d/l"), Ok(()));
    assert_eq!(fs.write_file("/d/b", b"", WriteMode::Truncate), Err(FsError::NoSpace));
    assert_eq!(fs.mkdir("/e", false), Err(FsError::NoSpace));
    assert_eq!(fs.hard_link("/d/a", "/d/h"), Err(FsError::NoSpace));
    assert_eq!(fs.read_dir("/d").map(|v| v.len()), Ok(2));
    assert_eq!(fs.remove_file("/d/l"), Ok(()));
    assert_eq!(fs.write_file("/d/b", b"", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.quota().used_files(), 3);
}

#[test]
fn path_too_long() {
    let fs = fs();
    let p = "/a".repeat(3000);
    assert_eq!(fs.stat(&p), Err(FsError::NameTooLong));
}

#[test]
fn concurrent_writers() {
    let fs = Arc::new(fs());
    let handles: Vec<_> = (0..4)
        .map(|k| {
            let fs = Arc::clone(&fs);
            std::thread::spawn(move || {
                for i in 0..50 {
                    let _ = fs.write_file(&format!("/tmp/t{k}_{i}"), b"x", WriteMode::Truncate);
                }
            })
        })
        .collect();
    for h in handles {
        assert!(h.join().is_ok());
    }
    assert_eq!(fs.read_dir("/tmp").map(|v| v.len()), Ok(200));
}

#[test]
fn no_name_or_link_target_holds_a_nul_byte() {
    let fs = fs();
    assert_eq!(fs.mkdir("/tmp/a\0b", true), Err(FsError::Invalid));
    assert_eq!(fs.mkdir("/tmp/a\0b", false), Err(FsError::Invalid));
    assert_eq!(fs.write_file("/tmp/f\0", b"x", WriteMode::Truncate), Err(FsError::Invalid));
    assert_eq!(fs.symlink("t\0u", "/tmp/l"), Err(FsError::Invalid));
    assert_eq!(fs.stat("/tmp/\0"), Err(FsError::Invalid));
    assert_eq!(names(&fs, "/tmp"), Vec::<String>::new());
}
