//! `pushd` and `popd`: the directory stack. Element 0 is the working directory; elements
//! 1.. are `Shell::dir_stack` from its end (as `dirs` lists them).

use super::dirs::{change_dir, print_stack};
use crate::interp::{Exec, Shell};

const PUSHD_USAGE: &[u8] = b"pushd: usage: pushd [-n] [+N | -N | dir]\n";
const POPD_USAGE: &[u8] = b"popd: usage: popd [-n] [+N | -N]\n";

/// The options and the one operand of `pushd`/`popd`; `Err(status)` after a message.
fn parse(sh: &mut Shell, name: &str, args: &[String], usage: &[u8]) -> Result<(bool, Option<String>), i32> {
    let mut no_cd = false;
    let mut operands = Vec::new();
    let mut opts_done = false;
    for a in &args[1..] {
        if !opts_done && a == "--" {
            opts_done = true;
        } else if !opts_done && a == "-n" {
            no_cd = true;
        } else if !opts_done && a.len() > 1 && a.starts_with('-') && a[1..].parse::<usize>().is_err() {
            sh.builtin_error(name, &format!("{a}: invalid number"));
            sh.write_fd(2, usage);
            return Err(2);
        } else {
            operands.push(a.clone());
        }
    }
    if operands.len() > 1 {
        sh.builtin_error(name, "too many arguments");
        return Err(1);
    }
    Ok((no_cd, operands.pop()))
}

/// `+N` / `-N` as an index into the full stack of `len` elements.
fn stack_index(arg: &str, len: usize) -> Option<Option<usize>> {
    let (from_left, digits) = match arg.as_bytes().first() {
        Some(b'+') => (true, &arg[1..]),
        Some(b'-') => (false, &arg[1..]),
        _ => return None,
    };
    let n: usize = digits.parse().ok()?;
    Some(if n >= len {
        None
    } else if from_left {
        Some(n)
    } else {
        Some(len - 1 - n)
    })
}

/// The full stack, element 0 first.
fn full_stack(sh: &Shell) -> Vec<String> {
    let mut v = vec![sh.cwd.clone()];
    v.extend(sh.dir_stack.iter().rev().cloned());
    v
}

/// Make `list` (element 0 first) the stack, changing to its element 0 unless `no_cd`.
fn set_stack(sh: &mut Shell, name: &str, mut list: Vec<String>, no_cd: bool) -> Exec {
    let top = list.remove(0);
    if !no_cd && top != sh.cwd {
        if let Err(m) = change_dir(sh, &top, false) {
            sh.builtin_error(name, &m);
            return Ok(1);
        }
    }
    list.reverse();
    sh.dir_stack = list;
    print_stack(sh, false, false, false);
    Ok(0)
}

/// `pushd [-n] [+N | -N | dir]`
pub fn pushd(sh: &mut Shell, args: &[String]) -> Exec {
    let (no_cd, operand) = match parse(sh, "pushd", args, PUSHD_USAGE) {
        Ok(v) => v,
        Err(status) => return Ok(status),
    };
    let mut stack = full_stack(sh);
    match operand {
        None => {
            if stack.len() < 2 {
                sh.builtin_error("pushd", "no other directory");
                return Ok(1);
            }
            stack.swap(0, 1);
            set_stack(sh, "pushd", stack, no_cd)
        }
        Some(arg) if arg.len() > 1 && (arg.starts_with('+') || arg.starts_with('-')) && arg[1..].bytes().all(|b| b.is_ascii_digit()) => {
            let Some(Some(i)) = stack_index(&arg, stack.len()) else {
                sh.builtin_error("pushd", &format!("{arg}: directory stack index out of range"));
                return Ok(1);
            };
            stack.rotate_left(i);
            set_stack(sh, "pushd", stack, no_cd)
        }
        Some(dir) => {
            // `-n` adds the directory after the working one instead of changing to it.
            stack.insert(usize::from(no_cd), dir);
            set_stack(sh, "pushd", stack, no_cd)
        }
    }
}

/// `popd [-n] [+N | -N]`
pub fn popd(sh: &mut Shell, args: &[String]) -> Exec {
    let (no_cd, operand) = match parse(sh, "popd", args, POPD_USAGE) {
        Ok(v) => v,
        Err(status) => return Ok(status),
    };
    let mut stack = full_stack(sh);
    if stack.len() < 2 {
        sh.builtin_error("popd", "directory stack empty");
        return Ok(1);
    }
    let i = match operand {
        None => 0,
        Some(arg) => match stack_index(&arg, stack.len()) {
            Some(Some(i)) => i,
            Some(None) => {
                sh.builtin_error("popd", &format!("{arg}: directory stack index out of range"));
                return Ok(1);
            }
            None => {
                sh.builtin_error("popd", &format!("{arg}: invalid argument"));
                sh.write_fd(2, POPD_USAGE);
                return Ok(2);
            }
        },
    };
    if i == 0 && no_cd {
        // `popd -n` removes the first element after the working directory.
        stack.remove(1);
    } else {
        stack.remove(i);
    }
    set_stack(sh, "popd", stack, no_cd)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn push_pop_and_rotate() {
        let s = "cd /; mkdir -p /tmp/a /tmp/b; pushd /tmp/a >/dev/null; pushd /tmp/b >/dev/null; dirs; ";
        assert_eq!(out(&format!("{s}pushd +1; pushd -0; popd +1; popd; pwd")), "/tmp/b /tmp/a /\n/tmp/a / /tmp/b\n/tmp/b /tmp/a /\n/tmp/b /\n/\n/\n0");
        assert_eq!(out(&format!("{s}pushd; popd -n; dirs")), "/tmp/b /tmp/a /\n/tmp/a /tmp/b /\n/tmp/a /\n/tmp/a /\n0");
        assert_eq!(out(&format!("{s}pushd -n /x; pushd +7")), "/tmp/b /tmp/a /\n/tmp/b /x /tmp/a /\nbash: line 1: pushd: +7: directory stack index out of range\n1");
    }

    #[test]
    fn usage_errors() {
        assert_eq!(out("pushd -z"), "bash: line 1: pushd: -z: invalid number\npushd: usage: pushd [-n] [+N | -N | dir]\n2");
        assert_eq!(out("pushd . ."), "bash: line 1: pushd: too many arguments\n1");
        assert_eq!(out("pushd / >/dev/null; popd zzz"), "bash: line 1: popd: zzz: invalid argument\npopd: usage: popd [-n] [+N | -N]\n2");
        assert_eq!(out("popd"), "bash: line 1: popd: directory stack empty\n1");
        assert_eq!(out("pushd"), "bash: line 1: pushd: no other directory\n1");
    }
}
