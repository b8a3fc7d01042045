//! Two traversals yq reads otherwise than jq, rewritten on one level's items (see `expr.rs`):
//! a key with `*` (`.a."*a*"`: the values of the keys matching the pattern) and a number
//! index on a map (`.[2]`: kitsh's map keys are strings, so the key `"2"`). Both become an
//! index by a generator, `.[_yq_globkeys("*a*")]` and `.[_yq_ix(2)]`, which jq evaluates on
//! the term's input; so the chain before the index is piped in first (`.a[2]` →
//! `(.a | .[_yq_ix(2)])`), which keeps it a path for assignments and `del`.

use super::expr::{expr, join, Item, K};

/// Rewrite the glob keys and number indexes of one level.
pub(super) fn rewrite(items: &mut Vec<Item>) {
    let mut k = 0;
    while k < items.len() {
        let (len, index) = if glob_key(items, k) {
            (2, format!(".[_yq_globkeys({})]", items[k + 1].text))
        } else if number_index(items, k) {
            (1, format!(".[_yq_ix({})]", items[k].raw))
        } else {
            k += 1;
            continue;
        };
        let start = chain_start(items, k);
        // `.a.[2]`: the `.` before `[` belongs to the index.
        let end = if len == 1 && items[k - 1].kind == K::Sym && items[k - 1].text == "." {
            k - 1
        } else {
            k
        };
        let prefix = join(&items[start..end.max(start)]);
        let text = if prefix.is_empty() || prefix == "." {
            index
        } else {
            format!("({prefix} | {index})")
        };
        let pre = items[start].pre.clone();
        items.splice(start..k + len, [expr(&pre, text)]);
        k = start + 1;
    }
}

/// `."...*..."`: a `.` and, right after it, a string literal holding `*` (no interpolation).
fn glob_key(items: &[Item], k: usize) -> bool {
    let (Some(dot), Some(key)) = (items.get(k), items.get(k + 1)) else {
        return false;
    };
    dot.kind == K::Sym
        && dot.text == "."
        && key.kind == K::Str
        && key.pre.is_empty()
        && key.text.contains('*')
        && !key.text.contains("\\(")
}

/// `[N]` (N digits) right after a term: an index, not an array.
fn number_index(items: &[Item], k: usize) -> bool {
    let it = &items[k];
    it.kind == K::Block('[')
        && it.pre.is_empty()
        && !it.raw.is_empty()
        && it.raw.bytes().all(|b| b.is_ascii_digit())
        && k > 0
        && chain_link(&items[k - 1]).is_some()
}

/// Whether an item can come before an index in a term: `Some(true)` when the term may go on
/// before it (`.a`, `"k"`, `[...]`, `(...)`, `?`), `Some(false)` when it starts the term (a
/// variable, a function name, a rewritten term).
fn chain_link(it: &Item) -> Option<bool> {
    match it.kind {
        K::Sym if it.text.starts_with('.') && it.text != ".." => Some(true),
        K::Sym if it.text == "?" => Some(true),
        K::Str | K::Block('[') | K::Block('(') => Some(true),
        K::Var | K::Expr => Some(false),
        K::Word if !KEYWORDS.contains(&it.text.as_str()) => Some(false),
        _ => None,
    }
}

/// jq's words that are not terms.
const KEYWORDS: &[&str] = &[
    "and", "or", "if", "then", "elif", "else", "end", "as", "def", "reduce", "foreach", "try",
    "catch", "label", "import", "include",
];

/// The first item of the term that ends before item `at`, written with no space between.
fn chain_start(items: &[Item], at: usize) -> usize {
    let mut s = at;
    while s > 0 && items[s].pre.is_empty() {
        match chain_link(&items[s - 1]) {
            Some(true) => s -= 1,
            Some(false) => return s - 1,
            None => break,
        }
    }
    s
}

#[cfg(test)]
mod tests {
    fn t(src: &str) -> String {
        super::super::expr::translate(src, &|_| None)
    }

    #[test]
    fn number_indexes_work_on_maps_too() {
        assert_eq!(t(".[2]"), ".[_yq_ix(2)]");
        assert_eq!(t(".a[0] = 1"), "(.a | .[_yq_ix(0)]) = 1");
        assert_eq!(t(".a.b.[0] |= 2"), "(.a.b | .[_yq_ix(0)]) |= 2");
        assert_eq!(t(".a[0][1]"), "((.a | .[_yq_ix(0)]) | .[_yq_ix(1)])");
        assert_eq!(
            t("$x[0] | [1][0]"),
            "($x | .[_yq_ix(0)]) | ([1] | .[_yq_ix(0)])"
        );
        // Not an index: an array, a slice, an iteration, a string key.
        assert_eq!(
            t("[0] | .[1:2] | .[] | .[\"0\"] | .[-1]"),
            "[0] | .[1:2] | .[] | .[\"0\"] | .[-1]"
        );
    }

    #[test]
    fn glob_keys_match_patterns() {
        assert_eq!(t(".a.\"*a*\""), "(.a | .[_yq_globkeys(\"*a*\")])");
        assert_eq!(t(".\"*\" | .\"b\""), ".[_yq_globkeys(\"*\")] | .\"b\"");
    }
}
