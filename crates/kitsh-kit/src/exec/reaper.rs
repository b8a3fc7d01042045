//! Finding and killing whatever a run left behind (KIT-16).
//!
//! kitsh becomes a child subreaper (`PR_SET_CHILD_SUBREAPER`, Linux) the first time it runs a
//! tool, so a descendant whose parent dies is re-parented to kitsh instead of init. Each run is
//! registered with the pid and start time of its main process; a tracker thread (one for the
//! whole process, asleep while no run is live) scans `/proc/*/stat` every 25 ms and records every
//! process that descends from a run: its parent, process group or session is the run's main
//! process or an already recorded member. Records are `(pid, start time)` pairs, so a reused
//! pid never matches. A process that escaped (`setsid`) and whose parent died between two scans
//! is still found when the run ends: it is then a child of kitsh, not the main process of any
//! live run nor recorded by one, started after this run's main process, and its
//! `/proc/PID/environ` holds this run's `KITSH_TOOL=NAME`.
//!
//! When a run ends, [`sweep`] repeats until nothing is left: SIGKILL to the run's group and to
//! every live member (and to its group when it leads one), `waitpid` on members that are
//! zombies re-parented to kitsh. Only pids attributed to the run are waited for, never
//! `waitpid(-1)`, so children of other code in the process keep their exit statuses.

use std::collections::{HashMap, HashSet};
use std::io;
use std::sync::{Condvar, LazyLock, Mutex, MutexGuard, Once};
use std::time::Duration;

use rustix::process::{kill_process, kill_process_group, Pid, Signal, WaitOptions};

/// How often the tracker scans `/proc` while runs are live.
const SCAN_EVERY: Duration = Duration::from_millis(25);

/// One process as `/proc/PID/stat` shows it.
#[derive(Debug, Clone, Copy)]
struct Proc {
    pid: i32,
    ppid: i32,
    pgrp: i32,
    sid: i32,
    /// Start time in clock ticks after boot: with the pid, identifies the process.
    start: u64,
    zombie: bool,
}

/// A live run.
#[derive(Debug)]
struct Track {
    /// `KITSH_TOOL=NAME\0` as it appears in the environ of the run's processes.
    needle: Vec<u8>,
    /// The main process.
    root: i32,
    /// Its start time.
    root_start: u64,
    /// Recorded members: pid → start time.
    known: HashMap<i32, u64>,
}

/// The live runs, by id.
#[derive(Debug, Default)]
struct Registry {
    next: u64,
    runs: HashMap<u64, Track>,
}

/// The registry and the condition the tracker sleeps on while it is empty.
static STATE: LazyLock<(Mutex<Registry>, Condvar)> = LazyLock::new(Default::default);

/// Makes kitsh a child subreaper and starts the tracker thread, once per process.
pub(crate) fn init() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        #[cfg(target_os = "linux")]
        {
            // Without it escaped processes go to init and are still found by the scans while
            // their parent lives; nothing else changes.
            let _ = rustix::process::set_child_subreaper(Some(rustix::process::getpid()));
        }
        let _ = std::thread::Builder::new()
            .name("kitsh-kit-tracker".into())
            .spawn(tracker);
    });
}

/// The registry, even after a panic elsewhere.
fn registry() -> MutexGuard<'static, Registry> {
    STATE
        .0
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Spawns `command` and registers the run under the registry lock, so the sweep of another run
/// never sees the new main process unregistered. Returns the child and the run's id.
pub(crate) fn spawn(
    command: &mut tokio::process::Command,
    tool: &str,
) -> io::Result<(tokio::process::Child, u64)> {
    start(tool, || {
        let child = command.spawn()?;
        let root = child
            .id()
            .and_then(|pid| i32::try_from(pid).ok())
            .unwrap_or(0);
        Ok((child, root))
    })
}

/// Runs `spawn` (which starts the run's main process and returns it with its pid) and
/// registers the run, both under the registry lock (see [`spawn`]). Returns the child and the
/// run's id.
pub(crate) fn start<C>(
    tool: &str,
    spawn: impl FnOnce() -> io::Result<(C, i32)>,
) -> io::Result<(C, u64)> {
    let mut reg = registry();
    let (child, root) = spawn()?;
    let root_start = read_stat(root).map(|p| p.start).unwrap_or(0);
    reg.next += 1;
    let id = reg.next;
    let mut needle = format!("KITSH_TOOL={tool}").into_bytes();
    needle.push(0);
    reg.runs.insert(
        id,
        Track {
            needle,
            root,
            root_start,
            known: HashMap::new(),
        },
    );
    STATE.1.notify_all();
    Ok((child, id))
}

/// Sends `signal` to the run's process group (while the main process may still live).
pub(crate) fn signal_group(id: u64, signal: Signal) {
    let root = registry().runs.get(&id).map(|t| t.root);
    if let Some(pid) = root.and_then(Pid::from_raw) {
        let _ = kill_process_group(pid, signal);
    }
}

/// One sweep of a finished run (its main process already waited for): kills its group and
/// every live member, reaps members that are zombie children of kitsh. Returns whether nothing
/// of the run is left; then the run is unregistered.
pub(crate) fn sweep(id: u64) -> bool {
    let procs = snapshot();
    let me = rustix::process::getpid().as_raw_pid();
    let mut reg = registry();
    let Some(track) = reg.runs.get(&id) else {
        return true;
    };
    let root_reused = procs
        .iter()
        .any(|p| p.pid == track.root && p.start != track.root_start);
    if !root_reused {
        if let Some(pid) = Pid::from_raw(track.root) {
            let _ = kill_process_group(pid, Signal::KILL);
        }
    }
    let found = members(&reg, id, &procs, me, true);
    let mut left = false;
    for p in &found {
        let Some(pid) = Pid::from_raw(p.pid) else {
            continue;
        };
        if p.zombie {
            if p.ppid == me {
                // The zombie is ours and attributed to this run: collect it.
                let _ = rustix::process::waitpid(Some(pid), WaitOptions::NOHANG);
                left = true;
            }
        } else {
            if p.pgrp == p.pid {
                let _ = kill_process_group(pid, Signal::KILL);
            }
            let _ = kill_process(pid, Signal::KILL);
            left = true;
        }
    }
    if let Some(track) = reg.runs.get_mut(&id) {
        track.known.extend(found.iter().map(|p| (p.pid, p.start)));
    }
    if !left {
        reg.runs.remove(&id);
    }
    !left
}

/// Unregisters a run without sweeping (the sweep gave up).
pub(crate) fn forget(id: u64) {
    registry().runs.remove(&id);
}

/// The processes attributed to run `id` (see the module docs); `fallback` adds the environ rule.
fn members(reg: &Registry, id: u64, procs: &[Proc], me: i32, fallback: bool) -> Vec<Proc> {
    let Some(track) = reg.runs.get(&id) else {
        return Vec::new();
    };
    let mut anchors: HashSet<i32> = HashSet::new();
    if !procs
        .iter()
        .any(|p| p.pid == track.root && p.start != track.root_start)
    {
        anchors.insert(track.root);
    }
    let mut taken: HashSet<i32> = HashSet::new();
    let mut out = Vec::new();
    for p in procs {
        if track.known.get(&p.pid) == Some(&p.start) {
            anchors.insert(p.pid);
            taken.insert(p.pid);
            out.push(*p);
        }
    }
    let others: HashSet<i32> = reg
        .runs
        .iter()
        .filter(|(other, _)| **other != id)
        .flat_map(|(_, t)| std::iter::once(t.root).chain(t.known.keys().copied()))
        .collect();
    loop {
        let mut changed = false;
        for p in procs {
            if p.pid == me
                || taken.contains(&p.pid)
                || p.pid == track.root
                || p.start < track.root_start
            {
                continue;
            }
            let descends =
                anchors.contains(&p.ppid) || anchors.contains(&p.pgrp) || anchors.contains(&p.sid);
            let escaped = fallback
                && !descends
                && p.ppid == me
                && !p.zombie
                && !others.contains(&p.pid)
                && !others.contains(&p.pgrp)
                && environ_has(p.pid, &track.needle);
            if descends || escaped {
                anchors.insert(p.pid);
                taken.insert(p.pid);
                out.push(*p);
                changed = true;
            }
        }
        if !changed {
            return out;
        }
    }
}

/// The tracker thread: while runs are live, records their members every [`SCAN_EVERY`].
fn tracker() {
    let me = rustix::process::getpid().as_raw_pid();
    loop {
        {
            let mut reg = registry();
            while reg.runs.is_empty() {
                reg = STATE
                    .1
                    .wait(reg)
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
            }
        }
        let procs = snapshot();
        {
            let mut reg = registry();
            let ids: Vec<u64> = reg.runs.keys().copied().collect();
            for id in ids {
                let found = members(&reg, id, &procs, me, false);
                if let Some(track) = reg.runs.get_mut(&id) {
                    track.known.extend(found.iter().map(|p| (p.pid, p.start)));
                }
            }
        }
        std::thread::sleep(SCAN_EVERY);
    }
}

/// Every process in `/proc` (empty where there is no `/proc`).
fn snapshot() -> Vec<Proc> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<i32>().ok())
        .filter_map(read_stat)
        .collect()
}

/// `/proc/PID/stat`, parsed after the command name (which may hold spaces and parentheses).
fn read_stat(pid: i32) -> Option<Proc> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &text[text.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    Some(Proc {
        pid,
        zombie: *fields.first()? == "Z",
        ppid: fields.get(1)?.parse().ok()?,
        pgrp: fields.get(2)?.parse().ok()?,
        sid: fields.get(3)?.parse().ok()?,
        start: fields.get(19)?.parse().ok()?,
    })
}

/// Whether `/proc/PID/environ` holds `needle` (`KITSH_TOOL=NAME\0`) as a whole entry.
fn environ_has(pid: i32, needle: &[u8]) -> bool {
    let Ok(environ) = std::fs::read(format!("/proc/{pid}/environ")) else {
        return false;
    };
    environ
        .split(|b| *b == 0)
        .any(|entry| entry.len() + 1 == needle.len() && needle.starts_with(entry))
}
