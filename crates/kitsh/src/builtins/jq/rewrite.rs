//! Source rewrites that give jaq programs jq 1.8's behaviour where jaq's differs and offers no
//! hook: the handler of `try ... catch H` becomes `(_kitsh_errmsg | H)`, so that caught error
//! texts read as jq's (`Cannot index number with string ("a")`) rather than jaq's.

use jaq_core::load::lex::{Lexer, StrPart, Tok, Token};

/// Rewrite `code`; returns it unchanged when it does not lex (the compiler reports the error).
pub fn rewrite(code: &str) -> String {
    if !code.contains("catch") {
        return code.to_string();
    }
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut inserts: Vec<(usize, &str)> = Vec::new();
    walk(code, &tokens, &mut inserts);
    if inserts.is_empty() {
        return code.to_string();
    }
    // Apply from the end so earlier offsets stay valid; at one offset, closers go first.
    inserts.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| (a.1 != ")").cmp(&(b.1 != ")"))));
    let mut out = code.to_string();
    for (pos, text) in inserts {
        if out.is_char_boundary(pos) {
            out.insert_str(pos, text);
        }
    }
    out
}

fn offset(code: &str, s: &str) -> usize {
    (s.as_ptr() as usize).saturating_sub(code.as_ptr() as usize)
}

fn end(code: &str, s: &str) -> usize {
    offset(code, s) + s.len()
}

fn walk<'a>(code: &'a str, tokens: &[Token<&'a str>], inserts: &mut Vec<(usize, &'static str)>) {
    for (i, t) in tokens.iter().enumerate() {
        match &t.1 {
            Tok::Block(inner) => walk(code, inner, inserts),
            Tok::Str(parts) => {
                for p in parts {
                    if let StrPart::Term(Token(_, Tok::Block(inner))) = p {
                        walk(code, inner, inserts);
                    }
                }
            }
            Tok::Word if t.0 == "catch" => {
                if let Some(last) = atom_end(tokens, i + 1) {
                    let start = offset(code, tokens[i + 1].0);
                    let stop = end(code, tokens[last].0);
                    inserts.push((start, "(_kitsh_errmsg | "));
                    inserts.push((stop, ")"));
                }
            }
            _ => {}
        }
    }
}

const KEYWORDS: &[&str] =
    &["if", "then", "elif", "else", "end", "try", "catch", "reduce", "foreach", "def", "label", "import", "include", "and", "or", "as"];

/// The index of the last token of the atom starting at `k`, if it is a simple one.
fn atom_end(tokens: &[Token<&str>], k: usize) -> Option<usize> {
    let t = tokens.get(k)?;
    let mut last = match &t.1 {
        Tok::Word if KEYWORDS.contains(&t.0) => return None,
        Tok::Word => {
            if matches!(tokens.get(k + 1), Some(Token(s, Tok::Block(_))) if s.starts_with('(')) {
                k + 1
            } else {
                k
            }
        }
        Tok::Fmt => {
            if matches!(tokens.get(k + 1), Some(Token(_, Tok::Str(_)))) {
                k + 1
            } else {
                k
            }
        }
        Tok::Sym if t.0 == "-" => atom_end(tokens, k + 1)?,
        Tok::Sym if t.0.starts_with('.') => {
            if t.0 == "." && matches!(tokens.get(k + 1), Some(Token(_, Tok::Str(_)))) {
                k + 1
            } else {
                k
            }
        }
        Tok::Sym => return None,
        Tok::Var | Tok::Num | Tok::Str(_) | Tok::Block(_) => k,
    };
    // Postfix: `?`, `[...]`, `.foo`, `."foo"`, `.[...]`.
    loop {
        match tokens.get(last + 1) {
            Some(Token("?", Tok::Sym)) => last += 1,
            Some(Token(s, Tok::Block(_))) if s.starts_with('[') => last += 1,
            Some(Token(s, Tok::Sym)) if s.starts_with('.') && s.len() > 1 && *s != ".." => last += 1,
            Some(Token(".", Tok::Sym)) => match tokens.get(last + 2) {
                Some(Token(s, Tok::Block(_))) if s.starts_with('[') => last += 2,
                Some(Token(_, Tok::Str(_))) => last += 2,
                _ => break,
            },
            _ => break,
        }
    }
    Some(last)
}

#[cfg(test)]
mod tests {
    use super::rewrite;

    #[test]
    fn catch_handlers() {
        assert_eq!(rewrite("try .a catch ."), "try .a catch (_kitsh_errmsg | .)");
        assert_eq!(rewrite("try error catch [\"KO\", .] | 1"), "try error catch (_kitsh_errmsg | [\"KO\", .]) | 1");
        assert_eq!(rewrite("[.[] | try f catch .x[0]?]"), "[.[] | try f catch (_kitsh_errmsg | .x[0]?)]");
        assert_eq!(rewrite("\"\\(try 1 catch .)\""), "\"\\(try 1 catch (_kitsh_errmsg | .))\"");
        assert_eq!(rewrite(".catch"), ".catch");
    }
}
