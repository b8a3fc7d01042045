//! jq 1.8.1's words for syntax errors (the expected texts are jq 1.8.1's own output).

use super::{locate, syntax_errors};

/// jq's report of `code`: each message with its location, as `jq: error: ...` lines.
fn report(code: &str) -> String {
    syntax_errors(code)
        .iter()
        .map(|e| format!("{}{}\n", e.msg, locate(code, "<top-level>", e.start, e.end)))
        .collect()
}

#[test]
fn valid_programs_have_no_errors() {
    for code in [".", ".a.b", "[.[] | {a: .b, \"c\": 1}]", "def f(x): x + 1; f(2)", "if . then 1 elif 2 then 3 else 4 end",
        "reduce .[] as [$a, $b] (0; . + $a)", "\"x\\(1 + 2)y\" | @base64", ". as {$a, b: [$c]} | $c", "# c\n.a // 1",
        "label $out | foreach .[] as $x (0; . + $x; if . > 3 then ., break $out else . end)", ".a?, .[\"b\"]?, ..", "$__loc__", "import \"a\" as a; a::f",
        "try error(\"x\") catch .", ".[1:2] |= 3", "{(.a): 1, $__loc__, @base64 \"x\": 2}", ""] {
        assert_eq!(report(code), "", "{code}");
    }
}

#[test]
fn messages_and_places_as_jq_gives_them() {
    let cases: &[(&str, &str)] = &[
        ("{(.a): 1, @base64: 2}", "syntax error, unexpected ':', expecting QQSTRING_START at <top-level>, line 1, column 18:\n    {(.a): 1, @base64: 2}\n                     ^\nMay need parentheses around object key expression at <top-level>, line 1, column 11:\n    {(.a): 1, @base64: 2}\n              ^^^^^^^^\n"),
        (".[", "syntax error, unexpected end of file at <top-level>, line 1, column 2:\n    .[\n     ^\n"),
        ("{a:}", "syntax error, unexpected '}' at <top-level>, line 1, column 4:\n    {a:}\n       ^\n"),
        ("[.[] | tostring", "syntax error, unexpected end of file, expecting '|' or ',' or ']' at <top-level>, line 1, column 8:\n    [.[] | tostring\n           ^^^^^^^^\n"),
        ("if . then 1", "syntax error, unexpected end of file at <top-level>, line 1, column 11:\n    if . then 1\n              ^\nPossibly unterminated 'if' statement at <top-level>, line 1, column 1:\n    if . then 1\n    ^^^^^^^^^^^\n"),
        ("if . then 1 else 2", "syntax error, unexpected end of file, expecting end or '|' or ',' at <top-level>, line 1, column 18:\n    if . then 1 else 2\n                     ^\nPossibly unterminated 'if' statement at <top-level>, line 1, column 1:\n    if . then 1 else 2\n    ^^^^^^^^^^^^^^^^^^\n"),
        ("\"\\(1 + )\"", "syntax error, unexpected QQSTRING_INTERP_END at <top-level>, line 1, column 8:\n    \"\\(1 + )\"\n           ^\n"),
        (".a = ", "syntax error, unexpected end of file at <top-level>, line 1, column 5:\n    .a = \n        ^\n"),
        ("reduce . as $x", "syntax error, unexpected end of file, expecting '(' at <top-level>, line 1, column 13:\n    reduce . as $x\n                ^^\n"),
        ("def f: ; f", "syntax error, unexpected ';' at <top-level>, line 1, column 8:\n    def f: ; f\n           ^\n"),
        ("\"\\x\"", "Invalid escape at line 1, column 4 (while parsing '\"\\x\"') at <top-level>, line 1, column 2:\n    \"\\x\"\n     ^^\n"),
        ("map(.a", "syntax error, unexpected end of file, expecting ';' or ')' at <top-level>, line 1, column 5:\n    map(.a\n        ^^\n"),
        ("# comment\n.a |", "syntax error, unexpected end of file at <top-level>, line 2, column 4:\n    .a |\n       ^\n"),
        ("break", "syntax error, unexpected end of file, expecting BINDING at <top-level>, line 1, column 1:\n    break\n    ^^^^^\nbreak requires a label to break to at <top-level>, line 1, column 1:\n    break\n    ^^^^^\n"),
        ("select(.a == \"x)", "syntax error, unexpected end of file, expecting QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END at <top-level>, line 1, column 15:\n    select(.a == \"x)\n                  ^^\n"),
        ("{\"a\" 1}", "syntax error, unexpected LITERAL, expecting '}' at <top-level>, line 1, column 6:\n    {\"a\" 1}\n         ^\n"),
        (". as {$a, b} | 1", "syntax error, unexpected '}', expecting ':' at <top-level>, line 1, column 12:\n    . as {$a, b} | 1\n               ^\n"),
        (".\u{e9}", "syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1, column 2:\n    .\u{e9}\n     ^\ntry .[\"field\"] instead of .field for unusually named fields at <top-level>, line 1, column 1:\n    .\u{e9}\n    ^^\n"),
    ];
    for (code, want) in cases {
        assert_eq!(report(code), *want, "{code}");
    }
}
