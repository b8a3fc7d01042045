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

/// `exit 1 2`, `shift 1 2`, `return 1 2`, `break 1 2`: "too many arguments"; like an
/// expansion error, the rest of the command line is abandoned with status 1.
pub(super) fn too_many_arguments(sh: &Shell, name: &str, args: &[String]) -> Option<Exec> {
    if args.len() > 2 && args[1].trim().parse::<i64>().is_ok() {
        sh.builtin_error(name, "too many arguments");
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
    if sh.frames.is_empty() && sh.sources.len() <= 1 && !sh.in_source && sh.trap_state.running == 0 {
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

/// The level of `break N` / `continue N`; `Err` is the builtin's result (a non-number
/// abandons the command line with status 128, as in bash).
fn loop_levels(sh: &mut Shell, name: &str, args: &[String]) -> Result<usize, Exec> {
    match args.get(1) {
        None => Ok(1),
        Some(a) => match a.parse::<i64>() {
            Ok(n) if n >= 1 => Ok(n as usize),
            Ok(_) => {
                sh.builtin_error(name, &format!("{a}: loop count out of range"));
                Err(Ok(1))
            }
            Err(_) => {
                sh.builtin_error(name, &format!("{a}: numeric argument required"));
                Err(Err(Flow::Abort(128)))
            }
        },
    }
}

/// `break [N]`
pub fn break_(sh: &mut Shell, args: &[String]) -> Exec {
    if let Some(f) = too_many_arguments(sh, "break", args) {
        return f;
    }
    let n = match loop_levels(sh, "break", args) {
        Ok(n) => n,
        Err(r) => return r,
    };
    if sh.loop_depth == 0 {
        sh.builtin_error("break", "only meaningful in a `for', `while', or `until' loop");
        return Ok(0);
    }
    Err(Flow::Break(n.min(sh.loop_depth)))
}

/// `continue [N]`
pub fn continue_(sh: &mut Shell, args: &[String]) -> Exec {
    if let Some(f) = too_many_arguments(sh, "continue", args) {
        return f;
    }
    let n = match loop_levels(sh, "continue", args) {
        Ok(n) => n,
        Err(r) => return r,
    };
    if sh.loop_depth == 0 {
        sh.builtin_error("continue", "only meaningful in a `for', `while', or `until' loop");
        return Ok(0);
    }
    Err(Flow::Continue(n.min(sh.loop_depth)))
}
