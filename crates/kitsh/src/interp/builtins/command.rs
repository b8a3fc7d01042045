//! `command [-pVv] NAME [ARG...]`: run NAME skipping functions, or describe it.

use super::type_::{describe, verbose_text, Kind, Lookup};
use crate::interp::lookup::STANDARD_PATH;
use crate::interp::{Exec, Shell};

/// `command`
pub fn command(sh: &mut Shell, args: &[String]) -> Exec {
    let usage = "command: usage: command [-pVv] command [arg ...]\n";
    let (flags, i) = match super::parse_flags(sh, args, "command", "pVv", usage, false) {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let (v, big_v, p) = (flags.contains(&'v'), flags.contains(&'V'), flags.contains(&'p'));
    let names = &args[i.min(args.len())..];
    if names.is_empty() {
        return Ok(0);
    }
    if v || big_v {
        return Ok(describe_names(sh, names, big_v, p));
    }
    if let Some(b) = super::lookup(&names[0]) {
        return b(sh, names);
    }
    if let Some(b) = sh.shared.custom.get(&names[0]).cloned() {
        return Ok(sh.run_utility(&*b, names));
    }
    sh.run_external(names.to_vec(), p.then_some(STANDARD_PATH))
}

/// `command -v` / `-V`: the status is 0 when any name was found (as bash does).
fn describe_names(sh: &mut Shell, names: &[String], verbose: bool, std_path: bool) -> i32 {
    let mut out = String::new();
    let mut any = false;
    for n in names {
        let mut kinds = describe(sh, n, Lookup::default());
        if std_path && !n.contains('/') && matches!(kinds.first(), None | Some(Kind::File { .. })) {
            kinds = sh.search_path(n, Some(STANDARD_PATH)).map(|path| Kind::File { path, hashed: false }).into_iter().collect();
        }
        let Some(k) = kinds.first() else {
            if verbose {
                sh.error(&format!("command: {n}: not found"));
            }
            continue;
        };
        any = true;
        if verbose {
            verbose_text(sh, n, k, &mut out);
            continue;
        }
        match k {
            Kind::Alias(a) => out.push_str(&format!("alias {n}={}\n", crate::util::quote::quote_at_q(a, sh.byte_locale()))),
            Kind::File { path, .. } => {
                out.push_str(path);
                out.push('\n');
            }
            _ => {
                out.push_str(n);
                out.push('\n');
            }
        }
    }
    sh.out(out.as_bytes());
    i32::from(!any)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn describe() {
        assert_eq!(out("f() { :; }; command -v echo f ZZZ for cat"), "echo\nf\nfor\n/usr/bin/cat\n0");
        assert_eq!(out("command -v ZZZ"), "1");
        assert_eq!(out("command -V cd zz"), "cd is a shell builtin\nbash: line 1: command: zz: not found\n0");
        assert_eq!(out("shopt -s expand_aliases; alias ll='ls -l'; command -v ll"), "alias ll='ls -l'\n0");
    }

    #[test]
    fn runs_without_functions() {
        assert_eq!(out("echo() { printf 'f\\n'; }; command echo hi"), "hi\n0");
        assert_eq!(out("PATH=; command -p cat </dev/null; echo $?"), "0\n0");
        assert_eq!(out("PATH=/nowhere; command -p zz"), "bash: line 1: zz: command not found\n127");
    }
}
