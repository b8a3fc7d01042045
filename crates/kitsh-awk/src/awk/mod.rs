//! `awk`: POSIX awk with the gawk extensions scripts use (gawk 5.2 behaviour and messages).
//!
//! Options `-F fs`, `-v var=val`, `-f progfile`, `-e program`, `--`, the GNU long forms,
//! `--version`, `--help`. The program is parsed once into an AST with variables resolved to
//! slots ([`parser`]), then run by [`interp`]: records stream from standard input or the file
//! operands (`var=value` operands assign between files), fields split lazily, output is
//! buffered and flushed before other commands run. `system()`, `cmd | getline` and
//! `print | cmd` run kitsh commands through [`Ctx::spawn`](super::Ctx).

mod array;
mod ast;
mod format;
mod funcs;
mod hash;
mod interp;
mod io;
mod lexer;
mod order;
mod parser;
mod regex;
mod value;
mod vars;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_gawk;


use super::{Builtin, Ctx};
use interp::{process_escapes, Interp};
use parser::{ParseError, Parser};

/// The `awk` command.
pub struct Awk;

const USAGE: &str = include_str!("help.txt");

const VERSION: &str = "GNU Awk 5.2.1, API 3.2, PMA Avon 8-g1, (GNU MPFR 4.2.0, GNU MP 6.2.1)\nCopyright (C) 1989, 1991-2022 Free Software Foundation.\n\nThis program is free software; you can redistribute it and/or modify\nit under the terms of the GNU General Public License as published by\nthe Free Software Foundation; either version 3 of the License, or\n(at your option) any later version.\n\nThis program is distributed in the hope that it will be useful,\nbut WITHOUT ANY WARRANTY; without even the implied warranty of\nMERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the\nGNU General Public License for more details.\n\nYou should have received a copy of the GNU General Public License\nalong with this program. If not, see http://www.gnu.org/licenses/.\n";

/// Where a piece of the program text came from.
struct Piece {
    /// `cmd. line` or the `-f` file name.
    name: String,
    /// Its offset in the joined text.
    start: usize,
}

/// The parsed command line.
struct Opts {
    fs: Option<String>,
    assigns: Vec<String>,
    files: Vec<String>,
    sources: Vec<String>,
    operands: Vec<String>,
}

enum OptErr {
    Usage,
    Help,
    Version,
    Missing(String),
}

fn parse_opts(args: &[String]) -> Result<Opts, OptErr> {
    let mut o = Opts { fs: None, assigns: Vec::new(), files: Vec::new(), sources: Vec::new(), operands: Vec::new() };
    let mut i = 0;
    let need = |i: &mut usize, flag: &str| -> Result<String, OptErr> {
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| OptErr::Missing(flag.to_string()))
    };
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a == "-" {
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            let (name, val) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (long, None),
            };
            let take = |i: &mut usize| -> Result<String, OptErr> {
                match &val {
                    Some(v) => Ok(v.clone()),
                    None => need(i, name),
                }
            };
            match name {
                "field-separator" => o.fs = Some(take(&mut i)?),
                "assign" => o.assigns.push(take(&mut i)?),
                "file" => o.files.push(take(&mut i)?),
                "source" => o.sources.push(take(&mut i)?),
                "version" => return Err(OptErr::Version),
                "help" | "usage" => return Err(OptErr::Help),
                "posix" | "traditional" | "re-interval" | "characters-as-bytes" | "sandbox" | "lint" | "no-optimize" | "optimize" | "non-decimal-data" | "use-lc-numeric" | "copyright" => {}
                _ => return Err(OptErr::Usage),
            }
            i += 1;
            continue;
        }
        let chars: Vec<char> = a[1..].chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            match c {
                'F' | 'v' | 'f' | 'e' => {
                    let rest: String = chars[j + 1..].iter().collect();
                    let val = if rest.is_empty() { need(&mut i, &c.to_string())? } else { rest };
                    match c {
                        'F' => o.fs = Some(val),
                        'v' => o.assigns.push(val),
                        'f' => o.files.push(val),
                        _ => o.sources.push(val),
                    }
                    j = chars.len();
                    continue;
                }
                'V' => return Err(OptErr::Version),
                'h' => return Err(OptErr::Help),
                'b' | 'c' | 'C' | 'g' | 'I' | 'M' | 'N' | 'n' | 'O' | 'P' | 'r' | 's' | 'S' | 't' | 'L' | 'd' | 'D' | 'o' | 'p' => {}
                _ => return Err(OptErr::Usage),
            }
            j += 1;
        }
        i += 1;
    }
    if o.files.is_empty() && o.sources.is_empty() {
        match args.get(i) {
            Some(p) => {
                o.sources.push(p.clone());
                i += 1;
            }
            None => return Err(OptErr::Usage),
        }
    }
    o.operands = args[i.min(args.len())..].to_vec();
    Ok(o)
}

/// Print a syntax error the way gawk does: the source line, then a caret line.
fn report_parse_error(ctx: &mut Ctx<'_>, src: &[u8], pieces: &[Piece], e: &ParseError) {
    let pos = e.pos.min(src.len());
    let piece = pieces.iter().rev().find(|p| p.start <= pos).or(pieces.first());
    let (name, pstart) = piece.map_or(("cmd. line".to_string(), 0), |p| (p.name.clone(), p.start));
    let line_start = src[..pos].iter().rposition(|&c| c == b'\n').map_or(0, |i| i + 1).max(pstart);
    let mut line_no = 1 + src[pstart..line_start].iter().filter(|&&c| c == b'\n').count();
    if src.get(pos) == Some(&b'\n') && !e.plain {
        // gawk has read the newline already: it counts the next line
        line_no += 1;
    }
    if e.plain {
        let kind = if e.msg.starts_with("error: ") { "" } else { "fatal: " };
        let _ = writeln!(ctx.stderr, "{}: {}:{}: {kind}{}", ctx.name, name, line_no, e.msg);
        return;
    }
    let line_end = src[line_start..].iter().position(|&c| c == b'\n').map_or(src.len(), |i| line_start + i);
    let text = String::from_utf8_lossy(&src[line_start..line_end]);
    let col = pos - line_start;
    let _ = writeln!(ctx.stderr, "{}: {}:{}: {}", ctx.name, name, line_no, text);
    let _ = writeln!(ctx.stderr, "{}: {}:{}: {}^ {}", ctx.name, name, line_no, " ".repeat(col), e.msg);
}

/// Whether the locale in the environment is a UTF-8 one.
fn utf8_locale(ctx: &Ctx<'_>) -> bool {
    for k in ["LC_ALL", "LC_CTYPE", "LANG"] {
        if let Some(v) = ctx.env.get(k) {
            if !v.is_empty() {
                let l = v.to_ascii_lowercase();
                return l.contains("utf-8") || l.contains("utf8");
            }
        }
    }
    false
}

impl Builtin for Awk {
    fn run(&self, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let o = match parse_opts(args) {
            Ok(o) => o,
            Err(OptErr::Version) => {
                let _ = ctx.stdout.write_all(VERSION.as_bytes());
                return 0;
            }
            Err(OptErr::Help) => {
                let _ = ctx.stdout.write_all(USAGE.replace("awk", ctx.name).as_bytes());
                return 0;
            }
            Err(OptErr::Usage) => {
                let _ = ctx.stderr.write_all(USAGE.as_bytes());
                return 1;
            }
            Err(OptErr::Missing(f)) => {
                let _ = writeln!(ctx.stderr, "{}: option requires an argument -- {}", ctx.name, f);
                let _ = ctx.stderr.write_all(USAGE.as_bytes());
                return 1;
            }
        };
        // the program text
        let mut src = Vec::new();
        let mut pieces = Vec::new();
        for f in &o.files {
            let data = if f == "-" || f == "/dev/stdin" || f == "/dev/fd/0" {
                ctx.read_input("-")
            } else {
                let abs = ctx.abs_path(f);
                ctx.fs.read_file(&abs)
            };
            match data {
                Ok(d) => {
                    pieces.push(Piece { name: f.clone(), start: src.len() });
                    src.extend_from_slice(&d);
                    src.push(b'\n');
                }
                Err(e) => {
                    let _ = writeln!(ctx.stderr, "{}: fatal: cannot open source file `{}' for reading: {}", ctx.name, f, e);
                    return 2;
                }
            }
        }
        for s in &o.sources {
            pieces.push(Piece { name: "cmd. line".to_string(), start: src.len() });
            src.extend_from_slice(s.as_bytes());
            src.push(b'\n');
        }
        if src.last() == Some(&b'\n') {
            src.pop();
        }
        let prog = match Parser::parse(&src) {
            Ok(p) => p,
            Err(e) => {
                report_parse_error(ctx, &src, &pieces, &e);
                return if e.plain && !e.msg.starts_with("error: ") { 2 } else { 1 };
            }
        };
        let src_name = pieces.first().map_or("cmd. line".to_string(), |p| p.name.clone());
        let utf8 = utf8_locale(ctx);
        let name = ctx.name.to_string();
        let mut it = match Interp::new(ctx, prog, src_name.clone(), utf8) {
            Ok(it) => it,
            Err(msg) => {
                let _ = writeln!(ctx.stderr, "{name}: {src_name}:1: error: {msg}");
                return 1;
            }
        };
        let mut argv = vec![name.clone()];
        argv.extend(o.operands.iter().cloned());
        it.set_argv(&argv);
        if let Some(fs) = &o.fs {
            let v = process_escapes(fs.as_bytes());
            if it.set_var(ast::Var::Global(ast::Special::Fs as u32), value::Value::Str(std::rc::Rc::from(v))).is_err() {
                return 2;
            }
        }
        for a in &o.assigns {
            match interp::split_assignment(a.as_bytes()) {
                Some((n, v)) => {
                    if it.command_assign(n, v).is_err() {
                        return 2;
                    }
                }
                None => {
                    let _ = writeln!(it.ctx.stderr, "{name}: fatal: `{a}' is not a legal variable name");
                    return 2;
                }
            }
        }
        it.run()
    }
}
