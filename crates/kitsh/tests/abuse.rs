//! Bad input and abuse: syntax errors, unknown commands, every execution limit, deeply nested
//! and huge scripts, invalid UTF-8, fork bombs, endless pipes and host isolation.
//!
//! Every test runs under a wall-clock guard ([`guarded`]) so a hang fails instead of blocking,
//! and asserts the exact outcome; after a limit stops a script the same [`Bash`] must still run
//! `echo ok`. Expected messages were checked against `/bin/bash -c` (GNU bash 5.2).

#![allow(clippy::panic)] // tests report failures by panicking

mod common;
#[path = "abuse/classes.rs"]
mod classes;
#[path = "abuse/escape.rs"]
mod escape;
#[path = "abuse/input.rs"]
mod input;
#[path = "abuse/limits.rs"]
mod limits;

use common::{assert_still_works, guarded, limits, shell};
use kitsh::Bash;

// ---------------------------------------------------------------- syntax errors

/// Syntax-error messages with bash's `-c: ` marker removed, so the tests below check
/// everything else even while kitsh omits it (see [`syntax_error_messages_say_dash_c`]).
fn without_dash_c(stderr: &str) -> String {
    stderr.replace("bash: -c: line ", "bash: line ")
}

#[test]
fn syntax_error_messages_say_dash_c() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("echo )");
        assert_eq!(
            r.stderr,
            "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `echo )'\n"
        );
    });
}

#[test]
fn syntax_error_on_the_only_line_runs_nothing() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("echo ran; echo )");
        assert_eq!(r.stdout, "");
        assert_eq!(
            without_dash_c(&r.stderr),
            "bash: line 1: syntax error near unexpected token `)'\nbash: line 1: `echo ran; echo )'\n"
        );
        assert_eq!(r.exit_code, 2);
        assert_still_works(&mut sh);
    });
}

#[test]
fn syntax_error_on_a_later_line_runs_earlier_lines() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("echo one\nfi\necho never");
        assert_eq!(r.stdout, "one\n");
        assert_eq!(
            without_dash_c(&r.stderr),
            "bash: line 2: syntax error near unexpected token `fi'\nbash: line 2: `fi'\n"
        );
        assert_eq!(r.exit_code, 2);
    });
}

#[test]
fn unexpected_end_of_file() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("echo ran; if true; then echo x");
        assert_eq!(r.stdout, "");
        assert_eq!(
            without_dash_c(&r.stderr),
            "bash: line 2: syntax error: unexpected end of file\n"
        );
        assert_eq!(r.exit_code, 2);
    });
}

#[test]
fn unterminated_quote() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("echo \"abc");
        assert_eq!(r.stdout, "");
        assert_eq!(
            without_dash_c(&r.stderr),
            "bash: line 1: unexpected EOF while looking for matching `\"'\n"
        );
        assert_eq!(r.exit_code, 2);
    });
}

#[test]
fn unterminated_command_substitution() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("x=$(echo hi");
        assert_eq!(r.stdout, "");
        assert_eq!(
            without_dash_c(&r.stderr),
            "bash: line 2: unexpected EOF while looking for matching `)'\n"
        );
        assert_eq!(r.exit_code, 2);
    });
}

// ---------------------------------------------------------------- unknown commands

#[test]
fn unknown_command_is_127() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("nosuchcmd arg; echo \"rc=$?\"");
        assert_eq!(r.stdout, "rc=127\n");
        assert_eq!(r.stderr, "bash: line 1: nosuchcmd: command not found\n");
        assert_eq!(r.exit_code, 0);
        let r = sh.exec_sync("echo a\nnosuchcmd");
        assert_eq!((r.stdout.as_str(), r.exit_code), ("a\n", 127));
        assert_eq!(r.stderr, "bash: line 2: nosuchcmd: command not found\n");
    });
}

#[test]
fn host_binaries_are_not_reachable() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("/usr/bin/ldd /bin/sh");
        assert_eq!(r.exit_code, 127, "stderr: {}", r.stderr);
        assert_eq!(r.stderr, "bash: line 1: /usr/bin/ldd: No such file or directory\n");
    });
}

// ---------------------------------------------------------------- host isolation

#[test]
fn etc_passwd_is_not_the_hosts() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("cat /etc/passwd");
        let host = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
        assert_ne!(r.stdout, host, "host /etc/passwd leaked");
        for line in host.lines().filter(|l| !l.starts_with("root:")) {
            assert!(!r.stdout.contains(line), "host /etc/passwd line leaked: {line}");
        }
        let r = sh.exec_sync("cat /etc/shadow /proc/self/environ /proc/1/cmdline");
        assert_eq!(r.stdout, "");
        assert_eq!(r.exit_code, 1);
    });
}

#[test]
fn root_listing_is_virtual() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("cd /; ls");
        assert_eq!(r.exit_code, 0, "stderr: {:?}", r.stderr);
        let names: Vec<&str> = r.stdout.lines().collect();
        for host_only in ["work", "proc", "sys", "boot", "root", "var"] {
            assert!(
                !names.contains(&host_only),
                "host directory /{host_only} visible: {names:?}"
            );
        }
    });
}

#[test]
fn dotdot_cannot_escape() {
    guarded(|| {
        let mut sh = shell(limits());
        let r = sh.exec_sync("mkdir -p /tmp/a/b && cd /tmp/a/b && cat ../../../../etc/hostname; echo \"rc=$?\"; cd ../../../../../..; pwd");
        let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
        if !host.trim().is_empty() {
            assert!(
                !r.stdout.contains(host.trim()),
                "host /etc/hostname leaked: {:?}",
                r.stdout
            );
        }
        assert!(r.stdout.ends_with("rc=1\n/\n"), "stdout: {:?}", r.stdout);
    });
}

#[test]
fn writes_do_not_reach_the_host() {
    guarded(|| {
        let path = std::env::temp_dir().join(format!("kitsh-abuse-marker-{}", std::process::id()));
        let p = path.to_string_lossy().into_owned();
        let mut sh = shell(limits());
        let r = sh.exec_sync(&format!("mkdir -p '{0}' && echo x > '{0}/f' && cat '{0}/f'", p));
        assert_eq!((r.stdout.as_str(), r.exit_code), ("x\n", 0), "stderr: {:?}", r.stderr);
        assert!(!path.exists(), "{p} was created on the host");
    });
}

#[test]
fn host_environment_does_not_leak() {
    guarded(|| {
        let mut sh = Bash::new();
        let r = sh.exec_sync("env");
        assert_eq!(r.exit_code, 0, "stderr: {:?}", r.stderr);
        let allowed = [
            "PATH", "HOME", "USER", "SHELL", "TMPDIR", "PWD", "OLDPWD", "SHLVL", "HOSTNAME", "_",
        ];
        for (k, v) in std::env::vars() {
            if allowed.contains(&k.as_str()) || v.is_empty() {
                continue;
            }
            let line = format!("{k}={v}");
            assert!(
                !r.stdout.lines().any(|l| l == line),
                "host variable {k} leaked into Bash::new()"
            );
        }
        let home = std::env::var("HOME").unwrap_or_default();
        let r = sh.exec_sync("echo \"$HOME\"");
        if home != "/home/user" {
            assert_ne!(r.stdout.trim_end(), home, "host $HOME leaked");
        }
    });
}

#[test]
fn cargo_variables_are_not_visible() {
    guarded(|| {
        let mut sh = Bash::new();
        let r = sh.exec_sync("echo \"[${CARGO_PKG_NAME-unset}] [${CARGO_MANIFEST_DIR-unset}]\"");
        assert_eq!(r.stdout, "[unset] [unset]\n");
    });
}
