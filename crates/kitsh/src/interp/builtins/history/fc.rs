//! `fc`: list history entries (`fc -l [-nr] [FIRST [LAST]]`) or run one again
//! (`fc -s [OLD=NEW] [COMMAND]`, also `fc -e - ...`). The command line running `fc` itself
//! is in the list when history is recorded, and never counts as "the last command".
//! Editing entries with an editor is not available in the sandbox.

use crate::interp::options::HISTORY;
use crate::interp::{Exec, Shell};

const USAGE: &str = "fc: usage: fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]\n";

/// Which end of a range a history specification gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    First,
    Last,
}

/// `fc`
pub fn fc(sh: &mut Shell, args: &[String]) -> Exec {
    let (mut list, mut numbers, mut reverse, mut rerun) = (false, true, false, false);
    let mut editor: Option<String> = None;
    let mut i = 1;
    while let Some(a) = args.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        // A negative number is a history specification, not an option.
        if !a.starts_with('-') || a.len() == 1 || a[1..].bytes().all(|b| b.is_ascii_digit()) {
            break;
        }
        for c in a[1..].chars() {
            match c {
                'l' => list = true,
                'n' => numbers = false,
                'r' => reverse = true,
                's' => rerun = true,
                'e' => {
                    i += 1;
                    let Some(e) = args.get(i) else {
                        sh.builtin_error("fc", "-e: option requires an argument");
                        sh.write_fd(2, USAGE.as_bytes());
                        return Ok(2);
                    };
                    editor = Some(e.clone());
                }
                c => {
                    sh.builtin_error("fc", &format!("-{c}: invalid option"));
                    sh.write_fd(2, USAGE.as_bytes());
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let rest = &args[i..];
    if rerun || editor.as_deref() == Some("-") {
        return rerun_entry(sh, rest);
    }
    if !list {
        sh.builtin_error("fc", "editing history entries is not available in the sandbox (use fc -l or fc -s)");
        return Ok(1);
    }
    list_entries(sh, rest, numbers, reverse)
}

/// The entries `fc` may name: all but the command line running `fc` (when recorded).
fn usable(sh: &Shell) -> Vec<String> {
    let mut lines: Vec<String> = sh.history.lines().map(str::to_string).collect();
    if sh.opts.set[HISTORY] && sh.history.current_line_added() {
        lines.pop();
    }
    lines
}

/// The index among `lines` that `spec` names: a number (history number; negative: counting
/// back from the last), or the most recent entry starting with the text. Out-of-range numbers
/// go to the far end of the range, as bash's `fc_gethnum` does when listing.
fn resolve(sh: &Shell, lines: &[String], spec: &str, end: End) -> Option<usize> {
    let last = lines.len().checked_sub(1)?;
    if let Ok(n) = spec.parse::<i64>() {
        return Some(if n < 0 {
            (last as i64 + 1 + n).max(0) as usize
        } else if n == 0 {
            last
        } else {
            match usize::try_from(n).ok()?.checked_sub(sh.history.base()) {
                Some(k) if k <= last => k,
                _ if end == End::First => 0,
                _ => last,
            }
        });
    }
    lines.iter().rposition(|l| l.starts_with(spec))
}

/// `fc -l`: entries FIRST to LAST (default: the last 16), backwards when FIRST is the later
/// one or with `-r`.
fn list_entries(sh: &mut Shell, rest: &[String], numbers: bool, reverse: bool) -> Exec {
    let lines = usable(sh);
    if lines.is_empty() {
        return Ok(0);
    }
    let last_idx = lines.len() - 1;
    let first = match rest.first() {
        Some(s) => resolve(sh, &lines, s, End::First),
        None => Some(last_idx.saturating_sub(15)),
    };
    let last = match rest.get(1) {
        Some(s) => resolve(sh, &lines, s, End::Last),
        None => Some(last_idx),
    };
    let (Some(first), Some(last)) = (first, last) else {
        sh.builtin_error("fc", "history specification out of range");
        return Ok(1);
    };
    let mut order: Vec<usize> = if first <= last { (first..=last).collect() } else { (last..=first).rev().collect() };
    if reverse && first <= last {
        order.reverse();
    }
    let base = sh.history.base();
    let mut out = String::new();
    for k in order {
        if numbers {
            out.push_str(&(base + k).to_string());
        }
        out.push_str("\t ");
        out.push_str(&lines[k]);
        out.push('\n');
    }
    sh.out(out.as_bytes());
    Ok(0)
}

/// `fc -s [OLD=NEW] [COMMAND]`: run an entry again (the last by default) with the first
/// OLD replaced by NEW; it is shown on stderr and takes the place of the `fc` line.
fn rerun_entry(sh: &mut Shell, rest: &[String]) -> Exec {
    let (subst, spec) = match rest.first() {
        Some(a) if a.contains('=') => (a.split_once('='), rest.get(1)),
        first => (None, first),
    };
    let lines = usable(sh);
    let found = match spec {
        Some(s) => resolve(sh, &lines, s, End::Last),
        None => lines.len().checked_sub(1),
    };
    let Some(k) = found else {
        sh.builtin_error("fc", "no command found");
        return Ok(1);
    };
    let mut command = lines[k].clone();
    if let Some((old, new)) = subst.filter(|(old, _)| !old.is_empty()) {
        command = command.replacen(old, new, 1);
    }
    sh.write_fd(2, format!("{command}\n").as_bytes());
    sh.replace_current_history_line(&command);
    sh.run_source(&command, sh.lineno)
}
