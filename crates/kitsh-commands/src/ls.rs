//! `ls`: list directory contents like GNU ls writing to a pipe (one name per line unless `-C`,
//! `-x` or `-m`; names printed literally unless `-Q`/`-b`): `-a -A -d -R -r -t -S -X -v -U -F -p
//! -l -g -o -n -G -h --si -i -s -L -1 -C -x -m -Q -I --full-time --time-style
//! --group-directories-first`.

mod layout;
mod long;

use std::cmp::Ordering;
use std::time::SystemTime;

use super::args::{self, flush_out, quote, quote_always, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType, Metadata};
use kitsh_core::util::time::{parse_tz, Tz};
use long::{Names, TimeStyle};

/// The `ls` command.
pub struct Ls;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    F(char),
    Si,
    FullTime,
    TimeStyle,
    Sort,
    Time,
    Format,
    Indicator,
    FileType,
    Ignore,
    Hide,
    Width,
    DirsFirst,
    Ignored,
    IgnoredArg,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec { short: Some('1'), long: None, arg: ArgKind::None, id: O::F('1') },
    OptSpec::flag('a', "all", O::F('a')),
    OptSpec::flag('A', "almost-all", O::F('A')),
    OptSpec::flag('b', "escape", O::F('b')),
    OptSpec::flag('B', "ignore-backups", O::F('B')),
    OptSpec { short: Some('c'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec { short: Some('C'), long: None, arg: ArgKind::None, id: O::F('C') },
    OptSpec::long("color", ArgKind::Optional, O::Ignored),
    OptSpec::flag('d', "directory", O::F('d')),
    OptSpec { short: Some('f'), long: None, arg: ArgKind::None, id: O::F('f') },
    OptSpec { short: Some('F'), long: Some("classify"), arg: ArgKind::Optional, id: O::F('F') },
    OptSpec::long("file-type", ArgKind::None, O::FileType),
    OptSpec::long("format", ArgKind::Required, O::Format),
    OptSpec::long("full-time", ArgKind::None, O::FullTime),
    OptSpec { short: Some('g'), long: None, arg: ArgKind::None, id: O::F('g') },
    OptSpec::long("group-directories-first", ArgKind::None, O::DirsFirst),
    OptSpec::flag('G', "no-group", O::F('G')),
    OptSpec::flag('h', "human-readable", O::F('h')),
    OptSpec::long("si", ArgKind::None, O::Si),
    OptSpec::flag('H', "dereference-command-line", O::F('H')),
    OptSpec::long("dereference-command-line-symlink-to-dir", ArgKind::None, O::Ignored),
    OptSpec::long("hide", ArgKind::Required, O::Hide),
    OptSpec::long("hyperlink", ArgKind::Optional, O::Ignored),
    OptSpec::long("indicator-style", ArgKind::Required, O::Indicator),
    OptSpec::flag('i', "inode", O::F('i')),
    OptSpec::req('I', "ignore", O::Ignore),
    OptSpec::flag('k', "kibibytes", O::Ignored),
    OptSpec { short: Some('l'), long: None, arg: ArgKind::None, id: O::F('l') },
    OptSpec::flag('L', "dereference", O::F('L')),
    OptSpec { short: Some('m'), long: None, arg: ArgKind::None, id: O::F('m') },
    OptSpec::flag('n', "numeric-uid-gid", O::F('n')),
    OptSpec::flag('N', "literal", O::F('N')),
    OptSpec { short: Some('o'), long: None, arg: ArgKind::None, id: O::F('o') },
    OptSpec { short: Some('p'), long: None, arg: ArgKind::None, id: O::F('p') },
    OptSpec::flag('q', "hide-control-chars", O::F('q')),
    OptSpec::long("show-control-chars", ArgKind::None, O::Ignored),
    OptSpec::flag('Q', "quote-name", O::F('Q')),
    OptSpec::long("quoting-style", ArgKind::Required, O::IgnoredArg),
    OptSpec::flag('r', "reverse", O::F('r')),
    OptSpec::flag('R', "recursive", O::F('R')),
    OptSpec::flag('s', "size", O::F('s')),
    OptSpec { short: Some('S'), long: None, arg: ArgKind::None, id: O::F('S') },
    OptSpec::long("sort", ArgKind::Required, O::Sort),
    OptSpec::long("time", ArgKind::Required, O::Time),
    OptSpec::long("time-style", ArgKind::Required, O::TimeStyle),
    OptSpec { short: Some('t'), long: None, arg: ArgKind::None, id: O::F('t') },
    OptSpec::req('T', "tabsize", O::IgnoredArg),
    OptSpec { short: Some('u'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec { short: Some('U'), long: None, arg: ArgKind::None, id: O::F('U') },
    OptSpec { short: Some('v'), long: None, arg: ArgKind::None, id: O::F('v') },
    OptSpec::req('w', "width", O::Width),
    OptSpec { short: Some('x'), long: None, arg: ArgKind::None, id: O::F('x') },
    OptSpec { short: Some('X'), long: None, arg: ArgKind::None, id: O::F('X') },
    OptSpec { short: Some('Z'), long: Some("context"), arg: ArgKind::None, id: O::Ignored },
];
const USAGE: &str = "Usage: ls [OPTION]... [FILE]...\nList information about the FILEs (the current directory by default).\nSort entries alphabetically if none of -cftuvSUX nor --sort is specified.";

/// Output format.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    One,
    Long,
    Columns,
    Across,
    Commas,
}

/// Sort key.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SortBy {
    Name,
    Time,
    Size,
    Ext,
    Version,
    None,
}

/// Which entries are shown.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Show {
    Visible,
    AlmostAll,
    All,
}

/// File-type indicators.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Indicator {
    None,
    Slash,
    FileType,
    Classify,
}

/// Name quoting.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Quoting {
    Literal,
    Double,
    Escape,
    Hide,
}

/// All settings.
struct Opts {
    format: Format,
    sort: SortBy,
    reverse: bool,
    show: Show,
    dirs: bool,
    recursive: bool,
    indicator: Indicator,
    quoting: Quoting,
    human: Option<u64>,
    inode: bool,
    size: bool,
    numeric: bool,
    owner: bool,
    group: bool,
    deref: bool,
    deref_cmdline: Option<bool>,
    dirs_first: bool,
    ignore: Vec<String>,
    hide: Vec<String>,
    backups: bool,
    style: TimeStyle,
    width: usize,
}

/// One listed name with its metadata.
struct Entry {
    name: String,
    path: String,
    meta: Metadata,
    target: Option<String>,
    target_meta: Option<Metadata>,
}

fn invalid_arg(arg: &str, opt: &str, valid: &[&str]) -> String {
    let mut m = format!("invalid argument {} for ‘--{opt}’\nValid arguments are:", quote(arg));
    for v in valid {
        m.push_str(&format!("\n  - {}", crate::args::quote(v)));
    }
    m
}

fn flag(o: &mut Opts, c: char) {
    match c {
        '1' => o.format = Format::One,
        'l' => o.format = Format::Long,
        'C' => o.format = Format::Columns,
        'x' => o.format = Format::Across,
        'm' => o.format = Format::Commas,
        'g' => (o.format, o.owner) = (Format::Long, false),
        'o' => (o.format, o.group) = (Format::Long, false),
        'n' => (o.format, o.numeric) = (Format::Long, true),
        'a' => o.show = Show::All,
        'A' => o.show = Show::AlmostAll,
        'f' => (o.show, o.sort) = (Show::All, SortBy::None),
        'd' => o.dirs = true,
        'R' => o.recursive = true,
        'r' => o.reverse = true,
        't' => o.sort = SortBy::Time,
        'S' => o.sort = SortBy::Size,
        'X' => o.sort = SortBy::Ext,
        'v' => o.sort = SortBy::Version,
        'U' => o.sort = SortBy::None,
        'p' => o.indicator = Indicator::Slash,
        'h' => o.human = Some(1024),
        'i' => o.inode = true,
        's' => o.size = true,
        'G' => o.group = false,
        'L' => o.deref = true,
        'H' => o.deref_cmdline = Some(true),
        'Q' => o.quoting = Quoting::Double,
        'b' => o.quoting = Quoting::Escape,
        'N' => o.quoting = Quoting::Literal,
        'q' => o.quoting = Quoting::Hide,
        'B' => o.backups = true,
        _ => {}
    }
}

fn long_opt(o: &mut Opts, id: O, v: &str) -> Result<(), String> {
    match id {
        O::F('F') => {
            o.indicator = match v {
                "" | "always" | "yes" | "force" | "auto" | "tty" | "if-tty" => Indicator::Classify,
                "never" | "no" | "none" => Indicator::None,
                _ => return Err(invalid_arg(v, "classify", &["always", "never", "auto"])),
            }
        }
        O::F(c) => flag(o, c),
        O::Si => o.human = Some(1000),
        O::FullTime => (o.format, o.style) = (Format::Long, TimeStyle::FullIso),
        O::TimeStyle => {
            let s = v.strip_prefix("posix-").unwrap_or(v);
            o.style = match s {
                "full-iso" => TimeStyle::FullIso,
                "long-iso" => TimeStyle::LongIso,
                "iso" => TimeStyle::Iso,
                "locale" => TimeStyle::Locale,
                f if f.starts_with('+') => TimeStyle::Format(f[1..].split('\n').next().unwrap_or("").to_string()),
                _ => return Err(invalid_arg(v, "time-style", &["full-iso", "long-iso", "iso", "locale", "+FORMAT (e.g., +%H:%M) for a 'date'-style format"])),
            }
        }
        O::Sort => {
            o.sort = match v {
                "none" => SortBy::None,
                "name" => SortBy::Name,
                "time" => SortBy::Time,
                "size" => SortBy::Size,
                "extension" => SortBy::Ext,
                "version" => SortBy::Version,
                _ => return Err(invalid_arg(v, "sort", &["none", "time", "size", "extension", "version", "width"])),
            }
        }
        O::Time => {}
        O::Format => {
            o.format = match v {
                "long" | "verbose" => Format::Long,
                "single-column" => Format::One,
                "commas" => Format::Commas,
                "across" | "horizontal" => Format::Across,
                "vertical" => Format::Columns,
                _ => return Err(invalid_arg(v, "format", &["verbose", "long", "commas", "horizontal", "across", "vertical", "single-column"])),
            }
        }
        O::Indicator => {
            o.indicator = match v {
                "none" => Indicator::None,
                "slash" => Indicator::Slash,
                "file-type" => Indicator::FileType,
                "classify" => Indicator::Classify,
                _ => return Err(invalid_arg(v, "indicator-style", &["none", "slash", "file-type", "classify"])),
            }
        }
        O::FileType => o.indicator = Indicator::FileType,
        O::Ignore => o.ignore.push(v.to_string()),
        O::Hide => o.hide.push(v.to_string()),
        O::Width => o.width = v.parse().map_err(|_| format!("invalid line width: {}", quote(v)))?,
        O::DirsFirst => o.dirs_first = true,
        O::Ignored | O::IgnoredArg => {}
    }
    Ok(())
}

fn options(ctx: &Ctx<'_>, parsed: &args::Parsed<O>) -> Result<Opts, String> {
    let width = ctx.env.get("COLUMNS").and_then(|c| c.parse().ok()).filter(|w| *w > 0).unwrap_or(80);
    let mut o = Opts {
        format: Format::One,
        sort: SortBy::Name,
        reverse: false,
        show: Show::Visible,
        dirs: false,
        recursive: false,
        indicator: Indicator::None,
        quoting: Quoting::Literal,
        human: None,
        inode: false,
        size: false,
        numeric: false,
        owner: true,
        group: true,
        deref: false,
        deref_cmdline: None,
        dirs_first: false,
        ignore: Vec::new(),
        hide: Vec::new(),
        backups: false,
        style: TimeStyle::Locale,
        width,
    };
    for (id, v) in &parsed.opts {
        long_opt(&mut o, *id, v.as_deref().unwrap_or(""))?;
    }
    Ok(o)
}

/// The listing state.
struct Lister {
    o: Opts,
    names: Option<Names>,
    tz: Tz,
    now: i64,
    out: Vec<u8>,
    status: i32,
    printed: bool,
}

impl Lister {
    /// Metadata for a name; symlinks are followed when `follow` (and the target exists).
    fn entry(&self, ctx: &Ctx<'_>, name: &str, path: &str, follow: bool) -> Result<Entry, kitsh_core::fs::FsError> {
        let meta = ctx.fs.lstat(path)?;
        let mut e = Entry { name: name.to_string(), path: path.to_string(), meta, target: None, target_meta: None };
        if e.meta.file_type == FileType::Symlink {
            e.target_meta = ctx.fs.stat(path).ok();
            if follow {
                if let Some(t) = e.target_meta.clone() {
                    e.meta = t;
                    return Ok(e);
                }
            }
            if self.o.format == Format::Long {
                e.target = ctx.fs.read_link(path).ok();
            }
        }
        Ok(e)
    }

    fn cmp(&self, a: &Entry, b: &Entry) -> Ordering {
        let name = || a.name.as_bytes().cmp(b.name.as_bytes());
        let r = match self.o.sort {
            SortBy::Name | SortBy::None => name(),
            SortBy::Time => b.meta.mtime.cmp(&a.meta.mtime).then_with(name),
            SortBy::Size => b.meta.len.cmp(&a.meta.len).then_with(name),
            SortBy::Ext => {
                let ext = |n: &str| n.rfind('.').filter(|&i| i > 0).map_or(String::new(), |i| n[i..].to_string());
                ext(&a.name).cmp(&ext(&b.name)).then_with(name)
            }
            SortBy::Version => super::sort::version_cmp(a.name.as_bytes(), b.name.as_bytes()),
        };
        if self.o.reverse {
            r.reverse()
        } else {
            r
        }
    }

    fn sort(&self, v: &mut [Entry]) {
        if self.o.sort != SortBy::None {
            v.sort_by(|a, b| self.cmp(a, b));
        }
        if self.o.dirs_first {
            v.sort_by_key(|e| e.meta.file_type != FileType::Dir && e.target_meta.as_ref().map(|m| m.file_type) != Some(FileType::Dir));
        }
    }

    fn display(&self, e: &Entry) -> String {
        let ind_meta = if e.meta.file_type == FileType::Symlink && self.o.format == Format::Long { None } else { Some(&e.meta) };
        let ind = ind_meta.map_or("", |m| layout::indicator(m, self.o.indicator));
        let mut s = layout::show_name(&e.name, self.o.quoting);
        s.push_str(ind);
        if let Some(t) = &e.target {
            s.push_str(" -> ");
            s.push_str(&layout::show_name(t, self.o.quoting));
            if let Some(tm) = &e.target_meta {
                s.push_str(layout::indicator(tm, self.o.indicator));
            }
        }
        s
    }

    fn size_text(&self, n: u64) -> String {
        match self.o.human {
            Some(base) => long::human(n, base),
            None => n.to_string(),
        }
    }

    fn blocks_text(&self, m: &Metadata) -> String {
        match self.o.human {
            Some(base) => long::human(long::blocks(m) * 1024, base),
            None => long::blocks(m).to_string(),
        }
    }

    /// Print a group of entries (`total`: the `total N` line of a directory listing).
    fn print(&mut self, entries: &[Entry], total: bool) {
        let long = self.o.format == Format::Long;
        if total && (long || self.o.size) {
            let sum: u64 = entries.iter().map(|e| long::blocks(&e.meta)).sum();
            let t = match self.o.human {
                Some(b) => long::human(sum * 1024, b),
                None => sum.to_string(),
            };
            self.out.extend_from_slice(format!("total {t}\n").as_bytes());
        }
        let prefixes = self.prefixes(entries);
        if long {
            let lines = self.long_lines(entries);
            for (p, l) in prefixes.iter().zip(lines) {
                self.out.extend_from_slice(format!("{p}{l}\n").as_bytes());
            }
            return;
        }
        let items: Vec<String> = entries.iter().zip(&prefixes).map(|(e, p)| format!("{p}{}", self.display(e))).collect();
        let text = match self.o.format {
            Format::Columns => layout::columns(&items, self.o.width, false),
            Format::Across => layout::columns(&items, self.o.width, true),
            Format::Commas => layout::commas(&items, self.o.width),
            _ => items.iter().map(|s| format!("{s}\n")).collect(),
        };
        self.out.extend_from_slice(text.as_bytes());
    }

    /// The `-i` / `-s` columns, aligned.
    fn prefixes(&self, entries: &[Entry]) -> Vec<String> {
        let inodes: Vec<String> = entries.iter().map(|e| if self.o.inode { e.meta.ino.to_string() } else { String::new() }).collect();
        let blocks: Vec<String> = entries.iter().map(|e| if self.o.size { self.blocks_text(&e.meta) } else { String::new() }).collect();
        let wi = inodes.iter().map(String::len).max().unwrap_or(0);
        let wb = blocks.iter().map(String::len).max().unwrap_or(0);
        let one = self.o.format == Format::One || self.o.format == Format::Long;
        inodes
            .iter()
            .zip(&blocks)
            .map(|(i, b)| {
                let mut s = String::new();
                if self.o.inode {
                    s.push_str(&if one { format!("{i:>wi$} ") } else { format!("{i} ") });
                }
                if self.o.size {
                    s.push_str(&if one { format!("{b:>wb$} ") } else { format!("{b} ") });
                }
                s
            })
            .collect()
    }
}

impl Lister {
    fn long_lines(&self, entries: &[Entry]) -> Vec<String> {
        let names = self.names.as_ref();
        let cols: Vec<[String; 5]> = entries
            .iter()
            .map(|e| {
                let m = &e.meta;
                let size = if m.file_type == FileType::CharDevice {
                    let (ma, mi) = long::device_numbers(&e.path);
                    format!("{ma}, {mi}")
                } else {
                    self.size_text(m.len)
                };
                let owner = names.map_or_else(|| m.uid.to_string(), |n| n.user(m.uid, self.o.numeric));
                let group = names.map_or_else(|| m.gid.to_string(), |n| n.group(m.gid, self.o.numeric));
                [long::mode_column(m), m.nlink.to_string(), owner, group, size]
            })
            .collect();
        let w = |k: usize| cols.iter().map(|c| c[k].chars().count()).max().unwrap_or(0);
        let (wl, wo, wg, ws) = (w(1), w(2), w(3), w(4));
        entries
            .iter()
            .zip(&cols)
            .map(|(e, c)| {
                let mut s = format!("{} {:>wl$} ", c[0], c[1]);
                if self.o.owner {
                    s.push_str(&format!("{:<wo$} ", c[2]));
                }
                if self.o.group {
                    s.push_str(&format!("{:<wg$} ", c[3]));
                }
                let time = long::time_column(&e.meta, &self.o.style, &self.tz, self.now);
                s.push_str(&format!("{:>ws$} {time} {}", c[4], self.display(e)));
                s
            })
            .collect()
    }

    fn hidden(&self, name: &str) -> bool {
        let chars: Vec<char> = name.chars().collect();
        let matches = |pats: &[String]| pats.iter().any(|p| layout::glob(&p.chars().collect::<Vec<_>>(), &chars));
        if matches(&self.o.ignore) || (self.o.backups && name.ends_with('~')) {
            return true;
        }
        match self.o.show {
            Show::All | Show::AlmostAll => false,
            Show::Visible => name.starts_with('.') || matches(&self.o.hide),
        }
    }

    /// List the directory `shown` (at `abs`), then its subdirectories with `-R`.
    fn list_dir(&mut self, ctx: &mut Ctx<'_>, shown: &str, abs: &str, header: bool, depth: usize) -> Result<(), i32> {
        if self.printed {
            self.out.push(b'\n');
        }
        self.printed = true;
        if header {
            self.out.extend_from_slice(format!("{}:\n", layout::show_name(shown, self.o.quoting)).as_bytes());
        }
        let raw = match ctx.fs.read_dir(abs) {
            Ok(r) => r,
            Err(e) => {
                flush_out(ctx, &mut self.out, true)?;
                ctx.error(&format!("cannot open directory {}: {e}", quote_always(shown)));
                self.status = 2;
                return Ok(());
            }
        };
        let mut entries = Vec::with_capacity(raw.len() + 2);
        if self.o.show == Show::All {
            for (n, p) in [(".", abs.to_string()), ("..", join_path(abs, ".."))] {
                if let Ok(e) = self.entry(ctx, n, &p, true) {
                    entries.push(e);
                }
            }
        }
        for d in raw {
            if self.hidden(&d.name) {
                continue;
            }
            if let Ok(e) = self.entry(ctx, &d.name, &join_path(abs, &d.name), self.o.deref) {
                entries.push(e);
            }
        }
        self.sort(&mut entries);
        self.print(&entries, true);
        flush_out(ctx, &mut self.out, false)?;
        if self.o.recursive && depth < 4096 && !ctx.cancel.cancelled() {
            for e in &entries {
                if e.meta.file_type == FileType::Dir && e.name != "." && e.name != ".." {
                    let sub = if shown.ends_with('/') { format!("{shown}{}", e.name) } else { format!("{shown}/{}", e.name) };
                    stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.list_dir(ctx, &sub, &e.path, true, depth + 1))?;
                }
            }
        }
        Ok(())
    }
}

impl Builtin for Ls {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 2, ..Config::new(ctx.name, USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let o = match options(ctx, &parsed) {
            Ok(o) => o,
            Err(m) => {
                args::usage_error(ctx, &m);
                return 2;
            }
        };
        let now = SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64);
        let names = (o.format == Format::Long).then(|| Names::load(ctx.fs));
        let tz = parse_tz(ctx.env.get("TZ").as_deref());
        let mut l = Lister { o, names, tz, now, out: Vec::new(), status: 0, printed: false };
        let ops = if parsed.operands.is_empty() { vec![".".to_string()] } else { parsed.operands };
        let follow = l.o.deref || l.o.deref_cmdline.unwrap_or(!(l.o.format == Format::Long || l.o.dirs || l.o.indicator == Indicator::Classify));
        let (mut files, mut dirs) = (Vec::new(), Vec::new());
        for op in &ops {
            let abs = ctx.abs_path(op);
            let strict = l.o.deref || l.o.deref_cmdline == Some(true);
            let found = l.entry(ctx, op, &abs, follow).and_then(|e| match e.meta.file_type {
                FileType::Symlink if strict => Err(kitsh_core::fs::FsError::NotFound),
                _ => Ok(e),
            });
            match found {
                Ok(e) if e.meta.file_type == FileType::Dir && !l.o.dirs => dirs.push(e),
                Ok(e) => files.push(e),
                Err(err) => {
                    ctx.error(&format!("cannot access {}: {err}", quote_always(op)));
                    l.status = 2;
                }
            }
        }
        l.sort(&mut files);
        l.sort(&mut dirs);
        if !files.is_empty() {
            l.print(&files, false);
            l.printed = true;
        }
        let header = ops.len() > 1 || l.o.recursive;
        for d in &dirs {
            if let Err(st) = l.list_dir(ctx, &d.name, &d.path, header, 0) {
                return st;
            }
        }
        match flush_out(ctx, &mut l.out, true) {
            Ok(()) => l.status,
            Err(st) => st,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, run_env};
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    fn setup() -> Box<kitsh_core::fs::MemoryFs> {
        let big = vec![b' '; 5000];
        let fs = fs_with(&[
            ("/etc/passwd", b"root:x:0:0::/root:/bin/sh\nuser:x:1000:1000::/home/user:/bin/sh\n"),
            ("/etc/group", b"root:x:0:\nuser:x:1000:\n"),
            ("/w/big", &big),
            ("/w/d/sub/", b""),
            ("/w/f", b"hello\n"),
            ("/w/.h", b""),
            ("/w/old", b""),
        ]);
        let _ = fs.set_mode("/w/f", 0o755);
        let _ = fs.symlink("f", "/w/lnk");
        let _ = fs.symlink("d", "/w/dlnk");
        let t = |s: u64| std::time::UNIX_EPOCH + std::time::Duration::from_secs(s);
        let _ = fs.set_mtime("/w/old", t(1_577_836_800));
        let _ = fs.set_mtime("/w/big", t(1_700_000_100));
        fs
    }

    fn ls(fs: &dyn FileSystem, args: &[&str]) -> String {
        let o = run(&Ls, "ls", args, b"", fs, "/w");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn names_and_sorting() {
        let fs = setup();
        assert_eq!(ls(&*fs, &[]), "big\nd\ndlnk\nf\nlnk\nold\n");
        assert_eq!(ls(&*fs, &["-A"]), ".h\nbig\nd\ndlnk\nf\nlnk\nold\n");
        assert_eq!(ls(&*fs, &["-a"]).lines().take(3).collect::<Vec<_>>(), [".", "..", ".h"]);
        assert_eq!(ls(&*fs, &["-F"]), "big\nd/\ndlnk@\nf*\nlnk@\nold\n");
        assert_eq!(ls(&*fs, &["-p"]), "big\nd/\ndlnk\nf\nlnk\nold\n");
        assert_eq!(ls(&*fs, &["-r"]), "old\nlnk\nf\ndlnk\nd\nbig\n");
        assert_eq!(ls(&*fs, &["-S"]), "big\nf\ndlnk\nlnk\nold\nd\n".replace("f\ndlnk\nlnk\nold\nd\n", &ls_size_tail(&*fs)));
        assert_eq!(ls(&*fs, &["-t", "f", "old", "big"]), "big\nf\nold\n");
        assert_eq!(ls(&*fs, &["-tr", "f", "old", "big"]), "old\nf\nbig\n");
        assert_eq!(ls(&*fs, &["-m"]), "big, d, dlnk, f, lnk, old\n");
        assert_eq!(ls(&*fs, &["-C"]), "big  d\tdlnk  f  lnk  old\n");
        assert_eq!(ls(&*fs, &["-I", "*l*"]), "big\nd\nf\n");
        assert_eq!(ls(&*fs, &["-Q", "f"]), "\"f\"\n");
        assert_eq!(ls(&*fs, &["--group-directories-first"]), "d\ndlnk\nbig\nf\nlnk\nold\n");
    }

    /// The `-S` order after `big`, which depends on the directory size the filesystem reports.
    fn ls_size_tail(fs: &dyn FileSystem) -> String {
        let d = fs.stat("/w/d").map(|m| m.len).unwrap_or(0);
        let mut v = [(6u64, "f"), (1, "dlnk"), (1, "lnk"), (0, "old"), (d, "d")];
        v.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
        v.iter().map(|(_, n)| format!("{n}\n")).collect()
    }

    #[test]
    fn operands_and_recursion() {
        let fs = setup();
        assert_eq!(ls(&*fs, &["-d", "d", "f"]), "d\nf\n");
        assert_eq!(ls(&*fs, &["d", "f", "nosuch"]), "f\n\nd:\nsub\nls: cannot access 'nosuch': No such file or directory\n");
        assert_eq!(run(&Ls, "ls", &["nosuch"], b"", &*fs, "/w").status, 2);
        assert_eq!(ls(&*fs, &["-R", "d"]), "d:\nsub\n\nd/sub:\n");
        assert_eq!(ls(&*fs, &["dlnk"]), "sub\n");
        let _ = fs.symlink("nowhere", "/w/broken");
        assert_eq!(ls(&*fs, &["-L", "broken"]), "ls: cannot access 'broken': No such file or directory\n");
        assert_eq!(ls(&*fs, &["broken"]), "broken\n");
        assert_eq!(ls(&*fs, &["-z"]), "ls: invalid option -- 'z'\nTry 'ls --help' for more information.\n");
    }

    #[test]
    fn long_format() {
        let fs = setup();
        let (o, _, _) = run_env(&Ls, "ls", &["-l", "/w/f", "/w/old"], &[("TZ", "UTC")], &*fs);
        assert_eq!(o, "-rwxr-xr-x 1 user user 6 Nov 14  2023 /w/f\n-rw-r--r-- 1 user user 0 Jan  1  2020 /w/old\n");
        let (o, _, _) = run_env(&Ls, "ls", &["-l", "/w/lnk"], &[("TZ", "UTC")], &*fs);
        assert!(o.starts_with("lrwxrwxrwx 1 user user 1 ") && o.ends_with(" /w/lnk -> f\n"), "{o}");
        let (o, _, _) = run_env(&Ls, "ls", &["-lgh", "/w/big"], &[("TZ", "UTC")], &*fs);
        assert_eq!(o, "-rw-r--r-- 1 user 4.9K Nov 14  2023 /w/big\n");
        let (o, _, _) = run_env(&Ls, "ls", &["-n", "--time-style=long-iso", "/w/f"], &[("TZ", "UTC")], &*fs);
        assert_eq!(o, "-rwxr-xr-x 1 1000 1000 6 2023-11-14 22:13 /w/f\n");
        let (o, _, _) = run_env(&Ls, "ls", &["-o", "--full-time", "/w/f"], &[("TZ", "JST-9")], &*fs);
        assert_eq!(o, "-rwxr-xr-x 1 user 6 2023-11-15 07:13:20.000000000 +0900 /w/f\n");
        let (o, _, _) = run_env(&Ls, "ls", &["-s", "/w/f", "/w/big"], &[], &*fs);
        assert_eq!(o, "8 /w/big\n4 /w/f\n");
        assert!(ls(&*fs, &["-l"]).starts_with("total "));
    }
}
