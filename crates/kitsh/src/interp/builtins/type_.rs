//! `type [-afptP] NAME...` and the lookup it shares with `command -v/-V` and `hash`:
//! what a name would run as (alias, keyword, function, builtin or file), in bash's order.

use crate::interp::{Exec, Shell};

/// Reserved words (`type if` → "if is a shell keyword").
pub(crate) const KEYWORDS: &[&str] = &[
    "!", "[[", "]]", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function", "if", "in", "select",
    "then", "time", "until", "while", "{", "}",
];

/// One way a name can be run.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Kind {
    /// An alias and its value.
    Alias(String),
    /// A reserved word.
    Keyword,
    /// A shell function.
    Function,
    /// A shell builtin (or a command added by the embedder).
    Builtin,
    /// A file, with the path as shown; `hashed` when it came from the hash table.
    File { path: String, hashed: bool },
}

impl Kind {
    /// The word `type -t` prints.
    pub(crate) fn word(&self) -> &'static str {
        match self {
            Kind::Alias(_) => "alias",
            Kind::Keyword => "keyword",
            Kind::Function => "function",
            Kind::Builtin => "builtin",
            Kind::File { .. } => "file",
        }
    }
}

/// What to look for.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Lookup {
    /// `-a`: every match, not just the first.
    pub all: bool,
    /// `-f`: skip functions.
    pub no_functions: bool,
    /// `-P`: only files on `$PATH`.
    pub path_only: bool,
}

/// Every way `name` can be run, first the one that would be used.
pub(crate) fn describe(sh: &Shell, name: &str, how: Lookup) -> Vec<Kind> {
    let mut found = Vec::new();
    if !how.path_only {
        if sh.shopt(crate::interp::options::EXPAND_ALIASES) {
            if let Some(a) = sh.defs.aliases.get(name) {
                found.push(Kind::Alias(a.clone()));
            }
        }
        if KEYWORDS.contains(&name) {
            found.push(Kind::Keyword);
        }
        if !how.no_functions && sh.defs.funcs.contains_key(name) {
            found.push(Kind::Function);
        }
        if super::is_builtin(name) || sh.shared.custom.contains_key(name) {
            found.push(Kind::Builtin);
        }
        if !how.all && !found.is_empty() {
            return found;
        }
    }
    if name.contains('/') {
        let abs = crate::fs::join_path(&sh.cwd, name);
        if sh.fs.stat(&abs).is_ok_and(|m| m.file_type == crate::fs::FileType::File && m.mode & 0o111 != 0) {
            found.push(Kind::File { path: name.to_string(), hashed: false });
        }
        return found;
    }
    if how.all {
        found.extend(sh.search_path_all(name).into_iter().map(|path| Kind::File { path, hashed: false }));
    } else if let Some(h) = sh.defs.hashed.get(name) {
        found.push(Kind::File { path: h.path.clone(), hashed: true });
    } else if let Some(path) = sh.search_path(name, None) {
        found.push(Kind::File { path, hashed: false });
    }
    found
}

/// `NAME is ...` lines as `type` and `command -V` print them.
pub(crate) fn verbose_text(sh: &Shell, name: &str, kind: &Kind, out: &mut String) {
    match kind {
        Kind::Alias(a) => out.push_str(&format!("{name} is aliased to `{a}'\n")),
        Kind::Keyword => out.push_str(&format!("{name} is a shell keyword\n")),
        Kind::Function => {
            out.push_str(&format!("{name} is a function\n"));
            if let Some(f) = sh.defs.funcs.get(name) {
                out.push_str(&sh.function_text(f));
                out.push('\n');
            }
        }
        Kind::Builtin => out.push_str(&format!("{name} is a shell builtin\n")),
        Kind::File { path, hashed: true } => out.push_str(&format!("{name} is hashed ({path})\n")),
        Kind::File { path, .. } => out.push_str(&format!("{name} is {path}\n")),
    }
}

/// `type`
pub fn type_(sh: &mut Shell, args: &[String]) -> Exec {
    let usage = "type: usage: type [-afptP] name [name ...]\n";
    let (flags, i) = match super::parse_flags(sh, args, "type", "afptP", usage, false) {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let has = |c: char| flags.contains(&c);
    let how = Lookup { all: has('a'), no_functions: has('f'), path_only: has('P') };
    let (t_only, p_only) = (has('t'), has('p'));
    let mut status = 0;
    let mut out = String::new();
    for n in &args[i.min(args.len())..] {
        let kinds = describe(sh, n, how);
        if kinds.is_empty() {
            status = 1;
            if !t_only && !p_only && !how.path_only {
                sh.error(&format!("type: {n}: not found"));
            }
            continue;
        }
        for k in &kinds {
            if t_only {
                out.push_str(k.word());
                out.push('\n');
            } else if p_only || how.path_only {
                if let Kind::File { path, .. } = k {
                    out.push_str(path);
                    out.push('\n');
                }
            } else {
                verbose_text(sh, n, k, &mut out);
            }
            if !how.all {
                break;
            }
        }
    }
    sh.out(out.as_bytes());
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn kinds() {
        assert_eq!(out("type -t cd if cat zz"), "builtin\nkeyword\nfile\n1");
        assert_eq!(out("type cat cd"), "cat is /usr/bin/cat\ncd is a shell builtin\n0");
        assert_eq!(out("cat </dev/null; type cat"), "cat is hashed (/usr/bin/cat)\n0");
        assert_eq!(out("type zz"), "bash: line 1: type: zz: not found\n1");
        assert_eq!(out("type -a echo"), "echo is a shell builtin\necho is /usr/bin/echo\necho is /bin/echo\n0");
        assert_eq!(out("type -P cd"), "1");
        assert_eq!(out("type -p cd"), "0");
    }

    #[test]
    fn path_and_functions() {
        let s = "mkdir -p d; touch d/mv d/file; chmod +x d/mv; PATH=d:$PATH; mv() { :; }; type -P mv; type -f mv; type -t file; type d/file";
        assert_eq!(out(s), "d/mv\nmv is d/mv\nfile\nbash: line 1: type: d/file: not found\n1");
    }
}
