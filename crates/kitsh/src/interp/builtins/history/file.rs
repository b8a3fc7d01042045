//! `history -a`, `-n`, `-r`, `-w`: the history file, through the sandbox's filesystem.
//!
//! The file holds one entry a line; with `HISTTIMEFORMAT` set each entry is preceded by a
//! `#SECONDS` timestamp line, and a file that starts with one is read that way. As with
//! readline, a last line without its newline is not read and blank lines are skipped (but
//! counted for `history -n`).

use super::{now, Entry};
use crate::fs::{FsError, WriteMode};
use crate::interp::Shell;
use crate::util::bytes;

/// The file operand, else `$HISTFILE` (an array: element 0), else readline's default
/// `~/.history` (`None`: that default, which `history -a` never creates).
pub(super) fn history_file(sh: &Shell, operand: Option<&String>) -> Option<String> {
    match operand {
        Some(o) => Some(o.clone()),
        None => sh.vars.get_str("HISTFILE").map(str::to_string),
    }
}

/// The path of `name` (`None`: `$HOME/.history`).
fn resolve(sh: &Shell, name: Option<&str>) -> String {
    match name {
        Some(n) => crate::fs::join_path(&sh.cwd, n),
        None => {
            let home = sh.vars.get_str("HOME").unwrap_or(".");
            crate::fs::join_path(&sh.cwd, &format!("{home}/.history"))
        }
    }
}

/// The descriptor a `/dev/std*` or `/dev/fd/N` name stands for.
fn dev_fd(name: &str) -> Option<i32> {
    match name {
        "/dev/stdin" => Some(0),
        "/dev/stdout" => Some(1),
        "/dev/stderr" => Some(2),
        _ => name.strip_prefix("/dev/fd/")?.parse().ok(),
    }
}

/// The content of the history file `name`.
fn load(sh: &Shell, name: Option<&str>) -> Result<String, FsError> {
    if name == Some("") {
        return Err(FsError::NotFound);
    }
    if let Some(n) = name.and_then(dev_fd) {
        let fd = sh.fds.get(n).ok_or(FsError::NotFound)?;
        let mut data = Vec::new();
        let mut buf = [0u8; 8192];
        while let Ok(k) = fd.read(&mut buf) {
            if k == 0 || data.len() > sh.shared.limits.max_input_bytes {
                break;
            }
            data.extend_from_slice(&buf[..k]);
        }
        return Ok(bytes::decode_owned(data));
    }
    sh.fs.read_file(&resolve(sh, name)).map(bytes::decode_owned)
}

/// Write (or append) `data` to the history file `name`; a new file gets mode 0600.
fn store(sh: &Shell, name: Option<&str>, data: &str, append: bool) -> Result<(), ()> {
    if name == Some("") {
        return Err(());
    }
    let data = bytes::encode(data);
    if let Some(n) = name.and_then(dev_fd) {
        return sh.try_write_fd(n, &data).map_err(drop);
    }
    let path = resolve(sh, name);
    let existed = sh.fs.stat(&path).is_ok();
    if append && !existed {
        return Err(());
    }
    let mode = if append { WriteMode::Append } else { WriteMode::Truncate };
    sh.fs.write_file(&path, &data, mode).map_err(drop)?;
    if !existed {
        let _ = sh.fs.set_mode(&path, 0o600);
    }
    Ok(())
}

/// The file text for `entries` (timestamp lines when `HISTTIMEFORMAT` is set).
fn format(sh: &Shell, entries: &[Entry]) -> String {
    let stamps = sh.vars.get_str("HISTTIMEFORMAT").is_some();
    let mut out = String::new();
    for e in entries {
        if stamps && e.time != 0 {
            out.push_str(&format!("#{}\n", e.time));
        }
        out.push_str(&e.line);
        out.push('\n');
    }
    out
}

/// `history -w`: write the whole list.
pub(super) fn write(sh: &mut Shell, name: Option<String>) -> i32 {
    let text = format(sh, &sh.history.entries);
    i32::from(store(sh, name.as_deref(), &text, false).is_err())
}

/// `history -a`: append the entries added in this session since the last `-a` (creating a
/// named file that does not exist).
pub(super) fn append(sh: &mut Shell, name: Option<String>) -> i32 {
    let n = sh.history.session.min(sh.history.entries.len());
    if n == 0 {
        sh.history.session = 0;
        return 0;
    }
    if let Some(nm) = name.as_deref() {
        let path = resolve(sh, Some(nm));
        if nm.is_empty() || (dev_fd(nm).is_none() && matches!(sh.fs.stat(&path), Err(FsError::NotFound))) {
            let made = if nm.is_empty() { Err(FsError::NotFound) } else { sh.fs.write_file(&path, b"", WriteMode::CreateNew) };
            if let Err(e) = made {
                sh.builtin_error("history", &format!("{nm}: cannot create: {e}"));
                return 1;
            }
            let _ = sh.fs.set_mode(&path, 0o600);
        }
    }
    let len = sh.history.entries.len();
    let text = format(sh, &sh.history.entries[len - n..]);
    let r = store(sh, name.as_deref(), &text, true);
    sh.history.in_file += n;
    sh.history.session = 0;
    i32::from(r.is_err())
}

/// `history -r` (all of the file) and `history -n` (the lines not read yet).
pub(super) fn read(sh: &mut Shell, name: Option<String>, only_new: bool) -> i32 {
    let Ok(text) = load(sh, name.as_deref()) else {
        return 1;
    };
    let from = if only_new { sh.history.in_file } else { 0 };
    let stamps = sh.vars.get_str("HISTTIMEFORMAT").is_some();
    let old_in_file = sh.history.in_file;
    let old_dropped = sh.history.dropped;
    let lines = parse(&text, from, stamps, !sh.history.entries.is_empty());
    let h = &mut sh.history;
    for (line, time, joined) in lines.entries {
        match h.entries.last_mut() {
            Some(last) if joined => {
                last.line.push('\n');
                last.line.push_str(line);
            }
            _ => {
                h.add(line.to_string(), time.unwrap_or_else(now));
            }
        }
    }
    h.in_file = lines.count;
    if only_new {
        // bash counts the lines read by `-n` as lines of this session.
        let gained = (h.in_file + h.dropped).saturating_sub(old_in_file + old_dropped);
        h.session += gained;
    }
    0
}

/// What [`parse`] found: the entries (text, timestamp, continues the previous entry) and
/// the number of lines of the file read through (timestamp lines not counted).
struct Parsed<'a> {
    entries: Vec<(&'a str, Option<i64>, bool)>,
    count: usize,
}

/// Is `line` a `#DIGITS` timestamp line?
fn is_stamp(line: &str) -> bool {
    let b = line.as_bytes();
    b.len() > 1 && b[0] == b'#' && b[1].is_ascii_digit()
}

/// readline's `read_history_range` from line `from`: `multi` (timestamps written) makes a
/// line without its own timestamp continue the entry before it.
fn parse(text: &str, from: usize, stamps: bool, have_entries: bool) -> Parsed<'_> {
    let mut out = Parsed { entries: Vec::new(), count: 0 };
    let Some(end) = text.rfind('\n') else {
        return out;
    };
    let has_stamps = is_stamp(text);
    let multi = has_stamps && stamps;
    let mut stamp: Option<i64> = None;
    let mut any = have_entries;
    for line in text[..end].split('\n') {
        if has_stamps && is_stamp(line) {
            if out.count >= from {
                let digits: String = line[1..].chars().take_while(char::is_ascii_digit).collect();
                stamp = Some(digits.parse().unwrap_or(0));
            }
            continue;
        }
        if out.count >= from && !line.is_empty() {
            let joined = multi && stamp.is_none() && any;
            out.entries.push((line, stamp.take(), joined));
            any = true;
        }
        out.count += 1;
    }
    out
}

/// An interactive shell starting: `HISTFILE` (`~/.bash_history`), `HISTSIZE` and
/// `HISTFILESIZE` (500) set unless they are, and the history file read.
pub(super) fn load_at_start(sh: &mut Shell) {
    // bash's `load_history`: `HISTFILESIZE` defaults to `HISTSIZE`, and the file is cut to it
    // before it is read.
    if sh.vars.get_raw("HISTSIZE").is_none() {
        sh.vars.entry("HISTSIZE").value = Some(crate::interp::vars::Value::Str("500".into()));
    }
    if sh.vars.get_raw("HISTFILESIZE").is_none() {
        let size = sh.vars.get_str("HISTSIZE").unwrap_or("500").to_string();
        sh.vars.entry("HISTFILESIZE").value = Some(crate::interp::vars::Value::Str(size));
    }
    defaults(sh);
    truncate_to_filesize(sh);
    if let Some(name) = sh.vars.get_str("HISTFILE").filter(|s| !s.is_empty()).map(str::to_string) {
        read(sh, Some(name), false);
    }
}

/// `HISTFILE` (`~/.bash_history`), which every interactive bash sets unless it is set
/// (`HISTSIZE` and `HISTFILESIZE` only one that reads commands, see [`load_at_start`]).
pub(super) fn defaults(sh: &mut Shell) {
    if sh.vars.get_raw("HISTFILE").is_none() {
        let home = sh.vars.get_str("HOME").unwrap_or("").to_string();
        sh.vars.entry("HISTFILE").value = Some(crate::interp::vars::Value::Str(format!("{home}/.bash_history")));
    }
    sh.sync_histsize();
}

/// `HISTFILESIZE` set to a number N ≥ 0 (on assignment, at start and after saving): the
/// history file (`$HISTFILE`, else `~/.history`) cut to its last N lines, timestamp lines
/// counted as lines, as bash 5.2's readline does. A missing file is not created; a file that
/// is cut is rewritten with mode 0600.
pub(super) fn truncate_to_filesize(sh: &mut Shell) {
    let Some(n) = sh.vars.get_str("HISTFILESIZE").and_then(super::legal_number) else { return };
    let Ok(n) = usize::try_from(n) else { return };
    let name = sh.vars.get_str("HISTFILE").map(str::to_string);
    if name.as_deref().is_some_and(|s| s.is_empty() || dev_fd(s).is_some()) {
        return;
    }
    let path = resolve(sh, name.as_deref());
    let Ok(data) = sh.fs.read_file(&path) else { return };
    if let Some(start) = keep_from(&data, n) {
        if sh.fs.write_file(&path, &data[start..], WriteMode::Truncate).is_ok() {
            let _ = sh.fs.set_mode(&path, 0o600);
        }
    }
}

/// readline's `history_truncate_file`: counting newlines back from the last byte (itself
/// included), the start of the line after the (`n`+1)-th; `None` when the file has no more
/// lines than that (byte 0 is never looked at, as in readline).
fn keep_from(data: &[u8], n: usize) -> Option<usize> {
    let mut left = n;
    let mut i = data.len().checked_sub(1)?;
    while left > 0 && i > 0 {
        if data[i] == b'\n' {
            left -= 1;
        }
        i -= 1;
    }
    while i > 0 {
        if data[i] == b'\n' {
            return Some(i + 1);
        }
        i -= 1;
    }
    None
}

/// An interactive shell exiting: this session's lines appended to `$HISTFILE` (created if
/// need be), or the whole list written when `HISTSIZE` dropped some of them and `histappend`
/// is off; then the file is cut to `HISTFILESIZE` (bash's `maybe_save_shell_history`).
pub(super) fn save_at_exit(sh: &mut Shell) {
    let n = sh.history.session;
    let Some(name) = sh.vars.get_str("HISTFILE").filter(|s| !s.is_empty() && n > 0).map(str::to_string) else {
        return;
    };
    let path = resolve(sh, Some(&name));
    if sh.fs.stat(&path).is_err() && sh.fs.write_file(&path, b"", WriteMode::Truncate).is_ok() {
        let _ = sh.fs.set_mode(&path, 0o600);
    }
    let len = sh.history.entries.len();
    if n <= len || sh.shopt(crate::interp::options::HISTAPPEND) {
        let text = format(sh, &sh.history.entries[len - n.min(len)..]);
        let _ = store(sh, Some(&name), &text, true);
        sh.history.in_file += n;
    } else {
        let text = format(sh, &sh.history.entries);
        let _ = store(sh, Some(&name), &text, false);
        sh.history.in_file = len;
    }
    sh.history.session = 0;
    truncate_to_filesize(sh);
}
