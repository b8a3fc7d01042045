//! Tests of pathname expansion against an in-memory tree; expectations recorded with GNU bash
//! 5.2 (`LC_ALL=C.UTF-8`, `nullglob`) on the same tree on disk.

use super::*;
use crate::fs::{FsLimits, MemoryFs, WriteMode};

/// The tree: `/w` holds directories `a a-b b/c/d .hid/x B "sp ace"`, files, hidden entries and
/// symlinks (`lnk -> b`, `dangling -> nowhere`, `fl -> a/y`, `b/dl -> ../dangling`).
fn tree() -> MemoryFs {
    let fs = MemoryFs::new(FsLimits::default());
    for d in [
        "/w/a",
        "/w/a-b",
        "/w/b/c/d",
        "/w/.hid/x",
        "/w/sp ace",
        "/w/B",
    ] {
        assert!(fs.mkdir(d, true).is_ok(), "{d}");
    }
    let files = [
        "a/y", "a-b/x", "b/f", "b/c/g", "b/c/d/h", ".hid/x/i", ".dot", "sp ace/q", "a/.hy", "st*r",
        "B/Z",
    ];
    for f in files {
        assert!(
            fs.write_file(&format!("/w/{f}"), b"", WriteMode::Truncate)
                .is_ok(),
            "{f}"
        );
    }
    for (target, link) in [
        ("b", "/w/lnk"),
        ("nowhere", "/w/dangling"),
        ("a/y", "/w/fl"),
        ("../dangling", "/w/b/dl"),
    ] {
        assert!(fs.symlink(target, link).is_ok(), "{link}");
    }
    fs
}

/// `options<TAB>pattern<TAB>results joined by |`; options: g globstar, d dotglob, i nocaseglob,
/// e extglob.
const CASES: &str = r#"
-	*/*	B/Z|a-b/x|a/y|b/c|b/dl|b/f|lnk/c|lnk/dl|lnk/f|sp ace/q
-	*	B|a|a-b|b|dangling|fl|lnk|sp ace|st*r
-	.*	.dot|.hid
-	*/	B/|a-b/|a/|b/|lnk/|sp ace/
-	*/.*	a/.hy
-	./*	./B|./a|./a-b|./b|./dangling|./fl|./lnk|./sp ace|./st*r
-	../w/a*	../w/a|../w/a-b
-	a//*	a//y
-	*/y	a/y
-	d*	dangling
-	nonexist/*	
-	*/..	B/..|a-b/..|a/..|b/..|lnk/..|sp ace/..
-	st\**	st*r
-	[ab]/*	a/y|b/c|b/dl|b/f
-	lnk/*	lnk/c|lnk/dl|lnk/f
-	a/./y*	a/./y
-	/w/a/*	/w/a/y
-	./a/../b/*	./a/../b/c|./a/../b/dl|./a/../b/f
-	?	B|a|b
-	*[	
-	a/**	a/y
-	*/dl	b/dl|lnk/dl
-	a/y/*	
-	.*/*	.hid/x
-	b/*/	b/c/
-	f*/	
-	[!a]*	B|b|dangling|fl|lnk|sp ace|st*r
-	*\ *	sp ace
-	*/[[:upper:]]	B/Z
g	**	B|B/Z|a|a-b|a-b/x|a/y|b|b/c|b/c/d|b/c/d/h|b/c/g|b/dl|b/f|dangling|fl|lnk|sp ace|sp ace/q|st*r
g	**/	B/|a-b/|a/|b/|b/c/|b/c/d/|lnk/|sp ace/
g	b/**	b/|b/c|b/c/d|b/c/d/h|b/c/g|b/dl|b/f
g	**/h	b/c/d/h
g	b/**/	b/|b/c/|b/c/d/
g	a/**/y	a/y
g	lnk/**	lnk/|lnk/c|lnk/c/d|lnk/c/d/h|lnk/c/g|lnk/dl|lnk/f
g	**/*.x	
g	**/c	b/c
g	b/**/g	b/c/g
g	**/**	B|B/Z|a|a-b|a-b/x|a/y|b|b/c|b/c/d|b/c/d/h|b/c/g|b/dl|b/f|dangling|fl|lnk|sp ace|sp ace/q|st*r
g	.hid/**	.hid/|.hid/x|.hid/x/i
g	**/.hy	a/.hy
g	./**/h	./b/c/d/h
g	**/d/	b/c/d/
g	b/c/**/	b/c/|b/c/d/
g	b//**	b//|b//c|b//c/d|b//c/d/h|b//c/g|b//dl|b//f
g	/w/b/**	/w/b/|/w/b/c|/w/b/c/d|/w/b/c/d/h|/w/b/c/g|/w/b/dl|/w/b/f
g	**/**/h	b/c/d/h
gd	**/i	.hid/x/i
d	*	.dot|.hid|B|a|a-b|b|dangling|fl|lnk|sp ace|st*r
i	b*	B|b
i	*/z	
i	[A]*	a|a-b
e	@(a|b)	a|b
e	!(a*)	B|b|dangling|fl|lnk|sp ace|st*r
e	*(a|b|-)	a|a-b|b
e	+([a-z])/?	a/y|b/c|b/f|lnk/c|lnk/f
ed	!(a*)	.dot|.hid|B|b|dangling|fl|lnk|sp ace|st*r
-	[.]d*	
-	?dot	
e	@(.dot|x)	.dot
e	*(.)dot	.dot
e	.@(d)*	.dot
e	+(.)dot	.dot
.	.*	.|..|.dot|.hid
.	.?	..
-	.*	.dot|.hid
"#;

#[test]
fn bash_cases() {
    let fs = tree();
    let mut failures = Vec::new();
    for line in CASES.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let opts = GlobOpts {
            globstar: f[0].contains('g'),
            dotglob: f[0].contains('d'),
            nocase: f[0].contains('i'),
            extglob: f[0].contains('e'),
            dot_dirs: f[0].contains('.'),
            bytes: false,
        };
        let got = expand(f[1], "/w", &fs, opts).join("|");
        if got != f[2] {
            failures.push(format!(
                "{:?} {:?}: got {got:?}, want {:?}",
                f[0], f[1], f[2]
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn relative_to_root_and_other_cwd() {
    let fs = tree();
    let o = GlobOpts::default();
    assert_eq!(expand("w/b/*", "/", &fs, o), ["w/b/c", "w/b/dl", "w/b/f"]);
    assert_eq!(expand("*", "/w/b", &fs, o), ["c", "dl", "f"]);
    assert_eq!(expand("../a*", "/w/b", &fs, o), ["../a", "../a-b"]);
    assert_eq!(expand("/w/*/g", "/", &fs, o), Vec::<String>::new());
    assert_eq!(expand("/w/b/c/?", "/x", &fs, o), ["/w/b/c/d", "/w/b/c/g"]);
    assert!(expand("", "/w", &fs, o).is_empty());
    assert!(expand("/", "/w", &fs, o).is_empty());
}

#[test]
fn result_count_is_bounded() {
    let fs = MemoryFs::new(FsLimits {
        max_files: 200_000,
        ..FsLimits::default()
    });
    for i in 0..300 {
        assert!(fs.mkdir(&format!("/big/d{i}/e"), true).is_ok());
    }
    let o = GlobOpts {
        globstar: true,
        ..GlobOpts::default()
    };
    assert_eq!(expand("big/**", "/", &fs, o).len(), 601);
    assert_eq!(expand("big/*/*", "/", &fs, o).len(), 300);
}
