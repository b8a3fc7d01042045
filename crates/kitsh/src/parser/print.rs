//! The command printer: the text bash regenerates from a parse tree (`declare -f`, `type`).
//!
//! bash does not keep the source of a function: it prints the parse tree (`print_cmd.c`), so the
//! text is canonical: 4-space indentation, one command per line inside function bodies,
//! `if ...; then`, `for x in ...;` + `do` on its own line, `case` arms on their own lines,
//! redirections as `> file`, here-document bodies after the line of their command, and so on.
//! This module ports that printer, quirks included (the blank line after a here-document, the
//! two spaces before the command after a piped here-document, ...). bash builds lists as
//! left-nested binary "connections" and pipelines as right-nested ones; the printer walks our
//! flat lists in the same order without building those trees.
//!
//! Words are printed as written: their text is rebuilt from their parts (quotes and escapes
//! kept); the bodies of `$(...)` and `<(...)` are printed from their parse trees, as bash 5.2
//! does when it parses them.

mod compound;
mod word;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_more;

use super::ast::*;

pub use word::word_text;

/// Spaces per indentation level.
const INDENT: usize = 4;

/// The text `declare -f NAME` prints for `f`: `NAME () \n{ \n    ...\n}` (no trailing newline).
pub fn function_text(f: &FunctionDef) -> String {
    let mut p = Printer::default();
    p.named_function(f);
    p.out
}

#[cfg(test)]
/// One command as bash prints it at indentation 0 outside of a function (a compound command on
/// one line: `{ a; b; }`, `if a; then\n    b;\nfi`; a function definition in full).
pub fn command_text(c: &Command) -> String {
    let mut p = Printer::default();
    p.begin();
    p.command_body(c, false);
    p.flush_deferred("");
    p.out
}

/// A simple command as `$BASH_COMMAND` shows it (`ls /x 2> /dev/null`).
pub fn simple_text(sc: &SimpleCommand) -> String {
    let mut p = Printer::default();
    p.begin();
    p.simple(sc, false);
    p.flush_deferred("");
    p.out
}

/// An and-or list on one line, as `jobs` shows a job's command.
pub fn and_or_text(a: &AndOr) -> String {
    let mut p = Printer::default();
    p.begin();
    p.and_or(a);
    p.flush_deferred("");
    p.out
}

/// The text of the body of a `$(...)` command substitution as bash 5.2 stores it: printed
/// from the parse tree with newlines kept between commands.
pub(crate) fn comsub_text(l: &List) -> String {
    let mut p = Printer { comsub: true, ..Printer::default() };
    p.list(l);
    p.flush_deferred("");
    p.out
}

/// A list connector.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sep {
    /// `;`
    Semi,
    /// A newline (kept only when printing a command substitution).
    Newline,
    /// `&`
    Amp,
    /// `|`
    Pipe,
    /// `&&`
    And,
    /// `||`
    Or,
}

/// A redirection to print: a real one, or the `2>&1` that `|&` adds.
#[derive(Debug, Clone, Copy)]
enum Redir<'a> {
    /// From the source.
    Real(&'a Redirect),
    /// `2>&1` added by `|&`.
    Stderr,
}

/// The printer state (bash's `print_cmd.c` globals).
#[derive(Debug, Default)]
struct Printer<'a> {
    /// The text so far.
    out: String,
    /// Current indentation in spaces.
    indentation: usize,
    /// Number of pending "do not indent the next command" requests.
    skip_indent: usize,
    /// The last thing printed was a here-document body.
    was_heredoc: bool,
    /// Depth of list/pipeline connections being printed.
    connection: usize,
    /// Here-documents whose bodies wait for the connector after their command.
    deferred: Vec<&'a Redirect>,
    /// Depth of function definitions being printed.
    inside_fn: usize,
    /// Printing the body of a command substitution.
    comsub: bool,
}

impl<'a> Printer<'a> {
    // ----- output primitives ------------------------------------------------------------------

    /// Append text.
    fn put(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Append `n` spaces.
    fn indent(&mut self, n: usize) {
        self.out.extend(std::iter::repeat_n(' ', n));
    }

    /// A newline, the current indentation, then `s`.
    fn newline(&mut self, s: &str) {
        self.out.push('\n');
        self.indent(self.indentation);
        self.put(s);
    }

    /// `;` unless the text ends with a newline or ` &`.
    fn semicolon(&mut self) {
        if self.out.ends_with('\n') || self.out.ends_with(" &") {
            return;
        }
        self.out.push(';');
    }

    /// The start of every command: indentation, unless a connector asked to skip it.
    fn begin(&mut self) {
        if self.skip_indent > 0 {
            self.skip_indent -= 1;
        } else {
            self.indent(self.indentation);
        }
    }

    // ----- lists, and-or lists, pipelines -------------------------------------------------------

    /// The connector after item `i` of `l` (not the last one).
    fn item_sep(&self, l: &List, i: usize) -> Sep {
        if l.items[i].background {
            Sep::Amp
        } else if self.comsub && newline_between(l, i) {
            Sep::Newline
        } else {
            Sep::Semi
        }
    }

    /// A list (bash: a left-nested chain of `;`/`&`/newline connections; a final `&` applies
    /// to the last item when the last connector is `;`, to the whole chain otherwise).
    fn list(&mut self, l: &'a List) {
        let n = l.items.len();
        if n == 0 {
            return;
        }
        let last_bg = l.items[n - 1].background;
        let wrap_all = last_bg && !(n >= 2 && self.item_sep(l, n - 2) == Sep::Semi);
        let wrap_last = last_bg && !wrap_all;
        if wrap_all {
            self.begin();
            self.skip_indent += 1;
            self.connection += 1;
        }
        if n == 1 {
            self.and_or(&l.items[0].and_or);
        } else {
            self.begin();
            self.skip_indent += 1;
            self.connection += n - 1;
            self.and_or(&l.items[0].and_or);
            for i in 0..n - 1 {
                let sep = self.item_sep(l, i);
                self.connector(sep, true);
                let next = &l.items[i + 1].and_or;
                if wrap_last && i == n - 2 {
                    self.async_item(next);
                } else {
                    self.and_or(next);
                }
                self.flush_deferred("");
                self.connection -= 1;
            }
        }
        if wrap_all {
            self.connector(Sep::Amp, false);
            self.flush_deferred("");
            self.connection -= 1;
        }
    }

    /// `item &` as the last element of a `;` chain.
    fn async_item(&mut self, a: &'a AndOr) {
        self.begin();
        self.skip_indent += 1;
        self.connection += 1;
        self.and_or(a);
        self.connector(Sep::Amp, false);
        self.flush_deferred("");
        self.connection -= 1;
    }

    /// An and-or list (a left-nested chain of `&&`/`||` connections).
    fn and_or(&mut self, a: &'a AndOr) {
        if a.rest.is_empty() {
            self.pipeline(&a.first);
            return;
        }
        self.begin();
        self.skip_indent += 1;
        self.connection += a.rest.len();
        self.pipeline(&a.first);
        for (op, p) in &a.rest {
            self.connector(if *op == AndOrOp::And { Sep::And } else { Sep::Or }, true);
            self.pipeline(p);
            self.flush_deferred("");
            self.connection -= 1;
        }
    }

    /// A pipeline (a right-nested chain of `|` connections; `time` and `!` on the outermost).
    fn pipeline(&mut self, p: &'a Pipeline) {
        self.begin();
        if let Some(posix) = p.time {
            self.put(if posix { "time -p " } else { "time " });
        }
        if p.negate {
            self.put("! ");
        }
        let m = p.commands.len();
        for (i, c) in p.commands.iter().enumerate() {
            if i + 1 == m {
                break;
            }
            if i > 0 {
                self.begin();
            }
            self.skip_indent += 1;
            self.connection += 1;
            self.begin();
            self.command_body(c, p.pipe_stderr.get(i).copied().unwrap_or(false));
            self.connector(Sep::Pipe, true);
        }
        if let Some(last) = p.commands.last() {
            if m > 1 {
                self.begin();
            }
            self.command_body(last, false);
        }
        for _ in 1..m {
            self.flush_deferred("");
            self.connection -= 1;
        }
    }

    /// A connector between two commands (`has_second`: something follows it).
    fn connector(&mut self, sep: Sep, has_second: bool) {
        match sep {
            Sep::Amp | Sep::Pipe => {
                self.deferred_heredocs(if sep == Sep::Amp { " &" } else { " |" });
                if sep == Sep::Pipe || has_second {
                    self.put(" ");
                    self.skip_indent += 1;
                }
            }
            Sep::And | Sep::Or => {
                self.deferred_heredocs(if sep == Sep::And { " && " } else { " || " });
                if has_second {
                    self.skip_indent += 1;
                }
            }
            Sep::Semi | Sep::Newline => self.semi_connector(sep == Sep::Newline, has_second),
        }
    }

    /// The `;` or newline connector.
    fn semi_connector(&mut self, newline: bool, has_second: bool) {
        let was_newline = self.deferred.is_empty() && !self.was_heredoc && newline;
        if self.deferred.is_empty() {
            if self.was_heredoc {
                self.was_heredoc = false;
            } else {
                self.put(if self.comsub && newline { "\n" } else { ";" });
            }
        } else {
            self.deferred_heredocs(if self.inside_fn > 0 { "" } else { ";" });
        }
        if self.inside_fn > 0 {
            self.put("\n");
        } else if self.comsub && newline && !was_newline {
            self.put("\n");
        } else {
            if !newline {
                self.put(" ");
            }
            if has_second {
                self.skip_indent += 1;
            }
        }
    }

    // ----- commands -----------------------------------------------------------------------------

    /// The text of one command after its indentation (`stderr`: `|&` follows it).
    fn command_body(&mut self, c: &'a Command, stderr: bool) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match c {
            Command::Simple(sc) => self.simple(sc, stderr),
            Command::Compound(cc, redirs) => {
                self.compound(cc);
                self.trailing_redirects(redirs, stderr);
            }
            Command::FunctionDef(f) => {
                self.function_def(f);
                self.trailing_redirects(&[], stderr);
            }
        });
    }

    /// ` redirs` after a compound command, if any.
    fn trailing_redirects(&mut self, redirs: &'a [Redirect], stderr: bool) {
        if !redirs.is_empty() || stderr {
            self.put(" ");
            self.redirect_list(redirs, stderr);
        }
    }

    /// A simple command: assignments and words, then the redirections.
    fn simple(&mut self, sc: &'a SimpleCommand, stderr: bool) {
        let mut first = true;
        for a in &sc.assigns {
            if !first {
                self.put(" ");
            }
            first = false;
            word::assign_into(&mut self.out, a);
        }
        for w in &sc.words {
            if !first {
                self.put(" ");
            }
            first = false;
            word::word_into(&mut self.out, w);
        }
        if !sc.redirects.is_empty() || stderr {
            if !first {
                self.put(" ");
            }
            self.redirect_list(&sc.redirects, stderr);
        }
    }

    // ----- redirections and here-documents ------------------------------------------------------

    /// A redirection list; here-document bodies follow (or wait for the next connector).
    fn redirect_list(&mut self, redirs: &'a [Redirect], stderr: bool) {
        let mut docs: Vec<&'a Redirect> = Vec::new();
        self.was_heredoc = false;
        let all = redirs.iter().map(Redir::Real).chain(stderr.then_some(Redir::Stderr));
        for (i, r) in all.enumerate() {
            if i > 0 {
                self.put(" ");
            }
            match r {
                Redir::Real(r) if r.op == RedirOp::HereDoc => {
                    self.heredoc_header(r);
                    docs.push(r);
                }
                Redir::Real(r) => word::redirect_into(&mut self.out, r),
                Redir::Stderr => self.put("2>&1"),
            }
        }
        if docs.is_empty() {
            return;
        }
        if self.connection > 0 {
            self.deferred = docs;
        } else {
            self.heredoc_bodies(&docs);
        }
    }

    /// `<<WORD`, `<<-WORD`, `<<'WORD'` (with its descriptor).
    fn heredoc_header(&mut self, r: &Redirect) {
        word::redir_fd_into(&mut self.out, &r.fd, 0);
        self.put("<<");
        let (delim, strip, quoted) = heredoc_info(r);
        if strip {
            self.put("-");
        }
        if quoted {
            word::single_quote_into(&mut self.out, delim);
        } else {
            self.put(delim);
        }
    }

    /// A newline, then each body followed by its delimiter line.
    fn heredoc_bodies(&mut self, docs: &[&Redirect]) {
        self.put("\n");
        for r in docs {
            if let RedirTarget::HereDoc(h) = &r.target {
                word::heredoc_body_into(&mut self.out, h);
            }
            let (delim, _, _) = heredoc_info(r);
            self.put(delim);
            self.put("\n");
        }
        self.was_heredoc = true;
    }

    /// Print `cstring` (except a lone `;`), then the deferred bodies if any.
    fn deferred_heredocs(&mut self, cstring: &str) {
        let show = !cstring.is_empty() && cstring != ";";
        if show {
            self.put(cstring);
        }
        if !self.deferred.is_empty() {
            let docs = std::mem::take(&mut self.deferred);
            self.heredoc_bodies(&docs);
            if show {
                self.put(" ");
            }
            self.was_heredoc = true;
        }
    }

    /// bash's `PRINT_DEFERRED_HEREDOCS`: only when bodies are waiting.
    fn flush_deferred(&mut self, cstring: &str) {
        if !self.deferred.is_empty() {
            self.deferred_heredocs(cstring);
        }
    }
}

/// The delimiter of a here-document redirection, whether it is `<<-`, and whether it was
/// quoted.
///
/// The AST does not keep the delimiter nor the `-` yet: `EOF` and `<<` are assumed.
fn heredoc_info(r: &Redirect) -> (&str, bool, bool) {
    let quoted = matches!(&r.target, RedirTarget::HereDoc(h) if h.quoted);
    ("EOF", false, quoted)
}

/// True when items `i` and `i + 1` of `l` are separated by a newline rather than `;`.
///
/// The AST does not record the separator: a newline is assumed when the next item starts on a
/// line after every line on which item `i` has a command.
fn newline_between(l: &List, i: usize) -> bool {
    let (Some(a), Some(b)) = (l.items.get(i), l.items.get(i + 1)) else { return false };
    b.and_or.first.line > and_or_last_line(&a.and_or)
}

/// The last line on which a command of `a` starts (approximately where it ends).
fn and_or_last_line(a: &AndOr) -> u32 {
    let mut m = a.first.line;
    for p in std::iter::once(&a.first).chain(a.rest.iter().map(|(_, p)| p)) {
        m = m.max(p.line);
        for c in &p.commands {
            m = m.max(command_last_line(c, 0));
        }
    }
    m
}

/// The last line on which a command inside `c` starts (bounded depth).
fn command_last_line(c: &Command, depth: usize) -> u32 {
    if depth > 64 {
        return 0;
    }
    let list_max = |l: &List| {
        l.items.iter().flat_map(|it| std::iter::once(&it.and_or.first).chain(it.and_or.rest.iter().map(|(_, p)| p)))
            .flat_map(|p| p.commands.iter().map(move |c| command_last_line(c, depth + 1).max(p.line)))
            .max()
            .unwrap_or(0)
    };
    match c {
        Command::Simple(sc) => sc.line,
        Command::FunctionDef(f) => f.line.max(command_last_line(&f.body, depth + 1)),
        Command::Compound(cc, _) => match cc {
            CompoundCommand::Brace(l) | CompoundCommand::Subshell(l) => list_max(l),
            CompoundCommand::If { branches, else_body } => {
                let b = branches.iter().map(|(c, b)| list_max(c).max(list_max(b))).max().unwrap_or(0);
                b.max(else_body.as_ref().map_or(0, list_max))
            }
            CompoundCommand::While { cond, body, .. } => list_max(cond).max(list_max(body)),
            CompoundCommand::For { body, .. }
            | CompoundCommand::ArithFor { body, .. }
            | CompoundCommand::Select { body, .. } => list_max(body),
            CompoundCommand::Case { arms, .. } => arms.iter().map(|a| list_max(&a.body)).max().unwrap_or(0),
            CompoundCommand::DBracket(_) | CompoundCommand::Arith(_) => 0,
        },
    }
}
