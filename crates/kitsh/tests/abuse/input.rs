//! Hostile input: deep nesting, huge scripts, invalid UTF-8.

use std::time::Duration;

use crate::common::{assert_still_works, guarded, limits, shell, timed};
use kitsh::Bash;

// ---------------------------------------------------------------- deep nesting

/// A deeply nested script must end promptly with an error (never a crash) and leave the
/// shell usable.
fn assert_nesting_rejected(script: String) {
    guarded(move || {
        let mut sh = shell(limits());
        let (r, took) = timed(&mut sh, &script);
        assert_ne!(r.exit_code, 0, "stdout: {:?}", r.stdout);
        assert!(
            r.stdout.is_empty(),
            "stdout: {:?}",
            &r.stdout[..r.stdout.len().min(200)]
        );
        assert!(!r.stderr.is_empty());
        assert!(
            r.stderr.len() < 2 * script.len() + 1000,
            "stderr is {} bytes",
            r.stderr.len()
        );
        assert!(took < Duration::from_secs(10), "took {took:?}");
        assert_still_works(&mut sh);
    });
}

#[test]
fn nested_subshells_100k() {
    let n = 100_000;
    assert_nesting_rejected(format!("{}echo hi{}", "(".repeat(n), ")".repeat(n)));
}

#[test]
fn nested_spaced_subshells_100k() {
    let n = 100_000;
    assert_nesting_rejected(format!("{}echo hi{}", "( ".repeat(n), " )".repeat(n)));
}

#[test]
fn nested_arith_parens_100k() {
    let n = 100_000;
    assert_nesting_rejected(format!("echo $(({}1{}))", "(".repeat(n), ")".repeat(n)));
}

#[test]
fn unbalanced_parens_100k() {
    assert_nesting_rejected("(".repeat(100_000));
}

#[test]
fn nested_braces_10k() {
    let n = 10_000;
    assert_nesting_rejected(format!("{}echo hi;{}", "{ ".repeat(n), " };".repeat(n)));
}

#[test]
fn nested_command_substitutions_10k() {
    let n = 10_000;
    assert_nesting_rejected(format!("echo {}x{}", "$(echo ".repeat(n), ")".repeat(n)));
}

#[test]
fn nested_ifs_10k() {
    let n = 10_000;
    assert_nesting_rejected(format!("{}echo hi{}", "if true; then ".repeat(n), "; fi".repeat(n)));
}

#[test]
fn moderate_nesting_still_works() {
    guarded(|| {
        let mut sh = shell(limits());
        let n = 50;
        let r = sh.exec_sync(&format!("{}echo hi{}", "( ".repeat(n), " )".repeat(n)));
        assert_eq!((r.stdout.as_str(), r.exit_code), ("hi\n", 0), "stderr: {:?}", r.stderr);
        let r = sh.exec_sync(&format!("echo {}x{}", "$(echo ".repeat(n), ")".repeat(n)));
        assert_eq!((r.stdout.as_str(), r.exit_code), ("x\n", 0), "stderr: {:?}", r.stderr);
    });
}

// ---------------------------------------------------------------- huge scripts

#[test]
fn ten_megabyte_script_of_colon_lines() {
    guarded(|| {
        let mut sh = shell(limits());
        let line = format!(": {}\n", "a".repeat(98));
        let mut script = line.repeat(100_000);
        script.push_str("echo done\n");
        assert!(script.len() >= 10_000_000);
        let (r, took) = timed(&mut sh, &script);
        assert_eq!(
            (r.stdout.as_str(), r.exit_code),
            ("done\n", 0),
            "stderr: {:?}",
            &r.stderr[..r.stderr.len().min(300)]
        );
        assert!(took < Duration::from_secs(15), "took {took:?}");
    });
}

#[test]
fn ten_megabyte_single_line() {
    guarded(|| {
        let mut sh = shell(limits());
        let script = format!("x={}; echo ${{#x}}", "x".repeat(10 << 20));
        let (r, took) = timed(&mut sh, &script);
        assert_eq!(
            (r.stdout.as_str(), r.exit_code),
            ("10485760\n", 0),
            "stderr: {:?}",
            r.stderr
        );
        assert!(took < Duration::from_secs(15), "took {took:?}");
    });
}

#[test]
fn script_larger_than_max_input_bytes_is_rejected() {
    guarded(|| {
        let mut sh = shell(limits().max_input_bytes(1000));
        let script = format!("echo ran\n{}", ": x\n".repeat(1000));
        let r = sh.exec_sync(&script);
        assert_eq!(r.stdout, "");
        assert_ne!(r.exit_code, 0);
        assert!(!r.stderr.is_empty());
        assert_still_works(&mut sh);
    });
}

// ---------------------------------------------------------------- invalid UTF-8

#[test]
fn invalid_utf8_through_pipes_is_preserved() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync(r"printf '\xff\xfe' | cat | od -An -tx1");
        assert_eq!(
            (r.stdout.as_str(), r.exit_code),
            (" ff fe\n", 0),
            "stderr: {:?}",
            r.stderr
        );
    });
}

#[test]
fn invalid_utf8_in_stdout_bytes() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync(r"printf 'a\xff\x00\xfeb'");
        assert_eq!(r.stdout_bytes, b"a\xff\x00\xfeb");
        assert_eq!(r.stdout, "a\u{fffd}\0\u{fffd}b");
    });
}

#[test]
fn invalid_utf8_in_variables() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync(
            r#"v=$'\xc3\x28'; printf '%s' "$v" | od -An -tx1; w="${v}${v}"; printf '%s' "${w:0:2}" | od -An -tx1"#,
        );
        assert_eq!(r.stdout, " c3 28\n c3 28\n", "stderr: {:?}", r.stderr);
        let r = sh.exec_sync(r#"arr=($'\xff' $'\xfe'); printf '%s' "${arr[@]}" | od -An -tx1"#);
        assert_eq!(r.stdout, " ff fe\n", "stderr: {:?}", r.stderr);
    });
}

#[test]
fn invalid_utf8_in_files_and_command_substitution() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync(
            r#"printf '\x80\x81\n' > bin.dat; x=$(cat bin.dat); printf '%s' "$x" | od -An -tx1; wc -c < bin.dat"#,
        );
        assert_eq!(r.stdout, " 80 81\n3\n", "stderr: {:?}", r.stderr);
    });
}

#[test]
fn invalid_utf8_on_stdin() {
    guarded(|| {
        let built = Bash::builder()
            .name("bash")
            .limits(limits())
            .stdin(vec![0xff, b'a', 0xfe, b'\n'])
            .build();
        let mut sh = match built {
            Ok(b) => b,
            Err(e) => panic!("build: {e}"),
        };
        let r = sh.exec_sync("read -r line; printf '%s' \"$line\" | od -An -tx1");
        assert_eq!(r.stdout, " ff 61 fe\n", "stderr: {:?}", r.stderr);
    });
}

#[test]
fn nul_and_control_bytes_in_script_text() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("echo a\u{1}b | od -An -tx1");
        assert_eq!(r.stdout, " 61 01 62 0a\n", "stderr: {:?}", r.stderr);
        let r = sh.exec_sync("echo x\0y");
        assert_ne!(r.stdout, "");
        assert_still_works(&mut sh);
    });
}
