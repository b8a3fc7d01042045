//! Locale names, as far as the sandbox needs them: whether a `LC_*`/`LANG` value selects
//! UTF-8 characters or the C locale's bytes, and whether the name is one a C library would
//! accept (the sandbox has `C`, `POSIX` and the UTF-8 locales).

/// Does the locale `name` use UTF-8 (`C.UTF-8`, `en_US.utf8`, ...)?
pub fn is_utf8(name: &str) -> bool {
    let codeset = name.split_once('.').map_or("", |(_, c)| c);
    let codeset = codeset.split('@').next().unwrap_or("");
    codeset.eq_ignore_ascii_case("utf-8") || codeset.eq_ignore_ascii_case("utf8")
}

/// Would `setlocale` accept `name`? `C`, `POSIX` and any `*.UTF-8` name.
pub fn is_known(name: &str) -> bool {
    name.is_empty() || name == "C" || name == "POSIX" || is_utf8(name)
}

/// The C library's `towupper`: a character's single-character upper case, itself when it has
/// none (`ß` stays `ß`; Rust's `to_uppercase` would give `SS`).
pub fn towupper(c: char) -> char {
    let mut it = c.to_uppercase();
    match (it.next(), it.next()) {
        (Some(u), None) => u,
        _ => c,
    }
}

/// The C library's `towlower` (no context rules: `Σ` is always `σ`).
pub fn towlower(c: char) -> char {
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// `iswupper` as glibc answers it: a character with a lower case (title-case letters such as
/// `ǅ` included).
pub fn iswupper(c: char) -> bool {
    towlower(c) != c
}

/// Every character upper-cased with [`towupper`], as bash's `${x^^}`, `${x@U}` and
/// `declare -u` do.
pub fn upper(s: &str) -> String {
    s.chars().map(towupper).collect()
}

/// Every character lower-cased with [`towlower`].
pub fn lower(s: &str) -> String {
    s.chars().map(towlower).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_character_case_mappings() {
        assert_eq!(upper("straße ŉ ﬁ"), "STRAßE ŉ ﬁ");
        assert_eq!(lower("ΣΑΣ ǅ"), "σασ ǆ");
        assert!(iswupper('ǅ') && iswupper('A') && !iswupper('a') && !iswupper('ß'));
    }

    #[test]
    fn names() {
        assert!(is_utf8("C.UTF-8") && is_utf8("en_US.utf8") && is_utf8("de_DE.UTF-8@euro"));
        assert!(!is_utf8("C") && !is_utf8("POSIX") && !is_utf8("en_US") && !is_utf8("invalid"));
        assert!(is_known("C") && is_known("C.utf8") && !is_known("invalid") && !is_known("fr_FR"));
    }
}

thread_local! {
    /// The command running on this thread runs in the C locale (see [`set_c_locale`]).
    static C_LOCALE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Say whether the command about to run on this thread has the C locale (its messages quote
/// with `'x'`) or a UTF-8 one (`‘x’`); the shell calls this before each command.
#[inline]
pub fn set_c_locale(c: bool) {
    C_LOCALE.with(|l| l.set(c));
}

/// Whether the command running on this thread has the C locale (see [`set_c_locale`]).
#[inline]
pub fn c_locale() -> bool {
    C_LOCALE.with(std::cell::Cell::get)
}
