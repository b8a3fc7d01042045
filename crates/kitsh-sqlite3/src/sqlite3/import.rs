//! `.import FILE TABLE`: CSV (or `.separator`/ASCII-separated) rows into a table, created
//! from the header row when missing, as the sqlite3 shell 3.40 does it.

use super::output::Mode;
use super::Session;

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

impl Session<'_, '_> {
    pub(super) fn import(&mut self, args: &[String]) -> Result<(), i32> {
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
