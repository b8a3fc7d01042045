//! `help [-s] [pattern ...]`: the synopsis of shell builtins.

use crate::interp::pattern::{MatchOpts, Pattern};
use crate::interp::{Exec, Shell};

/// The builtins kitsh has and their synopses, as bash 5.2's `help -s` prints them.
const SYNOPSES: &[(&str, &str)] = &[
    (".", ". filename [arguments]"),
    (":", ":"),
    ("[", "[ arg... ]"),
    ("alias", "alias [-p] [name[=value] ... ]"),
    ("bg", "bg [job_spec ...]"),
    ("break", "break [n]"),
    ("builtin", "builtin [shell-builtin [arg ...]]"),
    ("cd", "cd [-L|[-P [-e]] [-@]] [dir]"),
    ("command", "command [-pVv] command [arg ...]"),
    ("compgen", "compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]"),
    ("complete", "complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]"),
    ("compopt", "compopt [-o|+o option] [-DEI] [name ...]"),
    ("continue", "continue [n]"),
    ("declare", "declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]"),
    ("dirs", "dirs [-clpv] [+N] [-N]"),
    ("echo", "echo [-neE] [arg ...]"),
    ("eval", "eval [arg ...]"),
    ("exec", "exec [-cl] [-a name] [command [argument ...]] [redirection ...]"),
    ("exit", "exit [n]"),
    ("export", "export [-fn] [name[=value] ...] or export -p"),
    ("false", "false"),
    ("fc", "fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]"),
    ("fg", "fg [job_spec]"),
    ("getopts", "getopts optstring name [arg ...]"),
    ("hash", "hash [-lr] [-p pathname] [-dt] [name ...]"),
    ("help", "help [-dms] [pattern ...]"),
    ("history", "history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]"),
    ("jobs", "jobs [-lnprs] [jobspec ...] or jobs -x command [args]"),
    ("kill", "kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]"),
    ("let", "let arg [arg ...]"),
    ("local", "local [option] name[=value] ..."),
    ("mapfile", "mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]"),
    ("popd", "popd [-n] [+N | -N]"),
    ("printf", "printf [-v var] format [arguments]"),
    ("pushd", "pushd [-n] [+N | -N | dir]"),
    ("pwd", "pwd [-LP]"),
    ("read", "read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]"),
    ("readarray", "readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]"),
    ("readonly", "readonly [-aAf] [name[=value] ...] or readonly -p"),
    ("return", "return [n]"),
    ("set", "set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]"),
    ("shift", "shift [n]"),
    ("shopt", "shopt [-pqsu] [-o] [optname ...]"),
    ("source", "source filename [arguments]"),
    ("test", "test [expr]"),
    ("times", "times"),
    ("trap", "trap [-lp] [[arg] signal_spec ...]"),
    ("true", "true"),
    ("type", "type [-afptP] name [name ...]"),
    ("typeset", "typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]"),
    ("ulimit", "ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]"),
    ("umask", "umask [-p] [-S] [mode]"),
    ("unalias", "unalias [-a] name [name ...]"),
    ("unset", "unset [-f] [-v] [-n] [name ...]"),
    ("wait", "wait [-fn] [-p var] [id ...]"),
];

/// `help`
pub fn help(sh: &mut Shell, args: &[String]) -> Exec {
    let (_, first) = match super::parse_flags(sh, args, "help", "dms", "help: usage: help [-dms] [pattern ...]\n", false) {
        Ok(v) => v,
        Err(status) => return Ok(status),
    };
    let mut out = String::new();
    if first >= args.len() {
        out.push_str("These shell commands are defined internally.  Type `help name' to find out more about the function `name'.\n\n");
        for (name, synopsis) in SYNOPSES {
            let _ = name;
            out.push_str(synopsis);
            out.push('\n');
        }
        sh.out(out.as_bytes());
        return Ok(0);
    }
    let mut status = 0;
    for pat in &args[first..] {
        let p = Pattern::new(pat, MatchOpts { extglob: false, nocase: false, pathname: false, dotglob: true });
        let found: Vec<_> = SYNOPSES.iter().filter(|(n, _)| n == pat || p.matches(n)).collect();
        if found.is_empty() {
            sh.builtin_error("help", &format!("no help topics match `{pat}'.  Try `help help' or `man -k {pat}' or `info {pat}'."));
            status = 1;
        }
        for (name, synopsis) in found {
            out.push_str(&format!("{name}: {synopsis}\n"));
        }
    }
    sh.out(out.as_bytes());
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn synopses_and_errors() {
        assert_eq!(out("help cd"), "cd: cd [-L|[-P [-e]] [-@]] [dir]\n0");
        assert_eq!(out("help -s 'p[uw]*'"), "pushd: pushd [-n] [+N | -N | dir]\npwd: pwd [-LP]\n0");
        assert_eq!(out("help zzz"), "bash: line 1: help: no help topics match `zzz'.  Try `help help' or `man -k zzz' or `info zzz'.\n1");
    }
}
