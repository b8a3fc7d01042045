//! Sessions through the stores, as another process sees them: running A, committing, loading
//! the head with a fresh `History` (nothing remembered, as in another process) and running B
//! gives what A then B in one session gives, for every part of SES-1, on every store
//! (SES-2 across the memory, SQLite and PostgreSQL stores); and random sequences of calls,
//! checkouts and forks, where every checkout reproduces the state recorded at its commit.

use std::sync::Arc;

use kitsh::Bash;

use crate::{History, Id, MemoryStore, SessionStore, SqliteStore};

/// Pairs (A, B) covering SES-1: files of every kind, variables with attributes, functions,
/// aliases and options, directories, umask and the stack, traps, positional parameters,
/// `$RANDOM`, the hash table and history.
const PAIRS: &[(&str, &str)] = &[
    (
        "mkdir -p d/e; echo hi > d/e/f; ln -s d/e/f l; ln d/e/f h; chmod 640 d/e/f; touch -d '2020-01-02 03:04:05' d/e/f; mkfifo p; head -c 100000 /dev/zero | tr '\\0' a > big; printf 'x\\0y\\377' > bin",
        "ls -l --time-style=+%F d/e | sed 1d; cat l h; stat -c '%a %h %F' d/e/f p; readlink l; md5sum big bin",
    ),
    (
        "x=1; declare -i n=5; declare -r RO=ro; declare -x EX=ex; declare -a arr=([3]=c [1]=a); declare -A m=([z]=1 [a]=2 [m]=3); m[b]=5; declare -l low=ABC; declare -n ref=x",
        "declare -p x n RO EX arr m low ref; echo ${!m[@]}; n+=2; echo $n; ref=9; echo $x; RO=1; echo $?",
    ),
    (
        "f() { local a=$1; echo \"f $a\"; }; g() { for i in 1 2; do f $i; done | tac; }; export -f f; readonly -f g",
        "g; declare -F; declare -f f; g() { :; }; echo $?",
    ),
    ("shopt -s expand_aliases; alias ll='echo LL'; set -o pipefail; shopt -s nullglob extglob", "ll; false | true; echo $?; shopt -p nullglob extglob; echo @(a|b) /nothing*"),
    ("mkdir -p /tmp/a /tmp/b; cd /tmp/a; pushd /tmp/b >/dev/null; umask 027", "pwd; echo $OLDPWD; dirs; umask; touch f; stat -c %a f; popd"),
    ("trap 'echo usr1' USR1; set -- a 'b c' d; RANDOM=42; hash cat; set -o history; echo one", "trap -p; kill -USR1 $$; printf '[%s]' \"$@\"; echo $RANDOM; hash -t cat; history | wc -l"),
];

/// A then B in one session (stdout, stderr, status of B).
fn in_one_session(a: &str, b: &str) -> (String, String, i32) {
    let mut bash = Bash::new();
    bash.exec_sync(a);
    let r = bash.exec_sync(b);
    (r.stdout, r.stderr, r.exit_code)
}

/// A in one "process", committed to `store` as session `name`; then B in another (a fresh
/// `History`) on the loaded head.
async fn across(store: Arc<dyn SessionStore>, name: &str, a: &str, b: &str) -> (String, String, i32) {
    let writer = History::new(Arc::clone(&store));
    let mut bash = Bash::new();
    bash.exec_sync(a);
    writer.commit(name, None, &bash.snapshot().expect("snapshot"), a).await.expect("commit A");
    let reader = History::new(store);
    let (_, snap) = reader.load(name).await.expect("load").expect("the session is there");
    let mut bash = Bash::builder().restore(&snap).build().expect("restore");
    let r = bash.exec_sync(b);
    (r.stdout, r.stderr, r.exit_code)
}

async fn every_pair_through(store: Arc<dyn SessionStore>) {
    for (i, (a, b)) in PAIRS.iter().enumerate() {
        let got = across(Arc::clone(&store), &format!("pair-{i}"), a, b).await;
        assert_eq!(got, in_one_session(a, b), "A: {a}\nB: {b}");
    }
}

#[tokio::test]
async fn a_then_b_through_the_memory_store() {
    every_pair_through(Arc::new(MemoryStore::new())).await;
}

#[tokio::test]
async fn a_then_b_through_a_sqlite_file() {
    let path = std::env::temp_dir().join(format!("kitsh-session-pairs-{}.db", std::process::id()));
    let url = path.to_string_lossy().into_owned();
    every_pair_through(Arc::new(SqliteStore::open(&url).expect("open"))).await;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{url}{suffix}"));
    }
}

#[cfg(all(feature = "postgres", unix))]
#[tokio::test]
async fn a_then_b_through_postgresql() {
    let Some(db) = crate::postgres::tests::test_db().await else { return };
    every_pair_through(Arc::new(db.store().await)).await;
}

/// A small deterministic generator (xorshift64*), so a failing sequence can be replayed from
/// its seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Calls that change the state in different ways (files, variables, functions, cwd, options).
const CALLS: &[&str] = &[
    "echo $RANDOM >> /tmp/log",
    "n=$((${n:-0} + 1))",
    "mkdir -p /tmp/d$((${n:-0} % 3)); cd /tmp/d$((${n:-0} % 3))",
    "f() { echo f$n; }",
    "rm -f /tmp/log",
    "arr+=($n); declare -A m; m[k$n]=v",
    "head -c $((RANDOM % 5000)) /dev/zero > /tmp/blob$((${n:-0} % 2))",
    "shopt -s nullglob; set -o pipefail",
    "cd /; unset n",
];

/// What the state looks like, as a script sees it.
const PROBE: &str = "declare -p n arr m 2>&1; declare -f f; pwd; cat /tmp/log 2>&1; ls -l --time-style=+%s /tmp /tmp/d* 2>&1; wc -c /tmp/blob* 2>&1; shopt -p nullglob; echo $-";

fn probe(snap: &kitsh::Snapshot) -> String {
    let mut bash = Bash::builder().restore(snap).build().expect("restore");
    let r = bash.exec_sync(PROBE);
    r.stdout + &r.stderr
}

/// The state recorded at commit `id`.
fn state_at<'a>(recorded: &'a [(Id, String)], id: &Id) -> Option<&'a String> {
    recorded.iter().find(|(i, _)| i == id).map(|(_, s)| s)
}

/// Random sequences of calls, checkouts and forks on one store: the state a commit recorded is
/// what any later checkout (or a fork at it) gives back.
async fn random_histories(store: Arc<dyn SessionStore>, seeds: std::ops::Range<u64>) {
    for seed in seeds {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let h = History::new(Arc::clone(&store));
        let mut sessions = vec![format!("p{seed}-0")];
        let mut recorded: Vec<(Id, String)> = Vec::new();
        for step in 0..24 {
            let name = sessions[rng.below(sessions.len())].clone();
            match rng.below(10) {
                // A call on the session's head (a new session when none).
                0..=6 => {
                    let (parent, mut bash) = match h.load(&name).await.expect("load") {
                        Some((id, snap)) => (Some(id), Bash::builder().restore(&snap).build().expect("restore")),
                        None => (None, Bash::new()),
                    };
                    bash.exec_sync(CALLS[rng.below(CALLS.len())]);
                    let snap = bash.snapshot().expect("snapshot");
                    let id = h.commit(&name, parent, &snap, &format!("step {step}")).await.expect("commit").id();
                    let r = bash.exec_sync(PROBE);
                    recorded.push((id, r.stdout + &r.stderr));
                }
                // Rewind to one of its own commits.
                7 | 8 => {
                    let Ok(log) = h.log(&name).await else { continue };
                    let at = log[rng.below(log.len())].id;
                    h.checkout(&name, &at).await.expect("checkout");
                    let (head, snap) = h.load(&name).await.expect("load").expect("the session");
                    assert_eq!(head, at, "seed {seed}");
                    assert_eq!(Some(&probe(&snap)), state_at(&recorded, &at), "seed {seed}: checkout of {name}");
                }
                // A fork at one of its commits.
                _ => {
                    let Ok(log) = h.log(&name).await else { continue };
                    let at = log[rng.below(log.len())].id;
                    let new = format!("p{seed}-{}", sessions.len());
                    h.fork(&name, &new, Some(&at)).await.expect("fork");
                    let (_, snap) = h.load(&new).await.expect("load").expect("the fork");
                    assert_eq!(Some(&probe(&snap)), state_at(&recorded, &at), "seed {seed}: fork of {name}");
                    sessions.push(new);
                }
            }
        }
        // Every recorded commit, read back by another "process", gives its state.
        let reader = History::new(Arc::clone(&store));
        for (id, want) in &recorded {
            assert_eq!(&probe(&reader.snapshot_at(id).await.expect("snapshot_at")), want, "seed {seed}");
        }
        // And every session's head is one of them.
        for name in &sessions {
            if let Some(head) = reader.head(name).await.expect("head") {
                assert!(recorded.iter().any(|(id, _)| *id == head), "seed {seed}: {name}'s head was never recorded");
            }
        }
    }
}

#[tokio::test]
async fn random_histories_in_memory() {
    random_histories(Arc::new(MemoryStore::new()), 0..24).await;
}

#[tokio::test]
async fn random_histories_in_sqlite() {
    random_histories(Arc::new(SqliteStore::open(":memory:").expect("open")), 100..106).await;
}

#[cfg(all(feature = "postgres", unix))]
#[tokio::test]
async fn random_histories_in_postgresql() {
    let Some(db) = crate::postgres::tests::test_db().await else { return };
    random_histories(Arc::new(db.store().await), 200..204).await;
}
