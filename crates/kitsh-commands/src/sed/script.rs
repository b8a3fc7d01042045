//! The compiled form of a sed script: commands with their addresses, and the top-level parser
//! (addresses, `!`, command letters, blocks, labels). Command arguments (`s`, `y`, texts,
//! file names) are read by [`super::cmdargs`] and [`super::text`].

use std::collections::HashMap;
use std::rc::Rc;

use super::text::Cursor;
use kitsh_core::util::posix_re::PosixRegex;

/// A compiled regex of the script; `None` is the empty regex (`//`: the last one used).
pub(super) type Re = Option<Rc<PosixRegex>>;

/// An address.
pub(super) enum Addr {
    /// Line `N`.
    Line(u64),
    /// `$`
    Last,
    /// `/re/`, `\cREc`
    Re(Re),
    /// `first~step`
    Step(u64, u64),
    /// `0` (only as the start of `0,/re/`).
    Zero,
    /// `+N` (second address only).
    Plus(u64),
    /// `~N` (second address only).
    Tilde(u64),
}

/// A case conversion in a replacement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Case {
    Upper,
    Lower,
    UpperFirst,
    LowerFirst,
    End,
}

/// A piece of an `s` replacement.
pub(super) enum Piece {
    /// Literal bytes.
    Lit(Vec<u8>),
    /// `&` (0) or `\1`..`\9`.
    Group(usize),
    /// `\U \L \u \l \E`.
    Case(Case),
}

/// The `s` command.
pub(super) struct Subst {
    /// The regex (`None`: the last one used).
    pub re: Re,
    /// The replacement.
    pub repl: Vec<Piece>,
    /// `g`
    pub global: bool,
    /// Replace from the Nth match on (1 without a number).
    pub nth: usize,
    /// `p`
    pub print: bool,
    /// Index into [`Script::wfiles`].
    pub write: Option<usize>,
}

/// What a command does.
pub(super) enum Op {
    /// `{`: the index of the command after the matching `}`.
    Block(usize),
    /// `}`
    EndBlock,
    Eq,
    Append(Vec<u8>),
    Insert(Vec<u8>),
    Change(Vec<u8>),
    /// `b`, `t`, `T`: target command index (`None`: end of script).
    Branch(Option<usize>),
    BranchIf(Option<usize>),
    BranchIfNot(Option<usize>),
    Label,
    Delete,
    DeleteFirst,
    Get,
    GetAppend,
    Hold,
    HoldAppend,
    Exchange,
    /// `l [N]`
    List(Option<usize>),
    Next,
    NextAppend,
    Print,
    PrintFirst,
    Quit(i32),
    QuitSilent(i32),
    /// `r FILE`
    ReadFile(String),
    /// `R FILE`: index into [`Script::rfiles`].
    ReadLine(usize),
    Subst(Box<Subst>),
    /// `y`: the character map.
    Trans(HashMap<char, char>),
    /// `w FILE`, `W FILE`: index into [`Script::wfiles`].
    Write(usize),
    WriteFirst(usize),
    Zap,
    FileName,
    Nop,
}

/// One command.
pub(super) struct Cmd {
    /// The first address.
    pub a1: Option<Addr>,
    /// The second address (a range).
    pub a2: Option<Addr>,
    /// `!`
    pub negate: bool,
    /// What it does.
    pub op: Op,
}

/// A compiled script.
#[derive(Default)]
pub(super) struct Script {
    /// The commands, in order.
    pub cmds: Vec<Cmd>,
    /// Output files of `w`, `W`, `s///w`, in order of appearance.
    pub wfiles: Vec<String>,
    /// Input files of `R`.
    pub rfiles: Vec<String>,
    /// The script starts with `#n`.
    pub silent: bool,
}

/// A parse error: the message and the position (chars consumed) where it was found;
/// `pos: None` for errors GNU reports without a location.
#[derive(Debug)]
pub(super) struct ParseError {
    /// GNU's message.
    pub msg: String,
    /// Characters consumed when it was found.
    pub pos: Option<usize>,
    /// The exit status (1, or 4 for GNU's "panic" errors).
    pub status: i32,
}

impl ParseError {
    /// An error at `pos`.
    pub fn at(pos: usize, msg: impl Into<String>) -> Self {
        ParseError { msg: msg.into(), pos: Some(pos), status: 1 }
    }
}

/// Parser settings.
#[derive(Clone, Copy)]
pub(super) struct Flags {
    /// `-E`: extended regular expressions.
    pub ere: bool,
}

/// The parser of a whole script.
pub(super) struct Parser {
    /// The script text being read.
    pub cur: Cursor,
    /// Settings.
    pub flags: Flags,
    /// What was compiled so far.
    pub script: Script,
    /// Open `{`: command indices.
    blocks: Vec<usize>,
    labels: HashMap<String, usize>,
    /// Branches to resolve: (command index, label).
    jumps: Vec<(usize, String)>,
    /// A non-empty regex was seen (an empty one may refer to it).
    seen_regex: bool,
}

/// The commands without arguments.
fn plain_op(ch: char) -> Op {
    match ch {
        '=' => Op::Eq,
        'd' => Op::Delete,
        'D' => Op::DeleteFirst,
        'g' => Op::Get,
        'G' => Op::GetAppend,
        'h' => Op::Hold,
        'H' => Op::HoldAppend,
        'x' => Op::Exchange,
        'n' => Op::Next,
        'N' => Op::NextAppend,
        'p' => Op::Print,
        'P' => Op::PrintFirst,
        'z' => Op::Zap,
        _ => Op::FileName,
    }
}

impl Parser {
    /// A parser for `text` (all `-e`/`-f` pieces joined with newlines).
    pub fn new(text: &str, flags: Flags) -> Self {
        Parser {
            cur: Cursor::new(text),
            flags,
            script: Script::default(),
            blocks: Vec::new(),
            labels: HashMap::new(),
            jumps: Vec::new(),
            seen_regex: false,
        }
    }

    /// Parse everything.
    pub fn parse(mut self) -> Result<Script, ParseError> {
        let c = &self.cur;
        if c.peek() == Some('#') && c.peek_at(1) == Some('n') {
            self.script.silent = true;
        }
        loop {
            while let Some(ch) = self.cur.peek() {
                if ch == ';' || ch.is_whitespace() {
                    self.cur.bump();
                } else {
                    break;
                }
            }
            if self.cur.peek().is_none() {
                break;
            }
            self.command()?;
        }
        if !self.blocks.is_empty() {
            return Err(ParseError::at(0, "unmatched `{'"));
        }
        for (k, label) in std::mem::take(&mut self.jumps) {
            let Some(&target) = self.labels.get(&label) else {
                return Err(ParseError { msg: format!("can't find label for jump to `{label}'"), pos: None, status: 4 });
            };
            match &mut self.script.cmds[k].op {
                Op::Branch(t) | Op::BranchIf(t) | Op::BranchIfNot(t) => *t = Some(target),
                _ => {}
            }
        }
        Ok(self.script)
    }

    /// One command with its addresses.
    fn command(&mut self) -> Result<(), ParseError> {
        let a1 = self.address(false)?;
        let mut a2 = None;
        if a1.is_some() {
            self.cur.skip_blanks();
            if self.cur.peek() == Some(',') {
                self.cur.bump();
                self.cur.skip_blanks();
                a2 = self.address(true)?;
                if a2.is_none() {
                    self.cur.bump();
                    return Err(ParseError::at(self.cur.pos(), "unexpected `,'"));
                }
            }
        }
        self.cur.skip_blanks();
        let mut negate = false;
        if self.cur.peek() == Some('!') {
            self.cur.bump();
            negate = true;
            self.cur.skip_blanks();
            if self.cur.peek() == Some('!') {
                self.cur.bump();
                return Err(ParseError::at(self.cur.pos(), "multiple `!'s"));
            }
        }
        let Some(ch) = self.cur.next() else { return Err(ParseError::at(self.cur.pos(), "missing command")) };
        self.check_addresses(ch, &a1, &a2)?;
        let idx = self.script.cmds.len();
        let op = self.op(ch, idx, a1.is_some())?;
        self.script.cmds.push(Cmd { a1, a2, negate, op });
        Ok(())
    }

    /// GNU's rules on which commands take how many addresses, and address 0.
    fn check_addresses(&self, ch: char, a1: &Option<Addr>, a2: &Option<Addr>) -> Result<(), ParseError> {
        let pos = self.cur.pos();
        if let Some(Addr::Zero) = a1 {
            if !matches!(a2, Some(Addr::Re(_))) {
                return Err(ParseError::at(pos, "invalid usage of line address 0"));
            }
        }
        if matches!(a2, Some(Addr::Zero)) {
            return Err(ParseError::at(pos, "invalid usage of line address 0"));
        }
        match ch {
            '#' if a1.is_some() => Err(ParseError::at(pos, "comments don't accept any addresses")),
            ':' if a1.is_some() => Err(ParseError::at(pos, ": doesn't want any addresses")),
            '}' if a1.is_some() && !self.blocks.is_empty() => Err(ParseError::at(pos, "} doesn't want any addresses")),
            'q' | 'Q' if a2.is_some() => Err(ParseError::at(pos, "command only uses one address")),
            _ => Ok(()),
        }
    }

    /// The command letter `ch` and its arguments.
    fn op(&mut self, ch: char, idx: usize, addressed: bool) -> Result<Op, ParseError> {
        let op = match ch {
            '{' => {
                self.blocks.push(idx);
                return Ok(Op::Block(0));
            }
            '}' => {
                let Some(open) = self.blocks.pop() else { return Err(ParseError::at(self.cur.pos(), "unexpected `}'")) };
                if let Op::Block(end) = &mut self.script.cmds[open].op {
                    *end = idx + 1;
                }
                let _ = addressed;
                Op::EndBlock
            }
            '#' => {
                self.cur.skip_line();
                return Ok(Op::Nop);
            }
            ':' => {
                let label = self.cur.label();
                if label.is_empty() {
                    return Err(ParseError::at(self.cur.pos(), "\":\" lacks a label"));
                }
                self.labels.entry(label).or_insert(idx);
                return Ok(Op::Label);
            }
            'b' | 't' | 'T' => {
                let label = self.cur.label();
                if !label.is_empty() {
                    self.jumps.push((idx, label));
                }
                return Ok(match ch {
                    'b' => Op::Branch(None),
                    't' => Op::BranchIf(None),
                    _ => Op::BranchIfNot(None),
                });
            }
            'a' | 'i' | 'c' => {
                let text = self.cur.text()?;
                return Ok(match ch {
                    'a' => Op::Append(text),
                    'i' => Op::Insert(text),
                    _ => Op::Change(text),
                });
            }
            '=' | 'd' | 'D' | 'g' | 'G' | 'h' | 'H' | 'x' | 'n' | 'N' | 'p' | 'P' | 'z' | 'F' => plain_op(ch),
            'l' => Op::List(self.cur.number().map(|n| n as usize)),
            'q' => Op::Quit(self.cur.number().map_or(0, |n| n as i32)),
            'Q' => Op::QuitSilent(self.cur.number().map_or(0, |n| n as i32)),
            'v' => {
                self.cur.label();
                return Ok(Op::Nop);
            }
            'r' => {
                let f = self.cur.filename()?;
                return Ok(Op::ReadFile(f));
            }
            'R' => {
                let f = self.cur.filename()?;
                self.script.rfiles.push(f);
                return Ok(Op::ReadLine(self.script.rfiles.len() - 1));
            }
            'w' | 'W' => {
                let f = self.cur.filename()?;
                let k = self.wfile(f);
                return Ok(if ch == 'w' { Op::Write(k) } else { Op::WriteFirst(k) });
            }
            's' => return self.subst(),
            'y' => super::cmdargs::translit(self)?,
            'e' => return Err(ParseError::at(self.cur.pos(), "the `e' command is not supported")),
            _ => return Err(ParseError::at(self.cur.pos(), format!("unknown command: `{ch}'"))),
        };
        self.cur.end_of_cmd()?;
        Ok(op)
    }

    /// Register an output file (once per name), returning its index.
    pub fn wfile(&mut self, name: String) -> usize {
        if let Some(k) = self.script.wfiles.iter().position(|f| *f == name) {
            return k;
        }
        self.script.wfiles.push(name);
        self.script.wfiles.len() - 1
    }

    /// An address, if one starts here.
    fn address(&mut self, second: bool) -> Result<Option<Addr>, ParseError> {
        let Some(ch) = self.cur.peek() else { return Ok(None) };
        let addr = match ch {
            '/' | '\\' => {
                self.cur.bump();
                let delim = if ch == '\\' {
                    self.cur.next().ok_or_else(|| ParseError::at(self.cur.pos(), "unexpected end of file"))?
                } else {
                    '/'
                };
                let Some(text) = self.cur.slash(delim, true) else {
                    return Err(ParseError::at(self.cur.pos(), "unterminated address regex"));
                };
                let (mut icase, mut multi) = (false, false);
                while let Some(f @ ('I' | 'M')) = self.cur.peek() {
                    self.cur.bump();
                    if f == 'I' {
                        icase = true;
                    } else {
                        multi = true;
                    }
                }
                Addr::Re(self.regex(&text, icase, multi)?.0)
            }
            '$' => {
                self.cur.bump();
                Addr::Last
            }
            '+' | '~' if second => {
                self.cur.bump();
                let n = self.cur.number().unwrap_or(0);
                if ch == '+' {
                    Addr::Plus(n)
                } else {
                    Addr::Tilde(n)
                }
            }
            '0'..='9' => {
                let n = self.cur.number().unwrap_or(0);
                if self.cur.peek() == Some('~') {
                    self.cur.bump();
                    Addr::Step(n, self.cur.number().unwrap_or(0))
                } else if n == 0 {
                    Addr::Zero
                } else {
                    Addr::Line(n)
                }
            }
            _ => return Ok(None),
        };
        Ok(Some(addr))
    }

    /// Compile a regex of the script (empty: the last regex); returns it and its group count.
    pub fn regex(&mut self, text: &str, icase: bool, multi: bool) -> Result<(Re, usize), ParseError> {
        if text.is_empty() {
            if !self.seen_regex {
                return Err(ParseError::at(0, "no previous regular expression"));
            }
            return Ok((None, 0));
        }
        self.seen_regex = true;
        super::cmdargs::compile_regex(text, self.flags.ere, icase, multi, self.cur.pos())
    }

    fn subst(&mut self) -> Result<Op, ParseError> {
        super::cmdargs::subst(self)
    }
}
