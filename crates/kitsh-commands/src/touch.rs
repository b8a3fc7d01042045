//! `touch`: create files and set their modification time (`-c`, `-d STRING`, `-t STAMP`,
//! `-r FILE`, `-m`; `-a` alone changes nothing since the filesystem keeps no access times).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::args::{self, quote, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::date::{now, parse_date};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FsError, WriteMode};
use kitsh_core::util::time::{days_from_civil, days_in_month, local_time, parse_tz, Tz};

/// The `touch` command.
pub struct Touch;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Access,
    NoCreate,
    Date,
    Modify,
    Reference,
    Stamp,
    Time,
    Ignored,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec { short: Some('a'), long: None, arg: ArgKind::None, id: O::Access },
    OptSpec::flag('c', "no-create", O::NoCreate),
    OptSpec::req('d', "date", O::Date),
    OptSpec { short: Some('f'), long: None, arg: ArgKind::None, id: O::Ignored },
    OptSpec::flag('h', "no-dereference", O::Ignored),
    OptSpec { short: Some('m'), long: None, arg: ArgKind::None, id: O::Modify },
    OptSpec::req('r', "reference", O::Reference),
    OptSpec { short: Some('t'), long: None, arg: ArgKind::Required, id: O::Stamp },
    OptSpec::long("time", ArgKind::Required, O::Time),
];
const USAGE: &str = "Usage: touch [OPTION]... FILE...\nUpdate the access and modification times of each FILE to the current time.";

/// Parse `[[CC]YY]MMDDhhmm[.ss]` in zone `tz`.
fn parse_stamp(s: &str, tz: &Tz) -> Option<i64> {
    let (main, secs) = match s.split_once('.') {
        Some((m, sec)) if sec.len() == 2 => (m, sec.parse::<u32>().ok()?),
        Some(_) => return None,
        None => (s, 0),
    };
    if !main.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = |r: std::ops::Range<usize>| main.get(r).and_then(|x| x.parse::<i64>().ok());
    let (year, rest) = match main.len() {
        8 => (local_time(now().0, tz).year, 0),
        10 => {
            let yy = n(0..2)?;
            (if yy < 69 { 2000 + yy } else { 1900 + yy }, 2)
        }
        12 => (n(0..4)?, 4),
        _ => return None,
    };
    let (mo, d, h, mi) = (n(rest..rest + 2)? as u32, n(rest + 2..rest + 4)? as u32, n(rest + 4..rest + 6)?, n(rest + 6..rest + 8)?);
    if !(1..=12).contains(&mo) || d == 0 || d > days_in_month(year, mo) || h > 23 || mi > 59 || secs > 60 {
        return None;
    }
    let local = days_from_civil(year, mo, d) * 86_400 + h * 3600 + mi * 60 + secs as i64;
    Some(tz.local_to_epoch(local))
}

fn to_system(t: (i64, u32)) -> SystemTime {
    if t.0 >= 0 {
        UNIX_EPOCH + Duration::new(t.0 as u64, t.1)
    } else {
        UNIX_EPOCH - Duration::from_secs(t.0.unsigned_abs()) + Duration::from_nanos(t.1 as u64)
    }
}

impl Builtin for Touch {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let tz = parse_tz(ctx.env.get("TZ").as_deref());
        let (mut no_create, mut access, mut modify) = (false, false, false);
        let mut when: Option<SystemTime> = None;
        for (o, v) in parsed.opts {
            let v = v.unwrap_or_default();
            match o {
                O::Access => access = true,
                O::Modify => modify = true,
                O::NoCreate => no_create = true,
                O::Date => match parse_date(&v, now(), &tz) {
                    Some(t) => when = Some(to_system(t)),
                    None => {
                        ctx.error(&format!("invalid date format {}", quote(&v)));
                        return 1;
                    }
                },
                O::Stamp => match parse_stamp(&v, &tz) {
                    Some(t) => when = Some(to_system((t, 0))),
                    None => {
                        ctx.error(&format!("invalid date format {}", quote(&v)));
                        return 1;
                    }
                },
                O::Reference => match ctx.fs.stat(&ctx.abs_path(&v)) {
                    Ok(m) => when = Some(m.mtime),
                    Err(e) => {
                        ctx.error(&format!("failed to get attributes of {}: {e}", quote_always(&v)));
                        return 1;
                    }
                },
                O::Time => match v.as_str() {
                    "atime" | "access" | "use" => access = true,
                    "mtime" | "modify" => modify = true,
                    _ => {
                        usage_error(ctx, &format!("invalid argument {} for ‘--time’", quote(&v)));
                        return 1;
                    }
                },
                O::Ignored => {}
            }
        }
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing file operand");
            return 1;
        }
        let set_mtime = modify || !access;
        let mut status = 0;
        for f in &parsed.operands {
            if f == "-" {
                continue;
            }
            let abs = ctx.abs_path(f);
            let r = match ctx.fs.stat(&abs) {
                Ok(_) => Ok(()),
                Err(FsError::NotFound) if no_create => continue,
                Err(FsError::NotFound) => ctx.fs.write_file(&abs, b"", WriteMode::Append),
                Err(e) => Err(e),
            };
            let r = r.and_then(|()| if set_mtime { ctx.fs.set_mtime(&abs, when.unwrap_or_else(SystemTime::now)) } else { Ok(()) });
            if let Err(e) = r {
                ctx.error(&format!("cannot touch {}: {e}", quote_always(f)));
                status = 1;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, T0};
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    #[test]
    fn touches() {
        let fs = fs_with(&[("/w/a", b"keep")]);
        let t = |args: &[&str]| {
            let o = run(&Touch, "touch", args, b"", &*fs, "/w");
            (o.stderr, o.status)
        };
        let mtime = |p: &str| fs.stat(p).ok().and_then(|m| m.mtime.duration_since(UNIX_EPOCH).ok()).map(|d| d.as_secs());
        assert_eq!(t(&["-c", "nosuch"]), (String::new(), 0));
        assert!(fs.stat("/w/nosuch").is_err());
        assert_eq!(t(&["-d", "2020-01-01 10:00", "a"]).1, 0);
        assert_eq!(mtime("/w/a"), Some(1_577_872_800));
        assert_eq!(fs.read_file("/w/a").ok(), Some(b"keep".to_vec()));
        assert_eq!(t(&["-t", "202001011000.30", "b"]).1, 0);
        assert_eq!(mtime("/w/b"), Some(1_577_872_830));
        assert_eq!(t(&["-t", "2001011000", "c"]).1, 0);
        assert_eq!(mtime("/w/c"), Some(1_577_872_800));
        assert_eq!(t(&["-r", "a", "d"]).1, 0);
        assert_eq!(mtime("/w/d"), Some(1_577_872_800));
        assert_eq!(t(&["-d", "@5", "g"]).1, 0);
        assert_eq!(mtime("/w/g"), Some(5));
        assert_eq!(t(&["-a", "g"]).1, 0);
        assert_eq!(mtime("/w/g"), Some(5));
        assert_eq!(t(&["g"]).1, 0);
        assert!(mtime("/w/g").unwrap_or(0) > T0);
        assert_eq!(t(&["-d", "bad", "e"]), ("touch: invalid date format ‘bad’\n".into(), 1));
        assert_eq!(t(&["-t", "bad", "e"]), ("touch: invalid date format ‘bad’\n".into(), 1));
        assert_eq!(t(&["/nonex/x"]), ("touch: cannot touch '/nonex/x': No such file or directory\n".into(), 1));
        assert_eq!(t(&[]), ("touch: missing file operand\nTry 'touch --help' for more information.\n".into(), 1));
        assert_eq!(t(&["-r", "nosuch", "h"]), ("touch: failed to get attributes of 'nosuch': No such file or directory\n".into(), 1));
    }
}
