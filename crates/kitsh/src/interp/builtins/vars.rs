//! `declare`/`typeset`, `local`, `export`, `readonly`, `unset`, `set`, `shopt`, `shift`, `let`.

use crate::interp::expand::is_name;
use crate::interp::options::{Options, SET_OPTIONS, SHOPT_OPTIONS};
use crate::interp::vars::{attr, AssocMap, Value, Var};
use crate::interp::{Exec, Flow, Shell};
use crate::util::quote;
use crate::interp::assign::ArrayItem;

#[derive(Default)]
struct DeclFlags {
    set: u16,
    unset: u16,
    array: bool,
    assoc: bool,
    /// `+a` / `+A`: not an array (a value `(..)` stays text).
    no_array: bool,
    print: bool,
    funcs: bool,
    func_names: bool,
    global: bool,
}

const FLAG_BITS: &[(char, u16)] = &[
    ('x', attr::EXPORT),
    ('r', attr::READONLY),
    ('i', attr::INTEGER),
    ('l', attr::LOWER),
    ('u', attr::UPPER),
    ('n', attr::NAMEREF),
    ('t', attr::TRACE),
];

fn parse_decl<'a>(sh: &mut Shell, name: &str, args: &'a [String]) -> Result<(DeclFlags, &'a [String]), i32> {
    let mut f = DeclFlags::default();
    let mut i = 1;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        let (on, rest) = match a.as_bytes().first() {
            Some(b'-') if a.len() > 1 => (true, &a[1..]),
            Some(b'+') if a.len() > 1 => (false, &a[1..]),
            _ => break,
        };
        for c in rest.chars() {
            if let Some((_, bit)) = FLAG_BITS.iter().find(|(fc, _)| *fc == c) {
                if on {
                    f.set |= bit;
                } else {
                    f.unset |= bit;
                }
                continue;
            }
            match c {
                'a' | 'A' if !on => f.no_array = true,
                'a' => f.array = true,
                'A' => f.assoc = true,
                'p' => f.print = true,
                'f' => f.funcs = true,
                'F' => f.func_names = true,
                'g' => f.global = true,
                _ => {
                    sh.builtin_error(name, &format!("-{c}: invalid option"));
                    sh.write_fd(2, format!("{name}: usage: {name} [-aAfFgiIlnrtux] [name[=value] ...] or {name} -p [-aAfFilnrtux] [name ...]\n").as_bytes());
                    return Err(2);
                }
            }
        }
        i += 1;
    }
    Ok((f, &args[i..]))
}

/// Attribute letters of a variable as `declare -p` prints them.
fn attr_letters(v: &Var) -> String {
    let mut s = String::new();
    if v.is_indexed() {
        s.push('a');
    }
    if v.is_assoc() {
        s.push('A');
    }
    // bash's order (`var_attribute_string`): the case attributes come after `x`.
    for (c, bit) in [('i', attr::INTEGER), ('n', attr::NAMEREF), ('r', attr::READONLY), ('t', attr::TRACE), ('x', attr::EXPORT), ('l', attr::LOWER), ('u', attr::UPPER)] {
        if v.has(bit) {
            s.push(c);
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// `declare -p`-style line for one variable.
pub(crate) fn declare_line(name: &str, v: &Var, bytes: bool) -> String {
    let mut s = format!("declare -{} {}", attr_letters(v), name);
    match &v.value {
        None => {}
        Some(_) if v.has(attr::NO_VALUE) => {}
        Some(Value::Str(x)) => {
            s.push('=');
            s.push_str(&quote::quote_declare(x, bytes));
        }
        Some(Value::Indexed(m)) => {
            s.push_str("=(");
            let items: Vec<String> = m.iter().map(|(k, x)| format!("[{k}]={}", quote::quote_declare(x, bytes))).collect();
            s.push_str(&items.join(" "));
            s.push(')');
        }
        Some(Value::Assoc(m)) => {
            s.push_str("=(");
            for (k, x) in m.iter() {
                s.push_str(&format!("[{}]={} ", assoc_key(k, bytes), quote::quote_declare(x, bytes)));
            }
            s.push(')');
        }
    }
    s.push('\n');
    s
}

fn print_function(sh: &Shell, name: &str) -> Option<String> {
    sh.defs.funcs.get(name).map(|f| {
        let mut s = sh.function_text(f);
        s.push('\n');
        s
    })
}

/// A variable as listings show it: `SHELLOPTS` and `BASHOPTS` with the options in force
/// (their stored text is not kept up to date).
fn shown<'a>(sh: &Shell, name: &str, v: &'a Var) -> std::borrow::Cow<'a, Var> {
    let now = match name {
        "SHELLOPTS" => sh.opts.shellopts(),
        "BASHOPTS" => sh.opts.bashopts(),
        _ => return std::borrow::Cow::Borrowed(v),
    };
    std::borrow::Cow::Owned(Var::new(Some(Value::Str(now)), v.attrs))
}

/// A computed variable as `declare -p NAME` shows it (with bash's attributes: `-i` for the
/// counters, `-a` for the arrays); `None` for other names. `$RANDOM` uses up a number.
fn computed(sh: &mut Shell, name: &str) -> Option<Var> {
    let integer = matches!(name, "RANDOM" | "SECONDS" | "BASHPID" | "SRANDOM");
    // (`PIPESTATUS` exists once a command has ended.)
    if !sh.dynamic_names().contains(&name) || (name == "PIPESTATUS" && sh.last.pipestatus.is_empty()) {
        return None;
    }
    let value = match sh.dynamic_array(name) {
        Some(items) => Value::Indexed(items.into_iter().enumerate().map(|(i, v)| (i as i64, v)).collect()),
        None => match sh.dynamic_var(name)? {
            crate::interp::expand::Val::Str(Some(s)) => Value::Str(s),
            _ => return None,
        },
    };
    Some(Var::new(Some(value), if integer { attr::INTEGER } else { 0 }))
}

fn declare_impl(sh: &mut Shell, args: &[String], cmd: &str, local: bool) -> Exec {
    let (f, names) = match parse_decl(sh, cmd, args) {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    if f.funcs || f.func_names {
        let mut out = String::new();
        let list: Vec<String> = if names.is_empty() {
            let mut v: Vec<String> = sh.defs.funcs.keys().cloned().collect();
            v.sort();
            v
        } else {
            names.to_vec()
        };
        let mut status = 0;
        for n in &list {
            if sh.defs.funcs.contains_key(n) {
                if f.func_names && names.is_empty() {
                    out.push_str(&format!("declare -f {n}\n"));
                } else if f.func_names {
                    // `declare -F NAME` prints just the name.
                    out.push_str(n);
                    out.push('\n');
                } else if let Some(t) = print_function(sh, n) {
                    out.push_str(&t);
                }
            } else {
                status = 1;
            }
        }
        sh.out(out.as_bytes());
        return Ok(status);
    }
    if f.print || (names.is_empty() && f.set == 0 && !f.array && !f.assoc) {
        let mut out = String::new();
        let mut status = 0;
        if names.is_empty() {
            for (k, v) in sh.vars.visible() {
                if f.print || f.set != 0 {
                    if f.set != 0 && v.attrs & f.set == 0 {
                        continue;
                    }
                    // `declare -pa` / `-pA`: only indexed / associative arrays.
                    if (f.array && !v.is_indexed()) || (f.assoc && !v.is_assoc()) {
                        continue;
                    }
                    out.push_str(&declare_line(k, &shown(sh, k, v), sh.byte_locale()));
                } else {
                    out.push_str(&set_line(k, &shown(sh, k, v), sh.byte_locale()));
                }
            }
        } else {
            for n in names {
                let stored = sh.vars.get_raw(n).map(|v| declare_line(n, &shown(sh, n, v), sh.byte_locale()));
                match stored.or_else(|| computed(sh, n).map(|v| declare_line(n, &v, sh.byte_locale()))) {
                    Some(line) => out.push_str(&line),
                    None => {
                        // What was listed comes first, as bash writes it.
                        sh.out(out.as_bytes());
                        out.clear();
                        sh.builtin_error(cmd, &format!("{n}: not found"));
                        status = 1;
                    }
                }
            }
        }
        sh.out(out.as_bytes());
        return Ok(status);
    }
    if names.is_empty() {
        let mut out = String::new();
        for (k, v) in sh.vars.visible() {
            if (f.set != 0 && v.attrs & f.set != 0) || (f.array && v.is_indexed()) || (f.assoc && v.is_assoc()) {
                out.push_str(&declare_line(k, v, sh.byte_locale()));
            }
        }
        sh.out(out.as_bytes());
        return Ok(0);
    }
    let mut status = 0;
    let plain = f.set == 0 && f.unset == 0 && !f.array && !f.assoc && !f.no_array && !f.global;
    for arg in names {
        if local && plain && fresh_local(sh, arg) {
            continue;
        }
        sh.line.discard = false;
        if let Err(m) = declare_one(sh, arg, &f, local) {
            if sh.line.discard {
                let value = assign_eq(arg).map_or("", |p| &arg[p + 1..]);
                abandon_on_arith_error(sh, cmd, value, &m);
                return Err(Flow::Abort(1));
            }
            if !m.is_empty() {
                sh.builtin_error(cmd, &m);
            }
            status = 1;
        }
    }
    Ok(status)
}

/// A value for an integer variable failed as arithmetic: bash reports it (without the
/// builtin's name for a compound array `(...)`, which it evaluates as an assignment) and
/// abandons the command line, later operands included.
fn abandon_on_arith_error(sh: &mut Shell, cmd: &str, value: &str, msg: &str) {
    if msg.is_empty() {
        // Reported already (a bad subscript).
    } else if value.starts_with("\u{0}ARR") {
        sh.error(msg);
    } else {
        sh.builtin_error(cmd, msg);
    }
}

/// `local NAME` or `local NAME=VALUE` (no options) making a new local: what [`declare_one`]
/// does then, without its many lookups (a function's `local` runs on every call). `false`
/// when the general path must handle it.
fn fresh_local(sh: &mut Shell, arg: &str) -> bool {
    let (name, value) = match arg.split_once('=') {
        Some((n, v)) => (n, Some(v)),
        None => (arg, None),
    };
    // A value starting with NUL is a `local a=(...)` array operand.
    if !is_name(name) || value.is_some_and(|v| v.starts_with('\u{0}')) {
        return false;
    }
    sh.vars.insert_fresh_local(name, value.map(|v| Value::Str(v.to_string())))
}

/// Where the `=` of a declaration operand is: after `name[...]` when the operand starts so,
/// the brackets matched (`a[a[0]=1]=X` assigns `X` to `a[a[0]=1]`), else the first one.
fn assign_eq(arg: &str) -> Option<usize> {
    let b = arg.as_bytes();
    let mut i = b.iter().take_while(|c| c.is_ascii_alphanumeric() || **c == b'_').count();
    if i > 0 && b.get(i) == Some(&b'[') {
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                b'[' => depth += 1,
                b']' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let rest = &arg[(i + 1).min(arg.len())..];
        if rest.starts_with('=') {
            return Some(i + 1);
        }
        if rest.starts_with("+=") {
            return Some(i + 2);
        }
    }
    arg.find('=')
}

fn declare_one(sh: &mut Shell, arg: &str, f: &DeclFlags, local: bool) -> Result<(), String> {
    let (lhs, value) = match assign_eq(arg) {
        Some(i) => (&arg[..i], Some(&arg[i + 1..])),
        None => (arg, None),
    };
    let (name, append) = match lhs.strip_suffix('+') {
        Some(n) => (n, true),
        None => (lhs, false),
    };
    let base = name.split('[').next().unwrap_or("");
    if !is_name(base) || (name.len() > base.len() && !name.ends_with(']')) {
        return Err(format!("`{arg}': not a valid identifier"));
    }
    let exists_here = if local || (sh.vars.depth() > 1 && !f.global) { sh.vars.is_local_here(base) } else { sh.vars.get_raw(base).is_some() };
    if let Some(v) = sh.vars.get_raw(base) {
        // A readonly variable cannot be given a value, lose its readonly bit or be shadowed
        // by a local one.
        let shadows = (local || sh.vars.depth() > 1 && !f.global) && !exists_here;
        if v.has(attr::READONLY) && (value.is_some() || f.unset & attr::READONLY != 0 || shadows) {
            return Err(format!("{base}: readonly variable"));
        }
    }
    let existing = if local { sh.vars.is_local_here(base).then(|| sh.vars.get_raw(base)).flatten() } else { sh.vars.get_raw(base) };
    if let Some(v) = existing {
        if f.assoc && v.is_indexed() {
            return Err(format!("{base}: cannot convert indexed to associative array"));
        }
        if f.array && v.is_assoc() {
            return Err(format!("{base}: cannot convert associative to indexed array"));
        }
    }
    if f.set & attr::NAMEREF != 0 {
        check_nameref_target(sh, base, name, value, local)?;
    }
    // create the variable in the right scope
    let make_local = (local || sh.vars.depth() > 1) && !f.global;
    {
        let var = if make_local {
            if !sh.vars.is_local_here(base) {
                // `local x` starts a fresh variable: no value, no attributes of the outer one but
                // its export (bash's make_local_variable); it takes the value of a temporary
                // assignment (`v=x f`) it hides.
                let outer = sh.vars.get_raw(base);
                let inherited = outer.filter(|v| v.has(attr::TEMP)).and_then(|v| v.value.clone());
                let exported = outer.map_or(0, |v| v.attrs & attr::EXPORT);
                let v = sh.vars.local_entry(base);
                v.value = inherited;
                v.attrs = exported;
            }
            sh.vars.local_entry(base)
        } else if f.global {
            sh.vars.global_entry(base)
        } else {
            sh.vars.entry(base)
        };
        if f.assoc && !var.is_assoc() {
            if var.value.is_none() {
                var.attrs |= attr::NO_VALUE;
            }
            // A string becomes element `0`, as in bash (kept by `declare -A s+=(...)`).
            let mut m = AssocMap::default();
            if let Some(Value::Str(old)) = var.value.take() {
                m.insert("0".to_string(), old);
            }
            var.value = Some(Value::Assoc(m));
        } else if f.array && !var.is_indexed() && !var.is_assoc() {
            let old = match &var.value {
                Some(Value::Str(s)) => Some(s.clone()),
                _ => None,
            };
            let mut m = std::collections::BTreeMap::new();
            match old {
                Some(o) => {
                    m.insert(0, o);
                }
                None => var.attrs |= attr::NO_VALUE,
            }
            var.value = Some(Value::Indexed(m));
        }
        var.attrs &= !f.unset;
        var.attrs |= f.set & !attr::READONLY;
        if f.set & attr::LOWER != 0 {
            var.attrs &= !attr::UPPER;
        }
        if f.set & attr::UPPER != 0 {
            var.attrs &= !attr::LOWER;
        }
    }
    if let Some(v) = value {
        let was_array = sh.vars.get_raw(base).is_some_and(|x| x.is_indexed() || x.is_assoc());
        if f.no_array && was_array {
            return Err(format!("{base}: cannot destroy array variables in this way"));
        }
        let is_array = !f.no_array && (f.array || f.assoc || was_array);
        let literal = if is_array && name == base && v.starts_with('(') && v.ends_with(')') { crate::parser::parse_array_literal(v) } else { None };
        if let Some(idx) = v.strip_prefix("\u{0}ARR").and_then(|n| n.parse::<usize>().ok()) {
            let items = sh.decl_arrays.get(idx).cloned().unwrap_or_default();
            sh.assign_array(base, items, append, f.assoc)?;
        } else if let Some(elems) = literal {
            // A value `(...)` built at run time is parsed and expanded as a compound assignment.
            let items = sh.expand_array_elems(&elems).map_err(|_| String::new())?;
            sh.assign_array(base, items, append, f.assoc)?;
        } else if name != base {
            let key = sh.expand_subscript_text(&name[base.len() + 1..name.len().saturating_sub(1)])?;
            sh.assign_elem(base, &key, v.to_string(), append)?;
        } else if f.array || sh.vars.get_raw(base).is_some_and(|x| x.is_indexed() || x.is_assoc()) && (f.array || f.assoc) {
            sh.assign_array(base, vec![ArrayItem::value(v.to_string())], append, f.assoc)?;
        } else if f.set & attr::NAMEREF != 0 || sh.vars.get_raw(base).is_some_and(|x| x.has(attr::NAMEREF)) {
            let var = if make_local { sh.vars.local_entry(base) } else { sh.vars.entry(base) };
            var.value = Some(Value::Str(v.to_string()));
        } else {
            if make_local {
                sh.vars.local_entry(base);
            }
            assign_in_scope(sh, base, v.to_string(), append, make_local, f.global)?;
        }
    }
    if f.set & attr::READONLY != 0 {
        let var = if make_local { sh.vars.local_entry(base) } else if f.global { sh.vars.global_entry(base) } else { sh.vars.entry(base) };
        var.attrs |= attr::READONLY;
    }
    Ok(())
}

/// `declare -n NAME[=TARGET]`: the target (given, or the variable's current value) must be a
/// variable name or an array element, other than NAME itself; arrays cannot become namerefs.
fn check_nameref_target(sh: &Shell, base: &str, name: &str, value: Option<&str>, local: bool) -> Result<(), String> {
    let existing = if local && !sh.vars.is_local_here(base) { None } else { sh.vars.get_raw(base) };
    if existing.is_some_and(|v| v.is_indexed() || v.is_assoc()) {
        return Err(format!("{base}: reference variable cannot be an array"));
    }
    let target = match value {
        Some(v) if name == base => Some(v),
        Some(_) => None,
        None => existing.filter(|v| !v.has(attr::NAMEREF)).and_then(|v| v.scalar()),
    };
    let Some(t) = target else { return Ok(()) };
    if t == base {
        return Err(format!("{base}: nameref variable self references not allowed"));
    }
    let valid = crate::interp::expand::is_name_or_element(t);
    if !valid && !t.is_empty() {
        return Err(format!("`{t}': invalid variable name for name reference"));
    }
    Ok(())
}

fn assign_in_scope(sh: &mut Shell, name: &str, value: String, append: bool, local: bool, global: bool) -> Result<(), String> {
    if !local && !global {
        return sh.assign(name, value, append);
    }
    // assign exactly in the local (or global) slot, applying attributes
    let (attrs, old) = {
        let v = if local { sh.vars.local_entry(name) } else { sh.vars.global_entry(name) };
        (v.attrs, v.scalar().map(str::to_string))
    };
    let val = sh.transform_value(attrs, value, old.as_deref(), append)?;
    let v = if local { sh.vars.local_entry(name) } else { sh.vars.global_entry(name) };
    match &mut v.value {
        Some(Value::Indexed(m)) => {
            m.insert(0, val);
        }
        Some(Value::Assoc(m)) => m.insert("0".to_string(), val),
        _ => v.value = Some(Value::Str(val)),
    }
    Ok(())
}

/// `set`-style line (`name=value`, quoted for re-input).
/// An associative array key as `declare -p` and `set` show it: bare when it is a word,
/// double-quoted otherwise.
/// An associative array's key as `declare -p` and `set` show it: as it is unless it needs
/// quoting (unprintable characters, shell metacharacters, or `@`/`*` alone), as bash's
/// `assoc_to_assign` decides.
pub(crate) fn assoc_key(k: &str, bytes: bool) -> String {
    if quote::needs_ansi_c(k, bytes) || quote::contains_shell_metas(k) || k == "@" || k == "*" {
        quote::quote_declare(k, bytes)
    } else {
        k.to_string()
    }
}

fn set_line(name: &str, v: &Var, bytes: bool) -> String {
    if v.has(attr::NO_VALUE) {
        return String::new();
    }
    match &v.value {
        Some(Value::Str(s)) => format!("{name}={}\n", quote::quote_for_set(s, bytes)),
        Some(Value::Indexed(m)) => {
            let items: Vec<String> = m.iter().map(|(k, x)| format!("[{k}]={}", quote::quote_declare(x, bytes))).collect();
            format!("{name}=({})\n", items.join(" "))
        }
        Some(Value::Assoc(m)) => {
            let items: Vec<String> = m.iter().into_iter().map(|(k, x)| format!("[{}]={}", assoc_key(k, bytes), quote::quote_declare(x, bytes))).collect();
            format!("{name}=({} )\n", items.join(" "))
        }
        None => String::new(),
    }
}

/// `declare`/`typeset`
pub fn declare(sh: &mut Shell, args: &[String]) -> Exec {
    let cmd = args[0].clone();
    declare_impl(sh, args, &cmd, false)
}

/// `local`
pub fn local(sh: &mut Shell, args: &[String]) -> Exec {
    if sh.stack.frames.iter().all(|f| f.is_source()) {
        sh.builtin_error("local", "can only be used in a function");
        return Ok(1);
    }
    if args.len() == 1 {
        let mut out = String::new();
        // `name=value` lines, as the bash the Oils suite records prints them (5.2.15 on this
        // machine prints `declare -p` lines instead).
        let mut names: Vec<(&String, &Var)> = sh.vars.top_scope().iter().collect();
        names.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        for (k, v) in names {
            out.push_str(&set_line(k, v, sh.byte_locale()));
        }
        sh.out(out.as_bytes());
        return Ok(0);
    }
    declare_impl(sh, args, "local", true)
}

fn export_like(sh: &mut Shell, args: &[String], bit: u16, cmd: &str) -> Exec {
    let mut print = false;
    let mut unset = false;
    let mut funcs = false;
    let mut i = 1;
    while i < args.len() && args[i].starts_with('-') && args[i].len() > 1 {
        if args[i] == "--" {
            i += 1;
            break;
        }
        for c in args[i][1..].chars() {
            match c {
                'p' => print = true,
                'n' => unset = true,
                'f' => funcs = true,
                'a' | 'A' => {}
                _ => {
                    sh.builtin_error(cmd, &format!("-{c}: invalid option"));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    if funcs {
        return function_attrs(sh, &args[i..], bit, unset, cmd);
    }
    if i >= args.len() {
        let _ = print;
        let mut out = String::new();
        for (k, v) in sh.vars.visible() {
            if v.has(bit) {
                out.push_str(&declare_line(k, v, sh.byte_locale()));
            }
        }
        sh.out(out.as_bytes());
        return Ok(0);
    }
    let mut status = 0;
    for a in &args[i..] {
        let (name, value) = match assign_eq(a) {
            Some(p) => (&a[..p], Some(&a[p + 1..])),
            None => (a.as_str(), None),
        };
        let (name, append) = match name.strip_suffix('+') {
            Some(n) => (n, true),
            None => (name, false),
        };
        if !is_name(name) {
            sh.builtin_error(cmd, &format!("`{a}': not a valid identifier"));
            status = 1;
            continue;
        }
        if let Some(v) = value {
            sh.line.discard = false;
            let r = if let Some(idx) = v.strip_prefix("\u{0}ARR").and_then(|n| n.parse::<usize>().ok()) {
                let items = sh.decl_arrays.get(idx).cloned().unwrap_or_default();
                sh.assign_array(name, items, append, false)
            } else {
                sh.assign(name, v.to_string(), append)
            };
            if let Err(m) = r {
                if sh.line.discard {
                    abandon_on_arith_error(sh, cmd, v, &m);
                    return Err(Flow::Abort(1));
                }
                sh.builtin_error(cmd, &m);
                status = 1;
                continue;
            }
        }
        let name = sh.vars.resolve_name(name).into_owned();
        if unset && sh.vars.get_raw(&name).is_none() {
            // `export -n x` of an unset `x` declares nothing.
            continue;
        }
        let var = sh.vars.entry(&name);
        if unset {
            var.attrs &= !bit;
        } else {
            var.attrs |= bit;
        }
    }
    Ok(status)
}

/// `export -f` / `readonly -f`: set (or with `-n`, clear) `bit` on functions, or list the
/// functions that have it.
fn function_attrs(sh: &mut Shell, names: &[String], bit: u16, unset: bool, cmd: &str) -> Exec {
    if names.is_empty() {
        let mut listed: Vec<(String, u16)> = sh.defs.func_attrs.iter().filter(|(_, a)| a & bit != 0).cloned().collect();
        listed.sort();
        for (name, attrs) in listed {
            if let Some(text) = print_function(sh, &name) {
                let mut letters = String::from("f");
                if attrs & attr::READONLY != 0 {
                    letters.push('r');
                }
                if attrs & attr::EXPORT != 0 {
                    letters.push('x');
                }
                let line = format!("{text}declare -{letters} {name}\n");
                sh.out(line.as_bytes());
            }
        }
        return Ok(0);
    }
    let mut status = 0;
    for name in names {
        if !sh.defs.funcs.contains_key(name) {
            sh.builtin_error(cmd, &format!("{name}: not a function"));
            status = 1;
            continue;
        }
        let current = sh.func_attr(name);
        let new = if unset && bit != attr::READONLY { current & !bit } else { current | bit };
        sh.defs.func_attrs.retain(|(n, _)| n != name);
        if new != 0 {
            sh.defs.func_attrs.push((name.clone(), new));
        }
    }
    Ok(status)
}

/// `export`
pub fn export(sh: &mut Shell, args: &[String]) -> Exec {
    export_like(sh, args, attr::EXPORT, "export")
}

/// `readonly`
pub fn readonly(sh: &mut Shell, args: &[String]) -> Exec {
    export_like(sh, args, attr::READONLY, "readonly")
}

/// `unset [-fvn] NAME...`
pub fn unset(sh: &mut Shell, args: &[String]) -> Exec {
    let mut funcs = false;
    let mut vars_only = false;
    let mut nameref = false;
    let mut i = 1;
    while i < args.len() && args[i].starts_with('-') && args[i].len() > 1 {
        for c in args[i][1..].chars() {
            match c {
                'f' => funcs = true,
                'v' => vars_only = true,
                'n' => nameref = true,
                _ => {
                    sh.builtin_error("unset", &format!("-{c}: invalid option"));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let mut status = 0;
    for n in &args[i..] {
        if funcs {
            if sh.func_attr(n) & attr::READONLY != 0 {
                sh.builtin_error("unset", &format!("{n}: cannot unset: readonly function"));
                status = 1;
                continue;
            }
            sh.defs.funcs.remove(n);
            continue;
        }
        if let Some(open) = n.find('[') {
            if n.ends_with(']') && is_name(&n[..open]) {
                let base = sh.vars.resolve_name(&n[..open]).into_owned();
                let mut key = n[open + 1..n.len() - 1].to_string();
                if key == "@" || key == "*" {
                    sh.vars.unset(&base);
                    continue;
                }
                let is_assoc = sh.vars.get(&base).is_some_and(|v| v.is_assoc());
                // bash expands the subscript once more: `unset 'a["$k"]'`, `unset 'a[$i]'`.
                match sh.expand_subscript_text(&key) {
                    Ok(k) if k.is_empty() && !key.is_empty() => {
                        sh.builtin_error("unset", &format!("[{key}]: bad array subscript"));
                        status = 1;
                        continue;
                    }
                    Ok(k) => key = k,
                    Err(_) => {
                        status = 1;
                        continue;
                    }
                }
                let idx = if is_assoc { None } else { Some(sh.arith_str(&key)) };
                // A scalar (set or only declared) has only element 0, as bash sees it: another
                // subscript is an error.
                let mut not_array = false;
                if let Some(v) = sh.vars.get_raw_mut(&base) {
                    if v.has(attr::READONLY) {
                        sh.builtin_error("unset", &format!("{base}: cannot unset: readonly variable"));
                        status = 1;
                        continue;
                    }
                    match (&mut v.value, idx) {
                        (Some(Value::Assoc(m)), _) => {
                            m.remove(&key);
                        }
                        (Some(Value::Indexed(m)), Some(Ok(i))) => {
                            let j = if i < 0 { m.keys().next_back().copied().unwrap_or(-1) + 1 + i } else { i };
                            if j < 0 {
                                sh.builtin_error("unset", &format!("[{i}]: bad array subscript"));
                                status = 1;
                                continue;
                            }
                            m.remove(&j);
                        }
                        (Some(Value::Str(_)) | None, Some(Ok(0))) => v.value = None,
                        (Some(Value::Str(_)) | None, Some(Ok(_))) => not_array = true,
                        _ => {}
                    }
                }
                if not_array {
                    sh.builtin_error("unset", &format!("{base}: not an array variable"));
                    status = 1;
                }
                continue;
            }
            sh.builtin_error("unset", &format!("`{n}': not a valid identifier"));
            status = 1;
            continue;
        }
        if !is_name(n) {
            sh.builtin_error("unset", &format!("`{n}': not a valid identifier"));
            status = 1;
            continue;
        }
        let target = if nameref { n.clone() } else { sh.vars.resolve_name(n).into_owned() };
        if target == "RANDOM" && sh.random.special {
            // `$RANDOM` loses its special meaning for good.
            sh.random.special = false;
            continue;
        }
        match sh.vars.get_raw(&target) {
            Some(v) if v.has(attr::READONLY) => {
                sh.builtin_error("unset", &format!("{target}: cannot unset: readonly variable"));
                status = 1;
            }
            Some(_) => sh.vars.unset(&target),
            None => {
                if !vars_only {
                    sh.defs.funcs.remove(n);
                }
            }
        }
    }
    Ok(status)
}

/// `set [-+abefhkmnptuvxBCEHPT] [-+o option] [--] [args]`
pub fn set(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() == 1 {
        let mut out = String::new();
        for (k, v) in sh.vars.visible() {
            out.push_str(&set_line(k, v, sh.byte_locale()));
        }
        let mut names: Vec<&String> = sh.defs.funcs.keys().collect();
        names.sort();
        for n in names {
            if let Some(t) = print_function(sh, n) {
                out.push_str(&t);
            }
        }
        sh.out(out.as_bytes());
        return Ok(0);
    }
    let mut i = 1;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            sh.positional = args[i + 1..].to_vec();
            return Ok(0);
        }
        if a == "-" {
            sh.opts.set[Options::letter_index('x').unwrap_or(0)] = false;
            sh.opts.set[Options::letter_index('v').unwrap_or(0)] = false;
            // A lone `-` at the end leaves the positional parameters alone.
            if i + 1 < args.len() {
                sh.positional = args[i + 1..].to_vec();
            }
            return Ok(0);
        }
        if a == "+" {
            i += 1;
            continue;
        }
        let on = match a.as_bytes().first() {
            Some(b'-') => true,
            Some(b'+') => false,
            _ => {
                sh.positional = args[i..].to_vec();
                return Ok(0);
            }
        };
        for c in a[1..].chars() {
            if c == 'o' {
                i += 1;
                match args.get(i) {
                    None => {
                        list_set_o(sh, on);
                        return Ok(0);
                    }
                    Some(name) => match Options::set_index_of(name) {
                        Some(k) => sh.opts.set_option(k, on),
                        None => {
                            sh.builtin_error("set", &format!("{name}: invalid option name"));
                            return Ok(2);
                        }
                    },
                }
                continue;
            }
            match Options::letter_index(c) {
                Some(k) => sh.opts.set[k] = on,
                None => {
                    sh.builtin_error("set", &format!("{}{c}: invalid option", if on { '-' } else { '+' }));
                    sh.write_fd(2, b"set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n");
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    Ok(0)
}

fn list_set_o(sh: &mut Shell, on: bool) {
    let out = set_o_listing(&sh.opts.set, on);
    sh.out(out.as_bytes());
}

/// The `set -o` (`on`) or `set +o` listing of the set options `set`.
pub(crate) fn set_o_listing(set: &[bool], on: bool) -> String {
    let mut out = String::new();
    for (k, (name, _)) in SET_OPTIONS.iter().enumerate() {
        let v = set[k];
        if on {
            out.push_str(&format!("{name:<15}\t{}\n", if v { "on" } else { "off" }));
        } else {
            out.push_str(&format!("set {}o {name}\n", if v { '-' } else { '+' }));
        }
    }
    out
}

/// `shopt [-pqsuo] [optname...]`
pub fn shopt(sh: &mut Shell, args: &[String]) -> Exec {
    let mut set: Option<bool> = None;
    let mut quiet = false;
    let mut print = false;
    let mut o_mode = false;
    let mut i = 1;
    while i < args.len() && args[i].starts_with('-') {
        for c in args[i][1..].chars() {
            match c {
                's' => set = Some(true),
                'u' => set = Some(false),
                'q' => quiet = true,
                'p' => print = true,
                'o' => o_mode = true,
                _ => {
                    sh.builtin_error("shopt", &format!("-{c}: invalid option"));
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    let names = &args[i..];
    let get = |sh: &Shell, n: &str| -> Option<bool> {
        if o_mode {
            Options::set_index_of(n).map(|k| sh.opts.set[k])
        } else {
            Options::shopt_index_of(n).map(|k| sh.opts.shopt[k])
        }
    };
    let fmt = |n: &str, v: bool, print: bool| -> String {
        if print || set.is_some() {
            if o_mode {
                format!("set {}o {n}\n", if v { '-' } else { '+' })
            } else {
                format!("shopt {} {n}\n", if v { "-s" } else { "-u" })
            }
        } else {
            format!("{n:<15}\t{}\n", if v { "on" } else { "off" })
        }
    };
    if names.is_empty() {
        let mut out = String::new();
        let all: Vec<&str> = if o_mode { SET_OPTIONS.iter().map(|(n, _)| *n).collect() } else { SHOPT_OPTIONS.to_vec() };
        for n in all {
            let v = get(sh, n).unwrap_or(false);
            if set.is_none_or(|s| s == v) {
                out.push_str(&fmt(n, v, print));
            }
        }
        if !quiet {
            sh.out(out.as_bytes());
        }
        return Ok(0);
    }
    let mut status = 0;
    let mut out = String::new();
    for n in names {
        let Some(cur) = get(sh, n) else {
            sh.builtin_error("shopt", &format!("{n}: invalid shell option name"));
            status = 1;
            continue;
        };
        match set {
            Some(v) => {
                if o_mode {
                    if let Some(k) = Options::set_index_of(n) {
                        sh.opts.set_option(k, v);
                    }
                } else if let Some(k) = Options::shopt_index_of(n) {
                    sh.opts.shopt[k] = v;
                }
            }
            None => {
                if !cur {
                    status = 1;
                }
                if !quiet {
                    out.push_str(&fmt(n, cur, print));
                }
            }
        }
    }
    sh.out(out.as_bytes());
    Ok(status)
}

/// `shift [N]`
pub fn shift(sh: &mut Shell, args: &[String]) -> Exec {
    if let Some(f) = super::flow::too_many_arguments(sh, "shift", args) {
        return f;
    }
    let n = match args.get(1) {
        None => 1,
        Some(a) => match a.parse::<i64>() {
            Ok(n) if n >= 0 => n as usize,
            Ok(_) => {
                sh.builtin_error("shift", &format!("{a}: shift count out of range"));
                return Ok(1);
            }
            Err(_) => {
                sh.builtin_error("shift", &format!("{a}: numeric argument required"));
                return Ok(1);
            }
        },
    };
    if n > sh.positional.len() {
        return Ok(1);
    }
    sh.positional.drain(..n);
    Ok(0)
}

/// `let EXPR...`
pub fn let_(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() < 2 {
        sh.builtin_error("let", "expression expected");
        return Ok(1);
    }
    let mut last = 0;
    for a in &args[1..] {
        match sh.arith_str(a) {
            Ok(v) => last = v,
            Err(m) => {
                sh.arith_command_error("let: ", &m)?;
                return Ok(1);
            }
        }
    }
    let _ = Flow::Exit(0);
    Ok((last == 0) as i32)
}
