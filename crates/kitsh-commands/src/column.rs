//! `column`: columnate lists, as util-linux 2.38: fill columns (default) or rows (`-x`) to
//! the width `-c` (or `$COLUMNS`, else 80) with tabs; tables (`-t`) with `-s SEPS`,
//! `-o OUTSEP`, `-N NAMES`, `-R COLS` (right-aligned), `-H COLS` (hidden), `-J` (JSON, with
//! `-n NAME`), `-L` (keep empty lines).


use super::args::{self, Config, OptSpec};
use super::wc::char_width;
use super::{Builtin, Ctx};
use kitsh_core::util::bytes::{decode, encode};

/// The `column` command.
pub struct Column;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Table,
    Sep,
    OutSep,
    Names,
    Right,
    Hide,
    Json,
    TableName,
    Width,
    Rows,
    KeepEmpty,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('t', "table", O::Table),
    OptSpec::req('s', "separator", O::Sep),
    OptSpec::req('o', "output-separator", O::OutSep),
    OptSpec::req('N', "table-columns", O::Names),
    OptSpec::req('R', "table-right", O::Right),
    OptSpec::req('H', "table-hide", O::Hide),
    OptSpec::flag('J', "json", O::Json),
    OptSpec::req('n', "table-name", O::TableName),
    OptSpec::req('c', "output-width", O::Width),
    OptSpec::flag('x', "fillrows", O::Rows),
    OptSpec::flag('L', "keep-empty-lines", O::KeepEmpty),
];

const USAGE: &str = "Usage:
 column [options] [<file>...]

Columnate lists.

Options:
 -t, --table                      create a table
 -n, --table-name <name>          table name for JSON output
 -N, --table-columns <names>      comma separated columns names
 -R, --table-right <columns>      right align text in these columns
 -H, --table-hide <columns>       don't print the columns
 -J, --json                       use JSON output format for table
 -L, --keep-empty-lines           don't ignore empty lines
 -c, --output-width <width>       width of output in number of characters
 -o, --output-separator <string>  columns separator for table output (default is two spaces)
 -s, --separator <string>         possible table delimiters
 -x, --fillrows                   fill rows before columns";

fn width(s: &str) -> usize {
    s.chars().map(|c| if c.is_control() { 0 } else { char_width(c) as usize }).sum()
}

/// Column numbers (1-based) or names from a `-R`/`-H` list.
fn column_set(spec: &str, names: &[String]) -> Vec<usize> {
    spec.split(',')
        .filter_map(|p| p.parse::<usize>().ok().or_else(|| names.iter().position(|n| n == p).map(|i| i + 1)))
        .collect()
}

struct Table<'a> {
    rows: Vec<Vec<String>>,
    names: &'a [String],
    right: Vec<usize>,
    hide: Vec<usize>,
    outsep: &'a str,
}

impl Table<'_> {
    fn render(&self, out: &mut String) {
        let ncols = self.rows.iter().map(Vec::len).chain(std::iter::once(self.names.len())).max().unwrap_or(0);
        let visible: Vec<usize> = (0..ncols).filter(|c| !self.hide.contains(&(c + 1))).collect();
        let mut widths = vec![0usize; ncols];
        let header = (!self.names.is_empty()).then_some(self.names);
        for row in header.into_iter().chain(self.rows.iter().map(Vec::as_slice)) {
            for (c, cell) in row.iter().enumerate() {
                widths[c] = widths[c].max(width(cell));
            }
        }
        for row in header.into_iter().chain(self.rows.iter().map(Vec::as_slice)) {
            for (k, &c) in visible.iter().enumerate() {
                let cell = row.get(c).map_or("", String::as_str);
                let last = k + 1 == visible.len();
                let pad = widths[c] - width(cell);
                if self.right.contains(&(c + 1)) {
                    out.extend(std::iter::repeat_n(' ', pad));
                    out.push_str(cell);
                } else {
                    out.push_str(cell);
                    if !last {
                        out.extend(std::iter::repeat_n(' ', pad));
                    }
                }
                if !last {
                    out.push_str(self.outsep);
                }
            }
            out.push('\n');
        }
    }

    fn json(&self, name: &str, out: &mut String) {
        let ncols = self.names.len();
        out.push_str("{\n   \"");
        out.push_str(&json_escape(name));
        out.push_str("\": [\n");
        for (i, row) in self.rows.iter().enumerate() {
            out.push_str(if i == 0 { "      {\n" } else { "},{\n" });
            let cols: Vec<usize> = (0..ncols).filter(|c| !self.hide.contains(&(c + 1))).collect();
            for (k, &c) in cols.iter().enumerate() {
                let cell = row.get(c).map_or(String::new(), Clone::clone);
                let v = if cell.is_empty() { "null".to_string() } else { format!("\"{}\"", json_escape(&cell)) };
                out.push_str(&format!("         \"{}\": {v}", json_escape(&self.names[c].to_lowercase())));
                out.push_str(if k + 1 < cols.len() { ",\n" } else { "\n" });
            }
            out.push_str("      ");
        }
        if !self.rows.is_empty() {
            out.push_str("}\n");
        }
        out.push_str("   ]\n}\n");
    }
}

fn json_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o
}

/// Fill mode: entries in columns (or rows with `-x`) separated by tabs, as BSD column.
fn fill(entries: &[String], term_width: usize, rows_first: bool, out: &mut String) {
    if entries.is_empty() {
        return;
    }
    let maxlen = entries.iter().map(|e| width(e)).max().unwrap_or(0);
    let colw = (maxlen + 8) & !7;
    let numcols = (term_width / colw).max(1);
    let tab_to = |out: &mut String, chcnt: &mut usize, endcol: usize| loop {
        let next = (*chcnt + 8) & !7;
        if next > endcol {
            break;
        }
        out.push('\t');
        *chcnt = next;
    };
    if rows_first {
        let (mut col, mut chcnt, mut endcol) = (0usize, 0usize, colw);
        for e in entries {
            out.push_str(e);
            chcnt += width(e);
            col += 1;
            if col == numcols {
                col = 0;
                chcnt = 0;
                endcol = colw;
                out.push('\n');
            } else {
                tab_to(out, &mut chcnt, endcol);
                endcol += colw;
            }
        }
        if chcnt > 0 || col > 0 {
            out.push('\n');
        }
        return;
    }
    let n = entries.len();
    let numrows = n.div_ceil(numcols);
    for row in 0..numrows {
        let (mut chcnt, mut endcol, mut base) = (0usize, colw, row);
        for _ in 0..numcols {
            out.push_str(&entries[base]);
            chcnt += width(&entries[base]);
            base += numrows;
            if base >= n {
                break;
            }
            tab_to(out, &mut chcnt, endcol);
            endcol += colw;
        }
        out.push('\n');
    }
}

impl Builtin for Column {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("column", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut table, mut seps, mut outsep, mut names, mut right, mut hide, mut json, mut tname, mut term, mut rows_first, mut keep_empty) =
            (false, None::<String>, "  ".to_string(), Vec::new(), String::new(), String::new(), false, "table".to_string(), None, false, false);
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            match id {
                O::Table => table = true,
                O::Sep => seps = Some(v),
                O::OutSep => outsep = v,
                O::Names => names = v.split(',').map(str::to_string).collect(),
                O::Right => right = v,
                O::Hide => hide = v,
                O::Json => json = true,
                O::TableName => tname = v,
                O::Width => match v.parse::<usize>() {
                    Ok(n) => term = Some(n),
                    Err(_) => {
                        ctx.error(&format!("invalid columns argument: '{v}'"));
                        return 1;
                    }
                },
                O::Rows => rows_first = true,
                O::KeepEmpty => keep_empty = true,
            }
        }
        if json && names.is_empty() {
            ctx.error("option --table-columns required for --json");
            return 1;
        }
        let mut data = Vec::new();
        let files = if p.operands.is_empty() { vec!["-".to_string()] } else { p.operands };
        let mut status = 0;
        for f in &files {
            match ctx.read_input(f) {
                Ok(d) => data.extend(d),
                Err(e) => {
                    ctx.error(&format!("read failed: {f}: {e}"));
                    status = 1;
                }
            }
        }
        let text = decode(&data).into_owned();
        let mut out = String::new();
        if table || json {
            let seps: Vec<char> = seps.as_deref().unwrap_or(" \t").chars().collect();
            let whitespace = seps.iter().all(|c| c.is_whitespace()) && p_default_sep(&seps);
            let mut rows = Vec::new();
            for line in text.lines() {
                if line.is_empty() && !keep_empty {
                    continue;
                }
                let cells: Vec<String> = if whitespace {
                    line.split(|c| seps.contains(&c)).filter(|s| !s.is_empty()).map(str::to_string).collect()
                } else {
                    line.split(|c| seps.contains(&c)).map(str::to_string).collect()
                };
                rows.push(cells);
            }
            let t = Table { right: column_set(&right, &names), hide: column_set(&hide, &names), rows, names: &names, outsep: &outsep };
            if json {
                t.json(&tname, &mut out);
            } else {
                t.render(&mut out);
            }
        } else {
            let entries: Vec<String> = text.lines().filter(|l| !l.is_empty()).map(|l| l.to_string()).collect();
            let w = term.or_else(|| ctx.env.get("COLUMNS").and_then(|c| c.parse().ok())).unwrap_or(80);
            fill(&entries, w, rows_first, &mut out);
        }
        if let Err(e) = ctx.stdout.write_all(&encode(&out)) {
            return crate::args::write_failed(ctx, &e);
        }
        status
    }
}

/// The default separator set (blanks): runs of blanks separate one cell.
fn p_default_sep(seps: &[char]) -> bool {
    seps == [' ', '\t']
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fills_columns_with_tabs() {
        let e: Vec<String> = (1..=30).map(|i| i.to_string()).collect();
        let mut out = String::new();
        fill(&e, 80, false, &mut out);
        assert!(out.starts_with("1\t4\t7\t10\t13\t16\t19\t22\t25\t28\n2\t"), "{out}");
    }
}
