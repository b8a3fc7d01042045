//! Translation of a POSIX basic regular expression (with GNU extensions `\+ \? \|`, `\w \s \b
//! \< \>`) into the syntax of the `regex` crate.

/// Translate `re`; returns the pattern and the number of capture groups, or GNU's message.
pub(super) fn translate(re: &str) -> Result<(String, usize), String> {
    let c: Vec<char> = re.chars().collect();
    let mut out = String::with_capacity(re.len() + 8);
    let mut groups = 0;
    let mut depth = 0usize;
    let mut at_start = true;
    let mut after_repeat = false;
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        i += 1;
        let mut repeat = false;
        match ch {
            '\\' => {
                let Some(&d) = c.get(i) else { return Err("Trailing backslash".into()) };
                i += 1;
                match d {
                    '(' => {
                        out.push('(');
                        groups += 1;
                        depth += 1;
                        at_start = true;
                        after_repeat = false;
                        continue;
                    }
                    ')' => {
                        depth = depth.checked_sub(1).ok_or("Unmatched ) or \\)")?;
                        out.push(')');
                    }
                    '|' => {
                        out.push('|');
                        at_start = true;
                        after_repeat = false;
                        continue;
                    }
                    '{' if !at_start => {
                        let close = (i..c.len().saturating_sub(1)).find(|&k| c[k] == '\\' && c[k + 1] == '}');
                        let Some(close) = close else { return Err("Unmatched \\{".into()) };
                        let body: String = c[i..close].iter().collect();
                        let valid = !body.is_empty()
                            && body.chars().all(|x| x.is_ascii_digit() || x == ',')
                            && body.matches(',').count() <= 1
                            && !body.starts_with(',');
                        if !valid {
                            return Err("Invalid content of \\{\\}".into());
                        }
                        if !after_repeat {
                            out.push('{');
                            out.push_str(&body);
                            out.push('}');
                        }
                        i = close + 2;
                        repeat = true;
                    }
                    '+' | '?' if !at_start => {
                        if !after_repeat {
                            out.push(d);
                        }
                        repeat = true;
                    }
                    '1'..='9' => return Err("back-references are not supported".into()),
                    '<' | '>' => out.push_str("\\b"),
                    'w' | 'W' | 's' | 'S' | 'b' | 'B' => {
                        out.push('\\');
                        out.push(d);
                    }
                    '`' => out.push_str("\\A"),
                    '\'' => out.push_str("\\z"),
                    d => out.push_str(&regex::escape(&d.to_string())),
                }
            }
            '*' if !at_start => {
                if !after_repeat {
                    out.push('*');
                }
                repeat = true;
            }
            '^' if at_start => out.push('^'),
            '$' if i == c.len() || (c.get(i) == Some(&'\\') && matches!(c.get(i + 1), Some(')' | '|'))) => out.push('$'),
            '[' => i = bracket(&c, i, &mut out)?,
            '.' => out.push('.'),
            ch => out.push_str(&regex::escape(&ch.to_string())),
        }
        at_start = ch == '^' && at_start;
        after_repeat = repeat;
    }
    if depth > 0 {
        return Err("Unmatched ( or \\(".into());
    }
    Ok((out, groups))
}

fn class_char(out: &mut String, ch: char) {
    if matches!(ch, '\\' | '[' | ']' | '&' | '~' | '-' | '^') {
        out.push('\\');
    }
    out.push(ch);
}

/// Translate a bracket expression whose `[` was just read (`c[i]` is the next char); returns
/// the index after its `]`.
fn bracket(c: &[char], mut i: usize, out: &mut String) -> Result<usize, String> {
    const UNMATCHED: &str = "Unmatched [, [^, [:, [., or [=";
    out.push('[');
    if c.get(i) == Some(&'^') {
        out.push('^');
        i += 1;
    }
    let mut first = true;
    loop {
        let Some(&ch) = c.get(i) else { return Err(UNMATCHED.into()) };
        if ch == ']' && !first {
            out.push(']');
            return Ok(i + 1);
        }
        first = false;
        if ch == '[' && matches!(c.get(i + 1), Some(':' | '=' | '.')) {
            let kind = c[i + 1];
            let end = (i + 2..c.len().saturating_sub(1)).find(|&k| c[k] == kind && c[k + 1] == ']');
            let Some(end) = end else { return Err(UNMATCHED.into()) };
            let body: String = c[i + 2..end].iter().collect();
            if kind == ':' {
                out.push_str(&format!("[:{body}:]"));
            } else {
                body.chars().for_each(|x| class_char(out, x));
            }
            i = end + 2;
            continue;
        }
        if c.get(i + 1) == Some(&'-') && c.get(i + 2).is_some_and(|&e| e != ']') {
            class_char(out, ch);
            out.push('-');
            class_char(out, c[i + 2]);
            i += 3;
            continue;
        }
        class_char(out, ch);
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(re: &str) -> String {
        match translate(re) {
            Ok((s, _)) => s,
            Err(e) => format!("ERR {e}"),
        }
    }

    #[test]
    fn translations() {
        assert_eq!(t("a\\(b\\)*"), "a(b)*");
        assert_eq!(t("*a"), "\\*a");
        assert_eq!(t("a**"), "a*");
        assert_eq!(t("a+?(){}|"), "a\\+\\?\\(\\)\\{\\}\\|");
        assert_eq!(t("a\\{2,3\\}"), "a{2,3}");
        assert_eq!(t("^a$"), "^a$");
        assert_eq!(t("a^$b"), "a\\^\\$b");
        assert_eq!(t("[]a-c[:digit:]^]"), "[\\]a-c[:digit:]\\^]");
        assert_eq!(t("[^&~]"), "[^\\&\\~]");
        assert_eq!(t("\\(a"), "ERR Unmatched ( or \\(");
        assert_eq!(t("a\\)"), "ERR Unmatched ) or \\)");
        assert_eq!(t("[a"), "ERR Unmatched [, [^, [:, [., or [=");
        assert_eq!(t("a\\"), "ERR Trailing backslash");
    }
}
