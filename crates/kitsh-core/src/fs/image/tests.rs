//! Tests of filesystem images: round trips of [`MemoryFs`], [`OverlayFs`] and [`MountFs`],
//! canonical order, exact quota counters, limits, and damaged or hostile images.

use super::*;
use crate::fs::testutil::{ok, TempDir};
use crate::fs::{
    DisabledFs, FileSystem, FileType, FsLimits, HostFs, MemoryFs, MountFs, OverlayFs, VfsBuilder, WriteMode,
};
use std::collections::HashMap;
use std::time::Instant;

fn standard(limits: FsLimits) -> MemoryFs {
    MemoryFs::standard(Quota::new(limits), "/home/user")
}

fn w(fs: &dyn FileSystem, p: &str, d: &str) {
    assert_eq!(fs.write_file(p, d.as_bytes(), WriteMode::Truncate), Ok(()), "write {p}");
}

fn used(fs: &dyn FileSystem) -> (u64, u64) {
    fs.space().map_or((0, 0), |s| (s.used_bytes, s.used_files))
}

/// Every node below `/`: path, type, mode, size, time, owner, links, content or target; a node
/// met before under another name (same inode) says so instead. Inode numbers are left out.
fn dump(fs: &dyn FileSystem) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = HashMap::new();
    walk(fs, "/", &mut out, &mut seen, 0);
    out
}

fn walk(fs: &dyn FileSystem, path: &str, out: &mut Vec<String>, seen: &mut HashMap<u64, String>, depth: usize) {
    let Ok(m) = fs.lstat(path) else {
        out.push(format!("{path} unreadable"));
        return;
    };
    let what = match m.file_type {
        FileType::File => format!("{:?}", fs.read_file(path).map(|d| String::from_utf8_lossy(&d).into_owned())),
        FileType::Symlink => format!("-> {:?}", fs.read_link(path)),
        _ => String::new(),
    };
    let line = format!("{path} {:?} {:o} {} {:?} {}:{} n{} {what}", m.file_type, m.mode, m.len, m.mtime, m.uid, m.gid, m.nlink);
    match seen.get(&m.ino) {
        Some(first) if m.file_type != FileType::Dir => out.push(format!("{path} = {first}")),
        _ => out.push(line),
    }
    seen.entry(m.ino).or_insert_with(|| path.to_string());
    if m.file_type == FileType::Dir && depth < 12 {
        for e in fs.read_dir(path).unwrap_or_default() {
            let child = if path == "/" { format!("/{}", e.name) } else { format!("{path}/{}", e.name) };
            walk(fs, &child, out, seen, depth + 1);
        }
    }
}

/// Some of everything: directories, files, a hard link, a symlink, a FIFO, times, owners.
fn fill(fs: &dyn FileSystem) {
    assert_eq!(fs.mkdir("/home/user/d/e", true), Ok(()));
    w(fs, "/home/user/d/a.txt", "alpha\n");
    w(fs, "/home/user/d/e/b", "bee");
    assert_eq!(fs.write_file("/home/user/d/e/b", b" more", WriteMode::Append), Ok(()));
    assert_eq!(fs.hard_link("/home/user/d/a.txt", "/tmp/hard"), Ok(()));
    assert_eq!(fs.symlink("../d/a.txt", "/home/user/d/e/link"), Ok(()));
    assert_eq!(fs.mkfifo("/tmp/pipe", 0o600), Ok(()));
    assert_eq!(fs.set_mode("/home/user/d/a.txt", 0o4751), Ok(()));
    assert_eq!(fs.set_mtime("/home/user/d/e/b", UNIX_EPOCH - Duration::new(5, 250)), Ok(()));
    w(fs, "/tmp/gone", "x");
    assert_eq!(fs.remove_file("/tmp/gone"), Ok(()));
    w(fs, "/tmp/old", "renamed");
    assert_eq!(fs.rename("/tmp/old", "/home/user/new"), Ok(()));
    w(fs, "/etc/passwd", "root:x:0:0::/root:/bin/sh\n");
}

#[test]
fn times_split_and_join() {
    for t in [UNIX_EPOCH, UNIX_EPOCH + Duration::new(3, 7), UNIX_EPOCH - Duration::new(3, 7), UNIX_EPOCH - Duration::new(3, 0)] {
        let (s, n) = split_time(t);
        assert!(n < 1_000_000_000);
        assert_eq!(join_time(s, n), Some(t));
    }
    assert_eq!(split_time(UNIX_EPOCH - Duration::new(3, 7)), (-4, 999_999_993));
    assert_eq!(join_time(0, 1_000_000_000), None);
    // The extremes give a time or nothing, never a panic, and round trip when they exist.
    for (secs, nanos) in [(i64::MIN, 0), (i64::MIN, 999_999_999), (i64::MAX, 999_999_999), (-1, 1)] {
        if let Some(t) = join_time(secs, nanos) {
            assert_eq!(split_time(t), (secs, nanos));
        }
    }
}

#[test]
fn error_texts() {
    assert_eq!(ImageError::Exceeds { limit: "max_fs_bytes", value: 123 }.to_string(), "max_fs_bytes (123)");
    assert_eq!(ImageError::unsupported().to_string(), "filesystem does not support snapshots");
    assert_eq!(corrupt("node 7: index 9 out of range".into()).to_string(), "node 7: index 9 out of range");
}

#[test]
fn memory_round_trip_keeps_content_and_counters() {
    let a = standard(FsLimits::default());
    fill(&a);
    let img = ok(a.image());
    assert!(img.mounts.is_empty());
    let b = standard(FsLimits::default());
    assert_eq!(b.load_image(&img), Ok(()));
    assert_eq!(dump(&b), dump(&a));
    assert_eq!(used(&b), used(&a));
    assert_eq!(b.image(), Ok(img));
    assert_eq!(b.stat("/tmp/hard").map(|m| m.nlink), Ok(2));
    assert_eq!(b.stat("/home/user/d").map(|m| m.nlink), Ok(3));
    // The restored tree works as usual, counters included.
    w(&b, "/tmp/hard", "changed");
    assert_eq!(b.read_file("/home/user/d/a.txt"), Ok(b"changed".to_vec()));
    assert_eq!(b.remove_file("/tmp/hard"), Ok(()));
    assert_eq!(b.remove_file("/home/user/d/a.txt"), Ok(()));
    assert_eq!(b.mkfifo("/tmp/p2", 0o644), Ok(()));
    assert_eq!(b.stat("/tmp/pipe").map(|m| m.file_type), Ok(FileType::Fifo));
}

#[test]
fn load_replaces_content_and_its_charges() {
    let a = MemoryFs::new(FsLimits::default());
    fill_plain(&a);
    let b = MemoryFs::new(FsLimits::default());
    assert_eq!(b.mkdir("/other", false), Ok(()));
    w(&b, "/other/big", &"x".repeat(5000));
    assert_eq!(b.load_image(&ok(a.image())), Ok(()));
    assert_eq!(used(&b), used(&a));
    assert_eq!(dump(&b), dump(&a));
    assert_eq!(b.stat("/other"), Err(crate::fs::FsError::NotFound));
    // Loading the empty filesystem gives every charge back.
    assert_eq!(b.load_image(&ok(MemoryFs::new(FsLimits::default()).image())), Ok(()));
    assert_eq!(used(&b), (0, 0));
}

/// [`fill`] on a filesystem without the standard layout.
fn fill_plain(fs: &dyn FileSystem) {
    for d in ["/home/user", "/tmp", "/etc"] {
        assert_eq!(fs.mkdir(d, true), Ok(()));
    }
    fill(fs);
}

#[test]
fn images_are_canonical() {
    let a = MemoryFs::new(FsLimits::default());
    fill_plain(&a);
    // The same content reached another way: other inode numbers, other order.
    let b = MemoryFs::new(FsLimits::default());
    for i in 0..20 {
        w(&b, &format!("/junk{i}"), "j");
    }
    fill_plain(&b);
    for i in 0..20 {
        assert_eq!(b.remove_file(&format!("/junk{i}")), Ok(()));
    }
    assert_eq!(b.set_mtime("/home/user/d/e/b", UNIX_EPOCH - Duration::new(5, 250)), Ok(()));
    assert_eq!(timeless(ok(a.image())), timeless(ok(b.image())));
    // A layout never built is exported as the one it would build.
    let fresh = timeless(ok(standard(FsLimits::default()).image()));
    let used = standard(FsLimits::default());
    assert!(used.stat("/tmp").is_ok());
    assert_eq!(fresh, timeless(ok(used.image())));
    let NodeKind::Dir(top) = &fresh.root.nodes[0].kind else { unreachable!("root is a directory") };
    assert!(top.iter().any(|(n, _)| n == "tmp"));
}

/// `img` with every time zeroed.
fn timeless(mut img: VfsImage) -> VfsImage {
    for n in &mut img.root.nodes {
        n.mtime_secs = 0;
        n.mtime_nanos = 0;
    }
    img
}

#[test]
fn export_shares_bytes_and_is_fast() {
    let fs = MemoryFs::new(FsLimits::default());
    for i in 0..100 {
        assert_eq!(fs.write_file(&format!("/f{i:03}"), &[i as u8; 10_240], WriteMode::Truncate), Ok(()));
    }
    let start = Instant::now();
    let one = ok(fs.image());
    let elapsed = start.elapsed();
    let two = ok(fs.image());
    assert_eq!(one.root.nodes.len(), 101);
    for (a, b) in one.root.nodes.iter().zip(&two.root.nodes).skip(1) {
        match (&a.kind, &b.kind) {
            (NodeKind::File(x), NodeKind::File(y)) => assert!(Arc::ptr_eq(x, y), "file bytes were copied"),
            other => unreachable!("not files: {other:?}"),
        }
    }
    assert!(elapsed < Duration::from_millis(20), "{elapsed:?}");
}

#[test]
fn limits_are_checked_before_anything_changes() {
    let a = MemoryFs::new(FsLimits::default());
    for i in 0..3 {
        w(&a, &format!("/f{i}"), &"x".repeat(100));
    }
    let img = ok(a.image());
    let cases = [
        (FsLimits { max_bytes: 150, ..FsLimits::default() }, ImageError::Exceeds { limit: "max_fs_bytes", value: 300 }),
        (FsLimits { max_files: 2, ..FsLimits::default() }, ImageError::Exceeds { limit: "max_fs_files", value: 3 }),
    ];
    for (limits, err) in cases {
        let b = MemoryFs::new(limits);
        w(&b, "/mine", "m");
        let before = (ok(b.image()), used(&b));
        assert_eq!(b.load_image(&img), Err(err));
        assert_eq!((ok(b.image()), used(&b)), before);
        assert_eq!(b.quota().hit(), 0);
    }
    // The standard layout is not charged: an image of it plus a little fits tiny limits.
    let s = standard(FsLimits::default());
    w(&s, "/tmp/x", "12345");
    let tiny = standard(FsLimits { max_bytes: 5, max_files: 1, max_file_size: 5 });
    assert_eq!(tiny.load_image(&ok(s.image())), Ok(()));
    assert_eq!(used(&tiny), (5, 1));
}

/// A valid image with some of everything, without the standard layout.
fn sample() -> VfsImage {
    let fs = MemoryFs::new(FsLimits::default());
    fill_plain(&fs);
    assert_eq!(fs.mkdir("/dev", false), Ok(()));
    assert_eq!(fs.mknod("/dev/null", crate::fs::DevKind::Null), Ok(()));
    ok(fs.image())
}

fn load_err(img: &VfsImage) -> String {
    match MemoryFs::new(FsLimits::default()).load_image(img) {
        Ok(()) => "loaded".into(),
        Err(e) => e.to_string(),
    }
}

/// `img` with `f` applied to the entries of the root directory.
fn with_root(mut img: VfsImage, f: impl FnOnce(&mut Vec<(String, u32)>)) -> VfsImage {
    if let NodeKind::Dir(e) = &mut img.root.nodes[0].kind {
        f(e);
    }
    img
}

#[test]
fn damaged_images_are_refused() {
    let img = sample();
    assert_eq!(load_err(&img), "loaded");
    let n = img.root.nodes.len() as u32;
    assert_eq!(load_err(&with_root(img.clone(), |e| e[0].1 = n)), format!("node 0: index {n} out of range"));
    assert_eq!(load_err(&with_root(img.clone(), |e| e.push(("zz".into(), 0)))), "directory cycle at node 0");
    let dir = root_entry(&img, 0);
    assert_eq!(load_err(&with_root(img.clone(), |e| e.push(("zz".into(), dir)))), format!("node {dir}: directory with several names"));
    assert_eq!(load_err(&with_root(img.clone(), |e| e.push(("zz".into(), 0)))), "directory cycle at node 0");
    assert_eq!(load_err(&with_root(img.clone(), |e| e[0].0 = "a/b".into())), "node 0: invalid name \"a/b\"");
    assert_eq!(load_err(&with_root(img.clone(), |e| e[0].0 = "..".into())), "node 0: invalid name \"..\"");
    assert_eq!(load_err(&with_root(img.clone(), |e| e[1].0 = e[0].0.clone())), format!("node 0: duplicate name {:?}", img_name(&img, 0)));
    assert!(load_err(&with_root(img.clone(), |e| e.swap(0, 1))).starts_with("node 0: names not sorted"));
    assert!(load_err(&with_root(img.clone(), |e| e[0].0 = "x".repeat(256))).starts_with("node 0: invalid name \"xxx"));
    let mut bad = img.clone();
    bad.root.nodes.push(bad.root.nodes[1].clone());
    assert_eq!(load_err(&bad), format!("node {n}: unreachable"));
    let mut bad = img.clone();
    bad.root.nodes[0].kind = NodeKind::Fifo;
    assert_eq!(load_err(&bad), "node 0: not a directory");
    assert_eq!(load_err(&VfsImage { root: FsImage { nodes: Vec::new() }, mounts: Vec::new() }), "node 0: not a directory");
    let mut bad = img.clone();
    bad.root.nodes[1].mode = 0o100_644;
    assert_eq!(load_err(&bad), "node 1: invalid mode");
    let mut bad = img.clone();
    bad.root.nodes[1].mtime_nanos = 1_000_000_000;
    assert_eq!(load_err(&bad), "node 1: invalid mtime");
    let mut bad = img.clone();
    let dev = bad.root.nodes.iter().position(|n| matches!(n.kind, NodeKind::Device(_))).unwrap_or(0);
    bad.root.nodes[dev].kind = NodeKind::Device("disk".into());
    assert_eq!(load_err(&bad), format!("node {dev}: unknown device"));
    let mut bad = img.clone();
    let link = bad.root.nodes.iter().position(|n| matches!(n.kind, NodeKind::Symlink(_))).unwrap_or(0);
    bad.root.nodes[link].kind = NodeKind::Symlink("/".repeat(PATH_MAX + 1));
    assert_eq!(load_err(&bad), format!("node {link}: invalid symlink target"));
    let mut bad = img.clone();
    bad.mounts.push(MountImage { path: "/p".into(), host: "/".into(), kind: MountKind::Overlay, overlay: Some(OverlayImage::default()) });
    assert_eq!(load_err(&bad), "nothing is mounted at /p");
}

/// The node index of the root's entry `i`.
fn root_entry(img: &VfsImage, i: usize) -> u32 {
    match &img.root.nodes[0].kind {
        NodeKind::Dir(e) => e[i].1,
        _ => 0,
    }
}

fn img_name(img: &VfsImage, i: usize) -> String {
    match &img.root.nodes[0].kind {
        NodeKind::Dir(e) => e[i].0.clone(),
        _ => String::new(),
    }
}

/// A small xorshift generator.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const NAMES: &[&str] = &["", ".", "..", "a/b", "x\0", "a", "zz", "tmp", "home", "\u{e9}t\u{e9}"];

fn limits(rng: &mut Rng) -> FsLimits {
    match rng.below(4) {
        0 => FsLimits { max_bytes: 40, max_files: 6, max_file_size: 10 },
        1 => FsLimits { max_bytes: u64::MAX, max_files: u64::MAX, max_file_size: u64::MAX },
        2 => FsLimits { max_bytes: 0, max_files: 0, max_file_size: 0 },
        _ => FsLimits::default(),
    }
}

/// One random change to a tree image.
fn mutate(img: &mut FsImage, rng: &mut Rng) {
    let n = img.nodes.len();
    if n == 0 {
        img.nodes.push(NodeImage { kind: NodeKind::Dir(Vec::new()), mode: 0o755, uid: 0, gid: 0, mtime_secs: 0, mtime_nanos: 0 });
        return;
    }
    let i = rng.below(n);
    let choice = rng.below(12);
    let node = &mut img.nodes[i];
    match (choice, &mut node.kind) {
        (0, NodeKind::Dir(e)) if !e.is_empty() => {
            let k = rng.below(e.len());
            e[k].1 = rng.below(n + 2) as u32;
        }
        (1, NodeKind::Dir(e)) if !e.is_empty() => {
            let k = rng.below(e.len());
            e[k].0 = rng.pick(NAMES).to_string();
        }
        (2, NodeKind::Dir(e)) if !e.is_empty() => {
            let k = rng.below(e.len());
            let dup = e[k].clone();
            e.insert(k, dup);
        }
        (3, NodeKind::Dir(e)) => e.push((rng.pick(NAMES).to_string(), rng.below(n) as u32)),
        (4, _) => {
            node.kind = match rng.below(5) {
                0 => NodeKind::Dir(Vec::new()),
                1 => NodeKind::File(Arc::new(vec![7; rng.below(50)])),
                2 => NodeKind::Symlink(rng.pick(NAMES).to_string()),
                3 => NodeKind::Device(rng.pick(&["null", "zero", "bogus", "fifo"]).to_string()),
                _ => NodeKind::Fifo,
            }
        }
        (5, _) => node.mode = rng.next() as u32 & if rng.below(2) == 0 { 0o7777 } else { u32::MAX },
        (6, _) => node.mtime_nanos = rng.next() as u32,
        (7, _) => node.mtime_secs = [i64::MIN, i64::MAX, -1, rng.next() as i64][rng.below(4)],
        (8, _) => img.nodes.push(NodeImage { kind: NodeKind::Fifo, mode: 0, uid: 1, gid: 1, mtime_secs: 0, mtime_nanos: 0 }),
        (9, _) => {
            img.nodes.pop();
        }
        (10, _) => {
            if let NodeKind::Dir(e) = &mut img.nodes[0].kind {
                e.push(("~".into(), rng.below(n) as u32));
            }
        }
        _ => img.nodes.swap(i, rng.below(n)),
    }
}

/// Whatever the image, loading it never panics; a refused one changes nothing, a loaded one is
/// a consistent filesystem whose counters are the image's charge.
#[test]
fn random_images_never_panic() {
    let base = sample();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut loaded = 0;
    for round in 0..1500 {
        let mut img = base.clone();
        for _ in 0..=rng.below(3) {
            mutate(&mut img.root, &mut rng);
        }
        let fs = MemoryFs::new(limits(&mut rng));
        let before = ok(fs.image());
        match fs.load_image(&img) {
            Ok(()) => {
                assert_eq!(used(&fs), tree_charge(&img.root), "round {round}");
                assert!(!dump(&fs).is_empty());
                let again = MemoryFs::new(FsLimits { max_bytes: u64::MAX, max_files: u64::MAX, max_file_size: u64::MAX });
                assert_eq!(again.load_image(&ok(fs.image())), Ok(()), "round {round}");
                assert_eq!(dump(&again), dump(&fs), "round {round}");
                loaded += 1;
            }
            Err(_) => {
                assert_eq!(ok(fs.image()), before, "round {round}");
                assert_eq!(used(&fs), (0, 0), "round {round}");
            }
        }
    }
    // Both ways are taken.
    assert!((75..1425).contains(&loaded), "{loaded} of 1500 loaded");
}

/// Bytes and names a tree image costs: each node's bytes once, a name per entry.
fn tree_charge(img: &FsImage) -> (u64, u64) {
    let mut c = (0, 0);
    for n in &img.nodes {
        match &n.kind {
            NodeKind::File(d) => c.0 += d.len() as u64,
            NodeKind::Symlink(t) => c.0 += t.len() as u64,
            NodeKind::Dir(e) => c.1 += e.len() as u64,
            _ => {}
        }
    }
    c
}

/// A host directory and an overlay over it with every kind of change.
fn changed_overlay() -> (TempDir, OverlayFs) {
    let t = TempDir::new("img-ovl");
    t.write("a.txt", "alpha\n");
    t.write("gone.txt", "gone\n");
    t.write("old.txt", "old\n");
    t.write("src/main.rs", "fn main() {}\n");
    t.write("olddir/x", "x\n");
    t.write("olddir/sub/y", "y\n");
    t.mkdir("empty");
    let fs = ok(OverlayFs::new(t.buf(), FsLimits::default()));
    w(&fs, "/a.txt", "written over\n");
    w(&fs, "/new.txt", "new\n");
    assert_eq!(fs.remove_file("/gone.txt"), Ok(()));
    assert_eq!(fs.rename("/old.txt", "/renamed.txt"), Ok(()));
    assert_eq!(fs.rename("/olddir", "/movedir"), Ok(()));
    w(&fs, "/movedir/sub/z", "z\n");
    assert_eq!(fs.mkdir("/made/deep", true), Ok(()));
    assert_eq!(fs.set_mode("/src/main.rs", 0o700), Ok(()));
    assert_eq!(fs.set_mode("/src", 0o750), Ok(()));
    assert_eq!(fs.hard_link("/new.txt", "/made/hard"), Ok(()));
    assert_eq!(fs.symlink("../a.txt", "/made/link"), Ok(()));
    assert_eq!(fs.mkfifo("/made/pipe", 0o640), Ok(()));
    assert_eq!(fs.remove_dir("/empty"), Ok(()));
    assert_eq!(fs.set_mtime("/made", UNIX_EPOCH + Duration::new(9, 9)), Ok(()));
    (t, fs)
}

#[test]
fn overlay_round_trip() {
    let (t, a) = changed_overlay();
    let img = a.overlay_image();
    assert!(img.entries.iter().any(|(p, e)| p == "/gone.txt" && *e == OverlayEntry::Whiteout));
    assert_eq!(img.linked.len(), 1);
    let b = ok(OverlayFs::new(t.buf(), FsLimits::default()));
    assert_eq!(b.load_overlay_image(&img), Ok(()));
    assert_eq!(dump(&b), dump(&a));
    assert_eq!(used(&b), used(&a));
    assert_eq!(b.overlay_image(), img);
    assert_eq!(b.read_file("/renamed.txt"), Ok(b"old\n".to_vec()));
    assert_eq!(b.read_file("/movedir/sub/y"), Ok(b"y\n".to_vec()));
    assert_eq!(b.stat("/gone.txt"), Err(crate::fs::FsError::NotFound));
    // Loading over a changed layer replaces it and its charges.
    let c = ok(OverlayFs::new(t.buf(), FsLimits::default()));
    w(&c, "/extra", &"e".repeat(1000));
    assert_eq!(c.load_overlay_image(&img), Ok(()));
    assert_eq!(used(&c), used(&a));
    assert_eq!(c.stat("/extra"), Err(crate::fs::FsError::NotFound));
    assert_eq!(c.load_overlay_image(&OverlayImage::default()), Ok(()));
    assert_eq!(used(&c), (0, 0));
    assert_eq!(c.read_file("/gone.txt"), Ok(b"gone\n".to_vec()));
}

fn overlay_err(t: &TempDir, img: &OverlayImage) -> String {
    match ok(OverlayFs::new(t.buf(), FsLimits::default())).load_overlay_image(img) {
        Ok(()) => "loaded".into(),
        Err(e) => e.to_string(),
    }
}

fn node(kind: OverlayKind) -> OverlayEntry {
    OverlayEntry::Node(OverlayNode { kind, mode: 0o644, mtime_secs: 0, mtime_nanos: 0 })
}

fn layer(entries: Vec<(&str, OverlayEntry)>) -> OverlayImage {
    OverlayImage { entries: entries.into_iter().map(|(p, e)| (p.to_string(), e)).collect(), linked: Vec::new() }
}

#[test]
fn damaged_or_hostile_layers_are_refused() {
    let t = TempDir::new("img-bad");
    t.write("a.txt", "a");
    t.mkdir("real");
    t.symlink("/", "link");
    let file = || node(OverlayKind::File(Arc::new(b"f".to_vec())));
    assert_eq!(overlay_err(&t, &layer(vec![("/b", file()), ("/a", file())])), "entry 1: paths not sorted at \"/a\"");
    assert_eq!(overlay_err(&t, &layer(vec![("/a", file()), ("/a", file())])), "entry 1: duplicate path \"/a\"");
    assert_eq!(overlay_err(&t, &layer(vec![("/a/../b", file())])), "entry 0: invalid path \"/a/../b\"");
    assert_eq!(overlay_err(&t, &layer(vec![("a", file())])), "entry 0: invalid path \"a\"");
    assert_eq!(overlay_err(&t, &layer(vec![("/", file())])), "entry 0: the root is not a directory");
    assert_eq!(overlay_err(&t, &layer(vec![("/a", file()), ("/a/b", file())])), "entry 1: under a non-directory");
    assert_eq!(overlay_err(&t, &layer(vec![("/a", OverlayEntry::Link(0))])), "entry 0: link 0 out of range");
    let mut unnamed = layer(vec![]);
    unnamed.linked.push(OverlayNode { kind: OverlayKind::Fifo, mode: 0, mtime_secs: 0, mtime_nanos: 0 });
    assert_eq!(overlay_err(&t, &unnamed), "linked node 0: no name");
    let escape = layer(vec![("/x", node(OverlayKind::HostFile("/../etc/passwd".into())))]);
    assert_eq!(overlay_err(&t, &escape), "entry 0: invalid host path");
    let through = layer(vec![("/x", node(OverlayKind::HostFile("/link/etc/passwd".into())))]);
    assert_eq!(overlay_err(&t, &through), "entry 0: host path \"/link/etc\" passes through a symlink");
    let redirect = layer(vec![("/x", node(OverlayKind::Dir(OverlayDir::Redirect("/link".into()))))]);
    assert_eq!(overlay_err(&t, &redirect), "entry 0: host path \"/link\" passes through a symlink");
    let inherit = layer(vec![("/link", node(OverlayKind::Dir(OverlayDir::Inherit)))]);
    assert_eq!(overlay_err(&t, &inherit), "entry 0: host path \"/link\" passes through a symlink");
    let fine = layer(vec![("/link", node(OverlayKind::Dir(OverlayDir::Opaque))), ("/real", node(OverlayKind::Dir(OverlayDir::Inherit)))]);
    assert_eq!(overlay_err(&t, &fine), "loaded");
    let big = layer(vec![("/a", file())]);
    let small = ok(OverlayFs::new(t.buf(), FsLimits { max_bytes: 0, ..FsLimits::default() }));
    assert_eq!(small.load_overlay_image(&big), Err(ImageError::Exceeds { limit: "max_fs_bytes", value: 1 }));
}

const PATHS: &[&str] = &["/", "/a.txt", "/a", "/a/b", "/new.txt", "/zz", "/made", "/made/x", "", "a", "/a/", "/..", "/link"];

/// One random change to a layer image.
fn mutate_layer(img: &mut OverlayImage, rng: &mut Rng) {
    let n = img.entries.len();
    let i = rng.below(n);
    match rng.below(8) {
        0 if n > 0 => img.entries[i].0 = rng.pick(PATHS).to_string(),
        1 if n > 0 => img.entries[i].1 = OverlayEntry::Link(rng.below(img.linked.len() + 2) as u32),
        2 if n > 0 => img.entries[i].1 = OverlayEntry::Whiteout,
        3 if n > 0 => img.entries.swap(i, rng.below(n)),
        4 => img.entries.push((rng.pick(PATHS).to_string(), node(OverlayKind::Dir(OverlayDir::Inherit)))),
        5 => img.linked.push(OverlayNode { kind: OverlayKind::Fifo, mode: 0, mtime_secs: 0, mtime_nanos: 0 }),
        6 if n > 0 => {
            let host = rng.pick(PATHS).to_string();
            img.entries[i].1 = node(match rng.below(3) {
                0 => OverlayKind::HostFile(host),
                1 => OverlayKind::Dir(OverlayDir::Redirect(host)),
                _ => OverlayKind::Symlink(host),
            });
        }
        _ if n > 0 => {
            if let OverlayEntry::Node(nd) = &mut img.entries[i].1 {
                nd.mode = rng.next() as u32 & 0o17777;
                nd.mtime_nanos = rng.next() as u32 % 1_100_000_000;
            }
        }
        _ => {}
    }
}

#[test]
fn random_layers_never_panic() {
    let (t, a) = changed_overlay();
    t.symlink("/", "link");
    let base = a.overlay_image();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut loaded = 0;
    for round in 0..400 {
        let mut img = base.clone();
        for _ in 0..=rng.below(3) {
            mutate_layer(&mut img, &mut rng);
        }
        let fs = ok(OverlayFs::new(t.buf(), limits(&mut rng)));
        match fs.load_overlay_image(&img) {
            Ok(()) => {
                assert!(!dump(&fs).is_empty());
                assert_eq!(used(&fs), layer_charge(&img), "round {round}");
                loaded += 1;
            }
            Err(_) => {
                assert_eq!(fs.overlay_image(), OverlayImage::default(), "round {round}");
                assert_eq!(used(&fs), (0, 0), "round {round}");
            }
        }
    }
    assert!((20..380).contains(&loaded), "{loaded} of 400 loaded");
}

/// Bytes and names a layer image costs.
fn layer_charge(img: &OverlayImage) -> (u64, u64) {
    let bytes = |n: &OverlayNode| match &n.kind {
        OverlayKind::File(d) => d.len() as u64,
        OverlayKind::Symlink(t) => t.len() as u64,
        _ => 0,
    };
    let mut c = (0, 0);
    for (_, e) in &img.entries {
        match e {
            OverlayEntry::Node(n) => c = (c.0 + bytes(n), c.1 + 1),
            OverlayEntry::Link(_) => c.1 += 1,
            OverlayEntry::Whiteout => {}
        }
    }
    (c.0 + img.linked.iter().map(bytes).sum::<u64>(), c.1)
}

fn vfs(ovl: &TempDir, rw: &TempDir, limits: FsLimits) -> Arc<dyn FileSystem> {
    ok(VfsBuilder::new()
        .limits(limits)
        .commands(&["cat", "ls"])
        .mount_overlay(ovl.buf(), "/home/user/proj")
        .mount_rw(rw.buf(), "/out")
        .build())
}

#[test]
fn mount_round_trip() {
    let ovl = TempDir::new("img-mnt");
    ovl.write("readme", "hi\n");
    ovl.write("src/lib.rs", "// lib\n");
    let rw = TempDir::new("img-rw");
    let a = vfs(&ovl, &rw, FsLimits::default());
    w(&*a, "/tmp/note", "note\n");
    w(&*a, "/home/user/proj/readme", "changed\n");
    assert_eq!(a.remove_file("/home/user/proj/src/lib.rs"), Ok(()));
    w(&*a, "/out/result", "real\n");
    let img = ok(a.image());
    let paths: Vec<(&str, MountKind)> = img.mounts.iter().map(|m| (m.path.as_str(), m.kind)).collect();
    assert_eq!(paths, [("/home/user/proj", MountKind::Overlay), ("/out", MountKind::ReadWrite)]);
    assert_eq!(img.mounts[1].overlay, None);
    let b = vfs(&ovl, &rw, FsLimits::default());
    assert_eq!(b.load_image(&img), Ok(()));
    assert_eq!(dump(&*b), dump(&*a));
    assert_eq!(used(&*b), used(&*a));
    assert_eq!(b.image(), Ok(img.clone()));
    // The same project from another directory.
    let copy = TempDir::new("img-mnt-copy");
    copy.write("readme", "hi\n");
    copy.write("src/lib.rs", "// lib\n");
    let c = vfs(&copy, &rw, FsLimits { max_bytes: 20, ..FsLimits::default() });
    assert_eq!(c.load_image(&img), Ok(()));
    assert_eq!(c.read_file("/home/user/proj/readme"), Ok(b"changed\n".to_vec()));
    assert_eq!(c.stat("/home/user/proj/src/lib.rs"), Err(crate::fs::FsError::NotFound));
    assert_eq!(c.read_file("/tmp/note"), Ok(b"note\n".to_vec()));
    // Too big for the shared quota: nothing changes in any layer.
    let d = vfs(&copy, &rw, FsLimits { max_bytes: 10, ..FsLimits::default() });
    let before = used(&*d);
    assert_eq!(d.load_image(&img), Err(ImageError::Exceeds { limit: "max_fs_bytes", value: 13 }));
    assert_eq!(d.read_file("/home/user/proj/readme"), Ok(b"hi\n".to_vec()));
    assert_eq!(used(&*d), before);
}

#[test]
fn mounts_must_match() {
    let ovl = TempDir::new("img-mm");
    let rw = TempDir::new("img-mm-rw");
    let img = ok(vfs(&ovl, &rw, FsLimits::default()).image());
    let only_overlay = ok(VfsBuilder::new().mount_overlay(ovl.buf(), "/home/user/proj").build());
    assert_eq!(only_overlay.load_image(&img), Err(ImageError::Mounts("no read-write directory mounted at /out".into())));
    let other_kind = ok(VfsBuilder::new().mount_ro(ovl.buf(), "/home/user/proj").mount_rw(rw.buf(), "/out").build());
    assert_eq!(other_kind.load_image(&img), Err(ImageError::Mounts("no overlay mounted at /home/user/proj".into())));
    let more = ok(VfsBuilder::new()
        .mount_overlay(ovl.buf(), "/home/user/proj")
        .mount_rw(rw.buf(), "/out")
        .mount_ro(rw.buf(), "/ro")
        .build());
    assert_eq!(more.load_image(&img), Err(ImageError::Mounts("/ro is mounted but not in the image".into())));
    let mut twice = img.clone();
    twice.mounts.push(twice.mounts[1].clone());
    let same = vfs(&ovl, &rw, FsLimits::default());
    assert_eq!(same.load_image(&twice), Err(ImageError::Corrupt("two mounts at /out".into())));
    let mut bare = img.clone();
    bare.mounts[0].overlay = None;
    assert_eq!(same.load_image(&bare), Err(ImageError::Corrupt("overlay mount at /home/user/proj without its layer".into())));
    // A plain memory filesystem has no mounts.
    assert_eq!(standard(FsLimits::default()).load_image(&img), Err(ImageError::Mounts("nothing is mounted at /home/user/proj".into())));
}

#[test]
fn other_filesystems_are_unsupported() {
    let t = TempDir::new("img-unsup");
    let unsupported = Err(ImageError::unsupported());
    assert_eq!(DisabledFs::default().image(), unsupported);
    assert_eq!(ok(HostFs::new(t.buf(), false)).image(), unsupported);
    let mut m = MountFs::new(Arc::new(standard(FsLimits::default())));
    assert_eq!(m.mount_dyn("/x", Arc::new(DisabledFs::default())), Ok(()));
    assert_eq!(m.image(), Err(ImageError::Unsupported("the filesystem mounted at /x does not support snapshots".into())));
    let img = ok(standard(FsLimits::default()).image());
    assert_eq!(DisabledFs::default().load_image(&img), Err(ImageError::unsupported()));
}
