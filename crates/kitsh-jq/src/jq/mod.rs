//! `jq`: jq 1.8's command line on top of the jaq crates (jaq-core compiles and runs the
//! program, jaq-std and jaq-json give the standard library). Reading and writing JSON, the
//! options, messages and exit statuses are kitsh's own, shaped as jq 1.8's.
//!
//! Inputs are parsed one value at a time as they arrive (`yes '{}' | jq -c . | head -1` ends at
//! once); output is written after each input's results.

pub mod cli;
mod civil;
mod defs;
mod grammar;
mod modules;
mod natives;
pub mod read;
mod scan;
mod regex;
mod rewrite;
pub mod write;
pub(crate) mod json;

use std::cell::RefCell;
use std::io::Write;

use jaq_core::load::{Arena, File, Import, Loader};
use jaq_core::{Compiler, Ctx as JCtx, Vars};
use json::{Map, Val};

use super::{Builtin, Ctx};
use crate::fs::FileSystem;
use cli::{NamedKind, Opts};
use read::{ReadError, Reader};
use write::Format;

/// The `jq` command.
pub struct Jq;

/// The data kind of our filters: jaq-json values, with kitsh's run-time state.
pub(crate) struct Kind;

impl jaq_core::DataT for Kind {
    type V<'a> = Val;
    type Data<'a> = &'a Shared<'a>;
}

impl<'a> jaq_core::data::HasLut<'a, Kind> for &'a Shared<'a> {
    fn lut(&self) -> &'a jaq_core::Lut<Kind> {
        self.lut
    }

    /// A string literal's value is made once per run and shared after (`.name`, `== "x"`
    /// would otherwise allocate it for every input).
    fn str_lit(&self, id: usize, s: &str) -> Val {
        self.literals.borrow_mut().entry(id).or_insert_with(|| Val::from(s.to_string())).clone()
    }
}

/// The values of a program's string literals, by term number (see [`Shared::literals`]).
type Literals = std::collections::HashMap<usize, Val, std::hash::BuildHasherDefault<TermHasher>>;

/// Hashes a term number (the only key of [`Literals`]) with one multiplication.
#[derive(Default)]
struct TermHasher(u64);

impl std::hash::Hasher for TermHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = ((self.0 << 8) | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = (n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// Most bytes a single input (a `-s` array, a `-R` line, a file) may take in memory.
const MAX_INPUT: usize = 1 << 30;

/// Where input values come from: the operands one after the other (or stdin), parsed lazily.
pub(crate) struct Inputs<'a> {
    stdin: Option<&'a mut dyn std::io::Read>,
    fs: &'a dyn FileSystem,
    cwd: &'a str,
    files: std::collections::VecDeque<String>,
    reader: Option<Reader<'a>>,
    /// The current input's name (`<stdin>` or the operand), `None` before any was opened.
    pub name: Option<String>,
    raw: bool,
    /// Errors opening files (`jq: error: Could not open f: ...`), printed by the caller.
    pub open_errors: Vec<String>,
    /// A parse error that ended the input.
    pub parse_error: Option<String>,
    /// Set once every input has been read.
    done: bool,
}

impl<'a> Inputs<'a> {
    fn open_next(&mut self) -> bool {
        loop {
            let Some(f) = self.files.pop_front() else { return false };
            if f == "-" || f == "/dev/stdin" || f == "<stdin>" {
                if let Some(s) = self.stdin.take() {
                    self.reader = Some(Reader::new(read::Src::Borrowed(s)));
                    self.name = Some(if f == "<stdin>" { f } else { "<stdin>".into() });
                    return true;
                }
                continue;
            }
            let abs = crate::fs::join_path(self.cwd, &f);
            let opened = match self.fs.stat(&abs) {
                Ok(m) if m.file_type == crate::fs::FileType::Dir => Err("Is a directory".to_string()),
                Ok(_) => self.fs.open_read(&abs).map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            };
            match opened {
                Ok(r) => {
                    self.reader = Some(Reader::new(read::Src::Owned(r)));
                    self.name = Some(f);
                    return true;
                }
                Err(e) => self.open_errors.push(format!("jq: error: Could not open file {f}: {e}")),
            }
        }
    }

    /// The next input value (`-R`: the next line), `None` at the end or after a parse error.
    pub fn next_value(&mut self) -> Option<Val> {
        if self.done {
            return None;
        }
        loop {
            if self.reader.is_none() && !self.open_next() {
                self.done = true;
                return None;
            }
            let r = self.reader.as_mut()?;
            let res = if self.raw {
                r.raw_line(MAX_INPUT).map(|o| o.map(|l| Val::utf8_str(read::sanitize_utf8(l))))
            } else {
                r.next_value()
            };
            match res {
                Ok(Some(v)) => return Some(v),
                Ok(None) => self.reader = None,
                Err(ReadError::Parse(e)) => {
                    self.parse_error = Some(format!("jq: parse error: {e}"));
                    self.done = true;
                    return None;
                }
                Err(ReadError::Io(e)) => {
                    // A cancelled script's jq stops quietly.
                    if !crate::util::cancelled::is(&e) {
                        self.parse_error = Some(format!("jq: error: {e}"));
                    }
                    self.done = true;
                    return None;
                }
            }
        }
    }

    /// All remaining text (`-R -s`).
    fn rest_text(&mut self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        loop {
            if self.reader.is_none() && !self.open_next() {
                self.done = true;
                return Ok(out);
            }
            if let Some(r) = self.reader.as_mut() {
                match r.rest(MAX_INPUT) {
                    Ok(b) => out.extend_from_slice(&b),
                    Err(ReadError::Io(e)) if crate::util::cancelled::is(&e) => {
                        self.done = true;
                        return Ok(out);
                    }
                    Err(ReadError::Io(e)) => return Err(format!("jq: error: {e}")),
                    Err(ReadError::Parse(e)) => return Err(format!("jq: error: {e}")),
                }
            }
            self.reader = None;
        }
    }

    /// Lines jq has fetched so far in the current input (see [`read::Reader::fetched_lines`]).
    pub fn reader_fetched_lines(&self) -> usize {
        self.reader.as_ref().map_or(0, |r| r.fetched_lines())
    }

    /// `<stdin>:N` as in jq's messages, or `<unknown>` before any input.
    pub fn location(&self) -> String {
        match &self.name {
            Some(n) => format!("{n}:{}", self.reader_fetched_lines()),
            None => "<unknown>".into(),
        }
    }
}

/// Run-time state the natives reach through the filter context.
pub(crate) struct Shared<'a> {
    lut: &'a jaq_core::Lut<Kind>,
    /// The input values.
    pub inputs: RefCell<Inputs<'a>>,
    /// `debug`/`stderr` messages not yet written to stderr.
    pub messages: RefCell<Vec<u8>>,
    /// Cancellation (timeouts).
    pub cancel: &'a dyn super::Cancel,
    /// Set when the program recursed too deep (see `natives::guard_check`).
    pub depth_exceeded: std::cell::Cell<bool>,
    /// How many deletion marks updates have made (see `natives::TOMB`).
    pub tombs: std::cell::Cell<usize>,
    /// Where modules are found (`modulemeta`).
    pub modenv: modules::ModEnv<'a>,
    /// The values of the string literals run so far.
    literals: RefCell<Literals>,
    /// What the program's values hold, where the process's allocator can tell (see
    /// `natives::guard_check`).
    pub heap: Option<HeapWatch>,
    /// Loop steps taken (`natives::guard_check`).
    pub ticks: std::cell::Cell<u64>,
}

/// A [`crate::alloc::Meter`] on the thread running the program, with the script's
/// `max_heap_bytes`; detached when dropped.
pub(crate) struct HeapWatch {
    /// The meter.
    pub meter: crate::alloc::Meter,
    /// The bytes the program may hold.
    pub limit: u64,
}

impl HeapWatch {
    /// Meter this thread, when [`crate::alloc::MeteredAlloc`] is the allocator (the CLI's).
    fn start(cancel: &dyn super::Cancel) -> Option<HeapWatch> {
        let limit = cancel.heap_limit()?;
        let meter = crate::alloc::Meter::start()?;
        meter.attach();
        Some(HeapWatch { meter, limit })
    }
}

impl Drop for HeapWatch {
    fn drop(&mut self) {
        crate::alloc::Meter::detach();
    }
}

impl Builtin for Jq {
    fn run(&self, ctx: &mut Ctx<'_>, args: &[String]) -> i32 {
        let opts = match cli::parse(args) {
            Ok(o) => o,
            Err(e) => {
                let _ = writeln!(ctx.stderr, "jq: {e}");
                let _ = writeln!(ctx.stderr, "{HELP_HINT}");
                return 2;
            }
        };
        if opts.version {
            return match writeln!(ctx.stdout, "jq-1.8.1") {
                Ok(()) => 0,
                Err(e) => crate::builtins::args::write_failed(ctx, &e),
            };
        }
        if opts.help {
            return match ctx.stdout.write_all(USAGE.as_bytes()) {
                Ok(()) => 0,
                Err(e) => crate::builtins::args::write_failed(ctx, &e),
            };
        }
        // jaq evaluates (and drops) nested values recursively: give it a large stack of its own
        // so that the 10 000 levels jq accepts cannot overflow the thread's stack.
        stacker::grow(STACK, || run(ctx, opts))
    }
}

/// What jq prints after a bad command line.
const HELP_HINT: &str = "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.org";

/// Stack for evaluating a program (reserved, committed only as used).
const STACK: usize = 256 << 20;

const USAGE: &str = "Usage:\tjq [OPTIONS] FILTER [FILES...]\n\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\njq is a tool for processing JSON inputs, applying the given filter to\nits JSON text inputs and producing the filter's results as JSON on\nstandard output.\n\nThe simplest filter is ., which copies jq's input to its output\nunmodified except for formatting. For more advanced filters see\nthe jq(1) manpage (\"man jq\") and/or https://jqlang.org/.\n\nExample:\n\n\t$ echo '{\"foo\": 0}' | jq .\n\t{\n\t  \"foo\": 0\n\t}\n\nFor listing the command options, use jq --help.\n";

fn read_file(ctx: &Ctx<'_>, path: &str) -> Result<Vec<u8>, String> {
    let abs = ctx.abs_path(path);
    let mut r = ctx.fs.open_read(&abs).map_err(|e| format!("Could not open {path}: {e}"))?;
    let mut buf = Vec::new();
    std::io::Read::take(&mut r, MAX_INPUT as u64 + 1).read_to_end(&mut buf).map_err(|e| format!("Could not open {path}: {e}"))?;
    if buf.len() > MAX_INPUT {
        return Err(format!("{path}: file too large"));
    }
    Ok(buf)
}

use std::io::Read as _;

/// Global variables: `$ENV`, `$__prog_args`-style `$ARGS`, and the named arguments.
fn globals(ctx: &Ctx<'_>, opts: &Opts, loc_line: usize) -> Result<(Vec<String>, Vec<Val>), (String, i32)> {
    let mut names = vec!["$ENV".to_string(), "$ARGS".to_string(), "$__prog_name".to_string(), "$__loc__".to_string()];
    let env: Map = ctx.env.exported().into_iter().map(|(k, v)| (Val::from(k), Val::from(v))).collect();
    let mut named = Map::default();
    let mut vals = Vec::new();
    for (name, kind, value) in &opts.named {
        let v = match kind {
            NamedKind::Arg => Val::from(value.clone()),
            NamedKind::Json => read::parse_single(value.as_bytes())
                .map_err(|_| (format!("jq: invalid JSON text passed to --argjson\n{HELP_HINT}"), 2))?,
            NamedKind::RawFile => {
                let b = read_file(ctx, value).map_err(|e| (format!("jq: error: {e}"), 2))?;
                Val::utf8_str(read::sanitize_utf8(b))
            }
            NamedKind::SlurpFile => {
                let b = read_file(ctx, value).map_err(|e| (format!("jq: Bad JSON in --slurpfile {name} {value}: {e}"), 2))?;
                let mut r = Reader::from_slice(&b);
                let mut items = Vec::new();
                loop {
                    match r.next_value() {
                        Ok(Some(v)) => items.push(v),
                        Ok(None) => break,
                        Err(ReadError::Parse(e)) => return Err((format!("jq: Bad JSON in --slurpfile {name} {value}: {e}"), 2)),
                        Err(ReadError::Io(e)) => return Err((format!("jq: error: {e}"), 2)),
                    }
                }
                Val::Arr(items.into())
            }
        };
        named.insert(Val::from(name.clone()), v.clone());
        names.push(format!("${name}"));
        vals.push(v);
    }
    let mut positional = Vec::new();
    for (json, text) in &opts.positional {
        if *json {
            let v = read::parse_single(text.as_bytes())
                .map_err(|_| (format!("jq: invalid JSON text passed to --jsonargs\n{HELP_HINT}"), 2))?;
            positional.push(v);
        } else {
            positional.push(Val::from(text.clone()));
        }
    }
    let mut args = Map::default();
    args.insert(Val::from("positional".to_string()), Val::Arr(positional.into()));
    args.insert(Val::from("named".to_string()), Val::obj(named));
    let mut loc = Map::default();
    loc.insert(Val::from("file".to_string()), Val::from("<top-level>".to_string()));
    loc.insert(Val::from("line".to_string()), Val::from(loc_line));
    let mut all = vec![Val::obj(env), Val::obj(args), Val::from("jq".to_string()), Val::obj(loc)];
    all.extend(vals);
    Ok((names, all))
}

fn run(ctx: &mut Ctx<'_>, opts: Opts) -> i32 {
    let code = match (&opts.from_file, &opts.program) {
        (Some(f), _) => match read_file(ctx, f) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                let _ = writeln!(ctx.stderr, "jq: error: {e}");
                return 2;
            }
        },
        (None, Some(p)) => p.clone(),
        (None, None) => {
            let _ = write!(ctx.stderr, "{USAGE}");
            return 2;
        }
    };
    let loc_line = code.find("$__loc__").map_or(1, |i| code[..i].matches('\n').count() + 1);
    let (var_names, var_vals) = match globals(ctx, &opts, loc_line) {
        Ok(g) => g,
        Err((msg, status)) => {
            let _ = writeln!(ctx.stderr, "{msg}");
            return status;
        }
    };
    let home = ctx.env.get("HOME");
    let modenv = modules::ModEnv { fs: ctx.fs, cwd: ctx.cwd, home: home.as_deref(), lib: &opts.lib_paths };
    let (filter, data_vals) = match prepare(&code, &var_names, &modenv, None) {
        Ok(f) => f,
        Err(msgs) => {
            for m in &msgs {
                let _ = writeln!(ctx.stderr, "jq: error: {m}");
            }
            let n = msgs.len();
            let _ = writeln!(ctx.stderr, "jq: {n} compile error{}", if n == 1 { "" } else { "s" });
            return 3;
        }
    };

    let mut fmt = Format { sort_keys: opts.sort_keys, ascii: opts.ascii, color: opts.color, ..Format::default() };
    fmt.indent = if opts.compact {
        String::new()
    } else if opts.tab {
        "\t".into()
    } else {
        " ".repeat(opts.indent.unwrap_or(2))
    };

    let Ctx { stdin, stdout, stderr, fs, cwd, cancel, .. } = ctx;
    let files: std::collections::VecDeque<String> =
        if opts.files.is_empty() { ["<stdin>".to_string()].into() } else { opts.files.iter().cloned().collect() };
    let inputs = Inputs {
        stdin: Some(&mut **stdin),
        fs: *fs,
        cwd,
        files,
        reader: None,
        name: None,
        raw: opts.raw_input,
        open_errors: Vec::new(),
        parse_error: None,
        done: false,
    };
    let shared = Shared { lut: &filter.lut, inputs: RefCell::new(inputs), messages: RefCell::new(Vec::new()), cancel: *cancel, depth_exceeded: std::cell::Cell::new(false), tombs: std::cell::Cell::new(0), modenv, literals: RefCell::default(), heap: HeapWatch::start(*cancel), ticks: std::cell::Cell::new(0) };
    let mut runner = Runner { opts: &opts, fmt, out: Vec::new(), stdout: &mut **stdout, stderr: &mut **stderr, last: None, status: 0 };
    // The imported data files' values come after the global variables.
    let vars = Vars::new(var_vals.into_iter().chain(data_vals));
    let jctx = JCtx::<Kind>::new(&shared, vars);

    let run_one = |runner: &mut Runner<'_>, input: Val| -> Result<(), i32> {
        // jq 1.8 ends with the status of its last input's run: an error on an earlier input
        // is printed but does not decide the status.
        runner.status = 0;
        let outputs = filter.id.run((jctx.clone(), input));
        for y in outputs {
            // A cancelled script prints nothing more: what a read cut short gave (an empty
            // slurp, a count of `inputs`) would be a wrong answer.
            if shared.cancel.cancelled() {
                return Err(130);
            }
            runner.flush_messages(&shared)?;
            match y {
                Ok(v) => runner.emit(&v)?,
                Err(e) => match e.get_halt() {
                    Ok(code) => {
                        runner.flush_messages(&shared)?;
                        runner.flush()?;
                        if shared.depth_exceeded.get() {
                            let _ = writeln!(runner.stderr, "jq: error: maximum recursion depth exceeded");
                        }
                        return Err(code);
                    }
                    Err(e) => {
                        let msg = match e.get_err() {
                            Ok(err) => error_message(err),
                            Err(_) => ErrMsg::Str("unknown error".to_string()),
                        };
                        runner.flush_messages(&shared)?;
                        runner.flush()?;
                        let loc = shared.inputs.borrow().location();
                        let _ = match msg {
                            ErrMsg::Str(s) => writeln!(runner.stderr, "jq: error (at {loc}): {s}"),
                            ErrMsg::Other(s) => writeln!(runner.stderr, "jq: error (at {loc}) (not a string): {s}"),
                        };
                        runner.status = 5;
                        break;
                    }
                },
            }
        }
        runner.flush_messages(&shared)?;
        runner.flush()
    };

    let result: Result<(), i32> = (|| {
        if opts.null_input {
            run_one(&mut runner, Val::Null)?;
        } else if opts.slurp {
            let v = if opts.raw_input {
                let r = shared.inputs.borrow_mut().rest_text();
                match r {
                    Ok(b) => Val::utf8_str(read::sanitize_utf8(b)),
                    Err(e) => {
                        let _ = writeln!(runner.stderr, "{e}");
                        return Err(2);
                    }
                }
            } else {
                let mut items = Vec::new();
                loop {
                    if shared.cancel.cancelled() {
                        return Err(130);
                    }
                    let v = shared.inputs.borrow_mut().next_value();
                    match v {
                        Some(v) => items.push(v),
                        None => break,
                    }
                }
                if shared.inputs.borrow().parse_error.is_some() {
                    return Ok(());
                }
                Val::Arr(items.into())
            };
            run_one(&mut runner, v)?;
        } else {
            loop {
                if shared.cancel.cancelled() {
                    return Err(130);
                }
                let v = shared.inputs.borrow_mut().next_value();
                let Some(v) = v else { break };
                if opts.stream {
                    for ev in stream_events(&v) {
                        run_one(&mut runner, ev)?;
                    }
                } else {
                    run_one(&mut runner, v)?;
                }
            }
        }
        Ok(())
    })();
    let _ = runner.flush();
    let inputs = shared.inputs.borrow();
    for e in &inputs.open_errors {
        let _ = writeln!(runner.stderr, "{e}");
    }
    if let Err(code) = result {
        return code;
    }
    if let Some(e) = &inputs.parse_error {
        let _ = writeln!(runner.stderr, "{e}");
        // jq 1.8: a parse error of the input ends jq with status 5 (1.6 gave 2).
        return 5;
    }
    if !inputs.open_errors.is_empty() {
        return 2;
    }
    if runner.status != 0 {
        return runner.status;
    }
    if opts.exit_status {
        return match runner.last {
            None => 4,
            Some(true) => 0,
            Some(false) => 1,
        };
    }
    0
}

/// `--stream`: the `[path, leaf]` / `[path]` events of a value, as jq's streaming parser emits.
fn stream_events(v: &Val) -> Vec<Val> {
    fn walk(v: &Val, path: &mut Vec<Val>, out: &mut Vec<Val>, top: bool) {
        let p = |path: &Vec<Val>| Val::Arr(path.clone().into());
        match v {
            Val::Arr(a) if !a.is_empty() => {
                for (i, x) in a.iter().enumerate() {
                    path.push(Val::from(i));
                    walk(x, path, out, false);
                    path.pop();
                }
                let mut last = path.clone();
                last.push(Val::from(a.len() - 1));
                out.push(Val::Arr(vec![Val::Arr(last.into())].into()));
            }
            Val::Obj(o) if !o.is_empty() => {
                let mut last_key = None;
                for (k, x) in o.iter() {
                    path.push(k.clone());
                    walk(x, path, out, false);
                    path.pop();
                    last_key = Some(k.clone());
                }
                let mut last = path.clone();
                last.extend(last_key);
                out.push(Val::Arr(vec![Val::Arr(last.into())].into()));
            }
            _ => {
                // A scalar (also at the top level) is one event with no closing event.
                let _ = top;
                out.push(Val::Arr(vec![p(path), v.clone()].into()));
            }
        }
    }
    let mut out = Vec::new();
    walk(v, &mut Vec::new(), &mut out, true);
    out
}

/// The standard definitions (jaq's and kitsh's `defs.rs`), parsed once per process: parsing
/// them took most of a short `jq` call.
static STD_DEFS: std::sync::LazyLock<Vec<jaq_core::load::parse::Def<&'static str>>> =
    std::sync::LazyLock::new(|| jaq_core::defs().chain(jaq_std::defs().map(std_def)).chain(json::defs()).chain(extra_defs()).collect());

/// jaq-std defines `nan` as `0 / 0` and `infinite` as `1 / 0`, which are errors in jq 1.8: its
/// definitions (and so those built on them, `isnan`, `isinfinite`, ...) use natives instead.
fn std_def(mut d: jaq_core::load::parse::Def<&'static str>) -> jaq_core::load::parse::Def<&'static str> {
    let native = match (d.name, d.args.is_empty()) {
        ("nan", true) => "_kitsh_nan",
        ("infinite", true) => "_kitsh_infinite",
        _ => return d,
    };
    if let Some(body) = jaq_core::load::parse(native, |p| p.term()) {
        d.body = body;
    }
    d
}

/// Programs compiled recently, by program text and global variable names: scripts run the
/// same short filters (`jq -r .name`) again and again, and compiling one with the standard
/// definitions costs most of a short call. Bounded: emptied when full.
type FilterCache = std::collections::HashMap<(String, Vec<String>), std::sync::Arc<jaq_core::Filter<Kind>>>;
static FILTERS: std::sync::LazyLock<std::sync::Mutex<FilterCache>> = std::sync::LazyLock::new(Default::default);

/// Most programs kept in [`FILTERS`], and the longest program text cached.
const CACHED_FILTERS: usize = 64;
const CACHED_TEXT: usize = 4096;

fn cached(code: &str, vars: &[String]) -> Option<std::sync::Arc<jaq_core::Filter<Kind>>> {
    if code.len() > CACHED_TEXT {
        return None;
    }
    let cache = FILTERS.lock().unwrap_or_else(|e| e.into_inner());
    cache.get(&(code.to_string(), vars.to_vec())).cloned()
}

fn remember(code: &str, vars: &[String], f: jaq_core::Filter<Kind>) -> std::sync::Arc<jaq_core::Filter<Kind>> {
    let f = std::sync::Arc::new(f);
    if code.len() <= CACHED_TEXT {
        let mut cache = FILTERS.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= CACHED_FILTERS {
            cache.clear();
        }
        cache.insert((code.to_string(), vars.to_vec()), f.clone());
    }
    f
}

/// A compiled program and the values of the data files it imports.
type Prepared = (std::sync::Arc<jaq_core::Filter<Kind>>, Vec<Val>);

/// A compiled program (from the cache when it was compiled before) and the values of the
/// data files it imports; jq's compile error messages otherwise.
fn prepare(code: &str, var_names: &[String], env: &modules::ModEnv<'_>, dialect: Option<&Dialect>) -> Result<Prepared, Vec<String>> {
    // A program that uses modules depends on files: it is not cached, nor one that `~/.jq`
    // (included into every program) would change.
    let uses_files = code.contains("import") || code.contains("include") || env.home_file().is_some();
    if !uses_files {
        if let Some(f) = cached(code, var_names) {
            return Ok((f, Vec::new()));
        }
    }
    if dialect.is_none() {
        // jq's own grammar first: jq's words for its syntax errors, and no program jq rejects
        // runs because jaq would take it.
        let errs = grammar::syntax_errors(code);
        if !errs.is_empty() {
            return Err(errs.iter().map(|e| format!("{}{}", e.msg, grammar::locate(code, modules::MAIN, e.start, e.end))).collect());
        }
        if let Some(key) = rewrite::constant_key(code) {
            let kind = match key {
                "null" => "null",
                "true" | "false" => "boolean",
                _ => "number",
            };
            let start = offset_in(code, key);
            return Err(vec![format!("Cannot use {kind} ({key}) as object key{}", grammar::locate(code, modules::MAIN, start, start + key.len()))]);
        }
    }
    let rewritten = rewrite::rewrite(code);
    match compile(&rewritten, var_names, env, dialect) {
        Ok((f, data)) if uses_files => Ok((std::sync::Arc::new(f), data)),
        Ok((f, data)) => Ok((remember(code, var_names, f), data)),
        // Report errors against the program as written.
        Err(e) if rewritten != code => compile(code, var_names, env, dialect).and(Err(e)),
        Err(e) => Err(e),
    }
}

/// Compile `code`, or give jq-style compile error messages.
fn compile(code: &str, vars: &[String], env: &modules::ModEnv<'_>, dialect: Option<&Dialect>) -> Result<(jaq_core::Filter<Kind>, Vec<Val>), Vec<String>> {
    let arena = Arena::default();
    if code.contains("module") || code.contains("import") || code.contains("include") {
        // jaq takes any metadata: jq wants constant objects.
        if let Err((msg, pos)) = modules::check_main(code) {
            return Err(vec![format!("{msg} {}", at_file(code, modules::MAIN, code.get(pos..).unwrap_or("")))]);
        }
    }
    let mut prelude: Vec<jaq_core::load::parse::Def<&str>> = STD_DEFS.to_vec();
    if let Some(d) = dialect {
        prelude.extend(d.defs.iter().cloned());
    }
    // jq 1.8 reports a format it does not know (`@foo`) when it is applied, as a run-time
    // error: `foo is not a valid format`.
    for name in rewrite::formats(code) {
        if !prelude.iter().any(|d| d.args.is_empty() && d.name.strip_prefix('@') == Some(name)) {
            let text: &str = arena.alloc(format!("def @{name}: error(\"{name} is not a valid format\");"));
            prelude.extend(jaq_core::load::parse(text, |p| p.defs()).unwrap_or_default());
        }
    }
    if let Some((path, text)) = env.home_file() {
        let text: &str = arena.alloc(rewrite::rewrite(&text));
        match jaq_core::load::parse(text, |p| p.defs()) {
            Some(defs) => prelude.extend(defs),
            None => return Err(vec![format!("syntax error in {path}")]),
        }
    }
    let read = |imp: Import<&str, String>| -> Result<File<String, String>, String> {
        let meta = imp.meta.as_ref().map(modules::meta_val).transpose().map_err(str::to_string)?;
        let path = env.find(imp.parent, imp.path, meta.as_ref(), "jq")?;
        let text = env.read(&path)?;
        if let Err((msg, _)) = modules::check_main(&text) {
            return Err(format!("{msg} in {path}"));
        }
        Ok(File { code: rewrite::rewrite(&text), path })
    };
    let loader = Loader::new(prelude).with_read(read);
    let modules = loader.load(&arena, File { path: modules::MAIN.to_string(), code }).map_err(|errs| {
        use jaq_core::load::Error;
        let mut msgs = Vec::new();
        for (file, err) in errs {
            let (code, name) = (file.code, file.path.as_str());
            if matches!(err, Error::Lex(_) | Error::Parse(_)) {
                // A module's syntax errors in jq's words when jq's grammar finds them.
                let errs = grammar::syntax_errors(code);
                if !errs.is_empty() {
                    msgs.extend(errs.iter().map(|e| format!("{}{}", e.msg, grammar::locate(code, name, e.start, e.end))));
                    continue;
                }
            }
            match err {
                Error::Io(es) => {
                    for (_path, e) in es {
                        msgs.push(e);
                    }
                }
                Error::Lex(es) => {
                    for (expect, found) in es {
                        let what = match expect {
                            jaq_core::load::lex::Expect::Delim(d) => format!("unterminated '{d}'"),
                            jaq_core::load::lex::Expect::Digit => "expected digit".into(),
                            jaq_core::load::lex::Expect::Ident => "expected identifier".into(),
                            jaq_core::load::lex::Expect::Escape => "invalid escape".into(),
                            jaq_core::load::lex::Expect::Unicode => "invalid \\u escape".into(),
                            _ => "unexpected token".into(),
                        };
                        msgs.push(format!("syntax error, {what}{} {}", unexpected(found), at_file(code, name, found)));
                    }
                }
                Error::Parse(es) => {
                    for (expect, found) in es {
                        msgs.push(format!("syntax error, {}, expected {} {}", unexpected_tok(found), expect.as_str(), at_file(code, name, found)));
                    }
                }
            }
        }
        msgs
    })?;
    // Data imports (`import "f" as $f;`), in the order jaq binds them.
    let mut data = Vec::new();
    jaq_core::load::import(&modules, |imp| {
        let meta = imp.meta.as_ref().map(modules::meta_val).transpose().map_err(str::to_string)?;
        data.push(env.data(imp.parent, imp.path, meta.as_ref())?);
        Ok(())
    })
    .map_err(|errs| {
        errs.into_iter()
            .flat_map(|(_, e)| match e {
                jaq_core::load::Error::Io(es) => es.into_iter().map(|(_, m)| m).collect::<Vec<_>>(),
                _ => vec!["module error".to_string()],
            })
            .collect::<Vec<_>>()
    })?;
    let funs = jaq_core::funs::<Kind>().chain(jaq_std::funs::<Kind>()).chain(json::funs::<Kind>()).chain(natives::funs());
    Compiler::default()
        .with_funs(funs)
        .with_global_vars(vars.iter().map(|v| v.as_str()))
        .compile(modules)
        .map(|f| (f, data))
        .map_err(|errs| {
            let mut msgs = Vec::new();
            for (file, es) in errs {
                for (found, undef) in es {
                    use jaq_core::compile::Undefined;
                    let m = match undef {
                        Undefined::Filter(arity) => format!("{found}/{arity} is not defined"),
                        Undefined::Var => format!("{found} is not defined"),
                        Undefined::Label => format!("$*label-{} is not defined", found.trim_start_matches('$')),
                        _ => format!("module {found} is not defined"),
                    };
                    if matches!(undef, Undefined::Label) {
                        // jq points at the whole `break $name`.
                        let end = offset_in(file.code, found) + found.len();
                        let before = file.code.get(..offset_in(file.code, found)).unwrap_or("");
                        let start = before.trim_end().strip_suffix("break").map_or(end - found.len(), str::len);
                        msgs.push(format!("{m}{}", grammar::locate(file.code, &file.path, start, end)));
                        continue;
                    }
                    msgs.push(format!("{m} {}", at_file(file.code, &file.path, found)));
                }
            }
            msgs
        })
}

fn unexpected(found: &str) -> String {
    match found.chars().next() {
        None => ", unexpected end of file".into(),
        Some(_) => String::new(),
    }
}

fn unexpected_tok(found: &str) -> String {
    let tok: String = found.chars().take_while(|c| !c.is_whitespace()).take(20).collect();
    if tok.is_empty() {
        "unexpected end of file".into()
    } else {
        format!("unexpected '{tok}'")
    }
}

/// Where `part`, a slice of `code`, starts in it.
fn offset_in(code: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(code.as_ptr() as usize).min(code.len())
}

/// `at <top-level>, line L, column C:`, the line and carets under `part` (a slice of the
/// program or of module `name`; its first token when it runs to the end), as jq 1.8 points.
fn at_file(code: &str, name: &str, part: &str) -> String {
    let start = offset_in(code, part);
    let len = part.find(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '$' | ':'))).unwrap_or(part.len()).max(1);
    grammar::locate(code, name, start, start + len).trim_start().to_string()
}

fn extra_defs() -> impl Iterator<Item = jaq_core::load::parse::Def<&'static str>> {
    jaq_core::load::parse(defs::DEFS, |p| p.defs()).unwrap_or_default().into_iter()
}

/// The text of a run-time error, as jq prints it.
enum ErrMsg {
    /// `error("text")` and jaq's own errors.
    Str(String),
    /// `error({...})`: printed as JSON, `(not a string)`.
    Other(String),
}

/// What [`eval_values_with`] reports when a program cannot run.
pub(crate) enum EvalError {
    /// The program does not compile: jq's messages (without the `jq: error: ` prefix).
    Compile(Vec<String>),
    /// A run-time error (jq's message text, as after `jq: error (at ...): `).
    Runtime(String),
    /// `halt`/`halt_error`, or cancellation: the exit status.
    Halt(i32),
}

/// The outputs of [`eval_values_with`] per input; on an error, those produced before it.
pub(crate) type EvalResult = Result<Vec<Vec<Val>>, (Vec<Vec<Val>>, EvalError)>;

/// Another language run on jq's engine (yq's expressions): definitions compiled after jq's
/// standard ones (so that they shadow them in the program), and a global variable whose value
/// [`eval_values_with`] takes with each input (yq's document and file index).
pub(crate) struct Dialect {
    pub defs: &'static std::sync::LazyLock<Vec<jaq_core::load::parse::Def<&'static str>>>,
    pub var: &'static str,
}

/// Parse a dialect's definitions (empty when they do not parse: a test of the dialect checks).
pub(crate) fn parse_defs(src: &'static str) -> Vec<jaq_core::load::parse::Def<&'static str>> {
    jaq_core::load::parse(src, |p| p.defs()).unwrap_or_default()
}

/// Compile `code` as jq does, with `dialect`'s definitions, and run it on each of `inputs` in
/// turn (yq evaluates its expressions this way): the outputs for each input, in order. Each
/// input comes with the value of the dialect's variable. `$ENV` is the script's environment;
/// `input`/`inputs` see no further values. `debug`/`stderr` messages go to `ctx.stderr`.
pub(crate) fn eval_values_with(ctx: &mut Ctx<'_>, code: &str, inputs: Vec<(Val, Val)>, dialect: &Dialect) -> EvalResult {
    stacker::grow(STACK, || eval_values_on_stack(ctx, code, inputs, Some(dialect)))
}

fn eval_values_on_stack(ctx: &mut Ctx<'_>, code: &str, inputs: Vec<(Val, Val)>, dialect: Option<&Dialect>) -> EvalResult {
    let opts = Opts::default();
    let loc_line = code.find("$__loc__").map_or(1, |i| code[..i].matches('\n').count() + 1);
    let (mut var_names, var_vals) = globals(ctx, &opts, loc_line).map_err(|(m, _)| (Vec::new(), EvalError::Runtime(m)))?;
    if let Some(d) = dialect {
        var_names.push(d.var.to_string());
    }
    let home = ctx.env.get("HOME");
    let modenv = modules::ModEnv { fs: ctx.fs, cwd: ctx.cwd, home: home.as_deref(), lib: &[] };
    let (filter, data_vals) = prepare(code, &var_names, &modenv, dialect).map_err(|m| (Vec::new(), EvalError::Compile(m)))?;
    let Ctx { stderr, fs, cwd, cancel, .. } = ctx;
    let no_inputs = Inputs {
        stdin: None,
        fs: *fs,
        cwd,
        files: std::collections::VecDeque::new(),
        reader: None,
        name: Some("<yaml>".into()),
        raw: false,
        open_errors: Vec::new(),
        parse_error: None,
        done: true,
    };
    let shared = Shared { lut: &filter.lut, inputs: RefCell::new(no_inputs), messages: RefCell::new(Vec::new()), cancel: *cancel, depth_exceeded: std::cell::Cell::new(false), tombs: std::cell::Cell::new(0), modenv, literals: RefCell::default(), heap: HeapWatch::start(*cancel), ticks: std::cell::Cell::new(0) };
    let mut all = Vec::with_capacity(inputs.len());
    for (input, meta) in inputs {
        let dialect_val = dialect.map(|_| meta);
        let jctx = JCtx::<Kind>::new(&shared, Vars::new(var_vals.iter().cloned().chain(dialect_val).chain(data_vals.iter().cloned())));
        let mut outs = Vec::new();
        for (n, y) in filter.id.run((jctx.clone(), input)).enumerate() {
            {
                let mut m = shared.messages.borrow_mut();
                let _ = stderr.write_all(&m);
                m.clear();
            }
            if n % 1024 == 1023 && shared.cancel.cancelled() {
                all.push(outs);
                return Err((all, EvalError::Halt(130)));
            }
            match y {
                Ok(v) => outs.push(v),
                Err(e) => {
                    all.push(outs);
                    return Err((
                        all,
                        match e.get_halt() {
                            Ok(_) if shared.depth_exceeded.get() => EvalError::Runtime("maximum recursion depth exceeded".into()),
                            Ok(code) => EvalError::Halt(code),
                            Err(e) => EvalError::Runtime(match e.get_err() {
                                Ok(err) => match error_message(err) {
                                    ErrMsg::Str(s) | ErrMsg::Other(s) => s,
                                },
                                Err(_) => "unknown error".to_string(),
                            }),
                        },
                    ));
                }
            }
        }
        let mut m = shared.messages.borrow_mut();
        let _ = stderr.write_all(&m);
        m.clear();
        all.push(outs);
    }
    Ok(all)
}

fn error_message(err: jaq_core::Error<Val>) -> ErrMsg {
    match err.into_val() {
        Val::TStr(s) | Val::BStr(s) => ErrMsg::Str(natives::jq_message(&String::from_utf8_lossy(&s))),
        v => ErrMsg::Other(String::from_utf8_lossy(&write::to_json(&v)).into_owned()),
    }
}

struct Runner<'r> {
    opts: &'r Opts,
    fmt: Format,
    out: Vec<u8>,
    stdout: &'r mut dyn Write,
    stderr: &'r mut dyn Write,
    last: Option<bool>,
    status: i32,
}

impl Runner<'_> {
    fn emit(&mut self, v: &Val) -> Result<(), i32> {
        self.last = Some(!matches!(v, Val::Null | Val::Bool(false)));
        if self.opts.seq {
            self.out.push(0x1e);
        }
        match v {
            Val::TStr(s) | Val::BStr(s) if self.opts.raw_output => {
                if self.opts.raw_output0 && s.contains(&0) {
                    self.flush()?;
                    let _ = writeln!(self.stderr, "jq: error (at <stdin>:0): Cannot dump a string containing NUL with --raw-output0 option");
                    return Err(5);
                }
                self.out.extend_from_slice(s)
            }
            _ => write::write_val(&mut self.out, &self.fmt, v),
        }
        if self.opts.raw_output0 {
            self.out.push(0);
        } else if !self.opts.join_output {
            self.out.push(b'\n');
        }
        if self.out.len() >= 64 * 1024 {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> Result<(), i32> {
        if self.out.is_empty() {
            return Ok(());
        }
        let r = self.stdout.write_all(&self.out);
        self.out.clear();
        r.map_err(|e| crate::builtins::status_for_write_error(&e))
    }

    fn flush_messages(&mut self, shared: &Shared<'_>) -> Result<(), i32> {
        let mut m = shared.messages.borrow_mut();
        if !m.is_empty() {
            // Keep stdout and stderr in order as jq (unbuffered stderr) would.
            let _ = self.stdout.write_all(&self.out);
            self.out.clear();
            let _ = self.stderr.write_all(&m);
            m.clear();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
