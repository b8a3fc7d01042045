//! Dot commands: their parsing (quotes, backslash escapes, abbreviations) and the settings
//! ones (`.mode`, `.headers`, `.output`, `.read`, ...), as the sqlite3 shell 3.40 answers
//! them; `.tables .schema .dump` are in `schema.rs`, `.import` in `import.rs`. Files they name
//! are paths of the virtual filesystem.

use super::output::Mode;
use super::{Flow, Session};
use crate::builtins::{SpawnIn, SpawnOut};

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
pub(super) fn boolean(sh: &mut Session<'_, '_>, z: &str) -> bool {
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
        } else if is(c, "changes", 3) && n == 2 {
            self.changes = boolean(self, &args[1]);
        } else if is(c, "timer", 2) || is(c, "stats", 3) || is(c, "eqp", 2) {
            // Accepted for scripts that set them; kitsh prints no timings or statistics.
        } else if is(c, "width", 1) {
            self.s.widths = args[1..].iter().map(|a| a.parse().unwrap_or(0)).collect();
        } else if is(c, "databases", 2) {
            self.touched = true;
            let rows = self.query_strings("PRAGMA database_list", &[]).unwrap_or_default();
            for r in rows {
                let name = r.get(1).cloned().flatten().unwrap_or_default();
                // kitsh opens "temp" up front (to cap its size): shown once it holds something.
                if name == "temp"
                    && self.query_strings("SELECT 1 FROM temp.sqlite_schema LIMIT 1", &[]).is_ok_and(|r| r.is_empty())
                {
                    continue;
                }
                // Only "main" can be a file: attached databases are in memory.
                let file = match (&self.db_path, name.as_str()) {
                    (Some(p), "main") => p.clone(),
                    _ => "\"\"".to_string(),
                };
                let mode = if self.readonly && name == "main" { "r/o" } else { "r/w" };
                self.sink.emit(format!("{name}: {file} {mode}\n").as_bytes());
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
    pub(super) fn read_source(&mut self, name: &str) -> Option<Vec<u8>> {
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


}
