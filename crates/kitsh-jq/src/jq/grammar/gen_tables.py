#!/usr/bin/env python3
"""Write tables.rs from jq's generated parser (src/parser.c of jq's release tarball).

Usage: gen_tables.py PATH/TO/jq-1.8.1/src/parser.c > tables.rs

The tables are Bison's LALR(1) automaton for jq's grammar (src/parser.y): kitsh runs it only to
word syntax errors as jq does (grammar/parse.rs). jq is MIT-licensed (see the notice in the
generated file); Bison's skeleton exception lets its output be used under any terms.
"""
import re
import sys

src = open(sys.argv[1]).read()


def define(name):
    return int(re.search(r"#define %s\s+\(?(-?\d+)\)?" % name, src).group(1))


def array(name):
    m = re.search(r"static const \w+ %s\[\] =\s*\{(.*?)\};" % name, src, re.S)
    return [int(x) for x in re.findall(r"-?\d+", m.group(1))]


tname = re.search(r"static const char \*const yytname\[\] =\s*\{(.*?)YY_NULLPTR", src, re.S).group(1)
names = [bytes(s, "ascii").decode("unicode_escape") for s in re.findall(r'"((?:[^"\\]|\\.)*)"', tname)]
ntokens = define("YYNTOKENS")

# The actions that report an error with a fixed message: `case RULE: ... FAIL((LOC), "MSG")`.
fails = []
for m in re.finditer(r"\n  case (\d+): /\*(.*?)\*/\n(.*?)break;", src, re.S):
    rule, body = int(m.group(1)), m.group(3)
    f = re.search(r'FAIL\(\((yyloc|yylsp\[(-?\d+)\])\), "((?:[^"\\]|\\.)*)"\)', body)
    # Conditional reports (module metadata, import paths) are left to kitsh's own checks.
    if f and "if (" not in body:
        # The location: the whole rule (@$), or the symbol K places from the right end.
        at = "None" if f.group(1) == "yyloc" else "Some(%d)" % -int(f.group(2))
        fails.append((rule, at, f.group(3).replace('\\"', '"'), m.group(2).strip()))


def rs_array(name, ty, vals):
    body = ", ".join(str(v) for v in vals)
    return "pub(super) const %s: [%s; %d] = [%s];\n" % (name, ty, len(vals), body)


out = []
out.append("//! jq 1.8.1's parser tables (Bison 3.8.2 output of jq's src/parser.y), written by\n")
out.append("//! `gen_tables.py` from jq's src/parser.c. jq: Copyright (C) 2012 Stephen Dolan and jq's\n")
out.append("//! contributors, MIT licence: crates/kitsh-jq/LICENSE-jq.\n")
out.append("//! Do not edit: regenerate.\n\n")
out.append("#![allow(clippy::all, dead_code)]\n\n")
for n in ["YYFINAL", "YYLAST", "YYNTOKENS", "YYPACT_NINF", "YYTABLE_NINF"]:
    out.append("pub(super) const %s: i32 = %d;\n" % (n, define(n)))
out.append("\n")
for n, ty in [("yypact", "i16"), ("yydefact", "u8"), ("yypgoto", "i16"), ("yydefgoto", "u8"),
              ("yytable", "i16"), ("yycheck", "i16"), ("yyr1", "u8"), ("yyr2", "u8")]:
    vals = array(n)
    out.append(rs_array(n.upper(), ty, vals))
out.append("\n/// The terminals' names as Bison spells them in messages (`yytnamerr` applied).\n")
def tnamerr(s):
    if s.startswith('"') and not any(c in s for c in "',\\"):
        return s[1:-1]
    return s
out.append("pub(super) const TNAME: [&str; %d] = [%s];\n" % (ntokens, ", ".join('"%s"' % tnamerr(n).replace("\\", "\\\\").replace('"', '\\"') for n in names[:ntokens])))
out.append("\n/// Terminal symbols by name (the lexer's token kinds).\n")
for i, n in enumerate(names[:ntokens]):
    if re.fullmatch(r"[A-Z_]+", n):
        out.append("pub(super) const %s: u8 = %d;\n" % (n, i))
out.append("\n/// The symbol of a one-character token (`'|'`), of a keyword or operator (`\"then\"`).\n")
out.append("pub(super) fn symbol(text: &str) -> Option<u8> {\n    Some(match text {\n")
for i, n in enumerate(names[:ntokens]):
    m = re.fullmatch(r"'(.)'|\"(.+)\"", n)
    if m and n not in ('"end of file"', '"invalid token"'):
        t = m.group(1) or m.group(2)
        out.append('        "%s" => %d,\n' % (t.replace("\\", "\\\\").replace('"', '\\"'), i))
out.append("        _ => return None,\n    })\n}\n")
out.append("\n/// Rules whose action reports an error: (rule, location, message). The location is the\n")
out.append("/// whole rule (`None`) or the symbol that many places before the rule's last one.\n")
out.append("pub(super) const FAILS: [(u8, Option<u8>, &str); %d] = [\n" % len(fails))
for rule, at, msg, comment in fails:
    out.append('    // %s\n    (%d, %s, "%s"),\n' % (comment, rule, at, msg.replace('"', '\\"')))
out.append("];\n")
sys.stdout.write("".join(out))
