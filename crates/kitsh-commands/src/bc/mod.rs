//! `bc`: the arbitrary-precision calculator language (GNU bc 1.07.1 behaviour).
//!
//! Options `-l` (math library, `scale=20`), `-q`, `-i` (banner), `-s`/`-w` (accepted),
//! `--help`, `--version`. Files named as operands run first, then standard input. Each line
//! runs as soon as it is read; syntax errors (`(standard_in) 3: syntax error`) skip the rest of
//! the line, runtime errors (`Runtime error (func=(main), adr=N): Divide by zero`) abandon the
//! current line, and bc goes on with status 0 as GNU bc does. Numbers are limited to
//! [`number::MAX_DIGITS`] digits and function calls to a fixed depth.

mod ast;
mod interp;
mod lexer;
mod libmath;
pub mod number;
mod output;
mod parser;
#[cfg(test)]
mod tests;

use super::args::{self, ArgError, ArgKind, Config, OptSpec};
use super::{Builtin, Cancel, Ctx};
use ast::Item;
use interp::{Host, Interp, Stop};
use lexer::Lexer;
use output::Output;
use parser::Parser;

/// The `bc` command.
pub struct Bc;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Help,
    Interactive,
    Mathlib,
    Quiet,
    Standard,
    Warn,
    Version,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('h', "help", O::Help),
    OptSpec::flag('i', "interactive", O::Interactive),
    OptSpec::flag('l', "mathlib", O::Mathlib),
    OptSpec::flag('q', "quiet", O::Quiet),
    OptSpec::flag('s', "standard", O::Standard),
    OptSpec::flag('w', "warn", O::Warn),
    OptSpec::flag('v', "version", O::Version),
    OptSpec { short: None, long: Some("global"), arg: ArgKind::None, id: O::Standard },
];

const HELP: &str = include_str!("help.txt");

const VERSION: &str = "bc 1.07.1\nCopyright 1991-1994, 1997, 1998, 2000, 2004, 2006, 2008, 2012-2017 Free Software Foundation, Inc.\n";

/// The banner of interactive mode (and the text of `warranty`'s first lines).
pub(crate) const BANNER: &str = "bc 1.07.1\nCopyright 1991-1994, 1997, 1998, 2000, 2004, 2006, 2008, 2012-2017 Free Software Foundation, Inc.\nThis is free software with ABSOLUTELY NO WARRANTY.\nFor details type `warranty'. \n";

/// `read()` and cancellation for the interpreter.
struct H<'x> {
    lx: &'x mut dyn lexer::Lines,
    cancel: &'x dyn Cancel,
}

impl Host for H<'_> {
    fn read_line(&mut self) -> Option<String> {
        self.lx.read_line()
    }
    fn cancelled(&self) -> bool {
        self.cancel.cancelled()
    }
}

/// How running one input ended.
enum End {
    /// The input is exhausted: go on with the next one.
    Eof,
    /// `quit`, `halt` or cancellation: bc ends with this status.
    Exit(i32),
}

impl Builtin for Bc {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("bc", HELP);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(ArgError::Help) => return print(ctx, HELP, 0),
            Err(ArgError::Version) => return print(ctx, VERSION, 0),
            Err(e) => {
                let _ = writeln!(ctx.stderr, "bc: {e}");
                return print(ctx, HELP, 1);
            }
        };
        let (mut mathlib, mut quiet, mut interactive) = (false, false, false);
        for (o, _) in &parsed.opts {
            match o {
                O::Help => return print(ctx, HELP, 0),
                O::Version => return print(ctx, VERSION, 0),
                O::Mathlib => mathlib = true,
                O::Quiet => quiet = true,
                O::Interactive => interactive = true,
                O::Standard | O::Warn => {}
            }
        }
        let line_size = output::line_size(ctx.env.get("BC_LINE_LENGTH"));
        let fs = ctx.fs;
        let cwd = ctx.cwd;
        let cancel = ctx.cancel;
        let mut stdin_parser = Parser::new(Lexer::new(&mut *ctx.stdin));
        let mut interp = Interp::new(Output::new(&mut *ctx.stdout, line_size), &mut *ctx.stderr);
        if interactive && !quiet {
            interp.out.raw(BANNER);
        }
        stdin_parser.lx.echo = interactive;
        if mathlib {
            let mut src: &[u8] = libmath::LIBMATH.as_bytes();
            let mut p = Parser::new(Lexer::new(&mut src));
            if let End::Exit(st) = run_input(&mut interp, &mut p, None, "(library)", cancel) {
                return st;
            }
        }
        for file in &parsed.operands {
            let path = kitsh_core::fs::join_path(cwd, file);
            let data = match fs.stat(&path) {
                Ok(m) if m.file_type != kitsh_core::fs::FileType::Dir => fs.read_file(&path).ok(),
                _ => None,
            };
            let Some(data) = data else {
                interp.message(&format!("File {file} is unavailable."));
                return 1;
            };
            let mut src: &[u8] = &data;
            let mut p = Parser::new(Lexer::new(&mut src));
            if let End::Exit(st) = run_input(&mut interp, &mut p, Some(&mut stdin_parser.lx), file, cancel) {
                return st;
            }
        }
        match run_input(&mut interp, &mut stdin_parser, None, "(standard_in)", cancel) {
            End::Exit(st) => st,
            End::Eof => match interp.flush() {
                Ok(()) => 0,
                Err(Stop::Write(st)) => st,
                Err(_) => 0,
            },
        }
    }
}

/// Runs every item of one input. `read()` takes lines from `stdin` (or, when it is `None`,
/// from the input itself).
fn run_input(
    interp: &mut Interp<'_>,
    p: &mut Parser<'_>,
    mut stdin: Option<&mut Lexer<'_>>,
    name: &str,
    cancel: &dyn Cancel,
) -> End {
    loop {
        if cancel.cancelled() {
            let _ = interp.flush();
            return End::Exit(1);
        }
        let item = p.item();
        if !p.lx.echoed.is_empty() {
            let echoed = std::mem::take(&mut p.lx.echoed);
            interp.out.raw(&String::from_utf8_lossy(&echoed));
        }
        for (line, msg) in std::mem::take(&mut p.messages) {
            if line == 0 {
                interp.message(&msg);
            } else {
                interp.parse_message(name, line, &msg);
            }
        }
        let stmts = match item {
            Item::Eof => return End::Eof,
            Item::Quit => {
                return match interp.flush() {
                    Err(Stop::Write(st)) => End::Exit(st),
                    _ => End::Exit(0),
                }
            }
            Item::Error => continue,
            Item::Define(f) => {
                interp.define(f);
                continue;
            }
            Item::Stmts(s) => s,
        };
        let lx: &mut dyn lexer::Lines = match stdin.as_deref_mut() {
            Some(l) => l,
            None => &mut p.lx,
        };
        let mut host = H { lx, cancel };
        match interp.run(&stmts, &mut host) {
            Ok(()) | Err(Stop::Error) => {}
            Err(Stop::Halt) => {
                let _ = interp.flush();
                return End::Exit(if cancel.cancelled() { 1 } else { 0 });
            }
            Err(Stop::Write(st)) => return End::Exit(st),
        }
    }
}

/// Prints `text` on stdout and returns `status` (or the write error's status).
fn print(ctx: &mut Ctx<'_>, text: &str, status: i32) -> i32 {
    match ctx.stdout.write_all(text.as_bytes()) {
        Ok(()) => status,
        Err(e) => crate::args::write_failed(ctx, &e),
    }
}

