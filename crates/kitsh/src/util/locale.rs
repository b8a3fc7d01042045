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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert!(is_utf8("C.UTF-8") && is_utf8("en_US.utf8") && is_utf8("de_DE.UTF-8@euro"));
        assert!(!is_utf8("C") && !is_utf8("POSIX") && !is_utf8("en_US") && !is_utf8("invalid"));
        assert!(is_known("C") && is_known("C.utf8") && !is_known("invalid") && !is_known("fr_FR"));
    }
}
