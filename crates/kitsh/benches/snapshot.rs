//! Session snapshots (sessions.md): the figures for a session of 100 files (1 MB) and 50
//! variables — `Bash::snapshot` + `to_bytes`, and `from_bytes` + a restoring build — each the
//! median of many runs. Run: `cargo bench -p kitsh --bench snapshot`.

use std::time::{Duration, Instant};

use kitsh::{Bash, Snapshot};

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn time(n: usize, mut f: impl FnMut()) -> Duration {
    median(
        (0..n)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .collect(),
    )
}

fn main() {
    let mut bash = Bash::new();
    let setup = "mkdir -p /data; for i in $(seq 100); do head -c 10240 /dev/urandom > /data/f$i; done; \
                 for i in $(seq 50); do declare \"v$i=value number $i\"; done; declare -A m=([a]=1 [b]=2)";
    let r = bash.exec_sync(setup);
    assert_eq!(r.exit_code, 0, "{}", r.stderr);
    let bytes = bash.snapshot().expect("snapshot").to_bytes();
    println!("snapshot of 100 files (1 MB) and 50 variables: {} bytes", bytes.len());
    let take = time(200, || {
        let s = bash.snapshot().expect("snapshot");
        std::hint::black_box(s.to_bytes());
    });
    println!("snapshot + to_bytes:       {:>8.3} ms", take.as_secs_f64() * 1e3);
    let restore = time(200, || {
        let s = Snapshot::from_bytes(&bytes).expect("read");
        let b = Bash::builder().restore(&s).build().expect("restore");
        std::hint::black_box(b);
    });
    println!("from_bytes + restore:      {:>8.3} ms", restore.as_secs_f64() * 1e3);
    let snap = Snapshot::from_bytes(&bytes).expect("read");
    let fork = time(200, || {
        let b = Bash::builder().restore(&snap).build().expect("restore");
        std::hint::black_box(b);
    });
    println!("restore from a Snapshot:   {:>8.3} ms (a fork of a live session)", fork.as_secs_f64() * 1e3);
}
