//! The dot commands that read the schema: `.tables`, `.indexes`, `.schema` and `.dump`, as
//! the sqlite3 shell 3.40 prints them.

use super::complete;
use super::output::{self, quote_ident_if_needed, Cell};
use super::Session;

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

impl Session<'_, '_> {
    pub(super) fn tables(&mut self, args: &[String], index: bool) -> Result<(), i32> {
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

    pub(super) fn dot_sql_error(&mut self, e: &rusqlite::Error) -> Result<(), i32> {
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

    pub(super) fn schema(&mut self, args: &[String]) -> Result<(), i32> {
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

    pub(super) fn dump(&mut self, args: &[String]) {
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
