//! Translation of a POSIX basic regular expression (with GNU extensions `\+ \? \|`, `\w \s \b
//! \< \>`) into the syntax of the `regex` crate.

/// Translation state.
#[derive(Default)]
struct St {
    groups: usize,
    depth: usize,
    at_start: bool,
    after_repeat: bool,
}

/// What a backslash escape turned out to be.
enum Esc {
    /// `\(` or `\|`: the next `*` is literal; skip the state update.
    Continue,
    /// A repetition (`\{m,n\}`, `\+`, `\?`).
    Repeat,
    /// An ordinary atom.
    Atom,
}

/// Translate `re`; returns the pattern and the number of capture groups, or GNU's message.
pub(super) fn translate(re: &str) -> Result<(String, usize), String> {
    let c: Vec<char> = re.chars().collect();
    let mut out = String::with_capacity(re.len() + 8);
    let mut st = St { at_start: true, ..St::default() };
    let mut i = 0;
    while i < c.len() {
        let ch = c[i];
        i += 1;
        let mut repeat = false;
        match ch {
            '\\' => {
                let Some(&d) = c.get(i) else { return Err("Trailing backslash".into()) };
                i += 1;
                match escape(d, &c, &mut i, &mut st, &mut out)? {
                    Esc::Continue => continue,
                    Esc::Repeat => repeat = true,
                    Esc::Atom => {}
                }
            }
            '*' if !st.at_start => {
                if !st.after_repeat {
                    out.push('*');
                }
                repeat = true;
            }
            '^' if st.at_start => out.push('^'),
            '$' if i == c.len() || (c.get(i) == Some(&'\\') && matches!(c.get(i + 1), Some(')' | '|'))) => out.push('$'),
            '[' => i = bracket(&c, i, &mut out)?,
            '.' => out.push('.'),
            ch => out.push_str(&regex::escape(&ch.to_string())),
        }
        st.at_start = ch == '^' && st.at_start;
        st.after_repeat = repeat;
    }
    if st.depth > 0 {
        return Err("Unmatched ( or \\(".into());
    }
    Ok((out, st.groups))
}

/// Translate the escape `\d` (`c[*i]` follows it).
fn escape(d: char, c: &[char], i: &mut usize, st: &mut St, out: &mut String) -> Result<Esc, String> {
    match d {
        '(' | '|' => {
            out.push(if d == '(' { '(' } else { '|' });
            if d == '(' {
                st.groups += 1;
                st.depth += 1;
            }
            st.at_start = true;
            st.after_repeat = false;
            return Ok(Esc::Continue);
        }
        ')' => {
            st.depth = st.depth.checked_sub(1).ok_or("Unmatched ) or \\)")?;
            out.push(')');
        }
        '{' if !st.at_start => {
            let close = (*i..c.len().saturating_sub(1)).find(|&k| c[k] == '\\' && c[k + 1] == '}');
            let Some(close) = close else { return Err("Unmatched \\{".into()) };
            let body: String = c[*i..close].iter().collect();
            let valid = !body.is_empty() && body.chars().all(|x| x.is_ascii_digit() || x == ',') && body.matches(',').count() <= 1 && !body.starts_with(',');
            if !valid {
                return Err("Invalid content of \\{\\}".into());
            }
            if !st.after_repeat {
                out.push_str(&format!("{{{body}}}"));
            }
            *i = close + 2;
            return Ok(Esc::Repeat);
        }
        '+' | '?' if !st.at_start => {
            if !st.after_repeat {
                out.push(d);
            }
            return Ok(Esc::Repeat);
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
    Ok(Esc::Atom)
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
