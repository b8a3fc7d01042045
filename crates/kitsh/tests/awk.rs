//! `awk` on bad input and under limits, through the kitsh library: syntax errors, unknown
//! options, a missing program file, division by zero, binary input, a 10 MB line, endless
//! input and an endless loop stopped by the timeout. (Behaviour against gawk itself is
//! checked by the differential corpus in `tests/diff/awk/`.)

#![allow(clippy::panic)] // tests report failures by panicking

mod common;

use std::time::Duration;

use common::{assert_limit, assert_still_works, guarded, limits, shell};
use kitsh::ExecutionLimits;

fn run(script: &'static str) -> (String, String, i32) {
    guarded(move || {
        let mut sh = shell(limits());
        let r = sh.exec_sync(script);
        assert_still_works(&mut sh);
        (r.stdout, r.stderr, r.exit_code)
    })
}

#[test]
fn syntax_error_is_gawk_shaped() {
    let (out, err, st) = run("awk 'BEGIN { print 1 +* 2 }'");
    assert_eq!(out, "");
    assert_eq!(err, "awk: cmd. line:1: BEGIN { print 1 +* 2 }\nawk: cmd. line:1:                  ^ syntax error\n");
    assert_eq!(st, 1);
    let (_, err, st) = run("awk 'BEGIN {'");
    assert_eq!(err, "awk: cmd. line:1: BEGIN {\nawk: cmd. line:1:        ^ unexpected newline or end of string\n");
    assert_eq!(st, 1);
}

#[test]
fn unknown_option_prints_usage() {
    let (out, err, st) = run("awk -q '{print}'");
    assert_eq!(out, "");
    assert!(err.starts_with("Usage: awk [POSIX or GNU style options] -f progfile [--] file ...\n"), "{err}");
    assert_eq!(st, 1);
}

#[test]
fn missing_program_file() {
    let (_, err, st) = run("awk -f nosuch.awk");
    assert_eq!(err, "awk: fatal: cannot open source file `nosuch.awk' for reading: No such file or directory\n");
    assert_eq!(st, 2);
}

#[test]
fn division_by_zero() {
    let (out, err, st) = run("echo 4 | awk '{ print \"a\"; print $1 / ($1 - 4) }'");
    assert_eq!(out, "a\n");
    assert_eq!(err, "awk: cmd. line:1: (FILENAME=- FNR=1) fatal: division by zero attempted\n");
    assert_eq!(st, 2);
}

#[test]
fn binary_input() {
    let (out, _, st) = run("printf 'a\\000b\\377\\n\\001\\002 x\\n' | awk '{ print length($0), NF }'");
    assert_eq!(out, "4 1\n4 2\n");
    assert_eq!(st, 0);
}

#[test]
fn ten_megabyte_line() {
    let (out, _, st) = run("head -c 10000000 /dev/zero | tr '\\0' a | awk '{ print length($0), NF, substr($0, 9999999) }'");
    assert_eq!(out, "10000000 1 aa\n");
    assert_eq!(st, 0);
}

#[test]
fn endless_input_ends_with_the_reader() {
    let (out, _, st) = run("yes | awk '{ print NR }' | head -3");
    assert_eq!(out, "1\n2\n3\n");
    assert_eq!(st, 0);
}

#[test]
fn endless_loop_stops_at_the_timeout() {
    let l = ExecutionLimits::new().timeout(Duration::from_secs(1));
    assert_limit(l, "awk 'BEGIN { while (1) ; }'", 124, "execution timed out", Duration::from_secs(4));
}

#[test]
fn endless_main_loop_stops_at_the_timeout() {
    let l = ExecutionLimits::new().timeout(Duration::from_secs(1));
    assert_limit(l, "yes | awk '{ for (;;) n++ }'", 124, "execution timed out", Duration::from_secs(4));
}
