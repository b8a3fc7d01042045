//! yq expressions as jq programs: the token-level translation that runs before kitsh's jq
//! engine compiles an expression, and the definitions ([`PRELUDE`]) compiled with it.
//!
//! The translation works on jaq's tokens, one nesting level at a time (innermost first), and
//! changes only what jq would read otherwise:
//! - `env(NAME)` / `strenv(NAME)` become the variable's value (parsed as YAML for `env`), and
//!   `eval("...")` of such a constant its expression;
//! - `TERM as $x ireduce (INIT; UPDATE)` becomes `reduce (TERM) as $x (INIT; UPDATE)`;
//! - `==` / `!=` against a string literal holding `*` match it as a wildcard pattern;
//! - `+`, `*` (and yq's merge flags `*+`, `*?`, `*n`, `*d`, `*c`), `+=`, `*=` call yq's rules
//!   (appending a scalar to an array, merging null, appending or deep-merging arrays);
//! - `A | ... | path` (and `key`) become `path(A | ...) as $p | getpath($p) | ... $p`;
//! - `{.a: .b}` keys are parenthesised, `~` is `null`, `envsubst(flags)` drops its flags;
//! - `.a."*a*"` (keys matching a pattern) and `.[2]` on a map index by key (`traverse.rs`).


use jaq_core::load::lex::{Lexer, StrPart, Tok, Token};

/// jq definitions of yq's operators, compiled after jq's own (so they shadow them in
/// expressions). `$__yq` is `{di, fi, filename}` for the document being evaluated.
pub(super) const PRELUDE: &str = r#"
def _yq_jq_match(re; flags): match(re; flags);
def _yq_jq_first(f): first(f);
def _yq_jq_min: min;
def _yq_jq_has($k): has($k);
def _yq_jq_max: max;
def _yq_jq_sort: sort;
def keys: keys_unsorted;
def document_index: $__yq.di;
def di: $__yq.di;
def fileIndex: $__yq.fi;
def fi: $__yq.fi;
def filename: $__yq.filename;
def tag: if type == "null" then "!!null" elif type == "boolean" then "!!bool"
  elif type == "number" then (if . == floor and (tostring | test("^-?[0-9]+$")) then "!!int" else "!!float" end)
  elif type == "string" then "!!str" elif type == "array" then "!!seq" else "!!map" end;
def kind: if type == "array" then "seq" elif type == "object" then "map" else "scalar" end;
def to_number: if type == "string" then tonumber elif type == "number" then . else error("cannot convert node value \(tojson) to number") end;
def to_string: if type == "string" then . else tostring end;
def upcase: _kitsh_upcase;
def downcase: _kitsh_downcase;
def sort: if type == "object" then to_entries | sort_by(.value) | from_entries else _yq_jq_sort end;
def _yq_ints($a; $b): ($a | floor) == $a and ($b | floor) == $b;
def _yq_div(a; b): b as $b | a as $a
  | if ($a | type) == "number" and ($b | type) == "number" and $b == 0 then
      (if $a > 0 then _kitsh_infinite elif $a < 0 then -_kitsh_infinite else _kitsh_nan end)
    else $a / $b end;
def _yq_mod(a; b): b as $b | a as $a
  | if ($a | type) == "number" and ($b | type) == "number" and (_yq_ints($a; $b) | not) then
      (if $b == 0 then _kitsh_nan else $a - $b * ($a / $b | trunc) end)
    elif ($a | type) == "number" and $b == 0 then error("cannot modulo by 0")
    else $a % $b end;
def with(p; u): if (try ([path(p)] | true) catch false) then p |= u else (p | u | empty), . end;
def _yq_bool(f): [f] | if length == 0 then false else .[] end;
def _yq_or(a; b): _yq_bool(a) as $l | if $l then true else (_yq_bool(b) | if . then true else false end) end;
def _yq_and(a; b): _yq_bool(a) as $l | if $l then (_yq_bool(b) | if . then true else false end) else false end;
def filter(f): [.[] | select(f)];
def sort_keys(f): (f | select(type == "object")) |= (to_entries | sort_by(.key) | from_entries);
def pick($keys): . as $o
  | if type == "array" then [$keys[] | select(type == "number" and . >= 0 and . < ($o | length)) | $o[.]]
    else reduce $keys[] as $k ({}; if $o | has($k) then .[$k] = $o[$k] else . end) end;
def omit($keys): . as $o
  | if type == "array" then [range(length) as $i | select(any($keys[]; . == $i) | not) | $o[$i]]
    else with_entries(select(.key as $k | any($keys[]; . == $k) | not)) end;
def any_c(f): any(.[]; f);
def all_c(f): all(.[]; f);
def array_to_map: . as $a | reduce range(length) as $i ({}; if $a[$i] != null then .[$i | tostring] = $a[$i] else . end);
def first: _yq_jq_first(.[]);
def first(f): _yq_jq_first(.[] | select(f));
def min: if length == 0 then empty else _yq_jq_min end;
def max: if length == 0 then empty else _yq_jq_max end;
def unique_by(f): reduce .[] as $x ([[], []]; [$x | f] as $k | if any(.[0][]; . == $k) then . else [.[0] + [$k], .[1] + [$x]] end) | .[1];
def unique: unique_by(.);
def match(re; flags): _yq_jq_match(re; flags)
  | {string, offset, length, captures: [.captures[] | {string, offset, length} + (if .name then {name} else {} end)]};
def match(re): match(re; "");
def has($k): if type == "object" or type == "array" then _yq_jq_has($k) else false end;
def _yq_expand($m): gsub("\\$\\{(?<b>[A-Za-z0-9_]+)\\}|\\$(?<p>[A-Za-z0-9_]+)";
    (.b // .p) as $n
    | if ($n | test("^[0-9]+$")) then ($n | tonumber) as $i | (if $i == 0 then $m.string else ($m.captures[$i - 1].string // "") end)
      else (first($m.captures[] | select(.name == $n) | .string) // "") end);
def _yq_sub($re; $t; $flags): . as $s
  | reduce _yq_jq_match($re; "g" + $flags) as $m ({out: "", pos: 0};
      .out += $s[.pos:$m.offset] + ($t | _yq_expand($m)) | .pos = $m.offset + $m.length)
  | .out + $s[.pos:];
def sub($re; $t): _yq_sub($re; $t; "");
def sub($re; $t; $flags): _yq_sub($re; $t; $flags);
def _yq_envsubst($flags): gsub("\\$\\{(?<n>[A-Za-z_][A-Za-z0-9_]*)(?<op>:?-)?(?<d>[^}]*)\\}|\\$(?<m>[A-Za-z_][A-Za-z0-9_]*)";
    (.n // .m) as $n | $ENV[$n] as $v
    | (if .op == "-" then ($v // .d) elif .op == ":-" then (if ($v // "") == "" then .d else $v end) else $v end) as $r
    | if ($flags | contains("nu")) and $r == null then error("variable ${\($n)} not set")
      elif ($flags | contains("ne")) and $r == "" then error("variable ${\($n)} set but empty")
      else ($r // "") end);
def envsubst: _yq_envsubst("");
def split_doc: .;
def _yq_glob($p): if type == "string" then test("^" + ($p | gsub("(?<c>[.+^$()\\[\\]{}|\\\\])"; "\\\(.c)") | gsub("\\*"; ".*") | gsub("\\?"; ".")) + "$"; "s") else . == $p end;
def _yq_ix($n): if type == "object" then $n | tostring else $n end;
def _yq_globkeys($p): if type == "object" then keys_unsorted[] | select(_yq_glob($p)) else empty end;
def _yq_plus($a; $b): if ($a | type) == "array" and $b == null then $a elif ($a | type) == "array" and ($b | type) != "array" then $a + [$b]
  elif ($a | type) == "string" and ($b | type == "number" or type == "boolean") then $a + ($b | tostring)
  elif ($b | type) == "string" and ($a | type == "number" or type == "boolean") then ($a | tostring) + $b
  else $a + $b end;
def _yq_add(a; b): b as $b | a as $a | _yq_plus($a; $b);
def _yq_merge_in($a; $b; $f):
  if ($a | type) == "object" and ($b | type) == "object" then
    reduce ($b | to_entries[]) as $e ($a;
      if has($e.key) then (if ($f | contains("n")) then . else .[$e.key] = _yq_merge_in(.[$e.key]; $e.value; $f) end)
      elif ($f | contains("?")) then . else .[$e.key] = $e.value end)
  elif ($a | type) == "array" and ($b | type) == "array" then
    if ($f | contains("+")) then $a + $b
    elif ($f | contains("d")) then
      [range(0; [($a | length), ($b | length)] | max) as $i
       | if $i < ($a | length) and $i < ($b | length) then _yq_merge_in($a[$i]; $b[$i]; $f)
         elif $i < ($a | length) then $a[$i] else $b[$i] end]
    else $b end
  else $b end;
def _yq_merge($a; $b; $f):
  if ($a | type) == "number" and ($b | type) == "number" then $a * $b
  elif ($a | type) == "string" and ($b | type) == "number" then $a * $b
  elif ($a | type) == "number" and ($b | type) == "string" then $b * $a
  elif $a == null then $b
  elif $b == null then $a
  else _yq_merge_in($a; $b; $f) end;
def _yq_mul(a; b; $f): b as $b | a as $a | _yq_merge($a; $b; $f);
"#;

/// What an item of one nesting level is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum K {
    Word,
    Var,
    Sym,
    Num,
    Str,
    Fmt,
    /// A bracketed block: its opening character.
    Block(char),
    /// Text this translation made (a term).
    Expr,
}

#[derive(Clone, Debug)]
pub(super) struct Item {
    /// Whitespace (and comments) before the item in the source.
    pub(super) pre: String,
    pub(super) text: String,
    pub(super) kind: K,
    /// For a block: its inner source text, trimmed.
    pub(super) raw: String,
}

/// How the translation reads the environment (`env`, `strenv`).
pub(super) type EnvLookup<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Translate a yq expression to the jq program kitsh runs; an expression that does not lex is
/// returned as it is (the compiler reports its error).
pub(super) fn translate(src: &str, env: EnvLookup<'_>) -> String {
    let pre = tildes(src);
    let Ok(tokens) = Lexer::new(pre.as_str()).lex() else {
        return src.to_string();
    };
    let start = tokens.first().map_or(0, |t| offset(&pre, t.0));
    let mut out = pre[..start].to_string();
    out.push_str(&level_from(&pre, &tokens, None, env, start));
    let end = tokens.last().map_or(0, |t| offset(&pre, t.0) + t.0.len());
    out.push_str(&pre[end..]);
    out.replace(PATH_MARK, "[]").replace(KEY_MARK, "empty")
}

/// Placeholders for `path` and `key` that no pipe of their level resolved.
const PATH_MARK: &str = "__yq_unresolved_path__";
const KEY_MARK: &str = "__yq_unresolved_key__";

/// `~` (yq's null) outside strings and comments becomes `null`.
fn tildes(src: &str) -> String {
    if !src.contains('~') {
        return src.to_string();
    }
    let mut out = String::with_capacity(src.len() + 8);
    let mut in_str = false;
    let mut comment = false;
    let mut chars = src.chars();
    while let Some(c) = chars.next() {
        match c {
            '\n' => comment = false,
            _ if comment => {}
            '\\' if in_str => {
                out.push(c);
                if let Some(n) = chars.next() {
                    out.push(n);
                }
                continue;
            }
            '"' => in_str = !in_str,
            '#' if !in_str => comment = true,
            '~' if !in_str => {
                out.push_str("null");
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

fn offset(code: &str, s: &str) -> usize {
    (s.as_ptr() as usize)
        .saturating_sub(code.as_ptr() as usize)
        .min(code.len())
}

/// The source of one token with its nested blocks (and string interpolations) translated.
fn emit_token(code: &str, t: &Token<&str>, env: EnvLookup<'_>) -> String {
    match &t.1 {
        Tok::Block(inner) => {
            // The lexer ends a block's tokens with its closing delimiter.
            let inner = match inner.split_last() {
                Some((Token(c, Tok::Sym), rest)) if matches!(*c, ")" | "]" | "}") => rest,
                _ => &inner[..],
            };
            let start = offset(code, t.0);
            let end = start + t.0.len();
            let mut s = String::from(&t.0[..1]);
            s.push_str(&level_from(code, inner, t.0.chars().next(), env, start + 1));
            let last = inner
                .last()
                .map_or(start + 1, |l| offset(code, l.0) + l.0.len());
            s.push_str(&code[last.min(end)..end]);
            s
        }
        Tok::Str(parts) => {
            let start = offset(code, t.0);
            let mut s = String::new();
            let mut pos = start;
            for p in parts {
                if let StrPart::Term(b) = p {
                    let bs = offset(code, b.0);
                    s.push_str(&code[pos..bs]);
                    s.push_str(&emit_token(code, b, env));
                    pos = bs + b.0.len();
                }
            }
            s.push_str(&code[pos..start + t.0.len()]);
            s
        }
        _ => t.0.to_string(),
    }
}

fn level_from(
    code: &str,
    tokens: &[Token<&str>],
    open: Option<char>,
    env: EnvLookup<'_>,
    start: usize,
) -> String {
    let mut items = Vec::with_capacity(tokens.len());
    let mut pos = start;
    for t in tokens {
        let s = offset(code, t.0);
        let kind = match &t.1 {
            Tok::Word => K::Word,
            Tok::Var => K::Var,
            Tok::Fmt => K::Fmt,
            Tok::Num => K::Num,
            Tok::Str(_) => K::Str,
            Tok::Sym => K::Sym,
            Tok::Block(_) => K::Block(t.0.chars().next().unwrap_or('(')),
        };
        let raw = match &t.1 {
            Tok::Block(_) => t.0[1..t.0.len() - 1].trim().to_string(),
            _ => String::new(),
        };
        items.push(Item {
            pre: code[pos.min(s)..s].to_string(),
            text: emit_token(code, t, env),
            kind,
            raw,
        });
        pos = s + t.0.len();
    }
    transform(items, open, env)
}

fn is_word(it: &Item, w: &str) -> bool {
    it.kind == K::Word && it.text == w
}

fn is_sym(it: &Item, s: &str) -> bool {
    it.kind == K::Sym && it.text == s
}

/// A term this translation made.
pub(super) fn expr(pre: &str, text: String) -> Item {
    Item {
        pre: pre.to_string(),
        text,
        kind: K::Expr,
        raw: String::new(),
    }
}

/// The source of items, with the whitespace between them.
pub(super) fn join(items: &[Item]) -> String {
    let mut s = String::new();
    for (k, it) in items.iter().enumerate() {
        if k > 0 {
            s.push_str(&it.pre);
        }
        s.push_str(&it.text);
    }
    s
}

/// A JSON string literal of `s`.
fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    super::json_str(s, &mut out);
    out
}

/// The jq literal of a string literal's value (`"a\"b"` → `a"b`), when `text` is one without
/// interpolation.
fn string_value(text: &str) -> Option<String> {
    if !text.starts_with('"') || text.contains("\\(") {
        return None;
    }
    super::jq_string(text)
}

/// Apply the translations to one level's items.
fn transform(mut items: Vec<Item>, open: Option<char>, env: EnvLookup<'_>) -> String {
    constants(&mut items, env);
    ireduce(&mut items);
    if open == Some('{') {
        object_keys(&mut items);
    }
    super::traverse::rewrite(&mut items);
    let mut items = paths(items);
    operators(&mut items);
    join(&items)
}

/// `env(NAME)`, `strenv(NAME)`, `eval("...")`, `envsubst(FLAGS)`.
fn constants(items: &mut Vec<Item>, env: EnvLookup<'_>) {
    let mut k = 0;
    while k + 1 < items.len() {
        let (a, b) = (&items[k], &items[k + 1]);
        if a.kind == K::Word && b.kind == K::Block('(') {
            let name_ok =
                !b.raw.is_empty() && b.raw.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            let replacement = match a.text.as_str() {
                "env" if name_ok => Some(match env(&b.raw) {
                    Some(v) => format!("({})", super::yaml_text_to_jq(&v)),
                    None => "null".to_string(),
                }),
                "strenv" if name_ok => Some(json_string(&env(&b.raw).unwrap_or_default())),
                "eval" => string_value(b.text[1..b.text.len() - 1].trim())
                    .map(|e| format!("({})", translate(&e, env))),
                "envsubst" => Some(format!("_yq_envsubst({})", json_string(&b.raw))),
                // yq separates `sub`'s arguments with `,` as well as `;`.
                "sub" if !b.text.contains(';') && b.text.contains(',') => {
                    Some(format!("sub{}", semicolons(&b.text)))
                }
                _ => None,
            };
            if let Some(r) = replacement {
                let pre = items[k].pre.clone();
                items.splice(k..k + 2, [expr(&pre, r)]);
                continue;
            }
        }
        k += 1;
    }
}

/// A block's text with its top-level commas as semicolons (`("a", "b")` → `("a"; "b")`).
fn semicolons(block: &str) -> String {
    let mut out = String::with_capacity(block.len());
    let (mut depth, mut in_str, mut esc) = (0i32, false, false);
    for c in block.chars() {
        match c {
            _ if esc => esc = false,
            '\\' if in_str => esc = true,
            '"' => in_str = !in_str,
            '(' | '[' | '{' if !in_str => depth += 1,
            ')' | ']' | '}' if !in_str => depth -= 1,
            ',' if !in_str && depth == 1 => {
                out.push(';');
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// Whether an item ends a pipe segment for `as`/`ireduce` (`|`, `,`, `;`).
fn pipe_boundary(it: &Item) -> bool {
    it.kind == K::Sym && matches!(it.text.as_str(), "|" | "," | ";")
}

/// `TERM as $x ireduce (INIT; UPDATE)` → `reduce (TERM) as $x (INIT; UPDATE)`.
fn ireduce(items: &mut Vec<Item>) {
    while let Some(k) = items.iter().position(|it| is_word(it, "ireduce")) {
        if k < 3 || items[k - 1].kind != K::Var || !is_word(&items[k - 2], "as") {
            break;
        }
        let start = items[..k - 2]
            .iter()
            .rposition(pipe_boundary)
            .map_or(0, |p| p + 1);
        let term = join(&items[start..k - 2]);
        let pre = items[start].pre.clone();
        let var = items[k - 1].text.clone();
        let new = vec![
            Item {
                pre,
                text: "reduce".into(),
                kind: K::Word,
                raw: String::new(),
            },
            expr(" ", format!("({term})")),
            Item {
                pre: " ".into(),
                text: "as".into(),
                kind: K::Word,
                raw: String::new(),
            },
            Item {
                pre: " ".into(),
                text: var,
                kind: K::Var,
                raw: String::new(),
            },
        ];
        items.splice(start..=k, new);
    }
}

/// `{.a: v}` → `{(.a): v}`: yq takes a path as a key.
fn object_keys(items: &mut [Item]) {
    let mut entry_start = 0;
    let mut k = 0;
    while k < items.len() {
        if is_sym(&items[k], ",") {
            entry_start = k + 1;
        } else if is_sym(&items[k], ":") && k > entry_start {
            let first = &items[entry_start];
            let dotted = first.kind == K::Sym && first.text.starts_with('.');
            if dotted || (first.kind == K::Var && k > entry_start + 1) {
                let text = format!("({})", join(&items[entry_start..k]));
                let pre = items[entry_start].pre.clone();
                items[entry_start] = expr(&pre, text);
                for it in &mut items[entry_start + 1..k] {
                    it.text.clear();
                    it.pre.clear();
                }
            }
            entry_start = items.len();
        }
        k += 1;
    }
}

/// Whether item `k` is a bare `path` or `key` (not a call, an object key or a field).
fn bare(items: &[Item], k: usize, word: &str) -> bool {
    if !is_word(&items[k], word) {
        return false;
    }
    match items.get(k + 1) {
        Some(n) if n.kind == K::Block('(') => false,
        Some(n) if is_sym(n, ":") => false,
        _ => true,
    }
}

/// `A | B | path` → `path(A | B) as $__yqp | getpath($__yqp) | $__yqp` (and `key`, the last
/// step of that path). `path`/`key` with no pipe before them on their level are marked for
/// the level around.
fn paths(mut items: Vec<Item>) -> Vec<Item> {
    let uses = |it: &Item| it.text.contains(PATH_MARK) || it.text.contains(KEY_MARK);
    let has = |items: &[Item], k: usize| {
        bare(items, k, "path") || bare(items, k, "key") || uses(&items[k])
    };
    let Some(first) = (0..items.len()).find(|&k| has(&items, k)) else {
        return items;
    };
    let Some(pipe) = items[..first].iter().rposition(|it| is_sym(it, "|")) else {
        // Mark: resolved by an enclosing level, or the root's path.
        for k in 0..items.len() {
            if bare(&items, k, "path") {
                items[k].text = PATH_MARK.to_string();
            } else if bare(&items, k, "key") {
                items[k].text = format!("({KEY_MARK})");
            }
        }
        return items;
    };
    // The prefix starts after the last `,` / `;` / `as ... |` binding before the pipe.
    let start = items[..pipe]
        .iter()
        .rposition(|it| is_sym(it, ",") || is_sym(it, ";"))
        .map_or(0, |p| p + 1);
    let prefix = join(&items[start..pipe]);
    let var = "$__yqp";
    for k in pipe + 1..items.len() {
        if bare(&items, k, "path") {
            items[k].text = var.to_string();
        } else if bare(&items, k, "key") {
            items[k].text = format!("({var} | last)");
        } else if uses(&items[k]) {
            items[k].text = items[k]
                .text
                .replace(PATH_MARK, var)
                .replace(KEY_MARK, &format!("{var} | last"));
        }
    }
    let pre = items[start].pre.clone();
    let head = expr(&pre, format!("path({prefix}) as {var} | getpath({var})"));
    items.splice(start..pipe, [head]);
    items
}

/// Binary operators of a segment, by precedence (higher binds tighter).
fn precedence(it: &Item) -> Option<u8> {
    match it.kind {
        K::Word => match it.text.as_str() {
            "or" => Some(2),
            "and" => Some(3),
            _ => None,
        },
        K::Sym => match it.text.as_str() {
            "=" | "|=" | "+=" | "-=" | "*=" | "/=" | "%=" | "//=" | "*=+" => Some(1),
            "==" | "!=" | "<" | "<=" | ">" | ">=" => Some(4),
            "+" | "-" => Some(5),
            "*" | "/" | "%" | "*+" => Some(6),
            _ => None,
        },
        _ => None,
    }
}

/// Items that end a segment: pipes, commas, `//`, keywords of jq's constructs.
fn segment_boundary(it: &Item) -> bool {
    match it.kind {
        K::Sym => matches!(it.text.as_str(), "|" | "," | ";" | ":" | "//" | "?//"),
        K::Word => matches!(
            it.text.as_str(),
            "if" | "then"
                | "elif"
                | "else"
                | "end"
                | "try"
                | "catch"
                | "reduce"
                | "foreach"
                | "label"
                | "def"
                | "as"
                | "import"
                | "include"
        ),
        _ => false,
    }
}

/// Rewrite the operators that yq reads otherwise than jq, segment by segment.
fn operators(items: &mut Vec<Item>) {
    let mut out: Vec<Item> = Vec::with_capacity(items.len());
    let mut seg: Vec<Item> = Vec::new();
    for it in items.drain(..) {
        if segment_boundary(&it) {
            out.extend(segment(std::mem::take(&mut seg)));
            out.push(it);
        } else {
            seg.push(it);
        }
    }
    out.extend(segment(seg));
    *items = out;
}

/// An expression tree of one segment.
enum Node {
    Atom(Vec<Item>),
    Bin {
        op: Item,
        flags: String,
        l: Box<Node>,
        r: Box<Node>,
    },
}

/// Whether a segment needs rewriting: it has `+`, `*`, `+=`, `*=` or a wildcard comparison.
fn needs(seg: &[Item]) -> bool {
    seg.iter().enumerate().any(|(k, it)| {
        (it.kind == K::Word && matches!(it.text.as_str(), "or" | "and")) ||
        it.kind == K::Sym
            && (matches!(it.text.as_str(), "+" | "*" | "*+" | "/" | "%" | "+=" | "*=" | "*=+")
                || (matches!(it.text.as_str(), "==" | "!=")
                    && seg.get(k + 1).is_some_and(|n| {
                        n.kind == K::Str && n.text.contains('*') && !n.text.contains("\\(")
                    })))
    })
}

fn segment(seg: Vec<Item>) -> Vec<Item> {
    if !needs(&seg) {
        return seg;
    }
    let pre = seg.first().map(|i| i.pre.clone()).unwrap_or_default();
    let mut p = Parser { items: seg, pos: 0 };
    let tree = p.parse(0);
    if p.pos < p.items.len() {
        // Not an expression this parser understands: leave it to jq.
        return p.items;
    }
    let Some(tree) = tree else { return p.items };
    vec![expr(&pre, emit(&tree))]
}

struct Parser {
    items: Vec<Item>,
    pos: usize,
}

impl Parser {
    /// An operand: items up to the next binary operator (a leading `-` is unary).
    fn atom(&mut self) -> Option<Node> {
        let start = self.pos;
        while self.pos < self.items.len() {
            let it = &self.items[self.pos];
            let unary = self.pos == start && is_sym(it, "-");
            if !unary && precedence(it).is_some() {
                break;
            }
            self.pos += 1;
        }
        (self.pos > start).then(|| Node::Atom(self.items[start..self.pos].to_vec()))
    }

    /// An operator with yq's merge flags after it (`*?`, `*d`, `*n+`, `*=c`).
    fn op(&mut self) -> (Item, String) {
        let op = self.items[self.pos].clone();
        self.pos += 1;
        let mut flags = String::new();
        if op.text.starts_with('*') {
            if op.text.ends_with('+') {
                flags.push('+');
            }
            while let Some(n) = self.items.get(self.pos) {
                let next_is_operand = self
                    .items
                    .get(self.pos + 1)
                    .is_some_and(|x| precedence(x).is_none());
                if is_sym(n, "?") {
                    flags.push('?');
                } else if n.kind == K::Word
                    && n.text.chars().all(|c| matches!(c, 'd' | 'n' | 'c'))
                    && next_is_operand
                {
                    flags.push_str(&n.text);
                } else if is_sym(n, "+") && !flags.is_empty() {
                    flags.push('+');
                } else {
                    break;
                }
                self.pos += 1;
            }
        } else if op.text == "=" {
            // yq's `=c` (clobber custom tags): tags are not kept, a plain `=`.
            if let Some(n) = self.items.get(self.pos) {
                if is_word(n, "c")
                    && self
                        .items
                        .get(self.pos + 1)
                        .is_some_and(|x| precedence(x).is_none())
                {
                    self.pos += 1;
                }
            }
        }
        (op, flags)
    }

    /// Precedence climbing from `min`.
    fn parse(&mut self, min: u8) -> Option<Node> {
        let mut l = self.atom()?;
        while let Some(p) = self.items.get(self.pos).and_then(precedence) {
            if p < min {
                break;
            }
            let (op, flags) = self.op();
            // Assignments are right-associative in effect; the others left-associative.
            let next = if p == 1 { p } else { p + 1 };
            let r = self.parse(next)?;
            l = Node::Bin {
                op,
                flags,
                l: Box::new(l),
                r: Box::new(r),
            };
        }
        Some(l)
    }
}

fn emit(n: &Node) -> String {
    match n {
        Node::Atom(items) => join(items),
        Node::Bin { op, flags, l, r } => {
            let (ls, rs) = (emit(l), emit(r));
            let rs = rs.trim_start().to_string();
            match op.text.as_str() {
                "+" => format!("_yq_add({ls}; {rs})"),
                "/" => format!("_yq_div({ls}; {rs})"),
                "or" => format!("_yq_or({ls}; {rs})"),
                "and" => format!("_yq_and({ls}; {rs})"),
                "%" => format!("_yq_mod({ls}; {rs})"),
                "*" | "*+" => format!("_yq_mul({ls}; {rs}; {})", json_string(flags)),
                "+=" => format!("(({rs}) as $__yqv | {ls} |= _yq_plus(.; $__yqv))"),
                "*=" | "*=+" => format!(
                    "(({rs}) as $__yqv | {ls} |= _yq_merge(.; $__yqv; {}))",
                    json_string(flags)
                ),
                "==" | "!=" if matches!(&**r, Node::Atom(a) if a.len() == 1 && a[0].kind == K::Str && a[0].text.contains('*')) =>
                {
                    let not = if op.text == "!=" { " | not" } else { "" };
                    format!("({ls} | _yq_glob({rs}){not})")
                }
                _ => format!(
                    "{ls}{}{}{}",
                    op.pre,
                    op.text,
                    r_pre(r).unwrap_or(" ".into()) + &rs
                ),
            }
        }
    }
}

/// The whitespace before an operand.
fn r_pre(n: &Node) -> Option<String> {
    match n {
        Node::Atom(items) => items.first().map(|i| i.pre.clone()),
        Node::Bin { l, .. } => r_pre(l),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(src: &str) -> String {
        translate(src, &|name| match name {
            "myenv" => Some("cat meow".into()),
            "num" => Some("12".into()),
            "p" => Some(".a.b".into()),
            _ => None,
        })
    }

    #[test]
    fn leaves_jq_alone() {
        for e in [
            ".a.b",
            ".[] | select(.a == 1)",
            "map(. - 2) | length",
            ".a = 1 | .b |= . - 1",
            "\"x\\(.a)\"",
            "if . then 1 else 2 end",
            "def f: .a; f // \"x\"",
        ] {
            assert_eq!(t(e), e);
        }
        // `*` and `+` always go through yq's rules (the operands' types are known only then).
        assert_eq!(t("map(. * 2)"), "map(_yq_mul(.; 2; \"\"))");
    }

    #[test]
    fn rewrites_yq_forms() {
        assert_eq!(t(".a = env(myenv)"), ".a = (\"cat meow\")");
        assert_eq!(t(".a = env(num)"), ".a = (12)");
        assert_eq!(t(".a = strenv(num)"), ".a = \"12\"");
        assert_eq!(t("eval(strenv(p)) = 1"), "(.a.b) = 1");
        assert_eq!(
            t(".[] as $x ireduce (0; . + $x)"),
            "reduce (.[]) as $x (0; _yq_add(.; $x))"
        );
        assert_eq!(
            t(".[] | select(. == \"*at\")"),
            ".[] | select((. | _yq_glob(\"*at\")))"
        );
        assert_eq!(t(".a *+ .b"), "_yq_mul(.a; .b; \"+\")");
        assert_eq!(t(".a *?+ .b"), "_yq_mul(.a; .b; \"?+\")");
        assert_eq!(t(".a *d .b"), "_yq_mul(.a; .b; \"d\")");
        assert_eq!(
            t(".a += \"cat\""),
            "((\"cat\") as $__yqv | .a |= _yq_plus(.; $__yqv))"
        );
        assert_eq!(
            t(".a.b | path"),
            "path(.a.b) as $__yqp | getpath($__yqp) | $__yqp"
        );
        assert_eq!(t("{.name: .pets[]}"), "{(.name): .pets[]}");
        assert_eq!(t("null == ~"), "null == null");
        assert_eq!(t("path"), "[]");
    }
}
