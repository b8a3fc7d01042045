//! `grep`, `egrep`, `fgrep`: print lines that match patterns, as GNU grep 3.8 does.
//!
//! Patterns are BRE (`-G`, default), ERE (`-E`), fixed strings (`-F`) or the regex engine's own
//! Perl-like syntax (`-P`, without look-around or back-references), translated by
//! [`kitsh_core::util::posix_re`]. Inputs are streamed line by line, so `yes | grep -m1 y` ends.
//! Supports context (`-A -B -C -NUM`), `-c -l -L -o -q -s -m -n -b -H -h -Z -z`, `--label`,
//! binary files (`grep: X: binary file matches` on stderr, `-a`, `-I`) and `-r`/`-R` on the
//! virtual filesystem with `--include`/`--exclude`/`--exclude-dir`.

mod matcher;
mod opts;
mod search;
mod walk;

use std::io::Write;

use super::args::{flush_out, open_src};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError};
use matcher::Matcher;
use search::{Shared, Stop};
use walk::{Filters, Item, Walker};

/// The `grep` command (also `egrep` and `fgrep`).
pub struct Grep;

/// `--binary-files`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BinaryFiles {
    Binary,
    Text,
    WithoutMatch,
}

/// `-l` / `-L`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum List {
    With,
    Without,
}

/// What to do with a directory operand (`-d`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dirs {
    Read,
    Skip,
    Recurse,
}

/// Everything the options decide.
struct Cfg {
    matcher: Matcher,
    invert: bool,
    count: bool,
    list: Option<List>,
    max: Option<u64>,
    only: bool,
    quiet: bool,
    no_messages: bool,
    byte_offset: bool,
    with_name: bool,
    line_number: bool,
    line_buffered: bool,
    initial_tab: bool,
    null: bool,
    null_data: bool,
    after: u64,
    before: u64,
    group_sep: Option<String>,
    binary: BinaryFiles,
    dirs: Dirs,
    follow: bool,
    label: String,
    filters: Filters,
    files: Vec<String>,
    /// No file operand was given (`-r` then searches `.` showing bare names).
    no_operands: bool,
}

/// How the whole run ends.
struct Status {
    selected: bool,
    error: bool,
}

impl Builtin for Grep {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = match opts::parse(ctx, argv) {
            Ok(c) => c,
            Err(st) => return st,
        };
        // GNU stops right away with `-m 0`, reading no input and printing nothing (not even
        // `-c` counts or `-l` names); only `-L` still lists every file.
        if cfg.max == Some(0) && cfg.list != Some(List::Without) {
            return 1;
        }
        let mut sh = Shared { out: Vec::with_capacity(super::args::CHUNK), printed: false };
        let mut st = Status { selected: false, error: false };
        let r = run_all(ctx, &cfg, &mut sh, &mut st);
        let flushed = flush_out(ctx, &mut sh.out, true);
        match (r, flushed) {
            (Err(Stop::Write(code)), _) | (_, Err(code)) => code,
            (Err(Stop::Cancelled), _) => 130,
            (Err(Stop::Fatal(m)), _) => {
                let _ = writeln!(ctx.stderr, "grep: {m}");
                2
            }
            _ if st.error && !(cfg.quiet && st.selected) => 2,
            _ if st.selected => 0,
            _ => 1,
        }
    }
}

/// Search every operand. `Err` ends the run (write error, `-q` satisfied is `Ok`).
fn run_all(ctx: &mut Ctx<'_>, cfg: &Cfg, sh: &mut Shared, st: &mut Status) -> Result<(), Stop> {
    for operand in &cfg.files {
        if operand_search(ctx, cfg, operand, sh, st)? {
            return Ok(());
        }
    }
    Ok(())
}

/// Search one operand (recursing into directories with `-r`). `Ok(true)`: stop everything.
fn operand_search(ctx: &mut Ctx<'_>, cfg: &Cfg, operand: &str, sh: &mut Shared, st: &mut Status) -> Result<bool, Stop> {
    let is_dir = operand != "-" && ctx.fs.stat(&ctx.abs_path(operand)).is_ok_and(|m| m.file_type == FileType::Dir);
    if !is_dir || cfg.dirs != Dirs::Recurse {
        if is_dir && cfg.dirs == Dirs::Skip {
            return Ok(false);
        }
        if operand != "-" && !is_dir && !cfg.filters.file_ok(operand) {
            return Ok(false);
        }
        return one_file(ctx, cfg, operand, sh, st);
    }
    if !cfg.filters.dir_ok(operand) && operand != "." {
        return Ok(false);
    }
    let mut w = Walker::new(operand, cfg.no_operands, cfg.follow);
    while let Some(item) = w.next(ctx, &cfg.filters) {
        match item {
            Item::File(path) => {
                if one_file(ctx, cfg, &path, sh, st)? {
                    return Ok(true);
                }
            }
            Item::Error(path, e) => report(ctx, cfg, sh, st, &path, e)?,
        }
    }
    Ok(false)
}

/// Print a file error (unless `-s`) and remember it.
fn report(ctx: &mut Ctx<'_>, cfg: &Cfg, sh: &mut Shared, st: &mut Status, name: &str, e: FsError) -> Result<(), Stop> {
    st.error = true;
    if !cfg.no_messages {
        flush_out(ctx, &mut sh.out, true).map_err(Stop::Write)?;
        opts::error(ctx, &format!("{name}: {e}"));
    }
    Ok(())
}

/// Search one file (or `-`). `Ok(true)`: stop everything (`-q` satisfied).
fn one_file(ctx: &mut Ctx<'_>, cfg: &Cfg, operand: &str, sh: &mut Shared, st: &mut Status) -> Result<bool, Stop> {
    let name = if operand == "-" { cfg.label.as_str() } else { operand };
    let mut src = match open_src(ctx, operand) {
        Ok(s) => s,
        Err(e) => {
            report(ctx, cfg, sh, st, name, e)?;
            return Ok(false);
        }
    };
    let found = match search::search(ctx, cfg, &mut src, name, sh) {
        Ok(f) => f,
        Err(Stop::Read(e)) => {
            let err = if e.kind() == std::io::ErrorKind::IsADirectory { FsError::IsDir } else { FsError::Io };
            report(ctx, cfg, sh, st, name, err)?;
            return Ok(false);
        }
        Err(e) => return Err(e),
    };
    drop(src);
    if found.selected > 0 {
        st.selected = true;
        if cfg.quiet {
            return Ok(true);
        }
    }
    finish_file(ctx, cfg, sh, name, found)?;
    Ok(false)
}

/// The per-file output after the search: `-c`, `-l`, `-L`, the binary-file notice.
fn finish_file(ctx: &mut Ctx<'_>, cfg: &Cfg, sh: &mut Shared, name: &str, found: search::Found) -> Result<(), Stop> {
    let bytes = kitsh_core::util::bytes::encode(name);
    let end = if cfg.null { 0 } else { b'\n' };
    match cfg.list {
        Some(List::With) if found.selected > 0 => {
            sh.out.extend_from_slice(&bytes);
            sh.out.push(end);
        }
        Some(List::Without) if found.selected == 0 => {
            sh.out.extend_from_slice(&bytes);
            sh.out.push(end);
        }
        Some(_) => {}
        None if cfg.count => {
            if cfg.with_name {
                sh.out.extend_from_slice(&bytes);
                sh.out.push(if cfg.null { 0 } else { b':' });
            }
            let _ = writeln!(sh.out, "{}", found.selected);
        }
        None => {}
    }
    if found.binary_notice && !cfg.no_messages {
        flush_out(ctx, &mut sh.out, true).map_err(Stop::Write)?;
        opts::error(ctx, &format!("{name}: binary file matches"));
    }
    flush_out(ctx, &mut sh.out, cfg.line_buffered).map_err(Stop::Write)
}

#[cfg(test)]
mod tests;
