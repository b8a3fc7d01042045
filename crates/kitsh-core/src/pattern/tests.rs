//! Tests of pattern matching; expectations recorded with GNU bash 5.2 (`shopt -s extglob`).

use super::*;

fn ext() -> MatchOpts {
    MatchOpts {
        extglob: true,
        ..MatchOpts::default()
    }
}

fn m(pat: &str, text: &str) -> bool {
    Pattern::new(pat, ext()).matches(text)
}

/// `pattern<TAB>text<TAB>Y|n` from `[[ $text == $pat ]]`.
const MATCH_CASES: &str = r#"
@(a|b)	a	Y
a\	a\	Y
a\	a	n
\a	a	Y
\*	*	Y
\*	x	n
a\*b	a*b	Y
@(a|b	@(a|b	Y
a*(b	a*(b	Y
a*(b	ab	n
[[:foo:]x]	x	Y
[[:foo:]x]	f	n
[[:alpha:][:digit:]]	5	Y
[[:alpha:]-z]	-	Y
[a-[:digit:]]	5	n
[a-[:digit:]]	-	n
[[:space:]]	 	Y
[[:punct:]]	!	Y
[[:xdigit:]]	f	Y
[[:xdigit:]]	g	n
[[:word:]]	_	Y
[[:ascii:]]	é	n
[[:print:]]	é	Y
[[:graph:]]	 	n
[[:cntrl:]]	a	n
[[:lower:]]	é	Y
!(a|b)	ab	Y
!(a|b)	c	Y
!(a)*	a	Y
!(a)b	ab	n
*(a|b)	abba	Y
+(a|b)c	abc	Y
?(a|b)	ab	n
@(a|b)@(c|d)	bd	Y
!(@(a|b))	a	n
!(+(a))x	aax	n
a!(b)c	abc	n
a!(b)c	ac	Y
a!(b)c	abbc	Y
*!(x)	x	n
*(*(a)b)	aabab	Y
@(*)	anything	Y
@(a*|b*)c	axc	Y
!(foo).c	foo.c	n
!(foo).c	bar.c	Y
!(foo).c	.c	Y
x!()	x	n
x!()	xy	Y
[a-c]*	b123	Y
[!abc]	d	Y
[^abc]	a	n
\[a]	[a]	Y
\[a]	a	n
[\]]	]	Y
[\\]	\	Y
[a\-z]	-	Y
[a\-z]	b	n
?(x)y	y	Y
**	abc	Y
*a*a*a*a*a*b	aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaac	n
[[.-.]]	-	Y
[[=é=]]	é	Y
[[.space.]]	 	Y
[-]	-	Y
[]-]	-	Y
[]-a]	b	n
[!-]	a	Y
[a-]	b	n
a[	a[	Y
a[b	a[b	Y
*[	x[	Y
[*]	*	Y
[*]	x	n
[?]	?	Y
[[]	[	Y
[[]]	[]	Y
[][]	[	Y
[][]	]	Y
*!(x)		Y
a*!(x)	a	Y
a*?(x)	a	Y
a*@(x|)	a	n
a*@(x|)	ab	n
a*@(x|)	abx	Y
*+(x)	x	Y
*+(x)	ax	Y
*+(x)	axx	Y
x*(y)*	xy	Y
*(a)*	b	Y
*@(b)	ab	Y
a*@()	ab	n
"#;

/// `text<TAB>pattern<TAB>${x#p}<TAB>${x##p}<TAB>${x%p}<TAB>${x%%p}<TAB>${x/p/<>}<TAB>${x//p/<>}`.
const EXPANSION_CASES: &str = r#"
abcabc	a*	bcabc		abc		<>	<>
abcabc	*c	abc		abcab		<>	<>
abcabc	b	abcabc	abcabc	abcabc	abcabc	a<>cabc	a<>ca<>c
abcabc	[ab]	bcabc	bcabc	abcabc	abcabc	<>bcabc	<><>c<><>c
abcabc	?	bcabc	bcabc	abcab	abcab	<>bcabc	<><><><><><>
abcabc	*	abcabc		abcabc		<>	<>
/usr/local/bin	*/	usr/local/bin	bin	/usr/local/bin	/usr/local/bin	<>bin	<>bin
/usr/local/bin	/*	usr/local/bin		/usr/local		<>	<>
path/to/file.tar.gz	*.	tar.gz	gz	path/to/file.tar.gz	path/to/file.tar.gz	<>gz	<>gz
path/to/file.tar.gz	.*	path/to/file.tar.gz	path/to/file.tar.gz	path/to/file.tar	path/to/file	path/to/file<>	path/to/file<>
aaa	a	aa	aa	aa	aa	<>aa	<><><>
héllo wörld	ö*	héllo wörld	héllo wörld	héllo w	héllo w	héllo w<>	héllo w<>
héllo wörld	[[:space:]]	héllo wörld	héllo wörld	héllo wörld	héllo wörld	héllo<>wörld	héllo<>wörld
héllo wörld	?l	héllo wörld	héllo wörld	héllo wörld	héllo wörld	h<>lo wörld	h<>lo wö<>d
a.b.c	+([^.])	.b.c	.b.c	a.b.	a.b.	<>.b.c	<>.<>.<>
a.b.c	*(?)	a.b.c		a.b.c		<>	<>
a  b   c	+( )	a  b   c	a  b   c	a  b   c	a  b   c	a<>b   c	a<>b<>c
xyz	@(x|xy|xyz)	yz				<>	<>
xyz	!(x)	xyz		xyz		<>	<>
foo.c	!(*.h)	foo.c		foo.c		<>	<>
abab	*(ab)	abab		abab		<>	<>
abc	?(b)	abc	abc	abc	abc	<>abc	<>a<><>c
"#;

#[test]
fn bash_match_cases() {
    let mut failures = Vec::new();
    for line in MATCH_CASES.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let want = f[2] == "Y";
        if m(f[0], f[1]) != want {
            failures.push(format!("{:?} vs {:?}: want {want}", f[0], f[1]));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Apply a removal or substitution the way the interpreter will.
fn expansions(x: &str, p: &Pattern) -> Vec<String> {
    let rm_prefix = |longest| {
        p.match_prefix(x, longest)
            .map_or(x.to_string(), |n| x[n..].to_string())
    };
    let rm_suffix = |longest| {
        p.match_suffix(x, longest)
            .map_or(x.to_string(), |s| x[..s].to_string())
    };
    let subst_one = match p.find(x, 0) {
        Some((s, e)) => format!("{}<>{}", &x[..s], &x[e..]),
        None => x.to_string(),
    };
    let mut subst_all = String::new();
    let mut last = 0;
    for (s, e) in p.find_all(x) {
        subst_all.push_str(&x[last..s]);
        subst_all.push_str("<>");
        last = e;
    }
    subst_all.push_str(&x[last..]);
    vec![
        rm_prefix(false),
        rm_prefix(true),
        rm_suffix(false),
        rm_suffix(true),
        subst_one,
        subst_all,
    ]
}

#[test]
fn bash_expansion_cases() {
    let mut failures = Vec::new();
    for line in EXPANSION_CASES.lines().filter(|l| !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let got = expansions(f[0], &Pattern::new(f[1], ext()));
        for (k, g) in got.iter().enumerate() {
            if g != f[k + 2] {
                failures.push(format!(
                    "{:?} {:?} #{k}: got {g:?}, want {:?}",
                    f[0],
                    f[1],
                    f[k + 2]
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn with(pat: &str, opts: MatchOpts, text: &str) -> bool {
    Pattern::new(pat, opts).matches(text)
}

#[test]
fn nocase_like_nocasematch() {
    let o = MatchOpts {
        nocase: true,
        ..MatchOpts::default()
    };
    assert!(!with("[[:upper:]]", o, "a"));
    assert!(with("[[:upper:]]", o, "A"));
    assert!(!with("[[:lower:]]", o, "A"));
    assert!(with("[A-Z]", o, "a"));
    assert!(with("[a-z]", o, "Q"));
    assert!(with("ABC", o, "abc"));
    assert!(with("É", o, "é"));
    assert!(with("[É]", o, "é"));
    assert!(with("*.TXT", o, "notes.txt"));
    assert_eq!(Pattern::new("B", o).find("abc", 0), Some((1, 2)));
}

#[test]
fn pathname_rules() {
    let o = MatchOpts {
        pathname: true,
        ..MatchOpts::default()
    };
    let dot = MatchOpts { dotglob: true, ..o };
    assert!(!with("*", o, ".x"));
    assert!(with(".*", o, ".x"));
    assert!(!with("?x", o, ".x"));
    assert!(!with("[.]x", o, ".x"));
    assert!(with("*", dot, ".x"));
    assert!(with("?x", dot, ".x"));
    assert!(!with("a/*", o, "a/.b"));
    assert!(with("a/.*", o, "a/.b"));
    assert!(!with("*", o, "a/b"));
    assert!(!with("a?b", o, "a/b"));
    assert!(!with("a[/]b", o, "a/b"));
    assert!(with("a/b", o, "a/b"));
    assert!(with("*/*", o, "a/b"));
    assert!(with("x.*", o, "x.y"));
    let ext = MatchOpts { extglob: true, ..o };
    assert!(!with("!(x)", ext, ".y"));
    assert!(with("!(x)", ext, "y"));
    assert!(with("@(.y|z)", ext, ".y"));
    assert!(!with("@(*)", ext, ".y"));
    // Without pathname, a leading dot is ordinary.
    assert!(with("*", MatchOpts::default(), ".x"));
    assert!(with("a*", MatchOpts::default(), "a/b"));
}

#[test]
fn extglob_off_is_literal() {
    let o = MatchOpts::default();
    assert!(with("@(a|b)", o, "@(a|b)"));
    assert!(!with("@(a|b)", o, "a"));
    assert!(with("+(a)", o, "+(a)"));
    assert!(with("*(a)", o, "x(a)"));
}

#[test]
fn escapes_and_helpers() {
    assert_eq!(
        escape("a*b?[c]\\(d)|+@!"),
        "a\\*b\\?\\[c\\]\\\\\\(d\\)\\|\\+\\@\\!"
    );
    assert_eq!(unescape("a\\*b\\\\c\\"), "a*b\\c\\");
    for s in ["*x?", "[a]", "a\\b", "(a|b)", "é!@+", ""] {
        assert!(m(&escape(s), s), "{s}");
        assert_eq!(unescape(&escape(s)), s);
        assert!(Pattern::new(&escape(s), ext()).is_literal(), "{s}");
    }
    assert!(Pattern::has_glob_chars("a*", false));
    assert!(Pattern::has_glob_chars("a?", false));
    assert!(Pattern::has_glob_chars("[ab]", false));
    assert!(!Pattern::has_glob_chars("[ab", false));
    assert!(!Pattern::has_glob_chars("a\\*", false));
    assert!(!Pattern::has_glob_chars("@(a)", false));
    assert!(Pattern::has_glob_chars("@(a)", true));
    assert!(Pattern::has_glob_chars("!(a)", true));
    assert!(!Pattern::has_glob_chars("plain", true));
}

#[test]
fn unicode_offsets_are_bytes() {
    let p = Pattern::new("ö?", ext());
    assert_eq!(p.find("aöbc", 0), Some((1, 4)));
    assert_eq!(p.find("aöbc", 2), None);
    assert_eq!(
        Pattern::new("*ö", ext()).match_prefix("xöyö", false),
        Some(3)
    );
    assert_eq!(
        Pattern::new("ö*", ext()).match_suffix("xöyö", true),
        Some(1)
    );
    assert_eq!(
        Pattern::new("+(ö)", ext()).find_all("aööbö"),
        vec![(1, 5), (6, 8)]
    );
}

#[test]
fn long_texts_stay_fast() {
    let start = std::time::Instant::now();
    let many_a = "a".repeat(20_000);
    assert!(!m("*a*a*a*a*a*b", &many_a));
    assert!(m("*a*a*a*a*a*", &many_a));
    let digits: String = (0..50_000)
        .map(|i| if i % 3 == 0 { '7' } else { 'x' })
        .collect();
    assert_eq!(Pattern::new("[0-9]", ext()).find_all(&digits).len(), 16_667);
    assert_eq!(Pattern::new("x", ext()).find_all(&digits).len(), 33_333);
    let spaced = "a  ".repeat(10_000);
    assert_eq!(Pattern::new("+( )", ext()).find_all(&spaced).len(), 10_000);
    assert_eq!(
        Pattern::new("*/", ext()).match_suffix(&"d/".repeat(5_000), true),
        Some(0)
    );
    let nested = "a".repeat(300);
    assert!(!m("*(*(a))b", &nested));
    assert!(m("+(+(a)|b)", &nested));
    assert!(
        start.elapsed().as_secs_f64() < 10.0,
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn odd_patterns_never_panic() {
    for p in [
        "[",
        "[!",
        "[]",
        "[\\",
        "\\",
        "@(",
        "!(a|",
        "*(",
        "[[:",
        "[[:alpha:",
        "[[.",
        "[[=a",
        "[a-",
        "[a-\\",
        "+()",
        "!()",
        "@(|)",
        "((",
        "))",
    ] {
        for t in ["", "a", "[", "\\", "(", "é"] {
            let pat = Pattern::new(p, ext());
            let _ = pat.matches(t);
            let _ = pat.match_prefix(t, true);
            let _ = pat.match_suffix(t, false);
            let _ = pat.find(t, 0);
            let _ = pat.find_all(t);
        }
    }
    let deep = format!("{}a{}", "@(".repeat(60), ")".repeat(60));
    assert!(m(&deep, "a"));
    // Beyond the nesting bound the innermost groups are literal text: no crash.
    let deeper = format!("{}a{}", "@(".repeat(5000), ")".repeat(5000));
    assert!(!m(&deeper, "a"));
}

#[test]
fn pathological_patterns_compile_quickly() {
    let start = std::time::Instant::now();
    for p in [
        "[\\]".repeat(30_000),
        "@(".repeat(30_000),
        "[".repeat(60_000),
        "+([a|".repeat(20_000),
    ] {
        let pat = Pattern::new(&p, ext());
        assert!(!pat.matches("x"));
        assert!(!Pattern::has_glob_chars(&"[".repeat(60_000), true));
    }
    assert!(
        start.elapsed().as_secs_f64() < 10.0,
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn find_all_edge_cases() {
    assert!(Pattern::new("", ext()).find_all("abc").is_empty());
    assert_eq!(
        Pattern::new("aa", ext()).find_all("aaaaa"),
        vec![(0, 2), (2, 4)]
    );
    assert_eq!(
        Pattern::new("*(z)", ext()).find_all("abc"),
        vec![(0, 0), (1, 1), (2, 2)]
    );
    assert_eq!(
        Pattern::new("?(b)", ext()).find_all("abc"),
        vec![(0, 0), (1, 2), (2, 2)]
    );
    assert!(Pattern::new("x", ext()).find_all("").is_empty());
    assert_eq!(Pattern::new("*", ext()).find(" ", 1), Some((1, 1)));
    assert_eq!(Pattern::new("*", ext()).find("", 0), Some((0, 0)));
}

#[test]
fn bash_match_len_as_bash_measures() {
    use super::bash_match_len as m;
    assert_eq!(m("abc"), Some(3));
    assert_eq!(m("a*"), None);
    assert_eq!(m("@(a)"), None);
    assert_eq!(m("[[:alpha:]]x"), Some(2));
    assert_eq!(m("[[.].]]"), Some(1));
    assert_eq!(m("[[=a=]]"), Some(1));
    assert_eq!(m("[]a]"), Some(1));
    // bash's quirk: the scan ends at the `]` right after `^`/`!`.
    assert_eq!(m("[^]]"), Some(2));
    assert_eq!(m("[!]b]"), Some(3));
    // An unterminated bracket counts as literal text.
    assert_eq!(m("[ab"), Some(3));
    assert_eq!(m("\\*"), Some(1));
}
