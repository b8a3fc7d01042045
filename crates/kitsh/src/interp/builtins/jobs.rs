//! `jobs`, and the job specifications (`%1`, `%+`, `%-`, `%name`, `%?text`) that `wait` and
//! `kill` share.
//!
//! Background jobs run to completion when they start (see `Shell::run_item`); until `wait`
//! collects one, `jobs` lists it as running, as bash would list a job started just before.

use super::parse_flags;
use crate::interp::{Exec, Job, Shell};

/// The position in `sh.jobs` of the job `spec` names (`spec` without the `%`), among jobs
/// not yet collected by `wait`.
pub(crate) fn find_job(sh: &Shell, spec: &str) -> Option<usize> {
    let live: Vec<usize> = (0..sh.job_table.list.len()).filter(|&i| sh.job_table.list[i].is_live()).collect();
    match spec {
        "" | "+" | "%" => live.last().copied(),
        "-" => live.len().checked_sub(2).map(|i| live[i]).or_else(|| live.last().copied()),
        _ => {
            if let Ok(n) = spec.parse::<usize>() {
                return live.into_iter().find(|&i| sh.job_table.list[i].id == n);
            }
            let matches = |j: &Job| match spec.strip_prefix('?') {
                Some(text) => j.text.contains(text),
                None => j.text.starts_with(spec),
            };
            live.into_iter().rev().find(|&i| matches(&sh.job_table.list[i]))
        }
    }
}

/// The `+` / `-` / ` ` mark of job `i`: the current and the previous job.
fn mark(sh: &Shell, i: usize) -> char {
    if find_job(sh, "+") == Some(i) {
        '+'
    } else if find_job(sh, "-") == Some(i) {
        '-'
    } else {
        ' '
    }
}

/// `jobs [-lnprs] [JOBSPEC...]`
pub fn jobs(sh: &mut Shell, args: &[String]) -> Exec {
    let usage = "jobs: usage: jobs [-lnprs] [jobspec ...] or jobs -x command [args]\n";
    let (flags, first) = match parse_flags(sh, args, "jobs", "lnprs", usage, false) {
        Ok(v) => v,
        Err(status) => return Ok(status),
    };
    let operands = &args[first..];
    let mut picked = Vec::new();
    let mut status = 0;
    if operands.is_empty() {
        picked.extend((0..sh.job_table.list.len()).filter(|&i| sh.job_table.list[i].is_live()));
    }
    for spec in operands {
        match spec.strip_prefix('%').and_then(|s| find_job(sh, s)).or_else(|| find_job(sh, spec)) {
            Some(i) => picked.push(i),
            None => {
                sh.builtin_error("jobs", &format!("{spec}: no such job"));
                status = 1;
            }
        }
    }
    let mut out = String::new();
    for i in picked {
        let j = &sh.job_table.list[i];
        if flags.contains(&'s') {
            continue;
        }
        if flags.contains(&'p') {
            out.push_str(&format!("{}\n", j.pid));
        } else if flags.contains(&'l') {
            out.push_str(&format!("[{}]{}  {} {:<24}{} &\n", j.id, mark(sh, i), j.pid, "Running", j.text));
        } else {
            out.push_str(&format!("[{}]{}  {:<24}{} &\n", j.id, mark(sh, i), "Running", j.text));
        }
    }
    sh.out(out.as_bytes());
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn lists_running_jobs() {
        assert_eq!(out("sleep 0.2 & sleep 0.2 | cat & jobs"), "[1]-  Running                 sleep 0.2 &\n[2]+  Running                 sleep 0.2 | cat &\n0");
        assert_eq!(out("sleep 0.05 & sleep 0.4 & wait %1; jobs"), "[2]+  Running                 sleep 0.4 &\n0");
        assert_eq!(out("sleep 0.1 & jobs -p"), "1000\n0");
        assert_eq!(out("sleep 0.1 & jobs %2"), "bash: line 1: jobs: %2: no such job\n1");
        assert_eq!(out("sleep 0.2 & (sleep 0.2; echo x) & jobs %sl %?ch"), "[1]-  Running                 sleep 0.2 &\n[2]+  Running                 ( sleep 0.2; echo x ) &\nx\n0");
    }

    #[test]
    fn ended_jobs_leave_the_table() {
        assert_eq!(out("true & sleep 0.05; jobs; wait %1"), "bash: line 1: wait: %1: no such job\n127");
        assert_eq!(out("(exit 3) & sleep 0.05; wait $!"), "3");
    }
}
