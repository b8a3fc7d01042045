//! Tests of [`MountFs`]: dispatch, listing, cross-mount symlinks, busy mount points.

use super::*;
use crate::fs::testutil::{ok, TempDir};
use crate::fs::{FsLimits, HostFs, MemoryFs, OverlayFs, Quota};

fn mem() -> Arc<MemoryFs> {
    Arc::new(MemoryFs::standard(Quota::new(FsLimits::default()), "/home/user"))
}

fn overlay(t: &TempDir) -> Arc<OverlayFs> {
    Arc::new(ok(OverlayFs::new(t.buf(), FsLimits::default())))
}

fn host() -> TempDir {
    let t = TempDir::new("mnt");
    t.write("file", "host file\n");
    t.write("src/a.rs", "a\n");
    t
}

fn r(fs: &dyn FileSystem, p: &str) -> FsResult<String> {
    fs.read_file(p).map(|v| String::from_utf8_lossy(&v).into_owned())
}

fn names(fs: &dyn FileSystem, p: &str) -> Vec<String> {
    fs.read_dir(p).map(|v| v.into_iter().map(|e| e.name).collect()).unwrap_or_default()
}

fn table(t: &TempDir, at: &str) -> MountFs {
    let mut m = MountFs::new(mem());
    assert_eq!(m.mount(at, overlay(t)), Ok(()));
    m
}

#[test]
fn dispatch_and_listing() {
    let t = host();
    let fs = table(&t, "/proj");
    assert_eq!(r(&fs, "/proj/file"), Ok("host file\n".into()));
    assert_eq!(names(&fs, "/proj"), ["file", "src"]);
    assert!(names(&fs, "/").contains(&"proj".to_string()));
    assert_eq!(r(&fs, "/etc/passwd").map(|s| s.contains("user:x:1000")), Ok(true));
    assert_eq!(fs.stat("/proj").map(|m| m.file_type), Ok(FileType::Dir));
    assert_eq!(fs.canonicalize("/proj/src/../file"), Ok("/proj/file".into()));
    assert_eq!(fs.canonicalize("/proj/.."), Ok("/".into()));
    assert_eq!(fs.mount_points().collect::<Vec<_>>(), ["/proj"]);
}

#[test]
fn mount_at_own_path_under_tmp() {
    let t = host();
    let at = t.path().to_string_lossy().into_owned();
    let fs = table(&t, &at);
    assert_eq!(r(&fs, &format!("{at}/file")), Ok("host file\n".into()));
    assert!(names(&fs, "/tmp").iter().any(|n| at.contains(n.as_str())));
    t.symlink(&format!("{at}/src/a.rs"), "abs_self");
    assert_eq!(r(&fs, &format!("{at}/abs_self")), Ok("a\n".into()));
    assert_eq!(fs.write_file(&format!("{at}/new"), b"n", WriteMode::Truncate), Ok(()));
    assert_eq!(t.read("new"), None);
}

#[test]
fn host_symlink_to_etc_passwd_lands_in_virtual_root() {
    let t = host();
    t.symlink("/etc/passwd", "esc");
    t.symlink("../../../../../../../../../../etc/passwd", "esc_rel");
    t.symlink("/", "root");
    let fs = table(&t, "/proj");
    let virtual_passwd = r(&fs, "/etc/passwd");
    assert_eq!(r(&fs, "/proj/esc"), virtual_passwd);
    assert_eq!(r(&fs, "/proj/esc_rel"), virtual_passwd);
    assert_eq!(fs.canonicalize("/proj/esc"), Ok("/etc/passwd".into()));
    assert_eq!(names(&fs, "/proj/root"), names(&fs, "/"));
    assert_eq!(fs.write_file("/proj/esc", b"over", WriteMode::Truncate), Ok(()));
    assert_eq!(r(&fs, "/etc/passwd"), Ok("over".into()));
}

#[test]
fn memory_symlink_into_mount() {
    let t = host();
    let fs = table(&t, "/proj");
    assert_eq!(fs.symlink("/proj/src", "/home/user/s"), Ok(()));
    assert_eq!(r(&fs, "/home/user/s/a.rs"), Ok("a\n".into()));
    assert_eq!(fs.canonicalize("/home/user/s/a.rs"), Ok("/proj/src/a.rs".into()));
    assert_eq!(fs.lstat("/home/user/s").map(|m| m.file_type), Ok(FileType::Symlink));
    assert_eq!(fs.symlink("../../proj/file", "/home/user/f"), Ok(()));
    assert_eq!(r(&fs, "/home/user/f"), Ok("host file\n".into()));
}

#[test]
fn dangling_cross_mount_symlink_creates_in_target_mount() {
    let t = host();
    let fs = table(&t, "/proj");
    assert_eq!(fs.symlink("/proj/created", "/tmp/l"), Ok(()));
    assert_eq!(fs.write_file("/tmp/l", b"c", WriteMode::CreateNew), Err(FsError::Exists));
    assert_eq!(fs.write_file("/tmp/l", b"c", WriteMode::Truncate), Ok(()));
    assert_eq!(r(&fs, "/proj/created"), Ok("c".into()));
}

#[test]
fn cross_mount_rename_and_link() {
    let t = host();
    let fs = table(&t, "/proj");
    assert_eq!(fs.rename("/proj/file", "/tmp/file"), Err(FsError::CrossDevice));
    assert_eq!(fs.hard_link("/proj/file", "/tmp/file"), Err(FsError::CrossDevice));
    assert_eq!(fs.rename("/proj/file", "/proj/src/file"), Ok(()));
    assert_eq!(r(&fs, "/proj/src/file"), Ok("host file\n".into()));
    assert_eq!(t.read("file"), Some("host file\n".into()));
}

#[test]
fn mount_points_are_busy() {
    let t = host();
    let fs = table(&t, "/mnt/proj");
    assert_eq!(fs.remove_dir("/mnt/proj"), Err(FsError::Invalid));
    assert_eq!(fs.remove_dir("/mnt"), Err(FsError::NotEmpty));
    assert_eq!(fs.rename("/mnt", "/mnt2"), Err(FsError::Invalid));
    assert_eq!(fs.rename("/mnt/proj", "/tmp/p"), Err(FsError::Invalid));
    assert_eq!(fs.remove_file("/mnt/proj"), Err(FsError::IsDir));
    assert_eq!(fs.mkdir("/mnt/proj", false), Err(FsError::Exists));
}

#[test]
fn inodes_differ_between_mounts() {
    let t = host();
    let fs = table(&t, "/proj");
    let a = fs.stat("/proj/file").map(|m| m.ino);
    let b = fs.stat("/tmp").map(|m| m.ino);
    assert_ne!(a, b);
    assert_eq!(fs.stat("/proj/file").map(|m| m.ino), fs.stat("/proj/src/../file").map(|m| m.ino));
}

#[test]
fn nested_mounts() {
    let outer = host();
    let inner = TempDir::new("mnt-inner");
    inner.write("deep", "deep\n");
    let mut fs = MountFs::new(mem());
    assert_eq!(fs.mount("/a", overlay(&outer)), Ok(()));
    assert_eq!(fs.mount("/a/b", overlay(&inner)), Ok(()));
    assert_eq!(r(&fs, "/a/b/deep"), Ok("deep\n".into()));
    assert_eq!(names(&fs, "/a"), ["b", "file", "src"]);
    assert_eq!(outer.read("b"), None);
    assert_eq!(r(&fs, "/a/b/../file"), Ok("host file\n".into()));
}

#[test]
fn synthetic_parents_over_read_only_root() {
    let root = host();
    let inner = TempDir::new("mnt-ro");
    inner.write("x", "x\n");
    let mut fs = MountFs::new(Arc::new(ok(HostFs::new(root.buf(), false))));
    assert_eq!(fs.mount("/m/n", overlay(&inner)), Ok(()));
    assert_eq!(fs.stat("/m").map(|m| m.file_type), Ok(FileType::Dir));
    assert_eq!(names(&fs, "/"), ["file", "m", "src"]);
    assert_eq!(names(&fs, "/m"), ["n"]);
    assert_eq!(r(&fs, "/m/n/x"), Ok("x\n".into()));
}

#[test]
fn read_write_mount_writes_host() {
    let t = host();
    let mut fs = MountFs::new(mem());
    assert_eq!(fs.mount("/rw", Arc::new(ok(HostFs::new(t.buf(), true)))), Ok(()));
    assert_eq!(fs.write_file("/rw/out", b"o", WriteMode::Truncate), Ok(()));
    assert_eq!(t.read("out"), Some("o".into()));
    assert_eq!(fs.remove_file("/rw/file"), Ok(()));
    assert_eq!(t.read("file"), None);
}

#[test]
fn single_root_fast_path() {
    let fs = MountFs::new(mem());
    assert_eq!(fs.write_file("/tmp/a", b"1", WriteMode::Truncate), Ok(()));
    assert_eq!(r(&fs, "/tmp/a"), Ok("1".into()));
    assert_eq!(fs.lstat("/tmp/a").map(|m| m.len), Ok(1));
}

#[test]
fn cross_mount_symlink_loop() {
    let t = host();
    t.symlink("/tmp/back", "to_tmp");
    let fs = table(&t, "/proj");
    assert_eq!(fs.symlink("/proj/to_tmp", "/tmp/back"), Ok(()));
    assert_eq!(fs.stat("/tmp/back"), Err(FsError::Loop));
}

#[test]
fn devices_through_mounts() {
    let t = host();
    let fs = table(&t, "/proj");
    assert_eq!(fs.write_file("/dev/null", b"x", WriteMode::Truncate), Ok(()));
    t.symlink("/dev/zero", "z");
    let mut buf = [1u8; 64];
    assert_eq!(fs.open_read("/proj/z").and_then(|mut rd| rd.read(&mut buf).map_err(|_| FsError::Io)), Ok(64));
    assert!(buf.iter().all(|&b| b == 0));
}

#[test]
fn mount_any_filesystem() {
    let mut fs = MountFs::new(mem());
    let other: Arc<dyn FileSystem> = Arc::new(MemoryFs::new(FsLimits::default()));
    assert_eq!(other.write_file("/x", b"x", WriteMode::Truncate), Ok(()));
    assert_eq!(fs.mount_dyn("/o", other), Ok(()));
    assert_eq!(r(&fs, "/o/x"), Ok("x".into()));
}
