//! Running a compiled script: the cycle (read a line, run the commands, print), addresses and
//! ranges, and every command.

use std::rc::Rc;

use super::input::{Fatal, Input};
use super::output::{list, LineReader, Sink, STDOUT};
use super::script::{Addr, Cmd, Op, Re, Script};
use crate::Ctx;
use kitsh_core::util::posix_re::PosixRegex;

/// Settings from the command line.
pub(super) struct RunOpts {
    /// `-n` (or `#n`).
    pub silent: bool,
    /// The line delimiter (`\n`, or NUL with `-z`).
    pub delim: u8,
    /// `-l N`: the `l` wrap width.
    pub wrap: usize,
}

/// How a cycle ended.
enum End {
    /// End of script: print the pattern space (unless `-n`), then the append queue.
    Normal,
    /// `d`: the append queue only.
    Delete,
    /// `D` with a newline: rerun the script on what is left, without reading.
    Restart,
    /// `q` (print first) / `Q`.
    Quit(i32, bool),
}

/// Text queued by `a`, `r`, `R` for the end of the cycle.
enum Queued {
    /// The text of the `a` command at this index.
    Text(usize),
    /// `r FILE`
    File(String),
    /// A line read by `R`.
    Line(Vec<u8>),
}

/// The state of a range address.
#[derive(Clone, Copy, Default)]
struct Range {
    active: bool,
    /// For `+N` / numeric ends: the last line of the range.
    end: u64,
}

/// The machine running a script.
pub(super) struct Runner<'s> {
    script: &'s Script,
    opts: RunOpts,
    /// The pattern space.
    pub ps: Vec<u8>,
    hs: Vec<u8>,
    /// The current line ended with its delimiter.
    chomped: bool,
    /// The current line number.
    pub line_no: u64,
    last_re: Option<Rc<PosixRegex>>,
    tflag: bool,
    queue: Vec<Queued>,
    ranges: Vec<Range>,
    /// All sinks: stdout, stderr, then the `w` files.
    pub sinks: Vec<Sink>,
    /// Sink index of each `w` file of the script.
    wsink: Vec<usize>,
    /// Where normal output goes (stdout, or the in-place sink).
    pub main: usize,
    readers: Vec<Option<LineReader>>,
}

impl<'s> Runner<'s> {
    /// A runner for `script`; `sinks` holds stdout, stderr and the `w` files (`wsink` maps the
    /// script's files to them).
    pub fn new(script: &'s Script, opts: RunOpts, sinks: Vec<Sink>, wsink: Vec<usize>) -> Self {
        Runner {
            script,
            opts,
            ps: Vec::new(),
            hs: Vec::new(),
            chomped: true,
            line_no: 0,
            last_re: None,
            tflag: false,
            queue: Vec::new(),
            ranges: vec![Range::default(); script.cmds.len()],
            sinks,
            wsink,
            main: STDOUT,
            readers: script.rfiles.iter().map(|_| None).collect(),
        }
    }

    /// Start a new input unit (`-s`/`-i`: each file): line numbers and ranges restart.
    pub fn reset_unit(&mut self) {
        self.line_no = 0;
        for (r, c) in self.ranges.iter_mut().zip(&self.script.cmds) {
            *r = Range { active: matches!(c.a1, Some(Addr::Zero)), end: 0 };
        }
    }

    /// Process all lines of `input`. `Ok(Some(code))` when `q`/`Q` ended the run.
    pub fn run(&mut self, ctx: &mut Ctx<'_>, input: &mut Input) -> Result<Option<i32>, Fatal> {
        let mut restart = false;
        loop {
            if !restart {
                match input.read(ctx, &mut self.ps)? {
                    None => return Ok(None),
                    Some(ch) => self.chomped = ch,
                }
                self.line_no += 1;
                self.tflag = false;
            }
            restart = false;
            match self.execute(ctx, input)? {
                End::Normal => {
                    self.autoprint();
                    self.dump_queue(ctx)?;
                }
                End::Delete => self.dump_queue(ctx)?,
                End::Restart => restart = true,
                End::Quit(code, print) => {
                    if print {
                        self.autoprint();
                        self.dump_queue(ctx)?;
                    }
                    return Ok(Some(code));
                }
            }
            for k in [STDOUT, self.main] {
                self.sinks[k].flush(ctx, false)?;
            }
        }
    }

    fn autoprint(&mut self) {
        if !self.opts.silent {
            self.sinks[self.main].line(&self.ps, self.chomped, self.opts.delim);
        }
    }

    /// Output the `a`/`r`/`R` queue.
    fn dump_queue(&mut self, ctx: &mut Ctx<'_>) -> Result<(), Fatal> {
        let delim = self.opts.delim;
        for q in std::mem::take(&mut self.queue) {
            match q {
                Queued::Text(k) => {
                    if let Op::Append(t) = &self.script.cmds[k].op {
                        self.sinks[self.main].raw(t, delim);
                    }
                }
                Queued::Line(l) => self.sinks[self.main].raw(&l, delim),
                Queued::File(f) => {
                    let path = ctx.abs_path(&f);
                    if path == "/dev/stdin" {
                        let mut data = Vec::new();
                        let _ = ctx.read_stdin_all(&mut data);
                        self.sinks[self.main].raw(&data, delim);
                    } else if let Ok(data) = ctx.fs.read_file(&path) {
                        self.sinks[self.main].raw(&data, delim);
                    }
                }
            }
        }
        Ok(())
    }

    /// Run the script once over the pattern space.
    fn execute(&mut self, ctx: &mut Ctx<'_>, input: &mut Input) -> Result<End, Fatal> {
        let cmds = &self.script.cmds;
        let mut pc = 0;
        while let Some(cmd) = cmds.get(pc) {
            if ctx.cancel.cancelled() {
                return Err(Fatal { msg: String::new(), status: 130 });
            }
            if !self.selected(ctx, pc, cmd, input)? {
                pc = match cmd.op {
                    Op::Block(end) => end,
                    _ => pc + 1,
                };
                continue;
            }
            pc += 1;
            match &cmd.op {
                Op::Branch(t) => pc = t.unwrap_or(cmds.len()),
                Op::BranchIf(t) => {
                    if self.tflag {
                        self.tflag = false;
                        pc = t.unwrap_or(cmds.len());
                    }
                }
                Op::BranchIfNot(t) => {
                    if self.tflag {
                        self.tflag = false;
                    } else {
                        pc = t.unwrap_or(cmds.len());
                    }
                }
                op => {
                    let end = self.simple(ctx, input, pc - 1, op)?;
                    self.check_space(ctx)?;
                    if let Some(end) = end {
                        return Ok(end);
                    }
                }
            }
        }
        Ok(End::Normal)
    }

    /// The pattern and hold spaces together stay within the script's string limit
    /// (`:a;s/.*/&&/;ta` doubles them for ever): past it the run ends with that limit.
    fn check_space(&self, ctx: &mut Ctx<'_>) -> Result<(), Fatal> {
        let held = self.ps.len() + self.hs.len();
        if ctx.cancel.string_limit().is_some_and(|max| held > max) {
            ctx.cancel.hit(kitsh_core::limits::LimitExceeded::Expansion);
            return Err(Fatal { msg: String::new(), status: 4 });
        }
        Ok(())
    }

    /// The commands that do not jump; `Some` ends the cycle.
    fn simple(&mut self, ctx: &mut Ctx<'_>, input: &mut Input, idx: usize, op: &Op) -> Result<Option<End>, Fatal> {
        let delim = self.opts.delim;
        match op {
            Op::Block(_) | Op::EndBlock | Op::Label | Op::Nop | Op::Branch(_) | Op::BranchIf(_) | Op::BranchIfNot(_) => {}
            Op::Eq => {
                let s = format!("{}\n", self.line_no);
                self.sinks[self.main].raw(s.as_bytes(), delim);
            }
            Op::Append(_) => self.queue.push(Queued::Text(idx)),
            Op::Insert(t) => self.sinks[self.main].raw(t, delim),
            Op::Change(t) => {
                let cmd = &self.script.cmds[idx];
                if !(cmd.a2.is_some() && !cmd.negate && self.ranges[idx].active) {
                    self.sinks[self.main].raw(t, delim);
                }
                return Ok(Some(End::Delete));
            }
            Op::Delete => return Ok(Some(End::Delete)),
            Op::DeleteFirst => match self.ps.iter().position(|&b| b == delim) {
                Some(k) => {
                    self.ps.drain(..=k);
                    return Ok(Some(End::Restart));
                }
                None => return Ok(Some(End::Delete)),
            },
            Op::Get => self.ps.clone_from(&self.hs),
            Op::GetAppend => {
                self.ps.push(delim);
                self.ps.extend_from_slice(&self.hs);
            }
            Op::Hold => self.hs.clone_from(&self.ps),
            Op::HoldAppend => {
                self.hs.push(delim);
                self.hs.extend_from_slice(&self.ps);
            }
            Op::Exchange => std::mem::swap(&mut self.ps, &mut self.hs),
            Op::List(w) => {
                let text = list(&self.ps, w.unwrap_or(self.opts.wrap));
                self.sinks[self.main].raw(&text, delim);
            }
            Op::Next | Op::NextAppend => return self.next_line(ctx, input, matches!(op, Op::NextAppend)),
            Op::Print => self.sinks[self.main].line(&self.ps, self.chomped, delim),
            Op::PrintFirst => self.print_first(self.main),
            Op::Quit(c) => return Ok(Some(End::Quit(*c, true))),
            Op::QuitSilent(c) => return Ok(Some(End::Quit(*c, false))),
            Op::ReadFile(f) => self.queue.push(Queued::File(f.clone())),
            Op::ReadLine(k) => {
                if self.readers[*k].is_none() {
                    let path = ctx.abs_path(&self.script.rfiles[*k]);
                    self.readers[*k] = Some(LineReader::open(ctx, &path));
                }
                if let Some(line) = self.readers[*k].as_mut().and_then(LineReader::next_line) {
                    self.queue.push(Queued::Line(line));
                }
            }
            Op::Subst(s) => self.subst(s)?,
            Op::Trans(map) => super::subst::translit(&mut self.ps, map),
            Op::Write(k) => {
                let sink = self.wsink[*k];
                self.sinks[sink].line(&self.ps, self.chomped, delim);
            }
            Op::WriteFirst(k) => self.print_first(self.wsink[*k]),
            Op::Zap => self.ps.clear(),
            Op::FileName => {
                let mut s = input.name().as_bytes().to_vec();
                s.push(b'\n');
                self.sinks[self.main].raw(&s, delim);
            }
        }
        Ok(None)
    }

    /// `s`: substitute, then `p` / `w` if it replaced.
    fn subst(&mut self, s: &super::script::Subst) -> Result<(), Fatal> {
        let re = self.regex(&s.re)?;
        let Some(new) = super::subst::substitute(&re, &self.ps, s) else { return Ok(()) };
        self.ps = new;
        self.tflag = true;
        let delim = self.opts.delim;
        if s.print {
            self.sinks[self.main].line(&self.ps, self.chomped, delim);
        }
        if let Some(k) = s.write {
            let sink = self.wsink[k];
            self.sinks[sink].line(&self.ps, self.chomped, delim);
        }
        Ok(())
    }

    /// `P` / `W`: the first line of the pattern space.
    fn print_first(&mut self, sink: usize) {
        let delim = self.opts.delim;
        match self.ps.iter().position(|&b| b == delim) {
            Some(k) => self.sinks[sink].line(&self.ps[..k], true, delim),
            None => self.sinks[sink].line(&self.ps, self.chomped, delim),
        }
    }

    /// `n` / `N`: print (for `n`), flush the queue, read the next line. At the end of input
    /// GNU ends the cycle normally (printing the pattern space).
    fn next_line(&mut self, ctx: &mut Ctx<'_>, input: &mut Input, append: bool) -> Result<Option<End>, Fatal> {
        if input.at_end(ctx)? {
            return Ok(Some(End::Normal));
        }
        if !append {
            self.autoprint();
        }
        self.dump_queue(ctx)?;
        let mut line = Vec::new();
        let Some(ch) = input.read(ctx, &mut line)? else { return Ok(Some(End::Normal)) };
        self.chomped = ch;
        self.line_no += 1;
        if append {
            self.ps.push(self.opts.delim);
            self.ps.extend_from_slice(&line);
        } else {
            self.ps = line;
        }
        Ok(None)
    }

    /// Resolve a script regex (the empty one is the last used) and remember it.
    pub(super) fn regex(&mut self, re: &Re) -> Result<Rc<PosixRegex>, Fatal> {
        match re {
            Some(r) => {
                if !self.last_re.as_ref().is_some_and(|l| Rc::ptr_eq(l, r)) {
                    self.last_re = Some(Rc::clone(r));
                }
                Ok(Rc::clone(r))
            }
            None => self.last_re.clone().ok_or_else(|| Fatal { msg: "no previous regular expression".into(), status: 1 }),
        }
    }

    /// Whether address `a` matches the current line.
    fn addr_match(&mut self, ctx: &mut Ctx<'_>, a: &Addr, input: &mut Input) -> Result<bool, Fatal> {
        let l = self.line_no;
        Ok(match a {
            Addr::Line(n) => l == *n,
            Addr::Last => input.at_end(ctx)?,
            Addr::Re(re) => {
                let re = self.regex(re)?;
                re.is_match(&self.ps)
            }
            Addr::Step(first, step) => {
                if *step == 0 {
                    l == *first
                } else {
                    l >= *first && (l - *first).checked_rem(*step) == Some(0)
                }
            }
            Addr::Zero | Addr::Plus(_) | Addr::Tilde(_) => false,
        })
    }

    /// Whether command `idx` applies to the current line (GNU's `match_address_p`).
    fn selected(&mut self, ctx: &mut Ctx<'_>, idx: usize, cmd: &Cmd, input: &mut Input) -> Result<bool, Fatal> {
        let Some(a1) = &cmd.a1 else { return Ok(!cmd.negate) };
        let Some(a2) = &cmd.a2 else { return Ok(self.addr_match(ctx, a1, input)? != cmd.negate) };
        let l = self.line_no;
        let r = self.ranges[idx];
        let hit = if r.active {
            match a2 {
                Addr::Line(_) | Addr::Plus(_) => {
                    if l >= r.end {
                        self.ranges[idx].active = false;
                    }
                    l <= r.end
                }
                Addr::Tilde(n) => {
                    if l.checked_rem(*n).unwrap_or(0) == 0 {
                        self.ranges[idx].active = false;
                    }
                    true
                }
                _ => {
                    if self.addr_match(ctx, a2, input)? {
                        self.ranges[idx].active = false;
                    }
                    true
                }
            }
        } else if self.addr_match(ctx, a1, input)? {
            let end = match a2 {
                Addr::Line(n) => Some(*n),
                Addr::Plus(n) => Some(l.saturating_add(*n)),
                Addr::Tilde(0) => Some(l),
                _ => None,
            };
            let active = !matches!(end, Some(e) if e <= l);
            self.ranges[idx] = Range { active, end: end.unwrap_or(0) };
            true
        } else {
            false
        };
        Ok(hit != cmd.negate)
    }
}
