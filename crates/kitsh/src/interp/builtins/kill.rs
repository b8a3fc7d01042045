//! `kill [-s SIG | -n NUM | -SIG] PID|JOBSPEC...` and `kill -l|-L [SIG...]`.
//!
//! Only shells of this interpreter can receive signals: `$$`, `$BASHPID` of an enclosing
//! shell (`sh -c "kill -USR1 $$"`), and finished background jobs (which succeed silently).
//! Signals are queued and delivered after the current command (see `interp::trap`).

use super::trap::signal_table;
use crate::interp::{Exec, Shell};
use crate::util::signals;

const USAGE: &str = "kill: usage: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]\n";

fn usage(sh: &mut Shell) -> Exec {
    sh.write_fd(2, USAGE.as_bytes());
    Ok(2)
}

/// `kill -l ARG`: a number (or exit status 128+N) gives the name, a name gives the number.
fn list_one(sh: &mut Shell, a: &str) -> Option<String> {
    if let Ok(mut n) = a.parse::<i32>() {
        if n > 128 {
            n -= 128;
        }
        if n == 0 {
            return Some("EXIT".into());
        }
        if let Some(name) = signals::name(n) {
            return Some(name);
        }
    } else if let Some(n) = signals::number(a) {
        return Some(n.to_string());
    }
    sh.builtin_error("kill", &format!("{a}: invalid signal specification"));
    None
}

/// `kill`
pub fn kill(sh: &mut Shell, args: &[String]) -> Exec {
    let mut sig = 15;
    let mut i = 1;
    if args.len() < 2 {
        return usage(sh);
    }
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "--" => {
                i += 1;
                break;
            }
            "-l" | "-L" => {
                if i + 1 >= args.len() {
                    sh.out(signal_table().as_bytes());
                    return Ok(0);
                }
                let mut out = String::new();
                let mut status = 0;
                for x in &args[i + 1..] {
                    match list_one(sh, x) {
                        Some(s) => {
                            out.push_str(&s);
                            out.push('\n');
                        }
                        None => status = 1,
                    }
                }
                sh.out(out.as_bytes());
                return Ok(status);
            }
            "-s" | "-n" => {
                let Some(spec) = args.get(i + 1) else {
                    sh.builtin_error("kill", &format!("{a}: option requires an argument"));
                    return usage(sh);
                };
                match signals::number(spec) {
                    Some(n) => sig = n,
                    None => {
                        sh.builtin_error("kill", &format!("{spec}: invalid signal specification"));
                        return Ok(1);
                    }
                }
                i += 2;
            }
            s if s.len() > 1 && s.starts_with('-') => {
                match signals::number(&s[1..]) {
                    Some(n) => sig = n,
                    None => {
                        sh.builtin_error("kill", &format!("{}: invalid signal specification", &s[1..]));
                        return Ok(1);
                    }
                }
                i += 1;
            }
            _ => break,
        }
    }
    if i >= args.len() {
        return usage(sh);
    }
    let mut status = 0;
    for a in &args[i..] {
        if let Some(job) = a.strip_prefix('%') {
            match super::jobs::find_job(sh, job) {
                Some(k) => signal(sh, sh.job_table.list[k].pid, sig),
                None => {
                    sh.builtin_error("kill", &format!("{a}: no such job"));
                    status = 1;
                }
            }
            continue;
        }
        let Ok(pid) = a.parse::<u64>() else {
            sh.builtin_error("kill", &format!("{a}: arguments must be process or job IDs"));
            status = 1;
            continue;
        };
        let running_job = sh.job_table.list.iter().any(|j| j.pid == pid && j.slot.end().is_none());
        if pid == sh.proc.pid || pid == sh.proc.bashpid || sh.is_enclosing_shell(pid) || running_job {
            signal(sh, pid, sig);
        } else {
            sh.builtin_error("kill", &format!("({a}) - No such process"));
            status = 1;
        }
    }
    Ok(status)
}

/// Deliver `sig` to the shell (or job) whose `$BASHPID` is `pid`; signal 0 only checks.
fn signal(sh: &Shell, pid: u64, sig: i32) {
    if sig != 0 {
        sh.shared.send_signal(pid, sig);
    }
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn listing() {
        assert_eq!(out("kill -l 9 137 USR1 0"), "KILL\nKILL\n10\nEXIT\n0");
        assert_eq!(out("kill -l 200"), "bash: line 1: kill: 200: invalid signal specification\n1");
    }

    #[test]
    fn errors() {
        assert!(out("kill").starts_with("kill: usage: kill [-s sigspec"));
        assert_eq!(out("kill -9 99999"), "bash: line 1: kill: (99999) - No such process\n1");
        assert_eq!(out("kill %1"), "bash: line 1: kill: %1: no such job\n1");
        assert_eq!(out("kill -BOGUS 1"), "bash: line 1: kill: BOGUS: invalid signal specification\n1");
    }

    #[test]
    fn signals_to_self() {
        assert_eq!(out("trap 'echo got usr1' USR1; kill -USR1 $$; echo after=$?"), "got usr1\nafter=0\n0");
        assert_eq!(out("trap 'false; echo $LINENO usr1' USR1\nsh -c \"kill -USR1 $$\"\necho after=$?"), "1 usr1\nafter=0\n0");
        assert_eq!(out("kill $$; echo not reached"), "143");
        assert_eq!(out("trap '' TERM; kill $$; echo ignored"), "ignored\n0");
    }
}
