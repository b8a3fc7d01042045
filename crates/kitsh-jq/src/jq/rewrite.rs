//! Source rewrites that give jaq programs jq 1.8's behaviour where jaq's differs and offers no
//! hook: the handler of `try ... catch H` becomes `(_kitsh_errmsg | H)`, so that caught error
//! texts read as jq's (`Cannot index number with string ("a")`) rather than jaq's; every
//! user-defined function body starts with `_kitsh_guard`, which stops unbounded recursion
//! before it overflows the stack (and endless loops at the script's timeout).

use jaq_core::load::lex::{Lexer, StrPart, Tok, Token};

/// Rewrite `code`; returns it unchanged when it does not lex (the compiler reports the error).
pub fn rewrite(code: &str) -> String {
    guards(&catches(&assignments(&alternatives(&key_patterns(&fold_sources(&data_vars(code)))))))
}

/// `$name::name` (an imported data file, `import "f" as $name;`) becomes `$name`, the name jaq
/// binds.
fn data_vars(code: &str) -> String {
    if !code.contains("::") {
        return code.to_string();
    }
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut edits = Vec::new();
    each_block(&tokens, &mut |tokens| {
        for t in tokens {
            let Token(var, Tok::Var) = t else { continue };
            let rest = &code[end(code, var)..];
            let name = var.trim_start_matches('$');
            if let Some(after) = rest.strip_prefix("::").and_then(|r| r.strip_prefix(name)) {
                if !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                    edits.push((end(code, var), 2 + name.len(), String::new()));
                }
            }
        }
    });
    if edits.is_empty() {
        return code.to_string();
    }
    apply_edits(code, edits)
}

/// Apply `(position, length, replacement)` edits that do not overlap.
fn apply_edits(code: &str, mut edits: Vec<(usize, usize, String)>) -> String {
    edits.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out = code.to_string();
    for (pos, len, text) in edits {
        if out.is_char_boundary(pos) && out.is_char_boundary(pos + len) {
            out.replace_range(pos..pos + len, &text);
        }
    }
    out
}

/// Call `f` on the tokens of every block and string interpolation, innermost first.
fn each_block<'a>(tokens: &[Token<&'a str>], f: &mut impl FnMut(&[Token<&'a str>])) {
    for t in tokens {
        match &t.1 {
            Tok::Block(inner) => each_block(inner, f),
            Tok::Str(parts) => {
                for p in parts {
                    if let StrPart::Term(Token(_, Tok::Block(inner))) = p {
                        each_block(inner, f);
                    }
                }
            }
            _ => {}
        }
    }
    f(tokens)
}

/// The names of the formats (`@csv` gives `csv`) that `code` uses, each once.
pub fn formats(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    if !code.contains('@') {
        return out;
    }
    let Ok(tokens) = Lexer::new(code).lex() else { return out };
    each_block(&tokens, &mut |tokens| {
        for t in tokens {
            if let Token(fmt, Tok::Fmt) = t {
                let name = fmt.trim_start_matches('@');
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
    });
    out
}

/// `reduce SOURCE as ...` and `foreach SOURCE as ...` become `reduce (SOURCE) as ...`: in jq
/// 1.8 the source may be any expression (`reduce .[] / .[] as $i (0; . + $i)`), in jaq only a
/// term.
fn fold_sources(code: &str) -> String {
    if !code.contains("reduce") && !code.contains("foreach") {
        return code.to_string();
    }
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut edits = Vec::new();
    each_block(&tokens, &mut |tokens| {
        let is_fold = |t: &Token<&str>| matches!(t, Token("reduce" | "foreach", Tok::Word));
        for (i, t) in tokens.iter().enumerate() {
            if !is_fold(t) {
                continue;
            }
            // The source ends at the `as` of this fold (nested folds have their own).
            let mut depth = 0usize;
            let mut k = i + 1;
            let as_at = loop {
                match tokens.get(k) {
                    None => break None,
                    Some(t) if is_fold(t) => depth += 1,
                    Some(Token("as", Tok::Word)) if depth == 0 => break Some(k),
                    Some(Token("as", Tok::Word)) => depth -= 1,
                    Some(Token(";" | ":", Tok::Sym)) if depth == 0 => break None,
                    _ => {}
                }
                k += 1;
            };
            let Some(as_at) = as_at else { continue };
            if as_at <= i + 2 {
                continue; // a single token needs no parentheses
            }
            edits.push((offset(code, tokens[i + 1].0), 0, "(".to_string()));
            edits.push((end(code, tokens[as_at - 1].0), 0, ")".to_string()));
        }
    });
    if edits.is_empty() {
        return code.to_string();
    }
    apply_edits(code, edits)
}

/// In a destructuring pattern, the object entry `$name: PATTERN` (bind `$name` to `.name` and
/// destructure it too) becomes `name: $name, name: PATTERN`, which jaq reads.
fn key_patterns(code: &str) -> String {
    if !code.contains(" as") && !code.contains("?//") {
        return code.to_string();
    }
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut edits = Vec::new();
    each_block(&tokens, &mut |tokens| {
        for (i, t) in tokens.iter().enumerate() {
            let starts_pattern = matches!(t, Token("as", Tok::Word) | Token("?//", Tok::Sym));
            if let (true, Some(p)) = (starts_pattern, tokens.get(i + 1)) {
                pattern_keys(code, p, &mut edits);
            }
        }
    });
    if edits.is_empty() {
        return code.to_string();
    }
    apply_edits(code, edits)
}

fn pattern_keys(code: &str, pat: &Token<&str>, edits: &mut Vec<(usize, usize, String)>) {
    let Tok::Block(inner) = &pat.1 else { return };
    let object = pat.0.starts_with('{');
    if !object && !pat.0.starts_with('[') {
        return;
    }
    for (i, t) in inner.iter().enumerate() {
        let entry_start = i == 0 || matches!(inner.get(i - 1), Some(Token(",", Tok::Sym)));
        match t {
            Token(var, Tok::Var) if object && entry_start && matches!(inner.get(i + 1), Some(Token(":", Tok::Sym))) => {
                let name = var.trim_start_matches('$');
                edits.push((offset(code, var), var.len(), format!("{name}: {var}, {name}")));
            }
            Token(_, Tok::Block(_)) if !t.0.starts_with('(') => pattern_keys(code, t, edits),
            _ => {}
        }
    }
}

/// `E as P1 ?// P2 | BODY` (jaq has no `?//`) becomes `E as $__kitsh_v | null as $a | ... |
/// . as $__kitsh_in | try ($__kitsh_v as P1 | BODY) catch ($__kitsh_in | $__kitsh_v as P2 |
/// BODY)`: every pattern's variables are bound (null when absent), and an error in a pattern or
/// in the body moves on to the next pattern; the last one's errors propagate.
fn alternatives(code: &str) -> String {
    if !code.contains("?//") {
        return code.to_string();
    }
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    alt_walk(code, &tokens, &mut edits);
    // Edits never overlap (an inner block's is skipped when its outer one is made): apply from
    // the end.
    edits.sort_by(|a, b| b.0.cmp(&a.0));
    let mut out = code.to_string();
    let mut limit = usize::MAX;
    for (pos, len, text) in edits {
        if pos + len <= limit && out.is_char_boundary(pos) && out.is_char_boundary(pos + len) {
            out.replace_range(pos..pos + len, &text);
            limit = pos;
        }
    }
    out
}

fn vars_of<'a>(tokens: &[Token<&'a str>], out: &mut Vec<&'a str>) {
    for t in tokens {
        match &t.1 {
            Tok::Var if !out.contains(&t.0) => out.push(t.0),
            Tok::Block(inner) => vars_of(inner, out),
            _ => {}
        }
    }
}

fn alt_walk(code: &str, tokens: &[Token<&str>], edits: &mut Vec<(usize, usize, String)>) {
    for t in tokens {
        if let Tok::Block(inner) = &t.1 {
            alt_walk(code, inner, edits);
        }
    }
    let is_alt = |k: usize| match tokens.get(k) {
        Some(Token("?//", Tok::Sym)) => Some(1),
        Some(Token("?", Tok::Sym)) if matches!(tokens.get(k + 1), Some(Token("//", Tok::Sym))) => Some(2),
        _ => None,
    };
    let mut i = 0;
    while i < tokens.len() {
        if !(tokens[i].0 == "as" && matches!(tokens[i].1, Tok::Word)) {
            i += 1;
            continue;
        }
        // Patterns: single tokens (`$x`, `[...]`, `{...}`) separated by `?//`.
        let mut pats: Vec<usize> = vec![i + 1];
        let mut k = i + 2;
        while let Some(n) = is_alt(k) {
            pats.push(k + n);
            k += n + 1;
        }
        if pats.len() < 2 || !matches!(tokens.get(k), Some(Token("|", Tok::Sym))) {
            i += 1;
            continue;
        }
        // The body: to the end of the block, or a `;`, `then`, `elif`, `else`, `end` outside
        // any `if ... end` of its own.
        let body_start = k + 1;
        let mut depth = 0usize;
        let mut e = body_start;
        while let Some(n) = tokens.get(e) {
            let w = matches!(n.1, Tok::Word);
            if w && n.0 == "if" {
                depth += 1;
            } else if w && n.0 == "end" && depth > 0 {
                depth -= 1;
            } else if depth == 0 && ((w && matches!(n.0, "then" | "elif" | "else" | "end")) || (n.0 == ";" && matches!(n.1, Tok::Sym))) {
                break;
            }
            e += 1;
        }
        if e > 0 && e == tokens.len() && matches!(tokens[e - 1].0, ")" | "]" | "}") && matches!(tokens[e - 1].1, Tok::Sym) {
            e -= 1;
        }
        if e <= body_start {
            i += 1;
            continue;
        }
        let body = &code[offset(code, tokens[body_start].0)..end(code, tokens[e - 1].0)];
        let mut vars = Vec::new();
        for &p in &pats {
            vars_of(std::slice::from_ref(&tokens[p]), &mut vars);
        }
        let mut text = String::from("as $__kitsh_v | ");
        for v in &vars {
            text.push_str(&format!("null as {v} | "));
        }
        text.push_str(". as $__kitsh_in | ");
        let n = pats.len();
        for (j, &p) in pats.iter().enumerate() {
            let pat = tokens[p].0;
            if j + 1 < n {
                text.push_str(&format!("try ($__kitsh_v as {pat} | {body}) catch ($__kitsh_in | "));
            } else {
                text.push_str(&format!("$__kitsh_v as {pat} | {body}"));
            }
        }
        text.push_str(&")".repeat(n - 1));
        let start = offset(code, tokens[i].0);
        edits.push((start, end(code, tokens[e - 1].0) - start, text));
        i = e;
    }
}

/// The first object key in `code` that is a constant other than a string, such as `{(0): 1}`
/// or `. as {(true): $x}`: jq 1.8 rejects those when compiling (jaq only at run time).
pub fn constant_key(code: &str) -> Option<&str> {
    if !code.contains('{') {
        return None;
    }
    let tokens = Lexer::new(code).lex().ok()?;
    key_walk(&tokens, false)
}

fn key_walk<'a>(tokens: &[Token<&'a str>], object: bool) -> Option<&'a str> {
    for (i, t) in tokens.iter().enumerate() {
        match &t.1 {
            Tok::Block(inner) => {
                let key_pos = object && (i == 0 || matches!(tokens.get(i - 1), Some(Token(",", Tok::Sym))));
                if key_pos && t.0.starts_with('(') && matches!(tokens.get(i + 1), Some(Token(":", Tok::Sym))) {
                    // The key's tokens, without the closing `)`.
                    let body = &inner[..inner.len().saturating_sub(1)];
                    if let [Token(k, Tok::Num | Tok::Word)] = body {
                        if matches!(body[0].1, Tok::Num) || matches!(*k, "true" | "false" | "null") {
                            return Some(*k);
                        }
                    }
                }
                if let Some(k) = key_walk(inner, t.0.starts_with('{')) {
                    return Some(k);
                }
            }
            Tok::Str(parts) => {
                for p in parts {
                    if let StrPart::Term(Token(_, Tok::Block(inner))) = p {
                        if let Some(k) = key_walk(inner, false) {
                            return Some(k);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    None
}

/// `def f: BODY;` becomes `def f: _kitsh_guard | BODY;` (after the body's own nested `def`s),
/// and in the body each use of a filter parameter `g` becomes `(_kitsh_guard | g)`: jaq
/// evaluates a parameter passed down n calls through n nested frames, which need guarding too.
fn guards(code: &str) -> String {
    if !code.contains("def") {
        return code.to_string();
    }
    let Ok(tokens) = Lexer::new(code).lex() else {
        return code.to_string();
    };
    let mut inserts: Vec<(usize, usize, String)> = Vec::new();
    guard_walk(code, &tokens, &[], false, &mut inserts);
    if inserts.is_empty() {
        return code.to_string();
    }
    // From the end; at one offset, the replacement before the insertion in front of it.
    inserts.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out = code.to_string();
    for (pos, len, text) in inserts {
        if out.is_char_boundary(pos) && out.is_char_boundary(pos + len) {
            out.replace_range(pos..pos + len, &text);
        }
    }
    out
}

/// The index after the `def` starting at `k` (after its terminating `;`).
pub(super) fn def_end(tokens: &[Token<&str>], mut k: usize) -> usize {
    let mut depth = 0usize;
    while let Some(t) = tokens.get(k) {
        match t {
            Token("def", Tok::Word) => depth += 1,
            Token(";", Tok::Sym) => depth = depth.saturating_sub(1),
            _ => {}
        }
        k += 1;
        if depth == 0 {
            break;
        }
    }
    k
}

fn guard_walk(
    code: &str,
    tokens: &[Token<&str>],
    params: &[&str],
    object: bool,
    inserts: &mut Vec<(usize, usize, String)>,
) {
    let mut i = 0;
    while i < tokens.len() {
        let t = &tokens[i];
        match &t.1 {
            Tok::Block(inner) => guard_walk(code, inner, params, t.0.starts_with('{'), inserts),
            Tok::Str(parts) => {
                for p in parts {
                    if let StrPart::Term(Token(_, Tok::Block(inner))) = p {
                        guard_walk(code, inner, params, false, inserts);
                    }
                }
            }
            Tok::Word if t.0 == "def" => {
                // `def NAME[(PARAMS)]:` then the body.
                let mut k = i + 1;
                if !matches!(tokens.get(k), Some(Token(_, Tok::Word))) {
                    i += 1;
                    continue;
                }
                k += 1;
                let mut inner_params: Vec<&str> = params.to_vec();
                if let Some(Token(s, Tok::Block(ps))) = tokens.get(k) {
                    if s.starts_with('(') {
                        inner_params
                            .extend(ps.iter().filter(|p| matches!(p.1, Tok::Word)).map(|p| p.0));
                        k += 1;
                    }
                }
                if !matches!(tokens.get(k), Some(Token(":", Tok::Sym))) {
                    i += 1;
                    continue;
                }
                k += 1;
                let stop = def_end(tokens, i);
                // Skip the body's leading definitions: at one block level, `;` only ends a `def`.
                let mut b = k;
                while matches!(tokens.get(b), Some(Token("def", Tok::Word))) {
                    b = def_end(tokens, b);
                }
                if let Some(body) = tokens.get(b) {
                    if b < stop {
                        inserts.push((offset(code, body.0), 0, "_kitsh_guard | ".to_string()));
                    }
                }
                guard_walk(
                    code,
                    &tokens[k.min(stop)..stop],
                    &inner_params,
                    false,
                    inserts,
                );
                i = stop.max(i + 1);
                continue;
            }
            Tok::Word if params.contains(&t.0) => {
                let prev = i.checked_sub(1).and_then(|p| tokens.get(p));
                let call = matches!(tokens.get(i + 1), Some(Token(s, Tok::Block(_))) if s.starts_with('('));
                let key = object && matches!(prev, None | Some(Token("{" | ",", Tok::Sym)));
                let named = matches!(prev, Some(Token("def", Tok::Word)));
                if !call && !key && !named {
                    inserts.push((
                        offset(code, t.0),
                        t.0.len(),
                        format!("(_kitsh_guard | {})", t.0),
                    ));
                }
            }
            _ => {}
        }
        i += 1;
    }
}

/// `L = R`, `L |= R`, `L += R`, ... become `_kitsh_set((L); (R))` and so on: jaq's own update
/// first, jq's `setpath`-based definition when that fails (`.a.b = 1` on `{}`, `.[5] = 1`).
fn assignments(code: &str) -> String {
    if !code.contains('=') {
        return code.to_string();
    }
    let Ok(tokens) = Lexer::new(code).lex() else { return code.to_string() };
    let mut inserts: Vec<(usize, usize, String)> = Vec::new();
    assign_walk(code, &tokens, &mut inserts);
    if inserts.is_empty() {
        return code.to_string();
    }
    // (position, length replaced, text): apply from the end.
    inserts.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut out = code.to_string();
    for (pos, len, text) in inserts {
        if out.is_char_boundary(pos) && out.is_char_boundary(pos + len) {
            out.replace_range(pos..pos + len, &text);
        }
    }
    out
}

const ASSIGN: &[(&str, &str)] = &[
    ("=", "_kitsh_set"),
    ("|=", "_kitsh_modify"),
    ("+=", "_kitsh_add"),
    ("-=", "_kitsh_sub"),
    ("*=", "_kitsh_mul"),
    ("/=", "_kitsh_div"),
    ("%=", "_kitsh_mod"),
    ("//=", "_kitsh_alt"),
];

fn is_boundary(t: &Token<&str>) -> bool {
    match t.1 {
        Tok::Sym => matches!(t.0, "|" | "," | "//" | ";" | ":") || ASSIGN.iter().any(|(op, _)| *op == t.0),
        Tok::Word => matches!(t.0, "then" | "else" | "elif" | "as" | "catch" | "try" | "label" | "def" | "reduce" | "foreach" | "import" | "include"),
        _ => false,
    }
}

fn assign_walk(code: &str, tokens: &[Token<&str>], inserts: &mut Vec<(usize, usize, String)>) {
    for (i, t) in tokens.iter().enumerate() {
        match &t.1 {
            Tok::Block(inner) => assign_walk(code, inner, inserts),
            Tok::Str(parts) => {
                for p in parts {
                    if let StrPart::Term(Token(_, Tok::Block(inner))) = p {
                        assign_walk(code, inner, inserts);
                    }
                }
            }
            Tok::Sym => {
                let Some((_, name)) = ASSIGN.iter().find(|(op, _)| *op == t.0) else { continue };
                // Left operand: back to a token of lower precedence, `if ... end` skipped.
                let mut depth = 0usize;
                let mut l = i;
                let mut ok = true;
                while l > 0 {
                    let p = &tokens[l - 1];
                    if p.0 == "end" && matches!(p.1, Tok::Word) {
                        depth += 1;
                    } else if p.0 == "if" && matches!(p.1, Tok::Word) {
                        if depth == 0 {
                            ok = false;
                            break;
                        }
                        depth -= 1;
                    } else if depth == 0 && (is_boundary(p) || p.0 == "elif") {
                        break;
                    }
                    l -= 1;
                }
                // Right operand: up to a token of lower precedence, `if ... end` skipped.
                let mut depth = 0usize;
                let mut r = i + 1;
                while r < tokens.len() {
                    let n = &tokens[r];
                    if n.0 == "if" && matches!(n.1, Tok::Word) {
                        depth += 1;
                    } else if n.0 == "end" && matches!(n.1, Tok::Word) {
                        if depth == 0 {
                            break;
                        }
                        depth -= 1;
                    } else if depth == 0 && (is_boundary(n) || n.0 == "end") {
                        break;
                    }
                    r += 1;
                }
                // A block's closing delimiter is its last token: never part of an operand.
                if r > 0 && r == tokens.len() && matches!(tokens[r - 1].0, ")" | "]" | "}") && matches!(tokens[r - 1].1, Tok::Sym) {
                    r -= 1;
                }
                if !ok || l == i || r == i + 1 || depth != 0 {
                    continue;
                }
                let start = offset(code, tokens[l].0);
                let stop = end(code, tokens[r - 1].0);
                inserts.push((start, 0, format!("{name}((")));
                inserts.push((offset(code, t.0), t.0.len(), "); (".to_string()));
                inserts.push((stop, 0, "))".to_string()));
            }
            _ => {}
        }
    }
}

/// `try ... catch H` becomes `try ... catch (_kitsh_errmsg | H)`.
fn catches(code: &str) -> String {
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
        assert_eq!(rewrite(".a.b = 1"), "_kitsh_set((.a.b ); ( 1))");
        assert_eq!(rewrite("[.[] | .x += 1]"), "[.[] | _kitsh_add((.x ); ( 1))]");
        assert_eq!(rewrite("(.a |= . + 1) | .b"), "(_kitsh_modify((.a ); ( . + 1))) | .b");
        assert_eq!(rewrite(".a == 1"), ".a == 1");
        assert_eq!(rewrite("def f: 1 + f; f"), "def f: _kitsh_guard | 1 + f; f");
        assert_eq!(
            rewrite("def f(g): def h: g; [h]; f(.)"),
            "def f(g): def h: _kitsh_guard | (_kitsh_guard | g); _kitsh_guard | [h]; f(.)"
        );
        assert_eq!(rewrite("def f(g; $x): {g: g, g}; g"), "def f(g; $x): _kitsh_guard | {g: (_kitsh_guard | g), g}; g");
        assert_eq!(super::constant_key("{(0):1}"), Some("0"));
        assert_eq!(super::constant_key("{a: 1, (true): 2}"), Some("true"));
        assert_eq!(super::constant_key("{(\"a\"): 1, (.b): 2, c: (0)}"), None);
        assert_eq!(
            super::alternatives(". as [$a] ?// $a | $a"),
            ". as $__kitsh_v | null as $a | . as $__kitsh_in | try ($__kitsh_v as [$a] | $a) catch ($__kitsh_in | $__kitsh_v as $a | $a)"
        );
        assert_eq!(rewrite("[def f($x): $x; f(1)]"), "[def f($x): _kitsh_guard | $x; f(1)]");
        assert_eq!(rewrite("[reduce .[] / .[] as $i (0; . + $i)]"), "[reduce (.[] / .[]) as $i (0; . + $i)]");
        assert_eq!(rewrite("foreach -.[] as $x (0; 1)"), "foreach (-.[]) as $x (0; 1)");
        assert_eq!(rewrite("reduce .[] as $x (0; 1)"), "reduce (.[]) as $x (0; 1)");
        assert_eq!(rewrite("{reduce: 9}"), "{reduce: 9}");
        assert_eq!(rewrite(". as {$a, $b:[$c, $d]} | 1"), ". as {$a, b: $b, b:[$c, $d]} | 1");
        assert_eq!(rewrite(". as [{$b: $c}] | 1"), ". as [{b: $b, b: $c}] | 1");
        assert_eq!(rewrite("[$d::d[0], $d::dd, $e]"), "[$d[0], $d::dd, $e]");
    }
}
