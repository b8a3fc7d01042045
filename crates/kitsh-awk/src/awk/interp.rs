//! The awk interpreter: variables in slots, the current record and its fields, patterns and
//! actions, the main input loop, output streams and control flow.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::array::{live_elems, reset_elems, ArrRef, Array, MAX_ELEMS};
use super::ast::*;
use super::format;
use super::vars::{Alias, Want};
use super::io::{ReadErr, Reader, RsMode, Splitter, Src};
use super::value::{compare, empty, Str, Value};
use crate::builtins::{Ctx, SpawnIn, SpawnOut};
use super::regex::compile_re;
use crate::util::posix_re::PosixRegex;

/// The longest string a script may build.
pub const MAX_STR: usize = 256 << 20;
/// The deepest function recursion.
const MAX_DEPTH: usize = 20_000;
/// The largest field number a script may assign (bounds memory).
const MAX_FIELDS: usize = 1 << 20;
/// Flush standard output past this many buffered bytes.
const OUT_FLUSH: usize = 32 * 1024;

/// A variable's storage.
#[derive(Clone)]
pub enum Cell {
    /// Not used yet (gawk's `Node_var_new`): its first use makes it a scalar or an array.
    New,
    /// A scalar.
    Val(Value),
    /// An array.
    Arr(ArrRef),
    /// A parameter given an untyped variable or element: it becomes what the function uses it
    /// as, and so does what it stands for.
    Ref(Rc<Alias>),
}

/// How a statement or expression ended other than normally.
pub enum Flow {
    /// `next`
    Next,
    /// `nextfile`
    NextFile,
    /// `exit` (the status is in the interpreter).
    Exit,
    /// `return`
    Return(Value),
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// A fatal error (message already printed); exit 2.
    Fatal,
    /// Stop now with this status (closed stdout, timeout).
    Stop(i32),
}

/// A result of evaluation.
pub type Res<T> = Result<T, Flow>;

/// The current record and its fields.
struct Record {
    text: Str,
    /// The fields are known (as `spans`, or as `fields` once materialized).
    split: bool,
    /// Field boundaries in `text` (8 bytes a field: no allocation per field).
    spans: Vec<(u32, u32)>,
    /// A field was assigned: the fields as values, `text` rebuilt from them.
    materialized: bool,
    fields: Vec<Value>,
    splitter: Rc<Splitter>,
}

/// An output stream opened by a redirection.
struct OutStream {
    name: Vec<u8>,
    pipe: bool,
    path: String,
    buf: Vec<u8>,
}

/// A resolved assignable place.
pub(super) enum Place {
    Var(Var),
    Field(usize),
    /// An array element (subscript, made from input text).
    Elem(ArrRef, Str, bool),
}

/// The interpreter.
pub struct Interp<'c, 'a> {
    /// The command's context.
    pub ctx: &'c mut Ctx<'a>,
    pub(super) prog: Rc<Program>,
    pub(super) globals: Vec<Cell>,
    /// The frames of the function calls, one cell per parameter.
    pub(super) locals: Vec<Cell>,
    /// For each of `locals` given an array: where it comes from (gawk's `p (from x)`).
    pub(super) from: Vec<Option<Rc<super::vars::From>>>,
    /// Where the current frame starts in `locals`.
    pub(super) base: usize,
    depth: usize,
    cur_fn: Option<usize>,
    /// The program line being run (for messages).
    line: u32,
    regexes: Vec<Rc<PosixRegex>>,
    dyn_re: HashMap<Vec<u8>, Rc<PosixRegex>>,
    record: Record,
    splitter: Rc<Splitter>,
    rs: RsMode,
    para: bool,
    fpat: bool,
    /// `CONVFMT`
    pub convfmt: Vec<u8>,
    ofmt: Vec<u8>,
    ofs: Vec<u8>,
    ors: Vec<u8>,
    subsep: Vec<u8>,
    ranges: Vec<bool>,
    out: Vec<u8>,
    scratch: Vec<u8>,
    outputs: Vec<OutStream>,
    inputs: HashMap<Vec<u8>, Reader>,
    cmd_inputs: HashMap<Vec<u8>, (Reader, i32)>,
    main_reader: Option<Reader>,
    argi: usize,
    saw_file: bool,
    main_done: bool,
    /// The exit status.
    pub exit_code: i32,
    /// The program's source name for messages (`cmd. line` or the `-f` file).
    pub src_name: String,
    /// Multi-byte characters (a UTF-8 locale).
    pub utf8: bool,
    /// `rand()` state.
    pub rng: Option<super::funcs::Random>,
    /// The last `srand` seed.
    pub seed: f64,
    cancel_tick: u32,
    /// The longest string (the script's `max_string_bytes`, at most [`MAX_STR`]).
    pub(super) max_str: usize,
    /// The most array elements (the script's `max_fields`, at most [`MAX_ELEMS`]).
    max_elems: usize,
}

const NSPECIAL: u32 = SPECIAL_NAMES.len() as u32;

fn sp(s: Special) -> usize {
    s as usize
}

impl<'c, 'a> Interp<'c, 'a> {
    /// An interpreter for `prog` (regex literals compiled).
    pub fn new(ctx: &'c mut Ctx<'a>, prog: Program, src_name: String, utf8: bool) -> Result<Self, String> {
        let mut regexes = Vec::new();
        for r in &prog.regexes {
            regexes.push(Rc::new(compile_re(r, true).map_err(|e| format!("{e}: /{}/", String::from_utf8_lossy(r)))?));
        }
        reset_elems();
        let max_str = ctx.cancel.string_limit().map_or(MAX_STR, |l| l.min(MAX_STR));
        let max_elems = ctx.cancel.field_limit().map_or(MAX_ELEMS, |l| l.min(MAX_ELEMS));
        let n = prog.globals.len();
        let ranges = vec![false; prog.ranges];
        let mut it = Interp {
            ctx,
            prog: Rc::new(prog),
            globals: vec![Cell::New; n],
            locals: Vec::new(),
            from: Vec::new(),
            base: 0,
            depth: 0,
            cur_fn: None,
            line: 1,
            regexes,
            dyn_re: HashMap::new(),
            record: Record { text: empty(), split: true, spans: Vec::new(), materialized: false, fields: Vec::new(), splitter: Rc::new(Splitter::Space) },
            splitter: Rc::new(Splitter::Space),
            rs: RsMode::Char(b'\n'),
            para: false,
            fpat: false,
            convfmt: b"%.6g".to_vec(),
            ofmt: b"%.6g".to_vec(),
            ofs: b" ".to_vec(),
            ors: b"\n".to_vec(),
            subsep: b"\x1c".to_vec(),
            ranges,
            out: Vec::with_capacity(OUT_FLUSH * 2),
            scratch: Vec::new(),
            outputs: Vec::new(),
            inputs: HashMap::new(),
            cmd_inputs: HashMap::new(),
            main_reader: None,
            argi: 1,
            saw_file: false,
            main_done: false,
            exit_code: 0,
            src_name,
            utf8,
            rng: None,
            seed: 1.0,
            cancel_tick: 0,
            max_str,
            max_elems,
        };
        for (i, _) in SPECIAL_NAMES.iter().enumerate() {
            it.globals[i] = Cell::Val(Value::Uninit);
        }
        let s = |b: &[u8]| Cell::Val(Value::str(b));
        it.globals[sp(Special::Fs)] = s(b" ");
        it.globals[sp(Special::Ofs)] = s(b" ");
        it.globals[sp(Special::Ors)] = s(b"\n");
        it.globals[sp(Special::Rs)] = s(b"\n");
        it.globals[sp(Special::Subsep)] = s(b"\x1c");
        it.globals[sp(Special::Convfmt)] = s(b"%.6g");
        it.globals[sp(Special::Ofmt)] = s(b"%.6g");
        it.globals[sp(Special::Nr)] = Cell::Val(Value::Num(0.0));
        it.globals[sp(Special::Fnr)] = Cell::Val(Value::Num(0.0));
        it.globals[sp(Special::Rstart)] = Cell::Val(Value::Num(0.0));
        it.globals[sp(Special::Rlength)] = Cell::Val(Value::Num(0.0));
        it.globals[sp(Special::Ignorecase)] = Cell::Val(Value::Num(0.0));
        it.globals[sp(Special::Fpat)] = s(b"[^[:space:]]+");
        let mut env = Array::new("ENVIRON");
        for (k, v) in it.ctx.env.exported() {
            env.set(Rc::from(k.as_bytes()), Value::strnum(v.as_bytes()));
        }
        it.globals[sp(Special::Environ)] = Cell::Arr(Rc::new(RefCell::new(env)));
        let mut pi = Array::new("PROCINFO");
        pi.set(Rc::from(&b"version"[..]), Value::str(b"5.2.1"));
        pi.set(Rc::from(&b"pid"[..]), Value::Num(1.0));
        it.globals[sp(Special::Procinfo)] = Cell::Arr(Rc::new(RefCell::new(pi)));
        Ok(it)
    }

    /// Set `ARGV`/`ARGC` (`argv[0]` is `awk`).
    pub fn set_argv(&mut self, argv: &[String]) {
        let mut a = Array::new("ARGV");
        for (i, s) in argv.iter().enumerate() {
            a.set(Rc::from(i.to_string().as_bytes()), Value::strnum(s.as_bytes()));
        }
        self.globals[sp(Special::Argv)] = Cell::Arr(Rc::new(RefCell::new(a)));
        self.globals[sp(Special::Argc)] = Cell::Val(Value::Num(argv.len() as f64));
    }

    // ----- errors and output -----

    /// Print a fatal error (`awk: cmd. line:N: fatal: msg`; line 0: the line being run) and
    /// return [`Flow::Fatal`].
    #[inline(never)]
    pub fn fatal(&mut self, line: u32, msg: &str) -> Flow {
        let line = if line == 0 { self.line } else { line };
        let _ = self.flush_stdout();
        // where in the input, once a record was read (as gawk: FNR > 0)
        let fnr = self.global_num(Special::Fnr) as i64;
        let ctxinfo = if fnr > 0 {
            let f = self.get_global_str(Special::Filename);
            let f = if f.is_empty() { "-".to_string() } else { String::from_utf8_lossy(&f).into_owned() };
            format!("(FILENAME={f} FNR={fnr}) ")
        } else {
            String::new()
        };
        let _ = writeln!(self.ctx.stderr, "{}: {}:{}: {}fatal: {}", self.ctx.name, self.src_name, line.max(1), ctxinfo, msg);
        Flow::Fatal
    }

    /// The fatal error of a format with too few arguments (gawk shows the format and where).
    pub fn too_few(&mut self, fmt: &[u8], e: format::TooFew) -> Flow {
        let f = self.fatal(0, format::TOO_FEW);
        let _ = writeln!(self.ctx.stderr, "\t`{}'\n\t{}^ ran out for this one", String::from_utf8_lossy(fmt), " ".repeat(e.0 + 1));
        f
    }

    /// A warning on stderr (line 0: the line being run).
    pub fn warn(&mut self, line: u32, msg: &str) {
        let line = if line == 0 { self.line } else { line };
        let _ = self.flush_stdout();
        let _ = writeln!(self.ctx.stderr, "{}: {}:{}: warning: {}", self.ctx.name, self.src_name, line.max(1), msg);
    }

    fn global_num(&self, s: Special) -> f64 {
        match &self.globals[sp(s)] {
            Cell::Val(v) => v.num(),
            _ => 0.0,
        }
    }

    fn get_global_str(&self, s: Special) -> Str {
        match &self.globals[sp(s)] {
            Cell::Val(v) => v.to_str(&self.convfmt),
            _ => empty(),
        }
    }

    /// Write buffered standard output.
    pub fn flush_stdout(&mut self) -> Res<()> {
        if self.out.is_empty() {
            return Ok(());
        }
        let r = self.ctx.stdout.write_all(&self.out).and_then(|_| self.ctx.stdout.flush());
        self.out.clear();
        r.map_err(|e| Flow::Stop(crate::builtins::args::write_failed(self.ctx, &e)))
    }

    /// Append to standard output.
    pub fn write_out(&mut self, b: &[u8]) -> Res<()> {
        self.out.extend_from_slice(b);
        if self.out.len() >= OUT_FLUSH {
            self.flush_stdout()?;
        }
        Ok(())
    }

    /// The random number generator (seeded with 1 on first use, as gawk).
    pub fn rng(&mut self) -> &mut super::funcs::Random {
        self.rng.get_or_insert_with(|| super::funcs::Random::new(1))
    }

    /// `SUBSEP`
    pub fn subsep_bytes(&self) -> Vec<u8> {
        self.subsep.clone()
    }

    /// The field splitter `FS` stands for now.
    pub fn current_splitter(&self) -> Rc<Splitter> {
        self.splitter.clone()
    }

    /// Check for cancellation now and then.
    #[inline]
    pub fn tick(&mut self) -> Res<()> {
        self.cancel_tick = self.cancel_tick.wrapping_add(1);
        if self.cancel_tick & 0x3ff == 0 {
            if self.ctx.cancel.cancelled() {
                let _ = self.flush_stdout();
                return Err(Flow::Stop(1));
            }
            if live_elems() > self.max_elems {
                self.ctx.cancel.hit(crate::limits::LimitExceeded::Fields);
                let msg = format!("too many array elements (over {})", self.max_elems);
                return Err(self.fatal(0, &msg));
            }
        }
        Ok(())
    }

    // ----- variables -----

    pub(super) fn cell(&self, v: Var) -> &Cell {
        match v {
            Var::Global(i) => &self.globals[i as usize],
            Var::Local(i) => &self.locals[self.base + i as usize],
        }
    }

    pub(super) fn cell_mut(&mut self, v: Var) -> &mut Cell {
        match v {
            Var::Global(i) => &mut self.globals[i as usize],
            Var::Local(i) => &mut self.locals[self.base + i as usize],
        }
    }

    /// A variable's own name: a global's or the current function's parameter's.
    pub(super) fn plain_name(&self, v: Var) -> String {
        match v {
            Var::Global(i) => self.prog.globals.get(i as usize).cloned().unwrap_or_default(),
            Var::Local(i) => self.cur_fn.and_then(|f| self.prog.funcs.get(f)).and_then(|f| f.params.get(i as usize).cloned()).unwrap_or_default(),
        }
    }

    /// A variable's scalar value (an untyped one becomes a scalar).
    pub(super) fn get_var(&mut self, v: Var) -> Res<Value> {
        match self.cell(v) {
            Cell::Val(x) => Ok(x.clone()),
            Cell::New => {
                *self.cell_mut(v) = Cell::Val(Value::Uninit);
                Ok(Value::Uninit)
            }
            Cell::Ref(al) => {
                let al = al.clone();
                self.ref_scalar(v, &al)?;
                Ok(Value::Uninit)
            }
            Cell::Arr(_) => Err(self.var_as_scalar(v)),
        }
    }

    /// Assign a scalar variable (special variables update the interpreter's state).
    pub fn set_var(&mut self, v: Var, val: Value) -> Res<()> {
        if let Var::Global(i) = v {
            if i < NSPECIAL {
                return self.set_special(i, val);
            }
        }
        let c = self.cell_mut(v);
        match c {
            Cell::Val(_) | Cell::New => {
                *c = Cell::Val(val);
                return Ok(());
            }
            Cell::Arr(_) => return Err(self.var_as_scalar(v)),
            Cell::Ref(al) => {
                let al = al.clone();
                self.ref_scalar(v, &al)?;
            }
        }
        *self.cell_mut(v) = Cell::Val(val);
        Ok(())
    }

    #[inline(never)]
    fn set_special(&mut self, i: u32, val: Value) -> Res<()> {
        if i == Special::Nf as u32 {
            let n = val.num();
            if n < 0.0 {
                return Err(self.fatal(0, "NF set to negative value"));
            }
            return self.set_nf(n as usize);
        }
        if matches!(self.globals[i as usize], Cell::Arr(_)) {
            return Err(self.var_as_scalar(Var::Global(i)));
        }
        let s = val.to_str(&self.convfmt);
        self.globals[i as usize] = Cell::Val(val);
        match i {
            x if x == Special::Fs as u32 => {
                self.fpat = false;
                self.update_splitter()
            }
            x if x == Special::Fpat as u32 => {
                self.fpat = true;
                self.update_splitter()
            }
            x if x == Special::Rs as u32 => self.update_rs(),
            x if x == Special::Ofs as u32 => self.ofs = s.to_vec(),
            x if x == Special::Ors as u32 => self.ors = s.to_vec(),
            x if x == Special::Subsep as u32 => self.subsep = s.to_vec(),
            x if x == Special::Convfmt as u32 => self.convfmt = s.to_vec(),
            x if x == Special::Ofmt as u32 => self.ofmt = s.to_vec(),
            _ => {}
        }
        Ok(())
    }

    fn update_splitter(&mut self) {
        if self.fpat {
            let pat = self.get_global_str(Special::Fpat);
            if let Ok(r) = compile_re(&pat, false) {
                self.splitter = Rc::new(Splitter::Pattern(Rc::new(r)));
                return;
            }
        }
        let fs = self.get_global_str(Special::Fs);
        let sp = if fs.as_ref() == b" " {
            Splitter::Space
        } else if fs.is_empty() {
            Splitter::Chars
        } else if fs.len() == 1 && fs[0] != b'\\' && !self.para {
            Splitter::Char(fs[0])
        } else {
            let mut pat = if fs.len() == 1 { escape_re_byte(fs[0]) } else { fs.to_vec() };
            if self.para {
                pat = [b"(".as_ref(), &pat, b")|\n"].concat();
            }
            match compile_re(&pat, false) {
                Ok(r) => Splitter::Regex(Rc::new(r)),
                Err(_) => Splitter::Char(fs[0]),
            }
        };
        self.splitter = Rc::new(sp);
    }

    fn update_rs(&mut self) {
        let rs = self.get_global_str(Special::Rs);
        self.para = rs.is_empty();
        self.rs = if rs.is_empty() {
            RsMode::Para
        } else if rs.len() == 1 {
            RsMode::Char(rs[0])
        } else {
            match compile_re(&rs, false) {
                Ok(r) => RsMode::Regex(Rc::new(r)),
                Err(_) => RsMode::Char(rs[0]),
            }
        };
        self.update_splitter();
    }

    /// The key of a subscript list, and whether it is input text (a strnum).
    #[inline(never)]
    pub(super) fn subscript(&mut self, subs: &[Expr]) -> Res<(Str, bool)> {
        if subs.len() == 1 {
            let v = self.eval(&subs[0])?;
            return Ok((self.key_of(&v), matches!(v, Value::StrNum(_))));
        }
        let mut k = Vec::new();
        for (i, s) in subs.iter().enumerate() {
            if i > 0 {
                k.extend_from_slice(&self.subsep);
            }
            let v = self.eval(s)?;
            k.extend_from_slice(&self.key_of(&v));
        }
        Ok((Rc::from(k), false))
    }

    /// The array key a value stands for.
    pub fn key_of(&self, v: &Value) -> Str {
        match v {
            Value::Num(n) if *n == n.trunc() && n.abs() < 1e15 => Rc::from((*n as i64).to_string().as_bytes()),
            _ => v.to_str(&self.convfmt),
        }
    }

    // ----- record and fields -----

    /// Set `$0` (fields split lazily).
    pub fn set_record(&mut self, text: Str) {
        self.record.text = text;
        self.record.split = false;
        self.record.splitter = self.splitter.clone();
    }

    #[inline(never)]
    fn ensure_split(&mut self) {
        if self.record.split {
            return;
        }
        let rec = &mut self.record;
        rec.spans.clear();
        rec.fields.clear();
        rec.materialized = false;
        let text = rec.text.clone();
        let base = text.as_ptr() as usize;
        let spans = &mut rec.spans;
        rec.splitter.split(&text, self.utf8, |f| {
            let s = (f.as_ptr() as usize - base) as u32;
            spans.push((s, s + f.len() as u32));
        });
        rec.split = true;
        let nf = self.record.spans.len();
        self.globals[sp(Special::Nf)] = Cell::Val(Value::Num(nf as f64));
    }

    fn materialize(&mut self) {
        self.ensure_split();
        let rec = &mut self.record;
        if !rec.materialized {
            let text = &rec.text;
            rec.fields = rec.spans.iter().map(|&(s, e)| Value::strnum(&text[s as usize..e as usize])).collect();
            rec.materialized = true;
        }
    }

    /// `NF`
    pub fn nf(&mut self) -> usize {
        self.ensure_split();
        if self.record.materialized {
            self.record.fields.len()
        } else {
            self.record.spans.len()
        }
    }

    /// `$i`
    pub fn field(&mut self, i: usize) -> Value {
        if i == 0 {
            return Value::StrNum(self.record.text.clone());
        }
        self.ensure_split();
        let rec = &self.record;
        if rec.materialized {
            return rec.fields.get(i - 1).cloned().unwrap_or(Value::Uninit);
        }
        match rec.spans.get(i - 1) {
            Some(&(s, e)) => Value::strnum(&rec.text[s as usize..e as usize]),
            None => Value::Uninit,
        }
    }

    fn rebuild(&mut self) {
        let mut t = Vec::new();
        for (i, f) in self.record.fields.iter().enumerate() {
            if i > 0 {
                t.extend_from_slice(&self.ofs);
            }
            f.push_to(&mut t, &self.convfmt);
        }
        self.record.text = Rc::from(t);
        let nf = self.record.fields.len();
        self.globals[sp(Special::Nf)] = Cell::Val(Value::Num(nf as f64));
    }

    /// Assign `$i`.
    #[inline(never)]
    pub fn set_field(&mut self, i: usize, v: Value) -> Res<()> {
        if i == 0 {
            let s = v.to_str(&self.convfmt);
            self.set_record(s);
            return Ok(());
        }
        if i > MAX_FIELDS {
            return Err(self.fatal(0, "field index too large"));
        }
        self.materialize();
        if self.record.fields.len() < i {
            self.record.fields.resize(i, Value::Uninit);
        }
        self.record.fields[i - 1] = match v {
            Value::Num(_) | Value::Uninit => v,
            other => Value::StrNum(other.to_str(&self.convfmt)),
        };
        self.rebuild();
        Ok(())
    }

    fn set_nf(&mut self, n: usize) -> Res<()> {
        if n > MAX_FIELDS {
            return Err(self.fatal(0, "NF too large"));
        }
        self.materialize();
        self.record.fields.resize(n, Value::Uninit);
        self.rebuild();
        Ok(())
    }

    // ----- regexes -----

    /// The regex of a dynamic string (cached).
    #[inline(never)]
    pub fn dyn_regex(&mut self, s: &[u8]) -> Res<Rc<PosixRegex>> {
        if let Some(r) = self.dyn_re.get(s) {
            return Ok(r.clone());
        }
        match compile_re(s, false) {
            Ok(r) => {
                let r = Rc::new(r);
                if self.dyn_re.len() > 1000 {
                    self.dyn_re.clear();
                }
                self.dyn_re.insert(s.to_vec(), r.clone());
                Ok(r)
            }
            Err(e) => {
                let msg = format!("invalid regexp: {e}: /{}/", String::from_utf8_lossy(s));
                Err(self.fatal(0, &msg))
            }
        }
    }

    /// The regex an expression stands for: a literal or the string value of anything else.
    #[inline(never)]
    pub fn regex_of(&mut self, e: &Expr) -> Res<Rc<PosixRegex>> {
        match e {
            Expr::Regex(i) => Ok(self.regexes[*i].clone()),
            Expr::Group(inner) if matches!(**inner, Expr::Regex(_)) => self.regex_of(inner),
            _ => {
                let v = self.eval(e)?;
                let s = v.to_str(&self.convfmt);
                self.dyn_regex(&s)
            }
        }
    }

    // ----- evaluation -----

    /// Evaluate an expression.
    pub fn eval(&mut self, e: &Expr) -> Res<Value> {
        Ok(match e {
            Expr::Num(n) => Value::Num(*n),
            Expr::Str(s) => Value::Str(s.clone()),
            Expr::Regex(i) => {
                let re = self.regexes[*i].clone();
                Value::Num(if re.is_match(&self.record.text) { 1.0 } else { 0.0 })
            }
            Expr::Var(v) => self.get_var(*v)?,
            Expr::Nf => Value::Num(self.nf() as f64),
            Expr::Field(ix) => {
                let i = self.field_index(ix)?;
                self.field(i)
            }
            Expr::Index(v, levels) => {
                let (a, k, strnum) = self.elem_place(*v, levels)?;
                self.elem_value(&a, &k, strnum)?
            }
            Expr::In(subs, path) => {
                let a = self.path_array(path, Want::Value)?;
                let (k, _) = self.subscript(subs)?;
                let r = a.borrow().contains(&k);
                Value::Num(r as i32 as f64)
            }
            Expr::Assign(lv, rhs) => {
                let val = self.eval(rhs)?;
                let p = self.place(lv)?;
                self.store(&p, val.clone())?;
                val
            }
            Expr::AugAssign(op, lv, rhs, line) => {
                let r = self.eval_num(rhs)?;
                let p = self.place(lv)?;
                let cur = self.load(&p)?.num();
                let v = self.arith(*op, cur, r, *line)?;
                self.store(&p, Value::Num(v))?;
                Value::Num(v)
            }
            Expr::PreIncr(lv, d) => {
                let p = self.place(lv)?;
                let v = self.load(&p)?.num() + d;
                self.store(&p, Value::Num(v))?;
                Value::Num(v)
            }
            Expr::PostIncr(lv, d) => {
                let p = self.place(lv)?;
                let v = self.load(&p)?.num();
                self.store(&p, Value::Num(v + d))?;
                Value::Num(v)
            }
            Expr::Cond(c, a, b) => {
                if self.eval(c)?.truth() {
                    self.eval(a)?
                } else {
                    self.eval(b)?
                }
            }
            Expr::And(a, b) => Value::Num((self.eval(a)?.truth() && self.eval(b)?.truth()) as i32 as f64),
            Expr::Or(a, b) => Value::Num((self.eval(a)?.truth() || self.eval(b)?.truth()) as i32 as f64),
            Expr::Not(a) => Value::Num((!self.eval(a)?.truth()) as i32 as f64),
            Expr::Neg(a) => Value::Num(-self.eval_num(a)?),
            Expr::Plus(a) => Value::Num(self.eval_num(a)?),
            Expr::Arith(op, a, b, line) => {
                let x = self.eval_num(a)?;
                let y = self.eval_num(b)?;
                Value::Num(self.arith(*op, x, y, *line)?)
            }
            Expr::Cmp(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                let o = compare(&x, &y, &self.convfmt);
                use std::cmp::Ordering::*;
                let r = match op {
                    Cmp::Lt => o == Less,
                    Cmp::Le => o != Greater,
                    Cmp::Eq => o == Equal,
                    Cmp::Ne => o != Equal,
                    Cmp::Gt => o == Greater,
                    Cmp::Ge => o != Less,
                };
                Value::Num(r as i32 as f64)
            }
            Expr::Concat(a, b) => self.concat(a, b)?,
            Expr::Match(neg, l, r) => {
                let s = self.eval(l)?.to_str(&self.convfmt);
                let re = self.regex_of(r)?;
                Value::Num((re.is_match(&s) != *neg) as i32 as f64)
            }
            Expr::Call(f, args) => self.call_user(*f, args)?,
            Expr::Builtin(name, args) => self.builtin(name, args)?,
            Expr::Getline(src, lv) => self.getline(src, lv.as_deref())?,
            Expr::Group(e) => self.eval(e)?,
        })
    }

    fn field_index(&mut self, ix: &Expr) -> Res<usize> {
        let n = match ix {
            Expr::Num(n) => *n,
            e => self.eval(e)?.num(),
        };
        if n < 0.0 {
            let msg = format!("attempt to access field {}", n as i64);
            return Err(self.fatal(0, &msg));
        }
        Ok(n as usize)
    }

    fn arith(&mut self, op: Arith, x: f64, y: f64, line: u32) -> Res<f64> {
        Ok(match op {
            Arith::Add => x + y,
            Arith::Sub => x - y,
            Arith::Mul => x * y,
            Arith::Div => {
                if y == 0.0 {
                    return Err(self.fatal(line, "division by zero attempted"));
                }
                x / y
            }
            Arith::Mod => {
                if y == 0.0 {
                    return Err(self.fatal(line, "division by zero attempted in `%'"));
                }
                x % y
            }
            Arith::Pow => pow(x, y),
        })
    }

    pub(super) fn place(&mut self, lv: &LValue) -> Res<Place> {
        Ok(match lv {
            LValue::Var(v) => Place::Var(*v),
            LValue::Field(ix) => Place::Field(self.field_index(ix)?),
            LValue::Index(v, levels) => {
                let (a, k, strnum) = self.elem_place(*v, levels)?;
                Place::Elem(a, k, strnum)
            }
        })
    }

    pub(super) fn load(&mut self, p: &Place) -> Res<Value> {
        Ok(match p {
            Place::Var(v) if *v == Var::Global(Special::Nf as u32) => Value::Num(self.nf() as f64),
            Place::Var(v) => self.get_var(*v)?,
            Place::Field(i) => self.field(*i),
            Place::Elem(a, k, strnum) => self.elem_value(a, k, *strnum)?,
        })
    }

    pub(super) fn store(&mut self, p: &Place, val: Value) -> Res<()> {
        match p {
            Place::Var(v) => self.set_var(*v, val),
            Place::Field(i) => self.set_field(*i, val),
            Place::Elem(a, k, strnum) => self.elem_store(a, k, *strnum, val),
        }
    }

    /// Assign through an lvalue.
    pub fn assign(&mut self, lv: &LValue, val: Value) -> Res<()> {
        let p = self.place(lv)?;
        self.store(&p, val)
    }

    #[inline(never)]
    fn call_user(&mut self, fi: usize, args: &[Expr]) -> Res<Value> {
        let prog = self.prog.clone();
        let f = &prog.funcs[fi];
        if args.len() > f.nparams {
            let msg = format!("function `{}' called with more arguments than declared", f.name);
            return Err(self.fatal(0, &msg));
        }
        if self.depth >= MAX_DEPTH {
            return Err(self.fatal(0, "function call nesting too deep"));
        }
        let mut cells = Vec::with_capacity(f.nparams);
        let mut froms = Vec::with_capacity(f.nparams);
        for a in args {
            let (cell, from) = self.bind_arg(a)?;
            cells.push(cell);
            froms.push(from);
        }
        cells.resize(f.nparams, Cell::New);
        froms.resize(f.nparams, None);
        let old_base = self.base;
        let new_base = self.locals.len();
        self.locals.extend(cells);
        self.from.extend(froms);
        self.base = new_base;
        self.depth += 1;
        let old_fn = self.cur_fn.replace(fi);
        let line = self.line;
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.exec_block(&f.body));
        self.line = line;
        self.depth -= 1;
        self.cur_fn = old_fn;
        self.locals.truncate(new_base);
        self.from.truncate(new_base);
        self.base = old_base;
        match r {
            Ok(()) => Ok(Value::Uninit),
            Err(Flow::Return(v)) => Ok(v),
            Err(other) => Err(other),
        }
    }

    // ----- statements -----

    /// Run statements.
    pub fn exec_block(&mut self, b: &[Stmt]) -> Res<()> {
        for s in b {
            self.exec(s)?;
        }
        Ok(())
    }

    fn exec(&mut self, s: &Stmt) -> Res<()> {
        match s {
            Stmt::Expr(e) => {
                self.eval(e)?;
            }
            Stmt::Print(args, redir) => {
                // built in a reused scratch buffer: evaluating the arguments may print too
                let mut line = std::mem::take(&mut self.scratch);
                line.clear();
                let r = self.print_into(args, &mut line);
                let r = r.and_then(|()| match redir {
                    None => self.write_out(&line),
                    Some(_) => self.emit(redir.as_ref(), &line),
                });
                if line.capacity() <= 1 << 16 {
                    self.scratch = line;
                }
                r?;
            }
            Stmt::Printf(args, redir) => self.printf_stmt(args, redir.as_ref())?,
            Stmt::If(c, t, e) => {
                if self.eval(c)?.truth() {
                    self.exec(t)?;
                } else if let Some(e) = e {
                    self.exec(e)?;
                }
            }
            Stmt::While(c, b) => {
                while self.eval(c)?.truth() {
                    self.tick()?;
                    match self.exec(b) {
                        Err(Flow::Break) => break,
                        Err(Flow::Continue) | Ok(()) => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            Stmt::Do(b, c) => loop {
                self.tick()?;
                match self.exec(b) {
                    Err(Flow::Break) => break,
                    Err(Flow::Continue) | Ok(()) => {}
                    Err(e) => return Err(e),
                }
                if !self.eval(c)?.truth() {
                    break;
                }
            },
            Stmt::For(init, cond, step, b) => {
                if let Some(i) = init {
                    self.exec(i)?;
                }
                loop {
                    if let Some(c) = cond {
                        if !self.eval(c)?.truth() {
                            break;
                        }
                    }
                    self.tick()?;
                    match self.exec(b) {
                        Err(Flow::Break) => break,
                        Err(Flow::Continue) | Ok(()) => {}
                        Err(e) => return Err(e),
                    }
                    if let Some(s) = step {
                        self.exec(s)?;
                    }
                }
            }
            Stmt::ForIn(var, path, b) => {
                let a = self.path_array(path, Want::Value)?;
                // gawk goes through the subscripts there were at the start
                let keys = self.for_in_keys(&a);
                for k in keys {
                    self.tick()?;
                    self.assign(var, k)?;
                    match self.exec(b) {
                        Err(Flow::Break) => break,
                        Err(Flow::Continue) | Ok(()) => {}
                        Err(e) => return Err(e),
                    }
                }
            }
            Stmt::Block(b) => self.exec_block(b)?,
            Stmt::Switch(e, cases) => self.switch(e, cases)?,
            Stmt::Next => return Err(Flow::Next),
            Stmt::NextFile => return Err(Flow::NextFile),
            Stmt::Exit(e) => {
                if let Some(e) = e {
                    self.exit_code = (self.eval(e)?.num() as i64 & 0xff) as i32;
                }
                return Err(Flow::Exit);
            }
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(e)?,
                    None => Value::Uninit,
                };
                return Err(Flow::Return(v));
            }
            Stmt::Break => return Err(Flow::Break),
            Stmt::Continue => return Err(Flow::Continue),
            Stmt::Delete(path, subs) => {
                let a = self.array(path.var)?;
                let Some(a) = self.descend(a, &path.subs, false, Want::Named)? else { return Ok(()) };
                match subs {
                    Some(s) => {
                        let (k, _) = self.subscript(s)?;
                        a.borrow_mut().remove(&k);
                    }
                    None => a.borrow_mut().clear(),
                }
            }
            Stmt::Line(l) => self.line = *l,
        }
        Ok(())
    }

    #[inline(never)]
    fn switch(&mut self, e: &Expr, cases: &[(Option<Expr>, Vec<Stmt>)]) -> Res<()> {
        let v = self.eval(e)?;
        let mut start = None;
        for (i, (label, _)) in cases.iter().enumerate() {
            let hit = match label {
                None => false,
                Some(Expr::Regex(r)) => {
                    let re = self.regexes[*r].clone();
                    re.is_match(&v.to_str(&self.convfmt))
                }
                Some(l) => {
                    let c = self.eval(l)?;
                    let numeric = matches!(c, Value::Num(_));
                    if numeric {
                        // a number case matches a numeric value
                        match &v {
                            Value::Num(_) | Value::Uninit => v.num() == c.num(),
                            Value::StrNum(s) => super::value::looks_numeric(s) == Some(c.num()),
                            Value::Str(_) => false,
                        }
                    } else {
                        v.to_str(&self.convfmt) == c.to_str(&self.convfmt)
                    }
                }
            };
            if hit {
                start = Some(i);
                break;
            }
        }
        let start = start.or_else(|| cases.iter().position(|(l, _)| l.is_none()));
        let Some(start) = start else { return Ok(()) };
        for (_, body) in &cases[start..] {
            match self.exec_block(body) {
                Ok(()) => {}
                Err(Flow::Break) => return Ok(()),
                Err(other) => return Err(other),
            }
        }
        Ok(())
    }

    // ----- output -----

    #[inline(never)]
    fn printf_stmt(&mut self, args: &[Expr], redir: Option<&Redirect>) -> Res<()> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(a)?);
        }
        let fmt = vals.remove(0).to_str(&self.convfmt);
        let mut line = Vec::new();
        if let Err(e) = format::sprintf(&fmt, &vals, &self.convfmt, self.utf8, &mut line) {
            return Err(self.too_few(&fmt, e));
        }
        self.emit(redir, &line)
    }

    #[inline(never)]
    fn concat(&mut self, a: &Expr, b: &Expr) -> Res<Value> {
        let x = self.eval(a)?;
        let y = self.eval(b)?;
        let mut s = Vec::new();
        x.push_to(&mut s, &self.convfmt);
        y.push_to(&mut s, &self.convfmt);
        self.check_len(s.len())?;
        Ok(Value::Str(Rc::from(s)))
    }

    /// The text `print args` writes, appended to `line`.
    #[inline(never)]
    fn print_into(&mut self, args: &[Expr], line: &mut Vec<u8>) -> Res<()> {
        if args.is_empty() {
            line.extend_from_slice(&self.record.text);
        } else {
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    line.extend_from_slice(&self.ofs);
                }
                if let Expr::Field(ix) = a {
                    // a field's text without making a value of it
                    let n = self.field_index(ix)?;
                    if n == 0 {
                        line.extend_from_slice(&self.record.text);
                        continue;
                    }
                    self.ensure_split();
                    if !self.record.materialized {
                        if let Some(&(s, e)) = self.record.spans.get(n - 1) {
                            line.extend_from_slice(&self.record.text[s as usize..e as usize]);
                        }
                        continue;
                    }
                }
                let v = self.eval(a)?;
                v.push_to(line, &self.ofmt);
            }
        }
        line.extend_from_slice(&self.ors);
        if line.len() > MAX_STR + OUT_FLUSH {
            return Err(self.fatal(0, "output line too long"));
        }
        Ok(())
    }

    /// The numeric value of an expression, without making values of fields and constants.
    pub fn eval_num(&mut self, e: &Expr) -> Res<f64> {
        Ok(match e {
            Expr::Num(n) => *n,
            Expr::Field(ix) => {
                let n = self.field_index(ix)?;
                if n == 0 {
                    return Ok(super::value::str_to_num(&self.record.text));
                }
                self.ensure_split();
                if self.record.materialized {
                    return Ok(self.field(n).num());
                }
                match self.record.spans.get(n - 1) {
                    Some(&(s, e)) => super::value::str_to_num(&self.record.text[s as usize..e as usize]),
                    None => 0.0,
                }
            }
            Expr::Arith(op, a, b, line) => {
                let x = self.eval_num(a)?;
                let y = self.eval_num(b)?;
                self.arith(*op, x, y, *line)?
            }
            Expr::Neg(a) => -self.eval_num(a)?,
            Expr::Plus(a) => self.eval_num(a)?,
            Expr::Group(a) => self.eval_num(a)?,
            Expr::Nf => self.nf() as f64,
            other => self.eval(other)?.num(),
        })
    }

    #[inline(never)]
    fn emit(&mut self, redir: Option<&Redirect>, data: &[u8]) -> Res<()> {
        let Some(r) = redir else { return self.write_out(data) };
        let (e, mode) = match r {
            Redirect::File(e) => (e, 0),
            Redirect::Append(e) => (e, 1),
            Redirect::Pipe(e) => (e, 2),
        };
        let name = self.eval(e)?.to_str(&self.convfmt).to_vec();
        self.write_to(&name, mode, data)
    }

    /// Write to the stream `name` (opening it: mode 0 `>`, 1 `>>`, 2 `|`).
    #[inline(never)]
    pub fn write_to(&mut self, name: &[u8], mode: u8, data: &[u8]) -> Res<()> {
        if mode != 2 {
            match name {
                b"/dev/stdout" | b"-" => return self.write_out(data),
                b"/dev/stderr" => {
                    // unbuffered, while stdout stays buffered (as gawk: `2>&1` shows this first)
                    let _ = self.ctx.stderr.write_all(data);
                    return Ok(());
                }
                _ => {}
            }
        }
        let idx = match self.outputs.iter().position(|o| o.name == name) {
            Some(i) => i,
            None => {
                let n = String::from_utf8_lossy(name).into_owned();
                let path = self.ctx.abs_path(&n);
                if mode != 2 {
                    let wm = if mode == 0 { crate::fs::WriteMode::Truncate } else { crate::fs::WriteMode::Append };
                    if let Err(e) = self.ctx.fs.write_file(&path, b"", wm) {
                        let msg = format!("can't redirect to `{n}' ({e})");
                        return Err(self.fatal(0, &msg));
                    }
                }
                if mode == 2 {
                    // as gawk before it starts a command
                    self.flush_stdout()?;
                }
                self.outputs.push(OutStream { name: name.to_vec(), pipe: mode == 2, path, buf: Vec::new() });
                self.outputs.len() - 1
            }
        };
        let o = &mut self.outputs[idx];
        o.buf.extend_from_slice(data);
        if !o.pipe && o.buf.len() >= OUT_FLUSH {
            self.flush_stream(idx)?;
        }
        if o_len(&self.outputs[idx]) > MAX_STR {
            return Err(self.fatal(0, "output to a pipe too large"));
        }
        Ok(())
    }

    fn flush_stream(&mut self, idx: usize) -> Res<()> {
        let o = &mut self.outputs[idx];
        if o.pipe || o.buf.is_empty() {
            return Ok(());
        }
        let data = std::mem::take(&mut o.buf);
        let path = o.path.clone();
        if let Err(e) = self.ctx.fs.write_file(&path, &data, crate::fs::WriteMode::Append) {
            let msg = format!("write failure on `{}' ({e})", String::from_utf8_lossy(&self.outputs[idx].name));
            return Err(self.fatal(0, &msg));
        }
        Ok(())
    }

    /// Close stream `idx`: files are written, pipes run; the status.
    fn close_out(&mut self, idx: usize, explicit: bool) -> Res<i32> {
        self.flush_stream(idx)?;
        let o = self.outputs.remove(idx);
        if o.pipe {
            // stdout was flushed when the pipe opened; gawk flushes it again at close(), but
            // at exit it runs the pipes first
            if explicit {
                self.flush_stdout()?;
            }
            let cmd = String::from_utf8_lossy(&o.name).into_owned();
            let st = self.ctx.spawn.shell(&cmd, SpawnIn::Bytes(&o.buf), SpawnOut::Inherit);
            return Ok(st);
        }
        Ok(0)
    }

    /// `close(name)`: -1 when nothing of that name is open.
    pub fn close(&mut self, name: &[u8]) -> Res<f64> {
        if let Some(i) = self.outputs.iter().position(|o| o.name == name) {
            return Ok(self.close_out(i, true)? as f64);
        }
        if self.inputs.remove(name).is_some() {
            return Ok(0.0);
        }
        if let Some((_, st)) = self.cmd_inputs.remove(name) {
            return Ok(st as f64);
        }
        Ok(-1.0)
    }

    /// `fflush()` / `fflush(name)`.
    pub fn fflush(&mut self, name: Option<&[u8]>) -> Res<f64> {
        match name {
            None => {
                self.flush_stdout()?;
                for i in 0..self.outputs.len() {
                    self.flush_stream(i)?;
                }
                Ok(0.0)
            }
            Some(b"/dev/stdout") => {
                self.flush_stdout()?;
                Ok(0.0)
            }
            Some(n) => match self.outputs.iter().position(|o| o.name == n) {
                Some(i) => {
                    self.flush_stream(i)?;
                    Ok(0.0)
                }
                None => Ok(-1.0),
            },
        }
    }

    /// Close every output (at exit), in the order they were opened.
    pub fn close_all(&mut self) -> Res<()> {
        while !self.outputs.is_empty() {
            self.close_out(0, false)?;
        }
        self.flush_stdout()
    }

    /// `system(cmd)`.
    pub fn system(&mut self, cmd: &[u8]) -> Res<f64> {
        self.fflush(None)?;
        let cmd = String::from_utf8_lossy(cmd).into_owned();
        let st = self.ctx.spawn.shell(&cmd, SpawnIn::Inherit, SpawnOut::Inherit);
        Ok(st as f64)
    }

    // ----- input -----

    fn read_err(&mut self, e: ReadErr) -> Flow {
        match e {
            ReadErr::TooLong => self.fatal(0, "record too long (over 256 MiB)"),
            // A cancelled script's awk stops quietly.
            ReadErr::Io(e) if crate::util::cancelled::is(&e) => Flow::Fatal,
            ReadErr::Io(e) => {
                let msg = format!("error reading input file: {e}");
                self.fatal(0, &msg)
            }
        }
    }

    fn set_rt(&mut self, rt: &[u8]) {
        if let Cell::Val(Value::Str(cur)) = &self.globals[sp(Special::Rt)] {
            if cur.as_ref() == rt {
                return;
            }
        }
        self.globals[sp(Special::Rt)] = Cell::Val(Value::str(rt));
    }

    fn bump(&mut self, s: Special) {
        let n = self.global_num(s) + 1.0;
        self.globals[sp(s)] = Cell::Val(Value::Num(n));
    }

    /// The next record of the main input (opening files from `ARGV`, running
    /// `BEGINFILE`/`ENDFILE`), with `NR`/`FNR` updated.
    #[inline(never)]
    pub fn next_main(&mut self) -> Res<Option<Str>> {
        loop {
            if self.main_done {
                return Ok(None);
            }
            if self.main_reader.is_none() && !self.open_next_main()? {
                self.main_done = true;
                return Ok(None);
            }
            let rs = self.rs.clone();
            let Some(reader) = self.main_reader.as_mut() else { continue };
            match reader.next_record(&mut *self.ctx.stdin, &rs) {
                Ok(Some((rec, rt))) => {
                    self.set_rt(&rt);
                    self.bump(Special::Nr);
                    self.bump(Special::Fnr);
                    return Ok(Some(rec));
                }
                Ok(None) => self.end_main_file()?,
                Err(e) => return Err(self.read_err(e)),
            }
        }
    }

    /// Finish the current main input file (`ENDFILE`).
    pub fn end_main_file(&mut self) -> Res<()> {
        self.main_reader = None;
        let prog = self.prog.clone();
        for b in &prog.endfile {
            self.exec_block(b)?;
        }
        Ok(())
    }

    fn argv_get(&mut self, i: usize) -> Option<Value> {
        let Cell::Arr(a) = &self.globals[sp(Special::Argv)] else { return None };
        let v = a.borrow().value(i.to_string().as_bytes());
        v
    }

    fn open_next_main(&mut self) -> Res<bool> {
        loop {
            let argc = self.global_num(Special::Argc) as usize;
            if self.argi >= argc {
                if self.saw_file {
                    return Ok(false);
                }
                self.saw_file = true;
                self.main_reader = Some(Reader::new(Src::Stdin));
                self.globals[sp(Special::Fnr)] = Cell::Val(Value::Num(0.0));
                self.run_beginfile()?;
                return Ok(true);
            }
            let i = self.argi;
            self.argi += 1;
            let Some(v) = self.argv_get(i) else { continue };
            let arg = v.to_str(&self.convfmt);
            if arg.is_empty() {
                continue;
            }
            if let Some((name, val)) = split_assignment(&arg) {
                self.command_assign(name, val)?;
                continue;
            }
            self.saw_file = true;
            let name = String::from_utf8_lossy(&arg).into_owned();
            self.globals[sp(Special::Filename)] = Cell::Val(Value::strnum(&arg));
            self.globals[sp(Special::Fnr)] = Cell::Val(Value::Num(0.0));
            if name == "-" || name == "/dev/stdin" || name == "/dev/fd/0" {
                self.main_reader = Some(Reader::new(Src::Stdin));
            } else if let Some(r) = crate::builtins::fd_path(&name).and_then(|fd| self.ctx.fds.reader(fd)) {
                self.main_reader = Some(Reader::new(Src::File(r)));
            } else {
                let abs = self.ctx.abs_path(&name);
                let r = match self.ctx.fs.stat(&abs) {
                    Ok(m) if m.file_type == crate::fs::FileType::Dir => {
                        self.warn(0, &format!("command line argument `{name}' is a directory: skipped"));
                        continue;
                    }
                    Ok(_) => self.ctx.fs.open_read(&abs),
                    Err(e) => Err(e),
                };
                match r {
                    Ok(f) => self.main_reader = Some(Reader::new(Src::File(f))),
                    Err(e) => {
                        self.flush_stdout()?;
                        let _ = writeln!(self.ctx.stderr, "{}: fatal: cannot open file `{name}' for reading: {e}", self.ctx.name);
                        return Err(Flow::Fatal);
                    }
                }
            }
            self.run_beginfile()?;
            return Ok(true);
        }
    }

    fn run_beginfile(&mut self) -> Res<()> {
        let prog = self.prog.clone();
        for b in &prog.beginfile {
            match self.exec_block(b) {
                Err(Flow::NextFile) => {
                    self.main_reader = None;
                    return Ok(());
                }
                other => other?,
            }
        }
        Ok(())
    }

    /// A `var=value` operand or `-v` assignment (escapes processed, value a strnum).
    pub fn command_assign(&mut self, name: &[u8], val: &[u8]) -> Res<()> {
        let n = String::from_utf8_lossy(name).into_owned();
        let v = Value::strnum(&process_escapes(val));
        let slot = self.prog.globals.iter().position(|g| *g == n);
        match slot {
            Some(i) => self.set_var(Var::Global(i as u32), v),
            None => Ok(()),
        }
    }

    #[inline(never)]
    fn getline(&mut self, src: &GetSrc, lv: Option<&LValue>) -> Res<Value> {
        // the variable first (an array there is an error even at the end of the input)
        let place = match lv {
            Some(lv) => {
                let p = self.place(lv)?;
                self.scalar_place(&p)?;
                Some(p)
            }
            None => None,
        };
        let rs = self.rs.clone();
        let (rec, rt) = match src {
            GetSrc::Main => match self.next_main()? {
                Some(r) => {
                    let rt = self.get_global_str(Special::Rt).to_vec();
                    (r, std::borrow::Cow::Owned(rt))
                }
                None => return Ok(Value::Num(0.0)),
            },
            GetSrc::File(e) => {
                let name = self.eval(e)?.to_str(&self.convfmt).to_vec();
                if !self.inputs.contains_key(&name) {
                    let n = String::from_utf8_lossy(&name).into_owned();
                    let reader = if n == "-" || n == "/dev/stdin" || n == "/dev/fd/0" {
                        Reader::new(Src::Stdin)
                    } else if let Some(r) = crate::builtins::fd_path(&n).and_then(|fd| self.ctx.fds.reader(fd)) {
                        Reader::new(Src::File(r))
                    } else {
                        // pending output to the same file is written first
                        if let Some(i) = self.outputs.iter().position(|o| o.name == name) {
                            self.flush_stream(i)?;
                        }
                        let abs = self.ctx.abs_path(&n);
                        match self.ctx.fs.stat(&abs) {
                            Ok(m) if m.file_type == crate::fs::FileType::Dir => return Ok(Value::Num(-1.0)),
                            _ => {}
                        }
                        match self.ctx.fs.open_read(&abs) {
                            Ok(f) => Reader::new(Src::File(f)),
                            Err(_) => return Ok(Value::Num(-1.0)),
                        }
                    };
                    self.inputs.insert(name.clone(), reader);
                }
                let Some(r) = self.inputs.get_mut(&name) else { return Ok(Value::Num(-1.0)) };
                match r.next_record(&mut *self.ctx.stdin, &rs) {
                    Ok(Some(x)) => x,
                    Ok(None) => return Ok(Value::Num(0.0)),
                    Err(e) => return Err(self.read_err(e)),
                }
            }
            GetSrc::Cmd(e) => {
                let name = self.eval(e)?.to_str(&self.convfmt).to_vec();
                if !self.cmd_inputs.contains_key(&name) {
                    self.fflush(None)?;
                    let mut buf = Vec::new();
                    let cmd = String::from_utf8_lossy(&name).into_owned();
                    let st = self.ctx.spawn.shell(&cmd, SpawnIn::Inherit, SpawnOut::Capture(&mut buf));
                    self.cmd_inputs.insert(name.clone(), (Reader::from_bytes(buf), st));
                }
                let Some((r, _)) = self.cmd_inputs.get_mut(&name) else { return Ok(Value::Num(-1.0)) };
                match r.next_record(&mut *self.ctx.stdin, &rs) {
                    Ok(Some(x)) => x,
                    Ok(None) => return Ok(Value::Num(0.0)),
                    Err(e) => return Err(self.read_err(e)),
                }
            }
        };
        if !matches!(src, GetSrc::Main) {
            self.set_rt(&rt);
        }
        match place {
            Some(p) => self.store(&p, Value::strnum(&rec))?,
            None => {
                self.set_record(rec);
                if !matches!(src, GetSrc::Main) {
                    self.ensure_split();
                }
            }
        }
        Ok(Value::Num(1.0))
    }

    // ----- the program -----

    /// Run the whole program; the exit status.
    pub fn run(&mut self) -> i32 {
        let r = self.run_inner();
        let st = match r {
            Ok(()) | Err(Flow::Exit) => self.exit_code,
            Err(Flow::Fatal) => 2,
            Err(Flow::Stop(s)) => return s,
            Err(_) => self.exit_code,
        };
        match self.close_all() {
            Ok(()) => st,
            Err(Flow::Stop(s)) => s,
            Err(_) => 2,
        }
    }

    fn run_inner(&mut self) -> Res<()> {
        let prog = self.prog.clone();
        let mut exiting = false;
        for b in &prog.begin {
            match self.exec_block(b) {
                Ok(()) => {}
                Err(Flow::Exit) => {
                    exiting = true;
                    break;
                }
                Err(Flow::Next) | Err(Flow::NextFile) => {
                    return Err(self.fatal(0, "`next' used in BEGIN action"));
                }
                Err(e) => return Err(e),
            }
        }
        let need_input = !prog.rules.is_empty() || !prog.end.is_empty() || !prog.beginfile.is_empty() || !prog.endfile.is_empty();
        if !exiting && need_input {
            match self.main_loop(&prog) {
                Ok(()) => {}
                Err(Flow::Exit) => exiting = true,
                Err(e) => return Err(e),
            }
        }
        let _ = exiting;
        for b in &prog.end {
            match self.exec_block(b) {
                Ok(()) => {}
                Err(Flow::Exit) => return Ok(()),
                Err(Flow::Next) | Err(Flow::NextFile) => {
                    return Err(self.fatal(0, "`next' used in END action"));
                }
                Err(e) => return Err(e),
            }
        }
        Ok(())
    }

    fn main_loop(&mut self, prog: &Program) -> Res<()> {
        'records: while let Some(rec) = self.next_main()? {
            self.tick()?;
            self.set_record(rec);
            for (pat, action) in &prog.rules {
                let hit = match pat {
                    Pattern::All => true,
                    Pattern::Expr(e) => self.eval(e)?.truth(),
                    Pattern::Range(a, b, id) => {
                        if self.ranges[*id] {
                            if self.eval(b)?.truth() {
                                self.ranges[*id] = false;
                            }
                            true
                        } else if self.eval(a)?.truth() {
                            if !self.eval(b)?.truth() {
                                self.ranges[*id] = true;
                            }
                            true
                        } else {
                            false
                        }
                    }
                };
                if !hit {
                    continue;
                }
                let r = match action {
                    None => {
                        let mut line = self.record.text.to_vec();
                        line.extend_from_slice(&self.ors);
                        self.write_out(&line)
                    }
                    Some(b) => self.exec_block(b),
                };
                match r {
                    Ok(()) => {}
                    Err(Flow::Next) => continue 'records,
                    Err(Flow::NextFile) => {
                        self.end_main_file()?;
                        continue 'records;
                    }
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(())
    }
}

fn o_len(o: &OutStream) -> usize {
    o.buf.len()
}

/// `x ^ y` as awk computes it.
fn pow(x: f64, y: f64) -> f64 {
    if y == y.trunc() && y.abs() < 1024.0 {
        let mut n = y.abs() as i64;
        let mut b = x;
        let mut r = 1.0;
        while n > 0 {
            if n & 1 == 1 {
                r *= b;
            }
            b *= b;
            n >>= 1;
        }
        return if y < 0.0 { 1.0 / r } else { r };
    }
    x.powf(y)
}

/// `name=value` when `s` is a command-line assignment.
pub fn split_assignment(s: &[u8]) -> Option<(&[u8], &[u8])> {
    let eq = s.iter().position(|&c| c == b'=')?;
    let name = &s[..eq];
    if name.is_empty() || !(name[0].is_ascii_alphabetic() || name[0] == b'_') || !name.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_') {
        return None;
    }
    Some((name, &s[eq + 1..]))
}

/// Process the escapes of a `-v` value (as in string constants).
pub fn process_escapes(s: &[u8]) -> Vec<u8> {
    if !s.contains(&b'\\') {
        return s.to_vec();
    }
    let mut quoted = Vec::with_capacity(s.len() + 2);
    quoted.push(b'"');
    for &c in s {
        if c == b'"' || c == b'\n' {
            quoted.push(b'\\');
        }
        quoted.push(c);
    }
    if s.ends_with(b"\\") && !s.ends_with(b"\\\\") {
        quoted.push(b'\\');
    }
    quoted.push(b'"');
    let mut l = super::lexer::Lexer::new(&quoted);
    match l.next() {
        Ok(super::lexer::Tok::Str(v)) => v,
        _ => s.to_vec(),
    }
}

/// A byte as a regex matching itself.
fn escape_re_byte(b: u8) -> Vec<u8> {
    if b"\\^$.[]|()*+?{}".contains(&b) {
        vec![b'\\', b]
    } else {
        vec![b]
    }
}
