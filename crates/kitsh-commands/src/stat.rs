//! `stat`: show file metadata from the virtual filesystem, in GNU's default layout, `-t`
//! (terse), or a `-c FORMAT` / `--format` / `--printf` format (`%n %N %s %b %B %o %a %A %f %F
//! %u %U %g %G %h %i %d %D %t %T %m %x %X %y %Y %z %Z %w %W`, GNU flags, width and precision);
//! `-L` follows symlinks.
//!
//! The virtual filesystem keeps one time per node: access, modify and change times all show
//! the modification time, and the birth time is unknown (`-`). Nodes live on one pretend
//! device (`0,32`; `/dev` nodes on `0,5`).

mod format;

use std::time::UNIX_EPOCH;

use super::args::{self, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileSystem, FileType, Metadata};

use format::{render, unescape};

/// The `stat` command.
pub struct Stat;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Deref,
    FileSystem,
    Format,
    Printf,
    Terse,
    Cached,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('L', "dereference", O::Deref),
    OptSpec::flag('f', "file-system", O::FileSystem),
    OptSpec::req('c', "format", O::Format),
    OptSpec::long("printf", ArgKind::Required, O::Printf),
    OptSpec::flag('t', "terse", O::Terse),
    OptSpec::long("cached", ArgKind::Required, O::Cached),
];
const USAGE: &str = "Usage: stat [OPTION]... FILE...\nDisplay file or file system status.";

const DEFAULT: &str = "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: %Hd,%Ld\tInode: %-11i Links: %h\nAccess: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n";
const DEFAULT_DEV: &str = "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\nDevice: %Hd,%Ld\tInode: %-11i Links: %-5h Device type: %Hr,%Lr\nAccess: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\nAccess: %x\nModify: %y\nChange: %z\n Birth: %w\n";
const TERSE: &str = "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n";

/// Everything the format directives can show about one file.
pub(super) struct Info<'a> {
    /// The name as given.
    pub name: &'a str,
    /// The metadata shown.
    pub meta: Metadata,
    /// The symlink target, when the name is a symlink (not followed).
    pub target: Option<String>,
    /// The owner's name.
    pub user: String,
    /// The group's name.
    pub group: String,
    /// Whether the node lives under `/dev`.
    pub in_dev: bool,
    /// Modification time: seconds and nanoseconds since the epoch.
    pub mtime: (i64, u32),
    /// The `TZ` value.
    pub tz: Option<String>,
    /// The default layout shows the name unquoted.
    pub plain_name: bool,
}

/// The name of id `id` in the colon-separated database at `path`, or `UNKNOWN`.
fn id_name(fs: &dyn FileSystem, path: &str, id: u32) -> String {
    let data = fs.read_file(path).unwrap_or_default();
    String::from_utf8_lossy(&data)
        .lines()
        .find_map(|l| {
            let mut f = l.split(':');
            let name = f.next()?;
            (f.nth(1)?.parse::<u32>().ok()? == id).then(|| name.to_string())
        })
        .unwrap_or_else(|| "UNKNOWN".to_string())
}

fn epoch(m: &Metadata) -> (i64, u32) {
    match m.mtime.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            let (s, n) = (d.as_secs() as i64, d.subsec_nanos());
            if n == 0 {
                (-s, 0)
            } else {
                (-s - 1, 1_000_000_000 - n)
            }
        }
    }
}

impl Builtin for Stat {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut deref, mut terse, mut format, mut newline): (bool, bool, Option<String>, bool) = (false, false, None, false);
        for (o, v) in parsed.opts {
            match o {
                O::Deref => deref = true,
                O::FileSystem => {
                    ctx.error("--file-system is not supported by kitsh");
                    return 1;
                }
                O::Format => (format, newline) = (Some(v.unwrap_or_default()), true),
                O::Printf => (format, newline) = (Some(unescape(ctx, &v.unwrap_or_default())), false),
                O::Terse => terse = true,
                O::Cached => {}
            }
        }
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let tz = ctx.env.get("TZ");
        let mut out = String::new();
        let mut status = 0;
        for name in &parsed.operands {
            let abs = ctx.abs_path(name);
            let r = if deref { ctx.fs.stat(&abs) } else { ctx.fs.lstat(&abs) };
            let meta = match r {
                Ok(m) => m,
                Err(e) => {
                    ctx.error(&format!("cannot statx {}: {e}", quote_always(name)));
                    status = 1;
                    continue;
                }
            };
            let target = if meta.file_type == FileType::Symlink { ctx.fs.read_link(&abs).ok() } else { None };
            let info = Info {
                name,
                user: id_name(ctx.fs, "/etc/passwd", meta.uid),
                group: id_name(ctx.fs, "/etc/group", meta.gid),
                in_dev: abs == "/dev" || abs.starts_with("/dev/"),
                mtime: epoch(&meta),
                meta,
                target,
                tz: tz.clone(),
                plain_name: format.is_none() && !terse,
            };
            let fmt = match (&format, terse) {
                (Some(f), _) => f.as_str(),
                (None, true) => TERSE,
                (None, false) if info.meta.file_type == FileType::CharDevice => DEFAULT_DEV,
                (None, false) => DEFAULT,
            };
            render(fmt, &info, &mut out);
            if newline {
                out.push('\n');
            }
        }
        match ctx.stdout.write_all(&kitsh_core::util::bytes::encode(&out)) {
            Ok(()) => status,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

#[cfg(test)]
mod tests;
