//! Parameter expansion: `$x`, `${x:-w}`, `${#a[@]}`, `${x//p/r}`, `${!ref}`, `${x@Q}`, ...

use crate::parser::ast::*;

use super::expand::{is_name, Val};
use super::options::*;
use std::rc::Rc;

use super::pattern::{self, byte_chars, from_byte_chars, MatchOpts, Pattern};
use super::vars::{attr, Value, Var};
use crate::util::locale;
use super::{Exec, Flow, Shell};

impl Shell {
    /// An unset variable under `set -u` or `${x:?}`: a non-interactive shell exits, as bash
    /// 5.2 does, with status 127 when the script was given with `-c` (kitsh's library runs
    /// scripts that way), the error is not in a subshell and `set -e` is off, else with status
    /// 1 (a script file or standard input, a subshell, a command substitution, `set -e`).
    pub(crate) fn fatal_expansion(&self) -> Flow {
        // An interactive shell abandons the line and reads the next one.
        if self.opts.interactive {
            return Flow::Abort(1);
        }
        if self.opts.invocation == 'c' && self.proc.subshell == 0 && !self.set_opt(super::options::ERREXIT) {
            Flow::Exit(127)
        } else {
            Flow::Exit(1)
        }
    }

    /// The value of a special or dynamic variable (`RANDOM`, `LINENO`, ...), if `name` is one.
    pub(crate) fn dynamic_var(&mut self, name: &str) -> Option<Val> {
        let s = match name {
            "RANDOM" if self.random.special => self.next_random().to_string(),
            "LINENO" => self.lineno.to_string(),
            "SECONDS" => self.start.elapsed().as_secs().to_string(),
            "BASHPID" => self.proc.bashpid.to_string(),
            "BASH_COMMAND" => self.last.bash_command.clone(),
            "_" => self.last.last_arg.clone(),
            "SHELLOPTS" => self.opts.shellopts(),
            "BASHOPTS" => self.opts.bashopts(),
            "BASH_SUBSHELL" => self.proc.subshell.to_string(),
            "EPOCHSECONDS" => now_secs().to_string(),
            "EPOCHREALTIME" => {
                let d = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
                format!("{}.{:06}", d.as_secs(), d.subsec_micros())
            }
            "SRANDOM" => srandom().to_string(),
            "PPID" if self.vars.get_raw("PPID").is_none() => "4241".to_string(),
            "FUNCNAME" | "PIPESTATUS" | "BASH_SOURCE" | "BASH_LINENO" | "GROUPS" | "DIRSTACK" => {
                return Some(Val::List(self.dynamic_array(name)?, false));
            }
            _ => return None,
        };
        Some(Val::Str(Some(s)))
    }

    /// Names of the computed variables that are set now (what `[[ -v ]]`, `${!prefix*}` and
    /// `compgen -v` see besides the stored ones), computing none of their values (`$RANDOM`
    /// must not advance).
    pub(crate) fn dynamic_names(&self) -> Vec<&'static str> {
        let mut out = Vec::with_capacity(24);
        for n in [
            "LINENO", "SECONDS", "BASHPID", "BASH_COMMAND", "BASH_SUBSHELL", "EPOCHSECONDS", "EPOCHREALTIME", "SRANDOM",
            "PIPESTATUS", "GROUPS", "DIRSTACK", "BASH_SOURCE", "BASH_LINENO",
        ] {
            if self.vars.get_raw(n).is_none() {
                out.push(n);
            }
        }
        if self.random.special && self.vars.get_raw("RANDOM").is_none() {
            out.push("RANDOM");
        }
        if self.vars.get_raw("PPID").is_none() {
            out.push("PPID");
        }
        // `FUNCNAME` exists only while a function runs.
        if self.vars.get_raw("FUNCNAME").is_none() && !self.stack.frames.iter().all(|f| f.is_source()) {
            out.push("FUNCNAME");
        }
        out
    }

    /// Array-valued dynamic variables.
    pub(crate) fn dynamic_array(&self, name: &str) -> Option<Vec<String>> {
        match name {
            "FUNCNAME" => {
                // Exists only while a function runs (a `source` frame alone does not count).
                if self.stack.frames.iter().all(|f| f.is_source()) {
                    return if self.vars.get_raw("FUNCNAME").is_some() { None } else { Some(Vec::new()) };
                }
                let mut v: Vec<String> = self.stack.frames.iter().rev().map(|f| f.name().to_string()).collect();
                // The `main` pseudo-frame exists only when running a script file.
                if self.opts.invocation == '\0' {
                    v.push("main".to_string());
                }
                Some(v)
            }
            "PIPESTATUS" => Some(self.last.pipestatus.iter().map(|s| s.to_string()).collect()),
            "BASH_SOURCE" => {
                let mut v: Vec<String> = self.stack.frames.iter().rev().map(|f| self.frame_file(f)).collect();
                if self.opts.invocation == '\0' {
                    v.push(self.arg0.clone());
                }
                Some(v)
            }
            "BASH_LINENO" => {
                let mut v: Vec<String> = self.stack.frames.iter().rev().map(|f| f.call_line.to_string()).collect();
                if self.opts.invocation == '\0' {
                    v.push("0".to_string());
                }
                Some(v)
            }
            "GROUPS" => Some(vec!["1000".to_string()]),
            "DIRSTACK" => {
                let mut v = vec![self.cwd.clone()];
                v.extend(self.dir_stack.iter().rev().cloned());
                Some(v)
            }
            _ => None,
        }
    }

    /// A frame's `BASH_SOURCE` entry: the sourced file, or the file the function was
    /// defined in (`main` on standard input, `environment` under `-c`, as bash names them).
    fn frame_file(&self, f: &super::Frame) -> String {
        if let Some(file) = &f.file {
            return file.to_string();
        }
        match f.func.as_ref().and_then(|d| self.defs.func_files.get(&d.name)) {
            Some(file) => file.to_string(),
            None if self.opts.invocation == 'c' => "environment".to_string(),
            None if self.opts.invocation == '\0' => self.arg0.clone(),
            None => "main".to_string(),
        }
    }

    /// The values of array `name` (or a scalar as a one-element list), in index order.
    pub(crate) fn array_values(&mut self, name: &str) -> Option<Vec<String>> {
        if self.vars.get(name).is_none() {
            if let Some(v) = self.dynamic_array(name) {
                return Some(v);
            }
        }
        let var = self.vars.get(name)?;
        match var.value.as_ref()? {
            Value::Str(s) => Some(vec![s.clone()]),
            Value::Indexed(m) => Some(m.values().cloned().collect()),
            Value::Assoc(m) => Some(m.iter().into_iter().map(|(_, v)| v.clone()).collect()),
        }
    }

    /// The keys of array `name`.
    pub(crate) fn array_keys(&mut self, name: &str) -> Vec<String> {
        if self.vars.get(name).is_none() {
            if let Some(v) = self.dynamic_array(name) {
                return (0..v.len()).map(|i| i.to_string()).collect();
            }
        }
        match self.vars.get(name).and_then(|v| v.value.as_ref()) {
            Some(Value::Str(_)) => vec!["0".to_string()],
            Some(Value::Indexed(m)) => m.keys().map(|k| k.to_string()).collect(),
            Some(Value::Assoc(m)) => m.iter().into_iter().map(|(k, _)| k.clone()).collect(),
            None => Vec::new(),
        }
    }

    /// `name[idx]` for a subscript expression.
    pub(crate) fn array_elem(&mut self, name: &str, idx: &Word) -> Exec<Option<String>> {
        // A name that is no nameref is used as it is (no copy, one lookup).
        let resolved;
        let (name, is_assoc) = match self.vars.get_raw(name) {
            Some(v) if v.has(attr::NAMEREF) => {
                resolved = self.vars.resolve_name(name).into_owned();
                let is_assoc = self.vars.get_raw(&resolved).is_some_and(|v| v.is_assoc());
                (resolved.as_str(), is_assoc)
            }
            v => (name, v.is_some_and(|v| v.is_assoc())),
        };
        if is_assoc {
            // `${A[$k]}` with `k` a plain set string variable: its text is the key, uncopied.
            if let Some(k) = plain_var_word(idx) {
                if let Some(Var { value: Some(Value::Str(key)), attrs, .. }) = self.vars.get_raw(k) {
                    // (Computed variables keep no text to borrow.)
                    if *attrs & attr::NAMEREF == 0 && !key.is_empty() && !matches!(k, "RANDOM" | "SHELLOPTS" | "BASHOPTS") {
                        return Ok(self.vars.get_raw(name).and_then(|v| match &v.value {
                            Some(Value::Assoc(m)) => m.get(key).cloned(),
                            _ => None,
                        }));
                    }
                }
            }
            let key = self.expand_word_str(idx)?;
            if key.is_empty() {
                // An associative array has no empty key: bash reports it and goes on.
                self.error(&format!("{name}: bad array subscript"));
                return Ok(None);
            }
            return Ok(self.vars.get_raw(name).and_then(|v| match &v.value {
                Some(Value::Assoc(m)) => m.get(&key).cloned(),
                _ => None,
            }));
        }
        if idx.parts.is_empty() {
            self.error(&format!("{name}[]: bad array subscript"));
            return Err(Flow::Abort(1));
        }
        let i = match self.arith_word(idx) {
            Ok(i) => i,
            Err(e) => {
                // A bad subscript abandons the line up to the top level (`Shell::discard`).
                self.line.discard |= matches!(e, Flow::Abort(_));
                return Err(e);
            }
        };
        let Some(var) = self.vars.get(&name) else {
            if let Some(v) = self.dynamic_array(&name) {
                let i = if i < 0 { i + v.len() as i64 } else { i };
                return Ok(usize::try_from(i).ok().and_then(|i| v.get(i).cloned()));
            }
            return Ok(None);
        };
        let found = match &var.value {
            Some(Value::Str(s)) => (i == 0 || i == -1).then(|| s.clone()),
            Some(Value::Indexed(m)) => {
                let i = if i < 0 {
                    let max = m.keys().next_back().copied().unwrap_or(-1);
                    let j = max + 1 + i;
                    if j < 0 {
                        self.error(&format!("{name}: bad array subscript"));
                        return Ok(None);
                    }
                    j
                } else {
                    i
                };
                m.get(&i).cloned()
            }
            _ => None,
        };
        Ok(found)
    }

    /// Look up a parameter without applying an operator.
    fn param_base(&mut self, p: &Param) -> Exec<Val> {
        Ok(match p {
            Param::Var(name) => {
                // Stored (readonly) but computed from the current options.
                if matches!(name.as_str(), "SHELLOPTS" | "BASHOPTS") {
                    if let Some(v) = self.dynamic_var(name) {
                        return Ok(v);
                    }
                }
                // One lookup: a variable that is not a nameref is what `Vars::get` would give.
                let found = match self.vars.get_raw(name) {
                    Some(v) if v.has(attr::NAMEREF) => return self.nameref_value(name),
                    Some(v) => Some(v.scalar().map(str::to_string)),
                    None => None,
                };
                if self.random.special && name == "RANDOM" {
                    return Ok(Val::Str(Some(self.next_random().to_string())));
                }
                if let Some(v) = found {
                    return Ok(Val::Str(v));
                }
                if let Some(v) = self.dynamic_var(name) {
                    return Ok(match v {
                        Val::List(items, _) => Val::Str(items.into_iter().next()),
                        s => s,
                    });
                }
                Val::Str(None)
            }
            Param::Positional(0) => Val::Str(Some(self.arg0.clone())),
            Param::Positional(n) => Val::Str(self.positional.get(n - 1).cloned()),
            Param::Special(c) => match c {
                '@' => Val::List(self.positional.clone(), false),
                '*' => Val::List(self.positional.clone(), true),
                '#' => Val::Str(Some(self.positional.len().to_string())),
                '?' => Val::Str(Some(self.status.to_string())),
                '-' => Val::Str(Some(self.opts.dash_flags())),
                '$' => Val::Str(Some(self.proc.pid.to_string())),
                '!' => Val::Str(self.job_table.last_bg.map(|p| p.to_string())),
                '0' => Val::Str(Some(self.arg0.clone())),
                '_' => Val::Str(Some(self.last.last_arg.clone())),
                _ => Val::Str(None),
            },
            Param::Indexed(name, Index::At) => match self.array_values(name) {
                Some(v) => Val::List(v, false),
                None => Val::List(Vec::new(), false),
            },
            Param::Indexed(name, Index::Star) => match self.array_values(name) {
                Some(v) => Val::List(v, true),
                None => Val::List(Vec::new(), true),
            },
            Param::Indexed(name, Index::Expr(w)) => Val::Str(self.array_elem(name, w)?),
        })
    }

    /// The value of the nameref `name`: its target's, where the target may be an array
    /// element (`declare -n r='a[2]'`) or a whole array joined (`'a[@]'`). A circular chain
    /// warns and gives nothing, as bash does.
    fn nameref_value(&mut self, name: &str) -> Exec<Val> {
        if self.vars.nameref_cycle(name) {
            self.warning(&format!("{name}: circular name reference"));
            return Ok(Val::Str(None));
        }
        let target = self.vars.resolve_name(name).into_owned();
        if target.contains('[') {
            // `declare -n r='a[@]'`: `"$r"` is `"${a[@]}"` (operators see the elements
            // joined, see `param_value`).
            return Ok(match parse_param_ref(&target) {
                Some(p @ Param::Indexed(..)) => self.param_base(&p)?,
                _ => Val::Str(None),
            });
        }
        Ok(Val::Str(self.vars.get_raw(&target).and_then(|v| v.scalar().map(str::to_string))))
    }

    fn param_display_name(p: &Param) -> String {
        match p {
            Param::Var(n) => n.clone(),
            Param::Positional(n) => n.to_string(),
            Param::Special(c) => c.to_string(),
            Param::Indexed(n, Index::At) => format!("{n}[@]"),
            Param::Indexed(n, Index::Star) => format!("{n}[*]"),
            Param::Indexed(n, Index::Expr(_)) => n.clone(),
        }
    }

    /// Resolve `${!name}` indirection to the parameter it names.
    fn indirect_target(&mut self, p: &Param) -> Exec<Option<Param>> {
        let v = self.param_base(p)?;
        let target = match v {
            Val::Str(Some(s)) => s,
            Val::List(items, _) => items.join(" "),
            // An array without element 0 refers to nothing, without an error (as in bash).
            Val::Str(None) if matches!(p, Param::Var(n) if self.vars.get(n).is_some_and(|v| v.is_indexed() || v.is_assoc())) => {
                return Ok(None);
            }
            Val::Str(None) => {
                // Not fatal under `set -u` either (bash 5.2): the command fails.
                self.error(&format!("{}: invalid indirect expansion", Self::param_display_name(p)));
                return Err(Flow::Abort(1));
            }
        };
        Ok(Some(parse_param_ref(&target).ok_or_else(|| {
            self.error(&format!("{target}: invalid variable name"));
            Flow::Abort(1)
        })?))
    }

    /// The value of a plain `$name`, `${name}` or `$N` that is set, borrowed: what
    /// [`Shell::param_value`] would give, without copying it. `None` for everything else
    /// (operators, arrays, namerefs, computed variables, unset ones), which takes the
    /// general path.
    pub(crate) fn plain_value(&self, pe: &ParamExpr) -> Option<&str> {
        if pe.indirect || !matches!(pe.op, ParamOp::None) {
            return None;
        }
        match &pe.param {
            Param::Var(name) => {
                if matches!(name.as_str(), "SHELLOPTS" | "BASHOPTS" | "RANDOM") {
                    return None;
                }
                match self.vars.get_raw(name)? {
                    v if v.has(attr::NAMEREF) => None,
                    v => match v.value.as_ref()? {
                        Value::Str(s) => Some(s),
                        _ => None,
                    },
                }
            }
            Param::Positional(n) if *n > 0 => self.positional.get(n - 1).map(String::as_str),
            _ => None,
        }
    }

    /// Expand a `${...}` / `$x`.
    pub(crate) fn param_value(&mut self, pe: &ParamExpr, quoted: bool) -> Exec<Val> {
        // bash (bug #627 of Oils): unquoted `${!prefix*}` and `${!a[*]}` with an empty IFS are
        // one word, joined with nothing and with a space respectively.
        let ifs_empty_star = |sh: &Self, star: bool| !quoted && star && sh.vars.get_str("IFS") == Some("");
        // The parser hands invalid `${...}` text over as a name that is not one.
        if let Param::Var(text) = &pe.param {
            if !is_name(text) {
                self.error(&format!("${{{text}}}: bad substitution"));
                return Err(Flow::Abort(1));
            }
        }
        match &pe.op {
            ParamOp::NamesWithPrefix(star) => {
                let Param::Var(prefix) = &pe.param else { return Ok(Val::Str(None)) };
                let mut names: Vec<String> =
                    self.vars.visible().into_iter().filter(|(k, v)| k.starts_with(prefix.as_str()) && (v.is_set() || v.attrs != 0)).map(|(k, _)| k.clone()).collect();
                let computed: Vec<String> = self.dynamic_names().into_iter().filter(|n| n.starts_with(prefix.as_str())).map(str::to_string).collect();
                if !computed.is_empty() {
                    names.extend(computed);
                    names.sort_unstable();
                    names.dedup();
                }
                if ifs_empty_star(self, *star) {
                    return Ok(Val::Str(Some(names.concat())));
                }
                return Ok(Val::List(names, *star));
            }
            ParamOp::Keys => {
                let (name, star) = match &pe.param {
                    Param::Indexed(n, Index::Star) => (n, true),
                    Param::Indexed(n, _) => (n, false),
                    _ => return Ok(Val::Str(None)),
                };
                let name = self.vars.resolve_name(name).into_owned();
                let keys = self.array_keys(&name);
                if ifs_empty_star(self, star) {
                    return Ok(Val::Str(Some(keys.join(" "))));
                }
                return Ok(Val::List(keys, star));
            }
            // `${#a[i]}`: of an unset array 0, with no subscript evaluated; under
            // `set -u` an unset array is an error that abandons the line (status 1) and a
            // missing element of a set one counts 0, as in bash.
            ParamOp::Length if !pe.indirect => {
                if let Param::Indexed(name, Index::Expr(idx)) = &pe.param {
                    let name = self.vars.resolve_name(name).into_owned();
                    let nounset = self.set_opt(NOUNSET);
                    let unbound = |sh: &mut Self| {
                        sh.error(&format!("{name}: unbound variable"));
                        Err(Flow::Abort(1))
                    };
                    match self.vars.get(&name).filter(|v| !v.has(attr::NO_VALUE)).and_then(|v| v.value.as_ref()) {
                        None if self.dynamic_array(&name).is_none_or(|v| v.is_empty()) => {
                            if nounset {
                                return unbound(self);
                            }
                            return Ok(Val::Str(Some("0".to_string())));
                        }
                        v if nounset => {
                            let scalar = matches!(v, Some(Value::Str(_)));
                            let n = match self.array_elem(&name, idx)? {
                                Some(s) if !s.is_ascii() && self.byte_locale() => crate::util::bytes::encode(&s).len(),
                                Some(s) => s.chars().count(),
                                None if scalar => return unbound(self),
                                None => 0,
                            };
                            return Ok(Val::Str(Some(n.to_string())));
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        // The parameter as written (not copied: this runs for every `$x`), or the one an
        // indirection names.
        let target;
        let param = if pe.indirect {
            // `${!ref}` of a nameref is the name it finally refers to.
            if let Param::Var(n) = &pe.param {
                if self.vars.get_raw(n).is_some_and(|v| v.has(attr::NAMEREF) && v.value.is_some()) {
                    let target = Val::Str(Some(self.vars.resolve_name(n).into_owned()));
                    return self.apply_op(&pe.param, target, &pe.op, self.null_test(quoted, true));
                }
            }
            match self.indirect_target(&pe.param)? {
                Some(p) => {
                    target = p;
                    &target
                }
                None => {
                    return match &pe.op {
                        ParamOp::None => Ok(Val::Str(None)),
                        _ => self.apply_op(&Param::Var(String::new()), Val::Str(None), &pe.op, self.null_test(quoted, true)),
                    }
                }
            }
        } else {
            &pe.param
        };
        let mut val = self.param_base(param)?;
        // A name gives a list only through `declare -n r='a[@]'`: `$r` is then `${a[@]}`
        // (separate words), but an operator sees the elements joined, as in bash.
        if let (Val::List(items, _), Param::Var(_)) = (&val, param) {
            if !matches!(pe.op, ParamOp::None) {
                val = Val::Str(Some(items.join(" ")));
            }
        }
        let test = self.null_test(quoted, pe.indirect);
        self.apply_op(param, val, &pe.op, test)
    }

    /// For `${x:-word}` / `${x:+word}` on a plain parameter: the word, when it is the one that
    /// will be substituted (`None` otherwise, or for other operators).
    pub(crate) fn selected_word<'w>(&mut self, pe: &'w ParamExpr, quoted: bool) -> Exec<Option<&'w Word>> {
        let (colon, word, default) = match &pe.op {
            ParamOp::Default { colon, word } => (*colon, word, true),
            ParamOp::Alternative { colon, word } => (*colon, word, false),
            _ => return Ok(None),
        };
        let val = if pe.indirect {
            match self.indirect_target(&pe.param)? {
                Some(p) => self.param_base(&p)?,
                None => Val::Str(None),
            }
        } else {
            match self.param_base(&pe.param)? {
                // A nameref to `a[@]`: the operator sees the elements joined.
                Val::List(items, _) if matches!(pe.param, Param::Var(_)) => Val::Str(Some(items.join(" "))),
                v => v,
            }
        };
        let (is_set, is_null) = set_and_null(&val, self.null_test(quoted, pe.indirect));
        let missing = (colon && is_null) || !is_set;
        Ok((missing == default).then_some(word))
    }

    fn unbound(&mut self, p: &Param) -> Flow {
        self.error(&format!("{}: unbound variable", Self::param_display_name(p)));
        self.fatal_expansion()
    }

    /// The context of a null test (see [`set_and_null`]).
    fn null_test(&self, quoted: bool, indirect: bool) -> NullTest {
        NullTest { quoted, indirect, ifs_sep: self.vars.get_str("IFS").is_none_or(|s| !s.is_empty()) }
    }

    fn apply_op(&mut self, param: &Param, val: Val, op: &ParamOp, test: NullTest) -> Exec<Val> {
        let (is_set, is_null) = set_and_null(&val, test);
        let special_list = matches!(param, Param::Special('@') | Param::Special('*') | Param::Indexed(_, Index::At) | Param::Indexed(_, Index::Star));
        if let ParamOp::Transform('a') = op {
            if !is_set && self.set_opt(NOUNSET) && !special_list {
                return Err(self.unbound(param));
            }
            // `${x@a}`: the variable's attribute letters, once per value (also when the
            // element is unset but the variable exists: `${A@a}` of an associative array).
            let flags = match param {
                Param::Var(n) | Param::Indexed(n, _) => self.attribute_letters(n),
                _ => String::new(),
            };
            let exists = matches!(param, Param::Var(n) | Param::Indexed(n, _) if self.vars.get(n).is_some());
            return Ok(match val {
                Val::Str(Some(_)) => Val::Str(Some(flags)),
                Val::Str(None) if exists => Val::Str(Some(flags)),
                Val::Str(None) => Val::Str(None),
                Val::List(items, star) => Val::List(items.iter().map(|_| flags.clone()).collect(), star),
            });
        }
        if let (ParamOp::Transform(c @ ('K' | 'k')), Param::Indexed(name, idx @ (Index::At | Index::Star))) = (op, param) {
            if let Some(v) = self.key_value_form(name, *c == 'K', matches!(idx, Index::Star)) {
                return Ok(v);
            }
        }
        if let ParamOp::Transform('A') = op {
            if !is_set && self.set_opt(NOUNSET) && !special_list {
                return Err(self.unbound(param));
            }
            return Ok(self.assignment_form(param, val));
        }
        match op {
            ParamOp::None => {
                if !is_set && self.set_opt(NOUNSET) && !special_list {
                    return Err(self.unbound(param));
                }
                Ok(val)
            }
            ParamOp::Length => {
                if !is_set && self.set_opt(NOUNSET) && !special_list {
                    return Err(self.unbound(param));
                }
                let n = match (&val, param) {
                    (Val::List(v, _), _) => v.len(),
                    // Characters, or bytes in the C locale.
                    (Val::Str(Some(s)), _) if !s.is_ascii() && self.byte_locale() => crate::util::bytes::encode(s).len(),
                    (Val::Str(s), _) => s.as_deref().map_or(0, |s| s.chars().count()),
                };
                Ok(Val::Str(Some(n.to_string())))
            }
            ParamOp::Default { colon, word } => {
                if (*colon && is_null) || !is_set {
                    return Ok(Val::Str(Some(self.expand_word_str(word)?)));
                }
                Ok(val)
            }
            ParamOp::Alternative { colon, word } => {
                if (*colon && is_null) || !is_set {
                    // Not taken on an `@` list without elements: nothing, as `"$@"` (no word
                    // even inside double quotes); otherwise the empty string.
                    if let Val::List(items, false) = val {
                        if items.is_empty() {
                            return Ok(Val::List(items, false));
                        }
                    }
                    return Ok(Val::Str(Some(String::new())));
                }
                Ok(Val::Str(Some(self.expand_word_str(word)?)))
            }
            ParamOp::Assign { colon, word } => {
                if (*colon && is_null) || !is_set {
                    let v = self.expand_word_str(word)?;
                    match param {
                        Param::Var(n) => {
                            if let Err(m) = self.assign_scalar(n, v.clone()) {
                                self.error(&m);
                                return Err(Flow::Abort(1));
                            }
                        }
                        Param::Indexed(n, Index::Expr(i)) => {
                            let i = i.clone();
                            if let Err(m) = self.assign_index_word(n, &i, v.clone(), false) {
                                self.error(&m);
                                return Err(Flow::Abort(1));
                            }
                        }
                        _ => {
                            self.error(&format!("${}: cannot assign in this way", Self::param_display_name(param)));
                            return Err(Flow::Abort(1));
                        }
                    }
                    return Ok(Val::Str(Some(v)));
                }
                Ok(val)
            }
            ParamOp::Error { colon, word } => {
                if (*colon && is_null) || !is_set {
                    let msg = match word {
                        Some(w) => self.expand_word_str(w)?,
                        None => "parameter null or not set".to_string(),
                    };
                    self.error(&format!("{}: {}", Self::param_display_name(param), msg));
                    return Err(self.fatal_expansion());
                }
                Ok(val)
            }
            _ => {
                if !is_set && self.set_opt(NOUNSET) && !special_list {
                    return Err(self.unbound(param));
                }
                let val = match (param, op, val) {
                    (Param::Special(c @ ('@' | '*')), ParamOp::Substring { .. }, _) => {
                        Val::List(positional_with_zero(&self.arg0, &self.positional), *c == '*')
                    }
                    // An unset value has no substring: bash evaluates nothing.
                    (_, ParamOp::Substring { .. }, Val::Str(None)) => return Ok(Val::Str(None)),
                    (Param::Indexed(name, idx @ (Index::At | Index::Star)), ParamOp::Substring { offset, length }, _) => {
                        let star = matches!(idx, Index::Star);
                        if let Some(items) = self.indexed_slice(name, offset, length.as_ref(), param)? {
                            return Ok(Val::List(items, star));
                        }
                        Val::List(self.array_values(name).unwrap_or_default(), star)
                    }
                    (_, _, v) => v,
                };
                self.apply_string_op(val, op, param)
            }
        }
    }

    /// The parameter as bash names it in an error of `${x:offset}`: `y`, `a[@]`, `a[1]`.
    pub(crate) fn substring_name(p: &Param) -> String {
        match p {
            Param::Indexed(n, Index::Expr(w)) => format!("{n}[{}]", crate::parser::print::word_text(w)),
            p => Self::param_display_name(p),
        }
    }

    fn apply_string_op(&mut self, val: Val, op: &ParamOp, param: &Param) -> Exec<Val> {
        // In the C locale substrings, patterns and case changes work on bytes: the value is
        // seen through `byte_chars` and the result turned back into characters.
        let bytes = !matches!(op, ParamOp::Transform(_)) && self.byte_locale() && !val_is_ascii(&val);
        let val = if bytes { map_val(val, |s| byte_chars(s)) } else { val };
        let out = if let ParamOp::Substring { offset, length } = op {
            self.substring(val, offset, length.as_ref(), param)?
        } else {
            let f = self.string_op(op, bytes)?;
            match val {
                // Transformations and replacements of an unset value give nothing
                // (`${undef@Q}`, `${undef/#/x}` are empty).
                Val::Str(None) if matches!(op, ParamOp::Transform(_) | ParamOp::Replace { .. }) => Val::Str(None),
                Val::Str(s) => Val::Str(Some(f.apply(self, s.unwrap_or_default()))),
                Val::List(items, star) => Val::List(items.into_iter().map(|s| f.apply(self, s)).collect(), star),
            }
        };
        Ok(if bytes { map_val(out, |s| from_byte_chars(s)) } else { out })
    }

    /// Compile an expanded pattern (`bytes`: for a value seen through `byte_chars`).
    fn op_pattern(&mut self, pattern: &Word, opts: MatchOpts, bytes: bool) -> Exec<Rc<Pattern>> {
        let pat = self.expand_pattern(pattern)?;
        Ok(if bytes && !pat.is_ascii() { pattern::compiled(&byte_chars(&pat), opts) } else { pattern::compiled(&pat, opts) })
    }

    /// Prepare `op` (its pattern compiled, its replacement expanded) to apply to each value.
    fn string_op(&mut self, op: &ParamOp, bytes: bool) -> Exec<StringOp> {
        let mopts = MatchOpts { extglob: self.shopt(EXTGLOB), nocase: self.shopt(NOCASEMATCH), pathname: false, dotglob: true };
        Ok(match op {
            ParamOp::RemovePrefix { longest, pattern } => {
                // `nocasematch` applies to `${x/p/r}` only.
                StringOp::Prefix(self.op_pattern(pattern, MatchOpts { nocase: false, ..mopts }, bytes)?, *longest)
            }
            ParamOp::RemoveSuffix { longest, pattern } => {
                StringOp::Suffix(self.op_pattern(pattern, MatchOpts { nocase: false, ..mopts }, bytes)?, *longest)
            }
            ParamOp::Replace { mode, pattern, replacement } => {
                let pat = self.expand_pattern(pattern)?;
                // With `patsub_replacement` the replacement keeps its quoting as backslashes
                // (quoted `&` and `\` escaped) for `replace` to resolve: `&` is the match,
                // `\&` a literal `&`, `\\` one backslash.
                let amp = self.shopt(PATSUB_REPLACEMENT);
                let rep = match replacement {
                    Some(r) if amp => self.expand_replacement(r)?,
                    Some(r) => self.expand_word_str(r)?,
                    None => String::new(),
                };
                let amp = amp && rep.contains(['&', '\\']);
                let p = if bytes && !pat.is_ascii() { pattern::compiled(&byte_chars(&pat), mopts) } else { pattern::compiled(&pat, mopts) };
                // A fixed-length pattern that bash measures as another length never matches
                // in bash's `${x/pat/rep}` (see `bash_match_len`).
                let never = p.mismeasured();
                StringOp::Replace(Box::new(Replacement {
                    star: pat.starts_with('*'),
                    empty_pat: pat.is_empty(),
                    p,
                    mode: *mode,
                    rep,
                    amp,
                    never,
                    max: self.shared.limits.max_string_bytes,
                }))
            }
            ParamOp::Case { op, all, pattern } => {
                let p = match pattern {
                    Some(w) => Some(self.op_pattern(w, MatchOpts { nocase: false, ..mopts }, bytes)?),
                    None => None,
                };
                StringOp::Case(*op, *all, p)
            }
            ParamOp::Transform(c) => StringOp::Transform(*c),
            _ => StringOp::Same,
        })
    }

    /// `${x@A}`: an assignment (or `declare`/`set --` command) that recreates the value.
    fn assignment_form(&mut self, param: &Param, val: Val) -> Val {
        let bytes = self.byte_locale();
        let quote_at_q = |s: &str| crate::util::quote::quote_at_q(s, bytes);
        match param {
            Param::Special('@' | '*') => {
                let mut s = "set --".to_string();
                for a in &self.positional {
                    s.push(' ');
                    s.push_str(&quote_at_q(a));
                }
                Val::Str(Some(s))
            }
            Param::Indexed(n, Index::At | Index::Star) => {
                let n = self.vars.resolve_name(n).into_owned();
                Val::Str(self.vars.get(&n).map(|v| super::builtins::vars::declare_line(&n, v, bytes).trim_end().to_string()))
            }
            Param::Var(n) | Param::Indexed(n, _) => {
                if self.vars.get(n).is_none() {
                    return Val::Str(None);
                }
                let flags = self.attribute_letters(n);
                let prefix = if flags.is_empty() { String::new() } else { format!("declare -{flags} ") };
                Val::Str(match val {
                    Val::Str(Some(s)) => Some(format!("{prefix}{n}={}", quote_at_q(&s))),
                    _ if !flags.is_empty() => Some(format!("declare -{flags} {n}")),
                    _ => None,
                })
            }
            _ => Val::Str(None),
        }
    }

    /// `${a[@]@K}` of an array: one string of keys and values, each value quoted as
    /// `declare -p` quotes it and a key only when it needs it (an associative array's pairs
    /// each end with a blank, an indexed array's are joined by one); `${a[@]@k}`: the keys
    /// and values as separate words. `None` when `name` is not an array.
    fn key_value_form(&mut self, name: &str, quoted: bool, star: bool) -> Option<Val> {
        use crate::util::quote::quote_declare;
        use std::fmt::Write as _;
        let bytes = self.byte_locale();
        let name = self.vars.resolve_name(name).into_owned();
        let value = self.vars.get(&name)?.value.as_ref()?;
        if !quoted {
            let words: Vec<String> = match value {
                Value::Indexed(m) => m.iter().flat_map(|(k, x)| [k.to_string(), x.clone()]).collect(),
                Value::Assoc(m) => m.iter().into_iter().flat_map(|(k, x)| [k.clone(), x.clone()]).collect(),
                Value::Str(_) => return None,
            };
            return Some(Val::List(words, star));
        }
        // Quoted: `k 'v' k 'v'` for indexed arrays, `k 'v' k 'v' ` for associative ones,
        // written straight from the variable (no copy of its pairs).
        let mut out = String::new();
        match value {
            Value::Indexed(m) => {
                for (i, (k, x)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{k} ");
                    out.push_str(&quote_declare(x, bytes));
                }
            }
            Value::Assoc(m) => {
                for (k, x) in m.iter() {
                    out.push_str(&super::builtins::vars::assoc_key(k, bytes));
                    out.push(' ');
                    out.push_str(&quote_declare(x, bytes));
                    out.push(' ');
                }
            }
            Value::Str(_) => return None,
        }
        Some(Val::Str((!out.is_empty()).then_some(out)))
    }

    /// The letters `${x@a}` shows for variable `name`, in bash's order.
    fn attribute_letters(&self, name: &str) -> String {
        let Some(v) = self.vars.get(name) else { return String::new() };
        let mut out = String::new();
        match &v.value {
            Some(Value::Indexed(_)) => out.push('a'),
            Some(Value::Assoc(_)) => out.push('A'),
            _ => {}
        }
        for (bit, c) in [(attr::INTEGER, 'i'), (attr::NAMEREF, 'n'), (attr::READONLY, 'r'), (attr::TRACE, 't'), (attr::EXPORT, 'x'), (attr::LOWER, 'l'), (attr::UPPER, 'u')] {
            if v.attrs & bit != 0 {
                out.push(c);
            }
        }
        out
    }

    fn transform(&mut self, s: &str, c: char) -> String {
        match c {
            'Q' => crate::util::quote::quote_at_q(s, self.byte_locale()),
            'E' => crate::util::quote::ansi_c_decode(s),
            // In the C locale only ASCII letters change case.
            'U' if !s.is_ascii() && self.byte_locale() => s.to_ascii_uppercase(),
            'L' if !s.is_ascii() && self.byte_locale() => s.to_ascii_lowercase(),
            'u' if s.starts_with(|c: char| !c.is_ascii()) && self.byte_locale() => s.to_string(),
            'U' => locale::upper(s),
            'u' => {
                let mut cs = s.chars();
                cs.next().map(|f| std::iter::once(locale::towupper(f)).chain(cs).collect()).unwrap_or_default()
            }
            'L' => locale::lower(s),
            'P' => self.expand_prompt(s).unwrap_or_else(|_| s.to_string()),
            'K' | 'k' => crate::util::quote::quote_at_q(s, self.byte_locale()),
            _ => s.to_string(),
        }
    }

    /// `${a[@]:offset:length}` of an indexed array: the offset is an index (negative: from
    /// one past the highest index), and the elements counted are the set ones from there.
    /// `None` when `name` is not an indexed array.
    fn indexed_slice(&mut self, name: &str, offset: &Word, length: Option<&Word>, who: &Param) -> Exec<Option<Vec<String>>> {
        let name = self.vars.resolve_name(name).into_owned();
        if !self.vars.get(&name).is_some_and(|v| v.is_indexed()) {
            return Ok(None);
        }
        let off = self.arith_word_of(offset, who)?;
        let len = match length {
            Some(w) => Some(self.arith_word_of(w, who)?),
            None => None,
        };
        if let Some(l) = len.filter(|l| *l < 0) {
            self.error(&format!("{l}: substring expression < 0"));
            return Err(Flow::Abort(1));
        }
        let Some(Value::Indexed(m)) = self.vars.get(&name).and_then(|v| v.value.as_ref()) else { return Ok(None) };
        let start = if off < 0 { m.keys().next_back().map_or(0, |k| k + 1) + off } else { off };
        if start < 0 {
            return Ok(Some(Vec::new()));
        }
        let take = len.map_or(usize::MAX, |l| usize::try_from(l).unwrap_or(usize::MAX));
        Ok(Some(m.range(start..).take(take).map(|(_, v)| v.clone()).collect()))
    }

    fn substring(&mut self, val: Val, offset: &Word, length: Option<&Word>, who: &Param) -> Exec<Val> {
        let off = self.arith_word_of(offset, who)?;
        let len = match length {
            Some(w) => Some(self.arith_word_of(w, who)?),
            None => None,
        };
        match val {
            Val::Str(s) => {
                let mut s = s.unwrap_or_default();
                let ascii = s.is_ascii();
                let n = if ascii { s.len() } else { s.chars().count() } as i64;
                let start = if off < 0 { n + off } else { off };
                if start < 0 || start > n {
                    return Ok(Val::Str(Some(String::new())));
                }
                let end = match len {
                    None => n,
                    Some(l) if l < 0 => {
                        let e = n + l;
                        if e < start {
                            self.error(&format!("{l}: substring expression < 0"));
                            return Err(Flow::Abort(1));
                        }
                        e
                    }
                    Some(l) => (start + l).min(n),
                };
                // The characters `start..end` cut out of the value in place (no copy).
                let byte_at = |s: &str, c: i64| if ascii { c as usize } else { s.char_indices().nth(c as usize).map_or(s.len(), |(b, _)| b) };
                let (from, to) = (byte_at(&s, start), byte_at(&s, end.max(start)));
                s.truncate(to);
                s.drain(..from);
                Ok(Val::Str(Some(s)))
            }
            Val::List(items, star) => {
                // for $@ the offset counts from $1 (offset 0 includes $0)
                let n = items.len() as i64;
                let start = if off < 0 { n + off } else { off };
                if start < 0 {
                    return Ok(Val::List(Vec::new(), star));
                }
                let end = match len {
                    None => n,
                    Some(l) if l < 0 => {
                        self.error(&format!("{l}: substring expression < 0"));
                        return Err(Flow::Abort(1));
                    }
                    Some(l) => (start + l).min(n),
                };
                if start >= n || end <= start {
                    return Ok(Val::List(Vec::new(), star));
                }
                Ok(Val::List(items[start as usize..end as usize].to_vec(), star))
            }
        }
    }
}

/// Whether every string of `val` is ASCII.
fn val_is_ascii(val: &Val) -> bool {
    match val {
        Val::Str(s) => s.as_deref().is_none_or(str::is_ascii),
        Val::List(items, _) => items.iter().all(|s| s.is_ascii()),
    }
}

/// `val` with `f` applied to each of its strings.
fn map_val(val: Val, f: impl Fn(&str) -> String) -> Val {
    match val {
        Val::Str(s) => Val::Str(s.map(|s| f(&s))),
        Val::List(items, star) => Val::List(items.iter().map(|s| f(s)).collect(), star),
    }
}

/// `${@:off:len}` counts `$0` as position 0: callers build the list with `$0` first.
pub(crate) fn positional_with_zero(arg0: &str, pos: &[String]) -> Vec<String> {
    let mut v = Vec::with_capacity(pos.len() + 1);
    v.push(arg0.to_string());
    v.extend(pos.iter().cloned());
    v
}

/// A string operator of `${x…}` ready to apply to each value ([`Shell::string_op`]).
enum StringOp {
    /// `${x#p}` (`true`: `##`).
    Prefix(Rc<Pattern>, bool),
    /// `${x%p}` (`true`: `%%`).
    Suffix(Rc<Pattern>, bool),
    /// `${x/p/r}` and its modes.
    Replace(Box<Replacement>),
    /// `${x^p}`, `${x,,}`, ...: the operator, all or first, the pattern.
    Case(char, bool, Option<Rc<Pattern>>),
    /// `${x@c}`.
    Transform(char),
    /// Anything else: the value as it is.
    Same,
}

/// A prepared `${x/p/r}`.
struct Replacement {
    p: Rc<Pattern>,
    mode: ReplaceMode,
    rep: String,
    /// `&` in `rep` stands for the match (`patsub_replacement`).
    amp: bool,
    /// The pattern text is empty.
    empty_pat: bool,
    /// The pattern text starts with `*`.
    star: bool,
    /// bash measures the pattern as another length: it never matches.
    never: bool,
    max: usize,
}

impl StringOp {
    /// The operator applied to `s` (cut in place when it only removes a part).
    fn apply(&self, sh: &mut Shell, mut s: String) -> String {
        match self {
            StringOp::Prefix(p, longest) => {
                if let Some(n) = p.match_prefix(&s, *longest) {
                    s.drain(..n);
                }
                s
            }
            StringOp::Suffix(p, longest) => {
                if let Some(n) = p.match_suffix(&s, *longest) {
                    s.truncate(n);
                }
                s
            }
            StringOp::Replace(r) => {
                if r.never {
                    return s;
                }
                // bash replaces an empty value (`/` and `//`) only when the pattern can
                // match it and starts with `*`: `${e//*/x}` is x, `${e//?(a)/x}` empty.
                if s.is_empty() && !r.empty_pat && matches!(r.mode, ReplaceMode::All | ReplaceMode::First) {
                    let hit = r.star && r.p.match_prefix("", true) == Some(0);
                    return if hit { replace(&r.p, "", ReplaceMode::Prefix, &r.rep, r.amp, false, r.max) } else { String::new() };
                }
                replace(&r.p, &s, r.mode, &r.rep, r.amp, r.empty_pat, r.max)
            }
            StringOp::Case(op, all, p) => case_convert(&s, *op, *all, p.as_deref()),
            StringOp::Transform(c) => sh.transform(&s, *c),
            StringOp::Same => s,
        }
    }
}

fn replace(p: &Pattern, s: &str, mode: ReplaceMode, rep: &str, amp: bool, empty_pat: bool, max: usize) -> String {
    // The replacement of the match `m`, appended to `out`.
    let subst_into = |out: &mut String, m: &str| {
        if amp {
            let mut cs = rep.chars();
            while let Some(c) = cs.next() {
                match c {
                    '\\' => match cs.next() {
                        Some('&') => out.push('&'),
                        Some('\\') => out.push('\\'),
                        Some(o) => {
                            out.push('\\');
                            out.push(o)
                        }
                        None => out.push('\\'),
                    },
                    '&' => out.push_str(m),
                    c => out.push(c),
                }
            }
        } else {
            out.push_str(rep);
        }
    };
    // `head`, then the replacement of `m`, then `tail`, built in one string.
    let spliced = |head: &str, m: &str, tail: &str| -> String {
        let mut out = String::with_capacity(head.len() + rep.len() + tail.len());
        out.push_str(head);
        subst_into(&mut out, m);
        out.push_str(tail);
        out
    };
    match mode {
        ReplaceMode::Prefix => match p.match_prefix(s, true) {
            Some(n) => spliced("", &s[..n], &s[n..]),
            None if empty_pat => spliced("", "", s),
            None => s.to_string(),
        },
        ReplaceMode::Suffix => match p.match_suffix(s, true) {
            Some(n) => spliced(&s[..n], &s[n..], ""),
            None if empty_pat => spliced(s, "", ""),
            None => s.to_string(),
        },
        ReplaceMode::All if !empty_pat => {
            // One scan for every match (Pattern::find_all), not one search per match.
            // Past `max` bytes the result is handed back as it is: the caller's size check
            // reports the limit (nothing larger is ever built).
            let mut out = String::with_capacity(s.len().min(max));
            let mut pos = 0;
            p.for_each_match(s, |a, b| {
                out.push_str(&s[pos..a]);
                subst_into(&mut out, &s[a..b]);
                pos = b;
                out.len() <= max
            });
            if out.len() <= max {
                out.push_str(&s[pos..]);
            }
            out
        }
        ReplaceMode::First | ReplaceMode::All => {
            if empty_pat {
                return s.to_string();
            }
            let mut out = String::new();
            let mut pos = 0;
            while pos <= s.len() {
                match p.find(s, pos) {
                    Some((a, b)) => {
                        out.push_str(&s[pos..a]);
                        subst_into(&mut out, &s[a..b]);
                        if b == a {
                            // empty match: copy one char and move on
                            match s[b..].chars().next() {
                                Some(c) => {
                                    out.push(c);
                                    pos = b + c.len_utf8();
                                }
                                None => {
                                    pos = s.len() + 1;
                                    break;
                                }
                            }
                        } else {
                            pos = b;
                        }
                        if mode == ReplaceMode::First {
                            break;
                        }
                    }
                    None => break,
                }
            }
            if pos <= s.len() {
                out.push_str(&s[pos..]);
            }
            out
        }
    }
}

/// `^` upper-cases, `,` lower-cases, `~` toggles the first (`all`: every) character that
/// matches `p` (any character without a pattern).
fn case_convert(s: &str, op: char, all: bool, p: Option<&Pattern>) -> String {
    let mut out = String::with_capacity(s.len());
    let mut done = false;
    for c in s.chars() {
        let applies = !done && p.is_none_or(|p| {
            let mut b = [0u8; 4];
            p.matches(c.encode_utf8(&mut b))
        });
        if applies {
            let upper = match op {
                '^' => true,
                ',' => false,
                _ => !locale::iswupper(c),
            };
            out.push(if upper { locale::towupper(c) } else { locale::towlower(c) });
        } else {
            out.push(c);
        }
        if !all {
            done = true;
        }
    }
    out
}

/// Whether a parameter's value is set, and whether it is null (unset or empty), as the
/// `:-`/`:+`/`:=`/`:?` operators test it. bash tests a list (`$@`, `${a[*]}`, ...) as the
/// elements joined: with the first character of `IFS` for `*` inside double quotes (`ifs_sep`:
/// whether that character exists), with a space otherwise; so two empty elements are null only
/// in `"${a[*]:-x}"` with an empty `IFS`. Through `${!ref}` (bash 5.2) a list with elements is
/// never null.
fn set_and_null(val: &Val, test: NullTest) -> (bool, bool) {
    match val {
        Val::Str(s) => (s.is_some(), s.as_deref().is_none_or(str::is_empty)),
        Val::List(v, star) => {
            let null = match v.len() {
                0 => true,
                _ if test.indirect => false,
                1 => v[0].is_empty(),
                _ => *star && test.quoted && !test.ifs_sep && v.iter().all(String::is_empty),
            };
            (!v.is_empty(), null)
        }
    }
}

/// What the null test of [`set_and_null`] depends on besides the value.
#[derive(Clone, Copy)]
struct NullTest {
    /// Inside double quotes.
    quoted: bool,
    /// Reached through `${!ref}`.
    indirect: bool,
    /// `IFS` is unset or has a first character (the separator of `"$*"`).
    ifs_sep: bool,
}

/// Parse the target of `${!ref}`: `name`, `name[idx]`, `1`, `@`, ...
pub(crate) fn parse_param_ref(s: &str) -> Option<Param> {
    if is_name(s) {
        return Some(Param::Var(s.to_string()));
    }
    if let Ok(n) = s.parse::<usize>() {
        return Some(Param::Positional(n));
    }
    if s.len() == 1 && "@*#?-$!".contains(s) {
        return s.chars().next().map(Param::Special);
    }
    if let Some(open) = s.find('[') {
        if s.ends_with(']') && is_name(&s[..open]) {
            let name = s[..open].to_string();
            let idx = &s[open + 1..s.len() - 1];
            let index = match idx {
                "@" => Index::At,
                "*" => Index::Star,
                _ => Index::Expr(crate::parser::parse_subscript(idx).unwrap_or_else(|| Word::literal(idx))),
            };
            return Some(Param::Indexed(name, index));
        }
    }
    None
}

/// `$SRANDOM`: 32 bits from the operating system's secure source (as bash takes them from
/// `getrandom`), independent of `$RANDOM`'s sequence and of any state a snapshot holds.
fn srandom() -> u32 {
    let mut b = [0u8; 4];
    // A failing source leaves zeros, as bash falls back to its own generator; it never fails on
    // the systems kitsh runs on.
    let _ = crate::fs::secure_random(&mut b);
    u32::from_le_bytes(b)
}

fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

#[allow(dead_code)]
fn readonly(attrs: u16) -> bool {
    attrs & attr::READONLY != 0
}

/// The variable name of a word that is just `$name` or `"$name"` (no operator, no
/// indirection), whose expansion is that variable's text.
fn plain_var_word(w: &Word) -> Option<&str> {
    let part = match w.parts.as_slice() {
        [WordPart::DoubleQuoted(inner)] => match inner.as_slice() {
            [p] => p,
            _ => return None,
        },
        [p] => p,
        _ => return None,
    };
    match part {
        WordPart::Param(pe) if !pe.indirect && matches!(pe.op, ParamOp::None) => match &pe.param {
            Param::Var(n) => Some(n),
            _ => None,
        },
        _ => None,
    }
}
