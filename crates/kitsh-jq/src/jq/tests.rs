//! Unit tests of the `jq` command: options, exit statuses, output formats, errors and bad
//! input. Expected outputs are jq 1.8's.

use super::Jq;
use crate::builtins::args::testfs::{fs_with, NOFS};
use crate::builtins::testing::{run, Out};

fn jq(args: &[&str], input: &str) -> Out {
    run(&Jq, "jq", args, input.as_bytes(), &*NOFS, "/")
}

fn jqb(args: &[&str], input: &[u8]) -> Out {
    run(&Jq, "jq", args, input, &*NOFS, "/")
}

#[test]
fn identity_pretty() {
    let o = jq(&["."], "{\"a\":[1,2.0,\"x\"],\"b\":{}}");
    assert_eq!(o.out(), "{\n  \"a\": [\n    1,\n    2.0,\n    \"x\"\n  ],\n  \"b\": {}\n}\n");
    assert_eq!(o.status, 0);
}

#[test]
fn output_formats() {
    assert_eq!(jq(&["-c", "."], "{\"b\":1, \"a\":[1, 2]}").out(), "{\"b\":1,\"a\":[1,2]}\n");
    assert_eq!(jq(&["-S", "-c", "."], "{\"b\":1,\"a\":2}").out(), "{\"a\":2,\"b\":1}\n");
    assert_eq!(jq(&["--tab", "."], "{\"a\":1}").out(), "{\n\t\"a\": 1\n}\n");
    assert_eq!(jq(&["--indent", "1", "."], "[1]").out(), "[\n 1\n]\n");
    assert_eq!(jq(&["--indent", "0", "."], "[1]").out(), "[1]\n");
    assert_eq!(jq(&["-r", ".[]"], "[\"a\",1,\"b\\nc\"]").out(), "a\n1\nb\nc\n");
    assert_eq!(jq(&["-j", ".[]"], "[\"a\",1]").out(), "a1");
    assert_eq!(jq(&["-a", "-c", "."], "\"é😀\"").out(), "\"\\u00e9\\ud83d\\ude00\"\n");
    assert_eq!(jq(&["--seq", "-c", "."], "1").out(), "\u{1e}1\n");
    assert_eq!(jq(&["-c", "."], "\"\\u007f\\u0001\"").out(), "\"\\u007f\\u0001\"\n");
    assert_eq!(jq(&["-c", "."], "[1.0, 1e1000, 100000000000000000000, 3.50]").out(), "[1.0,1E+1000,100000000000000000000,3.50]\n");
    assert_eq!(jq(&["-n", "-c", "[1/3, 3.0*2, 1e17+0, 1e-5+0, infinite]"], "").out(), "[0.3333333333333333,6,1e+17,1e-05,1.7976931348623157e+308]\n");
    assert_eq!(jq(&["-C", "-c", "."], "{\"a\":null}").out(), "\u{1b}[1;39m{\u{1b}[0m\u{1b}[34;1m\"a\"\u{1b}[0m\u{1b}[1;39m:\u{1b}[0m\u{1b}[1;30mnull\u{1b}[0m\u{1b}[1;39m}\u{1b}[0m\n");
}

#[test]
fn options_and_args() {
    let o = jq(&["-rc", "--arg", "x", "1", "--argjson", "y", "{\"z\":2}", "-n", "[$x, $y, $ARGS.named.x]"], "");
    assert_eq!(o.out(), "[\"1\",{\"z\":2},\"1\"]\n");
    assert_eq!(jq(&["-nc", "$ARGS.positional", "--args", "a", "b"], "").out(), "[\"a\",\"b\"]\n");
    assert_eq!(jq(&["-nc", "$ARGS.positional", "--jsonargs", "1", "{}"], "").out(), "[1,{}]\n");
    assert_eq!(jq(&["-s", "-c", "."], "1 2 3").out(), "[1,2,3]\n");
    assert_eq!(jq(&["-R", "."], "a\nb\n").out(), "\"a\"\n\"b\"\n");
    assert_eq!(jq(&["-Rs", "."], "a\nb\n").out(), "\"a\\nb\\n\"\n");
    assert_eq!(jq(&["-n", "[inputs]", "-c"], "1 2").out(), "[1,2]\n");
    assert_eq!(jq(&["-c", "[., input]"], "1 2 3 4").out(), "[1,2]\n[3,4]\n");
    assert_eq!(jq(&["-c", "--stream", "."], "{\"a\":[1]}").out(), "[[\"a\",0],1]\n[[\"a\",0]]\n[[\"a\"]]\n");
    assert_eq!(jq(&["--version"], "").out(), "jq-1.8.1\n");
}

#[test]
fn files_and_slurpfile() {
    let fs = fs_with(&[("/d/a.json", b"{\"k\":1}\n".as_slice()), ("/d/b.json", b"[2]".as_slice()), ("/d/p.jq", b".k".as_slice())]);
    let o = run(&Jq, "jq", &["-c", ".", "a.json", "b.json"], b"", &*fs, "/d");
    assert_eq!(o.out(), "{\"k\":1}\n[2]\n");
    let o = run(&Jq, "jq", &["-n", "-c", "--slurpfile", "s", "b.json", "--rawfile", "r", "p.jq", "[$s, $r]"], b"", &*fs, "/d");
    assert_eq!(o.out(), "[[[2]],\".k\"]\n");
    let o = run(&Jq, "jq", &["-f", "p.jq", "a.json"], b"", &*fs, "/d");
    assert_eq!(o.out(), "1\n");
    let o = run(&Jq, "jq", &["input_filename", "a.json"], b"", &*fs, "/d");
    assert_eq!(o.out(), "\"a.json\"\n");
    let o = run(&Jq, "jq", &[".", "missing.json"], b"", &*fs, "/d");
    assert_eq!(o.status, 2);
    assert!(o.stderr.starts_with("jq: error: Could not open file missing.json:"), "{}", o.stderr);
}

#[test]
fn exit_statuses() {
    assert_eq!(jq(&["-e", ".a"], "{\"a\":false}").status, 1);
    assert_eq!(jq(&["-e", ".a"], "{\"a\":null}").status, 1);
    assert_eq!(jq(&["-e", ".a"], "{\"a\":0}").status, 0);
    assert_eq!(jq(&["-e", "empty"], "1").status, 4);
    assert_eq!(jq(&["-n", "halt"], "").status, 0);
    let o = jq(&["-n", "\"bye\\n\" | halt_error(3)"], "");
    assert_eq!((o.status, o.stderr.as_str()), (3, "bye\n"));
    let o = jq(&["-n", "{a:1} | halt_error"], "");
    assert_eq!((o.status, o.stderr.as_str()), (5, "{\"a\":1}\n"));
}

#[test]
fn runtime_errors() {
    let o = jq(&[".a"], "1\n");
    assert_eq!(o.status, 5);
    assert_eq!(o.stderr, "jq: error (at <stdin>:1): Cannot index number with string \"a\"\n");
    let o = jq(&[". + 1"], "null\n{}\n");
    assert_eq!(o.out(), "1\n");
    assert_eq!(o.stderr, "jq: error (at <stdin>:2): object ({}) and number (1) cannot be added\n");
    let o = jq(&["-n", "error({a:1})"], "");
    assert_eq!(o.stderr, "jq: error (at <unknown>) (not a string): {\"a\":1}\n");
    let o = jq(&["-n", "try error(\"x\") catch ., (try (1|.[0]) catch .)"], "");
    assert_eq!(o.out(), "\"x\"\n\"Cannot index number with number\"\n");
    // The status is the last input's (jq 1.8).
    let o = jq(&[".a"], "1 {}\n");
    assert_eq!((o.out(), o.status), ("null\n".to_string(), 0));
}

#[test]
fn debug_and_stderr() {
    let o = jq(&["-c", "debug, (\"m\" | stderr)"], "[1]");
    assert_eq!(o.out(), "[1]\n\"m\"\n");
    assert_eq!(o.stderr, "[\"DEBUG:\",[1]]\n\"m\"");
}

#[test]
fn malformed_program_exits_3() {
    let o = jq(&[".a |"], "{}");
    assert_eq!(o.status, 3);
    assert!(o.stderr.starts_with("jq: error: syntax error"), "{}", o.stderr);
    assert!(o.stderr.ends_with("jq: 1 compile error\n"), "{}", o.stderr);
    let o = jq(&["nosuchfn"], "{}");
    assert_eq!(o.status, 3);
    assert!(o.stderr.starts_with("jq: error: nosuchfn/0 is not defined at <top-level>"), "{}", o.stderr);
}

#[test]
fn malformed_json_exits_5() {
    for (input, msg) in [
        ("{\"a\":1", "Unfinished JSON term at EOF at line 1, column 6"),
        ("[1,2] x", "Invalid numeric literal at EOF at line 1, column 7"),
        ("x\n", "Invalid numeric literal at line 2, column 0"),
        ("tru ", "Invalid literal at line 1, column 4"),
        ("{\"a\" 1}", "Expected separator between values at line 1, column 7"),
        ("[1 2]", "Expected separator between values at line 1, column 5"),
        ("{\"a\":1,}", "Expected another key-value pair at line 1, column 8"),
        ("{a:1}", "Invalid numeric literal at line 1, column 3"),
    ] {
        let o = jq(&["-c", "."], input);
        assert_eq!(o.status, 5, "{input}");
        assert!(o.stderr.contains(msg), "{input}: {}", o.stderr);
        assert!(o.stderr.starts_with("jq: parse error: "), "{}", o.stderr);
    }
    // Values before the error are still printed.
    assert_eq!(jq(&["-c", "."], "1 2 }").out(), "1\n2\n");
    // jq 1.8 reads NaN as a number (printed as null).
    assert_eq!(jq(&["-c", "."], "NaN").out(), "null\n");
}

#[test]
fn bad_argjson_and_unknown_flag() {
    let o = jq(&["-n", "--argjson", "x", "{bad", "$x"], "");
    assert_eq!(o.status, 2);
    assert!(o.stderr.starts_with("jq: invalid JSON text passed to --argjson\nUse jq --help"), "{}", o.stderr);
    let o = jq(&["--frobnicate", "."], "1");
    assert_eq!(o.status, 2);
    assert!(o.stderr.starts_with("jq: Unknown option: --frobnicate\n"), "{}", o.stderr);
    let o = jq(&["-n", "--arg", "x"], "");
    assert_eq!(o.status, 2);
    assert_eq!(jq(&[], "").status, 2);
}

#[test]
fn deep_nesting_does_not_crash() {
    let input = "[".repeat(1 << 20);
    let o = jq(&["."], &input);
    assert_eq!(o.status, 5);
    assert!(o.stderr.contains("Exceeds depth limit for parsing"), "{}", o.stderr);
    let ok = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let o = jq(&["-c", "."], &ok);
    assert_eq!(o.status, 0);
    assert_eq!(o.stdout.len(), 10001);
}

#[test]
fn ten_megabyte_line() {
    let s = format!("\"{}\"", "x".repeat(10 << 20));
    let o = jq(&["length"], &s);
    assert_eq!((o.out(), o.status), ("10485760\n".to_string(), 0));
    let o = jq(&["-R", "length"], &"y".repeat(10 << 20));
    assert_eq!(o.out(), "10485760\n");
}

#[test]
fn binary_input() {
    let o = jqb(&["."], b"\x00\xff\xfe binary");
    assert_eq!(o.status, 5);
    assert!(o.stderr.starts_with("jq: parse error: "), "{}", o.stderr);
    // Invalid UTF-8 inside strings becomes U+FFFD, as in jq.
    let o = jqb(&["-c", "."], b"\"a\xffb\"");
    assert_eq!(o.out(), "\"a\u{fffd}b\"\n");
    let o = jqb(&["-R", "-c", "."], b"a\xffb\n");
    assert_eq!(o.out(), "\"a\u{fffd}b\"\n");
}

#[test]
fn builtins_agents_use() {
    let cases: &[(&str, &str, &str)] = &[
        ("[.[] | tostring]", "[1, \"a\", [1]]", "[\"1\",\"a\",\"[1]\"]"),
        ("[paths]", "{\"a\":[1]}", "[[\"a\"],[\"a\",0]]"),
        ("[leaf_paths]", "{\"a\":[1]}", "[[\"a\",0]]"),
        ("getpath([\"a\",\"b\"])", "null", "null"),
        ("setpath([\"a\",1]; 5)", "null", "{\"a\":[null,5]}"),
        ("delpaths([[\"a\"]])", "{\"a\":1,\"b\":2}", "{\"b\":2}"),
        ("del(.[1,2])", "[1,2,3,4]", "[1,4]"),
        ("[tostream]", "{\"a\":[1]}", "[[[\"a\",0],1],[[\"a\",0]],[[\"a\"]]]"),
        ("fromstream(tostream)", "{\"a\":[1,2]}", "{\"a\":[1,2]}"),
        ("[1|truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]])]", "null", "[[[0],2],[[0]]]"),
        ("[limit(2; .[])]", "[1,2,3]", "[1,2]"),
        ("[.[] | splits(\", *\")]", "[\"a, b,c\"]", "[\"a\",\"b\",\"c\"]"),
        ("sub(\"(?<x>b)\"; \"[\\(.x)]\")", "\"abc\"", "\"a[b]c\""),
        ("gsub(\"o\"; \"0\")", "\"foo\"", "\"f00\""),
        ("[match(\"a+\"; \"g\").string]", "\"aa b a\"", "[\"aa\",\"a\"]"),
        ("capture(\"(?<n>[0-9]+)\")", "\"ab12\"", "{\"n\":\"12\"}"),
        ("[scan(\"[0-9]\")]", "\"a1b2\"", "[\"1\",\"2\"]"),
        ("[ascii_downcase, ascii_upcase, ltrimstr(\"a\"), rtrimstr(\"C\")]", "\"aBC\"", "[\"abc\",\"ABC\",\"BC\",\"aB\"]"),
        ("[min_by(.a), max_by(.a)] | map(.a)", "[{\"a\":2},{\"a\":1}]", "[1,2]"),
        ("group_by(.k) | map(length)", "[{\"k\":1},{\"k\":2},{\"k\":1}]", "[2,1]"),
        ("unique_by(length)", "[\"a\",\"bb\",\"c\"]", "[\"a\",\"bb\"]"),
        ("walk(if type == \"number\" then . + 1 else . end)", "[1,{\"a\":2}]", "[2,{\"a\":3}]"),
        ("[@csv, @tsv, @sh, @html, @uri, @base64, (@base64 | @base64d), @base32, (@base32|@base32d), @json, @text]",
         "[\"a b\",\"<&>\"]",
         "[\"\\\"a b\\\",\\\"<&>\\\"\",\"a b\\t<&>\",\"'a b' '<&>'\",\"[&quot;a b&quot;,&quot;&lt;&amp;&gt;&quot;]\",\"%5B%22a%20b%22%2C%22%3C%26%3E%22%5D\",\"WyJhIGIiLCI8Jj4iXQ==\",\"[\\\"a b\\\",\\\"<&>\\\"]\",\"LMRGCIDCEIWCEPBGHYRF2===\",\"[\\\"a b\\\",\\\"<&>\\\"]\",\"[\\\"a b\\\",\\\"<&>\\\"]\",\"[\\\"a b\\\",\\\"<&>\\\"]\"]"),
        ("INDEX(.id) | keys", "[{\"id\":\"x\"},{\"id\":\"y\"}]", "[\"x\",\"y\"]"),
        ("[.[] | IN(2, 3)]", "[1,2]", "[false,true]"),
        ("todate", "1700000000", "\"2023-11-14T22:13:20Z\""),
        ("fromdate", "\"2023-11-14T22:13:20Z\"", "1700000000"),
        ("strftime(\"%Y-%m-%d\")", "1700000000", "\"2023-11-14\""),
        ("gmtime | mktime", "1700000000", "1700000000"),
        ("strptime(\"%Y-%m-%d\") | mktime", "\"2024-01-02\"", "1704153600"),
        ("dateadd(\"seconds\"; 10)", "5", "15"),
        ("[abs, toarray, significand]", "-8", "[8,[-8],-1]"),
        ("[have_literal_numbers, (\" x \" | trim, ltrim, rtrim)]", "null", "[true,\"x\",\"x \",\" x\"]"),
        ("pick(.a.b)", "{\"a\":{\"b\":1,\"c\":2}}", "{\"a\":{\"b\":1}}"),
        ("[splits(\"a\")]", "\"bab\"", "[\"b\",\"b\"]"),
        ("tojson | fromjson", "{\"a\":[1,2.5]}", "{\"a\":[1,2.5]}"),
        ("[first(range(10)), last(range(10)), until(. > 100; . * 2)]", "1", "[0,9,128]"),
        ("[implode, (\"ab\" | explode)]", "[65]", "[\"A\",[97,98]]"),
        ("builtins | length > 10", "null", "true"),
        ("$__loc__", "null", "{\"file\":\"<top-level>\",\"line\":1}"),
        ("[.[] | ascii]", "[65]", "[\"A\"]"),
        ("input_line_number", "1\n", "1"),
    ];
    for (prog, input, want) in cases {
        let o = jq(&["-c", prog], input);
        assert_eq!(o.out().trim_end(), *want, "program {prog}: {}", o.stderr);
    }
}

#[test]
fn assignments_create_missing_paths() {
    let o = jq(&["-c", ".a.b = 1 | .n += 1 | .l[2] = 0 | .c //= 3 | .a.b |= . + 1"], "{}");
    assert_eq!(o.out(), "{\"a\":{\"b\":2},\"n\":1,\"l\":[null,null,0],\"c\":3}\n");
    assert_eq!(jq(&["-c", ".[] |= . * 10"], "[1,2]").out(), "[10,20]\n");
}

#[test]
fn env_is_the_scripts() {
    // The test environment exports nothing: $ENV and env are empty, never the host's.
    assert_eq!(jq(&["-nc", "[$ENV, env]"], "").out(), "[{},{}]\n");
}

/// Runs `(program, input, expected compact output)` cases.
fn cases(list: &[(&str, &str, &str)]) {
    for (prog, input, want) in list {
        let o = jq(&["-c", prog], input);
        assert_eq!(o.out().trim_end(), *want, "program {prog}: {}", o.stderr);
    }
}

#[test]
fn fractional_and_nan_indices() {
    cases(&[
        ("[.[1.1,1.5,1.7]]", "[0,1,2,3]", "[1,1,1]"),
        (".[1.2:3.5]", "[0,1,2,3,4,5]", "[1,2,3]"),
        (".[1.7:4294967295]", "[0,1,2,3]", "[1,2,3]"),
        (".[1.7:-4294967296]", "[0,1,2,3]", "[]"),
        ("[.[nan:1], .[1:nan], .[nan]]", "[0,1,2]", "[[0],[1,2],null]"),
        ("[][.]", "1000000000000000000", "null"),
        ("map([1,2][0:.])", "[-1, 1, 1000000000000000000]", "[[1],[1],[1,2]]"),
        (".[1.1] = 5", "[0,1,2]", "[0,5,2]"),
        ("try (.[nan] = 9) catch .", "[0]", "\"Cannot set array element at NaN index\""),
        ("try (.[1.5:3.5] = \"xyz\") catch .", "\"foobar\"", "\"Cannot update string slices\""),
        (".[1.5:3.5] = [\"x\"]", "[0,1,2,3,4]", "[0,\"x\",4]"),
        ("setpath([{\"start\":1,\"end\":2}]; [7,8])", "[0,1,2]", "[0,7,8,2]"),
        ("[.[] | .[1:3]?]", "[null,1,\"abcd\",[1,2,3]]", "[null,\"bc\",[2,3]]"),
        ("[del(.[nan]), del(.[1], .[-1], .[0:1])]", "[1,2,3,4]", "[[1,2,3,4],[3]]"),
        ("del(.[1], .[-6], .[2], .[-3:9])", "[0,1,2,3,4,5,6,7,8,9]", "[0,3,5,6,9]"),
    ]);
}

#[test]
fn arithmetic_as_jq_1_8() {
    cases(&[
        ("[try (1 / 0) catch ., try (0 / .) catch ., try (1 % 0) catch .]", "0",
         "[\"number (1) and number (0) cannot be divided because the divisor is zero\",\"number (0) and number (0) cannot be divided because the divisor is zero\",\"number (1) and number (0) cannot be divided (remainder) because the divisor is zero\"]"),
        ("[(infinite, -infinite) % (1, -1, infinite)], [nan % 1, 1 % nan | isnan], [5.9 % 2, -7 % 7]", "null", "[0,0,0,0,0,-1]\n[true,true]\n[1,0]"),
        ("[nan, infinite] | map(isnan, isinfinite)", "null", "[true,false,false,true]"),
        ("[.[] * \"abc\"]", "[-1, -0.5, 0, 0.5, 1.5, 3.7]", "[null,null,\"\",\"\",\"abc\",\"abcabcabc\"]"),
        ("[. * (nan, 2)], (try (. * 1000000000) catch .)", "\"ab\"", "[null,\"abab\"]\n\"Repeat string result too long\""),
        ("[1E+1000, -1E+1000 | length | tojson]", "null", "[\"1E+1000\",\"1E+1000\"]"),
        ("{\"k\": {\"a\": 1, \"b\": 2}} * .", "{\"k\": {\"a\": 0, \"c\": 3}}", "{\"k\":{\"a\":0,\"b\":2,\"c\":3}}"),
    ]);
}

#[test]
fn deep_values_are_errors_beyond_jq_limits() {
    cases(&[
        ("reduce range(10000) as $_ ({}; {a: .}) as $x | $x * $x | length", "null", "1"),
        ("try (reduce range(10001) as $_ ({}; {a: .}) as $x | $x * $x) catch .", "null", "\"Object merge too deep\""),
        ("reduce range(10000) as $_ ([]; [.]) | contains([[]])", "null", "true"),
        ("try (reduce range(10001) as $_ ([]; [.]) as $x | $x | contains($x)) catch .", "null", "\"Containment check too deep\""),
    ]);
}

#[test]
fn implode_and_fromjson_messages() {
    cases(&[
        ("implode | explode", "[-1,0,65,1114111,1114112,55296,57343,57344,1.9]", "[65533,0,65,1114111,65533,65533,65533,57344,1]"),
        ("map(try implode catch .)", "[123,[\"a\"],[nan]]",
         "[\"implode input must be an array\",\"string (\\\"a\\\") can't be imploded, unicode codepoint needs to be numeric\",\"number (null) can't be imploded, unicode codepoint needs to be numeric\"]"),
        ("try fromjson catch .", "\"{'a': 123}\"", "\"Invalid string literal; expected \\\", but got ' at line 1, column 5 (while parsing '{'a': 123}')\""),
    ]);
}

#[test]
fn updates_delete_after_all_paths() {
    cases(&[
        (".foo[1,4,2,3] |= empty", "{\"foo\":[0,1,2,3,4,5]}", "{\"foo\":[0,5]}"),
        ("(.[] | select(. >= 2)) |= empty", "[1,5,3,0,7]", "[1,0]"),
        (".[] |= (., 10)", "[1,2]", "[1,2]"),
        ("(.a, .c) |= empty", "{\"a\":1,\"b\":2,\"c\":3}", "{\"b\":2}"),
        (". |= empty", "1", "null"),
    ]);
}

#[test]
fn fold_sources_and_key_patterns() {
    cases(&[
        ("[reduce .[] / .[] as $i (0; . + $i)]", "[1,2]", "[4.5]"),
        ("[-reduce -.[] as $x (0; . + $x)]", "[1,2,3]", "[6]"),
        (". as {$a, $b:[$c, $d]} | [$a, $b, $c, $d]", "{\"a\":1, \"b\":[2,{\"d\":3}]}", "[1,[2,{\"d\":3}],2,{\"d\":3}]"),
        (".[] as [{$b: [$c]}] | [$b, $c]", "[[{\"b\":[5]}]]", "[[5],5]"),
    ]);
}

/// Run `script` in a kitsh session (files made by the script are on its virtual filesystem).
fn script(s: &str) -> (String, String, i32) {
    #[allow(clippy::unwrap_used)] // tests report failures by panicking
    let mut sh = kitsh::Bash::builder().env("HOME", "/home/u").build().unwrap();
    let r = sh.exec_sync(s);
    (r.stdout, r.stderr, r.exit_code)
}

const MODULE_FILES: &str = r#"
mkdir -p /m/b /m/lib/jq /home/u/.jq /w
printf 'module {version: 1};\ndef a: "a";\n' > /m/a.jq
printf 'import "a" as a;\nimport "d1" as $d {search: "./lib"};\ndef b: a::a + "b";\ndef two($x; f): $x;\n' > /m/b/b.jq
mkdir -p /m/b/lib && printf '{"x": 1}\n{"x": 2}\n' > /m/b/lib/d1.json
printf '[3]' > /m/d2.json
printf 'def s: 1;\ndef t: 1;\n' > /m/s0.jq
printf 'def t: 2;\n' > /m/s1.jq
printf 'def h: "home";\n' > /home/u/.jq/h.jq
printf 'def l: "lib";\n' > /m/lib/jq/l.jq
"#;

#[test]
fn modules_from_the_virtual_filesystem() {
    let run = |prog: &str| script(&format!("{MODULE_FILES}\ncd /w && jq -L /m -nc '{prog}'"));
    let ok = |prog: &str, want: &str| {
        let (out, err, st) = run(prog);
        assert_eq!((out.trim_end(), st), (want, 0), "{prog}: {err}");
    };
    ok(r#"import "a" as x; include "b"; [x::a, b]"#, r#"["a","ab"]"#);
    ok(r#"import "d2" as $d; import "b" as b; [$d, $d::d, b::two(1; 2)]"#, "[[[3]],[[3]],1]");
    // Modules imported under one name are all searched, the last one first.
    ok(r#"import "s0" as s; import "s1" as s; [s::s, s::t]"#, "[1,2]");
    ok(r#""b" | modulemeta"#, r#"{"deps":[{"as":"a","is_data":false,"relpath":"a"},{"search":"./lib","as":"d","is_data":true,"relpath":"d1"}],"defs":["b/0","two/2"]}"#);
    ok(r#""a" | modulemeta | .version"#, "1");
    // Without -L: ~/.jq, then $ORIGIN/../lib/jq (none here).
    let (out, _, st) = script(&format!("{MODULE_FILES}\njq -nc 'import \"h\" as h; h::h'"));
    assert_eq!((out.as_str(), st), ("\"home\"\n", 0));
    let (out, _, _) = script(&format!("{MODULE_FILES}\njq -L /m/lib/jq -nc 'import \"l\" as l; l::l'"));
    assert_eq!(out, "\"lib\"\n");
    // A file ~/.jq is included into every program.
    let (out, _, _) = script("mkdir -p /home/u; printf 'def hi: \"hi\";' > /home/u/.jq; jq -nc hi");
    assert_eq!(out, "\"hi\"\n");
    for (prog, msg) in [
        (r#"import "nosuch" as n; ."#, "jq: error: module not found: nosuch"),
        ("module (.+1); 0", "jq: error: Module metadata must be constant"),
        ("module []; 0", "jq: error: Module metadata must be an object"),
        (r#"include "a" (.+1); 0"#, "jq: error: Module metadata must be constant"),
        (r#"import "a/a" as a; 0"#, "jq: error: module names must not have equal consecutive components"),
    ] {
        let (_, err, st) = run(prog);
        assert_eq!(st, 3, "{prog}");
        assert!(err.starts_with(msg), "{prog}: {err}");
    }
}

#[test]
fn right_operand_is_the_outer_loop() {
    cases(&[
        ("[(1,2) + (10,20)]", "null", "[11,12,21,22]"),
        ("[(1,2) < (2,1)]", "null", "[true,false,false,false]"),
        ("[foreach .[] / .[] as $i (0; . + $i)]", "[1,2]", "[1,3,3.5,4.5]"),
    ]);
}

#[test]
fn deep_comparisons_are_errors() {
    cases(&[
        ("try ((reduce range(10001) as $_ ([]; [.])) as $x | $x == $x) catch .", "null", "\"Equality check too deep\""),
        ("(reduce range(10000) as $_ ([]; [.])) as $x | $x == $x", "null", "true"),
        ("try ((reduce range(10001) as $_ ([]; [.])) as $x | [$x, $x] | sort) catch .", "null", "\"Comparison too deep\""),
        ("try ((reduce range(10001) as $_ ({}; {a: .})) as $x | [$x, $x] | unique) catch .", "null", "\"Comparison too deep\""),
        ("[sort, unique, (. < [4])]", "[3,1,2,1]", "[[1,1,2,3],[1,2,3],true]"),
        ("[{\"b\":1,\"a\":2} == {\"a\":2,\"b\":1}, ([1,[2]] != [1,[2]])]", "null", "[true,false]"),
    ]);
}

#[test]
fn path_expression_errors_name_the_result() {
    let input = "{\"a\":[{\"b\":0}]}";
    cases(&[
        ("try path(.a | map(select(.b == 0)) | .[0]) catch .", input,
         "\"Invalid path expression near attempt to access element 0 of [{\\\"b\\\":0}]\""),
        ("try path(.a | map(.) | .c) catch .", input,
         "\"Invalid path expression near attempt to access element \\\"c\\\" of [{\\\"b\\\":0}]\""),
        ("try (.a | (map(.)[].b) = 1) catch .", input,
         "\"Invalid path expression near attempt to iterate through [{\\\"b\\\":0}]\""),
        ("try (def x: reverse; x = 10) catch .", "[0,1,2]", "\"Invalid path expression with result [2,1,0]\""),
        ("[try path(1) catch ., try path(. as $x | $x) catch .]", "null",
         "[\"Invalid path expression with result 1\",\"Invalid path expression with result null\"]"),
        ("[path(first(.a, .b)), path(getpath([\"x\", 0]))]", "null", "[[\"a\"],[\"x\",0]]"),
    ]);
}
