//! Hostile records that pass the checksum (a forger recomputes it): never run, never panic.

#![allow(clippy::unwrap_used)]

use super::format::{FuncRec, ShellRec};
use super::*;

/// A snapshot of a fresh session with `edit` applied to its shell records, through its bytes.
fn forged(edit: impl FnOnce(&mut ShellRec)) -> Result<crate::Bash, crate::Error> {
    let snap = crate::Bash::new().snapshot().unwrap();
    let mut shell = snap.inner.shell.clone();
    edit(&mut shell);
    let bytes = format::encode(&shell, &snap.inner.fs, &snap.inner.chunks);
    let snap = Snapshot::from_bytes(&bytes).unwrap();
    crate::Bash::builder().restore(&snap).build()
}

fn function(name: &str, text: &str) -> FuncRec {
    FuncRec { name: name.into(), text: text.into(), attrs: 0, file: None }
}

#[test]
fn a_function_text_is_parsed_never_run() {
    for (name, text) in [
        ("f", "f () { :; }; echo pwned > /tmp/pwned"),
        ("f", "echo pwned > /tmp/pwned"),
        ("f", "g () { :; }"),
        ("f", "f () { :; } &"),
        ("f", "f () { :"),
        ("f", ""),
    ] {
        let err = forged(|s| s.funcs.push(function(name, text))).err().expect("refused");
        assert_eq!(err.to_string(), "snapshot is corrupt: function \"f\" is not a single function definition", "{text}");
    }
    let mut ok = forged(|s| s.funcs.push(function("f", "f () \n{ \n    echo ok\n}"))).unwrap();
    assert_eq!(ok.exec_sync("f; ls /tmp").stdout, "ok\n");
}

#[test]
fn odd_values_are_bounded() {
    let mut bash = forged(|s| {
        s.status = 12345;
        s.umask = 0o7777_7777;
        s.getopts = (u64::MAX, u64::MAX);
        s.history.limit = Some(u64::MAX);
        s.set_on.push("no-such-option".into());
        s.cwd = "/does/not/exist".into();
    })
    .unwrap();
    let r = bash.exec_sync("echo $?; umask; pwd");
    assert_eq!(r.stdout, format!("{}\n0777\n/does/not/exist\n", 12345 & 0xff));
}

