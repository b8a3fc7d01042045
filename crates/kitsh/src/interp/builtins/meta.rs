//! Builtins about running things: `eval`, `source`, `command`, `builtin`, `type`, `exec`,
//! `bash`/`sh`, `env`, `trap`, `getopts`, `alias`, `hash`, `wait`, `kill`, `jobs`, `times`,
//! `umask`.

use crate::interp::vars::attr;
use crate::interp::{Exec, Flow, Shell};

/// `eval ARGS`
pub fn eval(sh: &mut Shell, args: &[String]) -> Exec {
    let skip = match args.get(1).map(String::as_str) {
        Some("--") => 2,
        Some(a) if a.len() > 1 && a.starts_with('-') => {
            let c = a[1..].chars().next().unwrap_or('-');
            sh.builtin_error("eval", &format!("-{c}: invalid option"));
            sh.write_fd(2, b"eval: usage: eval [arg ...]\n");
            return Ok(2);
        }
        _ => 1,
    };
    let src = args.get(skip..).unwrap_or_default().join(" ");
    if src.is_empty() {
        return Ok(0);
    }
    if sh.stack.depth >= sh.shared.limits.max_function_depth {
        sh.builtin_error("eval", "maximum nesting level exceeded");
        return Err(Flow::Limit(crate::limits::LimitExceeded::FunctionDepth));
    }
    sh.stack.depth += 1;
    let line = sh.lineno;
    let saved = std::mem::replace(&mut sh.stack.in_eval, true);
    sh.xtrace_depth += 1;
    let r = stacker::maybe_grow(256 * 1024, 4 << 20, || sh.run_source(&src, line));
    sh.xtrace_depth -= 1;
    sh.stack.in_eval = saved;
    sh.stack.depth -= 1;
    r
}

/// `source FILE [ARGS]` / `. FILE [ARGS]`
pub fn source(sh: &mut Shell, args: &[String]) -> Exec {
    let args: &[String] = if args.get(1).map(String::as_str) == Some("--") {
        // `source -- FILE`: the `--` is dropped (argv[0] stays first).
        &[&args[..1], &args[2..]].concat()
    } else {
        args
    };
    let Some(file) = args.get(1) else {
        sh.builtin_error(&args[0], "filename argument required");
        sh.write_fd(2, format!("{}: usage: {} filename [arguments]\n", args[0], args[0]).as_bytes());
        return Ok(2);
    };
    let path = if file.contains('/') {
        Some(crate::fs::join_path(&sh.cwd, file))
    } else {
        let mut found = None;
        if let Some(p) = sh.vars.get_str("PATH") {
            for dir in p.split(':') {
                let cand = crate::fs::join_path(&sh.cwd, &format!("{}/{file}", if dir.is_empty() { "." } else { dir }));
                if sh.fs.stat(&cand).is_ok_and(|m| m.file_type == crate::fs::FileType::File) {
                    found = Some(cand);
                    break;
                }
            }
        }
        found.or_else(|| Some(crate::fs::join_path(&sh.cwd, file)))
    };
    let path = path.unwrap_or_default();
    let text = match sh.fs.read_file(&path) {
        Ok(b) => crate::util::bytes::decode_owned(b),
        Err(e) => {
            sh.builtin_error(&args[0], &format!("{file}: {e}"));
            return Ok(1);
        }
    };
    if sh.stack.depth >= sh.shared.limits.max_function_depth {
        sh.builtin_error(&args[0], "maximum nesting level exceeded");
        return Err(Flow::Limit(crate::limits::LimitExceeded::FunctionDepth));
    }
    let saved_pos = if args.len() > 2 { Some(std::mem::replace(&mut sh.positional, args[2..].to_vec())) } else { None };
    sh.stack.sources.push(file.clone());
    sh.stack.frames.push(crate::interp::Frame { func: None, file: Some(std::sync::Arc::from(file.as_str())), call_line: sh.lineno });
    sh.stack.depth += 1;
    let saved_in_source = std::mem::replace(&mut sh.stack.in_source, true);
    let saved_in_eval = std::mem::replace(&mut sh.stack.in_eval, false);
    let saved_line = sh.lineno;
    let r = stacker::maybe_grow(256 * 1024, 4 << 20, || sh.run_source(&text, 1));
    sh.last.sourced_pipestatus.clone_from(&sh.last.pipestatus);
    sh.lineno = saved_line;
    sh.stack.in_source = saved_in_source;
    sh.stack.in_eval = saved_in_eval;
    sh.stack.depth -= 1;
    sh.stack.frames.pop();
    sh.stack.sources.pop();
    if let Some(p) = saved_pos {
        sh.positional = p;
    }
    let r = match r {
        Err(Flow::Return(s)) => Ok(s),
        r => r,
    };
    if let Ok(s) = r {
        sh.status = s;
    }
    sh.run_return_trap()?;
    r
}

/// `exec [CMD ARGS]`: with only redirections (applied by the caller and kept), nothing to do;
/// with a command, run it and exit with its status.
pub fn exec(sh: &mut Shell, args: &[String]) -> Exec {
    let mut i = 1;
    let mut argv0: Option<String> = None;
    while i < args.len() && args[i].starts_with('-') && args[i].len() > 1 {
        match args[i].as_str() {
            "--" => {
                i += 1;
                break;
            }
            "-a" => {
                let Some(n) = args.get(i + 1) else {
                    sh.builtin_error("exec", "-a: option requires an argument");
                    return Ok(2);
                };
                argv0 = Some(n.clone());
                i += 2;
            }
            _ => i += 1,
        }
    }
    if i >= args.len() {
        sh.keep_redirects = true;
        return Ok(0);
    }
    let st = match argv0 {
        // `exec -a NAME CMD`: CMD runs with NAME as its argv[0].
        Some(a0) => {
            let name = args[i].clone();
            let mut argv = args[i..].to_vec();
            argv[0] = a0;
            match super::lookup(&name) {
                Some(b) => b(sh, &argv)?,
                None => sh.run_external_as(&name, argv, None)?,
            }
        }
        None => sh.dispatch(args[i..].to_vec())?,
    };
    Err(Flow::Exit(st))
}

/// `env [-i] [-u NAME] [NAME=VALUE]... [CMD ARGS]`
pub fn env(sh: &mut Shell, args: &[String]) -> Exec {
    use crate::builtins::args::{self as a, ArgKind, Config, OptSpec};
    #[derive(Clone, Copy, PartialEq, Eq)]
    enum O {
        Ignore,
        Null,
        Unset,
        Chdir,
        Split,
        Debug,
    }
    const SPECS: &[OptSpec<O>] = &[
        OptSpec::flag('i', "ignore-environment", O::Ignore),
        OptSpec::flag('0', "null", O::Null),
        OptSpec::req('u', "unset", O::Unset),
        OptSpec::req('C', "chdir", O::Chdir),
        OptSpec::req('S', "split-string", O::Split),
        OptSpec::flag('v', "debug", O::Debug),
        OptSpec::long("default-signal", ArgKind::Optional, O::Debug),
        OptSpec::long("ignore-signal", ArgKind::Optional, O::Debug),
        OptSpec::long("block-signal", ArgKind::Optional, O::Debug),
    ];
    const USAGE: &str = "Usage: env [OPTION]... [-] [NAME=VALUE]... [COMMAND [ARG]...]\nSet each NAME to VALUE in the environment and run COMMAND.";
    // A lone `-` means `-i`.
    let rest: Vec<String> = args[1..].iter().map(|x| if x == "-" { "-i".to_string() } else { x.clone() }).collect();
    let cfg = Config { permute: false, status: 125, ..Config::new("env", USAGE) };
    let parsed = match a::parse_with(&cfg, SPECS, &rest) {
        Ok(p) => p,
        Err(a::ArgError::Help) => {
            sh.out(format!("{USAGE}\n").as_bytes());
            return Ok(0);
        }
        Err(a::ArgError::Version) => {
            sh.out(b"env (GNU coreutils) 9.1\n");
            return Ok(0);
        }
        Err(e) => {
            sh.write_fd(2, format!("env: {e}\nTry 'env --help' for more information.\n").as_bytes());
            return Ok(125);
        }
    };
    let (mut clear, mut null, mut debug) = (false, false, false);
    let mut unset: Vec<String> = Vec::new();
    let mut chdir = None;
    let mut split: Vec<String> = Vec::new();
    for (id, v) in parsed.opts {
        match id {
            O::Ignore => clear = true,
            O::Null => null = true,
            O::Unset => unset.push(v.unwrap_or_default()),
            O::Chdir => chdir = v,
            O::Split => split.extend(split_string(&v.unwrap_or_default())),
            O::Debug => debug = true,
        }
    }
    let mut words: Vec<String> = split;
    words.extend(parsed.operands);
    let mut i = 0;
    let mut assigns = Vec::new();
    while i < words.len() && words[i].contains('=') && !words[i].starts_with('=') {
        let (k, v) = words[i].split_once('=').unwrap_or_default();
        assigns.push((k.to_string(), v.to_string()));
        i += 1;
    }
    let mut child = sh.child_shell();
    let mut dbg = String::new();
    if clear {
        dbg.push_str("cleaning environ\n");
        for (k, _) in child.vars.visible().into_iter().map(|(k, v)| (k.clone(), v.clone())).collect::<Vec<_>>() {
            if let Some(v) = child.vars.get_raw_mut(&k) {
                v.attrs &= !attr::EXPORT;
            }
        }
    }
    let unset_names = unset.clone();
    let assigned = assigns.clone();
    for n in unset {
        dbg.push_str(&format!("unset:    {n}\n"));
        child.vars.unset(&n);
    }
    for (k, v) in assigns {
        dbg.push_str(&format!("setenv:   {k}={v}\n"));
        let _ = child.assign(&k, v, false);
        if let Some(var) = child.vars.get_raw_mut(&k) {
            var.attrs |= attr::EXPORT;
        }
    }
    let command = &words[i..];
    if chdir.is_some() && command.is_empty() {
        sh.write_fd(2, b"env: must specify command with --chdir (-C)\nTry 'env --help' for more information.\n");
        return Ok(125);
    }
    if command.is_empty() {
        // The environment env got from the shell (bash's order, `_` last), then its own changes
        // as setenv/unsetenv make them: a changed variable keeps its place, a new one comes last.
        let mut list: Vec<(String, String)> = Vec::new();
        if !clear {
            list = crate::builtins::Env::exported(&super::ShellEnv(&sh.vars, None));
            list.push(("_".to_string(), "/usr/bin/env".to_string()));
        }
        for n in &unset_names {
            list.retain(|(k, _)| k != n);
        }
        for (k, v) in &assigned {
            match list.iter_mut().find(|(name, _)| name == k) {
                Some(slot) => slot.1 = v.clone(),
                None => list.push((k.clone(), v.clone())),
            }
        }
        let mut out = String::new();
        for (k, v) in list {
            out.push_str(&k);
            out.push('=');
            out.push_str(&v);
            out.push(if null { '\0' } else { '\n' });
        }
        sh.out(out.as_bytes());
        return Ok(0);
    }
    if let Some(dir) = chdir {
        let target = crate::fs::join_path(&sh.cwd, &dir);
        match sh.fs.stat(&target) {
            Ok(m) if m.file_type == crate::fs::FileType::Dir => {
                child.cwd = target.clone();
                let _ = child.assign("PWD", target, false);
            }
            Ok(_) => {
                sh.write_fd(2, format!("env: cannot change directory to {}: Not a directory\n", crate::builtins::args::quote_always(&dir)).as_bytes());
                return Ok(125);
            }
            Err(e) => {
                sh.write_fd(2, format!("env: cannot change directory to {}: {e}\n", crate::builtins::args::quote_always(&dir)).as_bytes());
                return Ok(125);
            }
        }
    }
    if debug {
        dbg.push_str(&format!("executing: {}\n", command[0]));
        for (k, w) in command.iter().enumerate() {
            dbg.push_str(&format!("   arg[{k}]= {}\n", crate::builtins::args::quote(w)));
        }
        sh.write_fd(2, dbg.as_bytes());
    }
    // env runs a program (execvp): shell builtins and functions are not programs.
    let prog = &command[0];
    let path = if prog.contains('/') { Some(prog.clone()) } else { child.find_command(prog) };
    let runnable = match &path {
        None => Err("No such file or directory"),
        Some(p) if child.program_at(p).is_some() => Ok(()),
        Some(p) => match sh.fs.stat(&crate::fs::join_path(&child.cwd, p)) {
            Err(_) => Err("No such file or directory"),
            Ok(m) if m.file_type == crate::fs::FileType::Dir || m.mode & 0o111 == 0 => Err("Permission denied"),
            Ok(_) => Ok(()),
        },
    };
    if let Err(msg) = runnable {
        sh.write_fd(2, format!("env: {}: {msg}\n", crate::builtins::args::quote(prog)).as_bytes());
        return Ok(if msg.starts_with("No such") { 127 } else { 126 });
    }
    child.run_in_subshell(|c| c.run_external(command.to_vec(), None))
}

/// `env -S STRING`: split into words at blanks, with `'...'`, `"..."` and backslash escapes.
fn split_string(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut has = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if has {
                    out.push(std::mem::take(&mut cur));
                    has = false;
                }
            }
            '\'' => {
                has = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                has = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                cur.push(escape(e));
                            }
                        }
                        d => cur.push(d),
                    }
                }
            }
            '\\' => {
                has = true;
                match chars.next() {
                    Some('_') => {
                        out.push(std::mem::take(&mut cur));
                        has = false;
                    }
                    Some('c') => break,
                    Some(e) => cur.push(escape(e)),
                    None => {}
                }
            }
            c => {
                has = true;
                cur.push(c);
            }
        }
    }
    if has {
        out.push(cur);
    }
    out
}

fn escape(c: char) -> char {
    match c {
        'n' => '\n',
        't' => '\t',
        'r' => '\r',
        'f' => '\x0c',
        'v' => '\x0b',
        c => c,
    }
}

/// `getopts OPTSTRING NAME [ARGS]`
pub fn getopts(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() < 3 {
        sh.builtin_error("getopts", "usage: getopts optstring name [arg ...]");
        return Ok(2);
    }
    let spec = args[1].clone();
    let name = args[2].clone();
    let params: Vec<String> = if args.len() > 3 { args[3..].to_vec() } else { sh.positional.clone() };
    let silent = spec.starts_with(':');
    let spec_body = spec.trim_start_matches(':');
    let mut optind: usize = sh.vars.get_str("OPTIND").and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    if optind == 1 && sh.getopts.char > 0 && sh.getopts.last_optind != 1 {
        sh.getopts.char = 0;
    }
    let Some(arg) = params.get(optind - 1) else {
        // No more arguments: OPTIND points just past them, OPTARG is unset.
        let _ = sh.assign(&name, "?".to_string(), false);
        sh.vars.unset("OPTARG");
        sh.getopts.char = 0;
        if optind > params.len() + 1 {
            let _ = sh.assign("OPTIND", (params.len() + 1).to_string(), false);
        }
        return Ok(1);
    };
    if sh.getopts.char == 0 {
        if arg == "--" {
            let _ = sh.assign("OPTIND", (optind + 1).to_string(), false);
            let _ = sh.assign(&name, "?".to_string(), false);
            return Ok(1);
        }
        if !arg.starts_with('-') || arg.len() < 2 {
            let _ = sh.assign(&name, "?".to_string(), false);
            return Ok(1);
        }
        sh.getopts.char = 1;
    }
    let chars: Vec<char> = arg.chars().collect();
    let c = chars[sh.getopts.char];
    sh.getopts.char += 1;
    let at_end = sh.getopts.char >= chars.len();
    let pos = spec_body.find(c).filter(|_| c != ':');
    let takes_arg = pos.is_some_and(|p| spec_body[p + c.len_utf8()..].starts_with(':'));
    let mut status = 0;
    match pos {
        None => {
            if silent {
                let _ = sh.assign("OPTARG", c.to_string(), false);
            } else {
                // bash names the script (`$0`), without a line number.
                sh.write_fd(2, format!("{}: illegal option -- {c}\n", sh.arg0).as_bytes());
                sh.vars.unset("OPTARG");
            }
            let _ = sh.assign(&name, "?".to_string(), false);
            if at_end {
                optind += 1;
                sh.getopts.char = 0;
            }
        }
        Some(_) if takes_arg => {
            if !at_end {
                let v: String = chars[sh.getopts.char..].iter().collect();
                let _ = sh.assign("OPTARG", v, false);
                optind += 1;
                let _ = sh.assign(&name, c.to_string(), false);
            } else if let Some(v) = params.get(optind) {
                let _ = sh.assign("OPTARG", v.clone(), false);
                optind += 2;
                let _ = sh.assign(&name, c.to_string(), false);
            } else {
                if silent {
                    let _ = sh.assign(&name, ":".to_string(), false);
                    let _ = sh.assign("OPTARG", c.to_string(), false);
                } else {
                    sh.write_fd(2, format!("{}: option requires an argument -- {c}\n", sh.arg0).as_bytes());
                    let _ = sh.assign(&name, "?".to_string(), false);
                    sh.vars.unset("OPTARG");
                }
                optind += 1;
            }
            sh.getopts.char = 0;
        }
        Some(_) => {
            let _ = sh.assign(&name, c.to_string(), false);
            sh.vars.unset("OPTARG");
            if at_end {
                optind += 1;
                sh.getopts.char = 0;
            }
        }
    }
    sh.getopts.last_optind = optind;
    let _ = sh.assign("OPTIND", optind.to_string(), false);
    if !crate::interp::expand::is_name(&name) {
        sh.builtin_error("getopts", &format!("`{name}': not a valid identifier"));
        status = 1;
    }
    Ok(status)
}

/// `alias [NAME[=VALUE]...]`
pub fn alias(sh: &mut Shell, args: &[String]) -> Exec {
    let mut out = String::new();
    let mut status = 0;
    let (flags, first) = match super::parse_flags(sh, args, "alias", "p", "alias: usage: alias [-p] [name[=value] ... ]\n", false) {
        Ok(v) => v,
        Err(s) => return Ok(s),
    };
    let list: Vec<&String> = args[first..].iter().collect();
    let bytes = sh.byte_locale();
    if list.is_empty() || flags.contains(&'p') {
        let mut names: Vec<(&String, &String)> = sh.defs.aliases.iter().collect();
        names.sort();
        for (k, v) in names {
            out.push_str(&format!("alias {k}={}\n", crate::util::quote::quote_at_q(v, bytes)));
        }
    }
    for a in list {
        match a.split_once('=') {
            Some((k, v)) => {
                sh.defs.aliases.insert(k.to_string(), v.to_string());
            }
            None => match sh.defs.aliases.get(a.as_str()) {
                Some(v) => out.push_str(&format!("alias {a}={}\n", crate::util::quote::quote_at_q(v, bytes))),
                None => {
                    sh.builtin_error("alias", &format!("{a}: not found"));
                    status = 1;
                }
            },
        }
    }
    sh.out(out.as_bytes());
    Ok(status)
}

/// `unalias [-a] NAME...`
pub fn unalias(sh: &mut Shell, args: &[String]) -> Exec {
    let usage = "unalias: usage: unalias [-a] name [name ...]\n";
    let (flags, first) = match super::parse_flags(sh, args, "unalias", "a", usage, false) {
        Ok(v) => v,
        Err(s) => return Ok(s),
    };
    if flags.contains(&'a') {
        sh.defs.aliases.clear();
        return Ok(0);
    }
    if first >= args.len() {
        sh.write_fd(2, usage.as_bytes());
        return Ok(2);
    }
    let mut status = 0;
    for a in &args[first..] {
        if sh.defs.aliases.remove(a).is_none() {
            sh.builtin_error("unalias", &format!("{a}: not found"));
            status = 1;
        }
    }
    Ok(status)
}

/// `times`
pub fn times(sh: &mut Shell, _args: &[String]) -> Exec {
    sh.out(b"0m0.000s 0m0.000s\n0m0.000s 0m0.000s\n");
    Ok(0)
}

