//! Quoting cases verified against bash 5.2 in `C.UTF-8`.

use super::*;
use crate::util::bytes::decode;

/// (input, `%q`, `${x@Q}`, `declare -p` value, `set` value)
type Case = (&'static [u8], &'static [u8], &'static [u8], &'static [u8], &'static [u8]);

const CASES: &[Case] = &[
    (b"", b"''", b"''", b"\"\"", b""),
    (b"abc", b"abc", b"'abc'", b"\"abc\"", b"abc"),
    (b"a b", b"a\\ b", b"'a b'", b"\"a b\"", b"'a b'"),
    (b"a'b", b"a\\'b", b"'a'\\''b'", b"\"a'b\"", b"'a'\\''b'"),
    (b"a\"b", b"a\\\"b", b"'a\"b'", b"\"a\\\"b\"", b"'a\"b'"),
    (b"~x", b"\\~x", b"'~x'", b"\"~x\"", b"'~x'"),
    (b"x~", b"x~", b"'x~'", b"\"x~\"", b"x~"),
    (b"a=b", b"a=b", b"'a=b'", b"\"a=b\"", b"a=b"),
    (b"=a", b"=a", b"'=a'", b"\"=a\"", b"=a"),
    (b"#a", b"\\#a", b"'#a'", b"\"#a\"", b"'#a'"),
    (b"a#", b"a#", b"'a#'", b"\"a#\"", b"a#"),
    (b"$x", b"\\$x", b"'$x'", b"\"\\$x\"", b"'$x'"),
    (b"a*?[]", b"a\\*\\?\\[\\]", b"'a*?[]'", b"\"a*?[]\"", b"'a*?[]'"),
    (b"{a,b}", b"\\{a\\,b\\}", b"'{a,b}'", b"\"{a,b}\"", b"'{a,b}'"),
    (b"!", b"\\!", b"'!'", b"\"!\"", b"'!'"),
    (b"^a", b"\\^a", b"'^a'", b"\"^a\"", b"'^a'"),
    (b"%", b"%", b"'%'", b"\"%\"", b"%"),
    (b"+-,./:@_", b"+-\\,./:@_", b"'+-,./:@_'", b"\"+-,./:@_\"", b"+-,./:@_"),
    (b"a\x0ab", b"$'a\\nb'", b"$'a\\nb'", b"$'a\\nb'", b"$'a\\nb'"),
    (b"\x09", b"$'\\t'", b"$'\\t'", b"$'\\t'", b"$'\\t'"),
    (b"\x01", b"$'\\001'", b"$'\\001'", b"$'\\001'", b"$'\\001'"),
    (b"\x7f", b"$'\\177'", b"$'\\177'", b"$'\\177'", b"$'\\177'"),
    (b"\xc3\xa9", b"\xc3\xa9", b"'\xc3\xa9'", b"\"\xc3\xa9\"", b"\xc3\xa9"),
    (b"\xc3\xbc b", b"\xc3\xbc\\ b", b"'\xc3\xbc b'", b"\"\xc3\xbc b\"", b"'\xc3\xbc b'"),
    (b"\xff", b"$'\\377'", b"$'\\377'", b"$'\\377'", b"$'\\377'"),
    (b"\xc3", b"$'\\303'", b"$'\\303'", b"$'\\303'", b"$'\\303'"),
    (b"a\xffb c", b"$'a\\377b c'", b"$'a\\377b c'", b"$'a\\377b c'", b"$'a\\377b c'"),
    (b"a\\b", b"a\\\\b", b"'a\\b'", b"\"a\\\\b\"", b"'a\\b'"),
    (b"&;|<>()", b"\\&\\;\\|\\<\\>\\(\\)", b"'&;|<>()'", b"\"&;|<>()\"", b"'&;|<>()'"),
    (b"it's", b"it\\'s", b"'it'\\''s'", b"\"it's\"", b"'it'\\''s'"),
    (b",", b"\\,", b"','", b"\",\"", b","),
    (b"\xc3\xa9\x01", b"$'\xc3\xa9\\001'", b"$'\xc3\xa9\\001'", b"$'\xc3\xa9\\001'", b"$'\xc3\xa9\\001'"),
    (b"\xc2\x85", b"$'\\302\\205'", b"$'\\302\\205'", b"$'\\302\\205'", b"$'\\302\\205'"),
    (b"\xc2\xa0", b"\xc2\xa0", b"'\xc2\xa0'", b"\"\xc2\xa0\"", b"\xc2\xa0"),
    (b"\xe2\x80\x8b", b"\xe2\x80\x8b", b"'\xe2\x80\x8b'", b"\"\xe2\x80\x8b\"", b"\xe2\x80\x8b"),
    (b"\xe2\x80\xa8", b"$'\\342\\200\\250'", b"$'\\342\\200\\250'", b"$'\\342\\200\\250'", b"$'\\342\\200\\250'"),
    (b"\xef\xbb\xbf", b"\xef\xbb\xbf", b"'\xef\xbb\xbf'", b"\"\xef\xbb\xbf\"", b"\xef\xbb\xbf"),
    (b"\xee\x80\x80", b"\xee\x80\x80", b"'\xee\x80\x80'", b"\"\xee\x80\x80\"", b"\xee\x80\x80"),
    (b"\xef\xbf\xbf", b"$'\\357\\277\\277'", b"$'\\357\\277\\277'", b"$'\\357\\277\\277'", b"$'\\357\\277\\277'"),
    (b"\xcd\xb8", b"$'\\315\\270'", b"$'\\315\\270'", b"$'\\315\\270'", b"$'\\315\\270'"),
    (b"\x1b", b"$'\\E'", b"$'\\E'", b"$'\\E'", b"$'\\E'"),
    (b"\x07\x08\x0c\x0d\x0b", b"$'\\a\\b\\f\\r\\v'", b"$'\\a\\b\\f\\r\\v'", b"$'\\a\\b\\f\\r\\v'", b"$'\\a\\b\\f\\r\\v'"),
    (b"\x1c", b"$'\\034'", b"$'\\034'", b"$'\\034'", b"$'\\034'"),
    (b"a:~b", b"a:\\~b", b"'a:~b'", b"\"a:~b\"", b"'a:~b'"),
    (b"a=~b", b"a=\\~b", b"'a=~b'", b"\"a=~b\"", b"'a=~b'"),
    (b"a:b~", b"a:b~", b"'a:b~'", b"\"a:b~\"", b"a:b~"),
    (b"'", b"\\'", b"\\'", b"\"'\"", b"\\'"),
    (b"\\\x01", b"$'\\\\\\001'", b"$'\\\\\\001'", b"$'\\\\\\001'", b"$'\\\\\\001'"),
    (b"\x01'", b"$'\\001\\''", b"$'\\001\\''", b"$'\\001\\''", b"$'\\001\\''"),
    (b"a`b", b"a\\`b", b"'a`b'", b"\"a\\`b\"", b"'a`b'"),
    (b"\\", b"\\\\", b"'\\'", b"\"\\\\\"", b"'\\'"),
    (b"x y=~z", b"x\\ y=\\~z", b"'x y=~z'", b"\"x y=~z\"", b"'x y=~z'"),
    (b"\xed\xa0\x80", b"$'\\355\\240\\200'", b"$'\\355\\240\\200'", b"$'\\355\\240\\200'", b"$'\\355\\240\\200'"),
];

#[test]
fn quoting_matches_bash() {
    for &(input, q, at_q, decl, set) in CASES {
        let s = decode(input);
        assert_eq!(encode(&quote_q(&s, false)).as_ref(), q, "%q of {s:?}");
        assert_eq!(encode(&quote_at_q(&s, false)).as_ref(), at_q, "@Q of {s:?}");
        assert_eq!(encode(&quote_declare(&s, false)).as_ref(), decl, "declare of {s:?}");
        assert_eq!(encode(&quote_for_set(&s, false)).as_ref(), set, "set of {s:?}");
    }
}

#[test]
fn ansi_c_decoding() {
    assert_eq!(ansi_c_decode(r"a\nb\t\x41\u00e9\c?"), "a\nb\tA\u{e9}\x7f");
    assert_eq!(ansi_c_decode(r"a\0b"), "a");
    assert_eq!(ansi_c_decode(r"\x{1F600}z"), "");
    assert_eq!(encode(&ansi_c_decode(r"\xff")).as_ref(), b"\xff");
    assert_eq!(ansi_c_decode(r#"\'\"\?\q\c"#), "'\"?\\q\\c");
    assert_eq!(quote_escape_e(r"\E["), "\x1b[");
}
