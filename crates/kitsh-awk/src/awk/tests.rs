//! End-to-end tests of `awk` on the in-memory filesystem.

use super::Awk;
use crate::builtins::args::testfs::fs_with;
use crate::builtins::testing::run;

fn awk(args: &[&str], input: &str) -> (String, String, i32) {
    let fs = fs_with(&[("/d/f1", b"a 1\nb 2\n"), ("/d/f2", b"a x\nc y\n")]);
    let o = run(&Awk, "awk", args, input.as_bytes(), &*fs, "/d");
    (o.out(), o.stderr.clone(), o.status)
}

fn out(args: &[&str], input: &str) -> String {
    awk(args, input).0
}

#[test]
fn prints_fields() {
    assert_eq!(out(&["{print $2, $1}"], "a b\nc d\n"), "b a\nd c\n");
    assert_eq!(out(&["-F,", "{print $2}"], "a,b,c\n"), "b\n");
    assert_eq!(out(&["-F", "\\t", "{print $2}"], "a b\tc\n"), "c\n");
}

#[test]
fn sums_and_groups() {
    assert_eq!(out(&["-F,", "{s[$1]+=$2} END {for (k in s) print k, s[k]}"], "x,1\ny,2\nx,3\n"), "x 4\ny 2\n");
    assert_eq!(out(&["{n+=$1} END {print n, NR}"], "1\n2\n3.5\n"), "6.5 3\n");
}

#[test]
fn two_file_join() {
    assert_eq!(out(&["NR==FNR {a[$1]=$2; next} $1 in a {print $0, a[$1]}", "f1", "f2"], ""), "a x 1\n");
}

#[test]
fn numbers() {
    assert_eq!(out(&["BEGIN {print 1e6, 0.1+0.2, 1/3, -0, 2^53}"], ""), "1000000 0.3 0.333333 0 9007199254740992\n");
    assert_eq!(out(&["BEGIN {OFMT=\"%.2f\"; print 3.14159; x = 3.14159 \"\"; print x}"], ""), "3.14\n3.14159\n");
}

#[test]
fn strings() {
    assert_eq!(out(&["BEGIN {s=\"hello\"; print substr(s,2,3), index(s,\"l\"), length(s), toupper(s)}"], ""), "ell 3 5 HELLO\n");
    assert_eq!(out(&["{gsub(/o/,\"[&]\"); print}"], "foo\n"), "f[o][o]\n");
    assert_eq!(out(&["BEGIN {n=split(\"a:b:c\",p,\":\"); print n, p[3]}"], ""), "3 c\n");
    assert_eq!(out(&["BEGIN {if (match(\"xxabc\", /ab+/)) print RSTART, RLENGTH}"], ""), "3 2\n");
}

#[test]
fn errors() {
    let (o, e, s) = awk(&["BEGIN { print 1 +* 2 }"], "");
    assert_eq!(o, "");
    assert_eq!(e, "awk: cmd. line:1: BEGIN { print 1 +* 2 }\nawk: cmd. line:1:                  ^ syntax error\n");
    assert_eq!(s, 1);
    let (_, e, s) = awk(&["BEGIN { x = 0; print 1/x }"], "");
    assert_eq!(e, "awk: cmd. line:1: fatal: division by zero attempted\n");
    assert_eq!(s, 2);
    let (_, _, s) = awk(&["-q", "{}"], "");
    assert_eq!(s, 1);
}

#[test]
fn functions_and_recursion() {
    assert_eq!(out(&["function f(n) { return n < 2 ? n : f(n-1) + f(n-2) } BEGIN { print f(15) }"], ""), "610\n");
    assert_eq!(out(&["function fill(a, n,  i) { for (i = 1; i <= n; i++) a[i] = i*i } BEGIN { fill(sq, 3); print sq[3], length(sq) }"], ""), "9 3\n");
}

#[test]
fn field_assignment() {
    assert_eq!(out(&["{$2 = \"X\"; print; print NF}"], "a b c\n"), "a X c\n3\n");
    assert_eq!(out(&["BEGIN{OFS=\"-\"} {$1=$1; print}"], "a  b   c\n"), "a-b-c\n");
    assert_eq!(out(&["{NF=2; print}"], "a b c\n"), "a b\n");
    assert_eq!(out(&["{$5=\"e\"; print}"], "a b\n"), "a b   e\n");
}

#[test]
fn paragraph_mode() {
    assert_eq!(out(&["BEGIN{RS=\"\"} {print NR\": \"$1\"/\"$NF}"], "a b\nc\n\n\nd e\n"), "1: a/c\n2: d/e\n");
}

#[test]
fn getline_forms() {
    assert_eq!(out(&["BEGIN { while ((getline l < \"f1\") > 0) print \"got\", l }"], ""), "got a 1\ngot b 2\n");
    assert_eq!(out(&["NR==1 { getline; print \"after\", $0, NR }"], "x\ny\n"), "after y 2\n");
}

#[test]
fn output_redirection() {
    let fs = fs_with(&[]);
    let o = run(&Awk, "awk", &["{ print $1 > \"out.txt\" } END { close(\"out.txt\"); while ((getline l < \"out.txt\") > 0) print \"r\", l }"], b"a\nb\n", &*fs, "/");
    assert_eq!(o.out(), "r a\nr b\n");
}
