//! Shell builtins: commands that read or change the interpreter's own state (`cd`, `read`,
//! `declare`, `set`, `eval`, ...). Each gets the whole [`Shell`] and the expanded argv.

pub(crate) mod bash;
pub(crate) mod bind;
mod builtin;
mod command;
pub mod complete;
mod dirs;
mod flow;
mod fg;
mod hash;
mod help;
pub mod history;
mod io;
mod jobs;
mod meta;
mod pushd;
mod kill;
mod test;
mod trap;
mod type_;
mod ulimit;
mod umask;
pub(crate) mod vars;
mod wait;

use crate::builtins::{Env, SystemInfo};
use crate::interp::vars::{attr, Vars};

pub use ulimit::Ulimits;

use super::{Exec, Shell};

/// A shell builtin.
pub type ShellBuiltin = fn(&mut Shell, &[String]) -> Exec;

const TABLE: &[(&str, ShellBuiltin)] = &[
    (".", meta::source),
    (":", flow::colon),
    ("[", test::bracket),
    ("alias", meta::alias),
    ("bash", bash::bash),
    ("bg", fg::bg),
    ("bind", bind::bind),
    ("break", flow::break_),
    ("builtin", builtin::builtin),
    ("cd", dirs::cd),
    ("command", command::command),
    ("compgen", complete::compgen),
    ("complete", complete::complete),
    ("compopt", complete::compopt),
    ("continue", flow::continue_),
    ("declare", vars::declare),
    ("dirs", dirs::dirs),
    ("echo", io::echo),
    ("env", meta::env),
    ("eval", meta::eval),
    ("exec", meta::exec),
    ("exit", flow::exit),
    ("export", vars::export),
    ("false", flow::false_),
    ("fc", history::fc::fc),
    ("fg", fg::fg),
    ("getopts", meta::getopts),
    ("hash", hash::hash),
    ("help", help::help),
    ("history", history::history),
    ("jobs", jobs::jobs),
    ("kill", kill::kill),
    ("let", vars::let_),
    ("local", vars::local),
    ("mapfile", io::mapfile),
    ("popd", pushd::popd),
    ("printf", io::printf),
    ("pushd", pushd::pushd),
    ("pwd", dirs::pwd),
    ("read", io::read),
    ("readarray", io::mapfile),
    ("readonly", vars::readonly),
    ("return", flow::return_),
    ("set", vars::set),
    ("sh", bash::bash),
    ("shift", vars::shift),
    ("shopt", vars::shopt),
    ("source", meta::source),
    ("test", test::test),
    ("times", meta::times),
    ("trap", trap::trap),
    ("true", flow::true_),
    ("type", type_::type_),
    ("typeset", vars::declare),
    ("ulimit", ulimit::ulimit),
    ("umask", umask::umask),
    ("unalias", meta::unalias),
    ("unset", vars::unset),
    ("wait", wait::wait),
];

/// POSIX's special builtins: in POSIX mode they are found before functions, cannot be
/// redefined as functions, and keep their temporary assignments.
pub(crate) fn is_special(name: &str) -> bool {
    matches!(name, "break" | ":" | "." | "continue" | "eval" | "exec" | "exit" | "export" | "readonly" | "return" | "set" | "shift" | "source" | "times" | "trap" | "unset")
}

/// The shell builtin named `name` (a hash table over [`TABLE`]: it is consulted for every
/// simple command that is not a function).
pub fn lookup(name: &str) -> Option<ShellBuiltin> {
    static BY_NAME: std::sync::OnceLock<crate::util::fxhash::FxHashMap<&'static str, ShellBuiltin>> = std::sync::OnceLock::new();
    BY_NAME.get_or_init(|| TABLE.iter().copied().collect()).get(name).copied()
}

/// Is `name` a shell builtin as bash sees it? `env`, `bash` and `sh` run as builtins in kitsh
/// but are programs for bash (`/usr/bin/env`, ...): `type`, `command -v`, `builtin` and `hash`
/// see them as the files of `/usr/bin`.
pub fn is_builtin(name: &str) -> bool {
    lookup(name).is_some() && !matches!(name, "env" | "bash" | "sh")
}

/// The environment a command sees: the exported variables.
pub struct ShellEnv<'a>(pub &'a Vars, pub Option<u32>);

impl Env for ShellEnv<'_> {
    fn get(&self, name: &str) -> Option<String> {
        // Arrays are never exported (bash leaves them out of a command's environment).
        match self.0.get_raw(name) {
            Some(v) if v.has(attr::EXPORT) => match &v.value {
                Some(crate::interp::vars::Value::Str(s)) => Some(s.to_string()),
                _ => None,
            },
            _ => None,
        }
    }
    fn system(&self, key: SystemInfo) -> Option<String> {
        let name = match key {
            SystemInfo::Hostname => "HOSTNAME",
            SystemInfo::User => "USER",
            SystemInfo::RandomSeed => return self.1.map(|s| s.to_string()),
        };
        self.0.get_raw(name).and_then(|v| v.scalar()).map(str::to_string)
    }
    fn exported(&self) -> Vec<(String, String)> {
        self.0.exported().into_iter().filter_map(|(k, v)| v.scalar().map(|s| (k.clone(), s.to_string()))).collect()
    }
}

/// Parse the leading single-letter options of a shell builtin (`-ab -c`, ended by `--` or the
/// first operand) against `allowed`. Returns the letters seen, in order, and the index of the
/// first operand; on a letter not in `allowed`, prints bash's "invalid option" and `usage`
/// and gives `Err(2)`. With `numbers_are_operands`, `-5` is an operand (`trap -5 INT` style).
pub(crate) fn parse_flags(
    sh: &Shell,
    args: &[String],
    name: &str,
    allowed: &str,
    usage: &str,
    numbers_are_operands: bool,
) -> Result<(Vec<char>, usize), i32> {
    let mut seen = Vec::new();
    let mut i = 1;
    while let Some(a) = args.get(i) {
        if a == "--" {
            return Ok((seen, i + 1));
        }
        if a.len() < 2 || !a.starts_with('-') || (numbers_are_operands && a.parse::<i64>().is_ok()) {
            break;
        }
        for c in a[1..].chars() {
            if !allowed.contains(c) {
                sh.builtin_error(name, &format!("-{c}: invalid option"));
                sh.write_fd(2, usage.as_bytes());
                return Err(2);
            }
            seen.push(c);
        }
        i += 1;
    }
    Ok((seen, i))
}

/// Test helper: run `script` in a fresh `Bash` named `bash`; stdout, stderr and the status
/// concatenated.
#[cfg(test)]
pub(crate) fn run_for_test(script: &str) -> String {
    match crate::Bash::builder().name("bash").build() {
        Ok(mut b) => {
            let r = b.exec_sync(script);
            format!("{}{}{}", r.stdout, r.stderr, r.exit_code)
        }
        Err(e) => e.to_string(),
    }
}

impl Shell {
    /// Print `NAME: line N: BUILTIN: MSG`.
    pub(crate) fn builtin_error(&self, builtin: &str, msg: &str) {
        // An empty message: the error was reported where it happened.
        if msg.is_empty() {
            return;
        }
        self.error(&format!("{builtin}: {msg}"));
    }

    /// Write to stdout; on failure print bash's write error and give status 1.
    pub(crate) fn out(&self, data: &[u8]) -> bool {
        match self.try_write_fd(1, data) {
            Ok(()) => true,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => false,
            Err(_) => false,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn table_sorted() {
        for w in super::TABLE.windows(2) {
            assert!(w[0].0.as_bytes() < w[1].0.as_bytes(), "{} >= {}", w[0].0, w[1].0);
        }
    }
}
