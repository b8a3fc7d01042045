//! `bash` / `sh`: a nested shell in the same sandbox (never a host process).
//!
//! It starts like a new bash process: exported variables only, default options, `$BASH_ENV`
//! sourced, options from `$SHELLOPTS` when that is exported. Accepts bash's invocation
//! options: `-c STRING`, `-s`, `-i`, set letters (`-e`, `+x`, ...), `-o`/`+o NAME`,
//! `-O`/`+O SHOPT`, `--norc`, `--noprofile`, `--rcfile FILE`, `--init-file FILE`, `--posix`,
//! `--login`, `--version`, `--help`.

use crate::interp::options::Options;
use crate::interp::{Exec, Shell};

/// What the arguments asked for.
#[derive(Default)]
struct Invocation {
    command: Option<String>,
    read_stdin: bool,
    interactive: bool,
    /// `--norc`: an interactive shell reads no startup file.
    norc: bool,
    /// `--rcfile FILE` / `--init-file FILE` instead of `~/.bashrc`.
    rcfile: Option<String>,
    letters: Vec<(char, bool)>,
    set_names: Vec<(String, bool)>,
    shopt_names: Vec<(String, bool)>,
}

/// Parse invocation options; `Err(status)` after printing an error.
fn parse(sh: &mut Shell, args: &[String], inv: &mut Invocation) -> Result<usize, i32> {
    let mut i = 1;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "--" | "-" => return Ok(i + 1),
            "--norc" => inv.norc = true,
            "--noprofile" | "--login" | "--noediting" | "--restricted" | "--verbose" => {}
            "--posix" => inv.set_names.push(("posix".into(), true)),
            "--rcfile" | "--init-file" => {
                i += 1;
                inv.rcfile = args.get(i).cloned();
            }
            "--version" => {
                sh.out(b"GNU bash, version 5.2.21(1)-release (x86_64-pc-linux-gnu)\n");
                return Err(0);
            }
            "--help" => {
                let usage = format!("GNU bash, version 5.2.21(1)-release (x86_64-pc-linux-gnu)\nUsage:\t{0} [GNU long option] [option] ...\n\t{0} [GNU long option] [option] script-file ...\nGNU long options:\n\t--help\n\t--init-file\n\t--login\n\t--noediting\n\t--noprofile\n\t--norc\n\t--posix\n\t--rcfile\n\t--restricted\n\t--verbose\n\t--version\nShell options:\n\t-ilrsD or -c command or -O shopt_option\t\t(invocation only)\n\t-abefhkmnptuvxBCEHPT or -o option\nType `{0} -c \"help set\"' for more information about shell options.\nType `{0} -c help' for more information about shell builtin commands.\n", args[0]);
                sh.out(usage.as_bytes());
                return Err(0);
            }
            "-o" | "+o" | "-O" | "+O" => {
                let Some(name) = args.get(i + 1) else {
                    if a.ends_with('o') {
                        // bash lists the new shell's options as they stand (its defaults, with
                        // readline's `emacs` still on: it is turned off later for a shell that
                        // is not interactive), as `set -o` / `set +o`, and goes on.
                        let mut o = Options::default();
                        for (c, on) in &inv.letters {
                            if let Some(k) = Options::letter_index(*c) {
                                o.set[k] = *on;
                            }
                        }
                        for (n, on) in &inv.set_names {
                            if let Some(k) = Options::set_index_of(n) {
                                o.set[k] = *on;
                            }
                        }
                        if let Some(k) = Options::set_index_of("emacs") {
                            o.set[k] = true;
                        }
                        sh.out(super::vars::set_o_listing(&o.set, a.starts_with('-')).as_bytes());
                        i += 1;
                        continue;
                    }
                    sh.write_fd(2, format!("{}: {a}: option requires an argument\n", args[0]).as_bytes());
                    return Err(2);
                };
                let on = a.starts_with('-');
                if a.ends_with('o') {
                    inv.set_names.push((name.clone(), on));
                } else {
                    inv.shopt_names.push((name.clone(), on));
                }
                i += 1;
            }
            s if s.starts_with("--") => {
                sh.write_fd(2, format!("{}: {s}: invalid option\n", args[0]).as_bytes());
                return Err(2);
            }
            s if (s.starts_with('-') || s.starts_with('+')) && s.len() > 1 => {
                let on = s.starts_with('-');
                // Each `o`/`O` of a cluster takes the next argument (`-oo errexit noglob`).
                let mut taken = 0;
                for c in s[1..].chars() {
                    match c {
                        'o' | 'O' => {
                            taken += 1;
                            let Some(name) = args.get(i + taken) else {
                                sh.write_fd(2, format!("{}: -{c}: option requires an argument\n", args[0]).as_bytes());
                                return Err(2);
                            };
                            if c == 'o' {
                                inv.set_names.push((name.clone(), on));
                            } else {
                                inv.shopt_names.push((name.clone(), on));
                            }
                        }
                        'c' => inv.command = Some(String::new()),
                        's' => inv.read_stdin = true,
                        'i' => inv.interactive = true,
                        'l' | 'r' | 'D' => {}
                        c => inv.letters.push((c, on)),
                    }
                }
                i += taken;
            }
            _ => break,
        }
        i += 1;
    }
    Ok(i)
}

/// kitsh's own executable run by path ([`crate::BashBuilder::shell_path`]): a nested shell
/// that takes the CLI's leading sandbox options and ignores them — the child shares its
/// parent's filesystem, limits and network, so they can neither widen nor narrow them.
pub fn kitsh_self(sh: &mut Shell, args: &[String]) -> Exec {
    let mut rest = vec![args[0].clone()];
    let mut i = 1;
    while let Some(a) = args.get(i) {
        let opt = a.split_once('=').map_or(a.as_str(), |(o, _)| o);
        match opt {
            "--mount" | "--mount-rw" | "--max-commands" | "--timeout" | "--max-memory" | "--allow-url" => {
                i += if a.contains('=') { 1 } else { 2 };
            }
            "--no-cwd-mount" | "--inherit-env" => i += 1,
            _ => break,
        }
    }
    rest.extend(args[i.min(args.len())..].iter().cloned());
    bash(sh, &rest)
}

/// `bash`
pub fn bash(sh: &mut Shell, args: &[String]) -> Exec {
    let mut inv = Invocation::default();
    let mut i = match parse(sh, args, &mut inv) {
        Ok(i) => i,
        Err(s) => return Ok(s),
    };
    let mut child = sh.exec_shell();
    // A new bash sets its locale from the environment and warns when LC_ALL names one it
    // lacks.
    if let Some(v) = child.vars.get_str("LC_ALL").filter(|v| !crate::util::locale::is_known(v)) {
        let msg = format!("{}: warning: setlocale: LC_ALL: cannot change locale ({v})\n", args[0]);
        sh.write_fd(2, msg.as_bytes());
    }
    if sh.vars.get_raw("SHELLOPTS").is_some_and(|v| v.has(crate::interp::vars::attr::EXPORT)) {
        for n in sh.opts.shellopts().split(':') {
            if let Some(k) = Options::set_index_of(n) {
                child.opts.set[k] = true;
            }
        }
    }
    for (c, on) in &inv.letters {
        match Options::letter_index(*c) {
            Some(k) => child.opts.set[k] = *on,
            None => {
                sh.write_fd(2, format!("{}: -{c}: invalid option\n", args[0]).as_bytes());
                return Ok(2);
            }
        }
    }
    for (n, on) in &inv.set_names {
        match Options::set_index_of(n) {
            Some(k) => child.opts.set[k] = *on,
            None => {
                sh.write_fd(2, format!("{}: {n}: invalid option name\n", args[0]).as_bytes());
                return Ok(2);
            }
        }
    }
    for (n, on) in &inv.shopt_names {
        match Options::shopt_index_of(n) {
            Some(k) => child.opts.shopt[k] = *on,
            None => {
                sh.write_fd(2, format!("{}: {n}: invalid shell option name\n", args[0]).as_bytes());
                return Ok(2);
            }
        }
    }
    if inv.interactive {
        for (name, default) in [("PS1", "\\s-\\v\\$ "), ("PS2", "> ")] {
            if child.vars.get_raw(name).is_none() {
                let _ = child.assign(name, default.to_string(), false);
            }
        }
    } else {
        // a non-interactive bash unsets the prompts, even exported ones
        child.vars.unset("PS1");
        child.vars.unset("PS2");
    }
    if inv.interactive {
        child.opts.interactive = true;
        for name in ["emacs", "history", "histexpand"] {
            if let Some(k) = Options::set_index_of(name) {
                child.opts.set[k] = true;
            }
        }
    }
    let (text, name, rest) = if inv.command.is_some() {
        let Some(c) = args.get(i).cloned() else {
            sh.write_fd(2, format!("{}: -c: option requires an argument\n", args[0]).as_bytes());
            return Ok(2);
        };
        i += 1;
        let name = args.get(i).cloned().unwrap_or_else(|| args[0].clone());
        let rest = args.get(i + 1..).map(<[String]>::to_vec).unwrap_or_default();
        child.opts.invocation = 'c';
        child.set_execution_string(&c);
        (c, name, rest)
    } else if inv.read_stdin || i >= args.len() {
        child.opts.invocation = 's';
        (read_all_stdin(sh), args[0].clone(), args.get(i..).map(<[String]>::to_vec).unwrap_or_default())
    } else {
        let file = &args[i];
        let path = crate::fs::join_path(&sh.cwd, file);
        match sh.fs.read_file(&path) {
            Ok(b) if crate::util::bytes::looks_binary(&b) => {
                sh.write_fd(2, format!("{file}: {file}: cannot execute binary file\n").as_bytes());
                return Ok(126);
            }
            Ok(b) => {
                child.opts.invocation = '\0';
                child.stack.sources.push(file.clone());
                (crate::util::bytes::decode_owned(b), file.clone(), args[i + 1..].to_vec())
            }
            Err(e) => {
                sh.write_fd(2, format!("{}: {file}: {e}\n", args[0]).as_bytes());
                return Ok(127);
            }
        }
    };
    if child.opts.invocation == 'c' {
        child.shell_name = name.clone();
    }
    child.opts.program = Some(std::sync::Arc::from(args[0].as_str()));
    child.arg0 = name;
    child.positional = rest;
    if let Some(env_file) = child.vars.get_str("BASH_ENV").map(str::to_string) {
        if !env_file.is_empty() {
            let p = crate::fs::join_path(&child.cwd, &env_file);
            if let Ok(b) = child.fs.read_file(&p) {
                let t = crate::util::bytes::decode_owned(b);
                let _ = child.run_source(&t, 1);
            }
        }
    }
    // An interactive shell reads its startup file (`exit` there ends it) and, when it reads
    // commands, loads its history file first and appends the session's lines when it ends.
    if inv.interactive && !inv.norc {
        let home = child.vars.get_str("HOME").unwrap_or("").to_string();
        let rc = inv.rcfile.clone().unwrap_or_else(|| format!("{home}/.bashrc"));
        let path = crate::fs::join_path(&child.cwd, &rc);
        if let Ok(b) = child.fs.read_file(&path) {
            let t = crate::util::bytes::decode_owned(b);
            child.stack.sources.push(rc.clone());
            let r = child.run_source(&t, 1);
            child.stack.sources.pop();
            match r {
                Err(crate::interp::Flow::Exit(st)) => return Ok(st),
                Err(crate::interp::Flow::Limit(l)) => return Err(crate::interp::Flow::Limit(l)),
                _ => {}
            }
        }
    }
    let keeps_history = inv.interactive && inv.command.is_none();
    if inv.interactive {
        child.history_defaults();
    }
    if keeps_history {
        child.load_history_at_start();
    }
    let r = child.run_in_subshell(|c| c.run_script(&text, 1));
    if keeps_history {
        child.save_history_at_exit();
    }
    r
}

/// The script of `bash -s` / `bash < file`: all of standard input (bounded).
fn read_all_stdin(sh: &Shell) -> String {
    let mut data = Vec::new();
    if let Some(fd) = sh.fds.get(0).cloned() {
        let mut buf = [0u8; 8192];
        while let Ok(n) = fd.read(&mut buf) {
            if n == 0 {
                break;
            }
            data.extend_from_slice(&buf[..n]);
            if data.len() > sh.shared.limits.max_input_bytes {
                break;
            }
        }
    }
    crate::util::bytes::decode_owned(data)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn options() {
        assert_eq!(out("bash -o nounset -c 'echo $-'"), "huBc\n0");
        assert_eq!(out("bash -e -c 'false; echo no'"), "1");
        assert_eq!(out("bash -O nullglob -c 'echo a *.none b'; bash +O nullglob -c 'echo a *.none b'"), "a b\na *.none b\n0");
        assert_eq!(out("bash --rcfile /dev/null -i -c 'test -o emacs; echo $?; echo $-'"), "0\nhiBHc\n0");
        assert_eq!(out("echo 'echo $- $0' | bash"), "hBs bash\n0");
        assert_eq!(out("bash -c 'echo $0 $1' a b"), "a b\n0");
    }

    #[test]
    fn shellopts_is_inherited_when_exported() {
        assert_eq!(out("set -o xtrace; export SHELLOPTS; bash -c 'echo 2'"), "2\n+ export SHELLOPTS\n+ bash -c 'echo 2'\n+ echo 2\n0");
    }
}
