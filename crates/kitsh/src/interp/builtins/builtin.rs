//! `builtin NAME [ARG...]`: run a shell builtin, skipping functions of the same name.

use crate::interp::{Exec, Shell};

/// `builtin`
pub fn builtin(sh: &mut Shell, args: &[String]) -> Exec {
    let mut i = 1;
    if args.get(i).map(String::as_str) == Some("--") {
        i += 1;
    }
    let Some(name) = args.get(i) else { return Ok(0) };
    if let Some(b) = super::lookup(name).filter(|_| super::is_builtin(name)) {
        return b(sh, &args[i..]);
    }
    if let Some(b) = sh.shared.custom.get(name).cloned() {
        return Ok(sh.run_utility(&*b, &args[i..]));
    }
    sh.builtin_error("builtin", &format!("{name}: not a shell builtin"));
    Ok(1)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn runs_builtins_only() {
        assert_eq!(out("cd() { echo hi; }; builtin cd / && pwd"), "/\n0");
        assert_eq!(out("builtin; echo $?; builtin --; echo $?; builtin -- false"), "0\n0\n1");
        assert_eq!(out("builtin ls"), "bash: line 1: builtin: ls: not a shell builtin\n1");
        // kitsh runs `env` as a builtin, but for bash it is /usr/bin/env.
        assert_eq!(out("builtin env true"), "bash: line 1: builtin: env: not a shell builtin\n1");
    }
}
