//! Running traps: `DEBUG` before commands, `ERR` after failures, `RETURN` after functions and
//! `source`, `EXIT` at the end, and signal traps for signals `kill` sends to this shell.
//!
//! Like bash, `DEBUG` and `RETURN` traps are not inherited by functions, command substitutions
//! and subshells unless `set -T` (functrace) is on, nor `ERR` unless `set -E` (errtrace).
//! While a trap runs, the same trap does not fire again. `DEBUG`, `ERR` and `RETURN` actions see
//! `$LINENO` of the command that triggered them; `EXIT` and signal actions count from line 1.

use super::options::{ERRTRACE, FUNCTRACE};
use super::{Exec, Flow, Shell};

/// Bits of [`TrapState`]: which trap is running / which is not inherited here.
pub mod bit {
    /// `DEBUG`.
    pub const DEBUG: u8 = 1;
    /// `ERR`.
    pub const ERR: u8 = 2;
    /// `RETURN`.
    pub const RETURN: u8 = 4;
    /// `EXIT`.
    pub const EXIT: u8 = 8;
    /// A signal trap.
    pub const SIGNAL: u8 = 16;
}

/// What traps are running and which are switched off in the current scope.
#[derive(Debug, Clone, Copy, Default)]
pub struct TrapState {
    /// Traps whose action is running now (they do not fire recursively).
    pub running: u8,
    /// Traps not inherited into the current function or subshell.
    pub off: u8,
}

impl Shell {
    /// The bits of traps a function body or subshell does not inherit under the current options.
    pub(crate) fn uninherited_traps(&self) -> u8 {
        let mut off = 0;
        if !self.set_opt(FUNCTRACE) {
            off |= bit::DEBUG | bit::RETURN;
        }
        if !self.set_opt(ERRTRACE) {
            off |= bit::ERR;
        }
        off
    }

    /// The traps `trap -p` lists here: a subshell's inherited listing as it is; otherwise
    /// the traps set, without DEBUG, ERR and RETURN where they are not inherited (a function
    /// without `set -T`/`set -E`).
    pub(crate) fn listed_traps(&self) -> impl Iterator<Item = (&String, &String)> {
        let off = if self.traps.inherited.is_some() { 0 } else { self.trap_state.off };
        self.traps.shown().iter().filter(move |(k, _)| {
            let b = match k.as_str() {
                "DEBUG" => bit::DEBUG,
                "ERR" => bit::ERR,
                "RETURN" => bit::RETURN,
                _ => 0,
            };
            off & b == 0
        })
    }

    fn trap_action(&self, name: &str, b: u8) -> Option<String> {
        if self.traps.actions.is_empty() || self.trap_state.running & b != 0 || self.trap_state.off & b != 0 {
            return None;
        }
        self.traps.actions.get(name).filter(|a| !a.is_empty()).cloned()
    }

    /// Run `action` for trap `b`: `$?` is preserved, `return` ends the action, and `exit` or a
    /// limit propagates. With `keep_line`, `$LINENO` continues from the current line.
    fn run_trap_action(&mut self, action: &str, b: u8, keep_line: bool) -> Exec<()> {
        let saved_status = self.status;
        let saved_line = self.lineno;
        let saved_pipe = self.last.pipestatus.clone();
        self.trap_state.running |= b;
        let start = if keep_line { self.lineno.max(1) } else { 1 };
        let r = self.run_source(action, start);
        self.trap_state.running &= !b;
        self.lineno = saved_line;
        self.last.pipestatus = saved_pipe;
        self.status = saved_status;
        match r {
            Err(f @ (Flow::Exit(_) | Flow::Limit(_))) => Err(f),
            _ => Ok(()),
        }
    }

    /// Run the `DEBUG` trap before a command.
    pub(crate) fn run_debug_trap(&mut self) -> Exec<()> {
        match self.trap_action("DEBUG", bit::DEBUG) {
            Some(a) => self.run_trap_action(&a, bit::DEBUG, true),
            None => Ok(()),
        }
    }

    /// Run the `DEBUG` trap before the simple command `sc`, which `$BASH_COMMAND` names.
    pub(crate) fn run_debug_trap_for(&mut self, sc: &crate::parser::ast::SimpleCommand) -> Exec<()> {
        match self.trap_action("DEBUG", bit::DEBUG) {
            Some(a) => {
                self.last.bash_command = crate::parser::print::simple_text(sc);
                self.run_trap_action(&a, bit::DEBUG, true)
            }
            None => Ok(()),
        }
    }

    /// Would a failing command run the `ERR` trap here (set, inherited, not running)?
    pub(crate) fn err_trap_armed(&self) -> bool {
        self.trap_action("ERR", bit::ERR).is_some()
    }

    /// Run the `ERR` trap after a command failed outside a condition.
    pub(crate) fn run_err_trap(&mut self) -> Exec<()> {
        match self.trap_action("ERR", bit::ERR) {
            Some(a) => self.run_trap_action(&a, bit::ERR, true),
            None => Ok(()),
        }
    }

    /// Run the `RETURN` trap after a function or `source` finished.
    pub(crate) fn run_return_trap(&mut self) -> Exec<()> {
        match self.trap_action("RETURN", bit::RETURN) {
            Some(a) => self.run_trap_action(&a, bit::RETURN, true),
            None => Ok(()),
        }
    }

    /// Run the `EXIT` trap (once: it is removed first).
    pub(crate) fn run_exit_trap(&mut self) -> Exec<()> {
        if let Some(action) = self.traps.actions.remove("EXIT") {
            let saved = self.status;
            self.trap_state.running |= bit::EXIT;
            self.trap_state.off = 0;
            let r = self.run_source(&action, 1);
            self.trap_state.running &= !bit::EXIT;
            match r {
                Err(Flow::Limit(l)) => return Err(Flow::Limit(l)),
                Err(Flow::Exit(s)) => self.status = s,
                _ => self.status = saved,
            }
        }
        Ok(())
    }

    /// Deliver signals that `kill` sent to this shell: run their traps, or end the shell with
    /// status 128+N when the signal is neither trapped nor ignored and ends a process.
    pub(crate) fn handle_pending_signals(&mut self) -> Exec<()> {
        if self.proc.pgid != 0 && self.shared.has_group_signals() {
            let sigs = self.shared.group_signals_after(self.proc.pgid, self.proc.group_seen);
            if let Some(&(_, last)) = sigs.last() {
                self.proc.group_seen = last;
            }
            // A SIGKILL that has arrived ends the process before anything else is handled.
            if sigs.iter().any(|(sig, _)| *sig == 9) {
                self.deliver_signal(9)?;
            }
            for (sig, _) in sigs {
                self.deliver_signal(sig)?;
            }
        }
        if !self.shared.has_signals() {
            return Ok(());
        }
        for sig in self.shared.take_signals(self.proc.bashpid) {
            self.deliver_signal(sig)?;
        }
        Ok(())
    }

    /// Does signal `sig` end this shell: SIGKILL, or a signal whose default action ends a
    /// process that is neither trapped nor ignored (SIGINT and SIGQUIT are ignored in a
    /// background job).
    pub(crate) fn signal_ends_shell(&self, sig: i32) -> bool {
        if sig == 9 {
            return true;
        }
        if !crate::util::signals::is_fatal_by_default(sig) || (self.traps.async_ignored && matches!(sig, 2 | 3)) {
            return false;
        }
        crate::util::signals::name(sig).is_none_or(|n| !self.traps.actions.contains_key(&n))
    }

    /// Run `sig`'s trap, or end the shell when the signal is fatal and not trapped.
    fn deliver_signal(&mut self, sig: i32) -> Exec<()> {
        {
            let name = crate::util::signals::name(sig).unwrap_or_default();
            // SIGKILL cannot be caught or ignored.
            let action = if sig == 9 { None } else { self.traps.actions.get(&name).cloned() };
            match action {
                Some(a) if a.is_empty() => {}
                Some(a) => self.run_trap_action(&a, bit::SIGNAL, false)?,
                None if self.signal_ends_shell(sig) => {
                    self.proc.killed_by = Some(sig);
                    return Err(Flow::Exit(128 + sig));
                }
                None => {}
            }
        }
        Ok(())
    }
}
