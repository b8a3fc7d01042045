//! `wait [-fn] [-p VAR] [ID...]`: wait for background jobs (see `Shell::start_background`).
//! A signal sent to the waiting shell interrupts it with status 128+N.

use std::time::Duration;

use super::jobs::find_job;
use crate::interp::job::JobEnd;
use crate::interp::{Exec, Shell};

/// `wait`
pub fn wait(sh: &mut Shell, args: &[String]) -> Exec {
    let mut next = false;
    let mut pid_var: Option<String> = None;
    let mut i = 1;
    while i < args.len() && args[i].starts_with('-') && args[i].len() > 1 {
        if args[i] == "--" {
            i += 1;
            break;
        }
        let mut chars = args[i][1..].chars();
        while let Some(c) = chars.next() {
            match c {
                'n' => next = true,
                'f' => {}
                'p' => {
                    let rest: String = chars.by_ref().collect();
                    pid_var = if rest.is_empty() {
                        i += 1;
                        args.get(i).cloned()
                    } else {
                        Some(rest)
                    };
                    if pid_var.is_none() {
                        sh.builtin_error("wait", "-p: option requires an argument");
                        return Ok(2);
                    }
                }
                _ => {
                    sh.builtin_error("wait", &format!("-{c}: invalid option"));
                    sh.write_fd(2, b"wait: usage: wait [-fn] [-p var] [id ...]\n");
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let ids = &args[i..];
    let status = if next { wait_next(sh, ids, pid_var.as_deref()) } else if ids.is_empty() { wait_all(sh) } else { wait_ids(sh, ids) };
    sh.last.pipestatus.clear();
    sh.last.pipestatus.push(status);
    Ok(status)
}

/// Wait for job `k` and collect it. `Err(status)`: interrupted (a signal for this shell:
/// 128+N; the script stopped: 1).
pub(crate) fn await_job(sh: &mut Shell, k: usize) -> Result<i32, i32> {
    let slot = sh.job_table.list[k].slot.clone();
    match slot.wait(&sh.shared, sh.proc.bashpid) {
        Ok(end) => Ok(collect(sh, k, end)),
        Err(Some(sig)) => Err(128 + sig),
        Err(None) => Err(1),
    }
}

/// Mark job `k` collected; a job a signal ended is reported as bash reports it (except for
/// the signals a user sends on purpose: INT, TERM, PIPE).
fn collect(sh: &mut Shell, k: usize, end: JobEnd) -> i32 {
    let job = &mut sh.job_table.list[k];
    job.reaped = true;
    if let Some(sig) = end.signal.filter(|s| ![2, 13, 15].contains(s)) {
        let desc = crate::util::signals::description(sig);
        let msg = format!("{} {desc:<24}{}", job.pid, job.text);
        sh.error(&msg);
    }
    end.status
}

/// `wait`: every job; the status is 0.
fn wait_all(sh: &mut Shell) -> i32 {
    for k in 0..sh.job_table.list.len() {
        if !sh.job_table.list[k].reaped {
            if let Err(s) = await_job(sh, k) {
                return s;
            }
        }
    }
    0
}

/// `wait -n [ID...]`: the next job to end (among `ids`, if given); 127 if none runs.
fn wait_next(sh: &mut Shell, ids: &[String], pid_var: Option<&str>) -> i32 {
    let wanted: Vec<usize> = ids.iter().filter_map(|id| resolve(sh, id).ok().flatten()).collect();
    let candidates: Vec<usize> = (0..sh.job_table.list.len()).filter(|&k| sh.job_table.list[k].is_live() && (ids.is_empty() || wanted.contains(&k))).collect();
    if candidates.is_empty() {
        return 127;
    }
    let (k, end) = loop {
        if let Some(sig) = sh.shared.signal_queued_for(sh.proc.bashpid) {
            return 128 + sig;
        }
        if let Some((k, end)) = candidates.iter().find_map(|&k| sh.job_table.list[k].slot.end().map(|e| (k, e))) {
            break (k, end);
        }
        if sh.shared.cancelled() {
            return 1;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    if let Some(var) = pid_var {
        let pid = sh.job_table.list[k].pid.to_string();
        if let Err(m) = sh.assign_scalar(var, pid) {
            sh.builtin_error("wait", &m);
        }
    }
    collect(sh, k, end)
}

/// `wait ID...`: the status of the last one.
fn wait_ids(sh: &mut Shell, ids: &[String]) -> i32 {
    let mut status = 0;
    for id in ids {
        status = match resolve(sh, id) {
            Ok(Some(k)) => match await_job(sh, k) {
                Ok(s) => s,
                Err(s) => return s,
            },
            Ok(None) => 127,
            Err(s) => s,
        };
    }
    status
}

/// The job `id` names (a `%` job spec or a process id); errors are reported here.
/// `Ok(None)`: no such job or process (status 127); `Err(status)`: a malformed id.
fn resolve(sh: &mut Shell, id: &str) -> Result<Option<usize>, i32> {
    if let Some(spec) = id.strip_prefix('%') {
        let k = find_job(sh, spec);
        if k.is_none() {
            sh.builtin_error("wait", &format!("{id}: no such job"));
        }
        return Ok(k);
    }
    let Ok(pid) = id.parse::<u64>() else {
        sh.builtin_error("wait", &format!("`{id}': not a pid or valid job spec"));
        return Err(1);
    };
    // A waited-for process keeps its status (bash remembers recent background pids).
    let k = sh.job_table.list.iter().rposition(|j| j.pid == pid);
    if k.is_none() {
        sh.builtin_error("wait", &format!("pid {id} is not a child of this shell"));
    }
    Ok(k)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn statuses() {
        assert_eq!(out("(exit 3) & p=$!; wait $p; echo $?; wait $p; echo $?"), "3\n3\n0");
        assert_eq!(out("(sleep 0.05; exit 3) & (sleep 0.3; exit 4) & wait %1; echo $? ${PIPESTATUS[@]}; wait %+; echo $?"), "3 3\n4\n0");
        assert_eq!(out("(sleep 0.05; exit 3) & wait %1; wait %1"), "bash: line 1: wait: %1: no such job\n127");
        assert_eq!(out("(exit 3) & (exit 4) & wait; echo $?; wait -n; echo $?"), "0\n127\n0");
        assert_eq!(out("(sleep 0.05; exit 3) & (sleep 0.2; exit 4) & wait -n -p v; echo $? $v; wait -n; echo $?"), "3 1000\n4\n0");
    }

    #[test]
    fn concurrency_and_signals() {
        // The jobs run at the same time: the shorter one ends first.
        assert_eq!(out("for i in 3 2 1; do { sleep 0.${i}5; echo $i; } & done; wait"), "1\n2\n3\n0");
        assert_eq!(out("sleep 5 & kill $!; wait $!"), "143");
        assert_eq!(out("sleep 5 & kill -HUP %1; wait"), "bash: line 1: 1000 Hangup                  sleep 5\n0");
        assert_eq!(out("sleep 0.05 & sleep 0.1; kill $!"), "bash: line 1: kill: (1000) - No such process\n1");
        assert_eq!(out("trap 'echo usr1' USR1; (sleep 0.05; kill -USR1 $$) & wait; echo $?"), "usr1\n138\n0");
    }

    #[test]
    fn errors() {
        assert_eq!(out("wait %nonexistent"), "bash: line 1: wait: %nonexistent: no such job\n127");
        assert_eq!(out("wait zzz"), "bash: line 1: wait: `zzz': not a pid or valid job spec\n1");
        assert_eq!(out("wait 12345678"), "bash: line 1: wait: pid 12345678 is not a child of this shell\n127");
        assert_eq!(out("wait -z"), "bash: line 1: wait: -z: invalid option\nwait: usage: wait [-fn] [-p var] [id ...]\n2");
    }
}
