//! Word expansion in bash's order: brace, tilde, parameter, arithmetic and command
//! substitution, word splitting, pathname expansion, quote removal.

use crate::parser::ast::*;

use super::glob::{self, GlobOpts};
use super::options::*;
use super::pattern::{self, MatchOpts, Pattern};
use super::{Exec, Flow, Shell};
use super::assign::ArrayItem;

/// A field being built: its text, where its quoted pattern characters are, and flags.
#[derive(Default, Clone)]
struct Field {
    text: String,
    /// Byte ranges of `text` from quoted parts that hold pattern characters: escaped when the
    /// field is read as a glob pattern. Empty for almost every word, so a field costs one
    /// string, not two.
    quoted_specials: Vec<(usize, usize)>,
    glob: bool,
    /// Unquoted `@(`, `+(` or `!(`: a pattern only when `extglob` is on.
    ext: bool,
    quoted: bool,
}

impl Field {
    fn push_quoted(&mut self, s: &str) {
        if s.contains(pattern::is_special) {
            self.quoted_specials.push((self.text.len(), self.text.len() + s.len()));
        }
        self.text.push_str(s);
        self.quoted = true;
    }
    fn push_unquoted(&mut self, s: &str) {
        // `+(` may be split across parts (`_+` then `(a|b)`).
        if !self.ext && s.starts_with('(') && self.text.ends_with(['@', '+', '!']) {
            self.ext = true;
        }
        self.text.push_str(s);
        if !self.glob && s.contains(['*', '?', '[']) {
            self.glob = true;
        }
        // One byte search first: the substring searches are costly for every unquoted part.
        if !self.ext && s.contains('(') && (s.contains("@(") || s.contains("+(") || s.contains("!(")) {
            self.ext = true;
        }
    }
    /// The field as a glob pattern: its quoted pattern characters escaped.
    fn pattern(&self) -> std::borrow::Cow<'_, str> {
        if self.quoted_specials.is_empty() {
            return std::borrow::Cow::Borrowed(&self.text);
        }
        let mut out = String::with_capacity(self.text.len() + 8);
        let mut at = 0;
        for &(start, end) in &self.quoted_specials {
            out.push_str(&self.text[at..start]);
            out.push_str(&pattern::escape(&self.text[start..end]));
            at = end;
        }
        out.push_str(&self.text[at..]);
        std::borrow::Cow::Owned(out)
    }
}

/// The value of a parameter before it is placed into fields.
pub(crate) enum Val {
    /// One string (possibly unset).
    Str(Option<String>),
    /// Several (`$@`, `${a[@]}`; `star` for `$*`/`${a[*]}`).
    List(Vec<String>, bool),
}

struct Builder {
    fields: Vec<Field>,
    cur: Field,
    /// The current field holds a `"$@"` that expanded to nothing.
    at_empty: bool,
    any: bool,
    /// The last delimiter seen was IFS whitespace that already ended a field.
    ws_split: bool,
}

impl Builder {
    fn new() -> Builder {
        Builder { fields: Vec::new(), cur: Field::default(), at_empty: false, any: false, ws_split: false }
    }
    fn finish_field(&mut self) {
        let f = std::mem::take(&mut self.cur);
        self.fields.push(f);
        self.ws_split = false;
    }
}

impl Shell {
    /// Expand command words (with declaration builtins' assignment arguments kept whole).
    pub(crate) fn expand_command_words(&mut self, words: &[Word]) -> Exec<Vec<String>> {
        let decl = words.first().and_then(|w| w.as_literal()).is_some_and(|n| {
            matches!(n, "declare" | "typeset" | "local" | "export" | "readonly")
        });
        if !decl {
            if matches!(words.first().and_then(|w| w.as_literal()), Some("let" | "eval")) {
                return self.expand_paren_args(words);
            }
            return self.expand_words(words);
        }
        let mut out: Vec<String> = Vec::with_capacity(words.len());
        for w in words {
            // `declare -A` before it: the literals are associative arrays'.
            let assoc_flag = out.iter().skip(1).any(|a| a.starts_with('-') && a.contains('A'));
            if let Some(assign) = self.decl_assign_word(w, assoc_flag)? {
                out.push(assign);
            } else {
                self.expand_fields_into(w, &mut out)?;
            }
        }
        Ok(out)
    }

    /// The words of `let` / `eval`: an argument `name=(a b)` was parsed as an array literal
    /// and is handed over as the text `name=(a b)` of its expanded elements; the others expand
    /// as usual.
    fn expand_paren_args(&mut self, words: &[Word]) -> Exec<Vec<String>> {
        let mut out = Vec::with_capacity(words.len());
        for w in words {
            match (w.parts.first(), w.parts.get(1)) {
                (Some(WordPart::Literal(prefix)), Some(WordPart::ArrayLiteral(elems))) => {
                    let items = self.expand_array_elems(elems)?;
                    let mut text = prefix.clone();
                    text.push('(');
                    for (k, item) in items.iter().enumerate() {
                        if k > 0 {
                            text.push(' ');
                        }
                        if let Some(key) = &item.key {
                            text.push('[');
                            text.push_str(key);
                            text.push_str(if item.append { "]+=" } else { "]=" });
                        }
                        text.push_str(&item.value);
                    }
                    text.push(')');
                    out.push(text);
                }
                _ => self.expand_fields_into(w, &mut out)?,
            }
        }
        Ok(out)
    }

    /// An argument `name=value` of a declaration builtin: expanded without splitting/globbing.
    /// Array literals are encoded for the builtin as `name=(` + quoted elements + `)`.
    fn decl_assign_word(&mut self, w: &Word, assoc_flag: bool) -> Exec<Option<String>> {
        let Some(WordPart::Literal(first)) = w.parts.first() else { return Ok(None) };
        let Some(eq) = first.find('=') else { return Ok(None) };
        let name = &first[..eq];
        let base = name.trim_end_matches('+');
        let base = base.split('[').next().unwrap_or("");
        if !is_name(base) {
            return Ok(None);
        }
        if let Some(WordPart::ArrayLiteral(elems)) = w.parts.get(1) {
            let assoc = assoc_flag || self.vars.get(base).is_some_and(|v| v.is_assoc());
            let items = self.expand_array_elems_tilde(elems, !assoc)?;
            self.decl_arrays.push(items);
            return Ok(Some(format!("{}\u{0}ARR{}", &first[..=eq], self.decl_arrays.len() - 1)));
        }
        let v = self.expand_word_str_tilde(w)?;
        Ok(Some(v))
    }

    /// Expand array literal elements into (optional key, value) pairs.
    pub(crate) fn expand_array_elems(&mut self, elems: &[ArrayElem]) -> Exec<Vec<ArrayItem>> {
        self.expand_elems(elems, false, true)
    }

    /// [`Shell::expand_array_elems`] for `name=(...)`; `braces`: an indexed array's literal,
    /// whose `[k]=v` elements are brace-expanded as whole words (bash does that for
    /// `a=(...)`, not for associative arrays).
    pub(crate) fn expand_array_elems_as(&mut self, elems: &[ArrayElem], braces: bool) -> Exec<Vec<ArrayItem>> {
        self.expand_elems(elems, braces, braces)
    }

    /// [`Shell::expand_array_elems`] for a declaration builtin's `name=(...)`: `tildes` off for
    /// an associative array's literal.
    fn expand_array_elems_tilde(&mut self, elems: &[ArrayElem], tildes: bool) -> Exec<Vec<ArrayItem>> {
        self.expand_elems(elems, false, tildes)
    }

    /// Array literal elements; `braces`: see [`Shell::expand_array_elems_as`]; `tildes`: the
    /// values of `[k]=v` elements get tilde expansion (an indexed array's literal).
    fn expand_elems(&mut self, elems: &[ArrayElem], braces: bool, tildes: bool) -> Exec<Vec<ArrayItem>> {
        let mut out = Vec::new();
        for e in elems {
            match e {
                ArrayElem::Value(w) => {
                    for f in self.expand_word_fields(w)? {
                        out.push(ArrayItem::value(f));
                    }
                }
                ArrayElem::Keyed { key, value, append } => {
                    // bash brace-expands the whole `[k]=v` text first; when that makes several
                    // words they are plain values (`[k]=-{a,b}-` gives `[k]=-a-` `[k]=-b-`).
                    if let Some(words) = braces.then(|| self.keyed_brace_words(key, value, *append)).flatten() {
                        for w in &words {
                            for f in self.expand_word_fields(w)? {
                                out.push(ArrayItem::value(f));
                            }
                        }
                        continue;
                    }
                    let key = Some(self.expand_word_str(key)?);
                    // bash 5.2 does no tilde expansion in an associative array's `[k]=v`
                    // (`~` stays as it is; an indexed array's `[i]=~:~` expands both).
                    let has_tilde = value.parts.iter().any(|p| matches!(p, WordPart::Tilde(_)));
                    let value = if !tildes && has_tilde {
                        let parts = value.parts.iter().map(|p| match p {
                            WordPart::Tilde(user) => WordPart::Literal(format!("~{user}")),
                            p => p.clone(),
                        });
                        self.expand_word_str(&Word { parts: parts.collect() })?
                    } else {
                        self.expand_word_str(value)?
                    };
                    out.push(ArrayItem { key, value, append: *append });
                }
            }
        }
        Ok(out)
    }

    /// The words brace expansion makes of an array element `[key]=value`, when it makes
    /// more than one.
    fn keyed_brace_words(&self, key: &Word, value: &Word, append: bool) -> Option<Vec<Word>> {
        let has_brace = |w: &Word| w.parts.iter().any(|p| matches!(p, WordPart::Literal(s) if s.contains('{')));
        if !has_brace(key) && !has_brace(value) {
            return None;
        }
        let mut parts = vec![WordPart::Literal("[".to_string())];
        parts.extend(key.parts.iter().cloned());
        parts.push(WordPart::Literal(if append { "]+=" } else { "]=" }.to_string()));
        parts.extend(value.parts.iter().cloned());
        let words = super::brace::expand(&Word { parts }, self.shared.limits.max_fields, self.shared.limits.max_string_bytes)?;
        (words.len() > 1).then_some(words)
    }

    /// Expand several words into fields.
    pub fn expand_words(&mut self, words: &[Word]) -> Exec<Vec<String>> {
        let mut out = Vec::with_capacity(words.len());
        for w in words {
            self.expand_fields_into(w, &mut out)?;
            if out.len() > self.shared.limits.max_fields {
                return self.limit_hit(crate::limits::LimitExceeded::Fields);
            }
        }
        Ok(out)
    }

    /// Full expansion of one word into fields.
    pub fn expand_word_fields(&mut self, w: &Word) -> Exec<Vec<String>> {
        let mut out = Vec::new();
        self.expand_fields_into(w, &mut out)?;
        Ok(out)
    }

    /// [`Shell::expand_word_fields`] appending to `out` (no vector per word).
    fn expand_fields_into(&mut self, w: &Word, out: &mut Vec<String>) -> Exec<()> {
        if let Some(s) = plain_field(w) {
            out.push(s.to_string());
            return Ok(());
        }
        if self.set_opt(BRACEEXPAND) && has_brace(w) {
            let Some(words) = super::brace::expand(w, self.shared.limits.max_fields, self.shared.limits.max_string_bytes) else {
                self.shared.trip(crate::limits::LimitExceeded::Expansion);
                return Err(Flow::Limit(crate::limits::LimitExceeded::Expansion));
            };
            if words.len() > 1 || words.first() != Some(w) {
                let start = out.len();
                for bw in &words {
                    self.expand_fields_nobrace(bw, out)?;
                    if out.len() - start > self.shared.limits.max_fields {
                        return self.limit_hit(crate::limits::LimitExceeded::Fields);
                    }
                }
                return Ok(());
            }
        }
        self.expand_fields_nobrace(w, out)
    }

    /// The fields of a word without braces, globbed, appended to `out`.
    fn expand_fields_nobrace(&mut self, w: &Word, out: &mut Vec<String>) -> Exec<()> {
        let mut b = Builder::new();
        for (i, part) in w.parts.iter().enumerate() {
            self.expand_part(part, &mut b, false, i == 0)?;
        }
        // "$@" with no parameters and nothing else produces no field. The last field is not
        // moved into `b.fields` (a word is mostly one field: no vector of them is made).
        let last = (!(b.at_empty && b.cur.text.is_empty())).then(|| std::mem::take(&mut b.cur));
        let noglob = self.set_opt(NOGLOB);
        let extglob = self.shopt(EXTGLOB);
        for f in b.fields.into_iter().chain(last) {
            if f.text.is_empty() && !f.quoted {
                continue;
            }
            // `[` alone (the test command) or `a[b` is no pattern: skip the directory read
            let pat = if (f.glob || (f.ext && extglob)) && !noglob { Some(f.pattern()) } else { None };
            if let Some(pat) = pat.filter(|p| Pattern::has_glob_chars(p, extglob)) {
                let opts = GlobOpts {
                    dotglob: self.shopt(DOTGLOB),
                    nocase: self.shopt(NOCASEGLOB),
                    extglob: self.shopt(EXTGLOB),
                    globstar: self.shopt(GLOBSTAR),
                    dot_dirs: !self.shopt(GLOBSKIPDOTS),
                    bytes: self.byte_locale(),
                };
                let mut matches = glob::expand(&pat, &self.cwd, &*self.fs, opts);
                if let Some(ignore) = self.vars.get_str("GLOBIGNORE").filter(|s| !s.is_empty()).map(str::to_string) {
                    // With GLOBIGNORE set, `.` and `..` never match.
                    matches.retain(|m| !globignored(m, &ignore) && !matches!(m.rsplit('/').next(), Some("." | "..")));
                }
                if !matches.is_empty() {
                    out.extend(matches);
                    continue;
                }
                if self.shopt(NULLGLOB) {
                    continue;
                }
                if self.shopt(FAILGLOB) {
                    self.error(&format!("no match: {}", f.text));
                    return Err(Flow::Abort(1));
                }
            }
            out.push(f.text);
        }
        Ok(())
    }

    fn expand_part(&mut self, part: &WordPart, b: &mut Builder, quoted: bool, first: bool) -> Exec<()> {
        match part {
            WordPart::Literal(s) => {
                if quoted {
                    b.cur.push_quoted(s)
                } else {
                    b.cur.push_unquoted(s)
                }
            }
            WordPart::Escaped(s) | WordPart::SingleQuoted(s) => b.cur.push_quoted(s),
            WordPart::DoubleQuoted(parts) => {
                b.cur.quoted = true;
                for p in parts {
                    self.expand_part(p, b, true, false)?;
                }
            }
            WordPart::Tilde(user) => {
                let _ = first;
                let home = self.tilde(user);
                b.cur.push_quoted(&home);
            }
            WordPart::Param(pe) => {
                if let Some(v) = self.plain_value(pe) {
                    // A set `$name` / `$N`: placed without copying its value first.
                    self.place_str(v, b, quoted);
                    return Ok(());
                }
                if quoted {
                    if let Some(word) = self.selected_word(pe, true)? {
                        // Quoted `"${x:-word}"`: the word is expanded as if in double quotes,
                        // so `"${x:-"${a[@]}"}"` keeps the elements apart.
                        b.cur.quoted = true;
                        for p in &word.parts {
                            self.expand_part(p, b, true, false)?;
                        }
                        return Ok(());
                    }
                }
                if !quoted {
                    if let Some(word) = self.selected_word(pe, false)? {
                        // Unquoted `${x:-word}` / `${x:+word}`: the word's own quoting decides
                        // what is split (`${x:-"a b" c}` gives two fields).
                        for p in &word.parts {
                            match p {
                                // Unquoted text of the word is split like an expansion result.
                                WordPart::Literal(t) => self.place(Val::Str(Some(t.clone())), b, false),
                                other => self.expand_part(other, b, false, false)?,
                            }
                        }
                        return Ok(());
                    }
                }
                let v = self.param_value(pe, quoted)?;
                self.place(v, b, quoted);
            }
            WordPart::CommandSub(list) => {
                let out = self.command_sub(list)?;
                self.place(Val::Str(Some(out)), b, quoted);
            }
            WordPart::BadCommandSub(bad) => self.bad_command_sub(bad),
            WordPart::ArithSub(w) => {
                let n = self.arith_sub(w)?;
                self.place_str(crate::util::int::format_i64(n, &mut [0; 20]), b, quoted);
            }
            WordPart::ProcessSub(out, list) => {
                let path = self.process_sub(*out, list)?;
                b.cur.push_quoted(&path);
            }
            WordPart::ArrayLiteral(elems) => {
                // outside declaration builtins: the literal text
                let items = self.expand_array_elems(elems)?;
                let text: Vec<String> = items.into_iter().map(|it| it.value).collect();
                b.cur.push_quoted(&format!("({})", text.join(" ")));
            }
        }
        Ok(())
    }

    fn tilde(&self, user: &str) -> String {
        if user.is_empty() {
            return self.vars.get_str("HOME").unwrap_or("/home/user").to_string();
        }
        match user {
            "+" => self.vars.get_str("PWD").unwrap_or(&self.cwd).to_string(),
            "-" => self.vars.get_str("OLDPWD").map(str::to_string).unwrap_or_else(|| "~-".to_string()),
            "root" => "/root".to_string(),
            u if Some(u) == self.vars.get_str("USER") => self.vars.get_str("HOME").unwrap_or("/home/user").to_string(),
            _ => self.tilde_dirstack(user).unwrap_or_else(|| format!("~{user}")),
        }
    }

    /// `~N`, `~+N`, `~-N`: entry N of the directory stack as `dirs -v` numbers it (`-`:
    /// counted from the bottom); `None` when out of range or not of that form.
    fn tilde_dirstack(&self, spec: &str) -> Option<String> {
        let (from_bottom, digits) = match spec.as_bytes().first()? {
            b'+' => (false, &spec[1..]),
            b'-' => (true, &spec[1..]),
            _ => (false, spec),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: usize = digits.parse().ok()?;
        let len = self.dir_stack.len() + 1;
        let i = if from_bottom { len.checked_sub(n + 1)? } else { n };
        match i {
            0 => Some(self.cwd.clone()),
            i if i < len => Some(self.dir_stack[len - 1 - i].clone()),
            _ => None,
        }
    }

    /// Put a value into the fields: split when unquoted.
    /// [`Shell::place`] of one string.
    fn place_str(&self, s: &str, b: &mut Builder, quoted: bool) {
        b.any = true;
        if quoted {
            b.cur.push_quoted(s);
        } else {
            self.split_into(s, b);
        }
    }

    fn place(&self, v: Val, b: &mut Builder, quoted: bool) {
        b.any = true;
        match v {
            Val::Str(s) => self.place_str(s.as_deref().unwrap_or(""), b, quoted),
            Val::List(items, star) => {
                if quoted {
                    if star {
                        let sep = self.ifs_first();
                        b.cur.push_quoted(&items.join(sep.as_str()));
                    } else if items.is_empty() {
                        b.at_empty = true;
                    } else {
                        let n = items.len();
                        for (i, it) in items.into_iter().enumerate() {
                            b.cur.push_quoted(&it);
                            if i + 1 < n {
                                b.finish_field();
                            }
                        }
                    }
                } else if let Some(sep) = self.ifs_hard_separator() {
                    // With a non-whitespace first IFS character, the elements are joined by
                    // it and split again, so empty elements give empty fields, as in bash.
                    let mut joined = String::new();
                    for (i, it) in items.iter().enumerate() {
                        if i > 0 {
                            joined.push(sep);
                        }
                        joined.push_str(it);
                    }
                    self.split_into(&joined, b);
                } else {
                    let n = items.len();
                    for (i, it) in items.into_iter().enumerate() {
                        self.split_into(&it, b);
                        if i + 1 < n && (!b.cur.text.is_empty() || b.cur.quoted) {
                            b.finish_field();
                        }
                    }
                }
            }
        }
    }

    /// The first character of `IFS` when it is not IFS whitespace (`IFS=x`, `IFS=':'`).
    fn ifs_hard_separator(&self) -> Option<char> {
        let c = self.vars.get_str("IFS")?.chars().next()?;
        (!matches!(c, ' ' | '\t' | '\n')).then_some(c)
    }

    fn ifs_first(&self) -> String {
        match self.vars.get_str("IFS") {
            None => " ".to_string(),
            Some(s) => s.chars().next().map(String::from).unwrap_or_default(),
        }
    }

    /// Word splitting of an unquoted expansion result into the builder.
    fn split_into(&self, s: &str, b: &mut Builder) {
        let ifs = self.vars.get_str("IFS").unwrap_or(" \t\n");
        // An ASCII IFS (the usual case) is tested byte by byte: no byte of a multi-byte
        // character can be one of its bytes.
        let ascii = ifs.is_ascii();
        let in_ifs = |c: char| if ascii { c.is_ascii() && ifs.as_bytes().contains(&(c as u8)) } else { ifs.contains(c) };
        if ifs.is_empty() || s.is_empty() || (ascii && !s.bytes().any(|c| ifs.as_bytes().contains(&c))) {
            b.cur.push_unquoted(s);
            if !s.is_empty() {
                b.ws_split = false;
            }
            return;
        }
        let mut run_start: Option<usize> = None;
        for (i, c) in s.char_indices() {
            if !in_ifs(c) {
                if run_start.is_none() {
                    run_start = Some(i);
                }
                continue;
            }
            if let Some(st) = run_start.take() {
                b.cur.push_unquoted(&s[st..i]);
                b.ws_split = false;
            }
            if c == ' ' || c == '\t' || c == '\n' {
                if !b.cur.text.is_empty() || b.cur.quoted {
                    b.finish_field();
                    b.ws_split = true;
                }
            } else if b.ws_split {
                b.ws_split = false;
            } else {
                b.cur.quoted = true;
                b.finish_field();
            }
        }
        if let Some(st) = run_start {
            b.cur.push_unquoted(&s[st..]);
            b.ws_split = false;
        }
    }

    /// Expand a word to one string: no splitting, no globbing (assignments, `case`, `[[ ]]`).
    pub fn expand_word_str(&mut self, w: &Word) -> Exec<String> {
        if let [WordPart::Literal(s)] = w.parts.as_slice() {
            return Ok(s.clone());
        }
        let mut out = String::new();
        for p in &w.parts {
            self.expand_part_str(p, &mut out, false)?;
        }
        Ok(out)
    }

    /// Like [`Shell::expand_word_str`], for assignment values (tilde parts expand).
    pub(crate) fn expand_word_str_tilde(&mut self, w: &Word) -> Exec<String> {
        self.expand_word_str(w)
    }

    fn expand_part_str(&mut self, p: &WordPart, out: &mut String, quoted: bool) -> Exec<()> {
        match p {
            WordPart::Literal(s) | WordPart::Escaped(s) | WordPart::SingleQuoted(s) => out.push_str(s),
            WordPart::DoubleQuoted(parts) => {
                for p in parts {
                    self.expand_part_str(p, out, true)?;
                }
            }
            WordPart::Tilde(u) => out.push_str(&self.tilde(u)),
            WordPart::Param(pe) => match self.plain_value(pe) {
                Some(v) => out.push_str(v),
                None => self.expand_param_str(pe, out, quoted)?,
            },
            WordPart::CommandSub(list) => out.push_str(&self.command_sub(list)?),
            WordPart::BadCommandSub(bad) => self.bad_command_sub(bad),
            WordPart::ArithSub(w) => out.push_str(crate::util::int::format_i64(self.arith_sub(w)?, &mut [0; 20])),
            WordPart::ProcessSub(o, list) => out.push_str(&self.process_sub(*o, list)?),
            WordPart::ArrayLiteral(elems) => {
                let items = self.expand_array_elems(elems)?;
                let text: Vec<String> = items.into_iter().map(|it| it.value).collect();
                out.push('(');
                out.push_str(&text.join(" "));
                out.push(')');
            }
        }
        if out.len() > self.shared.limits.max_string_bytes {
            return self.limit_hit(crate::limits::LimitExceeded::Expansion);
        }
        Ok(())
    }

    /// A parameter expansion appended to `out` (the general path of [`Shell::expand_part_str`]).
    fn expand_param_str(&mut self, pe: &ParamExpr, out: &mut String, quoted: bool) -> Exec<()> {
        match self.param_value(pe, true)? {
            Val::Str(s) => out.push_str(s.as_deref().unwrap_or("")),
            Val::List(items, star) => {
                let sep = if star || quoted { self.ifs_first() } else { " ".to_string() };
                let sep = if star { sep } else { " ".to_string() };
                out.push_str(&items.join(&sep));
            }
        }
        Ok(())
    }

    /// Expand a word as a pattern: quoted parts are escaped so they match literally.
    pub fn expand_pattern(&mut self, w: &Word) -> Exec<String> {
        let mut out = String::new();
        for p in &w.parts {
            self.expand_part_pattern(p, &mut out, false)?;
        }
        Ok(out)
    }

    /// The replacement of `${x/p/r}` under `patsub_replacement`: its text with the quoted
    /// `&` and `\` escaped by a backslash, so that only unquoted `&`s stand for the match.
    pub fn expand_replacement(&mut self, w: &Word) -> Exec<String> {
        let mut out = String::new();
        for p in &w.parts {
            self.expand_part_replacement(p, &mut out, false)?;
        }
        Ok(out)
    }

    fn expand_part_replacement(&mut self, p: &WordPart, out: &mut String, quoted: bool) -> Exec<()> {
        match p {
            WordPart::Literal(s) if !quoted => out.push_str(s),
            WordPart::DoubleQuoted(parts) => {
                for p in parts {
                    self.expand_part_replacement(p, out, true)?;
                }
            }
            WordPart::Param(_) | WordPart::CommandSub(_) | WordPart::ArithSub(_) if !quoted => {
                self.expand_part_str(p, out, false)?;
            }
            other => {
                let mut s = String::new();
                self.expand_part_str(other, &mut s, quoted)?;
                for c in s.chars() {
                    if matches!(c, '&' | '\\') {
                        out.push('\\');
                    }
                    out.push(c);
                }
            }
        }
        Ok(())
    }

    fn expand_part_pattern(&mut self, p: &WordPart, out: &mut String, quoted: bool) -> Exec<()> {
        match p {
            WordPart::Literal(s) if !quoted => out.push_str(s),
            WordPart::DoubleQuoted(parts) => {
                for p in parts {
                    self.expand_part_pattern(p, out, true)?;
                }
            }
            WordPart::Param(_) | WordPart::CommandSub(_) | WordPart::ArithSub(_) if !quoted => {
                // unquoted expansions keep their glob characters active
                self.expand_part_str(p, out, false)?;
            }
            other => {
                let mut s = String::new();
                self.expand_part_str(other, &mut s, quoted)?;
                out.push_str(&pattern::escape(&s));
            }
        }
        Ok(())
    }

    /// Does `text` match the pattern `pat` (with the shell's extglob and the given case rule)?
    pub fn pattern_matches(&self, pat: &str, text: &str, nocase: bool) -> bool {
        let opts = MatchOpts { extglob: true, nocase, pathname: false, dotglob: true };
        if !text.is_ascii() && self.byte_locale() {
            return Pattern::new_bytes(pat, opts).matches(text);
        }
        pattern::compiled(pat, opts).matches(text)
    }

    /// Run a command substitution and return its output without trailing newlines.
    pub(crate) fn command_sub(&mut self, list: &crate::parser::ast::List) -> Exec<String> {
        if let Some(target) = read_file_form(list) {
            return self.command_sub_read_file(target);
        }
        let cap = std::sync::Arc::new(super::io::FdObj::Capture(std::sync::Mutex::new(Vec::new())));
        let mut sub = self.make_subshell();
        sub.xtrace_depth += 1;
        sub.fds.set(1, Some(cap.clone()));
        if !self.shopt(INHERIT_ERREXIT) {
            sub.opts.set[ERREXIT] = false;
        }
        let r = sub.run_in_subshell(|s| s.run_list(list));
        drop(sub);
        if !self.job_table.list.is_empty() {
            self.note_ended_jobs();
        }
        let status = r?;
        self.status = status;
        self.last.cmdsub_status = Some(status);
        let bytes = cap.is_capture().unwrap_or_default();
        Ok(self.command_sub_text(bytes))
    }

    /// A backquote body that did not parse: bash reports the error as it would run it, and
    /// the substitution is empty with status 2.
    fn bad_command_sub(&mut self, bad: &crate::parser::ast::BadSubst) {
        let e = &bad.error;
        let saved = self.lineno;
        self.lineno = e.line;
        self.error_in("command substitution: ", &e.message);
        if !e.source_line.is_empty() && !e.incomplete {
            self.error_in("command substitution: ", &format!("`{}'", e.source_line));
        }
        self.lineno = saved;
        self.status = 2;
        self.last.cmdsub_status = Some(2);
    }

    /// The value of a command substitution's output: NUL bytes dropped (with bash's
    /// warning), trailing newlines removed.
    fn command_sub_text(&self, mut bytes: Vec<u8>) -> String {
        if bytes.contains(&0) {
            self.warning("command substitution: ignored null byte in input");
            bytes.retain(|&b| b != 0);
        }
        let mut s = crate::util::bytes::decode_owned(bytes);
        while s.ends_with('\n') {
            s.pop();
        }
        s
    }

    /// `$(< FILE)`: the file's content, without running a command (bash's shortcut).
    fn command_sub_read_file(&mut self, target: &Word) -> Exec<String> {
        let name = self.expand_word_str(target)?;
        let path = crate::fs::join_path(&self.cwd, &name);
        let status = match self.fs.read_file(&path) {
            Ok(bytes) => {
                let s = self.command_sub_text(bytes);
                self.status = 0;
                self.last.cmdsub_status = Some(0);
                return Ok(s);
            }
            Err(e) => {
                self.error(&format!("{name}: {e}"));
                1
            }
        };
        self.status = status;
        self.last.cmdsub_status = Some(status);
        Ok(String::new())
    }

    /// `<(list)` / `>(list)`: run the list now and hand back a file holding its output
    /// (`>(...)`: a file whose content is fed to the list afterwards is not supported; the
    /// list runs with empty input).
    fn process_sub(&mut self, out: bool, list: &crate::parser::ast::List) -> Exec<String> {
        if self.shared.logic {
            // The command is not run (ST-11): see `Shell::refused`.
            self.error("process substitution disabled in logic mode");
            self.line.refused = true;
            return Ok(String::new());
        }
        let id = self.new_pid();
        let path = format!("/tmp/.kitsh-procsub-{id}");
        if out {
            if let Some(running) = self.start_output_procsub(&path, list) {
                self.procsubs.push(running);
                return Ok(path);
            }
            // No named pipe here, or no thread to spare: a file the command writes, which
            // `list` reads when the command is done.
            let _ = self.fs.write_file(&path, b"", crate::fs::WriteMode::Truncate);
            self.procsubs.push(ProcSub::Output(path.clone(), list.clone()));
            return Ok(path);
        }
        let text = self.command_sub_raw(list)?;
        if let Err(e) = self.fs.write_file(&path, &text, crate::fs::WriteMode::Truncate) {
            self.error(&format!("{path}: {e}"));
        }
        self.procsubs.push(ProcSub::Input(path.clone()));
        Ok(path)
    }

    /// `>(list)` as bash runs it: `list` starts at once on a thread of its own, reading the
    /// named pipe `path` that the command writes, so both run alongside (`yes > >(head -1)`
    /// ends). `None` when the filesystem has no named pipes or the concurrent-stage limit is
    /// reached.
    fn start_output_procsub(&mut self, path: &str, list: &crate::parser::ast::List) -> Option<ProcSub> {
        use std::sync::atomic::{AtomicBool, Ordering};
        use std::sync::Arc;
        let shared = Arc::clone(&self.shared);
        if shared.threads.load(Ordering::Relaxed) + 1 > shared.limits.max_concurrent_stages {
            return None;
        }
        self.fs.mkfifo(path, 0o600).ok()?;
        let abandon = Arc::new(AtomicBool::new(false));
        let mut sub = self.make_subshell();
        let (fs, fifo, list, stop) = (Arc::clone(&self.fs), path.to_string(), list.clone(), Arc::clone(&abandon));
        shared.threads.fetch_add(1, Ordering::Relaxed);
        let sh2 = Arc::clone(&shared);
        let spawned = crate::pool::run(move || {
            // The reader waits for the command to open the pipe; a command that never does
            // (`echo >(cat)`) leaves `list` an empty input once it is done.
            let watch: crate::fs::fifo::Watch = {
                let shared = Arc::clone(&sh2);
                Arc::new(move || shared.cancelled() || stop.load(Ordering::SeqCst))
            };
            let input = super::io::FdObj::open_fifo(&fs, &fifo, false, Some(watch)).unwrap_or(super::io::FdObj::Null);
            sub.fds.set(0, Some(Arc::new(input)));
            let r = sub.run_in_subshell(|s| s.run_list(&list));
            drop(sub);
            sh2.threads.fetch_sub(1, Ordering::Relaxed);
            match r {
                Err(Flow::Limit(l)) => Some(l),
                _ => None,
            }
        });
        match spawned {
            Some(h) => Some(ProcSub::Running {
                path: path.to_string(),
                abandon,
                thread: Arc::new(std::sync::Mutex::new(Some(h))),
            }),
            None => {
                shared.threads.fetch_sub(1, Ordering::Relaxed);
                let _ = self.fs.remove_file(path);
                None
            }
        }
    }

    /// After a command: run the `>(list)`s it wrote to on what it wrote, and remove the
    /// files of its process substitutions, those registered since `mark` (the length of
    /// `procsubs` when the command started). `exec` redirections keep theirs.
    pub(crate) fn finish_procsubs(&mut self, mark: usize) -> Exec<()> {
        if self.procsubs.len() <= mark || self.keep_redirects {
            return Ok(());
        }
        for p in self.procsubs.split_off(mark) {
            match p {
                ProcSub::Input(path) => {
                    let _ = self.fs.remove_file(&path);
                }
                ProcSub::Output(path, list) => {
                    let data = self.fs.read_file(&path).unwrap_or_default();
                    let _ = self.fs.remove_file(&path);
                    let mut sub = self.make_subshell();
                    sub.fds.set(0, Some(std::sync::Arc::new(super::io::FdObj::Bytes(std::sync::Mutex::new((data, 0))))));
                    let r = sub.run_in_subshell(|s| s.run_list(&list));
                    drop(sub);
                    r?;
                }
                ProcSub::Running { path, abandon, thread } => {
                    // The command has closed its end: the list reads what is left, then the
                    // end of its input. Waiting for it keeps its output before what follows.
                    abandon.store(true, std::sync::atomic::Ordering::SeqCst);
                    let handle = thread.lock().unwrap_or_else(|e| e.into_inner()).take();
                    let limit = handle.and_then(|h| h.join().ok().flatten());
                    let _ = self.fs.remove_file(&path);
                    if let Some(l) = limit {
                        return Err(Flow::Limit(l));
                    }
                }
            }
        }
        Ok(())
    }

    fn command_sub_raw(&mut self, list: &crate::parser::ast::List) -> Exec<Vec<u8>> {
        let cap = std::sync::Arc::new(super::io::FdObj::Capture(std::sync::Mutex::new(Vec::new())));
        let mut sub = self.make_subshell();
        sub.fds.set(1, Some(cap.clone()));
        let r = sub.run_in_subshell(|s| s.run_list(list));
        drop(sub);
        r?;
        Ok(cap.is_capture().unwrap_or_default())
    }
}

/// A process substitution of the running command, finished when the command is done.
#[derive(Clone)]
pub(crate) enum ProcSub {
    /// `<(list)`: the file holding what `list` wrote.
    Input(String),
    /// `>(list)` without a named pipe: the file the command writes, and the list to run on it.
    Output(String, crate::parser::ast::List),
    /// `>(list)` running alongside the command, reading the named pipe `path`; `abandon`
    /// ends its wait for a writer that never came.
    Running {
        /// The named pipe.
        path: String,
        /// Set when the command is done.
        abandon: std::sync::Arc<std::sync::atomic::AtomicBool>,
        /// The pooled job running the list: a limit it hit, if any.
        thread: std::sync::Arc<std::sync::Mutex<Option<crate::pool::Joinable<Option<crate::limits::LimitExceeded>>>>>,
    },
}

/// The file of `$(< FILE)`: a list that is one simple command made of one input redirection.
fn read_file_form(list: &crate::parser::ast::List) -> Option<&Word> {
    let [item] = list.items.as_slice() else { return None };
    if item.background || !item.and_or.rest.is_empty() {
        return None;
    }
    let p = &item.and_or.first;
    let ([Command::Simple(sc)], false, None) = (p.commands.as_slice(), p.negate, p.time) else { return None };
    let [r] = sc.redirects.as_slice() else { return None };
    if !sc.words.is_empty() || !sc.assigns.is_empty() || r.op != RedirOp::In || !matches!(r.fd, RedirFd::Default | RedirFd::Number(0)) {
        return None;
    }
    match &r.target {
        RedirTarget::Word(w) => Some(w),
        _ => None,
    }
}

fn has_brace(w: &Word) -> bool {
    w.parts.iter().any(|p| matches!(p, WordPart::Literal(s) if s.contains('{')))
}

fn globignored(path: &str, ignore: &str) -> bool {
    let opts = MatchOpts { extglob: true, nocase: false, pathname: true, dotglob: true };
    split_globignore(ignore).any(|p| Pattern::new(p, opts).matches(path))
}

/// The patterns of `GLOBIGNORE`: separated by `:` outside bracket expressions
/// (`[[:alnum:]]*` is one pattern).
fn split_globignore(s: &str) -> impl Iterator<Item = &str> {
    let b = s.as_bytes();
    let mut parts = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' => {
                // Skip to the closing `]` of the bracket expression, if any.
                let mut j = i + 1;
                if j < b.len() && (b[j] == b'!' || b[j] == b'^') {
                    j += 1;
                }
                if j < b.len() && b[j] == b']' {
                    j += 1;
                }
                while j < b.len() && b[j] != b']' {
                    if b[j] == b'[' && j + 1 < b.len() && matches!(b[j + 1], b':' | b'.' | b'=') {
                        let close = [b[j + 1], b']'];
                        match b[j + 2..].windows(2).position(|w| w == close) {
                            Some(k) => j += 2 + k + 2,
                            None => j += 1,
                        }
                    } else {
                        j += 1;
                    }
                }
                if j < b.len() {
                    i = j;
                }
            }
            b':' => {
                parts.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&s[start..]);
    parts.into_iter()
}

/// A variable name or an array element written as text: `name` or `name[...]` (what
/// `declare -n`, `printf -v` and other run-time names accept).
/// The one field of a word that expands to its own text: a literal without characters that
/// brace expansion, tilde expansion or globbing act on, or one single-quoted string.
fn plain_field(w: &Word) -> Option<&str> {
    match w.parts.as_slice() {
        [WordPart::Literal(s)] if !s.contains(['{', '*', '?', '[', '~', '(']) => Some(s),
        [WordPart::SingleQuoted(s)] => Some(s),
        _ => None,
    }
}

pub(crate) fn is_name_or_element(s: &str) -> bool {
    match s.find('[') {
        None => is_name(s),
        Some(open) => s.ends_with(']') && is_name(&s[..open]),
    }
}

/// Is `s` a valid variable name?
pub fn is_name(s: &str) -> bool {
    let mut cs = s.chars();
    matches!(cs.next(), Some(c) if c == '_' || c.is_ascii_alphabetic()) && cs.all(|c| c == '_' || c.is_ascii_alphanumeric())
}

#[cfg(test)]
mod tests {
    use crate::interp::builtins::run_for_test as out;

    #[test]
    fn output_process_substitution_reads_what_the_command_wrote() {
        assert_eq!(out("seq 3 > >(tac)"), "3\n2\n1\n0");
        assert_eq!(out("{ echo 1; echo 2; } > >(tac); echo after"), "2\n1\nafter\n0");
        assert_eq!(out("echo hello | tee >(tr a-z A-Z) >/dev/null"), "HELLO\n0");
        assert_eq!(out("f() { echo out; echo err >&2; }; f 2> >(sed 's/^/E: /')"), "out\nE: err\n0");
        assert_eq!(out("echo x > >(cat); ls /tmp/.kitsh-procsub-* 2>/dev/null | wc -l"), "x\n0\n0");
    }

    /// The Oils suite's bash feeds a here-document of an assignment-only command to the
    /// command substitution in the value (bash 5.2.15 does not); other redirections come after.
    #[test]
    fn heredoc_feeds_an_assignment_command_substitution() {
        assert_eq!(out("p=`tr '\\n' :` <<E\n/a\n/b\nE\necho \"$p\""), "/a:/b:\n0");
        assert_eq!(out("v=$(echo e >&2) 2>/dev/null; echo \"[$v]\""), "[]\ne\n0");
    }
}
