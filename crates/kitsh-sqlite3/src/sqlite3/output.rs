//! Output modes: how a result row is printed, as the sqlite3 shell 3.40 prints it (`list`,
//! `csv`, `json`, `line`, `column`, `box`, `markdown`, `table`, `html`, `quote`, `insert`,
//! `tabs`, `tcl`, `ascii`).

/// An output mode (`.mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Values separated by `.separator` (default).
    List,
    /// Comma-separated, quoted where needed.
    Csv,
    /// One JSON array of objects per statement.
    Json,
    /// `name = value`, one per line.
    Line,
    /// Left-aligned columns.
    Column,
    /// Unicode box drawing.
    Box,
    /// A Markdown table.
    Markdown,
    /// An ASCII-art table.
    Table,
    /// `<TR><TD>` rows.
    Html,
    /// SQL literals.
    Quote,
    /// `INSERT INTO` statements.
    Insert,
    /// TCL list elements.
    Tcl,
    /// Unit/record separators 0x1F/0x1E.
    Ascii,
    /// Nothing.
    Off,
}

impl Mode {
    /// The name `.mode` shows.
    pub fn name(self) -> &'static str {
        match self {
            Mode::List => "list",
            Mode::Csv => "csv",
            Mode::Json => "json",
            Mode::Line => "line",
            Mode::Column => "column",
            Mode::Box => "box",
            Mode::Markdown => "markdown",
            Mode::Table => "table",
            Mode::Html => "html",
            Mode::Quote => "quote",
            Mode::Insert => "insert",
            Mode::Tcl => "tcl",
            Mode::Ascii => "ascii",
            Mode::Off => "off",
        }
    }

    /// A mode that sizes columns on the whole result (`column`, `box`, `markdown`, `table`).
    pub fn columnar(self) -> bool {
        matches!(self, Mode::Column | Mode::Box | Mode::Markdown | Mode::Table)
    }
}

/// The shell's output settings.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The output mode.
    pub mode: Mode,
    /// Column separator.
    pub col_sep: String,
    /// Row separator.
    pub row_sep: String,
    /// Print column names.
    pub headers: bool,
    /// `-header`/`-noheader`/`.headers` were given (then `.mode column` keeps them).
    pub header_set: bool,
    /// Text printed for NULL.
    pub null: String,
    /// Table name of `insert` mode.
    pub table: String,
    /// `.width` column widths.
    pub widths: Vec<i64>,
    /// Columnar modes: wrap values at this many characters (0: never); `.mode` sets 60.
    pub wrap: usize,
    /// Columnar modes: wrap at word boundaries.
    pub wordwrap: bool,
    /// Columnar modes: show values as SQL literals (`qbox`).
    pub quote: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            mode: Mode::List,
            col_sep: "|".into(),
            row_sep: "\n".into(),
            headers: false,
            header_set: false,
            null: String::new(),
            table: "table".into(),
            widths: Vec::new(),
            wrap: 0,
            wordwrap: false,
            quote: false,
        }
    }
}

/// One value of a result row.
#[derive(Clone, Debug)]
pub enum Cell {
    /// NULL
    Null,
    /// INTEGER
    Int(i64),
    /// REAL
    Real(f64),
    /// TEXT (bytes as stored)
    Text(Vec<u8>),
    /// BLOB
    Blob(Vec<u8>),
}

impl Cell {
    /// From a rusqlite value.
    pub fn from_ref(v: rusqlite::types::ValueRef<'_>) -> Cell {
        use rusqlite::types::ValueRef as V;
        match v {
            V::Null => Cell::Null,
            V::Integer(i) => Cell::Int(i),
            V::Real(r) => Cell::Real(r),
            V::Text(t) => Cell::Text(t.to_vec()),
            V::Blob(b) => Cell::Blob(b.to_vec()),
        }
    }

    /// What `sqlite3_column_text()` gives (`None` for NULL).
    pub fn text(&self) -> Option<Vec<u8>> {
        match self {
            Cell::Null => None,
            Cell::Int(i) => Some(i.to_string().into_bytes()),
            Cell::Real(r) => Some(fmt_real(*r, 15).into_bytes()),
            Cell::Text(t) | Cell::Blob(t) => Some(t.clone()),
        }
    }
}

/// SQLite's `%!.<prec>g`: `%g` that always keeps a decimal point (`1.0`, `1.0e+20`).
pub fn fmt_real(r: f64, prec: usize) -> String {
    if r.is_infinite() {
        return if r > 0.0 { "Inf".into() } else { "-Inf".into() };
    }
    if r.is_nan() {
        return "NaN".into();
    }
    if r == 0.0 {
        return if r.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    let s = format!("{:.*e}", prec.saturating_sub(1), r);
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let neg = mant.starts_with('-');
    let digits: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let digits = digits.trim_end_matches('0');
    let digits = if digits.is_empty() { "0" } else { digits };
    let sign = if neg { "-" } else { "" };
    if exp < -4 || exp >= prec as i32 {
        let (first, rest) = digits.split_at(1);
        let rest = if rest.is_empty() { "0" } else { rest };
        let es = if exp < 0 { '-' } else { '+' };
        format!("{sign}{first}.{rest}e{es}{:02}", exp.abs())
    } else if exp < 0 {
        format!("{sign}0.{}{digits}", "0".repeat((-exp - 1) as usize))
    } else {
        let int_len = exp as usize + 1;
        if digits.len() <= int_len {
            format!("{sign}{digits}{}.0", "0".repeat(int_len - digits.len()))
        } else {
            format!("{sign}{}.{}", &digits[..int_len], &digits[int_len..])
        }
    }
}

/// A REAL as `quote`/`insert`/`.dump` print it.
pub fn quote_real(r: f64) -> String {
    if r.is_infinite() {
        return if r > 0.0 { "1e999".into() } else { "-1e999".into() };
    }
    if r.fract() == 0.0 && r.abs() < 9.2e18 {
        return format!("{}.0", r as i64);
    }
    fmt_real(r, 20)
}

/// `'text'` with quotes doubled.
pub fn quoted_string(out: &mut Vec<u8>, z: &[u8]) {
    out.push(b'\'');
    for &c in z {
        if c == b'\'' {
            out.push(b'\'');
        }
        out.push(c);
    }
    out.push(b'\'');
}

/// `.dump`'s text literal: newlines and carriage returns go through `replace(...)`.
pub fn quoted_escaped_string(out: &mut Vec<u8>, z: &[u8]) {
    let nl = z.contains(&b'\n');
    let cr = z.contains(&b'\r');
    if !nl && !cr {
        return quoted_string(out, z);
    }
    if nl {
        out.extend_from_slice(b"replace(");
    }
    if cr {
        out.extend_from_slice(b"replace(");
    }
    out.push(b'\'');
    for &c in z {
        match c {
            b'\'' => out.extend_from_slice(b"''"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            _ => out.push(c),
        }
    }
    out.push(b'\'');
    if cr {
        out.extend_from_slice(b",'\\r',char(13))");
    }
    if nl {
        out.extend_from_slice(b",'\\n',char(10))");
    }
}

/// `X'hex'`.
pub fn hex_blob(out: &mut Vec<u8>, b: &[u8]) {
    out.extend_from_slice(b"X'");
    for c in b {
        out.extend_from_slice(format!("{c:02x}").as_bytes());
    }
    out.push(b'\'');
}

/// A value as an SQL literal (`quote`, `insert`, `.dump`).
pub fn sql_literal(out: &mut Vec<u8>, c: &Cell, escape_newlines: bool) {
    match c {
        Cell::Null => out.extend_from_slice(b"NULL"),
        Cell::Int(i) => out.extend_from_slice(i.to_string().as_bytes()),
        Cell::Real(r) => out.extend_from_slice(quote_real(*r).as_bytes()),
        Cell::Text(t) if escape_newlines => quoted_escaped_string(out, t),
        Cell::Text(t) => quoted_string(out, t),
        Cell::Blob(b) => hex_blob(out, b),
    }
}

/// Characters that make a CSV field quoted.
fn needs_csv_quote(c: u8) -> bool {
    c <= b' ' || c == b'"' || c == b'\'' || c >= 0x7f
}

fn csv_field(out: &mut Vec<u8>, z: Option<&[u8]>, s: &Settings) {
    let Some(z) = z else {
        out.extend_from_slice(s.null.as_bytes());
        return;
    };
    let sep = s.col_sep.as_bytes();
    let quote = z.is_empty()
        || z.iter().any(|&c| needs_csv_quote(c))
        || (!sep.is_empty() && z.windows(sep.len()).any(|w| w == sep));
    if quote {
        out.push(b'"');
        for &c in z {
            if c == b'"' {
                out.push(b'"');
            }
            out.push(c);
        }
        out.push(b'"');
    } else {
        out.extend_from_slice(z);
    }
}

/// A JSON string literal.
pub fn json_string(out: &mut Vec<u8>, z: &[u8]) {
    out.push(b'"');
    for &c in z {
        match c {
            b'"' | b'\\' => {
                out.push(b'\\');
                out.push(c);
            }
            b'\x08' => out.extend_from_slice(b"\\b"),
            b'\x0c' => out.extend_from_slice(b"\\f"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b'\t' => out.extend_from_slice(b"\\t"),
            c if c < 0x20 => out.extend_from_slice(format!("\\u{c:04x}").as_bytes()),
            c => out.push(c),
        }
    }
    out.push(b'"');
}

fn html_string(out: &mut Vec<u8>, z: &[u8]) {
    for &c in z {
        match c {
            b'<' => out.extend_from_slice(b"&lt;"),
            b'&' => out.extend_from_slice(b"&amp;"),
            b'>' => out.extend_from_slice(b"&gt;"),
            b'"' => out.extend_from_slice(b"&quot;"),
            b'\'' => out.extend_from_slice(b"&#39;"),
            c => out.push(c),
        }
    }
}

fn tcl_string(out: &mut Vec<u8>, z: &[u8]) {
    out.push(b'"');
    for &c in z {
        match c {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'"' => out.extend_from_slice(b"\\\""),
            b'\t' => out.extend_from_slice(b"\\t"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            c if c < 0x20 || c == 0x7f => out.extend_from_slice(format!("\\{c:03o}").as_bytes()),
            c => out.push(c),
        }
    }
    out.push(b'"');
}

/// Prints the rows of one statement in the current mode.
pub struct Printer<'s> {
    s: &'s Settings,
    cols: Vec<String>,
    cnt: usize,
    /// Rows kept for the columnar modes, which size columns on the whole result.
    kept: Vec<Vec<Option<Vec<u8>>>>,
    /// Their size in bytes.
    kept_bytes: usize,
    /// `sqlite3_stmt_isexplain()`: 1 `EXPLAIN`, 2 `EXPLAIN QUERY PLAN` (shown their own way).
    explain: i32,
    /// The rows of an explain statement.
    explained: Vec<Vec<Cell>>,
}

impl<'s> Printer<'s> {
    /// A printer for a statement with these column names; `explain` as
    /// `sqlite3_stmt_isexplain()` (when it is really an `EXPLAIN` statement).
    pub fn new(s: &'s Settings, cols: Vec<String>, explain: i32) -> Self {
        Printer { s, cols, cnt: 0, kept: Vec::new(), kept_bytes: 0, explain, explained: Vec::new() }
    }

    /// Print (or keep) one row; `false` when the columnar modes have kept
    /// [`super::vfs::MAX_KEPT_BYTES`] already.
    pub fn row(&mut self, out: &mut Vec<u8>, cells: &[Cell]) -> bool {
        let s = self.s;
        let n = cells.len();
        if self.explain != 0 {
            self.explained.push(cells.to_vec());
            return self.explained.len() < 1_000_000;
        }
        if s.mode.columnar() {
            self.kept_bytes += cells.len() * 24
                + cells.iter().map(|c| if let Cell::Text(t) | Cell::Blob(t) = c { t.len() } else { 8 }).sum::<usize>();
            if self.kept_bytes > super::vfs::MAX_KEPT_BYTES {
                return false;
            }
        }
        match s.mode {
            Mode::Off => {}
            m if m.columnar() && s.quote => self.kept.push(
                cells
                    .iter()
                    .map(|c| {
                        let mut v = Vec::new();
                        sql_literal(&mut v, c, false);
                        Some(v)
                    })
                    .collect(),
            ),
            m if m.columnar() => self.kept.push(cells.iter().map(Cell::text).collect()),
            Mode::List | Mode::Ascii => {
                if self.cnt == 0 && s.headers {
                    for (i, c) in self.cols.iter().enumerate() {
                        out.extend_from_slice(c.as_bytes());
                        out.extend_from_slice(if i == n - 1 { s.row_sep.as_bytes() } else { s.col_sep.as_bytes() });
                    }
                }
                for (i, c) in cells.iter().enumerate() {
                    match c.text() {
                        Some(t) => out.extend_from_slice(&t),
                        None => out.extend_from_slice(s.null.as_bytes()),
                    }
                    out.extend_from_slice(if i == n - 1 { s.row_sep.as_bytes() } else { s.col_sep.as_bytes() });
                }
            }
            Mode::Tcl => {
                if self.cnt == 0 && s.headers {
                    for (i, c) in self.cols.iter().enumerate() {
                        tcl_string(out, c.as_bytes());
                        out.extend_from_slice(if i == n - 1 { s.row_sep.as_bytes() } else { s.col_sep.as_bytes() });
                    }
                }
                for (i, c) in cells.iter().enumerate() {
                    tcl_string(out, c.text().as_deref().unwrap_or(s.null.as_bytes()));
                    out.extend_from_slice(if i == n - 1 { s.row_sep.as_bytes() } else { s.col_sep.as_bytes() });
                }
            }
            Mode::Csv => {
                if self.cnt == 0 && s.headers {
                    for (i, c) in self.cols.iter().enumerate() {
                        csv_field(out, Some(c.as_bytes()), s);
                        if i < n - 1 {
                            out.extend_from_slice(s.col_sep.as_bytes());
                        }
                    }
                    out.extend_from_slice(s.row_sep.as_bytes());
                }
                for (i, c) in cells.iter().enumerate() {
                    csv_field(out, c.text().as_deref(), s);
                    if i < n - 1 {
                        out.extend_from_slice(s.col_sep.as_bytes());
                    }
                }
                out.extend_from_slice(s.row_sep.as_bytes());
            }
            Mode::Line => {
                let w = self.cols.iter().map(|c| c.len()).max().unwrap_or(0).max(5);
                if self.cnt > 0 {
                    out.extend_from_slice(s.row_sep.as_bytes());
                }
                for (c, v) in self.cols.iter().zip(cells) {
                    out.extend_from_slice(format!("{c:>w$} = ").as_bytes());
                    out.extend_from_slice(&v.text().unwrap_or_else(|| s.null.as_bytes().to_vec()));
                    out.extend_from_slice(s.row_sep.as_bytes());
                }
            }
            Mode::Html => {
                if self.cnt == 0 && s.headers {
                    out.extend_from_slice(b"<TR>");
                    for c in &self.cols {
                        out.extend_from_slice(b"<TH>");
                        html_string(out, c.as_bytes());
                        out.extend_from_slice(b"</TH>\n");
                    }
                    out.extend_from_slice(b"</TR>\n");
                }
                out.extend_from_slice(b"<TR>");
                for c in cells {
                    out.extend_from_slice(b"<TD>");
                    html_string(out, c.text().as_deref().unwrap_or(s.null.as_bytes()));
                    out.extend_from_slice(b"</TD>\n");
                }
                out.extend_from_slice(b"</TR>\n");
            }
            Mode::Quote | Mode::Insert => {
                let insert = s.mode == Mode::Insert;
                if insert {
                    out.extend_from_slice(b"INSERT INTO ");
                    out.extend_from_slice(quote_ident_if_needed(&s.table).as_bytes());
                    if s.headers {
                        out.push(b'(');
                        for (i, c) in self.cols.iter().enumerate() {
                            if i > 0 {
                                out.push(b',');
                            }
                            out.extend_from_slice(quote_ident_if_needed(c).as_bytes());
                        }
                        out.push(b')');
                    }
                    out.extend_from_slice(b" VALUES(");
                } else if self.cnt == 0 && s.headers {
                    for (i, c) in self.cols.iter().enumerate() {
                        if i > 0 {
                            out.extend_from_slice(s.col_sep.as_bytes());
                        }
                        quoted_string(out, c.as_bytes());
                    }
                    out.extend_from_slice(s.row_sep.as_bytes());
                }
                for (i, c) in cells.iter().enumerate() {
                    if i > 0 {
                        if insert {
                            out.push(b',');
                        } else {
                            out.extend_from_slice(s.col_sep.as_bytes());
                        }
                    }
                    sql_literal(out, c, insert);
                }
                if insert {
                    out.extend_from_slice(b");\n");
                } else {
                    out.extend_from_slice(s.row_sep.as_bytes());
                }
            }
            Mode::Json => {
                out.extend_from_slice(if self.cnt == 0 { b"[{" } else { b",\n{" });
                for (i, (c, v)) in self.cols.iter().zip(cells).enumerate() {
                    json_string(out, c.as_bytes());
                    out.push(b':');
                    match v {
                        Cell::Null => out.extend_from_slice(b"null"),
                        Cell::Int(x) => out.extend_from_slice(x.to_string().as_bytes()),
                        Cell::Real(r) if r.is_infinite() => {
                            out.extend_from_slice(if *r > 0.0 { b"1e999" } else { b"-1e999" })
                        }
                        Cell::Real(r) => out.extend_from_slice(fmt_real(*r, 20).as_bytes()),
                        Cell::Text(t) | Cell::Blob(t) => json_string(out, t),
                    }
                    if i < n - 1 {
                        out.push(b',');
                    }
                }
                out.push(b'}');
            }
            _ => {}
        }
        self.cnt += 1;
        true
    }

    /// The statement is done: close the JSON array, print the kept columnar rows.
    pub fn finish(self, out: &mut Vec<u8>) {
        match self.explain {
            2 => return super::explain::render_eqp(&self.explained, out),
            1 => {
                if !self.explained.is_empty() {
                    super::explain::render_explain(&self.cols, &self.explained, &self.s.null, out);
                }
                return;
            }
            _ => {}
        }
        if self.s.mode == Mode::Json && self.cnt > 0 {
            out.extend_from_slice(b"]\n");
        }
        if self.s.mode.columnar() && !self.kept.is_empty() {
            super::columnar::render(self.s, &self.cols, &self.kept, out);
        }
    }
}

/// `name` as an identifier, double-quoted when it is not a plain one.
pub fn quote_ident_if_needed(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.as_bytes()[0].is_ascii_digit()
        && name.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')
        && !super::schema::is_keyword(name);
    if plain {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reals_as_sqlite() {
        assert_eq!(fmt_real(1.0, 15), "1.0");
        assert_eq!(fmt_real(0.1, 15), "0.1");
        assert_eq!(fmt_real(1e20, 15), "1.0e+20");
        assert_eq!(fmt_real(1.5e-7, 15), "1.5e-07");
        assert_eq!(fmt_real(123456789012345678.0, 15), "1.23456789012346e+17");
        assert_eq!(fmt_real(0.1, 20), "0.10000000000000000555");
        assert_eq!(fmt_real(-2.5, 15), "-2.5");
        assert_eq!(fmt_real(100.0, 15), "100.0");
        assert_eq!(fmt_real(0.001, 15), "0.001");
    }
}
