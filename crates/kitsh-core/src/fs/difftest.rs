//! Differential test: random operation sequences on [`MemoryFs`], on [`OverlayFs`] and on a
//! real host directory through [`HostFs`] (whose mutations the kernel performs) must give the
//! same results.

use super::testutil::{ok, TempDir};
use super::*;
use std::sync::Arc;

const NAMES: &[&str] = &[
    "/a", "/b", "/c", "/a/b", "/a/c", "/b/a", "/l", "/a/l", "/l/b", "/a/../b", "/a/", "/l/", "/a/b/c", "/d/",
    "/m", "/a/m", "/", "/.", "/a/.", "/a/..", "/l/..", "/a/l/..", "/l/c", "/a/l/b",
];
const TARGETS: &[&str] = &["a", "/a", "../a", "b", "/l", "l", "nowhere", "a/b", "/a/b/c", "..", "a/c/../b", "c/.."];

struct Rng(u64);

impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn observe(fs: &dyn FileSystem, p: &str) -> String {
    let st = fs.stat(p).map(|m| (m.file_type, if m.file_type == FileType::File { m.len } else { 0 }));
    let lst = fs.lstat(p).map(|m| m.file_type);
    let rd = fs.read_dir(p).map(|v| v.into_iter().filter(|e| e.name != "zz").map(|e| (e.name, e.file_type)).collect::<Vec<_>>());
    let rf = fs.read_file(p);
    let rl = fs.read_link(p);
    let cn = fs.canonicalize(p);
    format!("{st:?} {lst:?} {rd:?} {rf:?} {rl:?} {cn:?}")
}

fn step(fs: &dyn FileSystem, rng: &mut Rng, links: bool) -> String {
    let p = NAMES[rng.next(NAMES.len())];
    let q = NAMES[rng.next(NAMES.len())];
    match rng.next(if links { 13 } else { 12 }) {
        0 => format!("w {p} {:?}", fs.write_file(p, b"xy", WriteMode::Truncate)),
        1 => format!("app {p} {:?}", fs.write_file(p, b"z", WriteMode::Append)),
        2 => format!("new {p} {:?}", fs.write_file(p, b"n", WriteMode::CreateNew)),
        3 => format!("mkdir {p} {:?}", fs.mkdir(p, false)),
        4 => format!("mkdirp {p} {:?}", fs.mkdir(p, true)),
        5 => format!("rm {p} {:?}", fs.remove_file(p)),
        6 => format!("rmdir {p} {:?}", fs.remove_dir(p)),
        7 => format!("mv {p} {q} {:?}", fs.rename(p, q)),
        8 => {
            let t = TARGETS[rng.next(TARGETS.len())];
            format!("ln -s {t} {p} {:?}", fs.symlink(t, p))
        }
        9 => format!("setlen {p} {:?}", fs.set_len(p, 5)),
        10 => format!("wat {p} {:?}", fs.write_at(p, 3, b"AT")),
        11 => format!("observe {p} {}", observe(fs, p)),
        12 => format!("ln {p} {q} {:?}", fs.hard_link(p, q)),
        _ => format!("observe {p} {}", observe(fs, p)),
    }
}

/// Run one sequence; with `links`, hard links are made too and the overlay (whose hard links
/// are copies) is left out of the comparison.
fn run(seed: u64, steps: usize, links: bool) {
    let host_dir = TempDir::new("diff-host");
    let lower = TempDir::new("diff-lower");
    let host = ok(HostFs::new(host_dir.buf(), true));
    let mem = MemoryFs::new(FsLimits::default());
    let ovl = ok(OverlayFs::new(lower.buf(), FsLimits::default()));
    let mem2 = Arc::new(MemoryFs::new(FsLimits::default()));
    let mut table = MountFs::new(mem2.clone());
    assert_eq!(table.mount("/zz/mnt", Arc::new(MemoryFs::new(FsLimits::default()))), Ok(()));
    if seed & 1 == 0 {
        for t in [&host_dir, &lower] {
            t.write("a/b", "init");
            t.mkdir("a/c");
            t.symlink("a", "l");
            t.write("c", "cc");
        }
        for m in [&mem, &*mem2] {
            let _ = m.mkdir("/a/c", true);
            let _ = m.write_file("/a/b", b"init", WriteMode::Truncate);
            let _ = m.symlink("a", "/l");
            let _ = m.write_file("/c", b"cc", WriteMode::Truncate);
        }
    }
    let (mut r1, mut r2, mut r3, mut r4) = (Rng(seed), Rng(seed), Rng(seed), Rng(seed));
    let mut trace = Vec::new();
    for i in 0..steps {
        let a = step(&mem, &mut r1, links);
        let b = step(&host, &mut r2, links);
        let c = if links { b.clone() } else { step(&ovl, &mut r3, links) };
        let d = step(&table, &mut r4, links);
        trace.push(a.clone());
        let all = [&a, &b, &c, &d];
        assert!(all.iter().all(|x| **x == b), "seed {seed} step {i}: memory/host/overlay/table {all:#?}\n{trace:#?}");
    }
    for p in NAMES {
        assert_eq!(observe(&mem, p), observe(&host, p), "final {p} seed {seed}: {trace:#?}");
        if !links {
            assert_eq!(observe(&mem, p), observe(&ovl, p), "final overlay {p} seed {seed}: {trace:#?}");
        }
        assert_eq!(observe(&mem, p), observe(&table, p), "final table {p} seed {seed}: {trace:#?}");
    }
}

#[test]
fn memory_overlay_and_host_agree() {
    for seed in 1..=25u64 {
        let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) & !1 | (seed & 1);
        run(s, 300, false);
        run(s, 300, true);
    }
}
