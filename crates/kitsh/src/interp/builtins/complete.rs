//! Programmable completion builtins as a non-interactive bash 5.2 runs them: `compgen` lists
//! the completions of a word (functions, variables, files, commands, a word list, ...),
//! `complete` stores, prints and removes completion specifications, and `compopt` changes
//! their options. No completion is ever in progress here, so `compopt` without a name fails
//! as it does in a bash script.

mod gen;
pub mod store;
mod tables;
mod words;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_spec;

use std::sync::Arc;

pub use store::{CompSpec, Completions};
use store::{opt, ACTIONS, DEFAULT_CMD, EMPTY_CMD, INITIAL_WORD, OPTIONS};

use crate::interp::{Exec, Shell};

/// Which of the three builtins is parsing its options.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Compgen,
    Complete,
    Compopt,
}

impl Which {
    fn name(self) -> &'static str {
        match self {
            Which::Compgen => "compgen",
            Which::Complete => "complete",
            Which::Compopt => "compopt",
        }
    }

    fn usage(self) -> &'static str {
        match self {
            Which::Compgen => "compgen: usage: compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]\n",
            Which::Complete => "complete: usage: complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]\n",
            Which::Compopt => "compopt: usage: compopt [-o|+o option] [-DEI] [name ...]\n",
        }
    }

    fn help(self) -> &'static str {
        match self {
            Which::Compgen => tables::COMPGEN_HELP,
            Which::Complete => tables::COMPLETE_HELP,
            Which::Compopt => tables::COMPOPT_HELP,
        }
    }

    /// The option letters without an argument.
    fn flags(self) -> &'static str {
        match self {
            Which::Compgen => "abcdefgjksuv",
            Which::Complete => "abcdefgjksuvprDEI",
            Which::Compopt => "DEI",
        }
    }

    /// The option letters that take an argument.
    fn with_arg(self) -> &'static str {
        match self {
            Which::Compopt => "o",
            _ => "oAGWPSXFC",
        }
    }
}

/// The options of one call.
#[derive(Default)]
struct Parsed {
    /// The specification the options describe (`compopt`: the options turned on).
    spec: CompSpec,
    /// `compopt +o`: options turned off.
    off: u8,
    /// The flag letters given (`p`, `r`, `D`, `E`, `I`).
    flags: Vec<char>,
    /// Any option at all was given.
    given: bool,
    /// Index of the first operand.
    first: usize,
}

impl Parsed {
    fn has(&self, c: char) -> bool {
        self.flags.contains(&c)
    }

    /// The special name `-D`, `-E` or `-I` stands for (`-D` wins over `-E`, both over `-I`).
    fn special(&self) -> Option<&'static str> {
        [('D', DEFAULT_CMD), ('E', EMPTY_CMD), ('I', INITIAL_WORD)].into_iter().find(|(c, _)| self.has(*c)).map(|(_, n)| n)
    }
}

/// Characters that make a `-F` function name invalid.
const BREAK_CHARS: &[char] = &['(', ')', '<', '>', ';', '&', '|', ' ', '\t', '\n'];

/// Apply option `c` with argument `val`. `Err(2)` after printing bash's message.
fn apply_arg(sh: &Shell, which: Which, p: &mut Parsed, c: char, plus: bool, val: &str) -> Result<(), i32> {
    let name = which.name();
    match c {
        'o' => {
            let Some((_, bit)) = OPTIONS.iter().find(|(n, _)| *n == val) else {
                sh.builtin_error(name, &format!("{val}: invalid option name"));
                return Err(2);
            };
            if plus {
                p.off |= bit;
            } else {
                p.spec.options |= bit;
            }
        }
        'A' => {
            let Some((_, bit, _)) = ACTIONS.iter().find(|(n, _, _)| *n == val) else {
                sh.builtin_error(name, &format!("{val}: invalid action name"));
                return Err(2);
            };
            p.spec.actions |= bit;
        }
        'F' if val.contains(BREAK_CHARS) => {
            sh.builtin_error(name, &format!("`{val}': not a valid identifier"));
            return Err(2);
        }
        _ => {
            let slot = match c {
                'G' => &mut p.spec.globpat,
                'W' => &mut p.spec.words,
                'P' => &mut p.spec.prefix,
                'S' => &mut p.spec.suffix,
                'X' => &mut p.spec.filterpat,
                'F' => &mut p.spec.funcname,
                _ => &mut p.spec.command,
            };
            *slot = Some(val.to_string());
        }
    }
    Ok(())
}

/// Parse the options of `which` as bash's `internal_getopt` does (clusters, attached or
/// separate arguments, `--`; `+o` for `compopt`). `Err(status)` after printing the error.
fn parse(sh: &Shell, args: &[String], which: Which) -> Result<Parsed, i32> {
    let mut p = Parsed::default();
    let name = which.name();
    let mut i = 1;
    while let Some(a) = args.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        if a == "--help" {
            sh.out(which.help().as_bytes());
            return Err(2);
        }
        let plus = a.starts_with('+');
        if a.len() < 2 || !(a.starts_with('-') || (plus && which == Which::Compopt)) {
            break;
        }
        let body = &a[1..];
        for (k, c) in body.char_indices() {
            p.given = true;
            if which.with_arg().contains(c) {
                let rest = &body[k + c.len_utf8()..];
                let val = if rest.is_empty() {
                    i += 1;
                    match args.get(i) {
                        Some(v) => v.as_str(),
                        None => {
                            sh.builtin_error(name, &format!("-{c}: option requires an argument"));
                            sh.write_fd(2, which.usage().as_bytes());
                            return Err(2);
                        }
                    }
                } else {
                    rest
                };
                apply_arg(sh, which, &mut p, c, plus, val)?;
                break;
            }
            if !which.flags().contains(c) {
                sh.builtin_error(name, &format!("{}{c}: invalid option", if plus { '+' } else { '-' }));
                sh.write_fd(2, which.usage().as_bytes());
                return Err(2);
            }
            if "abcdefgjksuv".contains(c) {
                if let Some((_, bit, _)) = ACTIONS.iter().find(|(_, _, l)| *l == c) {
                    p.spec.actions |= bit;
                }
            } else {
                p.flags.push(c);
            }
        }
        i += 1;
    }
    p.first = i;
    Ok(p)
}

/// `compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function]
/// [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]`
pub fn compgen(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() <= 1 {
        return Ok(0);
    }
    let p = match parse(sh, args, Which::Compgen) {
        Ok(p) => p,
        Err(status) => return Ok(status),
    };
    if !p.given {
        return Ok(0);
    }
    let word = args.get(p.first).map_or("", String::as_str);
    if p.spec.funcname.is_some() {
        sh.builtin_error("compgen", "warning: -F option may not work as you expect");
    }
    if p.spec.command.is_some() {
        sh.builtin_error("compgen", "warning: -C option may not work as you expect");
    }
    let mut found = gen::generate(sh, &p.spec, word)?;
    if found.is_empty() && p.spec.options & opt::BASHDEFAULT != 0 {
        gen::bash_default(sh, word, &mut found);
    }
    if found.is_empty() && p.spec.options & opt::DEFAULT != 0 {
        gen::files(sh, word, gen::FileKind::Any, &mut found);
    }
    if found.is_empty() {
        return Ok(1);
    }
    let mut text = String::with_capacity(found.iter().map(|s| s.len() + 1).sum());
    for m in &found {
        text.push_str(m);
        text.push('\n');
    }
    sh.out(text.as_bytes());
    Ok(0)
}

/// Print the specifications of `names`; status 1 if one has none.
fn print_specs(sh: &Shell, names: &[&str]) -> i32 {
    let mut status = 0;
    for n in names {
        match sh.completions.get(n) {
            Some(spec) => {
                sh.out(spec.complete_line(n).as_bytes());
            }
            None => {
                sh.builtin_error("complete", &format!("{n}: no completion specification"));
                status = 1;
            }
        }
    }
    status
}

/// Print every specification, in bash's order.
fn print_all(sh: &Shell) {
    let text: String = sh.completions.ordered().into_iter().map(|(n, s)| s.complete_line(n)).collect();
    sh.out(text.as_bytes());
}

/// Remove the specifications of `names`; status 1 if one has none.
fn remove_specs(sh: &mut Shell, names: &[&str]) -> i32 {
    let mut status = 0;
    for n in names {
        if !Arc::make_mut(&mut sh.completions).remove(n) {
            sh.builtin_error("complete", &format!("{n}: no completion specification"));
            status = 1;
        }
    }
    status
}

/// `complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist]
/// [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]`
pub fn complete(sh: &mut Shell, args: &[String]) -> Exec {
    if args.len() <= 1 {
        print_all(sh);
        return Ok(0);
    }
    let p = match parse(sh, args, Which::Complete) {
        Ok(p) => p,
        Err(status) => return Ok(status),
    };
    let operands: Vec<&str> = args[p.first..].iter().map(String::as_str).collect();
    let names: Vec<&str> = match p.special() {
        Some(s) => vec![s],
        None => operands.clone(),
    };
    if p.has('p') || (operands.is_empty() && !p.given) {
        if names.is_empty() {
            print_all(sh);
            return Ok(0);
        }
        return Ok(print_specs(sh, &names));
    }
    if p.has('r') {
        if names.is_empty() {
            Arc::make_mut(&mut sh.completions).clear();
            return Ok(0);
        }
        return Ok(remove_specs(sh, &names));
    }
    if names.is_empty() {
        sh.write_fd(2, Which::Complete.usage().as_bytes());
        return Ok(2);
    }
    let spec = Arc::new(p.spec);
    let table = Arc::make_mut(&mut sh.completions);
    for n in names {
        table.insert(n, spec.clone());
    }
    Ok(0)
}

/// `compopt [-o|+o option] [-DEI] [name ...]`
pub fn compopt(sh: &mut Shell, args: &[String]) -> Exec {
    let p = match parse(sh, args, Which::Compopt) {
        Ok(p) => p,
        Err(status) => return Ok(status),
    };
    let names: Vec<&str> = match p.special() {
        Some(s) => vec![s],
        None => args[p.first..].iter().map(String::as_str).collect(),
    };
    if names.is_empty() {
        sh.builtin_error("compopt", "not currently executing completion function");
        return Ok(1);
    }
    let (on, off) = (p.spec.options, p.off);
    let mut status = 0;
    for n in names {
        let Some(spec) = sh.completions.get(n) else {
            sh.builtin_error("compopt", &format!("{n}: no completion specification"));
            status = 1;
            continue;
        };
        if on == 0 && off == 0 {
            let line = spec.compopt_line(n);
            sh.out(line.as_bytes());
        } else {
            Arc::make_mut(&mut sh.completions).set_options(n, on, off);
        }
    }
    Ok(status)
}
