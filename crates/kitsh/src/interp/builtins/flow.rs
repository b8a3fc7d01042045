//! `:`, `true`, `false`, `exit`, `return`, `break`, `continue`.

use crate::interp::{Exec, Flow, Shell};

/// `:` — do nothing, successfully.
pub fn colon(_: &mut Shell, _: &[String]) -> Exec {
    Ok(0)
}

/// `true`
pub fn true_(_: &mut Shell, _: &[String]) -> Exec {
    Ok(0)
}

/// `false`
pub fn false_(_: &mut Shell, _: &[String]) -> Exec {
    Ok(1)
}

/// `exit 1 2`, `shift 1 2`, `return 1 2`, `break 1 2`: "too many arguments"; bash jumps to
/// its top level: the command line is abandoned with status 1, through functions, `eval`
/// and `source`, and a `-c` string ends ([`Shell::discard`]).
pub(super) fn too_many_arguments(sh: &mut Shell, name: &str, args: &[String]) -> Option<Exec> {
    if args.len() > 2 && args[1].trim().parse::<i64>().is_ok() {
        sh.builtin_error(name, "too many arguments");
        sh.line.discard = true;
        return Some(Err(Flow::Abort(1)));
    }
    None
}

fn numeric_arg(sh: &mut Shell, name: &str, args: &[String]) -> Result<Option<i32>, i32> {
    match args.get(1) {
        None => Ok(None),
        Some(a) => match a.trim().parse::<i64>() {
            Ok(n) => Ok(Some((n & 0xff) as i32)),
            Err(_) => {
                sh.builtin_error(name, &format!("{a}: numeric argument required"));
                Err(2)
            }
        },
    }
}

/// `exit [N]`
pub fn exit(sh: &mut Shell, args: &[String]) -> Exec {
    if let Some(f) = too_many_arguments(sh, "exit", args) {
        return f;
    }
    match numeric_arg(sh, "exit", args) {
        Ok(n) => Err(Flow::Exit(n.unwrap_or(sh.status))),
        Err(s) => Err(Flow::Exit(s)),
    }
}

/// `return [N]`
pub fn return_(sh: &mut Shell, args: &[String]) -> Exec {
    if sh.stack.frames.is_empty() && sh.stack.sources.len() <= 1 && !sh.stack.in_source && sh.trap_state.running == 0 {
        sh.builtin_error("return", "can only `return' from a function or sourced script");
        return Ok(2);
    }
    if let Some(f) = too_many_arguments(sh, "return", args) {
        return f;
    }
    match numeric_arg(sh, "return", args) {
        Ok(n) => Err(Flow::Return(n.unwrap_or(sh.status))),
        Err(s) => Err(Flow::Return(s)),
    }
}

/// The level of `break N` / `continue N`; `Err` is the builtin's result: a count below 1
/// leaves every enclosing loop with status 1, a non-number ends the shell with status 128,
/// as in bash.
fn loop_levels(sh: &mut Shell, name: &str, args: &[String]) -> Result<usize, Exec> {
    match args.get(1) {
        None => Ok(1),
        Some(a) => match a.parse::<i64>() {
            Ok(n) if n >= 1 => Ok(n as usize),
            Ok(_) => {
                sh.builtin_error(name, &format!("{a}: loop count out of range"));
                sh.line.break_status = 1;
                Err(Err(Flow::Break(sh.stack.loop_depth)))
            }
            Err(_) => {
                sh.builtin_error(name, &format!("{a}: numeric argument required"));
                Err(Err(Flow::Exit(128)))
            }
        },
    }
}

/// Outside a loop `break` and `continue` only complain (whatever their operands).
fn outside_loop(sh: &Shell, name: &str) -> bool {
    if sh.stack.loop_depth == 0 {
        sh.builtin_error(name, "only meaningful in a `for', `while', or `until' loop");
        return true;
    }
    false
}

/// `break [N]`
pub fn break_(sh: &mut Shell, args: &[String]) -> Exec {
    if outside_loop(sh, "break") {
        return Ok(0);
    }
    if let Some(f) = too_many_arguments(sh, "break", args) {
        return f;
    }
    let n = match loop_levels(sh, "break", args) {
        Ok(n) => n,
        Err(r) => return r,
    };
    Err(Flow::Break(n.min(sh.stack.loop_depth)))
}

/// `continue [N]`
pub fn continue_(sh: &mut Shell, args: &[String]) -> Exec {
    if outside_loop(sh, "continue") {
        return Ok(0);
    }
    if let Some(f) = too_many_arguments(sh, "continue", args) {
        return f;
    }
    let n = match loop_levels(sh, "continue", args) {
        Ok(n) => n,
        Err(r) => return r,
    };
    Err(Flow::Continue(n.min(sh.stack.loop_depth)))
}
