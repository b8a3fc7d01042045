//! Dot commands (`.tables`, `.schema`, `.mode`, `.import`, `.dump`, ...), parsed and answered
//! as the sqlite3 shell 3.40 does. Files they name are paths of the virtual filesystem.

use super::complete;
use super::output::{self, quote_ident_if_needed, Cell, Mode};
use super::{Flow, Session};
use crate::builtins::{SpawnIn, SpawnOut};

/// SQLite's keywords: a name among them is double-quoted in generated SQL.
const KEYWORDS: &[&str] = &[
    "ABORT", "ACTION", "ADD", "AFTER", "ALL", "ALTER", "ALWAYS", "ANALYZE", "AND", "AS", "ASC", "ATTACH",
    "AUTOINCREMENT", "BEFORE", "BEGIN", "BETWEEN", "BY", "CASCADE", "CASE", "CAST", "CHECK", "COLLATE", "COLUMN",
    "COMMIT", "CONFLICT", "CONSTRAINT", "CREATE", "CROSS", "CURRENT", "CURRENT_DATE", "CURRENT_TIME",
    "CURRENT_TIMESTAMP", "DATABASE", "DEFAULT", "DEFERRABLE", "DEFERRED", "DELETE", "DESC", "DETACH", "DISTINCT",
    "DO", "DROP", "EACH", "ELSE", "END", "ESCAPE", "EXCEPT", "EXCLUDE", "EXCLUSIVE", "EXISTS", "EXPLAIN", "FAIL",
    "FILTER", "FIRST", "FOLLOWING", "FOR", "FOREIGN", "FROM", "FULL", "GENERATED", "GLOB", "GROUP", "GROUPS",
    "HAVING", "IF", "IGNORE", "IMMEDIATE", "IN", "INDEX", "INDEXED", "INITIALLY", "INNER", "INSERT", "INSTEAD",
    "INTERSECT", "INTO", "IS", "ISNULL", "JOIN", "KEY", "LAST", "LEFT", "LIKE", "LIMIT", "MATCH", "MATERIALIZED",
    "NATURAL", "NO", "NOT", "NOTHING", "NOTNULL", "NULL", "NULLS", "OF", "OFFSET", "ON", "OR", "ORDER", "OTHERS",
    "OUTER", "OVER", "PARTITION", "PLAN", "PRAGMA", "PRECEDING", "PRIMARY", "QUERY", "RAISE", "RANGE", "RECURSIVE",
    "REFERENCES", "REGEXP", "REINDEX", "RELEASE", "RENAME", "REPLACE", "RESTRICT", "RETURNING", "RIGHT", "ROLLBACK",
    "ROW", "ROWS", "SAVEPOINT", "SELECT", "SET", "TABLE", "TEMP", "TEMPORARY", "THEN", "TIES", "TO", "TRANSACTION",
    "TRIGGER", "UNBOUNDED", "UNION", "UNIQUE", "UPDATE", "USING", "VACUUM", "VALUES", "VIEW", "VIRTUAL", "WHEN",
    "WHERE", "WINDOW", "WITH", "WITHOUT",
];

/// `name` is an SQL keyword.
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(name))
}

/// `resolve_backslashes`: C escapes and octal `\NNN`.
fn unescape(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\\' && i + 1 < b.len() {
            i += 1;
            let c = b[i];
            match c {
                b'a' => out.push(7),
                b'b' => out.push(8),
                b't' => out.push(b'\t'),
                b'n' => out.push(b'\n'),
                b'v' => out.push(11),
                b'f' => out.push(12),
                b'r' => out.push(b'\r'),
                b'"' | b'\'' | b'\\' => out.push(c),
                b'0'..=b'7' => {
                    let mut v = u32::from(c - b'0');
                    for _ in 0..2 {
                        if i + 1 < b.len() && (b'0'..=b'7').contains(&b[i + 1]) {
                            i += 1;
                            v = v * 8 + u32::from(b[i] - b'0');
                        }
                    }
                    out.push(v as u8);
                }
                _ => {
                    out.push(b'\\');
                    out.push(c);
                }
            }
        } else {
            out.push(c);
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Split a dot-command line into arguments (quotes, backslash escapes).
fn tokenize(line: &str) -> Vec<String> {
    let b = line.as_bytes();
    let mut h = 1;
    let mut args = Vec::new();
    while h < b.len() {
        while h < b.len() && b[h].is_ascii_whitespace() {
            h += 1;
        }
        if h >= b.len() {
            break;
        }
        if b[h] == b'\'' || b[h] == b'"' {
            let delim = b[h];
            h += 1;
            let start = h;
            while h < b.len() && b[h] != delim {
                if b[h] == b'\\' && delim == b'"' && h + 1 < b.len() {
                    h += 1;
                }
                h += 1;
            }
            let arg = &line[start..h.min(b.len())];
            h += 1;
            args.push(if delim == b'"' { unescape(arg) } else { arg.to_string() });
        } else {
            let start = h;
            while h < b.len() && !b[h].is_ascii_whitespace() {
                h += 1;
            }
            args.push(unescape(&line[start..h]));
        }
    }
    args
}

/// `booleanValue`.
fn boolean(sh: &mut Session<'_, '_>, z: &str) -> bool {
    if !z.is_empty() && z.bytes().all(|c| c.is_ascii_digit()) {
        return !z.trim_start_matches('0').is_empty();
    }
    if z.eq_ignore_ascii_case("on") || z.eq_ignore_ascii_case("yes") {
        return true;
    }
    if z.eq_ignore_ascii_case("off") || z.eq_ignore_ascii_case("no") {
        return false;
    }
    sh.sink.err(&format!("ERROR: Not a boolean value: \"{z}\". Assuming \"no\"."));
    false
}

/// `cmd` is a prefix (of at least `min` bytes) of `full`.
fn is(cmd: &str, full: &str, min: usize) -> bool {
    cmd.len() >= min && full.starts_with(cmd)
}

const IMPORT_USAGE: &str = "ERROR: missing FILE argument. Usage:
.import FILE TABLE       Import data from FILE into TABLE
   Options:
     --ascii               Use \\037 and \\036 as column and row separators
     --csv                 Use , and \\n as column and row separators
     --skip N              Skip the first N rows of input
     --schema S            Target table to be S.TABLE
     -v                    \"Verbose\" - increase auxiliary output
   Notes:
     *  If TABLE does not exist, it is created.  The first row of input
        determines the column names.
     *  If neither --csv or --ascii are used, the input mode is derived
        from the \".mode\" output mode
     *  If FILE begins with \"|\" then it is a command that generates the
        input text.";

const HELP: &str = ".bail on|off             Stop after hitting an error.  Default OFF
.dump ?OBJECTS?          Render database content as SQL
.echo on|off             Turn command echo on or off
.exit ?CODE?             Exit this program with return-code CODE
.headers on|off          Turn display of headers on or off
.help                    Show this message
.import FILE TABLE       Import data from FILE into TABLE
.mode MODE ?TABLE?       Set output mode
.nullvalue STRING        Use STRING in place of NULL values
.once FILE               Output for the next SQL command only to FILE
.output ?FILE?           Send output to FILE or stdout if FILE is omitted
.print STRING...         Print literal STRING
.quit                    Exit this program
.read FILE               Read input from FILE or command output
.schema ?PATTERN?        Show the CREATE statements matching PATTERN
.separator COL ?ROW?     Change the column and row separators
.shell CMD ARGS...       Run CMD ARGS... in a system shell
.show                    Show the current values for various settings
.system CMD ARGS...      Run CMD ARGS... in a system shell
.tables ?TABLE?          List names of tables matching LIKE pattern TABLE
.timer on|off            Turn SQL timer on or off (accepted, prints nothing)
.width NUM1 NUM2 ...     Set minimum column widths for columnar output
";

impl Session<'_, '_> {
    /// Run a dot command. `Err(1)`: it failed; `Err(2)`: `.quit`; `Err(1000 + N)`: `.exit N`.
    pub(super) fn meta(&mut self, line: &str) -> Result<(), i32> {
        let args = tokenize(line);
        let Some(cmd) = args.first().cloned() else { return Ok(()) };
        let c = cmd.as_str();
        let n = args.len();
        if is(c, "bail", 1) && n == 2 {
            self.bail = boolean(self, &args[1]);
        } else if is(c, "dump", 1) {
            self.touched = true;
            self.dump(&args[1..]);
        } else if is(c, "echo", 1) && n == 2 {
            self.echo = boolean(self, &args[1]);
        } else if is(c, "exit", 4) {
            let code = args.get(1).and_then(|a| a.parse::<i32>().ok()).unwrap_or(0);
            return Err(if code != 0 { 1000 + code } else { 2 });
        } else if is(c, "quit", 1) {
            return Err(2);
        } else if is(c, "headers", 2) {
            if n != 2 {
                self.sink.err("Usage: .headers on|off");
                return Err(1);
            }
            self.s.headers = boolean(self, &args[1]);
            self.s.header_set = true;
        } else if is(c, "help", 2) {
            self.sink.emit(HELP.as_bytes());
        } else if is(c, "import", 2) {
            self.touched = true;
            return self.import(&args[1..]);
        } else if is(c, "mode", 1) {
            return self.mode(&args[1..]);
        } else if is(c, "nullvalue", 1) {
            if n != 2 {
                self.sink.err("Usage: .nullvalue STRING");
                return Err(1);
            }
            self.s.null = args[1].clone();
        } else if is(c, "once", 2) || is(c, "output", 1) {
            let once = c.starts_with("on");
            self.sink.reset_redirect();
            let file = args[1..].iter().find(|a| !a.starts_with('-'));
            match file {
                None => {}
                Some(f) if f == "stdout" || f == "-" => {}
                Some(f) => {
                    let path = self.sink.ctx.abs_path(f);
                    if self.sink.ctx.fs.write_file(&path, b"", crate::fs::WriteMode::Truncate).is_err() {
                        self.sink.err(&format!("Error: cannot open \"{f}\""));
                        return Err(1);
                    }
                    self.sink.flush();
                    self.sink.redirect = Some((path, Vec::new()));
                    self.sink.once = once;
                }
            }
        } else if is(c, "print", 2) {
            let text = args[1..].join(" ");
            self.sink.emit(format!("{text}\n").as_bytes());
        } else if is(c, "read", 1) {
            if n != 2 {
                self.sink.err("Usage: .read FILE");
                return Err(1);
            }
            let Some(text) = self.read_source(&args[1]) else {
                self.sink.err(&format!("Error: cannot open \"{}\"", args[1]));
                return Err(1);
            };
            return match self.process_input(&text, false) {
                Flow::Done(false) => Ok(()),
                Flow::Done(true) => Err(1),
                // `.quit` ends only the file being read; `.exit N` the program.
                Flow::Quit(0) => Ok(()),
                Flow::Quit(rc) => Err(1000 + rc),
            };
        } else if is(c, "schema", 2) {
            self.touched = true;
            return self.schema(&args[1..]);
        } else if is(c, "separator", 2) {
            if !(2..=3).contains(&n) {
                self.sink.err("Usage: .separator COL ?ROW?");
                return Err(1);
            }
            self.s.col_sep = args[1].clone();
            if n == 3 {
                self.s.row_sep = args[2].clone();
            }
        } else if is(c, "shell", 2) || is(c, "system", 2) {
            if n < 2 {
                self.sink.err(&format!("Usage: .{} COMMAND", if c.starts_with("sh") { "shell" } else { "system" }));
                return Err(1);
            }
            let script = args[1..].join(" ");
            self.sink.flush();
            let mut captured = Vec::new();
            let redirected = self.sink.redirect.is_some();
            let out = if redirected { SpawnOut::Capture(&mut captured) } else { SpawnOut::Inherit };
            let _ = self.sink.ctx.spawn.shell(&script, SpawnIn::Null, out);
            if redirected {
                self.sink.emit(&captured);
            }
        } else if is(c, "show", 2) {
            self.show();
        } else if is(c, "tables", 2) || is(c, "indexes", 3) || is(c, "indices", 3) {
            self.touched = true;
            let index = c.starts_with("ind");
            return self.tables(&args[1..], index);
        } else if is(c, "timer", 2) || is(c, "changes", 2) || is(c, "stats", 3) || is(c, "eqp", 2) {
            // Accepted for scripts that set them; kitsh prints no timings or statistics.
        } else if is(c, "width", 1) {
            self.s.widths = args[1..].iter().map(|a| a.parse().unwrap_or(0)).collect();
        } else if is(c, "databases", 2) {
            self.touched = true;
            let rows = self.query_strings("PRAGMA database_list", &[]).unwrap_or_default();
            for r in rows {
                let name = r.get(1).cloned().flatten().unwrap_or_default();
                let file = r.get(2).cloned().flatten().unwrap_or_default();
                self.sink.emit(format!("{name}: \"{file}\" r/w\n").as_bytes());
            }
        } else {
            self.sink.err(&format!(
                "Error: unknown command or invalid arguments:  \"{c}\". Enter \".help\" for help"
            ));
            return Err(1);
        }
        Ok(())
    }

    /// The bytes of a `.read`/`.import` source: a VFS file, or `|COMMAND`'s output.
    fn read_source(&mut self, name: &str) -> Option<Vec<u8>> {
        if let Some(cmd) = name.strip_prefix('|') {
            let mut out = Vec::new();
            self.sink.flush();
            let _ = self.sink.ctx.spawn.shell(cmd, SpawnIn::Null, SpawnOut::Capture(&mut out));
            return Some(out);
        }
        self.sink.ctx.read_input(name).ok()
    }

    fn mode(&mut self, args: &[String]) -> Result<(), i32> {
        let (mut wrap, mut ww, mut quote) = (60usize, false, false);
        let mut mode: Option<String> = None;
        let mut i = 0;
        while i < args.len() {
            let z = args[i].as_str();
            let opt = z.strip_prefix("--").or_else(|| z.strip_prefix('-'));
            match opt {
                Some("wrap") if i + 1 < args.len() => {
                    i += 1;
                    wrap = args[i].parse().unwrap_or(0);
                }
                Some("ww") => ww = true,
                Some("wordwrap") if i + 1 < args.len() => {
                    i += 1;
                    ww = boolean(self, &args[i].clone());
                }
                Some("quote") => quote = true,
                Some("noquote") => quote = false,
                _ if mode.is_none() => {
                    if z == "qbox" {
                        mode = Some("box".into());
                        (wrap, ww, quote) = (60, false, true);
                    } else {
                        mode = Some(z.to_string());
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let m = match mode {
            Some(m) => m,
            None => {
                let name = self.s.mode.name();
                let text = if self.s.mode.columnar() {
                    format!(
                        "current output mode: {name} --wrap {} --wordwrap {} --{}quote\n",
                        self.s.wrap,
                        if self.s.wordwrap { "on" } else { "off" },
                        if self.s.quote { "" } else { "no" }
                    )
                } else {
                    format!("current output mode: {name}\n")
                };
                self.sink.emit(text.as_bytes());
                name.to_string()
            }
        };
        let cm = |s: &mut super::output::Settings| {
            s.wrap = wrap;
            s.wordwrap = ww;
            s.quote = quote;
        };
        let n2 = m.len();
        let p = |full: &str| full.starts_with(m.as_str());
        let table_arg = args.iter().filter(|a| !a.starts_with('-')).nth(1).cloned();
        let s = &mut self.s;
        if m.starts_with('l') && n2 > 2 && p("lines") {
            s.mode = Mode::Line;
            s.row_sep = "\n".into();
        } else if m.starts_with('c') && p("columns") {
            s.mode = Mode::Column;
            if !s.header_set {
                s.headers = true;
            }
            s.row_sep = "\n".into();
            cm(s);
        } else if m.starts_with('l') && n2 > 2 && p("list") {
            s.mode = Mode::List;
            s.col_sep = "|".into();
            s.row_sep = "\n".into();
        } else if m.starts_with('h') && p("html") {
            s.mode = Mode::Html;
        } else if m.starts_with('t') && p("tcl") {
            s.mode = Mode::Tcl;
            s.col_sep = " ".into();
            s.row_sep = "\n".into();
        } else if m.starts_with('c') && p("csv") {
            s.mode = Mode::Csv;
            s.col_sep = ",".into();
            s.row_sep = "\r\n".into();
        } else if m.starts_with('t') && p("tabs") {
            s.mode = Mode::List;
            s.col_sep = "\t".into();
        } else if m.starts_with('i') && p("insert") {
            s.mode = Mode::Insert;
            s.table = table_arg.unwrap_or_else(|| "table".into());
        } else if m.starts_with('q') && p("quote") {
            s.mode = Mode::Quote;
            s.col_sep = ",".into();
            s.row_sep = "\n".into();
        } else if m.starts_with('a') && p("ascii") {
            s.mode = Mode::Ascii;
            s.col_sep = "\x1f".into();
            s.row_sep = "\x1e".into();
        } else if m.starts_with('m') && p("markdown") {
            s.mode = Mode::Markdown;
            cm(s);
        } else if m.starts_with('t') && p("table") {
            s.mode = Mode::Table;
            cm(s);
        } else if m.starts_with('b') && p("box") {
            s.mode = Mode::Box;
            cm(s);
        } else if m.starts_with('o') && p("off") {
            s.mode = Mode::Off;
        } else if m.starts_with('j') && p("json") {
            s.mode = Mode::Json;
        } else {
            self.sink.err(
                "Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl",
            );
            return Err(1);
        }
        Ok(())
    }

    fn show(&mut self) {
        let s = self.s.clone();
        let esc = |z: &str| {
            let mut o = String::from("\"");
            for c in z.chars() {
                match c {
                    '\n' => o.push_str("\\n"),
                    '\t' => o.push_str("\\t"),
                    '\r' => o.push_str("\\r"),
                    '"' => o.push_str("\\\""),
                    '\\' => o.push_str("\\\\"),
                    c if (c as u32) < 0x20 => o.push_str(&format!("\\{:03o}", c as u32)),
                    c => o.push(c),
                }
            }
            o.push('"');
            o
        };
        let onoff = |b: bool| if b { "on" } else { "off" };
        let out = if self.sink.redirect.is_some() { "file" } else { "stdout" };
        let widths: Vec<String> = s.widths.iter().map(|w| w.to_string()).collect();
        let text = format!(
            "{:>12}: {}\n{:>12}: off\n{:>12}: auto\n{:>12}: {}\n{:>12}: {}\n{:>12}: {}\n{:>12}: {}\n{:>12}: {}\n{:>12}: {}\n{:>12}: off\n{:>12}: {}\n{:>12}: {}\n",
            "echo",
            onoff(self.echo),
            "eqp",
            "explain",
            "headers",
            onoff(s.headers),
            "mode",
            s.mode.name(),
            "nullvalue",
            esc(&s.null),
            "output",
            out,
            "colseparator",
            esc(&s.col_sep),
            "rowseparator",
            esc(&s.row_sep),
            "stats",
            "width",
            widths.join(" ") + if widths.is_empty() { "" } else { " " },
            "filename",
            self.db_name
        );
        self.sink.emit(text.as_bytes());
    }

    fn tables(&mut self, args: &[String], index: bool) -> Result<(), i32> {
        let names: Vec<String> = if index {
            let sql = match args.first() {
                Some(_) => "SELECT name FROM sqlite_schema WHERE type='index' AND tbl_name LIKE ?1 ORDER BY 1",
                None => "SELECT name FROM sqlite_schema WHERE type='index' ORDER BY 1",
            };
            let params: Vec<&str> = args.iter().take(1).map(String::as_str).collect();
            match self.query_strings(sql, &params) {
                Ok(r) => r.into_iter().filter_map(|mut v| v.remove(0)).collect(),
                Err(e) => return self.dot_sql_error(&e),
            }
        } else {
            let dbs = match self.query_strings("PRAGMA database_list", &[]) {
                Ok(r) => r,
                Err(e) => return self.dot_sql_error(&e),
            };
            let mut names = Vec::new();
            for d in dbs {
                let schema = d.get(1).cloned().flatten().unwrap_or_default();
                let prefix = if schema == "main" { String::new() } else { format!("{schema}.") };
                let q = format!(
                    "SELECT '{}' || name FROM \"{}\".sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE ?1",
                    prefix.replace('\'', "''"),
                    schema.replace('"', "\"\"")
                );
                let pat = args.first().map(String::as_str).unwrap_or("%");
                match self.query_strings(&q, &[pat]) {
                    Ok(r) => names.extend(r.into_iter().filter_map(|mut v| v.remove(0))),
                    Err(e) => return self.dot_sql_error(&e),
                }
            }
            names.sort();
            names
        };
        if index {
            for n in names {
                self.sink.emit(format!("{n}\n").as_bytes());
            }
            return Ok(());
        }
        let maxlen = names.iter().map(|n| n.chars().count()).max().unwrap_or(0);
        if names.is_empty() {
            return Ok(());
        }
        let cols = (80 / (maxlen + 2)).max(1);
        let rows = names.len().div_ceil(cols);
        let mut out = String::new();
        for i in 0..rows {
            let mut j = i;
            while j < names.len() {
                if j >= rows {
                    out.push_str("  ");
                }
                out.push_str(&format!("{:<maxlen$}", names[j]));
                j += rows;
            }
            out.push('\n');
        }
        self.sink.emit(out.as_bytes());
        Ok(())
    }

    fn dot_sql_error(&mut self, e: &rusqlite::Error) -> Result<(), i32> {
        let (_, msg, _) = super::describe(e);
        self.sink.err(&format!("Error: {msg}"));
        Err(1)
    }

    /// A view's column list for `.schema`'s comment: `v(a,"b c")`.
    fn fake_schema(&self, name: &str) -> Option<String> {
        let rows = self
            .query_strings(&format!("PRAGMA table_info(\"{}\")", name.replace('"', "\"\"")), &[])
            .ok()?;
        if rows.is_empty() {
            return None;
        }
        let cols: Vec<String> = rows
            .iter()
            .map(|r| quote_ident_if_needed(r.get(1).cloned().flatten().as_deref().unwrap_or("")))
            .collect();
        Some(format!("{}({})", quote_ident_if_needed(name), cols.join(",")))
    }

    fn schema(&mut self, args: &[String]) -> Result<(), i32> {
        let pattern = args.iter().find(|a| !a.starts_with("--"));
        let sql = match pattern {
            Some(_) => "SELECT sql, type, name FROM sqlite_schema WHERE (lower(tbl_name) LIKE lower(?1) OR lower(name) LIKE lower(?1)) AND type!='meta' AND sql NOTNULL ORDER BY rowid",
            None => "SELECT sql, type, name FROM sqlite_schema WHERE type!='meta' AND sql NOTNULL ORDER BY rowid",
        };
        let params: Vec<&str> = pattern.into_iter().map(String::as_str).collect();
        let rows = match self.query_strings(sql, &params) {
            Ok(r) => r,
            Err(e) => return self.dot_sql_error(&e),
        };
        let mut out = Vec::new();
        for r in rows {
            let Some(mut sql) = r.first().cloned().flatten() else { continue };
            let name = r.get(2).cloned().flatten().unwrap_or_default();
            if r.get(1).cloned().flatten().as_deref() == Some("view") && sql.starts_with("CREATE VIEW ") {
                if let Some(fake) = self.fake_schema(&name) {
                    sql = format!("{sql}\n/* {fake} */");
                }
            }
            schema_line(&mut out, &sql, ";\n");
        }
        self.sink.emit(&out);
        Ok(())
    }

    fn dump(&mut self, args: &[String]) {
        let pats: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
        let like = if pats.is_empty() {
            "true".to_string()
        } else {
            pats.iter()
                .map(|p| format!("name LIKE '{}' ESCAPE '\\'", p.replace('\'', "''")))
                .collect::<Vec<_>>()
                .join(" OR ")
        };
        let mut out = Vec::new();
        out.extend_from_slice(b"PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n");
        let tables = self
            .query_strings(
                &format!(
                    "SELECT name, type, sql FROM sqlite_schema AS o WHERE ({like}) AND type=='table' AND sql NOT NULL ORDER BY tbl_name='sqlite_sequence', rowid"
                ),
                &[],
            )
            .unwrap_or_default();
        let mut errors = false;
        for t in tables {
            let name = t.first().cloned().flatten().unwrap_or_default();
            let sql = t.get(2).cloned().flatten().unwrap_or_default();
            if name == "sqlite_sequence" {
                out.extend_from_slice(b"DELETE FROM sqlite_sequence;\n");
            } else if name.starts_with("sqlite_stat") {
                out.extend_from_slice(b"ANALYZE sqlite_schema;\n");
            } else if name.starts_with("sqlite_") {
                continue;
            } else {
                schema_line(&mut out, &sql, ";\n");
            }
            let q = format!("SELECT * FROM \"{}\"", name.replace('"', "\"\""));
            let qname = quote_ident_if_needed(&name);
            match self.conn.prepare(&q) {
                Ok(mut stmt) => {
                    let n = stmt.column_count();
                    let Ok(mut rows) = stmt.query([]) else {
                        errors = true;
                        continue;
                    };
                    loop {
                        match rows.next() {
                            Ok(Some(r)) => {
                                out.extend_from_slice(format!("INSERT INTO {qname} VALUES(").as_bytes());
                                for i in 0..n {
                                    if i > 0 {
                                        out.push(b',');
                                    }
                                    let c = r.get_ref(i).map(Cell::from_ref).unwrap_or(Cell::Null);
                                    output::sql_literal(&mut out, &c, true);
                                }
                                out.extend_from_slice(b");\n");
                                if out.len() >= super::FLUSH_AT {
                                    self.sink.emit(&out);
                                    out.clear();
                                }
                            }
                            Ok(None) => break,
                            Err(_) => {
                                errors = true;
                                break;
                            }
                        }
                    }
                }
                Err(_) => errors = true,
            }
        }
        let others = self
            .query_strings(
                &format!("SELECT sql FROM sqlite_schema AS o WHERE ({like}) AND sql NOT NULL AND type IN ('index','trigger','view')"),
                &[],
            )
            .unwrap_or_default();
        for o in others {
            if let Some(sql) = o.first().cloned().flatten() {
                out.extend_from_slice(sql.as_bytes());
                out.extend_from_slice(b";\n");
            }
        }
        out.extend_from_slice(if errors { b"ROLLBACK; -- due to errors\n" } else { b"COMMIT;\n" });
        self.sink.emit(&out);
    }

    fn import(&mut self, args: &[String]) -> Result<(), i32> {
        let mut file = None;
        let mut table = None;
        let mut schema = "main".to_string();
        let mut skip = 0usize;
        let mut seps: Option<(u8, u8)> = None;
        let mut ascii = false;
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let z = a.strip_prefix('-').map(|z| z.strip_prefix('-').unwrap_or(z));
            match z {
                None if file.is_none() => file = Some(args[i].clone()),
                None if table.is_none() => table = Some(args[i].clone()),
                None => {
                    let usage = &IMPORT_USAGE["ERROR: missing FILE argument. Usage:\n".len()..];
                    self.sink.emit(format!("ERROR: extra argument: \"{a}\".  Usage:\n{usage}\n").as_bytes());
                    return Err(1);
                }
                Some("v") => {}
                Some("skip") if i + 1 < args.len() => {
                    i += 1;
                    skip = args[i].parse().unwrap_or(0);
                }
                Some("schema") if i + 1 < args.len() => {
                    i += 1;
                    schema = args[i].clone();
                }
                Some("ascii") => {
                    seps = Some((0x1f, 0x1e));
                    ascii = true;
                }
                Some("csv") => seps = Some((b',', b'\n')),
                Some(_) => {
                    let usage = &IMPORT_USAGE["ERROR: missing FILE argument. Usage:\n".len()..];
                    self.sink.emit(format!("ERROR: unknown option: \"{a}\".  Usage:\n{usage}\n").as_bytes());
                    return Err(1);
                }
            }
            i += 1;
        }
        let Some(file) = file else {
            self.sink.emit(format!("{IMPORT_USAGE}\n").as_bytes());
            return Err(1);
        };
        let Some(table) = table else {
            self.sink.emit(format!("{}\n", IMPORT_USAGE.replace("missing FILE", "missing TABLE")).as_bytes());
            return Err(1);
        };
        let (col, row) = match seps {
            Some(s) => s,
            None => {
                ascii = self.s.mode == Mode::Ascii;
                let c = self.s.col_sep.as_bytes();
                let mut r = self.s.row_sep.as_bytes();
                if c.is_empty() {
                    self.sink.err("Error: non-null column separator required for import");
                    return Err(1);
                }
                if c.len() > 1 {
                    self.sink.err("Error: multi-character column separators not allowed for import");
                    return Err(1);
                }
                if r.is_empty() {
                    self.sink.err("Error: non-null row separator required for import");
                    return Err(1);
                }
                if r == b"\r\n" && self.s.mode == Mode::Csv {
                    // As sqlite3: the output row separator becomes "\n" for good.
                    r = b"\n";
                    self.s.row_sep = "\n".into();
                }
                if r.len() > 1 {
                    self.sink.err("Error: multi-character row separators not allowed for import");
                    return Err(1);
                }
                (c[0], r[0])
            }
        };
        let Some(data) = self.read_source(&file) else {
            self.sink.err(&format!("Error: cannot open \"{file}\""));
            return Err(1);
        };
        let mut rd = Reader { d: &data, pos: 0, line: 1, term: None, col, row, quoted_csv: !(col == 0x1f && row == 0x1e), file: &file, first: true };
        let mut warnings = Vec::new();
        for _ in 0..skip {
            while rd.field(&mut warnings).is_some() && rd.term == Some(col) {}
        }
        let qualified = format!("\"{}\".\"{}\"", schema.replace('"', "\"\""), table.replace('"', "\"\""));
        let probe = self.conn.prepare(&format!("SELECT * FROM {qualified}")).map(|s| s.column_count());
        let ncol = match probe {
            Ok(n) => n,
            Err(e) => {
                let (_, msg, _) = super::describe(&e);
                if !msg.starts_with("no such table: ") {
                    for w in warnings {
                        self.sink.err(&w);
                    }
                    self.sink.err(&format!("Error: {msg}"));
                    return Err(1);
                }
                let mut names = Vec::new();
                while let Some(f) = rd.field(&mut warnings) {
                    names.push(format!("\"{}\" TEXT", String::from_utf8_lossy(&f).replace('"', "\"\"")));
                    if rd.term != Some(col) {
                        break;
                    }
                }
                for w in warnings.drain(..) {
                    self.sink.err(&w);
                }
                if names.is_empty() {
                    self.sink.err(&format!("{file}: empty file"));
                    return Err(1);
                }
                let create = format!("CREATE TABLE {qualified}(\n{})", names.join(", "));
                if let Err(e) = self.conn.execute_batch(&create) {
                    let (_, msg, _) = super::describe(&e);
                    self.sink.err(&format!("CREATE TABLE {qualified}(...) failed: {msg}"));
                    return Err(1);
                }
                names.len()
            }
        };
        if ncol == 0 {
            return Ok(());
        }
        let placeholders = vec!["?"; ncol].join(",");
        let need_commit = self.conn.is_autocommit();
        if need_commit {
            let _ = self.conn.execute_batch("BEGIN");
        }
        let result = (|| -> Result<(), String> {
            let mut stmt = self
                .conn
                .prepare(&format!("INSERT INTO {qualified} VALUES({placeholders})"))
                .map_err(|e| format!("Error: {}", super::describe(&e).1))?;
            let mut vals: Vec<Option<Vec<u8>>> = vec![None; ncol];
            loop {
                let start = rd.line;
                let mut i = 0;
                let mut got_any = true;
                while i < ncol {
                    let z = rd.field(&mut warnings);
                    if z.is_none() && i == 0 {
                        got_any = false;
                        break;
                    }
                    if ascii && z.as_ref().is_none_or(|z| z.is_empty()) && i == 0 {
                        got_any = false;
                        break;
                    }
                    vals[i] = z;
                    if i < ncol - 1 && rd.term != Some(col) {
                        warnings.push(format!(
                            "{file}:{start}: expected {ncol} columns but found {} - filling the rest with NULL",
                            i + 1
                        ));
                        for v in vals.iter_mut().skip(i + 1) {
                            *v = None;
                        }
                        i = ncol + 1;
                        break;
                    }
                    i += 1;
                }
                if !got_any {
                    if rd.term.is_none() {
                        break;
                    }
                    continue;
                }
                if rd.term == Some(col) {
                    loop {
                        rd.field(&mut warnings);
                        i += 1;
                        if rd.term != Some(col) {
                            break;
                        }
                    }
                    warnings.push(format!("{file}:{start}: expected {ncol} columns but found {i} - extras ignored"));
                }
                if i >= ncol {
                    let params = rusqlite::params_from_iter(vals.iter().map(|v| {
                        v.as_ref().map(|b| String::from_utf8_lossy(b).into_owned())
                    }));
                    if let Err(e) = stmt.execute(params) {
                        if self.stopped.load(std::sync::atomic::Ordering::SeqCst) {
                            return Err("Error: interrupted: the script's time limit was reached or it was cancelled".into());
                        }
                        warnings.push(format!("{file}:{start}: INSERT failed: {}", super::describe(&e).1));
                    }
                }
                if rd.term.is_none() {
                    break;
                }
            }
            Ok(())
        })();
        if need_commit {
            let _ = self.conn.execute_batch("COMMIT");
        }
        for w in warnings {
            self.sink.err(&w);
        }
        match result {
            Ok(()) => Ok(()),
            Err(m) => {
                self.sink.err(&m);
                Err(1)
            }
        }
    }
}

/// `printSchemaLine`: a CREATE statement with `zTail`; quoted table names get
/// `IF NOT EXISTS`; a trailing comment is closed first.
fn schema_line(out: &mut Vec<u8>, sql: &str, tail: &str) {
    let mut z = sql.to_string();
    if tail.starts_with(';') && (z.contains("/*") || z.contains("--")) {
        for term in ["", "*/", "\n"] {
            let cand = format!("{z}{term};");
            if complete::is_complete(cand.as_bytes()) {
                z = cand[..cand.len() - 1].to_string();
                break;
            }
        }
    }
    if z.starts_with("CREATE TABLE '") || z.starts_with("CREATE TABLE \"") {
        out.extend_from_slice(format!("CREATE TABLE IF NOT EXISTS {}{tail}", &z[13..]).as_bytes());
    } else {
        out.extend_from_slice(format!("{z}{tail}").as_bytes());
    }
}

/// `csv_read_one_field` / `ascii_read_one_field` over the bytes of an import file.
struct Reader<'d> {
    d: &'d [u8],
    pos: usize,
    line: usize,
    /// What ended the last field: a separator byte, or `None` at the end of input.
    term: Option<u8>,
    col: u8,
    row: u8,
    quoted_csv: bool,
    file: &'d str,
    first: bool,
}

impl Reader<'_> {
    fn getc(&mut self) -> Option<u8> {
        let c = self.d.get(self.pos).copied();
        if c.is_some() {
            self.pos += 1;
        }
        c
    }

    fn field(&mut self, warnings: &mut Vec<String>) -> Option<Vec<u8>> {
        let mut z = Vec::new();
        let Some(mut c) = self.getc() else {
            self.term = None;
            return None;
        };
        if !self.quoted_csv {
            while c != self.col && c != self.row {
                z.push(c);
                match self.getc() {
                    Some(n) => c = n,
                    None => {
                        self.term = None;
                        return Some(z);
                    }
                }
            }
            if c == self.row {
                self.line += 1;
            }
            self.term = Some(c);
            return Some(z);
        }
        if c == b'"' {
            let start_line = self.line;
            let (mut pc, mut ppc) = (0u8, 0u8);
            loop {
                let c = self.getc();
                if c == Some(self.row) {
                    self.line += 1;
                }
                if c == Some(b'"') && pc == b'"' {
                    pc = 0;
                    continue;
                }
                let at_end = c.is_none() || c == Some(self.col) || c == Some(self.row);
                if (at_end && pc == b'"') || (c == Some(self.row) && pc == b'\r' && ppc == b'"') {
                    while let Some(last) = z.pop() {
                        if last == b'"' {
                            break;
                        }
                    }
                    self.term = c;
                    break;
                }
                if pc == b'"' && c != Some(b'\r') {
                    warnings.push(format!("{}:{}: unescaped \" character", self.file, self.line));
                }
                let Some(c) = c else {
                    warnings.push(format!("{}:{}: unterminated \"-quoted field", self.file, start_line));
                    self.term = None;
                    break;
                };
                z.push(c);
                ppc = pc;
                pc = c;
            }
        } else {
            if self.first && c == 0xef && self.d[self.pos..].starts_with(&[0xbb, 0xbf]) {
                self.pos += 2;
                match self.getc() {
                    Some(n) => c = n,
                    None => {
                        self.term = None;
                        return Some(z);
                    }
                }
            }
            let mut cur = Some(c);
            while let Some(c) = cur {
                if c == self.col || c == self.row {
                    break;
                }
                z.push(c);
                cur = self.getc();
            }
            if cur == Some(self.row) {
                self.line += 1;
                if z.last() == Some(&b'\r') {
                    z.pop();
                }
            }
            self.term = cur;
        }
        self.first = false;
        Some(z)
    }
}
