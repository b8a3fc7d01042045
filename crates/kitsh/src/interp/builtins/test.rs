//! `test` and `[`.

use crate::interp::cond::TestEnvImpl;
use crate::interp::{Exec, Shell};
use crate::util::test_expr;

/// `test EXPR`
pub fn test(sh: &mut Shell, args: &[String]) -> Exec {
    run(sh, "test", &args[1..])
}

/// `[ EXPR ]`
pub fn bracket(sh: &mut Shell, args: &[String]) -> Exec {
    if args.last().map(String::as_str) != Some("]") {
        sh.builtin_error("[", "missing `]'");
        return Ok(2);
    }
    run(sh, "[", &args[1..args.len() - 1])
}

fn run(sh: &mut Shell, name: &str, args: &[String]) -> Exec {
    let mut env = TestEnvImpl(sh);
    match test_expr::eval_test(args, &mut env) {
        Ok(b) => Ok((!b) as i32),
        Err(m) => {
            let m = m.strip_prefix("test: ").unwrap_or(&m).to_string();
            sh.builtin_error(name, &m);
            Ok(2)
        }
    }
}
