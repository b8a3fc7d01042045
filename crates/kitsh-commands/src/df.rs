//! `df`: report the virtual filesystem's space, as GNU coreutils prints it. kitsh keeps every
//! in-memory layer in one budget (the `ExecutionLimits` filesystem size), so there is one
//! filesystem, `kitsh`, mounted on `/`: its size is the byte limit, its inodes the file-count
//! limit. `-h -H -k -B SIZE -i -T -P --total --output=FIELDS`.


use super::args::{self, human, quote, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::Space;

/// The `df` command.
pub struct Df;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    All,
    Block,
    Human,
    Si,
    Inodes,
    K,
    Local,
    Portability,
    Total,
    PrintType,
    Output,
    Sync,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('a', "all", O::All),
    OptSpec::req('B', "block-size", O::Block),
    OptSpec::flag('h', "human-readable", O::Human),
    OptSpec::flag('H', "si", O::Si),
    OptSpec::flag('i', "inodes", O::Inodes),
    OptSpec::flag('k', "", O::K),
    OptSpec::flag('l', "local", O::Local),
    OptSpec::flag('P', "portability", O::Portability),
    OptSpec::long("total", args::ArgKind::None, O::Total),
    OptSpec::flag('T', "print-type", O::PrintType),
    OptSpec::long("output", args::ArgKind::Optional, O::Output),
    OptSpec::long("sync", args::ArgKind::None, O::Sync),
];

const USAGE: &str = "Usage: df [OPTION]... [FILE]...
Show information about the file system on which each FILE resides,
or all file systems by default.";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Source,
    Fstype,
    Itotal,
    Iused,
    Iavail,
    Ipcent,
    Size,
    Used,
    Avail,
    Pcent,
    File,
    Target,
}

impl Field {
    fn parse(s: &str) -> Option<Field> {
        Some(match s {
            "source" => Field::Source,
            "fstype" => Field::Fstype,
            "itotal" => Field::Itotal,
            "iused" => Field::Iused,
            "iavail" => Field::Iavail,
            "ipcent" => Field::Ipcent,
            "size" => Field::Size,
            "used" => Field::Used,
            "avail" => Field::Avail,
            "pcent" => Field::Pcent,
            "file" => Field::File,
            "target" => Field::Target,
            _ => return None,
        })
    }
    /// Minimum width and left alignment, as GNU's field table.
    fn layout(self) -> (usize, bool) {
        match self {
            Field::Source => (14, true),
            Field::Fstype => (4, true),
            Field::File | Field::Target => (0, true),
            Field::Pcent => (4, false),
            _ => (5, false),
        }
    }
}

/// How sizes are shown.
#[derive(Clone, Copy)]
enum Scale {
    Blocks(u64),
    Human(u64),
}

fn pcent(used: u64, avail: u64) -> String {
    let total = used + avail;
    if total == 0 {
        return "-".into();
    }
    format!("{}%", (used * 100).div_ceil(total))
}

impl Builtin for Df {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("df", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut scale, mut inodes, mut posix, mut total, mut with_type, mut output) = (Scale::Blocks(1024), false, false, false, false, None::<Vec<Field>>);
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            match id {
                O::Block => match args::parse_size(&v).or_else(|| args::parse_size(&format!("1{v}"))) {
                    Some(n) if n > 0 => scale = Scale::Blocks(n),
                    _ => {
                        ctx.error(&format!("invalid -B argument {}", quote(&v)));
                        return 1;
                    }
                },
                O::Human => scale = Scale::Human(1024),
                O::Si => scale = Scale::Human(1000),
                O::Inodes => inodes = true,
                O::K => scale = Scale::Blocks(1024),
                O::Portability => posix = true,
                O::Total => total = true,
                O::PrintType => with_type = true,
                O::Output => {
                    let list = if v.is_empty() { "source,fstype,itotal,iused,iavail,ipcent,size,used,avail,pcent,file,target".to_string() } else { v };
                    let mut fields = Vec::new();
                    for f in list.split(',') {
                        match Field::parse(f) {
                            Some(x) => fields.push(x),
                            None => {
                                ctx.error(&format!("{}: unrecognized field", quote(f)));
                                let _ = writeln!(ctx.stderr, "Try 'df --help' for more information.");
                                return 1;
                            }
                        }
                    }
                    output = Some(fields);
                }
                O::All | O::Local | O::Sync => {}
            }
        }
        let space = ctx.fs.space().unwrap_or(Space { total_bytes: 0, used_bytes: 0, total_files: 0, used_files: 0 });
        let mut status = 0;
        let mut rows: Vec<Option<String>> = Vec::new();
        if p.operands.is_empty() {
            rows.push(None);
        }
        for f in &p.operands {
            match ctx.fs.stat(&ctx.abs_path(f)) {
                Ok(_) => rows.push(Some(f.clone())),
                Err(e) => {
                    ctx.error(&format!("{f}: {e}"));
                    status = 1;
                }
            }
        }
        if rows.is_empty() {
            return status;
        }
        let fields = output.clone().unwrap_or_else(|| {
            let mut v = vec![Field::Source];
            if with_type {
                v.push(Field::Fstype);
            }
            if inodes {
                v.extend([Field::Itotal, Field::Iused, Field::Iavail, Field::Ipcent]);
            } else {
                v.extend([Field::Size, Field::Used, Field::Avail, Field::Pcent]);
            }
            v.push(Field::Target);
            v
        });
        let size_header = match scale {
            Scale::Human(_) => "Size".to_string(),
            Scale::Blocks(n) if posix => format!("{}-blocks", block_name(n)),
            Scale::Blocks(n) => format!("{}-blocks", block_name(n)),
        };
        let header = |f: Field| -> String {
            match f {
                Field::Source => "Filesystem".into(),
                Field::Fstype => "Type".into(),
                Field::Itotal => "Inodes".into(),
                Field::Iused => "IUsed".into(),
                Field::Iavail => "IFree".into(),
                Field::Ipcent => "IUse%".into(),
                Field::Size => size_header.clone(),
                Field::Used => "Used".into(),
                Field::Avail => if output.is_none() && matches!(scale, Scale::Blocks(_)) { "Available".into() } else { "Avail".into() },
                Field::Pcent => if posix { "Capacity".into() } else { "Use%".into() },
                Field::File => "File".into(),
                Field::Target => "Mounted on".into(),
            }
        };
        let show = |n: u64| -> String {
            match scale {
                Scale::Human(base) => human(n, base),
                Scale::Blocks(b) => n.div_ceil(b).to_string(),
            }
        };
        let avail = space.total_bytes.saturating_sub(space.used_bytes);
        let iavail = space.total_files.saturating_sub(space.used_files);
        let cell = |f: Field, file: &str| -> String {
            match f {
                Field::Source => "kitsh".into(),
                Field::Fstype => "kitshfs".into(),
                Field::Itotal => space.total_files.to_string(),
                Field::Iused => space.used_files.to_string(),
                Field::Iavail => iavail.to_string(),
                Field::Ipcent => pcent(space.used_files, iavail),
                Field::Size => show(space.total_bytes),
                Field::Used => show(space.used_bytes),
                Field::Avail => show(avail),
                Field::Pcent => pcent(space.used_bytes, avail),
                Field::File => file.to_string(),
                Field::Target => "/".into(),
            }
        };
        let mut table: Vec<Vec<String>> = vec![fields.iter().map(|f| header(*f)).collect()];
        for r in &rows {
            table.push(fields.iter().map(|f| cell(*f, r.as_deref().unwrap_or("-"))).collect());
        }
        if total {
            table.push(fields.iter().map(|f| match f {
                Field::Source => "total".to_string(),
                Field::Target => "-".to_string(),
                Field::Fstype => "-".to_string(),
                _ => cell(*f, "-"),
            }).collect());
        }
        let widths: Vec<usize> = (0..fields.len())
            .map(|c| table.iter().map(|r| r[c].chars().count()).max().unwrap_or(0).max(fields[c].layout().0))
            .collect();
        let mut out = String::new();
        for r in &table {
            for (c, v) in r.iter().enumerate() {
                let last = c + 1 == r.len();
                let (_, left) = fields[c].layout();
                let pad = widths[c] - v.chars().count();
                if left {
                    out.push_str(v);
                    if !last {
                        out.extend(std::iter::repeat_n(' ', pad));
                    }
                } else {
                    out.extend(std::iter::repeat_n(' ', pad));
                    out.push_str(v);
                }
                if !last {
                    out.push(' ');
                }
            }
            out.push('\n');
        }
        if let Err(e) = ctx.stdout.write_all(out.as_bytes()) {
            return crate::args::write_failed(ctx, &e);
        }
        status
    }
}

/// `1K`, `1M`, `512B`... as GNU names a block size in the header.
fn block_name(n: u64) -> String {
    const UNITS: [&str; 6] = ["K", "M", "G", "T", "P", "E"];
    let mut v = n;
    for u in UNITS {
        if !v.is_multiple_of(1024) {
            break;
        }
        v /= 1024;
        if !v.is_multiple_of(1024) || v < 1024 {
            return format!("{v}{u}");
        }
    }
    format!("{n}B")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    #[test]
    fn reports_the_budget_and_its_use() {
        let fs = fs_with(&[("/w/a", &[0u8; 3000][..])]);
        let o = run(&Df, "df", &[], b"", &*fs, "/w");
        let out = o.out();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "Filesystem     1K-blocks  Used Available Use% Mounted on");
        assert!(lines[1].starts_with("kitsh") && lines[1].ends_with("% /"), "{}", lines[1]);
        assert!(lines[1].split_whitespace().nth(2) == Some("3"), "{}", lines[1]);
        let o = run(&Df, "df", &["nosuch"], b"", &*fs, "/w");
        assert_eq!((o.status, o.stderr.as_str()), (1, "df: nosuch: No such file or directory\n"));
    }

    #[test]
    fn block_names() {
        assert_eq!(block_name(1024), "1K");
        assert_eq!(block_name(1 << 20), "1M");
        assert_eq!(block_name(512), "512B");
    }
}
