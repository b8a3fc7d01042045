//! The command line: `sqlite3 [OPTIONS] [FILENAME [SQL...]]`, options anywhere, as the
//! sqlite3 shell parses it (one or two leading dashes).

use super::output::{Mode, Settings};

/// What the command line asks for.
#[derive(Default)]
pub struct Opts {
    /// The database file name (`None`: `:memory:`).
    pub db: Option<String>,
    /// SQL statements and dot commands given after the file name.
    pub commands: Vec<String>,
    /// `-cmd` commands, run first.
    pub cmds: Vec<String>,
    /// `-bail`.
    pub bail: bool,
    /// `-readonly`.
    pub readonly: bool,
    /// `-echo`.
    pub echo: bool,
}

/// What to do instead of running.
pub enum Exit {
    /// Print this on stdout and exit 0 (`-version`).
    Print(String),
    /// Print this on stderr and exit 1 (errors, `-help`).
    Fail(String),
}

/// The usage text of `-help`.
pub const USAGE: &str = "Usage: sqlite3 [OPTIONS] FILENAME [SQL]
FILENAME is the name of an SQLite database. A new database is created
if the file does not previously exist.
OPTIONS include:
   -ascii               set output mode to 'ascii'
   -bail                stop after hitting an error
   -batch               force batch I/O
   -box                 set output mode to 'box'
   -column              set output mode to 'column'
   -cmd COMMAND         run \"COMMAND\" before reading stdin
   -csv                 set output mode to 'csv'
   -echo                print inputs before execution
   -[no]header          turn headers on or off
   -help                show this message
   -html                set output mode to HTML
   -json                set output mode to 'json'
   -line                set output mode to 'line'
   -list                set output mode to 'list'
   -markdown            set output mode to 'markdown'
   -newline SEP         set output row separator. Default: '\\n'
   -nullvalue TEXT      set text string for NULL values. Default ''
   -quote               set output mode to 'quote'
   -readonly            open the database read-only
   -separator SEP       set output column separator. Default: '|'
   -table               set output mode to 'table'
   -tabs                set output mode to 'tabs'
   -version             show SQLite version
";

/// Parse `args` into options and output settings.
pub fn parse(argv0: &str, args: &[String], s: &mut Settings) -> Result<Opts, Exit> {
    let mut o = Opts::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if !a.starts_with('-') || a == "-" {
            if o.db.is_none() {
                o.db = Some(a.clone());
            } else {
                o.commands.push(a.clone());
            }
            continue;
        }
        let z = if a.starts_with("--") { &a[1..] } else { a.as_str() };
        let value = |i: &mut usize| -> Result<String, Exit> {
            match args.get(*i) {
                Some(v) => {
                    *i += 1;
                    Ok(v.clone())
                }
                None => Err(Exit::Fail(format!("{argv0}: Error: missing argument to {a}\n"))),
            }
        };
        match z {
            "-bail" => o.bail = true,
            "-batch" | "-interactive" | "-nofollow" | "-safe" | "-stats" | "-memtrace" | "-deserialize" => {}
            "-echo" => o.echo = true,
            "-readonly" => o.readonly = true,
            "-header" => {
                s.headers = true;
                s.header_set = true;
            }
            "-noheader" => {
                s.headers = false;
                s.header_set = true;
            }
            "-list" => s.mode = Mode::List,
            "-line" => s.mode = Mode::Line,
            "-column" => s.mode = Mode::Column,
            "-json" => s.mode = Mode::Json,
            "-markdown" => s.mode = Mode::Markdown,
            "-table" => s.mode = Mode::Table,
            "-box" => s.mode = Mode::Box,
            "-html" => s.mode = Mode::Html,
            "-quote" => {
                s.mode = Mode::Quote;
                s.col_sep = ",".into();
                s.row_sep = "\n".into();
            }
            "-csv" => {
                s.mode = Mode::Csv;
                s.col_sep = ",".into();
            }
            "-ascii" => {
                s.mode = Mode::Ascii;
                s.col_sep = "\x1f".into();
                s.row_sep = "\x1e".into();
            }
            "-tabs" => {
                s.mode = Mode::List;
                s.col_sep = "\t".into();
            }
            "-separator" => s.col_sep = value(&mut i)?,
            "-newline" => s.row_sep = value(&mut i)?,
            "-nullvalue" => s.null = value(&mut i)?,
            "-cmd" => o.cmds.push(value(&mut i)?),
            "-init" | "-vfs" | "-maxsize" | "-mmap" | "-nonce" => {
                value(&mut i)?;
            }
            "-version" => {
                let source = rusqlite::ffi::SQLITE_SOURCE_ID.to_string_lossy();
                return Err(Exit::Print(format!("{} {source}\n", rusqlite::version())));
            }
            "-help" => return Err(Exit::Fail(USAGE.to_string())),
            _ => {
                return Err(Exit::Fail(format!(
                    "{argv0}: Error: unknown option: {z}\nUse -help for a list of options.\n"
                )))
            }
        }
    }
    Ok(o)
}
