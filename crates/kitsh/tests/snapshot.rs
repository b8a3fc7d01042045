//! Session snapshots (specs/sessions.md SES-1…SES-5): running A, taking a snapshot, restoring it
//! (through its bytes) and running B gives what running A then B in one session gives, for every
//! part of the state SES-1 lists; the bytes are deterministic; damaged, hostile or oversized
//! snapshots are refused with a clear error.

#![allow(clippy::unwrap_used, clippy::panic)]

use kitsh::{Bash, BashTool, ExecutionLimits, Snapshot, SnapshotError, Tool, ToolRequest};

/// A then B in one session, against A, snapshot, restore, B. Returns B's output.
fn same_after_restore(a: &str, b: &str) -> String {
    let mut one = Bash::new();
    let ra = one.exec_sync(a);
    assert!(!ra.stderr.contains("internal error"), "{a}: {}", ra.stderr);
    let expected = one.exec_sync(b);

    let mut first = Bash::new();
    first.exec_sync(a);
    let bytes = first.snapshot().expect("snapshot").to_bytes();
    let snap = Snapshot::from_bytes(&bytes).expect("read back");
    let mut second = Bash::builder().restore(&snap).build().expect("restore");
    let got = second.exec_sync(b);
    assert_eq!(
        (&got.stdout, &got.stderr, got.exit_code),
        (&expected.stdout, &expected.stderr, expected.exit_code),
        "A: {a}\nB: {b}"
    );
    // The restored session's snapshot is the same bytes as the original's.
    let mut again = Bash::builder().restore(&snap).build().expect("restore");
    assert_eq!(again.snapshot().expect("snapshot").to_bytes(), bytes, "A: {a}: not deterministic across a restore");
    again.exec_sync("true");
    expected.stdout
}

#[test]
fn files_directories_links_pipes_modes_and_times() {
    let out = same_after_restore(
        "mkdir -p d/e; echo hi > d/e/f; ln -s d/e/f l; ln d/e/f h; chmod 640 d/e/f; touch -d '2020-01-02 03:04:05' d/e/f; mkfifo p; mkdir -m 700 priv; rm -f /etc/group",
        "ls -l --time-style=+%F d/e | sed 1d; cat l h; stat -c '%a %h %F' d/e/f p priv; readlink l; ls /etc",
    );
    assert!(out.contains("hi\nhi\n640 2 regular file\n"), "{out}");
}

#[test]
fn large_and_binary_files_split_into_chunks() {
    let out = same_after_restore(
        "head -c 200000 /dev/zero | tr '\\0' a > big; printf 'x\\0y\\377' > bin; cp big big2; echo tail >> big2",
        "wc -c big big2 bin; md5sum big big2 bin; od -c bin | head -1",
    );
    assert!(out.contains("200000 big\n"), "{out}");
}

#[test]
fn variables_with_their_attributes() {
    same_after_restore(
        "x=1; declare -i n=5; declare -r RO=ro; declare -x EX=ex; declare -a arr=([3]=c [1]=a); declare -A m=([z]=1 [a]=2 [m]=3 [k]=4); m[b]=5; unset 'm[a]'; declare -l low=ABC; declare -u up=abc; declare -n ref=x; declare -a empty; declare -x only_declared",
        "declare -p x n RO EX arr m low up ref empty only_declared; echo ${!m[@]} / ${m[@]}; n+=2; echo $n; ref=9; echo $x; RO=1; echo $?; env | grep -c '^EX=ex'; low=XyZ; echo $low",
    );
}

#[test]
fn functions_with_their_attributes() {
    same_after_restore(
        "f() { local a=$1; echo \"f $a\"; }; g() { for i in 1 2; do f $i; done | tac; }; export -f f; readonly -f g; h() ( echo sub; ); function k { [[ $1 == @(a|b) ]] && echo yes; }",
        "g; h; k a; declare -F; declare -f f k; g() { :; }; echo $?",
    );
}

#[test]
fn aliases_and_options() {
    same_after_restore(
        "shopt -s expand_aliases; alias ll='echo LL'; set -o pipefail; shopt -s nullglob extglob; set -u",
        "ll; false | true; echo $?; echo $-; shopt -p nullglob extglob; echo @(a|b) /nothing*; echo $undefined_variable",
    );
}

#[test]
fn directories_umask_and_the_stack() {
    same_after_restore(
        "mkdir -p /tmp/a /tmp/b; cd /tmp/a; pushd /tmp/b >/dev/null; umask 027",
        "pwd; echo $OLDPWD $PWD; dirs; umask; touch f; stat -c %a f; cd -; popd",
    );
}

#[test]
fn traps_positional_parameters_and_status() {
    same_after_restore("trap 'echo usr1' USR1; trap '' INT; set -- a 'b c' d; false", "echo $?; trap -p; kill -USR1 $$; echo $#; printf '[%s]' \"$@\"; shift; echo $1");
}

#[test]
fn random_hash_history_and_last_argument() {
    same_after_restore("RANDOM=42; echo $RANDOM; hash cat; cat </dev/null; set -o history; echo one", "echo $RANDOM $RANDOM; hash -t cat; type cat; echo $_; history | wc -l");
}

#[test]
fn getopts_inside_a_cluster() {
    same_after_restore("set -- -ab c; getopts ab o; echo $o $OPTIND", "getopts ab o; echo $o $OPTIND; getopts ab o; echo $? $OPTIND");
}

#[test]
fn a_fork_goes_on_independently() {
    let mut base = Bash::new();
    base.exec_sync("echo base > f; n=0");
    let snap = base.snapshot().unwrap();
    let mut a = Bash::builder().restore(&snap).build().unwrap();
    let mut b = Bash::builder().restore(&snap).build().unwrap();
    a.exec_sync("echo a >> f; n=1");
    b.exec_sync("echo b >> f; n=2");
    assert_eq!(a.exec_sync("cat f; echo $n").stdout, "base\na\n1\n");
    assert_eq!(b.exec_sync("cat f; echo $n").stdout, "base\nb\n2\n");
    assert_eq!(base.exec_sync("cat f; echo $n").stdout, "base\n0\n");
}

#[test]
fn bash_tool_snapshot_and_restore() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let mut tool = BashTool::builder().build();
        tool.execute(ToolRequest::new("cd /tmp; echo kept > k; v=7")).await;
        let snap = tool.snapshot().unwrap();
        tool.execute(ToolRequest::new("rm k; v=8; cd /")).await;
        tool.restore(&snap).unwrap();
        let r = tool.execute(ToolRequest::new("pwd; cat k; echo $v")).await;
        assert_eq!(r.stdout, "/tmp\nkept\n7\n");
        let mut other = BashTool::builder().build();
        other.restore(&Snapshot::from_bytes(&snap.to_bytes()).unwrap()).unwrap();
        assert_eq!(other.execute(ToolRequest::new("cat /tmp/k")).await.stdout, "kept\n");
    });
}

#[test]
fn the_same_state_gives_the_same_bytes() {
    let script = "declare -A m; for k in q w e r t y; do m[$k]=$k; done; for i in 1 2 3; do echo $i > /tmp/f$i; done; touch -d @0 /tmp/f*";
    let mut a = Bash::new();
    a.exec_sync(script);
    let one = a.snapshot().unwrap().to_bytes();
    assert_eq!(a.snapshot().unwrap().to_bytes(), one);
    assert!(one.starts_with(b"KITSH-SNAPSHOT"));
}

fn sample() -> Vec<u8> {
    let mut bash = Bash::new();
    bash.exec_sync("x=1; f() { echo f; }; head -c 100000 /dev/urandom > r; echo small > s");
    bash.snapshot().unwrap().to_bytes()
}

fn corrupt(r: Result<Snapshot, SnapshotError>) -> String {
    match r {
        Err(e @ SnapshotError::Corrupt(_)) => e.to_string(),
        Err(e) => panic!("expected a corrupt snapshot, got {e}"),
        Ok(_) => panic!("a damaged snapshot was accepted"),
    }
}

#[test]
fn truncated_and_bit_flipped_bytes_are_refused() {
    let bytes = sample();
    for cut in [0, 5, 14, 18, 40, bytes.len() / 2, bytes.len() - 1] {
        let msg = corrupt(Snapshot::from_bytes(&bytes[..cut]));
        assert!(msg.starts_with("snapshot is corrupt: "), "{msg}");
    }
    for at in (0..bytes.len()).step_by(997) {
        let mut b = bytes.clone();
        b[at] ^= 0x10;
        if (14..18).contains(&at) {
            continue; // the version field: a newer version is its own error
        }
        corrupt(Snapshot::from_bytes(&b));
    }
    assert_eq!(corrupt(Snapshot::from_bytes(b"hello")), "snapshot is corrupt: not a kitsh snapshot (no KITSH-SNAPSHOT header)");
}

/// Recompute the trailing checksum after an edit (as a forger would).
fn reseal(mut b: Vec<u8>) -> Vec<u8> {
    use sha2::Digest;
    let n = b.len() - 32;
    let sum: [u8; 32] = sha2::Sha256::digest(&b[..n]).into();
    b[n..].copy_from_slice(&sum);
    b
}

#[test]
fn a_newer_format_is_named() {
    let mut b = sample();
    b[14..18].copy_from_slice(&99u32.to_le_bytes());
    let err = Snapshot::from_bytes(&reseal(b)).unwrap_err();
    assert_eq!(err.to_string(), format!("snapshot format 99 is newer than this kitsh ({})", kitsh::FORMAT_VERSION));
}

#[test]
fn a_chunk_that_does_not_match_its_hash_is_refused() {
    let bytes = sample();
    // The random file's chunk is the largest run of bytes: change one in its middle.
    let mut b = bytes.clone();
    let at = bytes.len() - 32 - 50_000;
    b[at] ^= 1;
    let msg = corrupt(Snapshot::from_bytes(&reseal(b)));
    assert!(msg.contains("does not match its hash"), "{msg}");
}

#[test]
fn a_snapshot_over_the_builders_limits_is_refused_before_it_is_built() {
    let snap = Snapshot::from_bytes(&sample()).unwrap();
    let err = Bash::builder().limits(ExecutionLimits::new().max_fs_bytes(50_000)).restore(&snap).build().err().expect("refused");
    assert!(err.to_string().starts_with("snapshot exceeds max_fs_bytes ("), "{err}");
    let err = Bash::builder().limits(ExecutionLimits::new().max_fs_files(1)).restore(&snap).build().err().expect("refused");
    assert!(err.to_string().starts_with("snapshot exceeds max_fs_files ("), "{err}");
}

#[test]
fn mutated_snapshots_never_panic() {
    let bytes = sample();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..300 {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let mut b = bytes.clone();
        let at = (seed as usize) % b.len();
        b[at] = (seed >> 32) as u8;
        let b = reseal(b);
        if let Ok(s) = Snapshot::from_bytes(&b) {
            if let Ok(mut bash) = Bash::builder().restore(&s).build() {
                bash.exec_sync("ls -R / >/dev/null; declare -p >/dev/null; declare -f >/dev/null");
            }
        }
    }
}

#[test]
fn background_jobs_have_ended_when_a_call_returns() {
    // A call waits for its background jobs (their output belongs to it), so a snapshot between
    // calls never meets a running job; the restored session starts with no jobs.
    let mut bash = Bash::new();
    bash.exec_sync("sleep 0.2 & echo started");
    let snap = bash.snapshot().expect("no job runs between calls");
    let mut restored = Bash::builder().restore(&snap).build().unwrap();
    assert_eq!(restored.exec_sync("jobs; wait; echo $?").stdout, "0\n");
}

// SES-12b: every call starts with its own standard descriptors; those `exec` opened from 3 up
// close when the call ends.

#[test]
fn exec_redirections_last_for_their_own_call_only() {
    let mut bash = Bash::new();
    let r = bash.exec_sync("exec >/tmp/out; echo into-the-file; echo to-stderr >&2");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("", "to-stderr\n"));
    let r = bash.exec_sync("echo next; cat /tmp/out");
    assert_eq!(r.stdout, "next\ninto-the-file\n");
    let r = bash.exec_sync("exec 2>&1; echo err >&2");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("err\n", ""));
    let r = bash.exec_sync("echo err >&2");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("", "err\n"));
    let r = bash.exec_sync("exec 3>/tmp/three; echo a >&3");
    assert_eq!(r.exit_code, 0);
    let r = bash.exec_sync("echo b >&3; cat /tmp/three");
    assert_eq!(r.stdout, "a\n");
    assert_eq!(r.stderr, "kitsh: line 1: 3: Bad file descriptor\n");
    let r = bash.exec_sync("exec 0</tmp/three; read l; echo $l");
    assert_eq!(r.stdout, "a\n");
    assert_eq!(bash.exec_sync("read l; echo $?").stdout, "1\n");
}

#[test]
fn bash_tool_calls_start_with_their_own_descriptors() {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    rt.block_on(async {
        let mut tool = BashTool::builder().build();
        let r = tool.execute(ToolRequest::new("exec >/tmp/log 2>&1; echo hidden")).await;
        assert_eq!(r.stdout, "");
        let r = tool.execute(ToolRequest::new("echo shown; cat /tmp/log")).await;
        assert_eq!(r.stdout, "shown\nhidden\n");
        // The same after a restore.
        tool.execute(ToolRequest::new("exec >/tmp/log2")).await;
        let snap = tool.snapshot().unwrap();
        let mut other = BashTool::builder().build();
        other.restore(&snap).unwrap();
        assert_eq!(other.execute(ToolRequest::new("echo visible")).await.stdout, "visible\n");
    });
}

#[test]
fn a_session_without_its_home_directory_restores_as_it_was() {
    same_after_restore("cd /; rm -rf /home/user /tmp", "ls /home; echo $HOME; cd; echo $?; pwd");
}

#[test]
fn the_same_call_on_the_same_state_gives_the_same_snapshot() {
    let mut a = Bash::new();
    a.exec_sync("x=1; cd /tmp; echo hi > f");
    let s1 = a.snapshot().unwrap();
    let mut b = Bash::builder().restore(&s1).build().unwrap();
    b.exec_sync("echo $x; cat f; pwd");
    let s2 = b.snapshot().unwrap();
    let mut c = Bash::builder().restore(&s2).build().unwrap();
    c.exec_sync("echo $x; cat f; pwd");
    let s3 = c.snapshot().unwrap();
    assert_eq!(s2.diff(&s3), Vec::new());
    assert!(s2.to_bytes() == s3.to_bytes(), "a read-only call changed the snapshot");
}

/// Random bytes come from the operating system (getrandom), never from a state a session or a
/// snapshot holds: two fresh sessions, and two restores of one snapshot, read different bytes.
#[test]
fn urandom_and_srandom_differ_across_sessions_and_restores() {
    let read = "head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \\n'; echo; echo $SRANDOM; mktemp -u";
    let (mut a, mut b) = (Bash::new(), Bash::new());
    let (ra, rb) = (a.exec_sync(read).stdout, b.exec_sync(read).stdout);
    assert_ne!(ra, rb);
    assert_eq!(ra.lines().next().map(str::len), Some(64), "{ra}");
    let snap = a.snapshot().unwrap();
    let mut c = Bash::builder().restore(&snap).build().unwrap();
    let mut d = Bash::builder().restore(&snap).build().unwrap();
    let (rc, rd) = (c.exec_sync(read).stdout, d.exec_sync(read).stdout);
    for (x, y) in rc.lines().zip(rd.lines()) {
        assert_ne!(x, y, "two restores of one snapshot read the same random value");
    }
}
