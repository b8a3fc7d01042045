//! Assignments: `a=1`, `a+=x`, `a[i]=v`, `a=(...)`, with attributes applied (`-i`, `-l`,
//! `-u`, `-r`, namerefs, `allexport`).

use std::borrow::Cow;
use std::collections::BTreeMap;

use crate::parser::ast::*;

use super::options::ALLEXPORT;
use super::vars::{attr, AssocMap, Value};
use super::{Exec, Flow, Shell};

/// One element of an expanded array literal: `[key]=value`, `[key]+=value` or a bare value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrayItem {
    /// The subscript text (not yet evaluated), if the element had one.
    pub key: Option<String>,
    /// The expanded value.
    pub value: String,
    /// `[key]+=value`.
    pub append: bool,
}

/// Attributes that rule out the fast element assignments (a reference, a read-only value, a
/// value that is evaluated or case-mapped on assignment): those take the general path.
const PLAIN: u16 = attr::NAMEREF | attr::READONLY | attr::INTEGER | attr::LOWER | attr::UPPER;

impl ArrayItem {
    /// An element without a subscript.
    pub fn value(value: String) -> Self {
        ArrayItem { key: None, value, append: false }
    }
}

impl Shell {
    /// Apply `-i`, `-l`, `-u` to a value about to be stored in a variable with `attrs`.
    /// A failed `-i` evaluation sets [`Shell::discard`]; case mapping acts on ASCII
    /// letters only in the C locale, as bash's does.
    pub(crate) fn transform_value(&mut self, attrs: u16, value: String, old: Option<&str>, append: bool) -> Result<String, String> {
        let mut v = if attrs & attr::INTEGER != 0 {
            let n = self.arith_str(&value).inspect_err(|_| self.line.discard = true)?;
            let base = if append { old.map(|o| self.arith_str(o)).transpose().inspect_err(|_| self.line.discard = true)?.unwrap_or(0) } else { 0 };
            (base.wrapping_add(n)).to_string()
        } else if append {
            let mut s = old.unwrap_or("").to_string();
            s.push_str(&value);
            s
        } else {
            value
        };
        if attrs & (attr::LOWER | attr::UPPER) != 0 && !v.is_ascii() && self.byte_locale() {
            if attrs & attr::LOWER != 0 {
                v.make_ascii_lowercase();
            } else {
                v.make_ascii_uppercase();
            }
        } else if attrs & attr::LOWER != 0 {
            v = crate::util::locale::lower(&v);
        } else if attrs & attr::UPPER != 0 {
            v = crate::util::locale::upper(&v);
        }
        if v.len() > self.shared.limits.max_string_bytes {
            self.shared.trip(crate::limits::LimitExceeded::Expansion);
            return Err("value too large".to_string());
        }
        Ok(v)
    }

    /// `name=value` (or `name+=value` with `append`).
    pub fn assign(&mut self, name: &str, value: String, append: bool) -> Result<(), String> {
        // `RANDOM=N` seeds `$RANDOM` (N is arithmetic) instead of storing a value.
        if self.random.special && name == "RANDOM" {
            // A bad value is reported and ignored, as bash does.
            match self.arith_str(&value) {
                Ok(seed) => self.seed_random(seed),
                Err(m) => self.error(&m),
            }
            return Ok(());
        }
        if self.assign_plain(name, &value, append) {
            if name == "HISTFILESIZE" {
                self.histfilesize_assigned();
            }
            return Ok(());
        }
        self.check_nameref_cycle(name)?;
        let name = self.vars.resolve_name(name).into_owned();
        if let Some(idx) = name.find('[') {
            if name.ends_with(']') {
                let key = self.expand_subscript_text(&name[idx + 1..name.len() - 1])?;
                return self.assign_elem(&name[..idx], &key, value, append);
            }
        }
        let (attrs, old) = match self.vars.get_raw(&name) {
            Some(v) => (v.attrs, v.scalar().map(str::to_string)),
            None => (0, None),
        };
        if attrs & attr::READONLY != 0 {
            return Err(format!("{name}: readonly variable"));
        }
        if old.is_none() {
            self.check_array_growth(&name, 1)?;
        }
        let v = self.transform_value(attrs, value, old.as_deref(), append)?;
        let allexport = self.set_opt(ALLEXPORT);
        let var = self.vars.entry(&name);
        var.attrs &= !attr::NO_VALUE;
        match &mut var.value {
            Some(Value::Indexed(m)) => {
                m.insert(0, v);
            }
            Some(Value::Assoc(m)) => m.insert("0".to_string(), v),
            _ => var.value = Some(Value::Str(v)),
        }
        if allexport {
            var.attrs |= attr::EXPORT;
        }
        if name == "PATH" {
            self.defs.hashed.clear();
        } else if name == "HISTFILESIZE" {
            self.histfilesize_assigned();
        }
        Ok(())
    }

    /// The fast path of [`Shell::assign`]: an existing plain string variable (no attributes
    /// but `export`, not `PATH`) is updated in place; `+=` appends without copying the old
    /// value. Returns `false` when the general path must handle it.
    fn assign_plain(&mut self, name: &str, value: &str, append: bool) -> bool {
        let max = self.shared.limits.max_string_bytes;
        let allexport = self.set_opt(ALLEXPORT);
        if allexport || name == "PATH" {
            return false;
        }
        let Some(var) = self.vars.get_raw_mut(name) else { return false };
        if var.attrs & !attr::EXPORT != 0 {
            return false;
        }
        let Some(Value::Str(s)) = &mut var.value else { return false };
        let new_len = if append { s.len() + value.len() } else { value.len() };
        if new_len > max {
            return false;
        }
        if !append {
            s.clear();
        }
        s.push_str(value);
        true
    }

    /// A subscript given as text (`read 'a[$i]'`, `printf -v 'A["k"]'`, a nameref to
    /// `a[$n]`), expanded as bash expands it before using it.
    pub(crate) fn expand_subscript_text(&mut self, text: &str) -> Result<String, String> {
        if !text.contains(['$', '`', '"', '\'', '\\']) {
            return Ok(text.to_string());
        }
        match crate::parser::parse_subscript(text) {
            Some(w) => self.expand_word_str(&w).map_err(|_| String::new()),
            None => Ok(text.to_string()),
        }
    }

    /// An indexed array's subscript evaluated: an error is one bash jumps to its top level
    /// for ([`Shell::discard`]).
    /// bash reports it without the command's name: it is reported here and the error
    /// returned is empty.
    pub(crate) fn subscript_num(&mut self, key: &str) -> Result<i64, String> {
        self.arith_str(key).map_err(|m| {
            self.error(&m);
            self.line.discard = true;
            String::new()
        })
    }

    /// Writing through a circular nameref fails (bash warns and abandons the command).
    fn check_nameref_cycle(&self, name: &str) -> Result<(), String> {
        if self.vars.get_raw(name).is_some_and(|v| v.has(attr::NAMEREF)) && self.vars.nameref_cycle(name) {
            self.warning(&format!("{name}: circular name reference"));
            return Err(String::new());
        }
        Ok(())
    }

    /// The array a nameref `name` leads to for an element or list assignment; a nameref to
    /// an element (`'a[0]'`) cannot be subscripted again.
    fn array_target(&self, name: &str) -> Result<String, String> {
        if !self.vars.get_raw(name).is_some_and(|v| v.has(attr::NAMEREF)) {
            // The common case, with one lookup: the name itself.
            if name.contains('[') {
                return Err(format!("`{name}': not a valid identifier"));
            }
            return Ok(name.to_string());
        }
        self.check_nameref_cycle(name)?;
        let target = self.vars.resolve_name(name).into_owned();
        if target.contains('[') {
            return Err(format!("`{target}': not a valid identifier"));
        }
        Ok(target)
    }

    /// `name=value`.
    pub fn assign_scalar(&mut self, name: &str, value: String) -> Result<(), String> {
        self.assign(name, value, false)
    }

    /// `name=N` for a number computed by the shell (arithmetic): a plain variable's text is
    /// replaced in place, with no string made for the number.
    pub fn assign_int(&mut self, name: &str, value: i64) -> Result<(), String> {
        let mut buf = [0u8; 20];
        let text = crate::util::int::format_i64(value, &mut buf);
        if !(self.random.special && name == "RANDOM") && self.assign_plain(name, text, false) {
            return Ok(());
        }
        self.assign(name, text.to_string(), false)
    }

    /// An array may hold at most [`crate::ExecutionLimits::max_fields`] elements: adding `more`
    /// to `name` past that trips the limit (the error is empty: the limit's message follows).
    fn check_array_growth(&self, name: &str, more: usize) -> Result<(), String> {
        let len = match self.vars.get_raw(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Indexed(m)) => m.len(),
            Some(Value::Assoc(m)) => m.len(),
            Some(Value::Str(_)) => 1,
            None => 0,
        };
        if len.saturating_add(more) > self.shared.limits.max_fields {
            self.shared.trip(crate::limits::LimitExceeded::Fields);
            return Err(String::new());
        }
        Ok(())
    }

    /// `name[key]=value`: `key` is an arithmetic expression for indexed arrays and a plain key
    /// for associative ones.
    pub fn assign_elem(&mut self, name: &str, key: &str, value: String, append: bool) -> Result<(), String> {
        match self.assign_elem_fast(name, Cow::Borrowed(key), value, append) {
            Ok(r) => r,
            Err((key, value)) => self.assign_elem_general(name, &key, value, append),
        }
    }

    /// [`Shell::assign_elem`] with a key the caller may own (then moved into a new entry).
    fn assign_elem_owned(&mut self, name: &str, key: Cow<'_, str>, value: String, append: bool) -> Result<(), String> {
        match self.assign_elem_fast(name, key, value, append) {
            Ok(r) => r,
            Err((key, value)) => self.assign_elem_general(name, &key, value, append),
        }
    }

    /// The common associative case in one lookup of the variable and one of the key: a plain
    /// `A[k]=v` (no attribute that transforms or forbids it, within the limits). Anything
    /// else, including every error, is given back for the general path.
    fn assign_elem_fast<'k>(&mut self, name: &str, key: Cow<'k, str>, value: String, append: bool) -> Result<Result<(), String>, (Cow<'k, str>, String)> {
        let limits = &self.shared.limits;
        if append || key.is_empty() || value.len() > limits.max_string_bytes {
            return Err((key, value));
        }
        let Some(var) = self.vars.get_raw_mut(name) else { return Err((key, value)) };
        if var.attrs & PLAIN != 0 {
            return Err((key, value));
        }
        if matches!(var.value, Some(Value::Indexed(_))) {
            if key.trim().is_empty() {
                return Err((key, value));
            }
            return Ok(self.assign_indexed(name, &key, value));
        }
        let Some(Value::Assoc(m)) = &mut var.value else { return Err((key, value)) };
        let max = limits.max_fields;
        if m.len() >= max && m.get(&key).is_none() {
            // Past the entry limit: the general path reports it.
            return Ok(self.assign_elem_general(name, &key, String::new(), false));
        }
        m.set(key, value, max);
        var.attrs &= !attr::NO_VALUE;
        Ok(Ok(()))
    }

    /// `a[key]=value` (not `+=`) on an indexed array `name` without attributes that change or
    /// forbid it: the subscript is evaluated once, and the element stored with one lookup
    /// unless the evaluation changed the variable or the index counts from the end.
    fn assign_indexed(&mut self, name: &str, key: &str, value: String) -> Result<(), String> {
        let i = self.subscript_num(key)?;
        let max = self.shared.limits.max_fields;
        if let Some(var) = self.vars.get_raw_mut(name).filter(|v| v.attrs & PLAIN == 0) {
            if let Some(Value::Indexed(m)) = &mut var.value {
                if i >= 0 {
                    if m.len() >= max && !m.contains_key(&i) {
                        self.shared.trip(crate::limits::LimitExceeded::Fields);
                        return Err(String::new());
                    }
                    m.insert(i, value);
                    var.attrs &= !attr::NO_VALUE;
                    return Ok(());
                }
            }
        }
        let attrs = match self.vars.get_raw_mut(name) {
            Some(v) => {
                v.attrs &= !attr::NO_VALUE;
                v.attrs
            }
            None => 0,
        };
        if attrs & attr::READONLY != 0 {
            return Err(format!("{name}: readonly variable"));
        }
        self.store_indexed(name, attrs, key, i, value, false)
    }

    fn assign_elem_general(&mut self, name: &str, key: &str, value: String, append: bool) -> Result<(), String> {
        let name = self.array_target(name)?;
        let (attrs, is_assoc) = match self.vars.get_raw_mut(&name) {
            Some(v) => {
                v.attrs &= !attr::NO_VALUE;
                (v.attrs, v.is_assoc())
            }
            None => (0, false),
        };
        if attrs & attr::READONLY != 0 {
            return Err(format!("{name}: readonly variable"));
        }
        // The old value matters only to `+=`; otherwise whether there is one (the array grows).
        if is_assoc {
            if key.is_empty() {
                return Err(format!("{name}[{key}]: bad array subscript"));
            }
            let (exists, old) = match self.vars.get_raw(&name).and_then(|v| v.value.as_ref()) {
                Some(Value::Assoc(m)) => {
                    let o = m.get(key);
                    (o.is_some(), o.filter(|_| append).cloned())
                }
                _ => (false, None),
            };
            if !exists {
                self.check_array_growth(&name, 1)?;
            }
            let v = self.transform_value(attrs, value, old.as_deref(), append)?;
            if let Some(Value::Assoc(m)) = &mut self.vars.entry(&name).value {
                m.insert(key.to_string(), v);
            }
            return Ok(());
        }
        if key.trim().is_empty() {
            return Err(format!("{name}[{key}]: bad array subscript"));
        }
        let i = self.subscript_num(key)?;
        self.store_indexed(&name, attrs, key, i, value, append)
    }

    /// Store element `i` (from the subscript text `key`; negative counts from the end) of the
    /// indexed array (or string, or unset variable) `name`, with its attributes `attrs`.
    fn store_indexed(&mut self, name: &str, attrs: u16, key: &str, mut i: i64, value: String, append: bool) -> Result<(), String> {
        let (exists, old) = {
            let var = self.vars.get_raw(name);
            match var.and_then(|v| v.value.as_ref()) {
                Some(Value::Indexed(m)) => {
                    if i < 0 {
                        let max = m.keys().next_back().copied().unwrap_or(-1);
                        i += max + 1;
                        if i < 0 {
                            return Err(format!("{name}[{key}]: bad array subscript"));
                        }
                    }
                    let o = m.get(&i);
                    (o.is_some(), o.filter(|_| append).cloned())
                }
                Some(Value::Str(s)) if i == 0 => (true, append.then(|| s.clone())),
                _ => (false, None),
            }
        };
        if i < 0 {
            return Err(format!("{name}[{key}]: bad array subscript"));
        }
        if !exists {
            self.check_array_growth(name, 1)?;
        }
        let v = self.transform_value(attrs, value, old.as_deref(), append)?;
        // (`set -a` exports no array by its elements or its list: bash 5.2.)
        let var = self.vars.entry(name);
        match &mut var.value {
            Some(Value::Indexed(m)) => {
                m.insert(i, v);
            }
            Some(Value::Str(s)) => {
                let mut m = BTreeMap::new();
                m.insert(0, std::mem::take(s));
                m.insert(i, v);
                var.value = Some(Value::Indexed(m));
            }
            _ => {
                let mut m = BTreeMap::new();
                m.insert(i, v);
                var.value = Some(Value::Indexed(m));
            }
        }
        Ok(())
    }

    /// `name[word]=value` with the subscript still a word.
    pub(crate) fn assign_index_word(&mut self, name: &str, idx: &Word, value: String, append: bool) -> Result<(), String> {
        let key = self.subscript_word(name, idx).map_err(|_| "bad subscript".to_string())?;
        self.assign_elem(name, &key, value, append).map_err(|e| bad_subscript_as_written(e, name, idx))
    }

    /// The subscript word of `name[idx]=` expanded. An indexed array's subscript is
    /// arithmetic, expanded as in double quotes: a single-quoted part (`a['2']=3`,
    /// `a[$'1']=x`) keeps its quotes, which the arithmetic then refuses, as bash does. An
    /// associative array's key is a plain word.
    fn subscript_word<'w>(&mut self, name: &str, idx: &'w Word) -> Exec<Cow<'w, str>> {
        // One literal (`a[i]=`, `A[key]=`) is the same text either way: not copied.
        if let [WordPart::Literal(s)] = idx.parts.as_slice() {
            return Ok(Cow::Borrowed(s));
        }
        if self.vars.get(&self.vars.resolve_name(name)).is_some_and(|v| v.is_assoc()) {
            return self.expand_word_str(idx).map(Cow::Owned);
        }
        self.expand_arith_text(idx).map(Cow::Owned)
    }

    /// `name=(items)`: replace (or with `append`, extend) an array. The values were expanded
    /// before; the subscripts of an indexed array are evaluated one by one as the elements
    /// are stored, so `[a[0]]=x` sees the elements stored before it, as in bash.
    pub fn assign_array(&mut self, name: &str, items: Vec<ArrayItem>, append: bool, assoc_hint: bool) -> Result<(), String> {
        // A nameref without a target becomes the array itself.
        if let Some(v) = self.vars.get_raw_mut(name).filter(|v| v.has(attr::NAMEREF) && v.value.is_none()) {
            v.attrs &= !attr::NAMEREF;
            self.warning(&format!("{name}: removing nameref attribute"));
        }
        let name = self.array_target(name)?;
        let (attrs, is_assoc) = match self.vars.get_raw(&name) {
            Some(v) => (v.attrs, v.is_assoc()),
            None => (0, assoc_hint),
        };
        if attrs & attr::READONLY != 0 {
            return Err(format!("{name}: readonly variable"));
        }
        if let Some(v) = self.vars.get_raw_mut(&name) {
            v.attrs &= !attr::NO_VALUE;
        }
        if append {
            self.check_array_growth(&name, items.len())?;
        } else if items.len() > self.shared.limits.max_fields {
            self.shared.trip(crate::limits::LimitExceeded::Fields);
            return Err(String::new());
        }
        if is_assoc {
            return self.assign_assoc(&name, attrs, items, append);
        }
        let start = match (append, self.vars.get_raw_mut(&name).and_then(|v| v.value.take())) {
            (true, Some(Value::Indexed(m))) => m,
            (true, Some(Value::Str(s))) => BTreeMap::from([(0, s)]),
            _ => BTreeMap::new(),
        };
        let mut next = start.keys().next_back().map_or(0, |k| k + 1);
        self.vars.entry(&name).value = Some(Value::Indexed(start));
        for it in items {
            let idx = match &it.key {
                Some(k) => {
                    let mut i = self.subscript_num(k)?;
                    if i < 0 {
                        i += next;
                        if i < 0 {
                            return Err(format!("{name}[{k}]: bad array subscript"));
                        }
                    }
                    i
                }
                None => next,
            };
            let old = match self.vars.get_raw(&name).and_then(|v| v.value.as_ref()) {
                Some(Value::Indexed(m)) if it.append => m.get(&idx).cloned(),
                _ => None,
            };
            let v = self.transform_value(attrs, it.value, old.as_deref(), it.append)?;
            let var = self.vars.entry(&name);
            match &mut var.value {
                Some(Value::Indexed(m)) => {
                    m.insert(idx, v);
                }
                other => *other = Some(Value::Indexed(BTreeMap::from([(idx, v)]))),
            }
            next = idx + 1;
        }
        Ok(())
    }

    /// `name=(...)` for an associative array. The first element decides the form: `[k]=v`
    /// elements (others are ignored with a warning), or `k1 v1 k2 v2` pairs (bash 5.1+).
    /// As in bash 5.2, `[k]+=v` in `name=(...)` appends to the value `k` had before.
    fn assign_assoc(&mut self, name: &str, attrs: u16, items: Vec<ArrayItem>, append: bool) -> Result<(), String> {
        // The old table is taken out (the variable gets the new one at the end).
        let old = match self.vars.get_raw_mut(name).and_then(|v| v.value.take()) {
            Some(Value::Assoc(m)) => m,
            _ => AssocMap::default(),
        };
        let (mut m, old) = if append { (old, AssocMap::default()) } else { (AssocMap::default(), old) };
        if items.first().is_some_and(|it| it.key.is_some()) {
            for it in items {
                let Some(k) = it.key else {
                    self.error(&format!("{name}: {}: must use subscript when assigning associative array", it.value));
                    continue;
                };
                if k.is_empty() {
                    // bash shows the element expanded, each side single-quoted again.
                    let q = crate::util::quote::single_quote;
                    self.error(&format!("[{}]={}: bad array subscript", q(&k), q(&it.value)));
                    continue;
                }
                let before = if !it.append { None } else if append { m.get(&k) } else { old.get(&k) }.cloned();
                let v = self.transform_value(attrs, it.value, before.as_deref(), it.append)?;
                m.insert(k, v);
            }
        } else {
            // Pairs: an element written `[k]=v` is just the word `[k]=v` here.
            let mut words = items.into_iter().map(|it| match it.key {
                Some(k) => format!("[{k}]{}={}", if it.append { "+" } else { "" }, it.value),
                None => it.value,
            });
            while let Some(k) = words.next() {
                let v = self.transform_value(attrs, words.next().unwrap_or_default(), None, false)?;
                m.insert(k, v);
            }
        }
        self.vars.entry(name).value = Some(Value::Assoc(m));
        Ok(())
    }

    /// Perform one assignment of a simple command. Errors (readonly) are printed; with
    /// `fatal` semantics for assignment-only commands bash continues with status 1.
    pub(crate) fn do_assign(&mut self, a: &Assign, temp: bool) -> Exec<()> {
        self.lineno = a.line;
        let trace = self.set_opt(super::options::XTRACE);
        let op = if a.append { "+=" } else { "=" };
        let r = match (&a.value, &a.index) {
            (AssignValue::Scalar(w), None) => {
                let v = self.expand_word_str(w)?;
                if trace {
                    let line = format!("{}{op}{}", a.name, assigned_value_trace(&v, self.byte_locale()));
                    self.xtrace_line(&line);
                }
                self.assign(&a.name, v, a.append)
            }
            (AssignValue::Scalar(w), Some(idx)) => {
                let v = self.expand_word_str(w)?;
                let key = self.subscript_word(&a.name, idx)?;
                if trace {
                    // bash shows the subscript as written, not expanded.
                    let line = format!("{}[{}]{op}{}", a.name, crate::parser::print::word_text(idx), assigned_value_trace(&v, self.byte_locale()));
                    self.xtrace_line(&line);
                }
                self.assign_elem_owned(&a.name, key, v, a.append).map_err(|e| bad_subscript_as_written(e, &a.name, idx))
            }
            (AssignValue::Array(_), Some(idx)) => {
                let key = self.expand_word_str(idx)?;
                Err(format!("{}[{key}]: cannot assign list to array member", a.name))
            }
            // Before a command, bash takes `name=(a b)` as the string `(a b)`.
            (AssignValue::Array(elems), None) if temp => {
                let text: Vec<String> = elems.iter().map(array_elem_text).collect();
                self.assign(&a.name, format!("({})", text.join(" ")), a.append)
            }
            (AssignValue::Array(elems), None) => {
                let assoc = self.vars.get(&a.name).is_some_and(|v| v.is_assoc());
                let items = self.expand_array_elems_as(elems, !assoc)?;
                if trace {
                    // bash shows the literal as written.
                    let text: Vec<String> = elems.iter().map(array_elem_text).collect();
                    let line = format!("{}{op}({})", a.name, text.join(" "));
                    self.xtrace_line(&line);
                }
                self.assign_array(&a.name, items, a.append, false)
            }
        };
        if let Err(msg) = r {
            if !msg.is_empty() {
                self.error(&msg);
            }
            if temp && msg.ends_with("readonly variable") {
                return Ok(());
            }
            if let Some(l) = self.shared.tripped() {
                return Err(Flow::Limit(l));
            }
            return Err(Flow::Abort(1));
        }
        Ok(())
    }

    /// `BASH_EXECUTION_STRING`: the string a `-c` shell runs (not exported, as bash sets it).
    pub(crate) fn set_execution_string(&mut self, script: &str) {
        let v = self.vars.global_entry("BASH_EXECUTION_STRING");
        v.value = Some(Value::Str(script.to_string()));
    }

    /// Set the variables every shell starts with.
    pub fn init_default_vars(&mut self) {
        // PS1 and PS2 are set only in interactive shells (see `bash -i`), as bash does.
        let defaults: [(&str, &str); 11] = [
            ("IFS", " \t\n"),
            ("OPTERR", "1"),
            // bash's default when the environment has no PATH (not exported).
            ("PATH", "/usr/local/bin:/usr/local/sbin:/usr/bin:/usr/sbin:/bin:/sbin:."),
            // The nested shell's command file (bash: the path it was started by).
            ("BASH", "/bin/bash"),
            ("PS4", "+ "),
            ("OPTIND", "1"),
            ("BASH_VERSION", "5.2.15(1)-release"),
            ("HOSTTYPE", "x86_64"),
            ("OSTYPE", "linux-gnu"),
            ("MACHTYPE", "x86_64-pc-linux-gnu"),
            // bash takes it from the user's passwd entry when the environment has none.
            ("SHELL", "/bin/bash"),
        ];
        for (k, v) in defaults {
            if self.vars.get_raw(k).is_none() {
                self.vars.entry(k).value = Some(Value::Str(v.to_string()));
            }
        }
        // Each new shell is one level deeper (exported, as bash does).
        let level = self.vars.get_raw("SHLVL").and_then(|v| v.scalar()).and_then(|s| s.trim().parse::<i64>().ok()).unwrap_or(0);
        let v = self.vars.entry("SHLVL");
        v.value = Some(Value::Str((level.max(0) + 1).to_string()));
        v.attrs |= attr::EXPORT;
        let cwd = self.cwd.clone();
        self.vars.entry("PWD").value = Some(Value::Str(cwd));
        if self.vars.get_raw("PWD").is_some() {
            if let Some(v) = self.vars.get_raw_mut("PWD") {
                v.attrs |= attr::EXPORT;
            }
        }
        let mut m = BTreeMap::new();
        for (i, p) in ["5", "2", "15", "1", "release", "x86_64-pc-linux-gnu"].iter().enumerate() {
            m.insert(i as i64, p.to_string());
        }
        let v = self.vars.entry("BASH_VERSINFO");
        v.value = Some(Value::Indexed(m));
        v.attrs |= attr::READONLY;
        // Computed when read (see `dynamic_var`); the entries carry the readonly attribute.
        for k in ["SHELLOPTS", "BASHOPTS"] {
            let e = self.vars.entry(k);
            e.value = Some(Value::Str(String::new()));
            e.attrs |= attr::READONLY;
        }
        for (k, v) in [("UID", "1000"), ("EUID", "1000"), ("PPID", "4241")] {
            let e = self.vars.entry(k);
            e.value = Some(Value::Str(v.to_string()));
            e.attrs |= attr::READONLY;
        }
    }
}

/// An array literal's element as written (`[k]=v`, `w`).
fn array_elem_text(e: &ArrayElem) -> String {
    match e {
        ArrayElem::Value(w) => crate::parser::print::word_text(w),
        ArrayElem::Keyed { key, value, append } => {
            let op = if *append { "+=" } else { "=" };
            format!("[{}]{op}{}", crate::parser::print::word_text(key), crate::parser::print::word_text(value))
        }
    }
}

/// bash names a refused subscript as it was written (`a[$i]: bad array subscript`).
fn bad_subscript_as_written(e: String, name: &str, idx: &Word) -> String {
    if e.ends_with("]: bad array subscript") {
        format!("{name}[{}]: bad array subscript", crate::parser::print::word_text(idx))
    } else {
        e
    }
}

/// An assigned value as `set -x` shows it: like an argument, but nothing for an empty one.
fn assigned_value_trace(v: &str, bytes: bool) -> String {
    if v.is_empty() {
        String::new()
    } else {
        super::exec::xtrace_quote(v, bytes)
    }
}
