//! Generating the possible completions of a word from a [`CompSpec`], in bash's order: the
//! actions, `-G`, `-W`, `-F`, `-C`; then `-X`, `-P`/`-S` and the `dirnames`/`plusdirs` options.

use crate::fs::{join_path, FileType};
use crate::interp::glob::{self, GlobOpts};
use crate::interp::options::{DOTGLOB, EXTGLOB, GLOBSKIPDOTS, GLOBSTAR, NOCASEGLOB, SET_OPTIONS, SHOPT_OPTIONS};
use crate::interp::pattern::Pattern;
use crate::interp::vars::{attr, Var};
use crate::interp::{Exec, Shell};

use super::store::{act, opt, CompSpec};
use super::{tables, words};

/// Variables kitsh computes when read: they exist without being in the variable table.
const DYNAMIC_VARS: &[&str] = &[
    "BASHPID",
    "BASH_LINENO",
    "BASH_SOURCE",
    "BASH_SUBSHELL",
    "DIRSTACK",
    "EPOCHREALTIME",
    "EPOCHSECONDS",
    "GROUPS",
    "LINENO",
    "PIPESTATUS",
    "RANDOM",
    "SECONDS",
    "SRANDOM",
    "_",
];

/// The array-valued ones among [`DYNAMIC_VARS`].
const DYNAMIC_ARRAYS: &[&str] = &["BASH_LINENO", "BASH_SOURCE", "DIRSTACK", "GROUPS", "PIPESTATUS"];

/// Shell builtins of kitsh's table that bash does not have.
const NOT_BASH_BUILTINS: &[&str] = &["bash", "env", "sh"];

/// Which directory entries a file completion keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum FileKind {
    /// Everything (`-f`).
    Any,
    /// Directories (`-d`).
    Dir,
    /// Executable files and directories (`-c` on a word with a `/`).
    ExecOrDir,
}

/// Push the items starting with `word`.
fn push_matching<'a>(out: &mut Vec<String>, items: impl IntoIterator<Item = &'a str>, word: &str) {
    out.extend(items.into_iter().filter(|s| s.starts_with(word)).map(str::to_string));
}

/// Names of the visible variables that have a value and pass `keep`, with the dynamic ones
/// in `dynamic`, sorted.
fn variables(sh: &Shell, keep: impl Fn(&Var) -> bool, dynamic: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = sh
        .vars
        .visible()
        .into_iter()
        .filter(|(_, v)| v.is_set() && !v.has(attr::NO_VALUE) && keep(v))
        .map(|(k, _)| k.clone())
        .collect();
    names.extend(dynamic.iter().map(|s| s.to_string()));
    if !dynamic.is_empty() && sh.stack.frames.iter().any(|f| !f.is_source()) {
        names.push("FUNCNAME".to_string());
    }
    names.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    names.dedup();
    names
}

/// The enabled builtins, sorted.
pub(super) fn builtin_names(sh: &Shell) -> Vec<String> {
    let mut v: Vec<String> =
        super::super::TABLE.iter().map(|(n, _)| *n).filter(|n| !NOT_BASH_BUILTINS.contains(n)).map(str::to_string).collect();
    v.extend(sh.shared.custom.keys().cloned());
    v.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    v.dedup();
    v
}

/// Names from the first field of the lines of a `name:...` or `addr name...` file.
fn file_fields(sh: &Shell, path: &str) -> String {
    String::from_utf8_lossy(&sh.fs.read_file(path).unwrap_or_default()).into_owned()
}

/// User (`/etc/passwd`) or group (`/etc/group`) names in file order.
fn account_names(sh: &Shell, path: &str) -> Vec<String> {
    file_fields(sh, path).lines().filter_map(|l| l.split(':').next()).filter(|n| !n.is_empty()).map(str::to_string).collect()
}

/// Host names of `$HOSTFILE` (or `/etc/hosts`): every name after each address.
fn host_names(sh: &Shell) -> Vec<String> {
    let path = sh.vars.get_str("HOSTFILE").filter(|p| !p.is_empty()).unwrap_or("/etc/hosts").to_string();
    let text = file_fields(sh, &join_path(&sh.cwd, &path));
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("");
        out.extend(line.split_whitespace().skip(1).map(str::to_string));
    }
    out
}

/// Service names of `/etc/services`, one per line as `getservent` gives them.
fn service_names(sh: &Shell) -> Vec<String> {
    let text = file_fields(sh, "/etc/services");
    text.lines().filter_map(|l| l.split('#').next()?.split_whitespace().next()).map(str::to_string).collect()
}

/// The command names of the jobs in the table (the first word of each).
fn job_names(sh: &Shell) -> Vec<String> {
    sh.job_table.list.iter().filter(|j| j.is_live()).filter_map(|j| j.text.split_whitespace().next()).map(str::to_string).collect()
}

/// The `shopt` names in bash's table order (`autocd` first).
fn shopt_names() -> impl Iterator<Item = &'static str> {
    std::iter::once("autocd").chain(SHOPT_OPTIONS.iter().copied().filter(|n| *n != "autocd"))
}

/// The completions of the actions in `acts`, in bash's order.
pub(super) fn actions(sh: &Shell, acts: u32, word: &str, out: &mut Vec<String>) {
    let has = |bit: u32| acts & bit != 0;
    if has(act::ALIAS) {
        let mut v: Vec<&str> = sh.defs.aliases.keys().map(String::as_str).collect();
        v.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        push_matching(out, v, word);
    }
    if has(act::ARRAYVAR) {
        let v = variables(sh, |v| v.is_indexed() || v.is_assoc(), DYNAMIC_ARRAYS);
        push_matching(out, v.iter().map(String::as_str), word);
    }
    if has(act::BINDING) {
        push_matching(out, tables::BINDINGS.iter().copied(), word);
    }
    if has(act::BUILTIN) || has(act::ENABLED) {
        let v = builtin_names(sh);
        for bit in [act::BUILTIN, act::ENABLED] {
            if has(bit) {
                push_matching(out, v.iter().map(String::as_str), word);
            }
        }
    }
    if has(act::EXPORT) {
        let v = variables(sh, |v| v.has(attr::EXPORT), &[]);
        push_matching(out, v.iter().map(String::as_str), word);
    }
    if has(act::FUNCTION) {
        let mut v: Vec<&str> = sh.defs.funcs.keys().map(String::as_str).collect();
        v.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        push_matching(out, v, word);
    }
    if has(act::HELPTOPIC) {
        push_matching(out, tables::HELP_TOPICS.iter().copied(), word);
    }
    if has(act::HOSTNAME) {
        push_matching(out, host_names(sh).iter().map(String::as_str), word);
    }
    if has(act::JOB) || has(act::RUNNING) {
        let v = job_names(sh);
        for bit in [act::JOB, act::RUNNING] {
            if has(bit) {
                push_matching(out, v.iter().map(String::as_str), word);
            }
        }
    }
    if has(act::KEYWORD) {
        push_matching(out, tables::KEYWORDS.iter().copied(), word);
    }
    if has(act::SETOPT) {
        push_matching(out, SET_OPTIONS.iter().map(|(n, _)| *n), word);
    }
    if has(act::SHOPT) {
        push_matching(out, shopt_names(), word);
    }
    if has(act::SIGNAL) {
        push_matching(out, tables::SIGNALS.iter().copied(), word);
    }
    if has(act::VARIABLE) {
        let v = variables(sh, |_| true, DYNAMIC_VARS);
        push_matching(out, v.iter().map(String::as_str), word);
    }
    actions_external(sh, acts, word, out);
}

/// The actions that look at files and system tables, after the others as in bash.
fn actions_external(sh: &Shell, acts: u32, word: &str, out: &mut Vec<String>) {
    let has = |bit: u32| acts & bit != 0;
    if has(act::COMMAND) {
        commands(sh, word, out);
    }
    if has(act::FILE) {
        files(sh, word, FileKind::Any, out);
    }
    if has(act::USER) {
        push_matching(out, account_names(sh, "/etc/passwd").iter().map(String::as_str), word);
    }
    if has(act::GROUP) {
        push_matching(out, account_names(sh, "/etc/group").iter().map(String::as_str), word);
    }
    if has(act::SERVICE) {
        push_matching(out, service_names(sh).iter().map(String::as_str), word);
    }
    if has(act::DIRECTORY) {
        files(sh, word, FileKind::Dir, out);
    }
}

/// Command names: aliases, reserved words, functions, builtins, then the executables of each
/// `$PATH` directory. A word with a `/` completes executable files and directories.
pub(super) fn commands(sh: &Shell, word: &str, out: &mut Vec<String>) {
    if word.contains('/') {
        files(sh, word, FileKind::ExecOrDir, out);
        return;
    }
    for bit in [act::ALIAS, act::KEYWORD, act::FUNCTION, act::BUILTIN] {
        actions(sh, bit, word, out);
    }
    let Some(path) = sh.vars.get_str("PATH").filter(|p| !p.is_empty()) else { return };
    for dir in path.split(':') {
        let dir = join_path(&sh.cwd, if dir.is_empty() { "." } else { dir });
        let Ok(entries) = sh.fs.read_dir(&dir) else { continue };
        let mut names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).filter(|n| n.starts_with(word)).collect();
        names.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
        for n in names {
            let full = join_path(&dir, n);
            if sh.fs.stat(&full).is_ok_and(|m| m.file_type != FileType::Dir && m.mode & 0o111 != 0) {
                out.push(n.to_string());
            }
        }
    }
}

/// The home directory of `user` (`""`: the current one) for a leading `~user/`.
fn home_of(sh: &Shell, user: &str) -> Option<String> {
    if user.is_empty() {
        return sh.vars.get_str("HOME").map(str::to_string);
    }
    let text = file_fields(sh, "/etc/passwd");
    text.lines().map(|l| l.split(':').collect::<Vec<&str>>()).find(|f| f.first() == Some(&user)).and_then(|f| f.get(5).map(|s| s.to_string()))
}

/// Filename completion of `word` as readline does it: the entries of its directory part
/// starting with its last component, spelled with the directory part as given. `.` and `..`
/// are offered only for a component starting with `.`. Sorted by name.
pub(super) fn files(sh: &Shell, word: &str, kind: FileKind, out: &mut Vec<String>) {
    let (dirpart, base) = match word.rfind('/') {
        Some(i) => word.split_at(i + 1),
        None => ("", word),
    };
    let lookup = match dirpart.strip_prefix('~') {
        Some(rest) => {
            let (user, tail) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
            match home_of(sh, user) {
                Some(home) => format!("{home}{tail}"),
                None => dirpart.to_string(),
            }
        }
        None => dirpart.to_string(),
    };
    let dir = join_path(&sh.cwd, if lookup.is_empty() { "." } else { &lookup });
    let Ok(entries) = sh.fs.read_dir(&dir) else { return };
    let mut names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
    if !base.is_empty() {
        names.extend([".", ".."]);
    }
    names.retain(|n| n.starts_with(base));
    names.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    for n in names {
        if kind != FileKind::Any {
            let Ok(m) = sh.fs.stat(&join_path(&dir, n)) else { continue };
            let ok = m.file_type == FileType::Dir || (kind == FileKind::ExecOrDir && m.mode & 0o111 != 0);
            if !ok {
                continue;
            }
        }
        out.push(format!("{dirpart}{n}"));
    }
}

/// `-G pattern`: the pathname expansion of `pattern` (the word plays no part). bash's `-G`
/// ignores `dotglob`, `nocaseglob` and `GLOBIGNORE`; `shell_opts` honours the first two, as
/// `-o bashdefault` does.
pub(super) fn glob_matches(sh: &Shell, pattern: &str, shell_opts: bool, out: &mut Vec<String>) {
    let opts = GlobOpts {
        dotglob: shell_opts && sh.shopt(DOTGLOB),
        nocase: shell_opts && sh.shopt(NOCASEGLOB),
        extglob: sh.shopt(EXTGLOB),
        globstar: sh.shopt(GLOBSTAR),
        dot_dirs: !sh.shopt(GLOBSKIPDOTS),
        bytes: sh.byte_locale(),
    };
    if pattern.is_empty() {
        // bash's `glob_filename` gives the empty pattern back as its one match.
        out.push(String::new());
        return;
    }
    out.extend(glob::expand(pattern, &sh.cwd, &*sh.fs, opts));
}

/// `-o bashdefault` when nothing else matched: variables after `$` or `${`, commands after
/// `$(`, users after `~`, hosts after `@`, and pathname expansion of a word with glob characters.
pub(super) fn bash_default(sh: &Shell, word: &str, out: &mut Vec<String>) {
    if let Some(rest) = word.strip_prefix("$(") {
        let mut v = Vec::new();
        commands(sh, rest, &mut v);
        out.extend(v.into_iter().map(|c| format!("$({c}")));
    } else if let Some(rest) = word.strip_prefix("${") {
        let v = variables(sh, |_| true, DYNAMIC_VARS);
        out.extend(v.iter().filter(|n| n.starts_with(rest)).map(|n| format!("${{{n}}}")));
    } else if let Some(rest) = word.strip_prefix('$') {
        let v = variables(sh, |_| true, DYNAMIC_VARS);
        out.extend(v.iter().filter(|n| n.starts_with(rest)).map(|n| format!("${n}")));
    } else if let Some(rest) = word.strip_prefix('~').filter(|r| !r.contains('/')) {
        let users = account_names(sh, "/etc/passwd");
        out.extend(users.iter().filter(|n| n.starts_with(rest)).map(|n| format!("~{n}")));
    } else if let Some(rest) = word.strip_prefix('@') {
        out.extend(host_names(sh).iter().filter(|n| n.starts_with(rest)).map(|n| format!("@{n}")));
    } else if Pattern::has_glob_chars(word, sh.shopt(EXTGLOB)) {
        glob_matches(sh, word, true, out);
    }
}

/// All the completions of `word` under `spec`, before `compgen`'s own fallbacks.
pub(super) fn generate(sh: &mut Shell, spec: &CompSpec, word: &str) -> Exec<Vec<String>> {
    let mut out = Vec::new();
    actions(sh, spec.actions, word, &mut out);
    if let Some(g) = &spec.globpat {
        glob_matches(sh, g, false, &mut out);
    }
    if let Some(w) = &spec.words {
        words::wordlist(sh, w, word, &mut out)?;
    }
    if let Some(f) = &spec.funcname {
        words::function_matches(sh, f, word, &mut out)?;
    }
    if let Some(c) = &spec.command {
        words::command_matches(sh, c, word, &mut out)?;
    }
    if let Some(x) = &spec.filterpat {
        words::filter(sh, x, word, &mut out);
    }
    if spec.prefix.is_some() || spec.suffix.is_some() {
        let (p, s) = (spec.prefix.as_deref().unwrap_or(""), spec.suffix.as_deref().unwrap_or(""));
        for m in &mut out {
            *m = format!("{p}{m}{s}");
        }
    }
    if out.is_empty() && spec.options & opt::DIRNAMES != 0 {
        files(sh, word, FileKind::Dir, &mut out);
    } else if spec.options & opt::PLUSDIRS != 0 {
        files(sh, word, FileKind::Dir, &mut out);
    }
    Ok(out)
}
