//! Runs bc statements: variables and arrays with bc's dynamic scoping (a called function sees
//! its caller's `auto`s), functions, control flow, printing, and runtime errors reported as
//! GNU bc does (`Runtime error (func=f, adr=N): ...`), which abandon the current line.

use std::collections::HashMap;
use std::io::Write;
use std::rc::Rc;

use super::ast::{Arg, Arith, Expr, Func, Place, PrintItem, Rel, Stmt};
use super::number::{Num, NumError};
use super::output::Output;

/// How deep function calls may nest.
const MAX_CALL_DEPTH: usize = 5000;
/// The largest array index (`BC_DIM_MAX`).
const DIM_MAX: i64 = 16_777_215;
/// The most elements one array may hold (bc allows `BC_DIM_MAX`; memory is bounded here).
const MAX_ELEMENTS: usize = 1_000_000;
/// `BC_SCALE_MAX` and `BC_BASE_MAX`.
const INT_MAX: i64 = 2_147_483_647;

/// The text of `limits`.
const LIMITS: &str = "BC_BASE_MAX     = 2147483647\nBC_DIM_MAX      = 16777215\nBC_SCALE_MAX    = 2147483647\nBC_STRING_MAX   = 2147483647\nMAX Exponent    = 9223372036854775807\nNumber of vars  = 32767\n";

/// What the interpreter needs from its surroundings.
pub trait Host {
    /// The next line of standard input, for `read()`.
    fn read_line(&mut self) -> Option<String>;
    /// `true` when the script must stop.
    fn cancelled(&self) -> bool;
}

/// Why execution stopped early.
#[derive(Debug)]
pub enum Stop {
    /// A runtime error (already reported): the rest of the line is abandoned.
    Error,
    /// `halt`, or cancellation: bc ends.
    Halt,
    /// Writing standard output failed: bc ends with this status.
    Write(i32),
}

type R<T> = Result<T, Stop>;

/// What a statement asks of the enclosing loop or function.
enum Flow {
    Next,
    Break,
    Continue,
    Return(Num),
}

/// An array: a sparse map from index to value.
type Array = HashMap<i64, Num>;

/// The interpreter state, kept between lines.
pub struct Interp<'w> {
    vars: HashMap<String, Vec<Num>>,
    arrays: HashMap<String, Vec<Array>>,
    funcs: HashMap<String, Rc<Func>>,
    scale: usize,
    ibase: u32,
    obase: u64,
    last: Num,
    /// Standard output.
    pub out: Output<'w>,
    err: &'w mut dyn Write,
    frames: Vec<String>,
    adr: usize,
    steps: usize,
}

impl<'w> Interp<'w> {
    /// A fresh interpreter writing to `out` and `err`.
    pub fn new(out: Output<'w>, err: &'w mut dyn Write) -> Interp<'w> {
        Interp {
            vars: HashMap::new(),
            arrays: HashMap::new(),
            funcs: HashMap::new(),
            scale: 0,
            ibase: 10,
            obase: 10,
            last: Num::zero(),
            out,
            err,
            frames: Vec::new(),
            adr: 0,
            steps: 0,
        }
    }

    /// Records a function definition (replacing an earlier one of the same name).
    pub fn define(&mut self, f: Rc<Func>) {
        self.funcs.insert(f.name.clone(), f);
    }

    /// Prints `FILE LINE: MSG` on stderr (a parse message).
    pub fn parse_message(&mut self, file: &str, line: usize, msg: &str) {
        let _ = self.flush();
        let _ = writeln!(self.err, "{file} {line}: {msg}");
    }

    /// Prints a message on stderr as it is.
    pub fn message(&mut self, msg: &str) {
        let _ = self.flush();
        let _ = writeln!(self.err, "{msg}");
    }

    /// Writes buffered output.
    pub fn flush(&mut self) -> R<()> {
        self.out.flush().map_err(|e| Stop::Write(crate::status_for_write_error(&e)))
    }

    /// Runs one line of statements.
    pub fn run(&mut self, stmts: &[Stmt], host: &mut dyn Host) -> R<()> {
        self.adr = 0;
        self.frames.clear();
        for s in stmts {
            match self.exec(s, host) {
                Ok(_) => {}
                Err(Stop::Error) => return self.flush(),
                Err(e) => return Err(e),
            }
        }
        self.flush()
    }

    fn func_name(&self) -> &str {
        self.frames.last().map_or("(main)", |s| s.as_str())
    }

    fn runtime_error(&mut self, msg: &str) -> Stop {
        let _ = self.flush();
        let f = self.func_name().to_string();
        let _ = writeln!(self.err, "Runtime error (func={f}, adr={}): {msg}", self.adr);
        Stop::Error
    }

    fn warning(&mut self, msg: &str) {
        let _ = self.flush();
        let f = self.func_name().to_string();
        let _ = writeln!(self.err, "Runtime warning (func={f}, adr={}): {msg}", self.adr);
    }

    fn num_error(&mut self, e: NumError) -> Stop {
        self.runtime_error(&e.message())
    }

    fn tick(&mut self, host: &mut dyn Host) -> R<()> {
        self.steps += 1;
        if self.steps & 1023 == 0 {
            if host.cancelled() {
                return Err(Stop::Halt);
            }
            if self.out.full() {
                self.flush()?;
            }
        }
        Ok(())
    }

    fn exec_list(&mut self, list: &[Stmt], host: &mut dyn Host) -> R<Flow> {
        for s in list {
            match self.exec(s, host)? {
                Flow::Next => {}
                f => return Ok(f),
            }
        }
        Ok(Flow::Next)
    }

    fn exec(&mut self, s: &Stmt, host: &mut dyn Host) -> R<Flow> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.exec_inner(s, host))
    }

    fn exec_inner(&mut self, s: &Stmt, host: &mut dyn Host) -> R<Flow> {
        self.adr += 1;
        match s {
            Stmt::Expr(e) => {
                let v = self.eval(e, host)?;
                let silent = match e {
                    Expr::Assign(..) => true,
                    Expr::Call(name, _) => self.funcs.get(name).is_some_and(|f| f.void),
                    _ => false,
                };
                if !silent {
                    let text = v.format(self.obase);
                    self.out.put(&text);
                    self.out.put("\n");
                    self.last = v;
                }
            }
            Stmt::Str(s) => self.out.put(s),
            Stmt::Print(items) => {
                for item in items {
                    match item {
                        PrintItem::Str(s) => {
                            let t = unescape(s);
                            self.out.put(&t);
                        }
                        PrintItem::Value(e) => {
                            let v = self.eval(e, host)?;
                            let text = v.format(self.obase);
                            self.out.put(&text);
                            self.last = v;
                        }
                    }
                }
            }
            Stmt::If(c, then, els) => {
                if !self.eval(c, host)?.is_zero() {
                    return self.exec(then, host);
                } else if let Some(e) = els {
                    return self.exec(e, host);
                }
            }
            Stmt::While(c, body) => {
                while !self.eval(c, host)?.is_zero() {
                    self.tick(host)?;
                    match self.exec(body, host)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                }
            }
            Stmt::For(init, cond, step, body) => {
                if let Some(e) = init {
                    self.eval(e, host)?;
                }
                loop {
                    if let Some(c) = cond {
                        if self.eval(c, host)?.is_zero() {
                            break;
                        }
                    }
                    self.tick(host)?;
                    match self.exec(body, host)? {
                        Flow::Break => break,
                        Flow::Return(v) => return Ok(Flow::Return(v)),
                        _ => {}
                    }
                    if let Some(e) = step {
                        self.eval(e, host)?;
                    }
                }
            }
            Stmt::Block(list) => return self.exec_list(list, host),
            Stmt::Break => return Ok(Flow::Break),
            Stmt::Continue => return Ok(Flow::Continue),
            Stmt::Halt => return Err(Stop::Halt),
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(e, host)?,
                    None => Num::zero(),
                };
                return Ok(Flow::Return(v));
            }
            Stmt::Limits => self.out.put(LIMITS),
            Stmt::Warranty => self.out.put(super::BANNER),
        }
        Ok(Flow::Next)
    }

    fn index(&mut self, name: &str, idx: &Expr, host: &mut dyn Host) -> R<i64> {
        let v = self.eval(idx, host)?;
        match v.to_i64() {
            Some(i) if (0..=DIM_MAX).contains(&i) => Ok(i),
            _ => Err(self.runtime_error(&format!("Array {name} subscript out of bounds."))),
        }
    }

    fn load(&mut self, p: &Place, host: &mut dyn Host) -> R<Num> {
        Ok(match p {
            Place::Var(n) => self.vars.get(n).and_then(|s| s.last()).cloned().unwrap_or_else(Num::zero),
            Place::Elem(n, idx) => {
                let i = self.index(n, idx, host)?;
                self.arrays.get(n).and_then(|s| s.last()).and_then(|a| a.get(&i)).cloned().unwrap_or_else(Num::zero)
            }
            Place::Scale => Num::from_i64(self.scale as i64),
            Place::Ibase => Num::from_i64(i64::from(self.ibase)),
            Place::Obase => Num::from_i64(self.obase as i64),
            Place::Last => self.last.clone(),
        })
    }

    /// Stores `v` (the index of an element is already computed as `idx`).
    fn store(&mut self, p: &Place, idx: Option<i64>, v: Num) -> R<()> {
        match p {
            Place::Var(n) => {
                let s = self.vars.entry(n.clone()).or_default();
                match s.last_mut() {
                    Some(slot) => *slot = v,
                    None => s.push(v),
                }
            }
            Place::Elem(n, _) => {
                let s = self.arrays.entry(n.clone()).or_default();
                if s.is_empty() {
                    s.push(Array::new());
                }
                if let (Some(a), Some(i)) = (s.last_mut(), idx) {
                    if a.len() < MAX_ELEMENTS || a.contains_key(&i) {
                        a.insert(i, v);
                    } else {
                        return Err(self.runtime_error(&format!("Array {n} has too many elements (more than {MAX_ELEMENTS})")));
                    }
                }
            }
            Place::Scale => {
                let n = v.to_i64();
                self.scale = match n {
                    Some(n) if n < 0 => {
                        self.warning("negative scale, set to 0");
                        0
                    }
                    Some(n) if n <= INT_MAX => n as usize,
                    _ => {
                        self.warning("scale too large, set to 2147483647");
                        INT_MAX as usize
                    }
                };
            }
            Place::Ibase => {
                let n = v.to_i64().unwrap_or(i64::MAX);
                self.ibase = if n < 2 {
                    self.warning("ibase too small, set to 2");
                    2
                } else if n > 36 {
                    self.warning("ibase too large, set to 36");
                    36
                } else {
                    n as u32
                };
            }
            Place::Obase => {
                let n = v.to_i64().unwrap_or(i64::MAX);
                self.obase = if n < 2 {
                    self.warning("obase too small, set to 2");
                    2
                } else if n > INT_MAX {
                    self.warning("obase too large, set to 2147483647");
                    INT_MAX as u64
                } else {
                    n as u64
                };
            }
            Place::Last => self.last = v,
        }
        Ok(())
    }

    /// The index of an element place (evaluated once), `None` for other places.
    fn place_index(&mut self, p: &Place, host: &mut dyn Host) -> R<Option<i64>> {
        match p {
            Place::Elem(n, idx) => Ok(Some(self.index(n, idx, host)?)),
            _ => Ok(None),
        }
    }

    fn load_at(&mut self, p: &Place, idx: Option<i64>, host: &mut dyn Host) -> R<Num> {
        match (p, idx) {
            (Place::Elem(n, _), Some(i)) => Ok(self
                .arrays
                .get(n)
                .and_then(|s| s.last())
                .and_then(|a| a.get(&i))
                .cloned()
                .unwrap_or_else(Num::zero)),
            _ => self.load(p, host),
        }
    }

    fn arith(&mut self, op: Arith, a: &Num, b: &Num) -> R<Num> {
        let r = match op {
            Arith::Add => Ok(a.add(b)),
            Arith::Sub => Ok(a.sub(b)),
            Arith::Mul => a.mul(b, self.scale),
            Arith::Div => a.div(b, self.scale),
            Arith::Rem => a.rem(b, self.scale),
            Arith::Pow => {
                // The warning comes first, even when the power then fails.
                if b.scale() != 0 {
                    self.warning("non-zero scale in exponent");
                }
                a.pow(b, self.scale).map(|(v, _)| v)
            }
        };
        r.map_err(|e| self.num_error(e))
    }

    fn eval(&mut self, e: &Expr, host: &mut dyn Host) -> R<Num> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.eval_inner(e, host))
    }

    fn eval_inner(&mut self, e: &Expr, host: &mut dyn Host) -> R<Num> {
        self.adr += 1;
        match e {
            Expr::Num(s) => Ok(Num::parse(s, self.ibase)),
            Expr::Load(p) => self.load(p, host),
            Expr::Assign(p, op, rhs) => {
                let idx = self.place_index(p, host)?;
                let r = self.eval(rhs, host)?;
                let v = match op {
                    None => r,
                    Some(op) => {
                        let cur = self.load_at(p, idx, host)?;
                        self.arith(*op, &cur, &r)?
                    }
                };
                self.store(p, idx, v.clone())?;
                Ok(v)
            }
            Expr::Step { place, inc, pre } => {
                let idx = self.place_index(place, host)?;
                let cur = self.load_at(place, idx, host)?;
                let new = if *inc { cur.add(&Num::one()) } else { cur.sub(&Num::one()) };
                self.store(place, idx, new.clone())?;
                Ok(if *pre { new } else { cur })
            }
            Expr::Paren(e) => self.eval(e, host),
            Expr::Neg(e) => Ok(self.eval(e, host)?.neg()),
            Expr::Not(e) => Ok(bool_num(self.eval(e, host)?.is_zero())),
            Expr::Bin(op, a, b) => {
                let x = self.eval(a, host)?;
                let y = self.eval(b, host)?;
                self.arith(*op, &x, &y)
            }
            Expr::Cmp(rel, a, b) => {
                let x = self.eval(a, host)?;
                let y = self.eval(b, host)?;
                let o = x.cmp_num(&y);
                use std::cmp::Ordering::*;
                Ok(bool_num(match rel {
                    Rel::Eq => o == Equal,
                    Rel::Ne => o != Equal,
                    Rel::Lt => o == Less,
                    Rel::Le => o != Greater,
                    Rel::Gt => o == Greater,
                    Rel::Ge => o != Less,
                }))
            }
            Expr::And(a, b) => {
                if self.eval(a, host)?.is_zero() {
                    return Ok(Num::zero());
                }
                Ok(bool_num(!self.eval(b, host)?.is_zero()))
            }
            Expr::Or(a, b) => {
                if !self.eval(a, host)?.is_zero() {
                    return Ok(Num::one());
                }
                Ok(bool_num(!self.eval(b, host)?.is_zero()))
            }
            Expr::Call(name, args) => self.call(name, args, host),
            Expr::Length(e) => Ok(Num::from_i64(self.eval(e, host)?.length() as i64)),
            Expr::ScaleOf(e) => Ok(Num::from_i64(self.eval(e, host)?.scale() as i64)),
            Expr::Sqrt(e) => {
                let v = self.eval(e, host)?;
                v.sqrt(self.scale).map_err(|e| self.num_error(e))
            }
            Expr::Read => self.read(host),
        }
    }

    fn read(&mut self, host: &mut dyn Host) -> R<Num> {
        let Some(line) = host.read_line() else {
            return Err(self.runtime_error("read() error: end of file"));
        };
        let mut bytes: &[u8] = line.as_bytes();
        let mut p = super::parser::Parser::new(super::lexer::Lexer::new(&mut bytes));
        match p.expr() {
            Ok(e) => self.eval(&e, host),
            Err(_) => Err(self.runtime_error("read() error")),
        }
    }

    fn call(&mut self, name: &str, args: &[Arg], host: &mut dyn Host) -> R<Num> {
        let Some(f) = self.funcs.get(name).cloned() else {
            return Err(self.runtime_error(&format!("Function {name} not defined.")));
        };
        if args.len() != f.params.len() {
            return Err(self.runtime_error("Parameter number mismatch"));
        }
        if self.frames.len() >= MAX_CALL_DEPTH {
            return Err(self.runtime_error("function calls nested too deeply"));
        }
        enum Val {
            Num(Num),
            Arr(Array),
        }
        let mut vals = Vec::with_capacity(args.len());
        for (a, p) in args.iter().zip(&f.params) {
            match (a, p.array) {
                (Arg::Value(e), false) => vals.push(Val::Num(self.eval(e, host)?)),
                (Arg::Array(n), true) => {
                    let copy = self.arrays.get(n).and_then(|s| s.last()).cloned().unwrap_or_default();
                    vals.push(Val::Arr(copy));
                }
                _ => return Err(self.runtime_error("Parameter type mismatch")),
            }
        }
        for (p, v) in f.params.iter().zip(vals) {
            match v {
                Val::Num(n) => self.vars.entry(p.name.clone()).or_default().push(n),
                Val::Arr(a) => self.arrays.entry(p.name.clone()).or_default().push(a),
            }
        }
        for a in &f.autos {
            if a.array {
                self.arrays.entry(a.name.clone()).or_default().push(Array::new());
            } else {
                self.vars.entry(a.name.clone()).or_default().push(Num::zero());
            }
        }
        self.frames.push(f.name.clone());
        let r = self.exec_list(&f.body, host);
        self.frames.pop();
        for l in f.autos.iter().rev() {
            self.pop_local(l);
        }
        for (l, a) in f.params.iter().zip(args).rev() {
            let popped = self.pop_local(l);
            // `*a[]`: the caller's array gets the function's changes.
            if let (true, Some(arr), Arg::Array(n)) = (l.by_ref, popped, a) {
                let s = self.arrays.entry(n.clone()).or_default();
                match s.last_mut() {
                    Some(top) => *top = arr,
                    None => s.push(arr),
                }
            }
        }
        match r? {
            Flow::Return(v) => Ok(v),
            _ => Ok(Num::zero()),
        }
    }
}

impl Interp<'_> {
    /// Ends the scope of a parameter or `auto`; an array's final contents are returned.
    fn pop_local(&mut self, l: &super::ast::Local) -> Option<Array> {
        if l.array {
            self.arrays.get_mut(&l.name).and_then(|s| s.pop())
        } else {
            if let Some(s) = self.vars.get_mut(&l.name) {
                s.pop();
            }
            None
        }
    }
}

fn bool_num(b: bool) -> Num {
    if b {
        Num::one()
    } else {
        Num::zero()
    }
}

/// The escapes of `print` strings: `\n \t \a \b \f \r \q \\`; others are dropped.
fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('a') => out.push('\x07'),
            Some('b') => out.push('\x08'),
            Some('f') => out.push('\x0c'),
            Some('r') => out.push('\r'),
            Some('q') => out.push('"'),
            Some('\\') => out.push('\\'),
            Some(_) => {}
            None => out.push('\\'),
        }
    }
    out
}
