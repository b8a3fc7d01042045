//! Shell variables: values (scalars, indexed and associative arrays), attributes, and the scope
//! stack that gives `local` its dynamic scoping.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::Arc;

/// Attribute bits of a variable (`declare -x -r -i -l -u -n -a -A`).
pub mod attr {
    /// `-x`
    pub const EXPORT: u16 = 1;
    /// `-r`
    pub const READONLY: u16 = 2;
    /// `-i`
    pub const INTEGER: u16 = 4;
    /// `-l`
    pub const LOWER: u16 = 8;
    /// `-u`
    pub const UPPER: u16 = 16;
    /// `-n`
    pub const NAMEREF: u16 = 32;
    /// `-t`
    pub const TRACE: u16 = 64;
    /// Declared as an array (`declare -a x`) and never assigned: `declare -p` shows no `=()`.
    pub const NO_VALUE: u16 = 128;
    /// A temporary assignment's cell (`v=x f`): `unset` removes it, showing the variable
    /// beneath, where it leaves a local declared but unset. `local` makes it a local.
    pub const TEMP: u16 = 256;
}

/// An associative array, iterated in the order bash 5.2 uses (its hash-table order), so that
/// `${!A[@]}` lists keys as bash does.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AssocMap {
    map: HashMap<String, (String, u64), foldhash::fast::RandomState>,
    seq: u64,
}

/// bash's `hash_string` (FNV-1 over the bytes). Its `char` is signed on the platforms bash
/// runs on here, so a byte from 0x80 up is sign-extended before the XOR.
pub(crate) fn bash_hash(s: &str) -> u32 {
    let mut h: u32 = 2166136261;
    for &b in crate::util::bytes::encode(s).iter() {
        h = h.wrapping_mul(16777619);
        h ^= b as i8 as i32 as u32;
    }
    h
}

impl AssocMap {
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.map.len()
    }
    /// No entries.
    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }
    /// The value for `key`.
    pub fn get(&self, key: &str) -> Option<&String> {
        self.map.get(key).map(|(v, _)| v)
    }
    /// Set `key` to `value` unless that would add an entry past `max_entries`; false then
    /// (nothing changed). A borrowed key is copied only when it is new; an owned one is moved in.
    pub fn set(&mut self, key: std::borrow::Cow<'_, str>, value: String, max_entries: usize) -> bool {
        if let Some(slot) = self.map.get_mut(key.as_ref()) {
            slot.0 = value;
            return true;
        }
        if self.map.len() >= max_entries {
            return false;
        }
        self.grow(max_entries);
        self.seq += 1;
        self.map.insert(key.into_owned(), (value, self.seq));
        true
    }

    /// Before an insertion into a full table: grow it fourfold rather than twofold (a table
    /// filled in a loop is rehashed, every key hashed again, half as often), never past room
    /// for `max_entries`.
    fn grow(&mut self, max_entries: usize) {
        let len = self.map.len();
        if len >= 64 && len == self.map.capacity() {
            self.map.reserve((len * 3).min(max_entries.saturating_sub(len)).max(1));
        }
    }
    /// Insert or replace (a replaced key keeps its position).
    pub fn insert(&mut self, key: String, value: String) {
        match self.map.entry(key) {
            std::collections::hash_map::Entry::Occupied(mut slot) => slot.get_mut().0 = value,
            std::collections::hash_map::Entry::Vacant(slot) => {
                self.seq += 1;
                slot.insert((value, self.seq));
            }
        }
    }
    /// Entries in the order they were added (a snapshot keeps it: added again in this order,
    /// they list in bash's order again).
    pub(crate) fn in_insertion_order(&self) -> Vec<(&String, &String)> {
        let mut v: Vec<(u64, &String, &String)> = self.map.iter().map(|(k, (v, s))| (*s, k, v)).collect();
        v.sort_unstable_by_key(|e| e.0);
        v.into_iter().map(|(_, k, v)| (k, v)).collect()
    }
    /// Remove a key.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        self.map.remove(key).map(|(v, _)| v)
    }
    /// Entries in bash's iteration order.
    pub fn iter(&self) -> Vec<(&String, &String)> {
        let mut buckets: u32 = 1024;
        while self.map.len() as u64 > buckets as u64 * 2 {
            buckets *= 4;
        }
        let mut v: Vec<(u32, u64, &String, &String)> =
            self.map.iter().map(|(k, (v, s))| (bash_hash(k) & (buckets - 1), *s, k, v)).collect();
        v.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        v.into_iter().map(|(_, _, k, v)| (k, v)).collect()
    }
}

/// The value of a variable.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A string.
    Str(String),
    /// An indexed array (sparse).
    Indexed(BTreeMap<i64, String>),
    /// An associative array.
    Assoc(AssocMap),
}

/// A variable: its value (absent for `declare x` without a value) and attributes.
#[derive(Debug, Clone)]
pub struct Var {
    /// The value; `None` when declared but unset.
    pub value: Option<Value>,
    /// [`attr`] bits.
    pub attrs: u16,
    /// When its scope's table got it (a number that grows with each variable a [`Vars`]
    /// creates): bash lists a hash bucket's variables newest first, and the environment a
    /// command gets is in that order ([`Vars::exported`]). 0 when not known.
    pub born: u32,
}

impl PartialEq for Var {
    /// The value and the attributes; not when the variable was made.
    fn eq(&self, other: &Var) -> bool {
        self.value == other.value && self.attrs == other.attrs
    }
}

impl Var {
    /// A variable with `value` and attributes `attrs`, of unknown age.
    pub fn new(value: Option<Value>, attrs: u16) -> Var {
        Var { value, attrs, born: 0 }
    }
}

impl Var {
    /// Has attribute bit(s) `a`.
    pub fn has(&self, a: u16) -> bool {
        self.attrs & a != 0
    }
    /// The scalar view: a string, or element 0 / key "0" of an array.
    pub fn scalar(&self) -> Option<&str> {
        match self.value.as_ref()? {
            Value::Str(s) => Some(s),
            Value::Indexed(m) => m.get(&0).map(String::as_str),
            Value::Assoc(m) => m.get("0").map(String::as_str),
        }
    }
    /// Is an indexed array.
    pub fn is_indexed(&self) -> bool {
        matches!(self.value, Some(Value::Indexed(_)))
    }
    /// Is an associative array.
    pub fn is_assoc(&self) -> bool {
        matches!(self.value, Some(Value::Assoc(_)))
    }
    /// Is set (has a value).
    pub fn is_set(&self) -> bool {
        self.value.is_some()
    }
}

/// One scope: the globals, or a function call's locals.
pub type Scope = crate::util::fxhash::FxHashMap<String, Var>;

/// The scope stack. Index 0 holds the globals; `local` creates variables in the top scope.
///
/// Besides function scopes there are temporary ones: the assignments before `eval`, `source`
/// or a function call (`v=x eval ...`) live in a scope of their own for that command, as in
/// bash (for a function, that scope becomes the function's: its `local v` shares the cell).
///
/// Scopes are shared copy-on-write (`Arc`): a subshell (pipeline stage, `$(…)`) starts with
/// the same tables and copies one only when it changes it, so a stage that only reads
/// variables (`echo $i | tr …`) copies none.
#[derive(Debug, Default)]
pub struct Vars {
    scopes: Vec<Arc<Scope>>,
    /// `temp[i]`: scope `i` holds temporary assignments (it is not a function's).
    temp: Vec<bool>,
    /// Number of function scopes.
    functions: usize,
    /// Emptied scopes kept for the next calls: a function call then allocates no table for
    /// its locals. Few and small ones only, never shared.
    spare: Vec<Arc<Scope>>,
    /// [`Vars::byte_locale`] remembered: 0 not known, 1 no, 2 yes. Forgotten whenever one of
    /// `LC_ALL`, `LC_CTYPE`, `LANG` may change (every mutable access to one of them, and the
    /// end of a scope that held one).
    locale: AtomicU8,
    /// The last [`Var::born`] given.
    born: u32,
    /// The names of the temporary assignments of the command running now (`FOO=1 env`), in
    /// order: kept in the variables' own tables, they come first in the environment, as bash's
    /// temporary environment does.
    pub command_temps: Vec<String>,
}

/// Is `name` one of the variables that choose the character set?
fn is_locale_name(name: &str) -> bool {
    name.as_bytes().first() == Some(&b'L') && matches!(name, "LC_ALL" | "LC_CTYPE" | "LANG")
}

impl Clone for Vars {
    /// The scopes are shared (copied on the first change); spare tables stay here.
    fn clone(&self) -> Vars {
        Vars {
            scopes: self.scopes.clone(),
            temp: self.temp.clone(),
            functions: self.functions,
            spare: Vec::new(),
            locale: AtomicU8::new(self.locale.load(Relaxed)),
            born: self.born,
            command_temps: self.command_temps.clone(),
        }
    }
}

/// Most emptied scopes kept, and the largest capacity kept.
const SPARE_SCOPES: usize = 8;
const SPARE_CAPACITY: usize = 64;

impl Vars {
    /// Only the global scope.
    pub fn new() -> Vars {
        Vars { scopes: vec![Arc::new(Scope::default())], temp: vec![false], functions: 0, spare: Vec::new(), locale: AtomicU8::new(0), born: 0, command_temps: Vec::new() }
    }

    /// Enter a function call (in the temporary scope on top, when `adopt_temp`).
    pub fn push_scope(&mut self, adopt_temp: bool) {
        self.functions += 1;
        if adopt_temp && self.temp.last() == Some(&true) {
            if let Some(t) = self.temp.last_mut() {
                *t = false;
            }
            return;
        }
        let scope = self.spare.pop().unwrap_or_default();
        self.scopes.push(scope);
        self.temp.push(false);
    }

    /// Open a scope for a command's temporary assignments.
    pub fn push_temp_scope(&mut self) {
        let scope = self.spare.pop().unwrap_or_default();
        self.scopes.push(scope);
        self.temp.push(true);
    }

    /// Leave a function call or a temporary scope.
    pub fn pop_scope(&mut self) {
        if self.scopes.len() > 1 {
            if let Some(mut scope) = self.scopes.pop() {
                if !scope.is_empty() && scope.keys().any(|k| is_locale_name(k)) {
                    self.forget_locale();
                }
                if self.spare.len() < SPARE_SCOPES {
                    if let Some(table) = Arc::get_mut(&mut scope).filter(|t| t.capacity() <= SPARE_CAPACITY) {
                        table.clear();
                        self.spare.push(scope);
                    }
                }
            }
            if self.temp.pop() == Some(false) {
                self.functions = self.functions.saturating_sub(1);
            }
        }
    }

    /// The number of scopes of any kind.
    pub fn scope_count(&self) -> usize {
        self.scopes.len()
    }

    /// 1 at top level, plus one per function call.
    pub fn depth(&self) -> usize {
        self.functions + 1
    }

    /// The index of the innermost function scope (0 at top level).
    fn function_base(&self) -> usize {
        self.temp.iter().rposition(|t| !t).unwrap_or(0)
    }

    /// The variable `name` as seen from the current scope (no nameref resolution).
    pub fn get_raw(&self, name: &str) -> Option<&Var> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    /// Mutable access to the visible variable `name`.
    pub fn get_raw_mut(&mut self, name: &str) -> Option<&mut Var> {
        self.touch(name);
        // No scope shared with a subshell (the common case): one lookup per scope.
        if self.scopes.iter_mut().all(|s| Arc::get_mut(s).is_some()) {
            return self.scopes.iter_mut().rev().find_map(|s| Arc::get_mut(s).and_then(|t| t.get_mut(name)));
        }
        let idx = self.scope_of(name)?;
        Arc::make_mut(&mut self.scopes[idx]).get_mut(name)
    }

    /// The index of the innermost scope that has `name`.
    pub fn scope_of(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rposition(|s| s.contains_key(name))
    }

    /// Follow namerefs from `name` to the variable name finally meant.
    pub fn resolve_name<'a>(&'a self, name: &'a str) -> std::borrow::Cow<'a, str> {
        let mut cur = std::borrow::Cow::Borrowed(name);
        for _ in 0..16 {
            match self.get_raw(&cur) {
                Some(v) if v.has(attr::NAMEREF) => match v.scalar() {
                    Some(t) if !t.is_empty() && t != cur.as_ref() => cur = std::borrow::Cow::Owned(t.to_string()),
                    _ => return cur,
                },
                _ => return cur,
            }
        }
        cur
    }

    /// Does following the nameref `name` never end (`declare -n a=b b=a`)?
    pub fn nameref_cycle(&self, name: &str) -> bool {
        let mut cur = name;
        for _ in 0..16 {
            match self.get_raw(cur) {
                Some(v) if v.has(attr::NAMEREF) => match v.scalar() {
                    Some(t) if !t.is_empty() => {
                        if t == name {
                            return true;
                        }
                        cur = t;
                    }
                    _ => return false,
                },
                _ => return false,
            }
        }
        true
    }

    /// The visible variable `name`, namerefs followed.
    pub fn get(&self, name: &str) -> Option<&Var> {
        // One lookup in the common case (not a nameref).
        let v = self.get_raw(name)?;
        if !v.has(attr::NAMEREF) {
            return Some(v);
        }
        let n = self.resolve_name(name);
        match n {
            std::borrow::Cow::Borrowed(b) => self.get_raw(b),
            std::borrow::Cow::Owned(o) => self.get_raw(&o),
        }
    }

    /// The scalar value of `name` (namerefs followed).
    pub fn get_str(&self, name: &str) -> Option<&str> {
        self.get(name).and_then(Var::scalar)
    }

    /// Mutable access to `name` in the scope where it is visible, creating it as a global
    /// when it does not exist (bash assigns unknown names globally, even inside functions).
    pub fn entry(&mut self, name: &str) -> &mut Var {
        self.touch(name);
        // Existing names (the common case) are not copied into a new key.
        if let Some(idx) = self.scope_of(name) {
            return Arc::make_mut(&mut self.scopes[idx]).get_mut(name).unwrap_or_else(|| unreachable!("scope has the name"));
        }
        let born = self.next_born();
        Arc::make_mut(&mut self.scopes[0]).entry(name.to_string()).or_insert(Var { value: None, attrs: 0, born })
    }

    /// A new [`Var::born`].
    fn next_born(&mut self) -> u32 {
        self.born = self.born.wrapping_add(1);
        self.born
    }

    /// The scope `local name` uses: a temporary scope above the function's that has `name`
    /// (the local takes that cell over, as bash's do), else the function's own scope.
    fn local_scope_of(&self, name: &str) -> usize {
        let base = self.function_base();
        (base + 1..self.scopes.len()).rev().find(|&i| self.scopes[i].contains_key(name)).unwrap_or(base)
    }

    /// Create or find `name` in the current function's scope (`local`); a temporary
    /// assignment's cell there becomes the local.
    pub fn local_entry(&mut self, name: &str) -> &mut Var {
        self.touch(name);
        let idx = self.local_scope_of(name);
        // Existing names (the common case) are not copied into a new key. A new local is
        // exported when the variable it shadows is (bash's make_local_variable).
        if !self.scopes[idx].contains_key(name) {
            let attrs = self.get_raw(name).map_or(0, |v| v.attrs & attr::EXPORT);
            let born = self.next_born();
            Arc::make_mut(&mut self.scopes[idx]).insert(name.to_string(), Var { value: None, attrs, born });
        }
        let scope = Arc::make_mut(&mut self.scopes[idx]);
        let v = scope.get_mut(name).unwrap_or_else(|| unreachable!("inserted above"));
        v.attrs &= !attr::TEMP;
        v
    }

    /// `local name[=value]` in the common case, with one lookup per scope: when `name` is not
    /// yet a local of the current function (nor a temporary cell above it) and the visible
    /// variable of that name is neither readonly nor a temporary cell, a fresh variable
    /// without attributes is made in the function's scope. `false`: nothing done, the
    /// general path must decide.
    pub fn insert_fresh_local(&mut self, name: &str, value: Option<Value>) -> bool {
        self.touch(name);
        let base = self.function_base();
        if base == 0 {
            return false;
        }
        let mut visible = None;
        for (i, s) in self.scopes.iter().enumerate().rev() {
            if let Some(v) = s.get(name) {
                if i >= base {
                    return false;
                }
                visible = Some(v);
                break;
            }
        }
        if visible.is_some_and(|v| v.has(attr::READONLY | attr::TEMP)) {
            return false;
        }
        let attrs = visible.map_or(0, |v| v.attrs & attr::EXPORT);
        let born = self.next_born();
        Arc::make_mut(&mut self.scopes[base]).insert(name.to_string(), Var { value, attrs, born });
        true
    }

    /// Create `name` in the top (temporary) scope as a copy of the visible variable, for a
    /// temporary assignment to change.
    pub fn temp_entry(&mut self, name: &str) -> &mut Var {
        self.touch(name);
        let mut cell = self.get_raw(name).cloned().unwrap_or(Var::new(None, 0));
        cell.attrs |= attr::TEMP;
        cell.born = self.next_born();
        let top = self.scopes.len() - 1;
        Arc::make_mut(&mut self.scopes[top]).entry(name.to_string()).or_insert(cell)
    }

    /// Is `name` declared in the current function's scope (or a temporary one above it)?
    pub fn is_local_here(&self, name: &str) -> bool {
        let idx = self.local_scope_of(name);
        idx > 0 && self.scopes[idx].contains_key(name)
    }

    /// Mutable access to the global scope entry for `name` (`declare -g`).
    pub fn global_entry(&mut self, name: &str) -> &mut Var {
        self.touch(name);
        let born = self.next_born();
        Arc::make_mut(&mut self.scopes[0]).entry(name.to_string()).or_insert(Var { value: None, attrs: 0, born })
    }

    /// Remove the visible `name` (`unset`). In a function, unsetting a local reveals the
    /// outer variable, as bash does when the local belongs to an enclosing scope... bash
    /// actually marks a local in the current scope as unset-but-local; we mirror that.
    pub fn unset(&mut self, name: &str) {
        self.touch(name);
        if let Some(idx) = self.scope_of(name) {
            let base = self.function_base();
            let local_here = idx > 0 && idx >= base && base > 0;
            if local_here && !self.scopes[idx].get(name).is_some_and(|v| v.has(attr::TEMP)) {
                if let Some(v) = Arc::make_mut(&mut self.scopes[idx]).get_mut(name) {
                    v.value = None;
                    v.attrs &= !(attr::NAMEREF | attr::INTEGER | attr::LOWER | attr::UPPER | attr::EXPORT);
                    return;
                }
            }
            Arc::make_mut(&mut self.scopes[idx]).remove(name);
        }
    }

    /// All visible variables, sorted by name (for `set`, `declare -p`, `${!pre*}`).
    pub fn visible(&self) -> Vec<(&String, &Var)> {
        let mut seen: HashMap<&String, &Var> = HashMap::new();
        for s in &self.scopes {
            for (k, v) in s.iter() {
                seen.insert(k, v);
            }
        }
        let mut v: Vec<(&String, &Var)> = seen.into_iter().collect();
        v.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        v
    }

    /// The exported variables with a value, in the order bash puts them in a command's
    /// environment (`make_var_export_array`): scope by scope from the innermost (temporary
    /// assignments, then the functions' locals, outwards) to the globals, each name once (an
    /// inner variable that is not exported leaves the outer one's place to it); within a scope
    /// by bash's hash bucket of the name (FNV-1; 4 buckets for temporary and local tables,
    /// 1024 for the globals) and, in a bucket, the newest first. Arrays are never exported.
    pub fn exported(&self) -> Vec<(&String, &Var)> {
        let mut out: Vec<(&String, &Var)> = Vec::new();
        let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
        // A command's temporary assignments: bash's temporary table (4 buckets, the later
        // assignment first in a bucket).
        let mut temps: Vec<(u32, usize, &String, &Var)> = Vec::new();
        for (n, name) in self.command_temps.iter().enumerate() {
            if let Some((k, v)) = self.scopes.iter().rev().find_map(|s| s.get_key_value(name.as_str())) {
                if v.has(attr::EXPORT) && matches!(v.value, Some(Value::Str(_))) && !temps.iter().any(|t| t.2 == k) {
                    temps.push((bash_hash(k) & 3, n, k, v));
                }
            }
        }
        temps.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        for (_, _, k, v) in temps {
            seen.insert(k);
            out.push((k, v));
        }
        for (i, scope) in self.scopes.iter().enumerate().rev() {
            // A command's temporary assignments (`v=x env`) are cells of the scope they hide
            // variables in; bash keeps them in a table of their own, listed first.
            for temp in [true, false] {
                let buckets: u32 = if i == 0 && !temp { 1024 } else { 4 };
                let mut here: Vec<(u32, &String, &Var)> = scope
                    .iter()
                    .filter(|(k, v)| v.has(attr::TEMP) == temp && v.has(attr::EXPORT) && !seen.contains(k.as_str()))
                    .filter(|(_, v)| matches!(v.value, Some(Value::Str(_))))
                    .map(|(k, v)| (bash_hash(k) & (buckets - 1), k, v))
                    .collect();
                here.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.2.born.cmp(&a.2.born)).then(a.1.cmp(b.1)));
                for (_, k, v) in here {
                    seen.insert(k);
                    out.push((k, v));
                }
            }
        }
        out
    }

    /// A mutable access to `name`: a locale variable may change.
    fn touch(&self, name: &str) {
        if is_locale_name(name) {
            self.forget_locale();
        }
    }

    fn forget_locale(&self) {
        self.locale.store(0, Relaxed);
    }

    /// Does the locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`, the first set and not empty)
    /// make characters bytes: not a UTF-8 locale, or none (the C locale)? Remembered until
    /// one of those variables may change: many expansions ask on every use.
    pub fn byte_locale(&self) -> bool {
        match self.locale.load(Relaxed) {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].iter().find_map(|n| self.get_str(n).filter(|v| !v.is_empty()));
        let bytes = !name.is_some_and(crate::util::locale::is_utf8);
        self.locale.store(if bytes { 2 } else { 1 }, Relaxed);
        bytes
    }

    /// The global variables.
    pub(crate) fn globals(&self) -> &Scope {
        &self.scopes[0]
    }

    /// Replace the global variables (a restored snapshot's); only between runs, when no
    /// function scope is open.
    pub(crate) fn set_globals(&mut self, globals: Scope) {
        self.scopes.truncate(1);
        self.temp.truncate(1);
        self.functions = 0;
        self.scopes[0] = Arc::new(globals);
        self.forget_locale();
    }

    /// The current function's variables (for `local` with no arguments).
    pub fn top_scope(&self) -> &Scope {
        &self.scopes[self.function_base()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assoc_order_matches_bash() {
        let mut m = AssocMap::default();
        for k in ["b", "a", "c", "zz", "k"] {
            m.insert(k.to_string(), String::new());
        }
        let keys: Vec<&str> = m.iter().into_iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["k", "c", "b", "a", "zz"]);
    }

    #[test]
    fn dynamic_scoping() {
        let mut v = Vars::new();
        v.entry("x").value = Some(Value::Str("g".into()));
        v.push_scope(false);
        v.local_entry("x").value = Some(Value::Str("l".into()));
        assert_eq!(v.get_str("x"), Some("l"));
        v.pop_scope();
        assert_eq!(v.get_str("x"), Some("g"));
    }

    #[test]
    fn temporary_scopes() {
        let mut v = Vars::new();
        v.entry("x").value = Some(Value::Str("g".into()));
        v.push_temp_scope();
        v.temp_entry("x").value = Some(Value::Str("t".into()));
        assert_eq!((v.get_str("x"), v.depth()), (Some("t"), 1));
        // A function adopts the temporary scope; `unset` of the temporary cell shows the global.
        v.push_scope(true);
        assert_eq!((v.get_str("x"), v.depth()), (Some("t"), 2));
        v.unset("x");
        assert_eq!(v.get_str("x"), Some("g"));
        // A local in the function's scope is left declared but unset.
        v.local_entry("x").value = Some(Value::Str("l".into()));
        v.unset("x");
        assert_eq!(v.get_str("x"), None);
        v.pop_scope();
        assert_eq!((v.get_str("x"), v.depth()), (Some("g"), 1));
    }
}
