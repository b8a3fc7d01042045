//! `fg [JOBSPEC]` and `bg [JOBSPEC...]`: job control over background jobs. A job runs on its
//! own from the moment it starts, so `fg` waits for it (after printing its command, as bash
//! does) and `bg` finds it already running. Both need job control (`set -m`) both now and when
//! the job was started, as in bash.

use super::jobs::find_job;
use super::wait::await_job;
use crate::interp::options::MONITOR;
use crate::interp::{Exec, Shell};

/// The job an operand names (`%N`, `N`, `%+`, `%?text`, ...; none: the current job), or the
/// error bash prints and its status.
fn job_for(sh: &Shell, name: &str, spec: Option<&String>) -> Result<usize, i32> {
    let found = match spec {
        None => find_job(sh, "+"),
        Some(s) => find_job(sh, s.strip_prefix('%').unwrap_or(s)),
    };
    let Some(k) = found else {
        let what = spec.map_or("current", |s| s.as_str());
        sh.builtin_error(name, &format!("{what}: no such job"));
        return Err(1);
    };
    if !sh.job_table.list[k].monitor {
        sh.builtin_error(name, &format!("job {} started without job control", sh.job_table.list[k].id));
        return Err(1);
    }
    Ok(k)
}

/// Operands after an optional `--`.
fn operands(args: &[String]) -> &[String] {
    let rest = args.get(1..).unwrap_or(&[]);
    match rest.first() {
        Some(a) if a == "--" => &rest[1..],
        _ => rest,
    }
}

/// `fg`
pub fn fg(sh: &mut Shell, args: &[String]) -> Exec {
    if !sh.set_opt(MONITOR) {
        sh.builtin_error("fg", "no job control");
        return Ok(1);
    }
    let k = match job_for(sh, "fg", operands(args).first()) {
        Ok(k) => k,
        Err(status) => return Ok(status),
    };
    let mut line = sh.job_table.list[k].text.clone();
    line.push('\n');
    sh.out(line.as_bytes());
    Ok(await_job(sh, k).unwrap_or_else(|interrupted| interrupted))
}

/// `bg`
pub fn bg(sh: &mut Shell, args: &[String]) -> Exec {
    if !sh.set_opt(MONITOR) {
        sh.builtin_error("bg", "no job control");
        return Ok(1);
    }
    let specs = operands(args);
    let specs: Vec<Option<&String>> = if specs.is_empty() { vec![None] } else { specs.iter().map(Some).collect() };
    let mut status = 0;
    for spec in specs {
        match job_for(sh, "bg", spec) {
            Ok(k) => sh.builtin_error("bg", &format!("job {} already in background", sh.job_table.list[k].id)),
            Err(s) => status = s,
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    // `out` gives stdout, then stderr, then the status.
    use super::super::run_for_test as out;

    #[test]
    fn fg_waits_for_the_job_and_prints_it() {
        assert_eq!(out("set -m; (exit 3) & fg; echo st=$?"), "( exit 3 )\nst=3\n0");
        assert_eq!(out("set -m; sleep 0.05 & fg %1; echo st=$?; fg; echo st=$?"), "sleep 0.05\nst=0\nst=1\nbash: line 1: fg: current: no such job\n0");
    }

    #[test]
    fn needs_job_control() {
        assert_eq!(out("true & fg; echo $?"), "1\nbash: line 1: fg: no job control\n0");
        assert_eq!(out("true & set -m; fg; echo $?; bg; echo $?"), "1\n1\nbash: line 1: fg: job 1 started without job control\nbash: line 1: bg: job 1 started without job control\n0");
        assert_eq!(out("set -m; true & bg; echo $?; bg %4; echo $?"), "0\n1\nbash: line 1: bg: job 1 already in background\nbash: line 1: bg: %4: no such job\n0");
    }
}
