use super::*;
use crate::args::testfs::{fs_with, run_env};
use kitsh_core::fs::MemoryFs;

fn fs() -> Box<MemoryFs> {
    let fs = fs_with(&[("/w/m1", b"abc\ndef\n"), ("/w/e0", b""), ("/w/d/", b""), ("/w/a b", b"x"), ("/etc/passwd", b"user:x:1000:1000::/:/bin/sh\n")]);
    let _ = fs.symlink("m1", "/w/sl");
    let _ = fs.set_mode("/w/m1", 0o644);
    fs
}
fn stat(args: &[&str]) -> (String, String, i32) {
    run_env(&Stat, "stat", args, &[("TZ", "UTC")], &*fs())
}
fn dev(args: &[&str]) -> String {
    let fs = MemoryFs::standard(kitsh_core::fs::Quota::new(kitsh_core::fs::FsLimits::default()), "/home/user");
    run_env(&Stat, "stat", args, &[("TZ", "UTC")], &fs).0
}
fn c(fmt: &str, file: &str) -> String {
    stat(&["-c", fmt, file]).0
}

#[test]
fn directives() {
    assert_eq!(c("%n|%s|%a|%A|%F|%u|%g|%h", "/w/m1"), "/w/m1|8|644|-rw-r--r--|regular file|1000|1000|1\n");
    assert_eq!(c("%F|%s|%b|%B|%o", "/w/e0"), "regular empty file|0|0|512|4096\n");
    assert_eq!(c("%F|%A", "/w/d"), "directory|drwxr-xr-x\n");
    assert_eq!(c("%N|%F|%s|%a", "/w/sl"), "'/w/sl' -> 'm1'|symbolic link|2|777\n");
    assert_eq!(stat(&["-L", "-c", "%N|%F", "/w/sl"]).0, "'/w/sl'|regular file\n");
    assert_eq!(c("%N", "/w/a b"), "'/w/a b'\n");
    assert_eq!(c("%Y|%y|%X|%w|%W", "/w/m1"), "1700000000|2023-11-14 22:13:20.000000000 +0000|1700000000|-|0\n");
    assert_eq!(c("%.3Y|%f|%m|%%|%q|%Hd,%Ld|%Hx|%", "/w/m1"), "1700000000.000|81a4|/|%|?|0,32|?x|%\n");
    assert_eq!(dev(&["-c", "%F|%t,%T|%Hr,%Lr|%d|%U", "/dev/null"]), "character special file|1,3|1,3|5|root\n");
}

#[test]
fn flags() {
    assert_eq!(c("%05a|%#a|%-8U|%.2n|%5.2s|%+5s|%5s|%-5s|", "/w/m1"), "00644|0644|user    |/w|   08|   +8|    8|8    |\n");
    assert_eq!(c("%10n|", "/w/e0"), "     /w/e0|\n");
}

#[test]
fn printf_and_terse() {
    assert_eq!(stat(&["--printf", "%s\\n\\t\\x41\\101\\\\\\0101", "/w/m1"]).0, "8\n\tAA\\\x081");
    let (o, e, _) = stat(&["--printf", "\\q|\\x", "/w/m1"]);
    assert_eq!((o.as_str(), e.as_str()), ("q|x", "stat: warning: unrecognized escape '\\q'\nstat: warning: unrecognized escape '\\x'\n"));
    assert_eq!(stat(&["-c", "%s", "/w/m1", "/w/e0"]).0, "8\n0\n");
    assert_eq!(stat(&["-c", "", "/w/m1"]).0, "\n");
    let (o, _, _) = stat(&["-t", "/w/m1"]);
    assert!(o.starts_with("/w/m1 8 8 81a4 1000 1000 20 "));
    assert!(o.ends_with(" 1 0 0 1700000000 1700000000 1700000000 0 4096\n"));
}

#[test]
fn default_layout() {
    let ino = c("%i", "/w/m1");
    let (o, _, _) = stat(&["/w/m1"]);
    let want = format!(
        "  File: /w/m1\n  Size: 8         \tBlocks: 8          IO Block: 4096   regular file\nDevice: 0,32\tInode: {:<11} Links: 1\nAccess: (0644/-rw-r--r--)  Uid: ( 1000/    user)   Gid: ( 1000/ UNKNOWN)\nAccess: 2023-11-14 22:13:20.000000000 +0000\nModify: 2023-11-14 22:13:20.000000000 +0000\nChange: 2023-11-14 22:13:20.000000000 +0000\n Birth: -\n",
        ino.trim_end()
    );
    assert_eq!(o, want);
    assert!(stat(&["/w/sl"]).0.starts_with("  File: /w/sl -> m1\n  Size: 2         \tBlocks: 0          IO Block: 4096   symbolic link\n"));
    assert!(dev(&["/dev/null"]).contains(" Links: 1     Device type: 1,3\n"));
}

#[test]
fn errors() {
    assert_eq!(stat(&["/w/nosuch", "/w/e0", "-c", "%n"]), ("/w/e0\n".into(), "stat: cannot statx '/w/nosuch': No such file or directory\n".into(), 1));
    assert_eq!(stat(&[]).1, "stat: missing operand\nTry 'stat --help' for more information.\n");
}
