//! `trap [-lp] [[ACTION] SIGNAL...]`: set, reset, ignore and list trap actions.

use crate::interp::trap::bit;
use crate::interp::{Exec, Shell};
use crate::util::signals;

const USAGE: &str = "trap: usage: trap [-lp] [[arg] signal_spec ...]\n";

/// The key a trap is stored under: `EXIT`, `DEBUG`, `ERR`, `RETURN`, or a signal name
/// without `SIG`.
pub(crate) fn trap_key(spec: &str) -> Option<String> {
    let up = spec.to_ascii_uppercase();
    if matches!(up.as_str(), "DEBUG" | "ERR" | "RETURN") {
        return Some(up);
    }
    match signals::number(spec)? {
        0 => Some("EXIT".into()),
        n => signals::name(n),
    }
}

/// Trap keys in the order `trap -p` lists them: EXIT, signals by number, DEBUG, ERR, RETURN.
fn listing_order(key: &str) -> i32 {
    match key {
        "EXIT" => 0,
        "DEBUG" => 100,
        "ERR" => 101,
        "RETURN" => 102,
        k => signals::number(k).unwrap_or(99),
    }
}

fn shown_name(key: &str) -> String {
    if matches!(key, "EXIT" | "DEBUG" | "ERR" | "RETURN") {
        key.to_string()
    } else {
        format!("SIG{key}")
    }
}

/// `trap -l`: five `N) SIGNAME` entries per line, tab-separated.
pub(crate) fn signal_table() -> String {
    let mut out = String::new();
    for (i, n) in signals::all().enumerate() {
        let name = signals::name(n).unwrap_or_default();
        out.push_str(&format!("{n:2}) SIG{name}"));
        out.push(if i % 5 == 4 { '\n' } else { '\t' });
    }
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn print_traps(sh: &mut Shell, keys: &[String]) {
    let mut out = String::new();
    for k in keys {
        if let Some((_, a)) = sh.listed_traps().find(|(name, _)| *name == k) {
            out.push_str("trap -- ");
            // bash quotes with single quotes only (newlines and control characters stay as they are).
            out.push_str(&crate::util::quote::single_quote(a));
            out.push(' ');
            out.push_str(&shown_name(k));
            out.push('\n');
        }
    }
    sh.out(out.as_bytes());
}

/// `trap`
pub fn trap(sh: &mut Shell, args: &[String]) -> Exec {
    let (flags, i) = match super::parse_flags(sh, args, "trap", "lp", USAGE, false) {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let (list, print) = (flags.contains(&'l'), flags.contains(&'p'));
    let rest = &args[i.min(args.len())..];
    if list {
        sh.out(signal_table().as_bytes());
        return Ok(0);
    }
    if rest.is_empty() || print {
        let mut status = 0;
        let keys: Vec<String> = if rest.is_empty() {
            let mut ks: Vec<String> = sh.listed_traps().map(|(k, _)| k.clone()).collect();
            ks.sort_by_key(|k| listing_order(k));
            ks
        } else {
            let mut ks = Vec::new();
            for s in rest {
                match trap_key(s) {
                    Some(k) => ks.push(k),
                    None => {
                        sh.builtin_error("trap", &format!("{s}: invalid signal specification"));
                        status = 1;
                    }
                }
            }
            ks
        };
        print_traps(sh, &keys);
        return Ok(status);
    }
    // One operand that names no signal: bash prints the usage.
    if rest.len() == 1 && trap_key(&rest[0]).is_none() {
        sh.write_fd(2, USAGE.as_bytes());
        return Ok(2);
    }
    // `trap SIG`, `trap - SIG...` and `trap N SIG...` (a number first) reset.
    let reset = rest.len() == 1 || rest[0] == "-" || (!rest[0].is_empty() && rest[0].bytes().all(|b| b.is_ascii_digit()));
    let (action, sigs) = if reset && rest.len() == 1 {
        (None, rest)
    } else if reset && rest[0] == "-" {
        (None, &rest[1..])
    } else if reset {
        (None, rest)
    } else {
        (Some(rest[0].clone()), &rest[1..])
    };
    let mut status = 0;
    sh.traps.inherited = None;
    for s in sigs {
        let Some(key) = trap_key(s) else {
            sh.builtin_error("trap", &format!("{s}: invalid signal specification"));
            status = 1;
            continue;
        };
        // A signal ignored when a non-interactive shell started can be neither trapped nor
        // reset, and trying is not an error.
        if !sh.opts.interactive && signals::number(&key).is_some_and(|n| sh.traps.is_hard_ignored(n)) {
            continue;
        }
        let b = match key.as_str() {
            "DEBUG" => bit::DEBUG,
            "ERR" => bit::ERR,
            "RETURN" => bit::RETURN,
            _ => 0,
        };
        // A trap set here fires here, even inside a function that did not inherit it.
        sh.trap_state.off &= !b;
        match &action {
            Some(a) => {
                sh.traps.actions.insert(key, a.clone());
            }
            None => {
                sh.traps.actions.remove(&key);
            }
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn listing() {
        let s = "trap 'echo r' RETURN; trap 'x' USR1 INT; trap : EXIT; trap '' TERM; trap 'd' ERR; trap -p; trap -p INT EXIT";
        let want = "trap -- ':' EXIT\ntrap -- 'x' SIGINT\ntrap -- 'x' SIGUSR1\ntrap -- '' SIGTERM\ntrap -- 'd' ERR\ntrap -- 'echo r' RETURN\n\
                    trap -- 'x' SIGINT\ntrap -- ':' EXIT\n0";
        assert_eq!(out(s), want);
        assert!(out("trap -l").starts_with(" 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP\n"));
    }

    #[test]
    fn reset_forms() {
        assert_eq!(out("trap x INT; trap 1 INT; trap -p; trap y EXIT; trap 0; trap -p; trap z USR1; trap USR1; trap -p"), "0");
        assert_eq!(out("trap x INT; trap - INT; trap -p"), "0");
    }

    #[test]
    fn errors() {
        assert_eq!(out("trap -p FOO"), "bash: line 1: trap: FOO: invalid signal specification\n1");
        assert_eq!(out("trap -x"), "bash: line 1: trap: -x: invalid option\ntrap: usage: trap [-lp] [[arg] signal_spec ...]\n2");
    }

    #[test]
    fn debug_trap_lineno_and_status() {
        let s = "f() { echo \"  [$1]\"; return 42; }\ntrap 'f $LINENO' DEBUG\necho status=$?\necho A";
        assert_eq!(out(s), "  [3]\nstatus=0\n  [4]\nA\n0");
        let s = "set -e\nf() { echo \"  [$1]\"; return 42; }\ntrap 'f $LINENO' DEBUG\necho A";
        assert_eq!(out(s), "  [4]\n42");
    }

    #[test]
    fn not_inherited_by_functions() {
        let s = "trap 'echo err' ERR; f() { false; echo in; }; f; g() { false; }; g; ( false ); echo end";
        assert_eq!(out(s), "in\nerr\nerr\nend\n0");
        let s = "trap 'echo ret' RETURN; f() { :; }; f; g() { trap 'echo r2' RETURN; }; g; echo end";
        assert_eq!(out(s), "r2\nend\n0");
    }
}
