//! `bind [-lpsvPSVX] [-m KEYMAP] [-f FILE] [-q NAME] [-u NAME] [-r KEYSEQ] [-x KEYSEQ:CMD]
//! [KEYSEQ:FUNCTION | READLINE-COMMAND]`: readline's key bindings and variables.
//!
//! kitsh has no line editing, like a non-interactive bash, which still keeps readline's tables:
//! every call warns that line editing is not enabled, and the tables can be listed, queried and
//! changed. The defaults are readline 8.2's (bash 5.2) emacs keymap, function names and
//! variables, kept as data beside this file (`bind/`); other keymaps start empty.

use std::collections::HashMap;

use crate::interp::{Exec, Shell};

/// `KEYSEQ<TAB>FUNCTION` lines of the default emacs keymap, in `bind -p`'s order.
const EMACS: &str = include_str!("bind/emacs.txt");
/// Bindable function names, sorted as `bind -l` lists them.
const FUNCTIONS: &str = include_str!("bind/functions.txt");
/// `NAME VALUE` lines of readline's variables with their defaults.
const VARIABLES: &str = include_str!("bind/variables.txt");

/// What a key sequence does.
#[derive(Clone, Debug, PartialEq)]
enum Action {
    Function(String),
    /// `bind -x`: a shell command.
    Command(String),
    /// A macro (`"\C-xq": "text"`).
    Macro(String),
}

/// The readline state of a shell, made on its first change.
#[derive(Clone, Debug)]
pub struct Readline {
    /// Keymap name → key sequence (as written, without quotes) → action, in insertion order.
    keymaps: HashMap<String, Vec<(String, Action)>>,
    variables: Vec<(String, String)>,
}

impl Readline {
    fn new() -> Readline {
        let emacs = EMACS
            .lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(k, f)| (k.to_string(), Action::Function(f.to_string())))
            .collect();
        let mut keymaps = HashMap::new();
        keymaps.insert("emacs".to_string(), emacs);
        let variables = VARIABLES
            .lines()
            .filter_map(|l| l.split_once(' '))
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        Readline { keymaps, variables }
    }

    fn keymap(&mut self, name: &str) -> &mut Vec<(String, Action)> {
        self.keymaps.entry(name.to_string()).or_default()
    }

    fn bind(&mut self, keymap: &str, key: &str, action: Action) {
        let map = self.keymap(keymap);
        map.retain(|(k, _)| k != key);
        map.push((key.to_string(), action));
    }
}

/// The keymap a `-m` name stands for (readline's aliases).
fn keymap_name(m: &str) -> Option<&'static str> {
    Some(match m {
        "emacs" | "emacs-standard" => "emacs",
        "emacs-meta" => "emacs-meta",
        "emacs-ctlx" => "emacs-ctlx",
        "vi" | "vi-move" | "vi-command" => "vi-command",
        "vi-insert" => "vi-insert",
        _ => return None,
    })
}

/// The bytes a key sequence stands for, for ordering as readline walks its keymaps.
fn key_bytes(k: &str) -> Vec<u8> {
    let b = k.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && i + 1 < b.len() {
            match b[i + 1] {
                b'C' if b.get(i + 2) == Some(&b'-') && i + 3 < b.len() => {
                    out.push(b[i + 3] & 0x1f);
                    i += 4;
                    continue;
                }
                b'M' if b.get(i + 2) == Some(&b'-') && i + 3 < b.len() => {
                    out.push(0x1b);
                    i += 3;
                    continue;
                }
                b'e' => out.push(0x1b),
                b'd' => out.push(0x7f),
                c => out.push(c),
            }
            i += 2;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    out
}

/// Key sequences bound to `func` in `keymap`, in readline's order.
fn keys_of<'a>(map: &'a [(String, Action)], func: &str) -> Vec<&'a str> {
    let mut keys: Vec<&str> =
        map.iter().filter(|(_, a)| matches!(a, Action::Function(f) if f == func)).map(|(k, _)| k.as_str()).collect();
    keys.sort_by_key(|k| key_bytes(k));
    keys
}

fn quoted_list(keys: &[&str]) -> String {
    keys.iter().map(|k| format!("\"{k}\"")).collect::<Vec<_>>().join(", ")
}

/// Parse `"KEYSEQ": REST` (or `KEYSEQ: REST`); the key sequence without quotes and the rest.
fn split_binding(s: &str) -> Option<(String, String)> {
    let s = s.trim_start();
    let (key, rest) = if let Some(body) = s.strip_prefix('"') {
        let mut end = None;
        let mut esc = false;
        for (i, c) in body.char_indices() {
            match c {
                _ if esc => esc = false,
                '\\' => esc = true,
                '"' => {
                    end = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let end = end?;
        (body[..end].to_string(), &body[end + 1..])
    } else {
        let (k, r) = s.split_once(':')?;
        return Some((k.trim().to_string(), r.trim().to_string()));
    };
    let rest = rest.trim_start().strip_prefix(':')?;
    Some((key, rest.trim().to_string()))
}

/// `bind`
pub fn bind(sh: &mut Shell, args: &[String]) -> Exec {
    sh.builtin_error("bind", "warning: line editing not enabled");
    let mut rl = sh.readline.take().map(|b| *b).unwrap_or_else(Readline::new);
    let status = run(sh, &mut rl, args);
    sh.readline = Some(Box::new(rl));
    Ok(status)
}

fn run(sh: &mut Shell, rl: &mut Readline, args: &[String]) -> i32 {
    let mut keymap = "emacs";
    let mut out = String::new();
    let mut status = 0;
    let mut i = 1;
    let usage = |sh: &Shell| {
        sh.write_fd(
            2,
            b"bind: usage: bind [-lpsvPSVX] [-m keymap] [-f filename] [-q name] [-u name] [-r keyseq] [-x keyseq:shell-command] [keyseq:readline-function or readline-command]\n",
        );
    };
    while let Some(a) = args.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a.len() < 2 {
            break;
        }
        let flags: Vec<char> = a[1..].chars().collect();
        i += 1;
        for (n, c) in flags.iter().enumerate() {
            // An option with an argument takes the rest of the word or the next one.
            let mut value = || -> Option<String> {
                let rest: String = flags[n + 1..].iter().collect();
                if !rest.is_empty() {
                    return Some(rest);
                }
                let v = args.get(i).cloned();
                i += 1;
                v
            };
            match c {
                'l' => FUNCTIONS.lines().for_each(|f| {
                    out.push_str(f);
                    out.push('\n');
                }),
                'p' | 'P' => {
                    let map = rl.keymap(keymap).clone();
                    out.push('\n');
                    for f in FUNCTIONS.lines() {
                        let keys = keys_of(&map, f);
                        match (c, keys.is_empty()) {
                            ('p', true) => out.push_str(&format!("# {f} (not bound)\n")),
                            ('p', false) => keys.iter().for_each(|k| out.push_str(&format!("\"{k}\": {f}\n"))),
                            (_, true) => out.push_str(&format!("{f} is not bound to any keys\n")),
                            (_, false) => out.push_str(&format!("{f} can be found on {}.\n", quoted_list(&keys))),
                        }
                    }
                }
                'v' => rl.variables.iter().for_each(|(n, v)| out.push_str(&format!("set {n} {v}\n"))),
                'V' => rl.variables.iter().for_each(|(n, v)| out.push_str(&format!("{n} is set to `{v}'\n"))),
                's' | 'S' => {
                    let map = rl.keymap(keymap);
                    for (k, a) in map.iter() {
                        if let Action::Macro(m) = a {
                            match c {
                                's' => out.push_str(&format!("\"{k}\": \"{m}\"\n")),
                                _ => out.push_str(&format!("{k} outputs {m}\n")),
                            }
                        }
                    }
                }
                'X' => {
                    let map = rl.keymap(keymap);
                    for (k, a) in map.iter() {
                        if let Action::Command(cmd) = a {
                            out.push_str(&format!("\"{k}\": \"{cmd}\"\n"));
                        }
                    }
                }
                'm' => {
                    let Some(m) = value() else {
                        sh.builtin_error("bind", "-m: option requires an argument");
                        usage(sh);
                        return 2;
                    };
                    match keymap_name(&m) {
                        Some(k) => keymap = k,
                        None => {
                            sh.builtin_error("bind", &format!("`{m}': invalid keymap name"));
                            return 1;
                        }
                    }
                    break;
                }
                'q' | 'u' => {
                    let Some(name) = value() else {
                        sh.builtin_error("bind", &format!("-{c}: option requires an argument"));
                        usage(sh);
                        return 2;
                    };
                    if !FUNCTIONS.lines().any(|f| f == name) {
                        sh.builtin_error("bind", &format!("`{name}': unknown function name"));
                        return 1;
                    }
                    if *c == 'u' {
                        rl.keymap(keymap).retain(|(_, a)| !matches!(a, Action::Function(f) if *f == name));
                    } else {
                        let keys = keys_of(rl.keymap(keymap), &name);
                        if keys.is_empty() {
                            out.push_str(&format!("{name} is not bound to any keys.\n"));
                            status = 1;
                        } else {
                            out.push_str(&format!("{name} can be invoked via {}.\n", quoted_list(&keys)));
                        }
                    }
                    break;
                }
                'r' => {
                    let Some(key) = value() else {
                        sh.builtin_error("bind", "-r: option requires an argument");
                        usage(sh);
                        return 2;
                    };
                    let key = key.trim_matches('"').to_string();
                    rl.keymap(keymap).retain(|(k, _)| *k != key);
                    break;
                }
                'x' => {
                    let Some(spec) = value() else {
                        sh.builtin_error("bind", "-x: option requires an argument");
                        usage(sh);
                        return 2;
                    };
                    let Some((key, cmd)) = split_binding(&spec) else {
                        sh.builtin_error("bind", &format!("{spec}: missing colon separator"));
                        return 1;
                    };
                    let cmd = cmd.strip_prefix('"').and_then(|c| c.strip_suffix('"')).map_or(cmd.clone(), str::to_string);
                    rl.bind(keymap, &key, Action::Command(cmd));
                    break;
                }
                'f' => {
                    let Some(file) = value() else {
                        sh.builtin_error("bind", "-f: option requires an argument");
                        usage(sh);
                        return 2;
                    };
                    let path = crate::fs::join_path(&sh.cwd, &file);
                    match sh.fs.read_file(&path) {
                        Ok(text) => {
                            for line in String::from_utf8_lossy(&text).lines() {
                                let line = line.trim();
                                if !line.is_empty() && !line.starts_with('#') {
                                    status |= readline_command(sh, rl, keymap, line);
                                }
                            }
                        }
                        Err(e) => {
                            sh.builtin_error("bind", &format!("{file}: cannot read: {e}"));
                            return 1;
                        }
                    }
                    break;
                }
                _ => {
                    sh.builtin_error("bind", &format!("-{c}: invalid option"));
                    usage(sh);
                    return 2;
                }
            }
        }
    }
    for a in &args[i.min(args.len())..] {
        status |= readline_command(sh, rl, keymap, a);
    }
    if !out.is_empty() && !sh.out(out.as_bytes()) {
        return 1;
    }
    status
}

/// One line of readline's init-file syntax: `set NAME VALUE` or `"KEYSEQ": FUNCTION|"MACRO"`.
fn readline_command(sh: &Shell, rl: &mut Readline, keymap: &str, line: &str) -> i32 {
    if let Some(rest) = line.strip_prefix("set ") {
        let mut words = rest.split_whitespace();
        let (Some(name), value) = (words.next(), words.next().unwrap_or("")) else { return 0 };
        match rl.variables.iter_mut().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
            Some(slot) => slot.1 = value.to_string(),
            None => sh.builtin_error("bind", &format!("{name}: unknown variable name")),
        }
        return 0;
    }
    let Some((key, what)) = split_binding(line) else {
        sh.builtin_error("bind", &format!("{line}: missing colon separator"));
        return 1;
    };
    let action = match what.strip_prefix('"').and_then(|m| m.strip_suffix('"')) {
        Some(m) => Action::Macro(m.to_string()),
        None if FUNCTIONS.lines().any(|f| f == what) => Action::Function(what),
        // readline ignores an unknown function name in a binding.
        None => return 0,
    };
    rl.bind(keymap, &key, action);
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_tables_load() {
        let rl = Readline::new();
        assert_eq!(rl.keymaps["emacs"].len(), 404);
        assert_eq!(FUNCTIONS.lines().count(), 173);
        assert_eq!(rl.variables.len(), 46);
        assert_eq!(keys_of(&rl.keymaps["emacs"], "abort"), ["\\C-g", "\\C-x\\C-g", "\\e\\C-g"]);
    }

    #[test]
    fn bindings_parse() {
        assert_eq!(split_binding("\"\\C-o\": echo foo"), Some(("\\C-o".into(), "echo foo".into())));
        assert_eq!(split_binding("\"\\\"\": self-insert"), Some(("\\\"".into(), "self-insert".into())));
        assert_eq!(split_binding("Control-o: yank"), Some(("Control-o".into(), "yank".into())));
        assert_eq!(split_binding("no colon"), None);
    }
}
