//! `cd`, `pwd`, `pushd`, `popd`, `dirs`.

use crate::fs::{join_path, FileType};
use crate::interp::{Exec, Shell};

pub(super) fn change_dir(sh: &mut Shell, target: &str, physical: bool) -> Result<(), String> {
    let path = join_path(&sh.cwd, target);
    // `..` is resolved by name, but what comes before it must exist (`cd nosuch/..` fails
    // as chdir(2) does).
    if let Some(missing) = missing_before_dotdot(sh, target) {
        return Err(format!("{target}: {missing}"));
    }
    match sh.fs.stat(&path) {
        Ok(m) if m.file_type == FileType::Dir => {
            let new = if physical { sh.fs.canonicalize(&path).unwrap_or(path) } else { path };
            let old = std::mem::replace(&mut sh.cwd, new.clone());
            let _ = sh.assign("OLDPWD", old, false);
            if let Some(v) = sh.vars.get_raw_mut("OLDPWD") {
                v.attrs |= crate::interp::vars::attr::EXPORT;
            }
            let _ = sh.assign("PWD", new, false);
            Ok(())
        }
        Ok(_) => Err(format!("{target}: Not a directory")),
        Err(e) => Err(format!("{target}: {e}")),
    }
}

/// The error for a component before a `..` in `target` that is not a directory.
fn missing_before_dotdot(sh: &Shell, target: &str) -> Option<String> {
    if !target.contains("..") {
        return None;
    }
    let mut prefix = if target.starts_with('/') { String::from("/") } else { String::new() };
    for comp in target.split('/').filter(|c| !c.is_empty()) {
        if comp == ".." && !prefix.is_empty() && prefix != "/" {
            match sh.fs.stat(&join_path(&sh.cwd, &prefix)) {
                Ok(m) if m.file_type == FileType::Dir => {}
                Ok(_) => return Some("Not a directory".to_string()),
                Err(e) => return Some(e.to_string()),
            }
        }
        if !prefix.is_empty() && !prefix.ends_with('/') {
            prefix.push('/');
        }
        prefix.push_str(comp);
    }
    None
}

/// `cd [-L|-P] [dir]`
pub fn cd(sh: &mut Shell, args: &[String]) -> Exec {
    let mut physical = false;
    let mut i = 1;
    while i < args.len() && args[i].starts_with('-') && args[i].len() > 1 {
        if args[i] == "--" {
            i += 1;
            break;
        }
        // Letters combine (`-LP`); the last of -L and -P wins.
        for c in args[i][1..].chars() {
            match c {
                'P' => physical = true,
                'L' => physical = false,
                'e' | '@' => {}
                _ => {
                    sh.builtin_error("cd", &format!("-{c}: invalid option"));
                    sh.write_fd(2, b"cd: usage: cd [-L|[-P [-e]] [-@]] [dir]\n");
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    if args.len() > i + 1 {
        sh.builtin_error("cd", "too many arguments");
        return Ok(1);
    }
    let (target, print) = match args.get(i).map(String::as_str) {
        None => match sh.vars.get_str("HOME") {
            Some(h) => (h.to_string(), false),
            None => {
                sh.builtin_error("cd", "HOME not set");
                return Ok(1);
            }
        },
        Some("-") => match sh.vars.get_str("OLDPWD") {
            Some(o) => (o.to_string(), true),
            None => {
                sh.builtin_error("cd", "OLDPWD not set");
                return Ok(1);
            }
        },
        Some(t) => (t.to_string(), false),
    };
    // CDPATH
    let mut tried = target.clone();
    if !target.starts_with('/') && !target.starts_with('.') {
        if let Some(cdpath) = sh.vars.get_str("CDPATH").map(str::to_string) {
            for dir in cdpath.split(':').filter(|d| !d.is_empty()) {
                let cand = join_path(&join_path(&sh.cwd, dir), &target);
                if sh.fs.stat(&cand).is_ok_and(|m| m.file_type == FileType::Dir) {
                    tried = cand;
                    let r = change_dir(sh, &tried, physical);
                    if r.is_ok() {
                        let line = format!("{}\n", sh.cwd);
                        sh.out(line.as_bytes());
                        return Ok(0);
                    }
                }
            }
        }
    }
    match change_dir(sh, &tried, physical) {
        Ok(()) => {
            if print {
                let line = format!("{}\n", sh.cwd);
                sh.out(line.as_bytes());
            }
            Ok(0)
        }
        Err(mut m) => {
            // `shopt -s cdable_vars`: a name that is no directory may be a variable holding one.
            if sh.shopt(crate::interp::options::CDABLE_VARS) && crate::interp::expand::is_name(&target) {
                if let Some(dir) = sh.vars.get_str(&target).map(str::to_string) {
                    match change_dir(sh, &dir, physical) {
                        Ok(()) => {
                            // bash prints the directory as the variable gives it.
                            let line = format!("{dir}\n");
                            sh.out(line.as_bytes());
                            return Ok(0);
                        }
                        // Reported under the variable's name.
                        Err(e) => m = e.replacen(&dir, &target, 1),
                    }
                }
            }
            sh.builtin_error("cd", &m);
            Ok(1)
        }
    }
}

/// `pwd [-LP]`
pub fn pwd(sh: &mut Shell, args: &[String]) -> Exec {
    let physical = args.iter().skip(1).any(|a| a == "-P");
    let p = if physical { sh.fs.canonicalize(&sh.cwd).unwrap_or_else(|_| sh.cwd.clone()) } else { sh.cwd.clone() };
    sh.out(format!("{p}\n").as_bytes());
    Ok(0)
}

fn tilde_short(sh: &Shell, p: &str) -> String {
    if let Some(h) = sh.vars.get_str("HOME") {
        if !h.is_empty() && (p == h || p.starts_with(&format!("{h}/"))) {
            return format!("~{}", &p[h.len()..]);
        }
    }
    p.to_string()
}

pub(super) fn print_stack(sh: &mut Shell, long: bool, per_line: bool, numbered: bool) {
    let mut items = vec![sh.cwd.clone()];
    items.extend(sh.dir_stack.iter().rev().cloned());
    let shown: Vec<String> = items.iter().map(|p| if long { p.clone() } else { tilde_short(sh, p) }).collect();
    let out = if numbered {
        shown.iter().enumerate().map(|(i, p)| format!("{i:2}  {p}\n")).collect::<String>()
    } else if per_line {
        shown.iter().map(|p| format!("{p}\n")).collect::<String>()
    } else {
        format!("{}\n", shown.join(" "))
    };
    sh.out(out.as_bytes());
}

/// `dirs [-clpv]`
pub fn dirs(sh: &mut Shell, args: &[String]) -> Exec {
    let (mut long, mut per_line, mut numbered) = (false, false, false);
    for a in &args[1..] {
        match a.as_str() {
            "-c" => {
                sh.dir_stack.clear();
                return Ok(0);
            }
            "-l" => long = true,
            "-p" => per_line = true,
            "-v" => {
                numbered = true;
                per_line = true
            }
            _ => {
                sh.builtin_error("dirs", &format!("{a}: invalid option"));
                return Ok(1);
            }
        }
    }
    print_stack(sh, long, per_line, numbered);
    Ok(0)
}
