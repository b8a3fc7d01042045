//! Unit tests of the whole command.

use crate::bc::Bc;
use crate::testing::run;
use crate::args::testfs::NOFS;

fn bc(args: &[&str], input: &str) -> (String, String) {
    let o = run(&Bc, "bc", args, input.as_bytes(), &*NOFS, "/");
    (o.out(), o.stderr)
}

fn out(input: &str) -> String {
    bc(&[], input).0
}

#[test]
fn arithmetic() {
    assert_eq!(out("1+2\n"), "3\n");
    assert_eq!(out("scale=2; 10/3\n"), "3.33\n");
    assert_eq!(out("-2^2; 2^-1\n"), "4\n0\n");
    assert_eq!(out("x=5; x+=2; x; x++; x; --x\n"), "7\n7\n8\n7\n");
    assert_eq!(out("a[3]=5; a[3]; a[1]\n"), "5\n0\n");
    assert_eq!(out("x = 1 < 2; x\n"), "1\n1\n");
}

#[test]
fn functions_and_flow() {
    assert_eq!(out("define f(n) { if (n < 2) return 1; return n * f(n-1) }\nf(10)\n"), "3628800\n");
    assert_eq!(out("for (i = 0; i < 3; i++) i\n"), "0\n1\n2\n");
    assert_eq!(out("i = 0; while (1) { if (i++ == 2) break }; i\n"), "3\n");
    assert_eq!(out("print \"a\\tb\\n\", 1.5, \"\\n\"\n"), "a\tb\n1.5\n");
}

#[test]
fn errors() {
    let (o, e) = bc(&[], "1/0; 5\n6\n");
    assert_eq!(o, "6\n");
    assert!(e.contains("Divide by zero"));
    let (o, e) = bc(&[], "1 +; 4\n7\n");
    assert_eq!(o, "7\n");
    assert_eq!(e, "(standard_in) 1: syntax error\n");
    let (_, e) = bc(&[], "foo(2)\n");
    assert!(e.ends_with("Function foo not defined.\n"));
    let (o, e) = bc(&[], "2^100000000\n1\n");
    assert_eq!(o, "1\n");
    assert!(e.contains("too large"));
}

#[test]
fn mathlib() {
    let (o, _) = bc(&["-l"], "s(1); c(1); a(1); l(2); e(1); sqrt(2)\n");
    assert_eq!(
        o,
        ".84147098480789650665\n.54030230586813971740\n.78539816339744830961\n.69314718055994530941\n2.71828182845904523536\n1.41421356237309504880\n"
    );
}

#[test]
fn deep_nesting_ends() {
    let deep = format!("{}1{}\n2\n", "{".repeat(3000), "}".repeat(3000));
    let (o, e) = bc(&[], &deep);
    assert_eq!(o, "");
    assert!(e.contains("syntax error"));
    let parens = format!("{}1{}\n3\n", "(".repeat(3000), ")".repeat(3000));
    assert_eq!(bc(&[], &parens).0, "3\n");
}

#[test]
fn deep_recursion_is_bounded() {
    let (o, e) = bc(&[], "define f(n) { if (n == 0) return 0; return f(n - 1) + 1 }\nf(4900)\nf(100000)\n7\n");
    assert_eq!(o, "4900\n7\n");
    assert!(e.contains("nested too deeply"));
}
