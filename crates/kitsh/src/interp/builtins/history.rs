//! `history`: the command history list (bash's `history` builtin and `set -o history`).
//!
//! A shell with `set -o history` on (`bash -i` turns it on) records each top-level command
//! line it reads ([`Shell::record_history`]); `history` lists, edits, saves and loads the
//! list. `HISTSIZE`, `HISTCONTROL`, `HISTIGNORE`, `HISTFILE` and `HISTTIMEFORMAT` work as in
//! bash; files go through the sandbox's filesystem.

mod expand;
pub mod fc;
mod file;
mod record;

use crate::interp::options::{EXTGLOB, HISTORY};
use crate::interp::pattern::{self, MatchOpts, Pattern};
use crate::interp::{Exec, Flow, Shell};
use crate::util::bytes;

const USAGE: &str = "history: usage: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]\n";

const HELP: &str = "history: history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]
    Display or manipulate the history list.
    
    Display the history list with line numbers, prefixing each modified
    entry with a `*'.  An argument of N lists only the last N entries.
    
    Options:
      -c\tclear the history list by deleting all of the entries
      -d offset\tdelete the history entry at position OFFSET. Negative
    \t\toffsets count back from the end of the history list
    
      -a\tappend history lines from this session to the history file
      -n\tread all history lines not already read from the history file
    \t\tand append them to the history list
      -r\tread the history file and append the contents to the history
    \t\tlist
      -w\twrite the current history to the history file
    
      -p\tperform history expansion on each ARG and display the result
    \t\twithout storing it in the history list
      -s\tappend the ARGs to the history list as a single entry
    
    If FILENAME is given, it is used as the history file.  Otherwise,
    if HISTFILE has a value, that is used, else ~/.bash_history.
    
    If the HISTTIMEFORMAT variable is set and not null, its value is used
    as a format string for strftime(3) to print the time stamp associated
    with each displayed history entry.  No time stamps are printed otherwise.
    
    Exit Status:
    Returns success unless an invalid option is given or an error occurs.
";

/// One history entry: the command text and when it was added (seconds since the epoch).
#[derive(Debug, Clone)]
struct Entry {
    line: String,
    time: i64,
}

/// A shell's history list and bash's bookkeeping around it.
#[derive(Debug, Clone, Default)]
pub struct History {
    entries: Vec<Entry>,
    /// `history_base - 1`: the number `history` shows for the first entry, less one.
    dropped: usize,
    /// Entries added in this session and not yet appended by `history -a`.
    session: usize,
    /// Lines of the history file read (or appended) so far: where `history -n` goes on.
    in_file: usize,
    /// The command line being run was added to the list (`history -s`/`-p` replace it).
    line_added: bool,
    /// `history -s` already replaced the command line being run.
    line_pushed: bool,
    /// The `HISTSIZE` limit last seen (`None`: unlimited).
    limit: Option<usize>,
}

impl History {
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Was the command line being run added to the list (so that it is the newest entry)?
    pub fn current_line_added(&self) -> bool {
        self.line_added
    }

    /// The number `history` shows for the first entry (bash's `history_base`).
    pub fn base(&self) -> usize {
        self.dropped + 1
    }

    /// The list as a snapshot records it: entries (line, time), then the dropped, session,
    /// in-file counters and the limit.
    pub(crate) fn parts(&self) -> (Vec<(String, i64)>, [usize; 3], Option<usize>) {
        let entries = self.entries.iter().map(|e| (e.line.clone(), e.time)).collect();
        (entries, [self.dropped, self.session, self.in_file], self.limit)
    }

    /// A list a snapshot recorded ([`History::parts`]).
    pub(crate) fn from_parts(entries: Vec<(String, i64)>, counters: [usize; 3], limit: Option<usize>) -> History {
        let entries = entries.into_iter().map(|(line, time)| Entry { line, time }).collect();
        History { entries, dropped: counters[0], session: counters[1], in_file: counters[2], line_added: false, line_pushed: false, limit }
    }

    /// The entries' texts, oldest first.
    pub fn lines(&self) -> impl Iterator<Item = &str> {
        self.entries.iter().map(|e| e.line.as_str())
    }

    /// Add an entry as readline's `add_history` does: at the `HISTSIZE` limit the oldest
    /// entry goes (and numbering moves on); a limit of 0 keeps nothing.
    fn add(&mut self, line: String, time: i64) -> bool {
        if let Some(n) = self.limit {
            if n == 0 {
                return false;
            }
            if self.entries.len() >= n {
                let k = self.entries.len() + 1 - n;
                self.entries.drain(..k);
                self.dropped += k;
            }
        }
        self.entries.push(Entry { line, time });
        true
    }

    /// Remove the entries at indices `from..=to` (valid indices).
    fn remove(&mut self, from: usize, to: usize) {
        let to = to.min(self.entries.len().saturating_sub(1));
        if from > to || from >= self.entries.len() {
            return;
        }
        self.entries.drain(from..=to);
        self.session = self.session.saturating_sub(to - from + 1);
    }

    /// Delete the newest entry (the command line being run); false when there is none.
    fn remove_last(&mut self) -> bool {
        if self.entries.is_empty() {
            return false;
        }
        let last = self.entries.len() - 1;
        self.remove(last, last);
        self.line_added = false;
        true
    }

    /// `history -c`.
    fn clear(&mut self) {
        self.entries.clear();
        self.dropped = 0;
        self.session = 0;
    }
}

/// Seconds since the epoch, now.
fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// bash's `legal_number`: optional blanks, sign and decimal digits, optional blanks.
fn legal_number(s: &str) -> Option<i64> {
    let t = s.trim_matches(|c: char| matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c'));
    t.parse::<i64>().ok()
}

impl Shell {
    /// Add a top-level command line's source `text` to the history list, as bash does for
    /// each command it reads with `set -o history` on: a multi-line command becomes one
    /// entry (joined as `cmdhist` joins it), blank lines are skipped, `HISTCONTROL` and
    /// `HISTIGNORE` are obeyed.
    pub(crate) fn record_history(&mut self, text: &str) {
        // `bash -i -c STRING` reads no history lines.
        if self.opts.interactive && self.opts.invocation == 'c' {
            return;
        }
        self.sync_histsize();
        self.history.line_pushed = false;
        self.history.line_added = false;
        for line in record::entries(text) {
            let added = self.add_history_checked(line);
            self.history.line_added = added;
        }
    }

    /// `HISTFILESIZE` was assigned: cut the history file to it, as bash does.
    pub(crate) fn histfilesize_assigned(&mut self) {
        file::truncate_to_filesize(self);
    }

    /// Set `HISTFILE` as an interactive bash does at start (also for `bash -i -c`).
    pub(crate) fn history_defaults(&mut self) {
        file::defaults(self);
    }

    /// What an interactive bash does before it reads commands (not for `bash -i -c`): set
    /// `HISTFILE` (`~/.bash_history`), `HISTSIZE` and `HISTFILESIZE` (500) unless set, and
    /// read the history file.
    pub(crate) fn load_history_at_start(&mut self) {
        file::load_at_start(self);
    }

    /// What an interactive bash does when it exits: append the lines of this session to
    /// `$HISTFILE` (creating it), as bash's `maybe_save_shell_history`.
    pub(crate) fn save_history_at_exit(&mut self) {
        file::save_at_exit(self);
    }

    /// Apply a changed `HISTSIZE` as bash does on assignment: unset, empty or negative means
    /// unlimited, a non-number changes nothing, a smaller limit drops the oldest entries.
    fn sync_histsize(&mut self) {
        let limit = match self.vars.get_str("HISTSIZE") {
            None | Some("") => None,
            Some(s) => match legal_number(s) {
                Some(n) if n < 0 => None,
                Some(n) => Some(usize::try_from(n).unwrap_or(usize::MAX)),
                None => return,
            },
        };
        let h = &mut self.history;
        if limit == h.limit {
            return;
        }
        h.limit = limit;
        if let Some(n) = limit {
            if h.entries.len() > n {
                // readline's stifle_history sets history_base to the number removed.
                let k = h.entries.len() - n;
                h.entries.drain(..k);
                h.dropped = k - 1;
            }
            h.session = h.session.min(h.entries.len());
        }
    }

    /// bash's `check_add_history`: add `line` unless `HISTCONTROL` or `HISTIGNORE` say not.
    fn add_history_checked(&mut self, line: String) -> bool {
        let (mut space, mut dups, mut erase) = (false, false, false);
        for w in self.vars.get_str("HISTCONTROL").unwrap_or("").split(':') {
            match w {
                "ignorespace" => space = true,
                "ignoredups" => dups = true,
                "ignoreboth" => (space, dups) = (true, true),
                "erasedups" => erase = true,
                _ => {}
            }
        }
        let last = self.history.entries.last().map(|e| e.line.as_str());
        if (space && line.starts_with(' ')) || (dups && last == Some(line.as_str())) || self.hist_ignored(&line, last) {
            return false;
        }
        if erase {
            let before = self.history.entries.len();
            self.history.entries.retain(|e| e.line != line);
            let gone = before - self.history.entries.len();
            self.history.session = self.history.session.saturating_sub(gone);
        }
        let added = self.history.add(line, now());
        if added {
            self.history.session += 1;
        }
        added
    }

    /// Does `line` match a `HISTIGNORE` pattern (`&` standing for the previous entry)?
    fn hist_ignored(&self, line: &str, last: Option<&str>) -> bool {
        let Some(spec) = self.vars.get_str("HISTIGNORE").filter(|s| !s.is_empty()) else {
            return false;
        };
        let opts = MatchOpts { extglob: self.shopt(EXTGLOB), nocase: false, pathname: false, dotglob: true };
        split_patterns(spec).into_iter().any(|p| {
            let p = if p.contains('&') { expand_ampersand(&p, last) } else { p };
            Pattern::new(&p, opts).matches(line)
        })
    }

    /// Put `line` in place of the command line being run (`fc -s` records what it runs).
    pub(crate) fn replace_current_history_line(&mut self, line: &str) {
        if self.opts.set[HISTORY] && self.history.line_added {
            if let Some(e) = self.history.entries.last_mut() {
                e.line = line.to_string();
            }
        }
    }

    /// `history -s ARGS`: the arguments as one entry, replacing the `history -s` line itself.
    fn history_push(&mut self, words: &[String]) {
        let h = &mut self.history;
        if self.opts.set[HISTORY] && !h.line_pushed && h.line_added && !h.remove_last() {
            return;
        }
        self.sync_histsize();
        self.add_history_checked(words.join(" "));
        self.history.line_pushed = true;
    }
}

/// `HISTIGNORE`'s colon-separated patterns (`\:` is a literal colon, left escaped).
fn split_patterns(spec: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut chars = spec.chars();
    while let Some(c) = chars.next() {
        match c {
            ':' => out.push(String::new()),
            '\\' => {
                if let Some(cur) = out.last_mut() {
                    cur.push('\\');
                    if let Some(n) = chars.next() {
                        cur.push(n);
                    }
                }
            }
            c => {
                if let Some(cur) = out.last_mut() {
                    cur.push(c);
                }
            }
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// A `HISTIGNORE` pattern with each unescaped `&` replaced by the previous entry, quoted.
fn expand_ampersand(p: &str, last: Option<&str>) -> String {
    let mut out = String::with_capacity(p.len());
    let mut escaped = false;
    for c in p.chars() {
        if c == '&' && !escaped {
            out.push_str(&pattern::escape(last.unwrap_or("")));
        } else {
            out.push(c);
        }
        escaped = c == '\\' && !escaped;
    }
    out
}

/// The options `history` was given.
#[derive(Default)]
struct Flags {
    a: bool,
    c: bool,
    n: bool,
    r: bool,
    w: bool,
    s: bool,
    p: bool,
    d: Option<String>,
}

/// Parse the options as bash's `internal_getopt` with `acd:npsrw`; `Err` is the status.
fn parse_flags(sh: &Shell, args: &[String], f: &mut Flags) -> Result<usize, i32> {
    let mut i = 1;
    while let Some(a) = args.get(i) {
        if a == "--" {
            return Ok(i + 1);
        }
        if a == "--help" {
            sh.out(HELP.as_bytes());
            return Err(2);
        }
        if a.len() < 2 || !a.starts_with('-') {
            break;
        }
        for (k, c) in a.char_indices().skip(1) {
            match c {
                'a' => f.a = true,
                'c' => f.c = true,
                'n' => f.n = true,
                'r' => f.r = true,
                'w' => f.w = true,
                's' => f.s = true,
                'p' => f.p = true,
                'd' => {
                    let rest = &a[k + 1..];
                    if !rest.is_empty() {
                        f.d = Some(rest.to_string());
                    } else if let Some(v) = args.get(i + 1) {
                        f.d = Some(v.clone());
                        i += 1;
                    } else {
                        sh.builtin_error("history", "-d: option requires an argument");
                        sh.write_fd(2, USAGE.as_bytes());
                        return Err(2);
                    }
                    break;
                }
                c => {
                    sh.builtin_error("history", &format!("-{c}: invalid option"));
                    sh.write_fd(2, USAGE.as_bytes());
                    return Err(2);
                }
            }
        }
        i += 1;
    }
    Ok(i)
}

/// `history [-c] [-d offset] [n]`, `history -anrw [filename]`, `history -ps arg ...`
pub fn history(sh: &mut Shell, args: &[String]) -> Exec {
    let mut f = Flags::default();
    let first = match parse_flags(sh, args, &mut f) {
        Ok(i) => i,
        Err(s) => return Ok(s),
    };
    let rest = args.get(first..).unwrap_or(&[]);
    if [f.a, f.n, f.r, f.w].iter().filter(|x| **x).count() > 1 {
        sh.builtin_error("history", "cannot use more than one of -anrw");
        return Ok(1);
    }
    sh.sync_histsize();
    if f.c {
        sh.history.clear();
        if rest.is_empty() {
            return Ok(0);
        }
    }
    if f.s {
        if !rest.is_empty() {
            sh.history_push(rest);
        }
        return Ok(0);
    }
    if f.p {
        return Ok(if rest.is_empty() { 0 } else { print_expanded(sh, rest) });
    }
    if let Some(d) = &f.d {
        return Ok(delete(sh, d));
    }
    if !(f.a || f.n || f.r || f.w || f.c) {
        return display(sh, rest);
    }
    let name = file::history_file(sh, rest.first());
    Ok(if f.a {
        file::append(sh, name)
    } else if f.w {
        file::write(sh, name)
    } else if f.r {
        file::read(sh, name, false)
    } else if f.n {
        file::read(sh, name, true)
    } else {
        0
    })
}

/// `history [N]`: list the entries (the last N), `%5d  %s` with `HISTTIMEFORMAT` times.
fn display(sh: &mut Shell, rest: &[String]) -> Exec {
    let rest = if rest.first().is_some_and(|a| a == "--") { &rest[1..] } else { rest };
    let mut count = None;
    if let Some(a) = rest.first() {
        let Some(n) = legal_number(a) else {
            sh.builtin_error("history", &format!("{a}: numeric argument required"));
            return Ok(1);
        };
        if rest.len() > 1 {
            // bash discards the rest of the command line, like `shift 1 2`.
            sh.builtin_error("history", "too many arguments");
            return Err(Flow::Abort(1));
        }
        count = Some(n.unsigned_abs());
    }
    let h = &sh.history;
    let len = h.entries.len();
    let start = match count {
        Some(n) if n < len as u64 => len - n as usize,
        _ => 0,
    };
    let fmt = sh.vars.get_str("HISTTIMEFORMAT").filter(|s| !s.is_empty());
    let tz = sh.vars.get_str("TZ");
    let mut out = String::new();
    for (i, e) in h.entries.iter().enumerate().skip(start) {
        let time = match fmt {
            Some(f) if e.time != 0 => crate::util::time::strftime(f, e.time, tz),
            Some(_) => "??".to_string(),
            None => String::new(),
        };
        out.push_str(&format!("{:5}  {time}{}\n", h.dropped + i + 1, e.line));
    }
    Ok(write_status(sh, &out))
}

/// Write `text` to standard output; bash's `sh_chkwrite` status.
fn write_status(sh: &Shell, text: &str) -> i32 {
    if text.is_empty() {
        return 0;
    }
    match sh.try_write_fd(1, &bytes::encode(text)) {
        Ok(()) => 0,
        Err(e) => {
            if e.kind() != std::io::ErrorKind::BrokenPipe && sh.shared.tripped().is_none() {
                let msg = if e.raw_os_error() == Some(9) { "Bad file descriptor".to_string() } else { e.to_string() };
                sh.builtin_error("history", &format!("write error: {msg}"));
            }
            1
        }
    }
}

/// `history -p ARGS`: each argument history-expanded on a line of its own; the
/// `history -p` line itself leaves the list first, as in bash.
fn print_expanded(sh: &mut Shell, words: &[String]) -> i32 {
    let h = &mut sh.history;
    if !h.line_pushed && h.line_added && !h.remove_last() {
        return 1;
    }
    let lines: Vec<&str> = sh.history.lines().collect();
    let base = sh.history.base();
    let mut out = String::new();
    let mut status = 0;
    for w in words {
        match expand::expand(w, &lines, base) {
            Some(s) => {
                out.push_str(&s);
                out.push('\n');
            }
            None => {
                sh.write_fd(1, &bytes::encode(&out));
                out.clear();
                sh.builtin_error("history", &format!("{w}: history expansion failed"));
                status = 1;
            }
        }
    }
    let w = write_status(sh, &out);
    status.max(w)
}

/// Print bash's "history position out of range" for `arg`; status 1.
fn out_of_range(sh: &Shell, arg: &str) -> i32 {
    sh.builtin_error("history", &format!("{arg}: history position out of range"));
    1
}

/// `history -d OFFSET` / `history -d START-END`, with bash 5.2's offsets (negative ones
/// count back from the end).
fn delete(sh: &mut Shell, arg: &str) -> i32 {
    let len = sh.history.entries.len() as i64;
    let base = sh.history.base() as i64;
    let skip = usize::from(arg.starts_with('-'));
    if let Some(k) = arg[skip..].find('-').map(|k| k + skip) {
        let (s, e) = (&arg[..k], &arg[k + 1..]);
        let (Some(mut start), Some(mut end)) = (legal_number(s), legal_number(e)) else {
            return out_of_range(sh, arg);
        };
        for (v, text) in [(&mut start, s), (&mut end, e)] {
            if text.starts_with('-') && *v < 0 {
                *v += len;
            } else if *v > 0 {
                *v -= base;
            }
            if *v < 0 || *v >= len {
                return out_of_range(sh, text);
            }
        }
        if start > end {
            return 1;
        }
        sh.history.remove(start as usize, end as usize);
        return 0;
    }
    let Some(off) = legal_number(arg) else {
        return out_of_range(sh, arg);
    };
    let idx = if arg.starts_with('-') && off < 0 {
        // bash computes this in an `int`.
        let ind = i64::from(len.wrapping_add(off) as i32);
        if ind >= len {
            return 1;
        }
        ind
    } else if off < base || off >= base + len {
        return out_of_range(sh, arg);
    } else {
        off - base
    };
    if idx < 0 || idx >= len {
        return out_of_range(sh, arg);
    }
    sh.history.remove(idx as usize, idx as usize);
    0
}

#[cfg(test)]
mod tests;
