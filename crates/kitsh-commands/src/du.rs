//! `du`: disk usage of files and directory trees in the virtual filesystem (`-a -s -c -h --si
//! -k -m -b -B --apparent-size -d/--max-depth -S -L -0 --inodes --exclude`).
//!
//! Usage is counted in 4 KiB allocation units (a directory uses one; symlinks and devices
//! none), as `ls -s` does. Entries are visited in name order (the virtual filesystem lists
//! directories sorted; GNU `du` follows the on-disk order). A node reached twice (hard links,
//! repeated operands) is counted once.

use std::collections::HashSet;

use super::args::{self, human, quote, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType, Metadata};
use kitsh_core::pattern::{MatchOpts, Pattern};
use kitsh_core::util::bytes::encode;

/// The `du` command.
pub struct Du;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Null,
    All,
    Apparent,
    BlockSize,
    Bytes,
    Total,
    Deref,
    DerefArgs,
    MaxDepth,
    Human,
    Si,
    Inodes,
    K,
    M,
    Separate,
    Summarize,
    OneFs,
    Exclude,
    NoDeref,
    CountLinks,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('0', "null", O::Null),
    OptSpec::flag('a', "all", O::All),
    OptSpec::long("apparent-size", ArgKind::None, O::Apparent),
    OptSpec::req('B', "block-size", O::BlockSize),
    OptSpec::flag('b', "bytes", O::Bytes),
    OptSpec::flag('c', "total", O::Total),
    OptSpec::flag('D', "dereference-args", O::DerefArgs),
    OptSpec { short: Some('H'), long: None, arg: ArgKind::None, id: O::DerefArgs },
    OptSpec::req('d', "max-depth", O::MaxDepth),
    OptSpec::flag('h', "human-readable", O::Human),
    OptSpec::long("si", ArgKind::None, O::Si),
    OptSpec::long("inodes", ArgKind::None, O::Inodes),
    OptSpec { short: Some('k'), long: None, arg: ArgKind::None, id: O::K },
    OptSpec::flag('L', "dereference", O::Deref),
    OptSpec::flag('l', "count-links", O::CountLinks),
    OptSpec { short: Some('m'), long: None, arg: ArgKind::None, id: O::M },
    OptSpec::flag('P', "no-dereference", O::NoDeref),
    OptSpec::flag('S', "separate-dirs", O::Separate),
    OptSpec::flag('s', "summarize", O::Summarize),
    OptSpec::flag('x', "one-file-system", O::OneFs),
    OptSpec::long("exclude", ArgKind::Required, O::Exclude),
];
const USAGE: &str = "Usage: du [OPTION]... [FILE]...\n  or:  du [OPTION]... --files0-from=F\nSummarize device usage of the set of FILEs, recursively for directories.";

/// How sizes are printed.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Unit {
    /// Whole blocks of this many bytes (rounded up), with a suffix to print.
    Blocks(u64, String),
    /// `-h` (1024) or `--si` (1000).
    Human(u64),
}

/// Parse a `-B` size: `1K`, `M`, `KB`, `2MiB`, `512`.
fn block_size(s: &str) -> Option<Unit> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let n: u64 = if digits == 0 { 1 } else { s[..digits].parse().ok()? };
    let suffix = &s[digits..];
    let (letter, rest) = match suffix.chars().next() {
        Some(c) => (Some(c.to_ascii_uppercase()), &suffix[1..]),
        None => (None, ""),
    };
    let base: u64 = match rest {
        "" | "iB" => 1024,
        "B" => 1000,
        _ => return None,
    };
    let power = match letter {
        None => 0,
        Some(c) => "KMGTPEZY".find(c)? as u32 + 1,
    };
    let size = n.checked_mul(base.checked_pow(power)?)?;
    if size == 0 {
        return None;
    }
    let shown = if digits == 0 { if suffix == "KB" { "kB".to_string() } else { suffix.to_string() } } else { String::new() };
    Some(Unit::Blocks(size, shown))
}

struct Walker {
    all: bool,
    apparent: bool,
    inodes: bool,
    separate: bool,
    deref: bool,
    deref_args: bool,
    max_depth: Option<u64>,
    unit: Unit,
    eol: u8,
    exclude: Vec<Pattern>,
    count_links: bool,
    seen: HashSet<(u64, u64, u64)>,
    out: Vec<u8>,
    status: i32,
}

impl Walker {
    fn size_of(&self, m: &Metadata) -> u64 {
        if self.inodes {
            return 1;
        }
        match m.file_type {
            FileType::Dir => 4096,
            FileType::File if self.apparent => m.len,
            FileType::File => m.len.div_ceil(4096) * 4096,
            FileType::Symlink if self.apparent => m.len,
            _ => 0,
        }
    }

    fn print(&mut self, size: u64, path: &str) {
        let text = match &self.unit {
            _ if self.inodes => size.to_string(),
            Unit::Human(base) => human(size, *base),
            Unit::Blocks(b, suffix) => format!("{}{suffix}", size.div_ceil(*b)),
        };
        self.out.extend_from_slice(text.as_bytes());
        self.out.push(b'\t');
        self.out.extend_from_slice(&encode(path));
        self.out.push(self.eol);
    }

    fn excluded(&self, shown: &str) -> bool {
        let base = shown.trim_end_matches('/').rsplit('/').next().unwrap_or(shown);
        self.exclude.iter().any(|p| p.matches(base) || p.matches(shown))
    }

    /// The usage of `shown` (at `abs`), printing lines for it and below. `None`: not counted.
    fn walk(&mut self, ctx: &mut Ctx<'_>, shown: &str, abs: &str, top: bool, depth: u64) -> Option<u64> {
        if !top && self.excluded(shown) {
            return None;
        }
        let r = if self.deref || (top && self.deref_args) { ctx.fs.stat(abs) } else { ctx.fs.lstat(abs) };
        let meta = match r {
            Ok(m) => m,
            Err(e) => {
                ctx.error(&format!("cannot access {}: {e}", quote_always(shown)));
                self.status = 1;
                return None;
            }
        };
        let key = (meta.ino, meta.len, meta.mtime.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64));
        if !(self.count_links && meta.file_type != FileType::Dir) && !self.seen.insert(key) {
            return None;
        }
        let own = self.size_of(&meta);
        let shown_here = self.max_depth.is_none_or(|d| depth <= d);
        if meta.file_type != FileType::Dir {
            if shown_here && (self.all || top) {
                self.print(own, shown);
            }
            return Some(own);
        }
        let mut total = own;
        match ctx.fs.read_dir(abs) {
            Ok(entries) if depth < 4096 => {
                for ent in entries {
                    if ctx.cancel.cancelled() {
                        break;
                    }
                    let child = if shown.ends_with('/') { format!("{shown}{}", ent.name) } else { format!("{shown}/{}", ent.name) };
                    let child_abs = join_path(abs, &ent.name);
                    let sub = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.walk(ctx, &child, &child_abs, false, depth + 1));
                    if let Some(s) = sub {
                        if !(self.separate && ent.file_type == FileType::Dir) {
                            total += s;
                        }
                    }
                }
            }
            Ok(_) => {
                ctx.error(&format!("{}: {}", quote_always(shown), kitsh_core::fs::FsError::Loop));
                self.status = 1;
            }
            Err(e) => {
                ctx.error(&format!("cannot read directory {}: {e}", quote_always(shown)));
                self.status = 1;
            }
        }
        if shown_here {
            self.print(total, shown);
        }
        Some(total)
    }

}

/// Build the walker from the options; also returns `-c` and `-s`. `Err` after reporting.
fn configure(ctx: &mut Ctx<'_>, opts: Vec<(O, Option<String>)>) -> Result<(Walker, bool, bool), i32> {
    let mut w = Walker {
        all: false,
        apparent: false,
        inodes: false,
        separate: false,
        deref: false,
        deref_args: false,
        max_depth: None,
        unit: Unit::Blocks(1024, String::new()),
        eol: b'\n',
        exclude: Vec::new(),
        count_links: false,
        seen: HashSet::new(),
        out: Vec::new(),
        status: 0,
    };
    let (mut total, mut summarize) = (false, false);
    for (o, v) in opts {
        let v = v.unwrap_or_default();
        match o {
            O::Null => w.eol = 0,
            O::All => w.all = true,
            O::Apparent => w.apparent = true,
            O::BlockSize => match block_size(&v) {
                Some(u) => w.unit = u,
                None => {
                    ctx.error(&format!("invalid -B argument '{v}'"));
                    return Err(1);
                }
            },
            O::Bytes => (w.apparent, w.unit) = (true, Unit::Blocks(1, String::new())),
            O::Total => total = true,
            O::Deref => w.deref = true,
            O::DerefArgs => w.deref_args = true,
            O::NoDeref => (w.deref, w.deref_args) = (false, false),
            O::MaxDepth => match v.parse::<u64>() {
                Ok(n) => w.max_depth = Some(n),
                Err(_) => {
                    usage_error(ctx, &format!("invalid maximum depth {}", quote(&v)));
                    return Err(1);
                }
            },
            O::Human => w.unit = Unit::Human(1024),
            O::Si => w.unit = Unit::Human(1000),
            O::Inodes => w.inodes = true,
            O::K => w.unit = Unit::Blocks(1024, String::new()),
            O::M => w.unit = Unit::Blocks(1 << 20, String::new()),
            O::Separate => w.separate = true,
            O::Summarize => summarize = true,
            O::OneFs => {}
            O::Exclude => w.exclude.push(Pattern::new(&v, MatchOpts::default())),
            O::CountLinks => w.count_links = true,
        }
    }
    Ok((w, total, summarize))
}

impl Builtin for Du {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut w, total, summarize) = match configure(ctx, parsed.opts) {
            Ok(r) => r,
            Err(st) => return st,
        };
        if summarize && w.all {
            usage_error(ctx, "cannot both summarize and show all entries");
            return 1;
        }
        if summarize {
            if let Some(d) = w.max_depth.filter(|&d| d != 0) {
                ctx.error(&format!("warning: summarizing conflicts with --max-depth={d}"));
                let _ = writeln!(ctx.stderr, "Try '{} --help' for more information.", ctx.name);
                return 1;
            }
            w.max_depth = Some(0);
        }
        let files = if parsed.operands.is_empty() { vec![".".to_string()] } else { parsed.operands };
        let mut sum = 0;
        for f in &files {
            let abs = ctx.abs_path(f);
            if let Some(s) = w.walk(ctx, f, &abs, true, 0) {
                sum += s;
            }
            if ctx.cancel.cancelled() {
                return 1;
            }
        }
        if total {
            w.print(sum, "total");
        }
        match ctx.stdout.write_all(&w.out) {
            Ok(()) => w.status,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    fn du(args: &[&str]) -> String {
        let fs = fs_with(&[("/t/du/f", b"x"), ("/t/du/a/b/", b""), ("/t/du/a/g", &[0u8; 5000])]);
        let _ = fs.symlink("f", "/t/du/l");
        let o = run(&Du, "du", args, b"", &*fs, "/t");
        format!("{}{}", o.out(), o.stderr)
    }

    #[test]
    fn disk_usage() {
        assert_eq!(du(&["du"]), "4\tdu/a/b\n16\tdu/a\n24\tdu\n");
        assert_eq!(du(&["-a", "du"]), "4\tdu/a/b\n8\tdu/a/g\n16\tdu/a\n4\tdu/f\n0\tdu/l\n24\tdu\n");
        assert_eq!(du(&["-s", "du"]), "24\tdu\n");
        assert_eq!(du(&["-sh", "du"]), "24K\tdu\n");
        assert_eq!(du(&["-c", "du/f", "du/a"]), "4\tdu/f\n4\tdu/a/b\n16\tdu/a\n20\ttotal\n");
        assert_eq!(du(&["-d", "1", "du"]), "16\tdu/a\n24\tdu\n");
        assert_eq!(du(&["-d", "0", "du"]), "24\tdu\n");
        assert_eq!(du(&["-S", "du"]), "4\tdu/a/b\n12\tdu/a\n8\tdu\n");
        assert_eq!(du(&["-L", "du/l"]), "4\tdu/l\n");
        assert_eq!(du(&["du/l"]), "0\tdu/l\n");
        assert_eq!(du(&["du/", "du//a"]), "4\tdu/a/b\n16\tdu/a\n24\tdu/\n");
        assert_eq!(du(&["du/f", "du/f"]), "4\tdu/f\n");
    }

    #[test]
    fn sizes() {
        assert_eq!(du(&["-b", "du"]), "4096\tdu/a/b\n13192\tdu/a\n17290\tdu\n");
        assert_eq!(du(&["--apparent-size", "du"]), "4\tdu/a/b\n13\tdu/a\n17\tdu\n");
        assert_eq!(du(&["-ab", "du/a"]), "4096\tdu/a/b\n5000\tdu/a/g\n13192\tdu/a\n");
        assert_eq!(du(&["-h", "du/a/g"]), "8.0K\tdu/a/g\n");
        assert_eq!(du(&["--si", "du/a/g"]), "8.2k\tdu/a/g\n");
        assert_eq!(du(&["-B1", "du/f"]), "4096\tdu/f\n");
        assert_eq!(du(&["-B", "2K", "du/a/g"]), "4\tdu/a/g\n");
        assert_eq!(du(&["-BM", "du/a/g"]), "1M\tdu/a/g\n");
        assert_eq!(du(&["-BK", "du/a/g"]), "8K\tdu/a/g\n");
        assert_eq!(du(&["-B", "KB", "du/a/g"]), "9kB\tdu/a/g\n");
        assert_eq!(du(&["-b", "-h", "du/a/g"]), "4.9K\tdu/a/g\n");
        assert_eq!(du(&["-bk", "du/a/g"]), "5\tdu/a/g\n");
        assert_eq!(du(&["-k", "-b", "du/a/g"]), "5000\tdu/a/g\n");
        assert_eq!(du(&["-hm", "du/a/g"]), "1\tdu/a/g\n");
        assert_eq!(du(&["--inodes", "du"]), "1\tdu/a/b\n3\tdu/a\n6\tdu\n");
        assert_eq!(du(&["-0", "du/f"]), "4\tdu/f\0");
        assert_eq!(du(&["-a", "--exclude=g", "du/a"]), "4\tdu/a/b\n8\tdu/a\n");
        assert_eq!(human(1023, 1024), "1023");
        assert_eq!(human(10 * 1024 - 1, 1024), "10K");
    }

    #[test]
    fn errors() {
        assert_eq!(du(&["nosuch"]), "du: cannot access 'nosuch': No such file or directory\n");
        assert_eq!(du(&["-sa", "du"]), "du: cannot both summarize and show all entries\nTry 'du --help' for more information.\n");
        assert_eq!(du(&["-s", "-d", "1", "du"]), "du: warning: summarizing conflicts with --max-depth=1\nTry 'du --help' for more information.\n");
        assert_eq!(du(&["--max-depth=x", "du"]), "du: invalid maximum depth ‘x’\nTry 'du --help' for more information.\n");
        assert_eq!(du(&["-B", "x", "du"]), "du: invalid -B argument 'x'\n");
    }
}
