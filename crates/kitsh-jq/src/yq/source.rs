//! Looks at a yq expression's source text before it is translated: `--string-interpolation=false`
//! (`\(` in a string literal is text) and whether the expression uses `split_doc`.

/// The expression with each `\(` inside a string literal written `\\(`, so that it stays text
/// (yq's `--string-interpolation=false`).
pub(super) fn literal_parens(src: &str) -> String {
    let mut out = String::with_capacity(src.len() + 8);
    let (mut in_str, mut comment) = (false, false);
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => comment = false,
            _ if comment => {}
            '\\' if in_str => {
                out.push(c);
                match chars.next() {
                    Some('(') => out.push_str("\\("),
                    Some(n) => out.push(n),
                    None => {}
                }
                continue;
            }
            '"' => in_str = !in_str,
            '#' if !in_str => comment = true,
            _ => {}
        }
        out.push(c);
    }
    out
}

/// Whether `split_doc` is called (outside strings and comments, not as a field `.split_doc`
/// or a variable): yq then makes each result a document of its own.
pub(super) fn uses_split_doc(src: &str) -> bool {
    const WORD: &str = "split_doc";
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let b = src.as_bytes();
    let (mut in_str, mut comment) = (false, false);
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            b'\n' => comment = false,
            _ if comment => {}
            b'\\' if in_str => k += 1,
            b'"' => in_str = !in_str,
            b'#' if !in_str => comment = true,
            _ if !in_str && src[k..].starts_with(WORD) => {
                let before = src[..k].chars().next_back();
                let after = src[k + WORD.len()..].chars().next();
                if !before.is_some_and(|c| ident(c) || c == '.' || c == '$')
                    && !after.is_some_and(ident)
                {
                    return true;
                }
            }
            _ => {}
        }
        k += 1;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interpolation_off_keeps_the_text() {
        assert_eq!(literal_parens(r#""Mike \(3 + 4)""#), r#""Mike \\(3 + 4)""#);
        assert_eq!(
            literal_parens(r#"."a\"b" | "\n\(.)" # "\(x)"#),
            r#"."a\"b" | "\n\\(.)" # "\(x)"#
        );
        assert_eq!(literal_parens(r"(.a)"), r"(.a)");
    }

    #[test]
    fn finds_split_doc() {
        assert!(uses_split_doc(".[] | split_doc"));
        assert!(uses_split_doc("split_doc"));
        assert!(!uses_split_doc(".split_doc"));
        assert!(!uses_split_doc(r#""split_doc" | $split_doc | split_docs"#));
        assert!(!uses_split_doc("# split_doc"));
    }
}
