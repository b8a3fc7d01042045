//! The `test` / `[` builtin (bash 5.2 `test.c`) and the file, string and integer operators
//! that `[[ ... ]]` shares with it.
//!
//! Error messages returned by [`unary`] and [`binary`] have no command prefix
//! (`a: integer expression expected`); [`eval_test`] prefixes `test: ` and [`eval_test_as`] the
//! given command name (`[: too many arguments`).

use crate::fs::{join_path, FileSystem, FileType, Metadata};
use crate::util::bytes::encode;

/// What `test` needs from the shell.
pub trait TestEnv {
    /// The filesystem file tests look at.
    fn fs(&self) -> &dyn FileSystem;
    /// The working directory relative paths are joined to.
    fn cwd(&self) -> &str;
    /// `-v name` (the name may have a subscript, `a[1]`).
    fn var_is_set(&mut self, name: &str) -> bool;
    /// `-o optname`: whether the `set -o` option is on (`None`: no such option).
    fn option_is_set(&self, name: &str) -> Option<bool>;
    /// `-t fd`: whether the descriptor is a terminal.
    fn is_tty(&self, _fd: i32) -> bool {
        false
    }
    /// The effective user id (`-O`, `-r`/`-w`/`-x`).
    fn uid(&self) -> u32 {
        1000
    }
    /// The effective group id (`-G`, `-r`/`-w`/`-x`).
    fn gid(&self) -> u32 {
        1000
    }
    /// `-R name`: whether the variable is a set name reference.
    fn var_is_nameref(&self, _name: &str) -> bool {
        false
    }
}

/// Deepest nesting of `(` accepted (bash has no limit but the C stack).
const MAX_DEPTH: usize = 1000;

/// `test args...` (for `[`, the caller has already checked and removed the closing `]`).
/// `Ok(true/false)`, or `Err` with a message prefixed `test: ` (exit status 2).
pub fn eval_test(args: &[String], env: &mut dyn TestEnv) -> Result<bool, String> {
    eval_test_as("test", args, env)
}

/// [`eval_test`] with messages prefixed by `name` (`[` for the bracket form).
pub fn eval_test_as(name: &str, args: &[String], env: &mut dyn TestEnv) -> Result<bool, String> {
    let mut p = Parser { args, pos: 0, env, depth: 0 };
    p.posixtest().map_err(|m| format!("{name}: {m}"))
}

/// Whether `s` is one of `test`'s unary operators, dash included (`-f`).
pub fn is_unary_op(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 2 && b[0] == b'-' && b"abcdefghknoprstuvwxzGLOSNR".contains(&b[1])
}

/// Whether `s` is one of `test`'s binary operators (`=`, `==`, `!=`, `<`, `>`, `-eq`, `-nt`, ...).
pub fn is_binary_op(s: &str) -> bool {
    matches!(
        s,
        "=" | "==" | "!=" | "<" | ">" | "-nt" | "-ot" | "-ef" | "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge"
    )
}

/// bash `legal_number`: an optionally signed decimal integer, white space allowed around it.
pub fn legal_number(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
        i += 1;
    }
    let neg = matches!(b.get(i), Some(b'-'));
    if matches!(b.get(i), Some(b'-' | b'+')) {
        i += 1;
    }
    let start = i;
    let mut v: i64 = 0;
    while let Some(&c) = b.get(i).filter(|c| c.is_ascii_digit()) {
        let d = (c - b'0') as i64;
        v = v.checked_mul(10).and_then(|v| if neg { v.checked_sub(d) } else { v.checked_add(d) })?;
        i += 1;
    }
    if i == start {
        return None;
    }
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t') {
        i += 1;
    }
    (i == b.len()).then_some(v)
}

/// Metadata of `arg` (following symlinks, or not with `lstat`), `None` if it does not exist.
/// A trailing slash requires a directory, as the kernel does.
fn stat_of(arg: &str, env: &dyn TestEnv, lstat: bool) -> Option<Metadata> {
    if arg.is_empty() {
        return None;
    }
    let path = join_path(env.cwd(), arg);
    let dir_only = arg.len() > 1 && arg.ends_with('/');
    let m = if lstat && !dir_only { env.fs().lstat(&path) } else { env.fs().stat(&path) }.ok()?;
    (!dir_only || m.file_type == FileType::Dir).then_some(m)
}

/// `access()` for the effective ids: `bit` is 4 (read), 2 (write) or 1 (execute).
fn accessible(arg: &str, bit: u32, env: &dyn TestEnv) -> bool {
    let Some(m) = stat_of(arg, env, false) else { return false };
    if env.uid() == 0 {
        return bit != 1 || m.mode & 0o111 != 0 || m.file_type == FileType::Dir;
    }
    let class = if m.uid == env.uid() {
        m.mode >> 6
    } else if m.gid == env.gid() {
        m.mode >> 3
    } else {
        m.mode
    };
    class & bit != 0
}

/// A unary test; `op` is the letter without the dash (`"f"`, `"z"`, ...). Unknown letters are
/// false.
pub fn unary(op: &str, arg: &str, env: &mut dyn TestEnv) -> Result<bool, String> {
    // `-v a[expr]` evaluates the subscript, so it needs the shell mutably.
    if op == "v" {
        return Ok(env.var_is_set(arg));
    }
    let env: &dyn TestEnv = env;
    let st = || stat_of(arg, env, false);
    let kind = |t: FileType| st().is_some_and(|m| m.file_type == t);
    let bits = |b: u32| st().is_some_and(|m| m.mode & b != 0);
    Ok(match op {
        "a" | "e" | "N" => st().is_some(),
        "r" => accessible(arg, 4, env),
        "w" => accessible(arg, 2, env),
        "x" => accessible(arg, 1, env),
        "O" => st().is_some_and(|m| m.uid == env.uid()),
        "G" => st().is_some_and(|m| m.gid == env.gid()),
        "f" => kind(FileType::File),
        "d" => kind(FileType::Dir),
        "c" => kind(FileType::CharDevice),
        "p" => kind(FileType::Fifo),
        "b" | "S" => false,
        "s" => st().is_some_and(|m| m.len > 0),
        "h" | "L" => stat_of(arg, env, true).is_some_and(|m| m.file_type == FileType::Symlink),
        "u" => bits(0o4000),
        "g" => bits(0o2000),
        "k" => bits(0o1000),
        "t" => legal_number(arg).and_then(|n| i32::try_from(n).ok()).is_some_and(|fd| env.is_tty(fd)),
        "n" => !arg.is_empty(),
        "z" => arg.is_empty(),
        "o" => env.option_is_set(arg) == Some(true),
        "R" => env.var_is_nameref(arg),
        _ => false,
    })
}

/// An integer comparison operand.
fn int_operand(s: &str) -> Result<i64, String> {
    legal_number(s).ok_or_else(|| format!("{s}: integer expression expected"))
}

/// `-nt`, `-ot`, `-ef`.
fn file_compare(op: &str, a: &str, b: &str, env: &dyn TestEnv) -> bool {
    let (ma, mb) = (stat_of(a, env, false), stat_of(b, env, false));
    match (op, ma, mb) {
        ("-ef", Some(x), Some(y)) => x.ino == y.ino,
        ("-nt", Some(x), Some(y)) => x.mtime > y.mtime,
        ("-nt", Some(_), None) => true,
        ("-ot", Some(x), Some(y)) => x.mtime < y.mtime,
        ("-ot", None, Some(_)) => true,
        _ => false,
    }
}

/// A binary test: `=` `==` `!=` `<` `>` (strings, byte order), `-eq` `-ne` `-lt` `-le` `-gt`
/// `-ge` (integers, blanks around them allowed), `-nt` `-ot` `-ef` (files).
pub fn binary(op: &str, a: &str, b: &str, env: &mut dyn TestEnv) -> Result<bool, String> {
    Ok(match op {
        "=" | "==" => a == b,
        "!=" => a != b,
        "<" => encode(a) < encode(b),
        ">" => encode(a) > encode(b),
        "-nt" | "-ot" | "-ef" => file_compare(op, a, b, env),
        "-eq" | "-ne" | "-lt" | "-le" | "-gt" | "-ge" => {
            let (x, y) = (int_operand(a)?, int_operand(b)?);
            match op {
                "-eq" => x == y,
                "-ne" => x != y,
                "-lt" => x < y,
                "-le" => x <= y,
                "-gt" => x > y,
                _ => x >= y,
            }
        }
        _ => return Err(format!("{op}: binary operator expected")),
    })
}

/// The recursive-descent evaluator over `test`'s arguments.
struct Parser<'a> {
    args: &'a [String],
    pos: usize,
    env: &'a mut dyn TestEnv,
    depth: usize,
}

type R = Result<bool, String>;

impl<'a> Parser<'a> {
    fn arg(&self, i: usize) -> &'a str {
        self.args.get(i).map_or("", String::as_str)
    }

    fn argc(&self) -> usize {
        self.args.len()
    }

    /// `advance(1)`: move on, failing if nothing follows.
    fn advance_required(&mut self) -> Result<(), String> {
        self.pos += 1;
        if self.pos >= self.argc() {
            return Err("argument expected".to_string());
        }
        Ok(())
    }

    /// The POSIX argument-count rules, then the full grammar.
    fn posixtest(&mut self) -> R {
        let argc = self.argc();
        let value = match argc {
            0 => false,
            1 => !self.arg(0).is_empty(),
            2 => self.two_arguments()?,
            3 => self.three_arguments()?,
            4 => self.four_arguments()?,
            _ => self.expr()?,
        };
        if self.pos < argc && argc > 2 {
            let w = self.arg(self.pos);
            if w.starts_with('-') {
                return Err(format!("syntax error: `{w}' unexpected"));
            }
            return Err("too many arguments".to_string());
        }
        Ok(value)
    }

    fn two_arguments(&mut self) -> R {
        let a = self.arg(self.pos);
        let v = if a == "!" {
            self.arg(self.pos + 1).is_empty()
        } else if is_unary_op(a) {
            self.unary_operator()?
        } else {
            return Err(format!("{a}: unary operator expected"));
        };
        self.pos = self.argc();
        Ok(v)
    }

    fn three_arguments(&mut self) -> R {
        let (a, op, c) = (self.arg(self.pos), self.arg(self.pos + 1), self.arg(self.pos + 2));
        let v = if is_binary_op(op) {
            self.binary_operator()?
        } else if op == "-a" || op == "-o" {
            let (x, y) = (!a.is_empty(), !c.is_empty());
            if op == "-a" {
                x && y
            } else {
                x || y
            }
        } else if a == "!" {
            self.pos += 1;
            !self.two_arguments()?
        } else if a.starts_with('(') && c.starts_with(')') {
            !op.is_empty()
        } else {
            return Err(format!("{op}: binary operator expected"));
        };
        self.pos = self.argc();
        Ok(v)
    }

    fn four_arguments(&mut self) -> R {
        let a = self.arg(self.pos);
        if a == "!" {
            self.pos += 1;
            return Ok(!self.three_arguments()?);
        }
        if a == "(" && self.arg(self.argc() - 1) == ")" {
            self.pos += 1;
            let v = self.two_arguments()?;
            self.pos = self.argc();
            return Ok(v);
        }
        self.expr()
    }

    fn expr(&mut self) -> R {
        if self.pos >= self.argc() {
            return Err("argument expected".to_string());
        }
        let mut v = self.and()?;
        while self.pos < self.argc() && self.arg(self.pos) == "-o" {
            self.pos += 1;
            let w = self.and()?;
            v = v || w;
        }
        Ok(v)
    }

    fn and(&mut self) -> R {
        let mut v = self.term()?;
        while self.pos < self.argc() && self.arg(self.pos) == "-a" {
            self.pos += 1;
            let w = self.term()?;
            v = v && w;
        }
        Ok(v)
    }

    fn term(&mut self) -> R {
        if self.pos >= self.argc() {
            return Err("argument expected".to_string());
        }
        if self.arg(self.pos) == "!" {
            let mut negate = false;
            while self.pos < self.argc() && self.arg(self.pos) == "!" {
                self.advance_required()?;
                negate = !negate;
            }
            return Ok(self.term()? != negate);
        }
        if self.arg(self.pos) == "(" {
            if self.depth >= MAX_DEPTH {
                return Err("expression nested too deeply".to_string());
            }
            self.advance_required()?;
            self.depth += 1;
            let v = self.expr();
            self.depth -= 1;
            let v = v?;
            if self.pos >= self.argc() {
                return Err("`)' expected".to_string());
            }
            if self.arg(self.pos) != ")" {
                return Err(format!("`)' expected, found {}", self.arg(self.pos)));
            }
            self.pos += 1;
            return Ok(v);
        }
        if self.pos + 3 <= self.argc() && is_binary_op(self.arg(self.pos + 1)) {
            return self.binary_operator();
        }
        if self.pos + 2 <= self.argc() && is_unary_op(self.arg(self.pos)) {
            return self.unary_operator();
        }
        let v = !self.arg(self.pos).is_empty();
        self.pos += 1;
        Ok(v)
    }

    fn binary_operator(&mut self) -> R {
        let (a, op, b) = (self.arg(self.pos), self.arg(self.pos + 1), self.arg(self.pos + 2));
        let v = binary(op, a, b, &mut *self.env)?;
        self.pos += 3;
        Ok(v)
    }

    fn unary_operator(&mut self) -> R {
        let op = &self.arg(self.pos)[1..];
        if op == "t" {
            self.pos += 1;
            if self.pos >= self.argc() {
                return unary("t", "1", &mut *self.env);
            }
            if legal_number(self.arg(self.pos)).is_none() {
                return Ok(false);
            }
            self.pos += 1;
            return unary("t", self.arg(self.pos - 1), &mut *self.env);
        }
        self.advance_required()?;
        self.pos += 1;
        unary(op, self.arg(self.pos - 1), &mut *self.env)
    }
}

#[cfg(test)]
mod tests;
