//! `sqlite3`: the SQLite command-line shell over a bundled SQLite (feature `sqlite`).
//!
//! The behaviour follows the sqlite3 shell 3.40: SQL and dot commands from the arguments or
//! standard input, the output modes, its error messages and exit statuses. Databases live in
//! the virtual filesystem only: the file's bytes are loaded into an in-memory connection and
//! written back when the session changed them; no host file is ever opened (see [`vfs`]).

mod args;
mod columnar;
mod complete;
mod dot;
mod explain;
mod import;
mod output;
mod schema;
mod vfs;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use rusqlite::Connection;

use super::{Builtin, Ctx};
use output::{Cell, Printer, Settings};

/// The `sqlite3` command.
pub struct Sqlite3;

/// How much output is buffered before it is written to stdout.
const FLUSH_AT: usize = 64 << 10;

impl Builtin for Sqlite3 {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let mut settings = Settings::default();
        let argv0 = ctx.name.to_string();
        let opts = match args::parse(&argv0, argv, &mut settings) {
            Ok(o) => o,
            Err(args::Exit::Print(s)) => {
                return match ctx.stdout.write_all(s.as_bytes()) {
                    Ok(()) => 0,
                    Err(e) => crate::builtins::args::write_failed(ctx, &e),
                }
            }
            Err(args::Exit::Fail(s)) => {
                let _ = ctx.stderr.write_all(s.as_bytes());
                return 1;
            }
        };
        let db = match vfs::load(ctx, opts.db.as_deref()) {
            Ok(d) => d,
            Err(msg) => {
                let _ = writeln!(ctx.stderr, "{msg}");
                return 1;
            }
        };
        let guard = vfs::Guard::default();
        let conn = match vfs::open(&db.original, opts.readonly, guard.clone()) {
            Ok(c) => c,
            Err(e) => {
                let _ = writeln!(ctx.stderr, "Error: unable to open database: {e}");
                return 1;
            }
        };
        let stopped = Arc::new(AtomicBool::new(false));
        vfs::watch(&conn, ctx, Arc::clone(&stopped));
        let dirty = Arc::new(AtomicBool::new(false));
        vfs::track_writes(&conn, Arc::clone(&dirty));
        let cap = vfs::db_cap(ctx);
        vfs::bound_sizes(&conn, cap, &guard);
        let mut sh = Session {
            sink: Sink { ctx, buf: Vec::new(), redirect: None, once: false, write_error: None },
            conn,
            s: settings,
            bail: opts.bail,
            echo: opts.echo,
            guard,
            stopped,
            touched: false,
            cap,
            db_name: opts.db.clone().unwrap_or_else(|| ":memory:".into()),
            db_path: db.path.clone(),
            readonly: opts.readonly,
            changes: false,
        };
        let mut status = sh.main(&opts);
        sh.sink.reset_redirect();
        sh.sink.flush();
        if sh.stopped.load(Ordering::SeqCst) {
            return 1;
        }
        if let Some(code) = sh.sink.write_error {
            return code;
        }
        if !opts.readonly {
            if let Err(msg) = vfs::save(sh.sink.ctx, &db, &sh.conn, sh.touched, dirty.load(Ordering::SeqCst)) {
                let _ = writeln!(sh.sink.ctx.stderr, "{msg}");
                status = 1;
            }
        }
        status
    }
}

/// Where output goes: stdout (buffered), or a VFS file for `.output`/`.once`.
pub(crate) struct Sink<'c, 'a> {
    ctx: &'c mut Ctx<'a>,
    buf: Vec<u8>,
    /// `.output FILE` / `.once FILE`: the absolute path and the bytes written so far.
    redirect: Option<(String, Vec<u8>)>,
    /// The redirection ends after the next SQL (`.once`).
    once: bool,
    /// Writing stdout failed: the exit status to end with.
    write_error: Option<i32>,
}

impl Sink<'_, '_> {
    /// Output `bytes` (to the redirection if any).
    fn emit(&mut self, bytes: &[u8]) {
        if let Some((_, b)) = &mut self.redirect {
            b.extend_from_slice(bytes);
            return;
        }
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= FLUSH_AT {
            self.flush();
        }
    }

    /// Write the buffered stdout bytes.
    fn flush(&mut self) {
        if self.buf.is_empty() {
            return;
        }
        if self.write_error.is_none() {
            if let Err(e) = self.ctx.stdout.write_all(&self.buf) {
                self.write_error = Some(crate::builtins::args::write_failed(self.ctx, &e));
            }
        }
        self.buf.clear();
    }

    /// A line on stderr (stdout flushed first, so that `2>&1` keeps the order).
    fn err(&mut self, msg: &str) {
        self.flush();
        let _ = writeln!(self.ctx.stderr, "{msg}");
    }

    /// End `.output`/`.once`: write the file to the VFS.
    fn reset_redirect(&mut self) {
        if let Some((path, bytes)) = self.redirect.take() {
            if let Err(e) = self.ctx.fs.write_file(&path, &bytes, crate::fs::WriteMode::Truncate) {
                self.err(&format!("Error: cannot write \"{path}\": {e}"));
            }
        }
        self.once = false;
    }
}

/// An SQL error as the shell reports it.
pub(crate) struct SqlError {
    /// `in prepare, MSG` or `stepping, MSG (RC)`, with the error context lines.
    msg: String,
    /// The primary result code (the exit status of command-line SQL).
    rc: i32,
}

/// What reading input ended with.
#[derive(PartialEq, Eq)]
enum Flow {
    /// End of input; whether there were errors.
    Done(bool),
    /// `.quit`/`.exit`.
    Quit(i32),
}

/// One run of the shell.
pub(crate) struct Session<'c, 'a> {
    sink: Sink<'c, 'a>,
    conn: Connection,
    s: Settings,
    bail: bool,
    echo: bool,
    guard: vfs::Guard,
    stopped: Arc<AtomicBool>,
    /// SQL ran (the database file is created/saved, as sqlite3 opens it lazily).
    touched: bool,
    /// The size cap of each database, in bytes.
    cap: u64,
    db_name: String,
    /// The database file's absolute VFS path (`None`: `:memory:`).
    db_path: Option<String>,
    /// `-readonly`.
    readonly: bool,
    /// `.changes on`: print the change counts after each SQL of the input.
    changes: bool,
}

impl Session<'_, '_> {
    fn main(&mut self, o: &args::Opts) -> i32 {
        for c in &o.cmds {
            if c.starts_with('.') {
                match self.meta(c) {
                    Ok(()) => {}
                    Err(2) => return 0,
                    Err(rc) if rc >= 1000 => return rc - 1000,
                    Err(rc) if self.bail => return rc,
                    Err(_) => {}
                }
            } else if let Err(e) = self.exec_sql(c) {
                if self.is_stopped() {
                    return e.rc;
                }
                self.sink.err(&format!("Error: {}", e.msg));
                if self.bail {
                    return e.rc;
                }
            }
        }
        if !o.commands.is_empty() {
            for c in &o.commands {
                if c.starts_with('.') {
                    match self.meta(c) {
                        Ok(()) => {}
                        Err(2) => return 0,
                        Err(rc) if rc >= 1000 => return rc - 1000,
                        Err(rc) => return rc,
                    }
                } else {
                    if self.echo {
                        self.sink.emit(format!("{c}\n").as_bytes());
                    }
                    if let Err(e) = self.exec_sql(c) {
                        if !self.is_stopped() {
                            self.sink.err(&format!("Error: {}", e.msg));
                        }
                        return e.rc;
                    }
                }
            }
            return 0;
        }
        let mut input = Vec::new();
        if self.sink.ctx.stdin.read_to_end(&mut input).is_err() {
            return 1;
        }
        match self.process_input(&input, true) {
            Flow::Done(err) => i32::from(err),
            Flow::Quit(rc) => rc,
        }
    }

    /// The script's deadline or cancellation interrupted SQLite (reported once), or stdout
    /// can no longer be written (a closed pipe, the output limit): stop everything.
    fn is_stopped(&self) -> bool {
        self.stopped.load(Ordering::SeqCst) || self.sink.write_error.is_some()
    }

    /// The shell's `process_input`: lines are gathered until they end a complete statement;
    /// dot commands run on their own lines. `top` is standard input (else a `.read` file).
    fn process_input(&mut self, text: &[u8], top: bool) -> Flow {
        let _ = top;
        let mut errors = 0usize;
        let mut sql = String::new();
        let mut scan = complete::Scan::default();
        let mut lineno = 0usize;
        let mut start_line = 0usize;
        let mut lines = text.split(|&b| b == b'\n').peekable();
        while let Some(raw) = lines.next() {
            if lines.peek().is_none() && raw.is_empty() {
                break;
            }
            if errors > 0 && self.bail {
                break;
            }
            if self.is_stopped() {
                break;
            }
            lineno += 1;
            let line = String::from_utf8_lossy(raw);
            scan = scan.line(raw);
            if sql.is_empty() && scan.plain_white() {
                scan = complete::Scan::default();
                continue;
            }
            if sql.is_empty() && (line.starts_with('.') || line.starts_with('#')) {
                scan = complete::Scan::default();
                if line.starts_with('.') {
                    if self.echo {
                        self.sink.emit(format!("{line}\n").as_bytes());
                    }
                    match self.meta(&line) {
                        Ok(()) => {}
                        Err(2) => return Flow::Quit(0),
                        Err(rc) if rc >= 1000 => return Flow::Quit(rc - 1000),
                        Err(_) => errors += 1,
                    }
                }
                continue;
            }
            if sql.is_empty() {
                sql.push_str(line.trim_start_matches(|c: char| c.is_ascii_whitespace()));
                start_line = lineno;
            } else {
                sql.push('\n');
                sql.push_str(&line);
            }
            if scan.semi_terminated() && complete::is_complete(sql.as_bytes()) {
                let chunk = std::mem::take(&mut sql);
                errors += usize::from(self.run_chunk(&chunk, start_line));
                scan = complete::Scan::default();
            } else if scan.plain_white() {
                sql.clear();
                scan = complete::Scan::default();
            }
        }
        if !(sql.is_empty() || self.is_stopped() || (errors > 0 && self.bail)) {
            let chunk = std::mem::take(&mut sql);
            errors += usize::from(self.run_chunk(&chunk, start_line));
        }
        Flow::Done(errors > 0)
    }

    /// `runOneSqlLine`: run a chunk of input, report its error; `true` on error.
    fn run_chunk(&mut self, chunk: &str, line: usize) -> bool {
        if self.echo {
            self.sink.emit(format!("{chunk}\n").as_bytes());
        }
        let r = self.exec_sql(chunk);
        if self.sink.once {
            self.sink.reset_redirect();
        }
        match r {
            Ok(()) => {
                if self.changes {
                    let text = format!(
                        "changes: {}   total_changes: {}\n",
                        self.conn.changes(),
                        self.conn.total_changes()
                    );
                    self.sink.emit(text.as_bytes());
                }
                false
            }
            Err(_) if self.is_stopped() => true,
            Err(e) => {
                let (kind, tail) = if let Some(t) = e.msg.strip_prefix("in prepare, ") {
                    ("Parse error", t)
                } else if let Some(t) = e.msg.strip_prefix("stepping, ") {
                    ("Runtime error", t)
                } else {
                    ("Error", e.msg.as_str())
                };
                self.sink.err(&format!("{kind} near line {line}: {tail}"));
                true
            }
        }
    }

    /// `shell_exec`: run every statement of `sql`, printing rows; stops at the first error.
    fn exec_sql(&mut self, sql: &str) -> Result<(), SqlError> {
        self.touched = true;
        let mut pos = 0usize;
        for piece in complete::split(sql) {
            let start = pos;
            pos += piece.len();
            let lead = piece.len() - piece.trim_start_matches(|c: char| c.is_ascii_whitespace()).len();
            let stmt_sql = &sql[start + lead..pos];
            if complete::is_blank(stmt_sql) {
                continue;
            }
            let r = self.exec_one(stmt_sql, &sql[start + lead..]);
            if self.guard.attached.swap(false, Ordering::SeqCst) {
                vfs::bound_sizes(&self.conn, self.cap, &self.guard);
            }
            r?;
        }
        Ok(())
    }

    fn take_refusal(&self) -> Option<String> {
        self.guard.refusal.lock().ok().and_then(|mut r| r.take())
    }

    /// Prepare and run one statement; `rest` is the input from its start on (error context).
    fn exec_one(&mut self, stmt_sql: &str, rest: &str) -> Result<(), SqlError> {
        let settings = self.s.clone();
        let _ = self.take_refusal();
        let conn = &self.conn;
        let sink = &mut self.sink;
        let mut stmt = match conn.prepare(stmt_sql) {
            Ok(s) => s,
            Err(e) => {
                let (rc, msg, offset) = describe(&e);
                let msg = match self.guard.refusal.lock().ok().and_then(|mut r| r.take()) {
                    Some(why) => format!("{msg} ({why})"),
                    None => msg,
                };
                let mut m = format!("in prepare, {msg}");
                if rc > 1 {
                    m.push_str(&format!(" ({rc})"));
                }
                if let Some(off) = offset {
                    m.push_str(&error_context(rest, off));
                }
                return Err(SqlError { msg: m, rc });
            }
        };
        let cols: Vec<String> = stmt.column_names().iter().map(|c| c.to_string()).collect();
        let n = cols.len();
        let explain = match stmt.is_explain() {
            2 => 2,
            1 if n == 8 && stmt_sql.get(..7).is_some_and(|w| w.eq_ignore_ascii_case("explain")) => 1,
            _ => 0,
        };
        let mut printer = Printer::new(&settings, cols, explain);
        let mut buf = Vec::new();
        let mut failure = None;
        let mut too_big = false;
        match stmt.query([]) {
            Err(e) => failure = Some(e),
            Ok(mut rows) => loop {
                match rows.next() {
                    Ok(Some(row)) => {
                        let mut cells = Vec::with_capacity(n);
                        for i in 0..n {
                            cells.push(row.get_ref(i).map(Cell::from_ref).unwrap_or(Cell::Null));
                        }
                        if !printer.row(&mut buf, &cells) {
                            too_big = true;
                            break;
                        }
                        if buf.len() >= FLUSH_AT {
                            sink.emit(&buf);
                            buf.clear();
                            if sink.write_error.is_some() {
                                break;
                            }
                        }
                    }
                    Ok(None) => break,
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
            },
        }
        if !too_big {
            printer.finish(&mut buf);
        }
        sink.emit(&buf);
        drop(stmt);
        if let Some(code) = self.sink.write_error {
            return Err(SqlError { msg: String::new(), rc: code });
        }
        if too_big {
            return Err(SqlError {
                msg: format!(
                    "stepping, result too large for the {} mode (over {} MiB kept to size its columns); use list, csv or json",
                    settings.mode.name(),
                    vfs::MAX_KEPT_BYTES >> 20
                ),
                rc: 1,
            });
        }
        if let Some(e) = failure {
            let (rc, mut msg, _) = describe(&e);
            if self.stopped.load(Ordering::SeqCst) {
                msg = "interrupted: the script's time limit was reached or it was cancelled".into();
                let m = format!("Error: stepping, {msg}");
                self.sink.err(&m);
            } else if let Some(why) = self.take_refusal() {
                msg = format!("{msg} ({why})");
            }
            let mut m = format!("stepping, {msg}");
            if rc > 1 {
                m.push_str(&format!(" ({rc})"));
            }
            return Err(SqlError { msg: m, rc });
        }
        Ok(())
    }

    /// Rows of a query as text (internal queries of the dot commands).
    fn query_strings(&self, sql: &str, params: &[&str]) -> rusqlite::Result<Vec<Vec<Option<String>>>> {
        let mut stmt = self.conn.prepare(sql)?;
        let n = stmt.column_count();
        let params = rusqlite::params_from_iter(params.iter());
        let mut rows = stmt.query(params)?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            let mut v = Vec::with_capacity(n);
            for i in 0..n {
                v.push(Cell::from_ref(r.get_ref(i)?).text().map(|b| String::from_utf8_lossy(&b).into_owned()));
            }
            out.push(v);
        }
        Ok(out)
    }
}

/// The primary result code, message and error offset of a rusqlite error.
fn describe(e: &rusqlite::Error) -> (i32, String, Option<usize>) {
    match e {
        rusqlite::Error::SqliteFailure(err, msg) => {
            let rc = err.extended_code & 0xff;
            let msg = msg.clone().unwrap_or_else(|| rusqlite::ffi::code_to_str(err.extended_code).to_string());
            (rc, msg, None)
        }
        rusqlite::Error::SqlInputError { error, msg, offset, .. } => {
            (error.extended_code & 0xff, msg.clone(), usize::try_from(*offset).ok())
        }
        other => (1, other.to_string(), None),
    }
}

/// `shell_error_context`: the statement around the error offset and a marker under it.
fn error_context(sql: &str, offset: usize) -> String {
    let b = sql.as_bytes();
    let mut start = 0usize;
    let mut off = offset.min(b.len());
    while off > 50 {
        off -= 1;
        start += 1;
        while start < b.len() && b[start] & 0xc0 == 0x80 {
            start += 1;
            off = off.saturating_sub(1);
        }
    }
    let z = &b[start.min(b.len())..];
    let mut len = z.len();
    if len > 78 {
        len = 78;
        while len > 0 && z[len] & 0xc0 == 0x80 {
            len -= 1;
        }
    }
    let code: Vec<u8> = z[..len].iter().map(|&c| if c.is_ascii_whitespace() || c == 0x0b { b' ' } else { c }).collect();
    let code = String::from_utf8_lossy(&code);
    if off < 25 {
        format!("\n  {code}\n  {}^--- error here", " ".repeat(off))
    } else {
        format!("\n  {code}\n  {}error here ---^", " ".repeat(off - 14))
    }
}
