//! sed tests; expectations checked against GNU sed 4.9.

use super::*;
use crate::args::testfs::{fs_with, NOFS};
use crate::testing::run;
use kitsh_core::fs::FileSystem;

/// Run `sed ARGS` on `input`: stdout, stderr and status as one string.
fn s(args: &[&str], input: &str) -> String {
    let o = run(&Sed, "sed", args, input.as_bytes(), &*NOFS, "/");
    format!("{}{}[{}]", o.out(), o.stderr, o.status)
}
/// Just stdout.
fn so(args: &[&str], input: &str) -> String {
    run(&Sed, "sed", args, input.as_bytes(), &*NOFS, "/").out()
}

const ABC: &str = "a\nb\nc\n";

#[test]
fn substitution_basics() {
    assert_eq!(so(&["s/b/X/"], "abcb\n"), "aXcb\n");
    assert_eq!(so(&["s/b/X/g"], "abcb\n"), "aXcX\n");
    assert_eq!(so(&["s/a/b/2g"], "aaa\n"), "abb\n");
    assert_eq!(so(&["s/x*/-/g"], "abc\n"), "-a-b-c-\n");
    assert_eq!(so(&["s/b*/-/g"], "abc\n"), "-a-c-\n");
    assert_eq!(so(&["s/b*/-/2"], "abc\n"), "a-c\n");
    assert_eq!(so(&["-n", "s/b/B/p"], "abc\nxyz\n"), "aBc\n");
    assert_eq!(so(&["s/B/x/I"], "abc\n"), "axc\n");
    assert_eq!(so(&["s/b/&&\\&/"], "abc\n"), "abb&c\n");
    assert_eq!(so(&["s|a\\|b|X|g"], "a|b ab\n"), "X ab\n");
    assert_eq!(so(&["-E", "s|a\\|b|X|g"], "a|b ab\n"), "X|X XX\n");
    assert_eq!(so(&["s.a\\.b.X.g"], "a.b axb\n"), "X X\n");
    assert_eq!(so(&["s/[/]/X/"], "a/b\n"), "aXb\n");
    assert_eq!(so(&["s/\\(a\\)\\(b\\)/\\2\\1/"], "abc\n"), "bac\n");
    assert_eq!(so(&["-E", "s/(a)(b)/\\2\\1\\0/"], "abc\n"), "baabc\n");
    assert_eq!(so(&["-E", "s/(b|)/<\\1>/g"], "abc\n"), "<>a<b>c<>\n");
}

#[test]
fn replacement_escapes() {
    assert_eq!(so(&["s/b/\\n/"], "abc\n"), "a\nc\n");
    assert_eq!(so(&["s/b/\\t/"], "abc\n"), "a\tc\n");
    assert_eq!(so(&["s/b/\\x41/"], "abc\n"), "aAc\n");
    assert_eq!(so(&["s/b/\\x26/"], "abc\n"), "a&c\n");
    assert_eq!(so(&["s/b/\\d065\\o101/"], "abc\n"), "aAAc\n");
    assert_eq!(so(&["s/b/\\cA/"], "abc\n"), "a\x01c\n");
    assert_eq!(so(&["s/b/a\\\nb/"], "abc\n"), "aa\nbc\n");
    assert_eq!(so(&["s/a\\x2ab/X/g"], "a*b axb\n"), "a*X axX\n");
    assert_eq!(so(&["s/a\\tb/X/"], "a\tb\n"), "X\n");
    assert_eq!(so(&["s/a[\\t]b/X/"], "atb\n"), "atb\n");
}

#[test]
fn case_conversion() {
    assert_eq!(so(&["s/\\w\\+/\\u&/g"], "hello world\n"), "Hello World\n");
    assert_eq!(so(&["s/\\(\\w\\+\\) \\(\\w\\+\\)/\\U\\1\\E \\2/"], "hello world\n"), "HELLO world\n");
    assert_eq!(so(&["s/.*/\\L&/"], "Hello World\n"), "hello world\n");
    assert_eq!(so(&["s/.*/\\U\\l&/"], "hello world\n"), "hELLO WORLD\n");
    assert_eq!(so(&["-E", "s/(h)(e)/\\u\\L\\1X\\2/"], "hello world\n"), "hxello world\n");
    assert_eq!(so(&["s/a/\\ufoo/"], "a\n"), "Foo\n");
    assert_eq!(so(&["s/a/\\Ufoo\\Ebar/"], "a\n"), "FOObar\n");
    assert_eq!(so(&["s/.*/\\U&/"], "é\n"), "É\n");
}

#[test]
fn subst_errors() {
    assert_eq!(s(&["s/b/x/gg"], "a\n"), "sed: -e expression #1, char 8: multiple `g' options to `s' command\n[1]");
    assert_eq!(s(&["s/b/x/pp"], "a\n"), "sed: -e expression #1, char 8: multiple `p' options to `s' command\n[1]");
    assert_eq!(s(&["s/b/x/0"], "a\n"), "sed: -e expression #1, char 7: number option to `s' command may not be zero\n[1]");
    assert_eq!(s(&["s/b/x/q"], "a\n"), "sed: -e expression #1, char 7: unknown option to `s'\n[1]");
    assert_eq!(s(&["s/b/x"], "a\n"), "sed: -e expression #1, char 5: unterminated `s' command\n[1]");
    assert_eq!(s(&["s/b"], "a\n"), "sed: -e expression #1, char 3: unterminated `s' command\n[1]");
    assert_eq!(s(&["s/\\(b\\)/\\2/"], "a\n"), "sed: -e expression #1, char 11: invalid reference \\2 on `s' command's RHS\n[1]");
    assert_eq!(s(&["s/a/\\1/g"], "a\n"), "sed: -e expression #1, char 8: invalid reference \\1 on `s' command's RHS\n[1]");
    assert_eq!(s(&["s/a**/X/g"], "a\n"), "sed: -e expression #1, char 9: Invalid preceding regular expression\n[1]");
    assert_eq!(s(&["-E", "s/a{1,2/X/"], "a\n"), "sed: -e expression #1, char 10: Unmatched \\{\n[1]");
    assert_eq!(s(&["s/[[:foo:]]/X/g"], "a\n"), "sed: -e expression #1, char 15: Invalid character class name\n[1]");
    assert_eq!(s(&["-n", "/[:alpha:]/p"], "a\n"), "sed: character class syntax is [[:space:]], not [:space:]\n[4]");
    assert_eq!(s(&["s//x/"], "a\n"), "sed: -e expression #1, char 0: no previous regular expression\n[1]");
    assert!(s(&["s/b/x/e"], "a\n").contains("not supported"));
}

#[test]
fn addresses() {
    let ten = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";
    assert_eq!(so(&["-n", "2,~4p"], ten), "2\n3\n4\n");
    assert_eq!(so(&["-n", "4,~4p"], ten), "4\n5\n6\n7\n8\n");
    assert_eq!(so(&["-n", "0~3p"], ten), "3\n6\n9\n");
    assert_eq!(so(&["-n", "2~0p"], ten), "2\n");
    assert_eq!(so(&["-n", "0,/1/p"], ten), "1\n");
    assert_eq!(so(&["-n", "1,/1/p"], "1\n2\n1\n3\n"), "1\n2\n1\n");
    assert_eq!(so(&["-n", "5,2p"], ten), "5\n");
    assert_eq!(so(&["-n", "/5/,2p"], ten), "5\n");
    assert_eq!(so(&["-n", "/2/,+2p"], ten), "2\n3\n4\n");
    assert_eq!(so(&["-n", "$p"], ten), "10\n");
    assert_eq!(so(&["-n", "2,4!p"], "1\n2\n3\n4\n5\n"), "1\n5\n");
    assert_eq!(so(&["-n", "2 ! p"], "1\n2\n3\n"), "1\n3\n");
    assert_eq!(so(&["-n", "2 , 3p"], "1\n2\n3\n4\n"), "2\n3\n");
    assert_eq!(so(&["\\%5%d"], "4\n5\n6\n"), "4\n6\n");
    assert_eq!(so(&["-n", "/1/I,/3/Mp"], "1\n2\n3\n4\n"), "1\n2\n3\n");
    assert_eq!(so(&["1~2d"], "1\n2\n3\n4\n5\n"), "2\n4\n");
    assert_eq!(so(&["-n", "/a/,/b/p;1,+0p"], "a\nb\n"), "a\na\nb\n");
    assert_eq!(so(&["-n", "/x/Ip"], "X\ny\n"), "X\n");
}

#[test]
fn address_errors() {
    assert_eq!(s(&["-n", "0,5p"], ""), "sed: -e expression #1, char 4: invalid usage of line address 0\n[1]");
    assert_eq!(s(&["-n", "0p"], ""), "sed: -e expression #1, char 2: invalid usage of line address 0\n[1]");
    assert_eq!(s(&["-n", "2!!p"], ""), "sed: -e expression #1, char 3: multiple `!'s\n[1]");
    assert_eq!(s(&["2,3q"], ""), "sed: -e expression #1, char 4: command only uses one address\n[1]");
    assert_eq!(s(&["/x"], ""), "sed: -e expression #1, char 2: unterminated address regex\n[1]");
    assert_eq!(s(&[",2d"], ""), "sed: -e expression #1, char 1: unknown command: `,'\n[1]");
    assert_eq!(s(&["1,d"], ""), "sed: -e expression #1, char 3: unexpected `,'\n[1]");
    assert_eq!(s(&["2"], ""), "sed: -e expression #1, char 1: missing command\n[1]");
    assert_eq!(s(&["1#foo"], ""), "sed: -e expression #1, char 2: comments don't accept any addresses\n[1]");
}

#[test]
fn command_errors() {
    assert_eq!(s(&[":"], ""), "sed: -e expression #1, char 1: \":\" lacks a label\n[1]");
    assert_eq!(s(&["2:a"], ""), "sed: -e expression #1, char 2: : doesn't want any addresses\n[1]");
    assert_eq!(s(&["2}"], ""), "sed: -e expression #1, char 2: unexpected `}'\n[1]");
    assert_eq!(s(&["2{p"], ""), "sed: -e expression #1, char 0: unmatched `{'\n[1]");
    assert_eq!(s(&["k"], ""), "sed: -e expression #1, char 1: unknown command: `k'\n[1]");
    assert_eq!(s(&["pq"], ""), "sed: -e expression #1, char 2: extra characters after command\n[1]");
    assert_eq!(s(&["y/1/"], ""), "sed: -e expression #1, char 4: unterminated `y' command\n[1]");
    assert_eq!(s(&["y/ab/x/"], ""), "sed: -e expression #1, char 7: strings for `y' command are different lengths\n[1]");
    assert_eq!(s(&["r"], ""), "sed: -e expression #1, char 1: missing filename in r/R/w/W commands\n[1]");
    assert_eq!(s(&["a"], ""), "sed: -e expression #1, char 1: expected \\ after `a', `c' or `i'\n[1]");
    assert_eq!(s(&["bfoo"], "a\n"), "sed: can't find label for jump to `foo'\n[4]");
    assert_eq!(s(&["-n", "-e", "p", "-e", "k"], ""), "sed: -e expression #2, char 1: unknown command: `k'\n[1]");
}

#[test]
fn text_commands() {
    assert_eq!(so(&["a foo"], "a\n"), "a\nfoo\n");
    assert_eq!(so(&["a\\   foo"], "a\n"), "a\n   foo\n");
    assert_eq!(so(&["a   foo\\\nbar"], "a\n"), "a\nfoo\nbar\n");
    assert_eq!(so(&["a\\\n  foo\\\nbar"], "a\n"), "a\n  foo\nbar\n");
    assert_eq!(so(&["-e", "a\\", "-e", "foo"], "a\n"), "a\nfoo\n");
    assert_eq!(so(&["a foo; p"], "a\n"), "a\nfoo; p\n");
    assert_eq!(so(&["a\\"], "a\n"), "a\n");
    assert_eq!(so(&["1i\\x"], "a\n"), "x\na\n");
    assert_eq!(so(&["a\\tb"], "a\n"), "a\ntb\n");
    assert_eq!(so(&["a foo\\tb"], "a\n"), "a\nfoo\tb\n");
    assert_eq!(so(&["2,3c\\\nX"], "a\nb\nc\nd\n"), "a\nX\nd\n");
    assert_eq!(so(&["2,3!c\\\nX"], "a\nb\nc\nd\n"), "X\nb\nc\nX\n");
    assert_eq!(so(&["$!c\\\nX"], "a\nb\nc\nd\n"), "X\nX\nX\nd\n");
    assert_eq!(so(&["-e", "1{a foo", "-e", "d}"], ABC), "foo\nb\nc\n");
    assert_eq!(so(&["1{i\\\nfoo\nd}"], "a\nb\n"), "foo\nb\n");
    assert_eq!(so(&["2{a foo\nq}"], ABC), "a\nb\nfoo\n");
    assert_eq!(so(&["="], ABC), "1\na\n2\nb\n3\nc\n");
    assert_eq!(so(&["-n", "$="], ABC), "3\n");
}

#[test]
fn hold_and_flow() {
    assert_eq!(so(&["N;P;D"], ABC), "a\nb\nc\n");
    assert_eq!(so(&["$!N;s/\\n/-/"], ABC), "a-b\nc\n");
    assert_eq!(so(&["N;s/\\n/-/"], ABC), "a-b\nc\n");
    assert_eq!(so(&["n;s/a/X/"], "a\n"), "a\n");
    assert_eq!(so(&["-n", "2{n;p}"], "1\n2\n3\n"), "3\n");
    assert_eq!(so(&["-n", "2{h;d};${G;p}"], ABC), "c\nb\n");
    assert_eq!(so(&["-n", "H;${x;p}"], ABC), "\na\nb\nc\n");
    assert_eq!(so(&["x"], ABC), "\na\nb\n");
    assert_eq!(so(&["1!G;h;$!d"], ABC), "c\nb\na\n");
    assert_eq!(so(&[":a;N;$!ba;s/\\n/,/g"], ABC), "a,b,c\n");
    assert_eq!(so(&["-e", ":a", "-e", "N", "-e", "$!ba", "-e", "s/\\n/,/g"], ABC), "a,b,c\n");
    assert_eq!(so(&[":x;s/a/b/;tx"], "aaa\n"), "bbb\n");
    assert_eq!(so(&["s/a/A/;Tend;s/b/B/;:end"], "ab\n"), "AB\n");
    assert_eq!(so(&["s/x/A/;Tend;s/b/B/;:end"], "ab\n"), "ab\n");
    assert_eq!(so(&["bend;s/a/A/;:end"], "ab\n"), "ab\n");
    assert_eq!(so(&["-n", "/x/{p;b};p"], "x\n"), "x\n");
    assert_eq!(so(&["z;s/^$/empty/"], "ab\n"), "empty\n");
    assert_eq!(so(&["1{N;a foo\nD}"], ABC), "b\nfoo\nc\n");
    assert_eq!(so(&["-n", "1{N;a foo\nP;D}"], ABC), "a\nfoo\n");
    assert_eq!(so(&["y/abc/xyz/"], ABC), "x\ny\nz\n");
    assert_eq!(so(&["y,/,|,"], "a/b\n"), "a|b\n");
    assert_eq!(so(&["N;y/\\n/,/"], "a\nb\n"), "a,b\n");
    assert_eq!(so(&["y/é/e/"], "café\n"), "cafe\n");
}

#[test]
fn quitting() {
    assert_eq!(s(&["2q"], ABC), "a\nb\n[0]");
    assert_eq!(s(&["2q5"], ABC), "a\nb\n[5]");
    assert_eq!(s(&["2Q"], ABC), "a\n[0]");
    assert_eq!(s(&["-n", "2{p;q}"], ABC), "b\n[0]");
    assert_eq!(s(&["1a foo\n2q"], ABC), "a\nfoo\nb\n[0]");
}

#[test]
fn missing_newline() {
    assert_eq!(so(&["p"], "a"), "a\na");
    assert_eq!(so(&["p"], "a\nb"), "a\na\nb\nb");
    assert_eq!(so(&["-n", "1p;2p;2p"], "a\nb"), "a\nb\nb");
    assert_eq!(so(&["$a foo"], "a\nb"), "a\nb\nfoo\n");
    assert_eq!(so(&["N;P;D"], "a\nb"), "a\nb");
}

#[test]
fn list_command() {
    assert_eq!(so(&["-n", "l"], "é\n"), "\\303\\251$\n");
    assert_eq!(so(&["-n", "l"], "a\tb\x01\\c\n"), "a\\tb\\001\\\\c$\n");
    assert_eq!(so(&["-n", "l 5"], "abcdefgh\n"), "abcd\\\nefgh$\n");
    assert_eq!(so(&["-n", "-l", "5", "l"], "abcdefgh\n"), "abcd\\\nefgh$\n");
    assert_eq!(so(&["-n", "l 0"], "abcdefgh\n"), "abcdefgh$\n");
    assert_eq!(so(&["-n", "l 1"], "ab\n"), "\\\na\\\nb$\n");
    assert_eq!(so(&["-n", "$!{N;l}"], "1\n2\n3\n"), "1\\n2$\n");
}

#[test]
fn comments_and_silent() {
    assert_eq!(so(&["#n\np"], "1\n2\n"), "1\n2\n");
    assert_eq!(so(&["#n"], "1\n2\n"), "");
    assert_eq!(so(&["-e", "#n", "-e", "p"], "1\n2\n"), "1\n2\n");
    assert_eq!(so(&["p # comment"], "1\n"), "1\n1\n");
    assert_eq!(so(&["  #n\np"], "1\n"), "1\n1\n");
}

#[test]
fn files() {
    let fs = fs_with(&[("/s1", b"a\nb\n"), ("/s2", b"c\nd\n"), ("/scr", b"p\nk\n"), ("/d/", b"")]);
    let r = |args: &[&str]| {
        let o = run(&Sed, "sed", args, b"x\n", &*fs, "/");
        format!("{}{}[{}]", o.out(), o.stderr, o.status)
    };
    assert_eq!(r(&["-s", "-n", "$=", "s1", "s2"]), "2\n2\n[0]");
    assert_eq!(r(&["-n", "$=", "s1", "s2"]), "4\n[0]");
    assert_eq!(r(&["-s", "1d", "s1", "s2"]), "b\nd\n[0]");
    assert_eq!(r(&["-s", "1,2d", "s1", "s2"]), "[0]");
    assert_eq!(r(&["-s", "F", "s1", "-"]), "s1\na\ns1\nb\n-\nx\n[0]");
    assert_eq!(r(&["F", "s1", "nosuch", "s2"]), "s1\na\ns1\nb\ns2\nc\ns2\nd\nsed: can't read nosuch: No such file or directory\n[2]");
    assert_eq!(r(&["-n", "$p", "s1", "nosuch"]), "b\nsed: can't read nosuch: No such file or directory\n[2]");
    assert_eq!(r(&["-f", "scr", "s1"]), "sed: file scr line 2: unknown command: `k'\n[1]");
    assert_eq!(r(&["-f", "nosuch"]), "sed: couldn't open file nosuch: No such file or directory\n[4]");
    assert_eq!(r(&["p", "d"]), "sed: read error on d: Is a directory\n[4]");
    assert_eq!(r(&["r s1", "s2"]), "c\na\nb\nd\na\nb\n[0]");
    assert_eq!(r(&["r /nonexist", "s2"]), "c\nd\n[0]");
    assert_eq!(r(&["R s1", "s2"]), "c\na\nd\nb\n[0]");
    assert_eq!(r(&["-n", "w out", "s1"]), "[0]");
    assert_eq!(fs.read_file("/out").ok(), Some(b"a\nb\n".to_vec()));
    assert_eq!(r(&["s/a/X/w /dev/stdout", "s1"]), "X\nX\nb\n[0]");
    assert_eq!(r(&["w /nonexist/x", "s1"]), "sed: couldn't open file /nonexist/x: No such file or directory\n[4]");
}

#[test]
fn in_place() {
    let fs = fs_with(&[("/s1", b"a\nb\n"), ("/s3", b"a\nb\n"), ("/d/", b"")]);
    let r = |args: &[&str]| {
        let o = run(&Sed, "sed", args, b"", &*fs, "/");
        format!("{}{}[{}]", o.out(), o.stderr, o.status)
    };
    assert_eq!(r(&["-i", "s/a/X/", "s1"]), "[0]");
    assert_eq!(fs.read_file("/s1").ok(), Some(b"X\nb\n".to_vec()));
    assert_eq!(r(&["-i.bak", "s/b/Y/", "s3"]), "[0]");
    assert_eq!((fs.read_file("/s3").ok(), fs.read_file("/s3.bak").ok()), (Some(b"a\nY\n".to_vec()), Some(b"a\nb\n".to_vec())));
    assert_eq!(r(&["-ibk_*", "s/a/Z/", "s3"]), "[0]");
    assert_eq!(fs.read_file("/bk_s3").ok(), Some(b"a\nY\n".to_vec()));
    assert_eq!(r(&["-i", "1q", "s1"]), "[0]");
    assert_eq!(fs.read_file("/s1").ok(), Some(b"X\n".to_vec()));
    assert_eq!(r(&["-i", "p"]), "sed: no input files\n[4]");
    assert_eq!(r(&["-i", "p", "d"]), "sed: couldn't edit d: not a regular file\n[4]");
    assert_eq!(r(&["-i", "p", "nosuch", "s1"]), "sed: can't read nosuch: No such file or directory\n[2]");
    assert_eq!(r(&["-n", "-i", "F;=", "s1"]), "[0]");
    assert_eq!(fs.read_file("/s1").ok(), Some(b"s1\n1\ns1\n2\n".to_vec()));
}

#[test]
fn usage_and_options() {
    let o = run(&Sed, "sed", &[], b"", &*NOFS, "/");
    assert!(o.stderr.starts_with("Usage: sed [OPTION]..."));
    assert_eq!(o.status, 1);
    let o = run(&Sed, "sed", &["-k"], b"", &*NOFS, "/");
    assert!(o.stderr.starts_with("sed: invalid option -- 'k'\nUsage: sed"));
    assert!(so(&["--version"], "").starts_with("sed (GNU sed) 4.9\n"));
    assert!(so(&["--help"], "").starts_with("Usage: sed [OPTION]..."));
    assert_eq!(so(&["-z", "s/^/>/"], "a\0b\0"), ">a\0>b\0");
    assert_eq!(so(&["-E", "s/(a|b)+/X/"], "abab c\n"), "X c\n");
    assert_eq!(so(&["-r", "s/a{2}/X/"], "aaa\n"), "Xa\n");
    assert_eq!(so(&["--expression=p", "-n"], "a\n"), "a\n");
    assert_eq!(so(&["-n", "--", "p"], "a\n"), "a\n");
}

#[test]
fn endless_input_with_q() {
    struct Yes;
    impl std::io::Read for Yes {
        fn read(&mut self, b: &mut [u8]) -> std::io::Result<usize> {
            for pair in b.chunks_mut(2) {
                pair[0] = b'y';
                if pair.len() > 1 {
                    pair[1] = b'\n';
                }
            }
            Ok(b.len() - b.len() % 2)
        }
    }
    let mut out = Vec::new();
    let (st, _) = crate::args::testfs::with_ctx(&*NOFS, &mut Yes, &mut out, |ctx| Sed.run(ctx, &["3q".to_string()]));
    assert_eq!((st, out.as_slice()), (0, &b"y\ny\ny\n"[..]));
}
