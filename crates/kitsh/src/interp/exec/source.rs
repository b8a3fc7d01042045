//! Functions and source text: calling a function, running a script, `source`/`eval` text line
//! by line, and syntax errors as bash reports them.

use std::sync::Arc;
use crate::parser::ast::*;
use crate::parser::{ParseError, ParseOptions, Parser};
use crate::interp::options::*;
use crate::interp::{Exec, Flow, Frame, Shell};
use super::*;

impl Shell {
    /// Call `f` with `args` (its name first): they become the positional parameters.
    pub fn call_function(&mut self, f: &Arc<FunctionDef>, mut args: Vec<String>) -> Exec {
        if self.stack.depth >= self.shared.limits.max_function_depth {
            self.error(&format!("{}: maximum function nesting level exceeded ({})", f.name, self.shared.limits.max_function_depth));
            return Err(Flow::Limit(crate::limits::LimitExceeded::FunctionDepth));
        }
        // A function's commands are not the job's one command (see `exec_in_place`).
        self.next.exec_in_place = false;
        if !args.is_empty() {
            args.remove(0);
        }
        let saved_pos = std::mem::replace(&mut self.positional, args);
        let saved_loop = std::mem::replace(&mut self.stack.loop_depth, 0);
        self.vars.push_scope(std::mem::take(&mut self.next.temp_for_call));
        let call_line = self.lineno;
        self.stack.frames.push(Frame { func: Some(f.clone()), file: None, call_line });
        self.stack.depth += 1;
        let saved_traps = self.trap_state.off;
        self.trap_state.off |= self.uninherited_traps();
        let r = stacker::maybe_grow(256 * 1024, 4 << 20, || self.run_command(&f.body));
        self.stack.depth -= 1;
        // An abandoned command line passes the RETURN trap by (bash jumps past it).
        let rt = if matches!(r, Err(Flow::Abort(_))) { Ok(()) } else { self.run_return_trap() };
        self.trap_state.off = saved_traps;
        self.stack.frames.pop();
        // Back in the caller, `$LINENO` (and an ERR trap) is the line of the call.
        self.lineno = call_line;
        self.vars.pop_scope();
        self.stack.loop_depth = saved_loop;
        self.positional = saved_pos;
        rt?;
        match r {
            Ok(s) => Ok(s),
            Err(Flow::Return(s)) => Ok(s),
            Err(Flow::Break(_)) | Err(Flow::Continue(_)) => Ok(self.status),
            Err(f) => Err(f),
        }
    }

    /// Run `src` as `eval`, `source` or a trap do: a syntax error is reported and gives
    /// status 2; an error that abandons a command line abandons only that line of the script, eval or sourced file.
    pub fn run_source(&mut self, src: &str, start_line: u32) -> Exec {
        self.run_lines(src, start_line, Level::Nested)
    }

    /// Run `src` as a whole script (`bash -c`, `bash FILE`): a syntax error ends it with
    /// status 2; an expansion error abandons only the current command line.
    pub fn run_script(&mut self, src: &str, start_line: u32) -> Exec {
        self.run_lines(src, start_line, Level::Script)
    }

    /// Parse all of `src` without running it (the tool layer's parse phase): on a syntax
    /// error, report it as running the script would and return `false`. Extended globs are
    /// accepted (a script may turn `extglob` on before using them).
    pub(crate) fn syntax_check(&mut self, src: &str) -> bool {
        let opts = ParseOptions { max_depth: self.shared.limits.max_parse_depth, max_input: self.shared.limits.max_input_bytes, start_line: 1 };
        let mut parser = Parser::new(src, opts);
        parser.set_extglob(true);
        loop {
            match parser.next_command(None) {
                None => return true,
                Some(Ok(_)) => {}
                // bash reports it when it reaches that line, and goes on.
                Some(Err(e)) if e.discard => {}
                Some(Err(e)) => {
                    self.report_parse_error(&e, Level::Script);
                    return false;
                }
            }
        }
    }

    pub(super) fn run_lines(&mut self, src: &str, start_line: u32, level: Level) -> Exec {
        let opts = ParseOptions {
            max_depth: self.shared.limits.max_parse_depth,
            max_input: self.shared.limits.max_input_bytes,
            start_line,
        };
        let mut parser = Parser::new(src, opts);
        let mut status = 0;
        let prompts = level == Level::Script && self.opts.interactive && self.opts.invocation != 'c';
        loop {
            if prompts {
                self.run_prompt_command()?;
            }
            let start = parser.offset();
            parser.set_extglob(self.shopt(EXTGLOB));
            parser.set_c_locale(self.byte_locale());
            if level == Level::Script && self.opts.invocation != 'c' {
                self.last.command_number += 1;
            }
            let next = if self.shopt(EXPAND_ALIASES) && !self.defs.aliases.is_empty() {
                let aliases = self.defs.aliases.clone();
                let lookup = move |w: &str| aliases.get(w).cloned();
                parser.next_command(Some(&lookup))
            } else {
                parser.next_command(None)
            };
            match next {
                None => return Ok(status),
                // The line is abandoned with status 1; a script goes on with the next line, an
                // eval or a sourced file ends there.
                Some(Err(e)) if e.discard => {
                    self.report_parse_error(&e, level);
                    self.status = 1;
                    status = 1;
                    if level == Level::Nested {
                        return Ok(1);
                    }
                }
                Some(Err(e)) => {
                    self.report_parse_error(&e, level);
                    return match level {
                        Level::Script => Err(Flow::Exit(2)),
                        Level::Nested => {
                            self.status = 2;
                            Ok(2)
                        }
                    };
                }
                Some(Ok(list)) => {
                    if level == Level::Script && self.set_opt(HISTORY) {
                        let text = src.get(start..parser.offset().min(src.len())).unwrap_or("");
                        self.record_history(text);
                    }
                    if self.set_opt(VERBOSE) {
                        // `set -v`: the input as it is read.
                        let end = parser.offset().min(src.len());
                        if let Some(text) = src.get(start..end) {
                            let mut text = text.to_string();
                            if !text.ends_with('\n') {
                                text.push('\n');
                            }
                            self.write_fd(2, text.as_bytes());
                        }
                    }
                    if self.set_opt(NOEXEC) {
                        continue;
                    }
                    if level == Level::Script {
                        self.line.discard = false;
                        self.line.arith_abort = false;
                    }
                    status = match self.run_list(&list) {
                        // A jump to bash's top level (`Shell::discard`) leaves eval and
                        // source too, is no `set -e` failure, and ends a `-c` string.
                        Err(Flow::Abort(s)) if self.line.discard => {
                            self.status = s;
                            if level == Level::Nested {
                                return Err(Flow::Abort(s));
                            }
                            self.line.discard = false;
                            if self.opts.invocation == 'c' && !self.opts.interactive {
                                return Err(Flow::Exit(s));
                            }
                            s
                        }
                        // `set -e` (and POSIX mode's fatal special-builtin errors) end the
                        // script instead of just the line.
                        // eval and source abandon just their own line, like bash.
                        Err(Flow::Abort(s)) => {
                            self.status = s;
                            let errexit = self.set_opt(ERREXIT) && !std::mem::take(&mut self.line.arith_abort);
                            if errexit || self.set_opt(POSIX) {
                                return Err(Flow::Exit(s));
                            }
                            s
                        }
                        r => r?,
                    };
                }
            }
        }
    }

    /// Print a syntax error the way bash does.
    pub fn report_parse_error(&mut self, e: &ParseError, level: Level) {
        self.lineno = e.line;
        // bash names the context: `bash: -c: line 1: ...`, `bash: eval: line 1: ...`.
        let context = match level {
            Level::Nested if self.stack.in_eval => "eval: ",
            Level::Script if self.stack.sources.is_empty() && self.opts.invocation == 'c' => "-c: ",
            _ => "",
        };
        self.error_in(context, &e.message);
        if !e.source_line.is_empty() && !e.incomplete {
            let l = format!("`{}'", e.source_line);
            self.error_in(context, &l);
        }
    }
}
