//! Every execution limit, runaway scripts, fork bombs and endless pipes.

use std::time::Duration;

use crate::common::{assert_limit, assert_still_works, guarded, limits, shell, timed};
use kitsh::limits::{LIMIT_EXIT_STATUS, TIMEOUT_EXIT_STATUS};
use kitsh::{ExecResult, ExecutionLimits};

// ---------------------------------------------------------------- limits

#[test]
fn max_commands() {
    assert_limit(
        limits().max_commands(100),
        "while :; do :; done",
        LIMIT_EXIT_STATUS,
        "maximum command count exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn max_loop_iterations() {
    assert_limit(
        limits().max_loop_iterations(50),
        "for ((i=0;;i++)); do :; done",
        LIMIT_EXIT_STATUS,
        "maximum loop iterations exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn max_loop_iterations_allows_exactly_the_limit() {
    guarded(|| {
        let mut sh = shell(limits().max_loop_iterations(50));
        let r = sh.exec_sync("n=0; for i in {1..50}; do ((n++)); done; echo $n");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("50\n", 0), "stderr: {}", r.stderr);
    });
}

#[test]
fn max_total_loop_iterations() {
    assert_limit(
        limits().max_loop_iterations(80).max_total_loop_iterations(100),
        "for i in {1..60}; do :; done; echo first; for i in {1..60}; do :; done; echo never",
        LIMIT_EXIT_STATUS,
        "maximum loop iterations exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn max_function_depth_runaway_recursion() {
    assert_limit(
        limits().max_function_depth(50),
        "f(){ f; }; f",
        LIMIT_EXIT_STATUS,
        "maximum function nesting level exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn default_function_depth_runaway_recursion() {
    assert_limit(
        limits(),
        "f(){ f; }; f",
        LIMIT_EXIT_STATUS,
        "maximum function nesting level exceeded",
        Duration::from_secs(15),
    );
}

#[test]
fn max_output_bytes_echo_loop() {
    guarded(|| {
        let mut sh = shell(limits().max_output_bytes(1000));
        let (r, took) = timed(&mut sh, "while :; do echo yyyyyyyyy; done");
        assert_eq!(r.exit_code, LIMIT_EXIT_STATUS);
        assert!(r.stdout_bytes.len() <= 1000, "stdout {} bytes", r.stdout_bytes.len());
        assert!(r.stdout.starts_with("yyyyyyyyy\n"));
        assert!(took < Duration::from_secs(5));
        assert_still_works(&mut sh);
    });
}

#[test]
fn max_output_bytes_says_why() {
    guarded(|| {
        let mut sh = shell(limits().max_output_bytes(1000));
        let r = sh.exec_sync("while :; do echo yyyyyyyyy; done");
        assert!(
            r.stderr.ends_with("maximum output size exceeded (1000 bytes)\n"),
            "stderr: {:?}",
            r.stderr
        );
    });
}

#[test]
fn max_output_bytes_yes() {
    guarded(|| {
        let mut sh = shell(limits().max_output_bytes(1000));
        let (r, took) = timed(&mut sh, "yes");
        assert_eq!(r.exit_code, LIMIT_EXIT_STATUS, "stderr: {}", r.stderr);
        assert!(r.stdout_bytes.len() <= 1000, "stdout {} bytes", r.stdout_bytes.len());
        assert!(took < Duration::from_secs(5));
        assert_still_works(&mut sh);
    });
}

#[test]
fn max_output_bytes_delivers_up_to_the_limit() {
    guarded(|| {
        let mut sh = shell(limits().max_output_bytes(1000));
        let r = sh.exec_sync("yes");
        assert!(r.stdout.starts_with("y\ny\n"), "stdout {} bytes", r.stdout_bytes.len());
        assert!(r.stdout_bytes.len() >= 500, "stdout {} bytes", r.stdout_bytes.len());
    });
}

#[test]
fn max_output_bytes_caps_command_substitution() {
    guarded(|| {
        let mut sh = shell(limits().max_output_bytes(1000));
        let (r, took) = timed(&mut sh, "x=$(while :; do echo yyyyyyyyy; done); echo ${#x}");
        assert_eq!(
            r.exit_code, LIMIT_EXIT_STATUS,
            "stdout {:?} stderr {:?}",
            r.stdout, r.stderr
        );
        assert!(
            r.stderr.ends_with("maximum output size exceeded (1000 bytes)\n"),
            "stderr: {:?}",
            r.stderr
        );
        assert!(took < Duration::from_secs(5));
        assert_still_works(&mut sh);
    });
}

#[test]
fn max_string_bytes_doubling() {
    assert_limit(
        limits().max_string_bytes(1 << 20),
        "x=a; while :; do x=$x$x; done",
        LIMIT_EXIT_STATUS,
        "maximum expansion size exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn max_string_bytes_default_doubling() {
    assert_limit(
        limits(),
        "x=a; while :; do x=$x$x; done",
        LIMIT_EXIT_STATUS,
        "maximum expansion size exceeded",
        Duration::from_secs(15),
    );
}

#[test]
fn max_fields_brace_bomb() {
    assert_limit(
        limits().max_fields(10_000),
        "echo {1..10}{1..10}{1..10}{1..10}{1..10}{1..10}",
        LIMIT_EXIT_STATUS,
        "maximum expansion size exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn max_fields_assoc_growth() {
    assert_limit(
        limits().max_fields(1_000),
        "declare -A m; for ((i = 0; ; i++)); do m[k$i]=$i; done",
        LIMIT_EXIT_STATUS,
        "maximum field count exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn max_fs_bytes_no_space_left() {
    guarded(|| {
        let mut sh = shell(limits().max_fs_bytes(10_000));
        let (r, took) = timed(&mut sh, "seq 1 100000 > big.txt; echo \"rc=$?\"");
        // the refused write is reported as the command's error, then the run stops (TC-9)
        assert_eq!((r.stdout.as_str(), r.exit_code), ("", LIMIT_EXIT_STATUS), "stderr: {:?}", r.stderr);
        let lines: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(lines, ["seq: write error: No space left on device", "bash: line 1: maximum filesystem size exceeded (10000 bytes)"]);
        assert!(took < Duration::from_secs(5));
        let r = sh.exec_sync("rm -f big.txt; echo small > s.txt && cat s.txt");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("small\n", 0), "stderr: {:?}", r.stderr);
    });
}

#[test]
fn every_command_reports_a_full_filesystem_the_same_way() {
    // Commands that write their output in one piece or through their own buffers: each names
    // itself in GNU's `NAME: write error: ...` before the limit's message.
    for (cmd, name) in [
        ("seq 100000 | strings", "strings"),
        ("seq 100000 | xxd", "xxd"),
        ("seq 100000 | hexdump -C", "hexdump"),
        ("seq 100000 | uniq", "uniq"),
        ("seq 100000 | iconv -f utf-8 -t latin1", "iconv"),
        ("seq 100000 | tr -d x | cksum; seq 100000 | sha256sum; yes | head -c 30000 | sed s/y/yes/", "sed"),
    ] {
        guarded(move || {
            let mut sh = shell(limits().max_fs_bytes(10_000));
            let r = sh.exec_sync(&format!("{cmd} > out.txt"));
            assert_eq!(r.exit_code, LIMIT_EXIT_STATUS, "{cmd}: stderr: {:?}", r.stderr);
            let lines: Vec<&str> = r.stderr.lines().collect();
            assert_eq!(
                lines,
                [format!("{name}: write error: No space left on device").as_str(), "bash: line 1: maximum filesystem size exceeded (10000 bytes)"],
                "{cmd}"
            );
        });
    }
}

#[test]
fn max_fs_bytes_append_loop() {
    guarded(|| {
        let mut sh = shell(limits().max_fs_bytes(10_000));
        let (r, took) = timed(
            &mut sh,
            "while echo 0123456789 >> f.txt; do :; done; echo 0123456789 >> f.txt; echo \"rc=$?\"",
        );
        // the refused write is reported as the command's error, then the run stops (TC-9)
        assert_eq!((r.stdout.as_str(), r.exit_code), ("", LIMIT_EXIT_STATUS), "stderr: {:?}", r.stderr);
        let lines: Vec<&str> = r.stderr.lines().collect();
        assert_eq!(
            lines,
            ["bash: line 1: echo: write error: No space left on device", "bash: line 1: maximum filesystem size exceeded (10000 bytes)"]
        );
        assert!(took < Duration::from_secs(5));
        assert_still_works(&mut sh);
    });
}

#[test]
fn max_fs_files_no_space_left() {
    guarded(|| {
        let mut sh = shell(limits().max_fs_files(60));
        let (r, took) = timed(
            &mut sh,
            "for i in $(seq 200); do touch f$i || break; done; echo \"stopped at $i\"",
        );
        assert_eq!((r.stdout.as_str(), r.exit_code), ("", LIMIT_EXIT_STATUS), "stderr: {:?}", r.stderr);
        assert!(r.stderr.ends_with("No space left on device\nbash: line 1: maximum file count exceeded (60)\n"), "stderr: {:?}", r.stderr);
        assert!(took < Duration::from_secs(5));
        // a full filesystem stops the next run that writes too, until files are removed
        let r = sh.exec_sync("mkdir -p many/d1 2>/dev/null; echo never");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("", LIMIT_EXIT_STATUS));
        let r = sh.exec_sync("rm -f f*; mkdir -p many/d1 && echo ok");
        assert_eq!(r.stdout, "ok\n");
    });
}

#[test]
fn timeout_busy_loop() {
    let l = ExecutionLimits::new()
        .max_commands(u64::MAX)
        .max_loop_iterations(u64::MAX)
        .max_total_loop_iterations(u64::MAX)
        .timeout(Duration::from_secs(1));
    assert_limit(
        l,
        "while :; do :; done",
        TIMEOUT_EXIT_STATUS,
        "execution timed out",
        Duration::from_secs(4),
    );
}

/// Opening a named pipe nobody opens from the other side waits like open(2), until the timeout.
#[test]
fn timeout_fifo_without_writer() {
    let l = ExecutionLimits::new().timeout(Duration::from_secs(1));
    assert_limit(l, "mkfifo p; cat p", TIMEOUT_EXIT_STATUS, "execution timed out", Duration::from_secs(4));
}

/// ... and a writer with no reader, through a shell redirection.
#[test]
fn timeout_fifo_without_reader() {
    let l = ExecutionLimits::new().timeout(Duration::from_secs(1));
    assert_limit(l, "mkfifo p; echo hi > p", TIMEOUT_EXIT_STATUS, "execution timed out", Duration::from_secs(4));
}

#[test]
fn timeout_sleep() {
    let l = ExecutionLimits::new().timeout(Duration::from_secs(1));
    assert_limit(
        l,
        "sleep 100",
        TIMEOUT_EXIT_STATUS,
        "execution timed out",
        Duration::from_secs(4),
    );
}

#[test]
fn timeout_sleep_in_pipeline() {
    let l = ExecutionLimits::new().timeout(Duration::from_secs(1));
    assert_limit(
        l,
        "sleep 100 | cat",
        TIMEOUT_EXIT_STATUS,
        "execution timed out",
        Duration::from_secs(4),
    );
}

/// Commands blocked reading a pipe when the script times out stop quietly: the cancelled
/// read's error is of a kind that neither std's helpers nor the readers inside the commands
/// (flate2, jq's and awk's readers) retry, and none of them reports it as an I/O error.
#[test]
fn timeout_while_commands_read_a_pipe() {
    for cmd in ["awk 1", "sed -n '$p'", "jq .", "jq -Rs .", "bc", "gzip -d", "sort", "tar -t", "sha256sum", "base64", "grep x", "cut -c1", "tr a b", "iconv -f latin1", "xxd", "yq .", "wc -l", "wc", "od", "od -c", "cksum", "md5sum", "nl", "tac", "head -c 5", "tail -n 1", "jq -s .", "jq -n 'reduce inputs as $x (0; .+1)'"] {
        let script = format!("sleep 100 | {cmd}");
        let l = ExecutionLimits::new().timeout(Duration::from_millis(500));
        guarded(move || {
            let mut sh = shell(l);
            let (r, took) = timed(&mut sh, &script);
            assert_eq!(r.exit_code, TIMEOUT_EXIT_STATUS, "{script}: {r:?}");
            assert_eq!(r.stderr.lines().collect::<Vec<_>>(), ["bash: line 1: execution timed out"], "{script}");
            // No partial result (`wc -l` printed `0`).
            assert_eq!(r.stdout, "", "{script}");
            assert!(took < Duration::from_secs(4), "{script}: {took:?}");
        });
    }
}

#[test]
fn timeout_read_from_endless_pipe() {
    let l = ExecutionLimits::new()
        .max_commands(u64::MAX)
        .max_loop_iterations(u64::MAX)
        .max_total_loop_iterations(u64::MAX)
        .timeout(Duration::from_secs(1));
    assert_limit(
        l,
        "while :; do echo x; done | while read -r l; do :; done",
        TIMEOUT_EXIT_STATUS,
        "execution timed out",
        Duration::from_secs(4),
    );
}

#[test]
fn limits_reset_between_execs() {
    guarded(|| {
        let mut sh = shell(limits().max_commands(50));
        for _ in 0..5 {
            let r = sh.exec_sync("for i in {1..20}; do :; done; echo fine");
            assert_eq!(
                (r.stdout.as_str(), r.exit_code),
                ("fine\n", 0),
                "stderr: {:?}",
                r.stderr
            );
        }
    });
}

#[test]
fn exit_trap_cannot_escape_limits() {
    assert_limit(
        limits().max_commands(100),
        "trap 'while :; do :; done' EXIT; while :; do :; done",
        LIMIT_EXIT_STATUS,
        "maximum command count exceeded",
        Duration::from_secs(5),
    );
}

// ---------------------------------------------------------------- more runaway input

#[test]
fn arithmetic_self_reference() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "a=a+1; echo $((a)); echo \"rc=$?\"");
        assert_eq!(
            r.stderr,
            "bash: line 1: a+1: expression recursion level exceeded (error token is \"a+1\")\n"
        );
        assert_eq!(r.exit_code, 1, "stdout: {:?}", r.stdout);
        assert!(took < Duration::from_secs(5));
        assert_still_works(&mut sh);
    });
}

#[test]
fn symlink_loop() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("ln -s a b; ln -s b a; cat a; echo \"rc=$?\"");
        assert_eq!(r.stdout, "rc=1\n");
        assert_eq!(r.stderr, "cat: a: Too many levels of symbolic links\n");
    });
}

#[test]
fn eval_recursion() {
    assert_limit(
        limits().max_function_depth(100),
        "f(){ eval f; }; f",
        LIMIT_EXIT_STATUS,
        "maximum function nesting level exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn source_recursion() {
    assert_limit(
        limits().max_function_depth(100),
        "echo '. ./r.sh' > r.sh; . ./r.sh",
        LIMIT_EXIT_STATUS,
        "maximum function nesting level exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn huge_brace_range_default_limits() {
    assert_limit(
        limits(),
        "echo {1..100000000}",
        LIMIT_EXIT_STATUS,
        "maximum expansion size exceeded",
        Duration::from_secs(10),
    );
}

#[test]
fn capture_of_dev_zero() {
    assert_limit(
        limits().max_output_bytes(1 << 20),
        "x=$(cat /dev/zero); echo never",
        LIMIT_EXIT_STATUS,
        "maximum output size exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn read_of_an_endless_line() {
    assert_limit(
        limits().max_string_bytes(1 << 20),
        "cat /dev/zero | tr '\\0' a | { read -r x; echo ${#x}; }",
        LIMIT_EXIT_STATUS,
        "maximum expansion size exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn printf_huge_width() {
    assert_limit(
        limits().max_string_bytes(1 << 20),
        "printf -v x '%0100000000d' 1; echo ${#x}",
        LIMIT_EXIT_STATUS,
        "maximum expansion size exceeded",
        Duration::from_secs(5),
    );
}

#[test]
fn catastrophic_regex_is_fast() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "s=$(printf 'a%.0s' {1..5000})b; [[ $s =~ ^(a+)+$ ]]; echo $?");
        assert_eq!(r.stdout, "1\n", "stderr: {:?}", r.stderr);
        assert!(took < Duration::from_secs(5), "took {took:?}");
    });
}

#[tokio::test(flavor = "current_thread")]
async fn async_exec_hits_limits_too() {
    let mut sh = shell(limits().max_commands(100));
    let r = match sh.exec("while :; do :; done").await {
        Ok(r) => r,
        Err(e) => panic!("exec: {e}"),
    };
    assert_eq!(r.exit_code, LIMIT_EXIT_STATUS);
    assert!(
        r.stderr.ends_with("maximum command count exceeded (100)\n"),
        "stderr: {:?}",
        r.stderr
    );
    let r = match sh.exec("echo ok").await {
        Ok(r) => r,
        Err(e) => panic!("exec: {e}"),
    };
    assert_eq!(r.stdout, "ok\n");
}

// ---------------------------------------------------------------- fork bombs and endless pipes

/// A fork bomb hits `max_concurrent_stages`: the whole run stops with that limit (TC-9), where
/// bash would print `fork: retry: Resource temporarily unavailable` and go on.
fn assert_fork_refused(r: &ExecResult, took: Duration) {
    assert!(took < Duration::from_secs(15), "took {took:?}");
    assert_eq!(r.stderr, "bash: line 1: maximum concurrent pipeline stages exceeded (64)\n");
    assert_eq!(r.exit_code, LIMIT_EXIT_STATUS);
}

#[test]
fn fork_bomb_ends_with_a_limit() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, ":(){ :|:& };:");
        assert_fork_refused(&r, took);
        assert_still_works(&mut sh);
    });
}

#[test]
fn fork_bomb_without_background() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "bomb(){ bomb | bomb; }; bomb");
        assert_fork_refused(&r, took);
        assert_still_works(&mut sh);
    });
}

#[test]
fn yes_into_head() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "yes | head -1; echo \"${PIPESTATUS[1]}\"");
        assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.exit_code), ("y\n0\n", "", 0));
        assert!(took < Duration::from_secs(5), "took {took:?}");
    });
}

#[test]
fn dev_zero_into_head() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "cat /dev/zero | head -c 10 | wc -c");
        assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.exit_code), ("10\n", "", 0));
        assert!(took < Duration::from_secs(5), "took {took:?}");
    });
}

#[test]
fn endless_loop_into_head() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "while :; do echo line; done | head -n 3");
        assert_eq!(
            (r.stdout.as_str(), r.exit_code),
            ("line\nline\nline\n", 0),
            "stderr: {:?}",
            r.stderr
        );
        assert!(took < Duration::from_secs(5), "took {took:?}");
    });
}

#[test]
fn seq_huge_into_head() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "seq 1 1000000000000 | head -n 2");
        assert_eq!(
            (r.stdout.as_str(), r.exit_code),
            ("1\n2\n", 0),
            "stderr: {:?}",
            r.stderr
        );
        assert!(took < Duration::from_secs(5), "took {took:?}");
    });
}

#[test]
fn many_background_jobs() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(
            &mut sh,
            "for i in {1..200}; do echo $i > /dev/null & done; wait; echo done",
        );
        assert!(took < Duration::from_secs(10), "took {took:?}");
        assert_eq!(
            (r.stdout.as_str(), r.exit_code),
            ("done\n", 0),
            "stderr: {:?}",
            r.stderr
        );
    });
}

#[test]
fn many_background_jobs_stay_cheap_and_bounded() {
    guarded(|| {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, "for i in $(seq 5000); do true & done; wait; jobs | wc -l; echo $?");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("0\n0\n", 0), "stderr: {}", r.stderr);
        assert!(took < Duration::from_secs(10), "took {took:?}");
        assert_still_works(&mut sh);
    });
}

#[test]
fn output_process_substitution_of_an_endless_writer_ends() {
    guarded(|| {
        let mut sh = shell(limits());
        // `>(list)` reads a named pipe alongside its writer, as in bash: the writer ends with
        // SIGPIPE's status once the list stops reading.
        let (r, took) = timed(&mut sh, "yes > >(head -n 1); echo \"st=$?\"");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("y\nst=141\n", 0), "stderr: {}", r.stderr);
        assert!(took < Duration::from_secs(10), "took {took:?}");
        assert_still_works(&mut sh);
        // Without a thread to spare, `list` reads a file once the writer is done: an endless
        // writer then fills the filesystem and the run stops at that limit.
        let mut sh = shell(limits().max_concurrent_stages(0));
        let (r, took) = timed(&mut sh, "yes > >(head -n 1)");
        assert_eq!(r.exit_code, LIMIT_EXIT_STATUS, "stderr: {}", r.stderr);
        assert!(r.stderr.ends_with("maximum filesystem size exceeded (67108864 bytes)\n"), "stderr: {}", r.stderr);
        assert!(took < Duration::from_secs(10), "took {took:?}");
    });
}
