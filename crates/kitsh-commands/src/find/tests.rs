use super::*;
use crate::args::testfs::{fs_with, run_env};
use kitsh_core::fs::MemoryFs;

fn tree() -> Box<MemoryFs> {
    let fs = fs_with(&[
        ("/w/ft/a/b/z", b""),
        ("/w/ft/a/y.TXT", b""),
        ("/w/ft/c/d", b"data"),
        ("/w/ft/.h/", b""),
        ("/w/ft/x.txt", b""),
        ("/w/ft/e", b""),
        ("/etc/passwd", b"root:x:0:0::/root:/bin/sh\nuser:x:1000:1000::/home/user:/bin/sh\n"),
        ("/etc/group", b"root:x:0:\nuser:x:1000:\n"),
    ]);
    let _ = fs.symlink("x.txt", "/w/ft/l");
    let _ = fs.symlink("nowhere", "/w/ft/bl");
    let _ = fs.set_mtime("/w/ft", std::time::UNIX_EPOCH + std::time::Duration::from_secs(crate::args::testfs::T0));
    fs
}

fn find_in(fs: &MemoryFs, args: &[&str]) -> (String, String, i32) {
    let mut argv = vec![];
    argv.extend_from_slice(args);
    let o = crate::testing::run(&Find, "find", &argv, b"", fs, "/w");
    (o.out(), o.stderr, o.status)
}
fn find(args: &[&str]) -> String {
    let (o, e, _) = find_in(&tree(), args);
    format!("{o}{e}")
}

#[test]
fn walks_in_name_order() {
    assert_eq!(find(&["ft"]), "ft\nft/.h\nft/a\nft/a/b\nft/a/b/z\nft/a/y.TXT\nft/bl\nft/c\nft/c/d\nft/e\nft/l\nft/x.txt\n");
    assert_eq!(find(&["ft/", "-maxdepth", "1", "-name", "[ab]*"]), "ft/a\nft/bl\n");
    assert_eq!(find(&["ft//a", "-maxdepth", "1"]), "ft//a\nft//a/b\nft//a/y.TXT\n");
    assert_eq!(find(&["ft", "-mindepth", "2", "-maxdepth", "2"]), "ft/a/b\nft/a/y.TXT\nft/c/d\n");
    assert_eq!(find(&["ft", "-depth", "-name", "a*"]), "ft/a\n");
    assert_eq!(find(&["ft/a", "-depth"]), "ft/a/b/z\nft/a/b\nft/a/y.TXT\nft/a\n");
    let (o, _, _) = find_in(&tree(), &["-maxdepth", "0"]);
    assert_eq!(o, ".\n");
}

#[test]
fn tests_on_names_and_types() {
    assert_eq!(find(&["ft", "-name", "*.txt"]), "ft/x.txt\n");
    assert_eq!(find(&["ft", "-iname", "*.txt"]), "ft/a/y.TXT\nft/x.txt\n");
    assert_eq!(find(&["ft", "-name", ".*"]), "ft/.h\n");
    assert_eq!(find(&["ft/", "-maxdepth", "0", "-name", "ft"]), "ft/\n");
    assert_eq!(find(&["ft", "-path", "*a/b*"]), "ft/a/b\nft/a/b/z\n");
    assert_eq!(find(&["ft", "-type", "d"]), "ft\nft/.h\nft/a\nft/a/b\nft/c\n");
    assert_eq!(find(&["ft", "-type", "l"]), "ft/bl\nft/l\n");
    assert_eq!(find(&["ft", "-type", "f,l", "-name", "?"]), "ft/a/b/z\nft/c/d\nft/e\nft/l\n");
    assert_eq!(find(&["ft", "-xtype", "f", "-name", "l"]), "ft/l\n");
    assert_eq!(find(&["ft", "-xtype", "l"]), "ft/bl\n");
    assert_eq!(find(&["-L", "ft", "-type", "l"]), "ft/bl\n");
    assert_eq!(find(&["-L", "ft", "-name", "l", "-type", "f"]), "ft/l\n");
    assert_eq!(find(&["ft", "-lname", "no*"]), "ft/bl\n");
    assert_eq!(find(&["ft", "-regex", ".*\\.txt"]), "ft/x.txt\n");
    assert_eq!(find(&["ft", "-regex", "ft/\\(x\\|e\\).*"]), "ft/e\nft/x.txt\n");
    assert_eq!(find(&["ft", "-regextype", "posix-extended", "-regex", "ft/(x|e).*"]), "ft/e\nft/x.txt\n");
    assert_eq!(find(&["ft", "-iregex", "FT/X.*"]), "ft/x.txt\n");
}

#[test]
fn tests_on_metadata() {
    assert_eq!(find(&["ft", "-type", "f", "-size", "-1"]), "ft/a/b/z\nft/a/y.TXT\nft/e\nft/x.txt\n");
    assert_eq!(find(&["ft", "-size", "1", "-type", "f"]), "ft/c/d\n");
    assert_eq!(find(&["ft", "-size", "+3c", "-size", "-6c"]), "ft/c/d\nft/l\n");
    assert_eq!(find(&["ft", "-size", "4c"]), "ft/c/d\n");
    assert_eq!(find(&["ft", "-empty"]), "ft/.h\nft/a/b/z\nft/a/y.TXT\nft/e\nft/x.txt\n");
    assert_eq!(find(&["ft", "-perm", "755", "-type", "d", "-name", "a"]), "ft/a\n");
    assert_eq!(find(&["ft", "-perm", "-u+w", "-name", "c"]), "ft/c\n");
    assert_eq!(find(&["ft", "-perm", "/111", "-type", "f"]), "");
    assert_eq!(find(&["ft", "-perm", "-644", "-name", "e"]), "ft/e\n");
    assert_eq!(find(&["ft", "-user", "user", "-name", "e"]), "ft/e\n");
    assert_eq!(find(&["ft", "-uid", "1000", "-name", "e", "-group", "1000"]), "ft/e\n");
    assert_eq!(find(&["ft", "-nouser"]), "");
    assert_eq!(find(&["ft", "-links", "1", "-name", "e"]), "ft/e\n");
    assert_eq!(find(&["ft", "-readable", "-writable", "-name", "e"]), "ft/e\n");
    assert_eq!(find(&["ft", "-executable", "-type", "f"]), "");
    assert_eq!(find(&["ft", "-mtime", "+100000", "-name", "e"]), "");
    assert_eq!(find(&["ft", "-mtime", "-100000", "-name", "e"]), "ft/e\n");
}

#[test]
fn newer() {
    let fs = tree();
    let _ = fs.set_mtime("/w/ft/e", std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_800_000_000));
    assert_eq!(find_in(&fs, &["ft", "-newer", "ft/x.txt", "!", "-type", "l"]).0, "ft/e\n");
    assert_eq!(find_in(&fs, &["ft", "-newer", "nosuch"]), (String::new(), "find: ‘nosuch’: No such file or directory\n".into(), 1));
}

#[test]
fn operators_and_actions() {
    assert_eq!(find(&["ft", "-name", "a", "-prune", "-o", "-print"]), "ft\nft/.h\nft/bl\nft/c\nft/c/d\nft/e\nft/l\nft/x.txt\n");
    assert_eq!(find(&["ft", "-name", "a", "-prune", "-o", "-type", "f", "-print"]), "ft/c/d\nft/e\nft/x.txt\n");
    assert_eq!(find(&["ft", "(", "-name", "e", "-o", "-name", "d", ")", "-print"]), "ft/c/d\nft/e\n");
    assert_eq!(find(&["ft", "!", "-type", "d", "-not", "-type", "l", "-maxdepth", "1"]), "ft/e\nft/x.txt\n");
    assert_eq!(find(&["ft", "-maxdepth", "1", "-name", "e", "-print0"]), "ft/e\0");
    assert_eq!(find(&["ft", "-name", "x.txt", "-quit", "-print"]), "");
    assert_eq!(find(&["ft", "-print", "-quit"]), "ft\n");
    assert_eq!(find(&["ft", "-name", "e", "-print", ",", "-name", "d", "-print"]), "ft/c/d\nft/e\n");
    assert_eq!(find(&["ft", "-name", "e", "-print", "-print"]), "ft/e\nft/e\n");
    assert_eq!(find(&["ft", "-false", "-o", "-name", "e"]), "ft/e\n");
    assert_eq!(find(&["ft", "-true", "-a", "-name", "e", "-and", "-true"]), "ft/e\n");
}

#[test]
fn delete() {
    let fs = tree();
    let (o, e, st) = find_in(&fs, &["ft", "-name", "c", "-delete"]);
    assert_eq!((o.as_str(), e.as_str(), st), ("", "find: cannot delete ‘ft/c’: Directory not empty\n", 1));
    assert_eq!(find_in(&fs, &["ft/a", "-delete", "-print"]).0, "ft/a/b/z\nft/a/b\nft/a/y.TXT\nft/a\n");
    assert_eq!(find_in(&fs, &["ft", "-maxdepth", "1"]).0, "ft\nft/.h\nft/bl\nft/c\nft/e\nft/l\nft/x.txt\n");
}

#[test]
fn printf() {
    let p = |f: &str, start: &str| run_env(&Find, "find", &[start, "-maxdepth", "0", "-printf", f], &[("TZ", "UTC")], &*tree()).0;
    assert_eq!(p("%p|%f|%h|%P|%H|%d|%y|%m|%M|%s|%k|%b|%u|%g|%U|%G|%n\\n", "/w/ft/c/d"), "/w/ft/c/d|d|/w/ft/c||/w/ft/c/d|0|f|644|-rw-r--r--|4|4|8|user|user|1000|1000|1\n");
    assert_eq!(p("%t|%T@|%TT|%T+|%TY-%Tm-%Td|%Tk\\n", "/w/ft"), "Tue Nov 14 22:13:20.0000000000 2023|1700000000.0000000000|22:13:20.0000000000|2023-11-14+22:13:20.0000000000|2023-11-14|22\n");
    assert_eq!(p("%y %Y %l\\n", "/w/ft/bl"), "l N nowhere\n");
    assert_eq!(p("%5d|%-5y|%.3p|%%\\n", "/w/ft"), "    0|d    |/w/|%\n");
    assert_eq!(p("a\\tb\\101\\c|", "/w/ft"), "a\tbA");
    assert_eq!(p("%h|%f\\n", "/"), "|/\n");
    let (o, e, _) = run_env(&Find, "find", &["/w/ft", "-maxdepth", "0", "-printf", "%w|\\q\\n"], &[], &*tree());
    assert_eq!(o, "%w|\\q\n");
    assert_eq!(e, "find: warning: unrecognized format directive `%w'\nfind: warning: unrecognized escape `\\q'\n");
    let (o, _, _) = find_in(&tree(), &["ft/a/b", "-printf", "%h|%f|%P|%p\\n"]);
    assert_eq!(o, "ft/a|b||ft/a/b\nft/a/b|z|z|ft/a/b/z\n");
}

#[test]
fn ls() {
    let (o, _, _) = run_env(&Find, "find", &["/w/ft/c/d", "-ls"], &[("TZ", "UTC")], &*tree());
    assert!(o.ends_with("      4 -rw-r--r--   1 user     user            4 Nov 14  2023 /w/ft/c/d\n"), "{o}");
    let (o, _, _) = run_env(&Find, "find", &["/w/ft/l", "-ls"], &[("TZ", "UTC")], &*tree());
    assert!(o.contains("      0 lrwxrwxrwx   1 user     user            5 ") && o.ends_with(" /w/ft/l -> x.txt\n"), "{o}");
}

#[test]
fn errors() {
    let e = |a: &[&str]| {
        let (o, e, st) = find_in(&tree(), a);
        assert_eq!(st, 1, "{a:?}");
        format!("{o}{e}")
    };
    assert_eq!(e(&["ft", "-foo"]), "find: unknown predicate `-foo'\n");
    assert_eq!(e(&["ft", "-name"]), "find: missing argument to `-name'\n");
    assert_eq!(e(&["ft", "nosuch", "-name", "e"]), "ft/e\nfind: ‘nosuch’: No such file or directory\n");
    assert_eq!(e(&["ft", "-name", "x", "foo"]), "find: paths must precede expression: `foo'\n");
    assert_eq!(e(&["ft", "-type", "q"]), "find: Unknown argument to -type: q\n");
    assert_eq!(e(&["ft", "-type", "dd"]), "find: Must separate multiple arguments to -type using: ','\n");
    assert_eq!(e(&["ft", "-type", ""]), "find: Arguments to -type should contain at least one letter\n");
    assert_eq!(e(&["ft", "-maxdepth", "x"]), "find: Expected a positive decimal integer argument to -maxdepth, but got ‘x’\n");
    assert_eq!(e(&["ft", "-mindepth", "-1"]), "find: Expected a positive decimal integer argument to -mindepth, but got ‘-1’\n");
    assert_eq!(e(&["ft", "(", "-name", "a"]), "find: invalid expression; I was expecting to find a ')' somewhere but did not see one.\n");
    assert_eq!(e(&["ft", "-name", "a", ")"]), "find: invalid expression; you have too many ')'\n");
    assert_eq!(e(&["ft", "!"]), "find: expected an expression after '!'\n");
    assert_eq!(e(&["ft", "-o", "-name", "a"]), "find: invalid expression; you have used a binary operator '-o' with nothing before it.\n");
    assert_eq!(e(&["ft", "(", ")"]), "find: invalid expression; empty parentheses are not allowed.\n");
    assert_eq!(e(&["ft", "-size", "x"]), "find: invalid -size type `x'\n");
    assert_eq!(e(&["ft", "-size", "1x"]), "find: invalid -size type `x'\n");
    assert_eq!(e(&["ft", "-size", ""]), "find: invalid null argument to -size\n");
    assert_eq!(e(&["ft", "-perm", "x"]), "find: invalid mode ‘x’\n");
    assert_eq!(e(&["ft", "-perm", "+644"]), "find: invalid mode ‘+644’\n");
    assert_eq!(e(&["ft", "-mtime", "x"]), "find: invalid argument `x' to `-mtime'\n");
    assert_eq!(e(&["ft", "-user", "nosuchu"]), "find: ‘nosuchu’ is not the name of a known user\n");
    assert_eq!(e(&["ft", "-group", "nosuchg"]), "find: ‘nosuchg’ is not the name of an existing group\n");
    assert_eq!(e(&["ft", "-exec"]), "find: missing argument to `-exec'\n");
    assert_eq!(e(&["ft", "-exec", "echo", "{}", "{}", "+"]), "find: Only one instance of {} is supported with -exec ... +\n");
    assert!(e(&["ft", "-regextype", "foo"]).starts_with("find: Unknown regular expression type ‘foo’; valid types are"));
}

#[test]
fn age_rules() {
    let s = 1_000_000_000i128;
    assert!(age_ok(30 * s, Cmp::Exact, 1, 60) && !age_ok(30 * s, Cmp::Exact, 0, 60));
    assert!(age_ok(30 * s, Cmp::Less, 1, 60) && age_ok(30 * s, Cmp::More, 0, 60));
    assert!(age_ok(90 * s, Cmp::Exact, 2, 60) && age_ok(90 * s, Cmp::More, 1, 60));
    let h30 = 30 * 3600 * s;
    assert!(age_ok(h30, Cmp::Exact, 1, 86400) && !age_ok(h30, Cmp::Less, 1, 86400));
    assert!(age_ok(h30, Cmp::More, 0, 86400) && !age_ok(h30, Cmp::More, 1, 86400) && age_ok(h30, Cmp::Less, 2, 86400));
}

use parse::Cmp;
fn age_ok(age: i128, cmp: Cmp, n: u64, unit: u64) -> bool {
    eval::age_matches(age, cmp, n, unit)
}
