//! Tests of the POSIX translation; expectations checked against GNU grep 3.8 / sed 4.9.

use super::*;

/// The first match of `pat` in `hay` (grep dialect), or `ERR: message`.
fn g(syntax: Syntax, pat: &str, hay: &str) -> String {
    run(&Options::grep(syntax), pat, hay)
}
fn gb(pat: &str, hay: &str) -> String {
    g(Syntax::Basic, pat, hay)
}
fn ge(pat: &str, hay: &str) -> String {
    g(Syntax::Extended, pat, hay)
}
/// Same in the POSIX (sed) dialect.
fn sb(pat: &str, hay: &str) -> String {
    run(&Options::posix(Syntax::Basic), pat, hay)
}
fn se(pat: &str, hay: &str) -> String {
    run(&Options::posix(Syntax::Extended), pat, hay)
}
fn run(o: &Options, pat: &str, hay: &str) -> String {
    match translate_with(pat, o).and_then(|t| compile(&t.pattern)) {
        Ok(re) => match re.find(hay.as_bytes()) {
            Some(m) => String::from_utf8_lossy(m.as_bytes()).into_owned(),
            None => "NONE".into(),
        },
        Err(e) => format!("ERR: {e}"),
    }
}
fn warn(syntax: Syntax, pat: &str) -> Vec<&'static str> {
    translate_with(pat, &Options::grep(syntax)).map(|t| t.warnings).unwrap_or_default()
}

#[test]
fn bre_basics() {
    assert_eq!(gb("a.c", "xabcx"), "abc");
    assert_eq!(gb("ab*", "abbbc"), "abbb");
    assert_eq!(gb("a\\+", "caaa"), "aaa");
    assert_eq!(gb("ba\\?", "bb"), "b");
    assert_eq!(gb("a\\{2\\}", "aaaa"), "aa");
    assert_eq!(gb("a\\{2,\\}", "aaaa"), "aaaa");
    assert_eq!(gb("a\\{,2\\}", "aaa"), "aa");
    assert_eq!(gb("\\(ab\\)*c", "ababc"), "ababc");
    assert_eq!(gb("x\\|b", "abc"), "b");
    assert_eq!(gb("a+b?", "a+b?"), "a+b?");
    assert_eq!(gb("a|b", "a|b"), "a|b");
    assert_eq!(gb("(a)", "(a)"), "(a)");
    assert_eq!(gb("a{1}", "a{1}"), "a{1}");
    assert_eq!(gb("a\\}b", "a}b"), "a}b");
}

#[test]
fn bre_context_rules() {
    assert_eq!(gb("*a", "*a"), "*a");
    assert_eq!(gb("\\(*a\\)", "*a"), "*a");
    assert_eq!(gb("^*a", "*a"), "*a");
    assert_eq!(gb("x\\|*a", "*a"), "*a");
    assert_eq!(gb("\\+a", "+a"), "+a");
    assert_eq!(gb("x\\|\\?a", "?a"), "?a");
    assert_eq!(gb("\\{1\\}", "{1}"), "{1}");
    assert_eq!(gb("a^b", "a^b"), "a^b");
    assert_eq!(gb("a$b", "a$b"), "a$b");
    assert_eq!(gb("^^a", "^a"), "^a");
    assert_eq!(sb("a$$", "a$"), "a$");
    assert_eq!(gb("\\(^a\\)", "aa"), "a");
    assert_eq!(gb("a\\(^b\\)", "a^b"), "NONE");
    assert_eq!(gb("b\\|^a", "ab"), "a");
    assert_eq!(gb("a$\\|b", "ab"), "b");
    assert_eq!(gb("a\\(b$\\)", "ab"), "ab");
    assert_eq!(gb("a\\(b$\\)c", "ab$c"), "NONE");
}

#[test]
fn ere_basics() {
    assert_eq!(ge("a+b?", "caab"), "aab");
    assert_eq!(ge("(a|b)*c", "abac"), "abac");
    assert_eq!(ge("a{1,2}b", "aaab"), "aab");
    assert_eq!(ge("a{,2}", "aaa"), "aa");
    assert_eq!(ge("a{,}", "aa"), "aa");
    assert_eq!(ge("a^b", "a^b"), "NONE");
    assert_eq!(ge("a$b", "a$b"), "NONE");
    assert_eq!(ge("a\\$b", "a$b"), "a$b");
    assert_eq!(ge("()", "ab"), "");
    assert_eq!(ge("a||b", "b"), "");
    assert_eq!(ge("\\(a\\)", "(a)"), "(a)");
    assert_eq!(ge("a\\{b", "a{b"), "a{b");
    assert_eq!(ge("a}b", "a}b"), "a}b");
}

#[test]
fn stacked_repetitions() {
    assert_eq!(ge("a+?", "aab"), "aa");
    assert_eq!(ge("a**", "aab"), "aa");
    assert_eq!(ge("a{1}{2}", "ab"), "NONE");
    assert_eq!(gb("a**", "aab"), "aa");
    assert_eq!(gb("a*\\{2\\}", "aab"), "aa");
    assert_eq!(se("a**", "aab"), "aa");
    assert_eq!(sb("a**", "aab"), "ERR: Invalid preceding regular expression");
    assert_eq!(sb("a\\{1\\}\\{2\\}", "aab"), "ERR: Invalid preceding regular expression");
}

#[test]
fn ere_grep_leniency() {
    assert_eq!(ge("*b", "a*b"), "b");
    assert_eq!(ge("a|*b", "*b"), "b");
    assert_eq!(ge("(+b)", "a+b"), "b");
    assert_eq!(ge("{1}a", "a{1}a"), "1}a");
    assert_eq!(ge("{1", "a{1"), "1");
    assert_eq!(ge("a{", "a{b"), "a{");
    assert_eq!(ge("a{1", "a{1b"), "a{1");
    assert_eq!(ge("a{1,", "a{1,b"), "a{1,");
    assert_eq!(ge("a{x}", "a{x}"), "a{x}");
    assert_eq!(ge("a)", "a)"), "a)");
    assert_eq!(ge("(a))", "a)"), "a)");
    assert_eq!(ge("^*a", "ba"), "a");
    assert_eq!(warn(Syntax::Extended, "*b"), vec!["* at start of expression"]);
    assert_eq!(warn(Syntax::Extended, "(+b)"), vec!["+ at start of expression"]);
    assert_eq!(warn(Syntax::Extended, "{1}a"), vec!["{...} at start of expression"]);
    assert!(warn(Syntax::Extended, "{1").is_empty());
    assert!(warn(Syntax::Basic, "*b").is_empty());
}

#[test]
fn ere_posix_strictness() {
    assert_eq!(se("*b", "b"), "ERR: Invalid preceding regular expression");
    assert_eq!(se("a|*b", "b"), "ERR: Invalid preceding regular expression");
    assert_eq!(se("^*a", "b"), "ERR: Invalid preceding regular expression");
    assert_eq!(se("{1}a", "b"), "ERR: Invalid preceding regular expression");
    assert_eq!(sb("\\{1\\}", "b"), "ERR: Invalid preceding regular expression");
    assert_eq!(se("a)", "a)"), "ERR: Unmatched ) or \\)");
    assert_eq!(se("a{x}", "b"), "ERR: Invalid content of \\{\\}");
    assert_eq!(se("a{", "b"), "ERR: Unmatched \\{");
    assert_eq!(se("a{1,2", "b"), "ERR: Unmatched \\{");
    assert_eq!(se("(|a)", "ab"), "");
    assert_eq!(sb("*b", "a*b"), "*b");
    assert_eq!(sb("\\+a", "+a"), "+a");
}

#[test]
fn interval_errors() {
    assert_eq!(gb("a\\{1", "a"), "ERR: Unmatched \\{");
    assert_eq!(gb("a\\{1,2", "a"), "ERR: Unmatched \\{");
    assert_eq!(gb("a\\{x\\}", "a"), "ERR: Invalid content of \\{\\}");
    assert_eq!(gb("a\\{2,1\\}", "a"), "ERR: Invalid content of \\{\\}");
    assert_eq!(ge("a{2,1}", "a"), "ERR: Invalid content of \\{\\}");
    assert_eq!(ge("a{}", "a"), "ERR: Invalid content of \\{\\}");
    assert_eq!(gb("a\\{\\}", "a"), "ERR: Invalid content of \\{\\}");
    assert_eq!(ge("a{1,2,3}", "a"), "ERR: Invalid content of \\{\\}");
    assert_eq!(ge("a{99999}", "a"), "ERR: Regular expression too big");
    assert_eq!(gb("a\\{1,32768\\}", "a"), "ERR: Regular expression too big");
    assert_eq!(gb("a\\{1,32767\\}", "aa"), "aa");
}

#[test]
fn group_errors() {
    assert_eq!(ge("(a", "a"), "ERR: Unmatched ( or \\(");
    assert_eq!(gb("\\(a", "a"), "ERR: Unmatched ( or \\(");
    assert_eq!(gb("a\\)", "a"), "ERR: Unmatched ) or \\)");
    assert_eq!(gb("\\(a\\)\\)", "a"), "ERR: Unmatched ) or \\)");
    assert_eq!(gb("a\\", "a"), "ERR: Trailing backslash");
    assert_eq!(ge("a\\", "a"), "ERR: Trailing backslash");
    assert_eq!(ge("(ab)\\2", "a"), "ERR: Invalid back reference");
    assert_eq!(gb("\\(a\\1\\)", "a"), "ERR: Invalid back reference");
    assert_eq!(build("\\(ab\\)\\1", Syntax::Basic, false).err(), Some(PosixReError::Backref));
}

#[test]
fn brackets() {
    assert_eq!(gb("[]a]*", "]a]b"), "]a]");
    assert_eq!(gb("[^]a]", "]ab"), "b");
    assert_eq!(gb("[[:alpha:][:digit:]]*", "ab1-"), "ab1");
    assert_eq!(gb("[[.a.]]", "ba"), "a");
    assert_eq!(gb("[[.-.]]", "a-"), "-");
    assert_eq!(gb("[[=a=]]", "ba"), "a");
    assert_eq!(gb("[a-]", "b-"), "-");
    assert_eq!(gb("[--/]", "a."), ".");
    assert_eq!(gb("[]-a]", "^"), "^");
    assert_eq!(gb("[%--]", "+"), "+");
    assert_eq!(gb("[[]", "a[b"), "[");
    assert_eq!(gb("[a[]", "x[b"), "[");
    assert_eq!(gb("a[\\]b", "a\\b"), "a\\b");
    assert_eq!(gb("a[\\n]*b", "a\\nb"), "a\\nb");
    assert_eq!(gb("[&&~~]*", "&~&"), "&~&");
    assert_eq!(gb("[--]", "a-"), "-");
    assert_eq!(gb("[a-a]", "ba"), "a");
    assert_eq!(gb("[:a]", "b:"), ":");
}

#[test]
fn bracket_errors() {
    assert_eq!(gb("[a", "a"), "ERR: Unmatched [, [^, [:, [., or [=");
    assert_eq!(gb("[[:alpha:]", "a"), "ERR: Unmatched [, [^, [:, [., or [=");
    assert_eq!(gb("[[:alpha:", "a"), "ERR: Unmatched [, [^, [:, [., or [=");
    assert_eq!(gb("[[:foo:]]", "a"), "ERR: Invalid character class name");
    assert_eq!(gb("[:alpha:]", "a"), "ERR: character class syntax is [[:space:]], not [:space:]");
    assert_eq!(gb("[^:alpha:]", "a"), "ERR: character class syntax is [[:space:]], not [:space:]");
    assert_eq!(gb("[:a:]", "a"), "ERR: character class syntax is [[:space:]], not [:space:]");
    assert_eq!(gb("[[.ab.]]", "a"), "ERR: Invalid collation character");
    assert_eq!(gb("[[=ab=]]", "a"), "ERR: Invalid collation character");
    assert_eq!(gb("[z-a]", "a"), "ERR: Invalid range end");
    assert_eq!(gb("[[:alpha:]-z]", "a"), "ERR: Invalid range end");
    assert_eq!(gb("[a-[:alpha:]]", "a"), "ERR: Invalid range end");
}

#[test]
fn unicode_classes() {
    assert_eq!(gb("[[:alpha:]]", "1é"), "é");
    assert_eq!(gb("[[:upper:]]", "éÉ"), "É");
    assert_eq!(gb("[[:digit:]]", "٣"), "NONE");
    assert_eq!(gb("\\w", " é"), "é");
    assert_eq!(gb("[[:space:]]", "a b"), " ");
    let o = Options { icase: true, ..Options::grep(Syntax::Basic) };
    assert_eq!(run(&o, "[[:upper:]]", "é"), "é");
    assert_eq!(run(&o, "AB", "xAbab"), "Ab");
}

#[test]
fn gnu_escapes() {
    assert_eq!(gb("a\\wb", "awb"), "awb");
    assert_eq!(ge("a\\sb", "a b"), "a b");
    assert_eq!(ge("a\\Bb", "ab"), "ab");
    assert_eq!(ge("\\bb", "ab b"), "b");
    assert_eq!(gb("\\<b", "ab b"), "b");
    assert_eq!(gb("a\\>", "ab a"), "a");
    assert_eq!(gb("\\`a", "ba"), "NONE");
    assert_eq!(gb("a\\'", "ab a"), "a");
    assert_eq!(gb("a\\nb", "anb"), "anb");
    assert_eq!(gb("a\\-b", "a-b"), "a-b");
    assert_eq!(gb("a\\.b", "axb a.b"), "a.b");
}

#[test]
fn newlines_and_multiline() {
    assert_eq!(gb("a.b", "a\nb"), "a\nb");
    assert_eq!(gb("a[^x]b", "a\nb"), "a\nb");
    assert_eq!(gb("^b", "a\nb"), "NONE");
    let m = Options { multiline: true, ..Options::posix(Syntax::Basic) };
    assert_eq!(run(&m, "^b", "a\nb"), "b");
    assert_eq!(run(&m, "a$", "a\nb"), "a");
    assert_eq!(run(&m, "a.b", "a\nb"), "NONE");
    assert_eq!(run(&m, "a[^x]b", "a\nb"), "NONE");
    assert_eq!(run(&m, "\\`b", "a\nb"), "NONE");
}

#[test]
fn raw_bytes() {
    let pat = format!("a{}", crate::util::bytes::raw_char(0xff));
    let re = build(&pat, Syntax::Basic, false).map_err(|e| e.to_string());
    assert_eq!(re.map(|r| r.is_match(b"xa\xff")), Ok(true));
    let class = format!("[{}b]", crate::util::bytes::raw_char(0xfe));
    let re = build(&class, Syntax::Basic, false).map_err(|e| e.to_string());
    assert_eq!(re.map(|r| (r.is_match(b"\xfe"), r.is_match(b"b"), r.is_match(b"c"))), Ok((true, true, false)));
    assert!(translate(&pat, Syntax::Basic, false).is_ok_and(|s| s.contains('\u{10FFFF}')));
}

#[test]
fn translate_api() {
    assert_eq!(translate("a+", Syntax::Extended, false), Ok("(?s:a+)".to_string()));
    assert_eq!(translate("a+", Syntax::Basic, true), Ok("(?is:a\\+)".to_string()));
    assert_eq!(translate_with("\\(a\\)\\(b\\)", &Options::grep(Syntax::Basic)).map(|t| t.groups), Ok(2));
    assert!(build("[[:alpha:]]+", Syntax::Extended, false).is_ok_and(|r| r.is_match(b"x")));
}

fn longest_all(pat: &str, syntax: Syntax, hay: &str) -> Vec<(usize, usize)> {
    let t = translate_with(pat, &Options::posix(syntax));
    match t.and_then(|t| PosixRegex::new(&t)) {
        Ok(re) => re.find_iter(hay.as_bytes()).collect(),
        Err(_) => vec![(99, 99)],
    }
}

#[test]
fn leftmost_longest() {
    assert_eq!(longest_all("a|ab|abc", Syntax::Extended, "abcd"), vec![(0, 3)]);
    assert_eq!(longest_all("[0-9]+|[0-9]+\\.[0-9]+", Syntax::Extended, "x 3.14 y"), vec![(2, 6)]);
    assert_eq!(longest_all("a\\|ab", Syntax::Basic, "abab"), vec![(0, 2), (2, 4)]);
    assert_eq!(longest_all("b*", Syntax::Basic, "abc"), vec![(0, 0), (1, 2), (3, 3)]);
    assert_eq!(longest_all("x*", Syntax::Basic, "é"), vec![(0, 0), (2, 2)]);
    assert_eq!(longest_all("(a|ab)$", Syntax::Extended, "ab"), vec![(0, 2)]);
    let t = translate_with("(a|ab)(c|bcd)(d*)", &Options::posix(Syntax::Extended));
    let re = t.and_then(|t| PosixRegex::new(&t));
    assert!(re.is_ok_and(|r| r.captures_for(b"abcd", 0, 4).is_some_and(|c| c.get(1) == Some(&b"a"[..]))));
}

fn back(pat: &str, syntax: Syntax, hay: &str) -> String {
    let t = translate_with(pat, &Options::posix(syntax));
    match t.and_then(|t| PosixRegex::new(&t)) {
        Ok(re) => {
            let all: Vec<String> = re.find_iter(hay.as_bytes()).map(|(s, e)| hay[s..e].to_string()).collect();
            all.join(",")
        }
        Err(e) => format!("ERR: {e}"),
    }
}

#[test]
fn back_references() {
    assert_eq!(back("\\(ab\\)\\1", Syntax::Basic, "xabab abab"), "abab,abab");
    assert_eq!(back("(.)\\1", Syntax::Extended, "hello bookkeeper"), "ll,oo,kk,ee");
    assert_eq!(back("\\(a*\\)b\\1", Syntax::Basic, "aaba"), "aba");
    assert_eq!(back("([a-z]+) \\1", Syntax::Extended, "the the cat"), "the the");
    assert_eq!(back("^(.*)=\\1$", Syntax::Extended, "ab=ab"), "ab=ab");
    assert_eq!(back("^(.*)=\\1$", Syntax::Extended, "ab=ac"), "");
    assert_eq!(back("(a|b)\\1", Syntax::Extended, "abba"), "bb");
    let o = Options { icase: true, ..Options::posix(Syntax::Extended) };
    let re = translate_with("(a)\\1", &o).and_then(|t| PosixRegex::new(&t));
    assert!(re.is_ok_and(|r| r.is_match(b"aA")));
    let t = translate_with("\\(b\\)\\1", &Options::posix(Syntax::Basic));
    let re = t.and_then(|t| PosixRegex::new(&t));
    assert!(re.is_ok_and(|r| r.captures_for(b"abbc", 1, 3).is_some_and(|g| g.get(1) == Some(&b"b"[..]))));
    assert_eq!(translate("(a)\\1", Syntax::Extended, false), Err(PosixReError::Backref));
    let long = "a".repeat(5000);
    assert_eq!(back("\\(a*\\)\\1x", Syntax::Basic, &long), "");
}
