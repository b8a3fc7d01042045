//! Simple commands: expanding the words, assignments, `set -x` traces, temporary assignments
//! and the dispatch to functions, builtins and commands.

use crate::parser::ast::*;
use crate::interp::redirect::RedirError;
use crate::interp::options::*;
use crate::interp::{Exec, Flow, Shell};
use super::*;

impl Shell {
    /// Run a simple command.
    pub(super) fn run_simple(&mut self, sc: &SimpleCommand) -> Exec {
        let mark = self.procsubs.len();
        match self.simple_argv(sc, mark)? {
            Ok(argv) => self.run_simple_argv(sc, mark, argv),
            Err(status) => Ok(status),
        }
    }

    /// The first half of a simple command: count it, run the DEBUG trap, expand its words.
    /// `Err(status)` when that ended it (a refused construct, words that expanded to nothing:
    /// the assignments alone); else the expanded words, for [`Shell::run_simple_argv`].
    pub(crate) fn simple_argv(&mut self, sc: &SimpleCommand, mark: usize) -> Exec<Result<Vec<String>, i32>> {
        self.lineno = sc.line;
        self.shared.count_command().map_err(Flow::Limit)?;
        // `$BASH_COMMAND` is the simple command started last; only an ERR or EXIT trap can
        // show it after the fact, so it is kept only when one is set (DEBUG sets it itself).
        // A trap's own commands leave it alone.
        if !self.traps.actions.is_empty()
            && self.trap_state.running == 0
            && (self.traps.actions.contains_key("ERR") || self.traps.actions.contains_key("EXIT"))
        {
            self.last.bash_command = crate::parser::print::simple_text(sc);
        }
        self.run_debug_trap_for(sc)?;
        let argv = if sc.words.is_empty() { Vec::new() } else { self.expand_command_words(&sc.words)? };
        if self.line.refused {
            // A construct a logic-only shell refuses (process substitution): not run.
            self.line.refused = false;
            self.finish_procsubs(mark)?;
            self.status = 1;
            return Ok(Err(1));
        }
        if argv.is_empty() {
            // Words that expanded to nothing (`$(false)`): the status is the last command
            // substitution's, unless the assignments give another.
            let words_status = if sc.words.is_empty() { None } else { self.last.cmdsub_status.take() };
            let r = self.run_assignments_only(sc, words_status);
            self.finish_procsubs(mark)?;
            return r.map(Err);
        }
        Ok(Ok(argv))
    }

    /// The second half of a simple command: trace it, perform its redirections and
    /// assignments and run the expanded words `argv` (not empty).
    pub(crate) fn run_simple_argv(&mut self, sc: &SimpleCommand, mark: usize, argv: Vec<String>) -> Exec {
        if self.set_opt(XTRACE) && sc.assigns.is_empty() {
            self.xtrace(&argv);
        }
        let saved = match self.apply_redirects(&sc.redirects) {
            Ok(s) if self.line.refused => {
                self.line.refused = false;
                return RedirError::Failed(s).into_status(self);
            }
            Ok(s) => s,
            Err(e) => {
                self.line.refused = false;
                return e.into_status(self);
            }
        };
        let r = self.run_with_temp_assigns(&sc.assigns, argv);
        if self.keep_redirects {
            self.keep_redirects = false;
        } else {
            self.restore_redirects(saved);
            self.finish_procsubs(mark)?;
        }
        self.decl_arrays.clear();
        let st = r?;
        self.status = st;
        self.take_sigpipe()?;
        self.handle_pending_signals()?;
        Ok(st)
    }

    /// A command of assignments only. Here-documents and here-strings are in place while the
    /// values are expanded (`x=`cmd` <<EOF` feeds cmd); the assignments are then made, and
    /// the other redirections performed (creating files) and undone afterwards: their
    /// failure gives status 1 but keeps the assignments, and a command substitution in a
    /// value writes to the shell's own descriptors (the bash behaviour the Oils suite records).
    /// `words_status`: the status of the last command substitution in words that expanded to
    /// nothing (`$(false)`), which counts unless a value has one of its own.
    pub(super) fn run_assignments_only(&mut self, sc: &SimpleCommand, words_status: Option<i32>) -> Exec {
        self.last.last_arg.clear();
        let (docs, others): (Vec<Redirect>, Vec<Redirect>) =
            sc.redirects.iter().cloned().partition(|r| matches!(r.op, RedirOp::HereDoc | RedirOp::HereString));
        let saved_docs = if docs.is_empty() {
            None
        } else {
            match self.apply_redirects(&docs) {
                Ok(saved) => Some(saved),
                Err(e) => return e.into_status(self),
            }
        };
        let mut status = 0;
        let cs_before = self.last.cmdsub_status.take();
        let mut r = Ok(());
        for a in &sc.assigns {
            r = self.do_assign(a, false);
            if r.is_err() {
                break;
            }
        }
        if let Some(saved) = saved_docs {
            self.restore_redirects(saved);
        }
        r?;
        if let Some(s) = self.last.cmdsub_status.take().or(words_status) {
            if status == 0 {
                status = s;
            }
        }
        self.last.cmdsub_status = cs_before;
        if !others.is_empty() {
            match self.apply_redirects(&others) {
                Ok(saved) => self.restore_redirects(saved),
                Err(e) => return e.into_status(self),
            }
        }
        Ok(status)
    }

    /// `set -x`: one trace line, after the `PS4` prefix.
    pub(crate) fn xtrace_line(&mut self, text: &str) {
        let mut line = self.xtrace_prefix();
        line.push_str(text);
        line.push('\n');
        self.write_fd(2, line.as_bytes());
    }

    /// The expanded `PS4`, its first character repeated once per level of indirection.
    pub(super) fn xtrace_prefix(&mut self) -> String {
        let raw = self.vars.get_str("PS4").unwrap_or("").to_string();
        let ps4 = if raw.contains(['$', '`', '\\']) {
            // No tracing of what PS4 itself runs.
            let saved = std::mem::replace(&mut self.opts.set[XTRACE], false);
            let r = self.expand_prompt(&raw).unwrap_or(raw);
            self.opts.set[XTRACE] = saved;
            r
        } else {
            raw
        };
        let mut out = String::with_capacity(ps4.len() + 4);
        if let Some(first) = ps4.chars().next() {
            for _ in 0..self.xtrace_depth {
                out.push(first);
            }
        }
        out.push_str(&ps4);
        out
    }

    pub(super) fn xtrace(&mut self, argv: &[String]) {
        let bytes = self.byte_locale();
        let mut line = String::new();
        for (i, a) in argv.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            match a.split_once("\u{0}ARR") {
                // A declaration builtin's `name=(...)`: bash shows the array's assignment on a
                // line of its own, every key and value single-quoted, then the builtin with the
                // name alone.
                Some((prefix, idx)) => {
                    self.xtrace_decl_array(prefix, idx);
                    line.push_str(prefix.trim_end_matches('=').trim_end_matches('+'));
                }
                None => line.push_str(&xtrace_quote(a, bytes)),
            }
        }
        self.xtrace_line(&line);
    }

    /// `name=('a' 'b')` / `name=(['k']='v')`: the trace of the array literal `prefix` (`name=`
    /// or `name+=`) whose expanded elements are `decl_arrays[idx]`.
    fn xtrace_decl_array(&mut self, prefix: &str, idx: &str) {
        use crate::util::quote::single_quote;
        let Some(items) = idx.parse::<usize>().ok().and_then(|i| self.decl_arrays.get(i)) else { return };
        let mut text = String::from(prefix);
        text.push('(');
        for (k, item) in items.iter().enumerate() {
            if k > 0 {
                text.push(' ');
            }
            if let Some(key) = &item.key {
                text.push('[');
                text.push_str(&single_quote(key));
                text.push_str(if item.append { "]+=" } else { "]=" });
            }
            text.push_str(&single_quote(&item.value));
        }
        text.push(')');
        self.xtrace_line(&text);
    }

    pub(super) fn run_with_temp_assigns(&mut self, assigns: &[Assign], argv: Vec<String>) -> Exec {
        if assigns.is_empty() {
            return self.dispatch(argv);
        }
        // Before a function, `eval` or `source`, the assignments live in a scope of their own
        // (which a function adopts as its own).
        let posix_special = self.set_opt(POSIX) && crate::interp::builtins::is_special(&argv[0]);
        let is_func = !posix_special && self.defs.funcs.contains_key(&argv[0]);
        if is_func || (!posix_special && matches!(argv[0].as_str(), "eval" | "source" | ".")) {
            return self.run_with_temp_scope(assigns, argv, is_func);
        }
        // Temporary assignments: visible to the command, exported, then restored.
        let mut saved = Vec::with_capacity(assigns.len());
        for a in assigns {
            if self.refuse_temp_elem(a) {
                continue;
            }
            let old = self.vars.get_raw(&a.name).cloned();
            saved.push((a.name.clone(), old));
            if let Some(v) = self.vars.get_raw_mut(&a.name) {
                // The value is stored as given: `-i`, `-l`, `-u` do not apply (bash).
                v.attrs &= !TEMP_DROPPED;
            }
            self.do_assign(a, true)?;
            if let Some(v) = self.vars.get_raw_mut(&a.name) {
                v.attrs |= crate::interp::vars::attr::EXPORT;
            }
        }
        // bash traces the command after its temporary assignments.
        if self.set_opt(XTRACE) {
            self.xtrace(&argv);
        }
        // POSIX mode keeps a special builtin's temporary assignments, those still set.
        let keep = self.set_opt(POSIX) && crate::interp::builtins::is_special(&argv[0]);
        let outer = std::mem::replace(&mut self.vars.command_temps, saved.iter().map(|(n, _)| n.clone()).collect());
        let r = self.dispatch(argv);
        self.vars.command_temps = outer;
        for (name, old) in saved.into_iter().rev() {
            if keep && self.vars.get_raw(&name).is_some() {
                continue;
            }
            match old {
                Some(v) => *self.vars.entry(&name) = v,
                None => self.vars.unset(&name),
            }
        }
        r
    }

    /// bash refuses `name[i]=v` before a command (the command still runs).
    pub(super) fn refuse_temp_elem(&mut self, a: &Assign) -> bool {
        let Some(idx) = &a.index else { return false };
        let idx = crate::parser::print::word_text(idx);
        self.error(&format!("`{}[{idx}]': not a valid identifier", a.name));
        true
    }

    /// Run `argv` with `assigns` in a temporary scope (see [`Shell::run_with_temp_assigns`]).
    pub(super) fn run_with_temp_scope(&mut self, assigns: &[Assign], argv: Vec<String>, is_func: bool) -> Exec {
        self.vars.push_temp_scope();
        let depth = self.vars.scope_count();
        for a in assigns {
            if self.refuse_temp_elem(a) {
                continue;
            }
            self.vars.temp_entry(&a.name).attrs &= !TEMP_DROPPED;
            if let Err(e) = self.do_assign(a, true) {
                self.vars.pop_scope();
                return Err(e);
            }
            if let Some(v) = self.vars.get_raw_mut(&a.name) {
                v.attrs |= crate::interp::vars::attr::EXPORT;
            }
        }
        if self.set_opt(XTRACE) {
            self.xtrace(&argv);
        }
        self.next.temp_for_call = is_func;
        let r = self.dispatch(argv);
        self.next.temp_for_call = false;
        // A function adopted the scope and has removed it already.
        if self.vars.scope_count() == depth {
            self.vars.pop_scope();
        }
        r
    }

    /// `$_`: the last argument; for `declare a=(..)`, the array's name.
    pub(super) fn set_last_arg(&mut self, argv: &[String]) {
        let last = argv.last().map(String::as_str).unwrap_or_default();
        // Only `declare`'s array operands hold a NUL: most arguments skip the substring search.
        let shown = match last.contains('\u{0}').then(|| last.find("=\u{0}ARR")).flatten() {
            Some(eq) => &last[..eq],
            None => last,
        };
        self.last.last_arg.clear();
        self.last.last_arg.push_str(shown);
    }

    /// Run an expanded command line: a function, a builtin, or a command.
    pub fn dispatch(&mut self, argv: Vec<String>) -> Exec {
        if self.set_opt(POSIX) && crate::interp::builtins::is_special(&argv[0]) {
            self.set_last_arg(&argv);
            return self.dispatch_no_func(argv);
        }
        if let Some(f) = self.defs.funcs.get(&argv[0]).cloned() {
            // `$_` is the previous command's last argument in the body at first, and the
            // call's after it (bash).
            let last = argv.last().cloned().unwrap_or_default();
            let r = self.call_function(&f, argv);
            self.set_last_arg(std::slice::from_ref(&last));
            return r;
        }
        self.set_last_arg(&argv);
        self.dispatch_no_func(argv)
    }

    /// Like [`Shell::dispatch`] but skipping functions (`command`, `builtin`).
    pub fn dispatch_no_func(&mut self, argv: Vec<String>) -> Exec {
        if !self.shared.command_sets.is_empty() {
            let found = self.shared.command_sets.iter().find_map(|set| Some((set.clone(), set.find(&argv[0])?)));
            if let Some((set, id)) = found {
                let r = self.run_with_ctx(&argv, |ctx| set.run(id, ctx, &argv[1..]));
                return Ok(r);
            }
        }
        if self.shared.logic {
            return self.dispatch_logic(argv);
        }
        if let Some(b) = crate::interp::builtins::lookup(&argv[0]) {
            // `env`, `bash`, `sh`: programs for bash, which remembers their path when it runs
            // them (`hash`, `type` say `hashed`).
            if !crate::interp::builtins::is_builtin(&argv[0]) {
                let _ = self.find_command(&argv[0]);
            }
            let r = b(self, &argv);
            return self.discarding(r);
        }
        let r = if let Some(b) = self.shared.custom.get(&argv[0]).cloned() {
            Ok(self.run_utility(&*b, &argv))
        } else {
            self.run_external(argv, None)
        };
        if !self.job_table.list.is_empty() {
            self.note_ended_jobs();
        }
        r
    }

    /// A builtin's result: when an assignment or subscript inside it failed as arithmetic
    /// (`read`, `printf -v`, `mapfile` into an integer variable), bash has abandoned the
    /// command line ([`Shell::discard`]).
    pub(crate) fn discarding(&mut self, r: Exec) -> Exec {
        match r {
            Ok(s) if self.line.discard => Err(Flow::Abort(s.max(1))),
            r => r,
        }
    }
}
