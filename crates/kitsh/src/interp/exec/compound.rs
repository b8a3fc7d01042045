//! Compound commands: `if`, loops, `case`, `select`, `{ }`, `( )`, `[[ ]]`, `(( ))`.

use crate::parser::ast::*;
use crate::interp::options::*;
use crate::interp::{Exec, Flow, Shell};
use super::*;

impl Shell {
    pub(super) fn loop_guard(&mut self, iters: &mut u64) -> Exec<()> {
        *iters += 1;
        self.shared.count_iteration(*iters).map_err(Flow::Limit)?;
        // A loop of compound commands only (`for ((;;)); do ((i++)); done`) still hears a
        // `timeout`'s signal to its process group.
        if self.proc.pgid != 0 && self.shared.has_group_signals() {
            self.handle_pending_signals()?;
        }
        Ok(())
    }

    /// Handle `break`/`continue` arriving at a loop: `Ok(true)` to leave the loop.
    pub(super) fn loop_flow(&mut self, r: Exec) -> Exec<Option<bool>> {
        match r {
            Ok(s) => {
                self.status = s;
                Ok(None)
            }
            // `break` and `continue` themselves succeed: the loop's status is then 0 (1 after
            // an out-of-range count, see `Shell::break_status`).
            Err(Flow::Break(n)) => {
                if n > 1 {
                    self.status = 0;
                    Err(Flow::Break(n - 1))
                } else {
                    self.status = std::mem::take(&mut self.line.break_status);
                    Ok(Some(true))
                }
            }
            Err(Flow::Continue(n)) => {
                if n > 1 {
                    self.status = 0;
                    Err(Flow::Continue(n - 1))
                } else {
                    self.status = std::mem::take(&mut self.line.break_status);
                    Ok(Some(false))
                }
            }
            Err(f) => Err(f),
        }
    }

    pub(super) fn run_cond(&mut self, list: &List) -> Exec {
        self.errexit_ignored += 1;
        let r = self.run_list(list);
        self.errexit_ignored -= 1;
        r
    }

    pub(super) fn run_compound(&mut self, cc: &CompoundCommand) -> Exec {
        match cc {
            CompoundCommand::Brace(list) => self.run_list(list),
            CompoundCommand::Subshell(list) => {
                // A subshell is outside any loop of its parent: `( continue )` is an error.
                // Nor does it list its parent's jobs (a pipeline stage or `$(jobs)` does).
                if std::mem::take(&mut self.next.subshell_ready) {
                    self.stack.loop_depth = 0;
                    self.job_table.list.clear();
                    self.job_table.own_from = 0;
                    let st = self.run_list(list)?;
                    self.status = st;
                    return Ok(st);
                }
                let st = self.subshell(|s| {
                    s.stack.loop_depth = 0;
                    s.job_table.list.clear();
                    s.job_table.own_from = 0;
                    s.run_list(list)
                })?;
                self.status = st;
                Ok(st)
            }
            CompoundCommand::If { branches, else_body } => {
                for (cond, body) in branches {
                    if self.run_cond(cond)? == 0 {
                        return self.run_list(body);
                    }
                }
                match else_body {
                    Some(b) => self.run_list(b),
                    None => Ok(0),
                }
            }
            CompoundCommand::While { until, cond, body } => {
                let mut status = 0;
                let mut iters = 0u64;
                self.stack.loop_depth += 1;
                let r = (|| loop {
                    self.loop_guard(&mut iters)?;
                    let r = self.run_cond_ret(cond);
                    let c = match self.loop_flow(r)? {
                        Some(true) => break Ok(status),
                        Some(false) => continue,
                        None => self.status,
                    };
                    if (c == 0) == *until {
                        break Ok(status);
                    }
                    let r = self.run_list(body);
                    self.emit_output();
                    if self.loop_flow(r)? == Some(true) {
                        break Ok(self.status);
                    }
                    status = self.status;
                })();
                self.stack.loop_depth -= 1;
                r
            }
            CompoundCommand::For { var, words, body } => {
                let line = self.lineno;
                self.check_loop_name(var)?;
                let items = match words {
                    Some(ws) => self.expand_words(ws)?,
                    None => self.positional.clone(),
                };
                let mut status = 0;
                let mut iters = 0u64;
                let header = self.set_opt(XTRACE).then(|| loop_header("for", var, words.as_deref()));
                self.stack.loop_depth += 1;
                let r = (|| {
                    for it in items {
                        self.loop_guard(&mut iters)?;
                        self.lineno = line;
                        self.run_debug_trap()?;
                        if let Some(h) = &header {
                            self.xtrace_line(h);
                        }
                        if let Err(msg) = self.assign_scalar(var, it) {
                            self.error(&msg);
                            return self.discarding(Ok(1));
                        }
                        let r = self.run_list(body);
                        self.emit_output();
                        match self.loop_flow(r)? {
                            Some(true) => return Ok(self.status),
                            Some(false) => {}
                            None => {}
                        }
                        status = self.status;
                    }
                    Ok(status)
                })();
                self.stack.loop_depth -= 1;
                r
            }
            CompoundCommand::ArithFor { init, cond, step, body } => {
                let line = self.lineno;
                self.run_debug_trap()?;
                self.trace_arith(init, "");
                if self.arith_for_part(init)?.is_none() {
                    return Ok(1);
                }
                let mut status = 0;
                let mut iters = 0u64;
                self.stack.loop_depth += 1;
                let r = (|| loop {
                    self.loop_guard(&mut iters)?;
                    self.lineno = line;
                    self.run_debug_trap()?;
                    self.trace_arith(cond, "");
                    if !is_blank(cond) {
                        match self.arith_for_part(cond)? {
                            None => break Ok(1),
                            Some(0) => break Ok(status),
                            Some(_) => {}
                        }
                    }
                    let r = self.run_list(body);
                    self.emit_output();
                    match self.loop_flow(r)? {
                        Some(true) => break Ok(self.status),
                        _ => status = self.status,
                    }
                    self.lineno = line;
                    self.run_debug_trap()?;
                    self.trace_arith(step, "");
                    if self.arith_for_part(step)?.is_none() {
                        break Ok(1);
                    }
                })();
                self.stack.loop_depth -= 1;
                r
            }
            CompoundCommand::Select { var, words, body } => {
                if self.set_opt(XTRACE) {
                    self.xtrace_line(&loop_header("select", var, words.as_deref()));
                }
                self.run_select(var, words.as_deref(), body)
            }
            CompoundCommand::Case { word, arms } => {
                self.run_debug_trap()?;
                if self.set_opt(XTRACE) {
                    let t = format!("case {} in", crate::parser::print::word_text(word));
                    self.xtrace_line(&t);
                }
                self.run_case(word, arms)
            }
            CompoundCommand::DBracket(e) => {
                self.shared.count_command().map_err(Flow::Limit)?;
                self.run_debug_trap()?;
                match self.eval_cond(e) {
                    Ok(b) => Ok((!b) as i32),
                    Err(Flow::Exit(2)) => Ok(2),
                    Err(f) => Err(f),
                }
            }
            CompoundCommand::Arith(w) => {
                self.shared.count_command().map_err(Flow::Limit)?;
                self.run_debug_trap()?;
                self.trace_arith(w, " ");
                match self.arith_word_status(w) {
                    Ok(v) => Ok((v == 0) as i32),
                    Err(f) => Err(f),
                }
            }
        }
    }

    /// `set -x` of an arithmetic command or `for ((...))` part: `(( text ))` (`pad`: the
    /// extra space bash puts inside a `(( ))` command).
    pub(super) fn trace_arith(&mut self, w: &Word, pad: &str) {
        if self.set_opt(XTRACE) && !w.parts.is_empty() {
            let t = format!("(( {pad}{}{pad} ))", crate::parser::print::word_text(w).trim());
            self.xtrace_line(&t);
        }
    }

    pub(super) fn run_cond_ret(&mut self, list: &List) -> Exec {
        let r = self.run_cond(list);
        if let Ok(s) = r {
            self.status = s;
        }
        r
    }

    pub(super) fn run_case(&mut self, word: &Word, arms: &[CaseArm]) -> Exec {
        let subject = self.expand_word_str(word)?;
        let mut i = 0;
        let mut status = 0;
        while i < arms.len() {
            let mut matched = false;
            for p in &arms[i].patterns {
                let pat = self.expand_pattern(p)?;
                if self.pattern_matches(&pat, &subject, self.shopt(NOCASEMATCH)) {
                    matched = true;
                    break;
                }
            }
            if !matched {
                i += 1;
                continue;
            }
            loop {
                status = self.run_list(&arms[i].body)?;
                match arms[i].terminator {
                    CaseTerminator::Break => return Ok(status),
                    CaseTerminator::FallThrough => {
                        i += 1;
                        if i >= arms.len() {
                            return Ok(status);
                        }
                    }
                    CaseTerminator::Continue => break,
                }
            }
            i += 1;
        }
        Ok(status)
    }

    /// `for NAME` / `select NAME` need a valid variable name (checked when run, as bash does).
    pub(super) fn check_loop_name(&mut self, var: &str) -> Exec<()> {
        if crate::interp::expand::is_name(var) {
            return Ok(());
        }
        self.error(&format!("`{var}': not a valid identifier"));
        Err(Flow::Abort(1))
    }

    pub(super) fn run_select(&mut self, var: &str, words: Option<&[Word]>, body: &List) -> Exec {
        let line = self.lineno;
        self.check_loop_name(var)?;
        let items = match words {
            Some(ws) => self.expand_words(ws)?,
            None => self.positional.clone(),
        };
        if items.is_empty() {
            return Ok(0);
        }
        let mut iters = 0u64;
        loop {
            self.loop_guard(&mut iters)?;
            self.lineno = line;
            self.run_debug_trap()?;
            let mut menu = String::new();
            for (i, it) in items.iter().enumerate() {
                menu.push_str(&format!("{}) {}\n", i + 1, it));
            }
            let ps3 = self.vars.get_str("PS3").unwrap_or("#? ").to_string();
            menu.push_str(&ps3);
            self.write_fd(2, menu.as_bytes());
            let line = match self.read_line_fd(0) {
                Some(l) => l,
                None => {
                    self.write_fd(2, b"\n");
                    return Ok(1);
                }
            };
            let _ = self.assign_scalar("REPLY", line.clone());
            let choice = line.trim().parse::<usize>().ok().filter(|n| *n >= 1 && *n <= items.len());
            let val = choice.map(|n| items[n - 1].clone()).unwrap_or_default();
            if let Err(m) = self.assign_scalar(var, val) {
                self.error(&m);
                return Ok(1);
            }
            if line.trim().is_empty() {
                continue;
            }
            self.stack.loop_depth += 1;
            let r = self.run_list(body);
            self.emit_output();
            self.stack.loop_depth -= 1;
            if let Some(true) = self.loop_flow(r)? { return Ok(0) }
        }
    }

    /// Read one line (without the newline) from descriptor `fd`, byte by byte; `None` at EOF
    /// with nothing read.
    pub(crate) fn read_line_fd(&mut self, fd: i32) -> Option<String> {
        let f = self.fds.get(fd)?.clone();
        let mut bytes = Vec::new();
        let mut b = [0u8; 1];
        loop {
            match f.read(&mut b) {
                Ok(1) => {
                    if b[0] == b'\n' {
                        return Some(crate::util::bytes::decode_owned(bytes));
                    }
                    bytes.push(b[0]);
                }
                _ => {
                    if bytes.is_empty() {
                        return None;
                    }
                    return Some(crate::util::bytes::decode_owned(bytes));
                }
            }
        }
    }
}
