//! What a stored session adds to one call (SES-12, the `kitsh mcp --store` path): for a small
//! session, the medians of the call itself, the snapshot it leaves, and the head read + commit in
//! each store (`MemoryStore`, a SQLite file, and PostgreSQL when `KITSH_BENCH_PG` holds a URL), and
//! a fork inside the store.
//! Run: `cargo bench -p kitsh-session --bench call`.

#![allow(clippy::unwrap_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use kitsh::tool::{BashTool, Tool, ToolRequest};
use kitsh_session::{History, SessionStore};

const CALLS: usize = 400;

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v[v.len() / 2].as_secs_f64() * 1e3
}

async fn bench(label: &str, store: Arc<dyn SessionStore>) {
    let history = History::new(store);
    let mut tool = BashTool::default();
    let name = "bench";
    let _ = history.store().remove(name).await;
    let mut head = history.head(name).await.unwrap();
    let (mut run, mut snap, mut read, mut commit) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for i in 0..CALLS {
        let t = Instant::now();
        let r = tool.execute(ToolRequest::new(format!("echo line {i} >> ~/log; n=$((n + 1)); echo $n"))).await;
        assert_eq!(r.exit_code, 0, "{}", r.stderr);
        run.push(t.elapsed());
        let t = Instant::now();
        let s = tool.snapshot().unwrap();
        snap.push(t.elapsed());
        let t = Instant::now();
        let h = history.head(name).await.unwrap();
        assert_eq!(h, head);
        read.push(t.elapsed());
        let t = Instant::now();
        head = Some(history.commit(name, h, &s, "bench").await.unwrap().id());
        commit.push(t.elapsed());
    }
    println!(
        "{label:<10} call {:.3} ms, snapshot {:.3} ms, head {:.3} ms, commit {:.3} ms: store adds {:.3} ms",
        median(run),
        median(snap.clone()),
        median(read.clone()),
        median(commit.clone()),
        median(snap.iter().zip(&read).zip(&commit).map(|((a, b), c)| *a + *b + *c).collect())
    );
    // A fork inside the store: a new name on the session's head.
    let mut fork = Vec::new();
    for i in 0..100 {
        let new = format!("fork-{i}");
        let _ = history.store().remove(&new).await;
        let t = Instant::now();
        history.fork(name, &new, None).await.unwrap();
        fork.push(t.elapsed());
        history.store().remove(&new).await.unwrap();
    }
    println!("{label:<10} fork (a new name on an existing commit) {:.3} ms", median(fork));
}

#[tokio::main]
async fn main() {
    let dir = std::env::temp_dir().join(format!("kitsh-bench-call-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    bench("memory", Arc::new(kitsh_session::MemoryStore::new())).await;
    let db = dir.join("s.db");
    bench("sqlite", kitsh_session::open(&format!("sqlite:{}", db.display())).unwrap()).await;
    if let Ok(url) = std::env::var("KITSH_BENCH_PG") {
        bench("postgres", kitsh_session::open(&url).unwrap()).await;
    }
    let _ = std::fs::remove_dir_all(&dir);
}
