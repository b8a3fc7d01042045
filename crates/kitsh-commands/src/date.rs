//! `date`: print the current or a given time (`-d STRING`, `-r FILE`, `-f FILE`) in the default
//! format, `+FORMAT` (GNU strftime), `-R`, `-I[FMT]` or `--rfc-3339=FMT`, in `TZ` or UTC (`-u`).
//! Setting the clock (`-s`, `date MMDDhhmm`) always fails: the sandbox has no clock to set.

mod parse;

use std::time::{SystemTime, UNIX_EPOCH};

pub use parse::parse_date;

use super::args::{self, quote, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::util::time::{format_tm, local_time, parse_tz, Tz};

/// The `date` command.
pub struct Date;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Date,
    File,
    Iso,
    Rfc,
    Rfc3339,
    Reference,
    Set,
    Utc,
    Ignored,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('d', "date", O::Date),
    OptSpec::long("debug", ArgKind::None, O::Ignored),
    OptSpec::req('f', "file", O::File),
    OptSpec { short: Some('I'), long: Some("iso-8601"), arg: ArgKind::Optional, id: O::Iso },
    OptSpec::flag('R', "rfc-email", O::Rfc),
    OptSpec::long("rfc-822", ArgKind::None, O::Rfc),
    OptSpec::long("rfc-2822", ArgKind::None, O::Rfc),
    OptSpec::long("rfc-3339", ArgKind::Required, O::Rfc3339),
    OptSpec::req('r', "reference", O::Reference),
    OptSpec::req('s', "set", O::Set),
    OptSpec::flag('u', "utc", O::Utc),
    OptSpec::long("universal", ArgKind::None, O::Utc),
    OptSpec::long("uct", ArgKind::None, O::Utc),
];
const USAGE: &str = "Usage: date [OPTION]... [+FORMAT]\n  or:  date [-u|--utc|--universal] [MMDDhhmm[[CC]YY][.ss]]\nDisplay date and time in the given FORMAT.";

/// The default output format.
pub const DEFAULT_FORMAT: &str = "%a %b %e %H:%M:%S %Z %Y";

/// `argmatch`: the unique entry of `valid` that `arg` abbreviates.
fn argmatch<'a>(arg: &str, valid: &[&'a str]) -> Option<&'a str> {
    if let Some(v) = valid.iter().find(|v| **v == arg) {
        return Some(v);
    }
    let hits: Vec<&&str> = valid.iter().filter(|v| v.starts_with(arg) && !arg.is_empty()).collect();
    (hits.len() == 1).then(|| *hits[0])
}

fn invalid_arg(arg: &str, opt: &str, valid: &[&str]) -> String {
    let mut m = format!("invalid argument {} for ‘--{opt}’\nValid arguments are:", quote(arg));
    for v in valid {
        m.push_str(&format!("\n  - {}", crate::args::quote(v)));
    }
    m
}

/// The requested output format (`Err`: usage message).
fn output_format(parsed: &args::Parsed<O>) -> Result<Option<String>, String> {
    let mut fmt: Option<String> = None;
    let mut set = |f: String| -> Result<(), String> {
        if fmt.is_some() {
            return Err("multiple output formats specified".into());
        }
        fmt = Some(f);
        Ok(())
    };
    for (o, v) in &parsed.opts {
        match o {
            O::Rfc => set("%a, %d %b %Y %H:%M:%S %z".into())?,
            O::Iso => {
                const V: [&str; 5] = ["hours", "minutes", "date", "seconds", "ns"];
                let f = match v.as_deref().map(|a| argmatch(a, &V).ok_or_else(|| invalid_arg(a, "iso-8601", &V))).transpose()? {
                    None | Some("date") => "%Y-%m-%d",
                    Some("hours") => "%Y-%m-%dT%H%:z",
                    Some("minutes") => "%Y-%m-%dT%H:%M%:z",
                    Some("seconds") => "%Y-%m-%dT%H:%M:%S%:z",
                    _ => "%Y-%m-%dT%H:%M:%S,%N%:z",
                };
                set(f.into())?;
            }
            O::Rfc3339 => {
                const V: [&str; 3] = ["date", "seconds", "ns"];
                let a = v.as_deref().unwrap_or("");
                let f = match argmatch(a, &V) {
                    Some("date") => "%Y-%m-%d",
                    Some("seconds") => "%Y-%m-%d %H:%M:%S%:z",
                    Some(_) => "%Y-%m-%d %H:%M:%S.%N%:z",
                    None => return Err(invalid_arg(a, "rfc-3339", &V)),
                };
                set(f.into())?;
            }
            _ => {}
        }
    }
    let mut plus = parsed.operands.iter().filter(|o| o.starts_with('+'));
    if let Some(p) = plus.next() {
        set(p[1..].to_string())?;
    }
    Ok(fmt)
}

/// The current time as (seconds, nanoseconds) since the epoch.
pub(super) fn now() -> (i64, u32) {
    match SystemTime::now().duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => (-(e.duration().as_secs() as i64) - 1, 0),
    }
}

/// Print one time; returns the write status.
fn show(ctx: &mut Ctx<'_>, fmt: &str, t: (i64, u32), tz: &Tz) -> Result<(), i32> {
    let tm = local_time(t.0, tz);
    let text = format_tm(fmt, &tm, t.1);
    writeln!(ctx.stdout, "{text}").map_err(|e| crate::args::write_failed(ctx, &e))
}

/// `MMDDhhmm[[CC]YY][.ss]`, the operand that sets the clock.
fn is_set_operand(s: &str) -> bool {
    let (main, secs) = s.split_once('.').unwrap_or((s, "00"));
    let digits = |x: &str| x.bytes().all(|b| b.is_ascii_digit());
    digits(main) && matches!(main.len(), 8 | 10 | 12) && digits(secs) && secs.len() == 2
}

impl Builtin for Date {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let fmt = match output_format(&parsed) {
            Ok(f) => f.unwrap_or_else(|| DEFAULT_FORMAT.to_string()),
            Err(m) if m.starts_with("invalid argument") => {
                usage_error(ctx, &m);
                return 1;
            }
            Err(m) => {
                ctx.error(&m);
                return 1;
            }
        };
        let get = |id: O| parsed.opts.iter().rev().find(|(o, _)| *o == id).map(|(_, v)| v.clone().unwrap_or_default());
        let (date, file, reference, set) = (get(O::Date), get(O::File), get(O::Reference), get(O::Set));
        if parsed.operands.len() > 1 {
            usage_error(ctx, &format!("extra operand {}", quote(&parsed.operands[1])));
            return 1;
        }
        if let Some(op) = parsed.operands.iter().find(|o| !o.starts_with('+')) {
            if date.is_some() || file.is_some() || reference.is_some() {
                let m = format!("the argument {} lacks a leading '+';\nwhen using an option to specify date(s), any non-option\nargument must be a format string beginning with '+'", quote(op));
                usage_error(ctx, &m);
                return 1;
            }
            if is_set_operand(op) {
                ctx.error("cannot set date: Operation not permitted");
            } else {
                ctx.error(&format!("invalid date {}", quote(op)));
            }
            return 1;
        }
        if date.is_some() as u8 + file.is_some() as u8 + reference.is_some() as u8 > 1 {
            usage_error(ctx, "the options to specify dates for printing are mutually exclusive");
            return 1;
        }
        let tz = if get(O::Utc).is_some() { parse_tz(Some("UTC0")) } else { parse_tz(ctx.env.get("TZ").as_deref()) };
        if let Some(s) = set {
            match parse_date(&s, now(), &tz) {
                Some(_) => ctx.error("cannot set date: Operation not permitted"),
                None => ctx.error(&format!("invalid date {}", quote(&s))),
            }
            return 1;
        }
        let when = if let Some(d) = date {
            match parse_date(&d, now(), &tz) {
                Some(t) => t,
                None => {
                    ctx.error(&format!("invalid date {}", quote(&d)));
                    return 1;
                }
            }
        } else if let Some(r) = reference {
            match ctx.fs.stat(&ctx.abs_path(&r)) {
                Ok(m) => match m.mtime.duration_since(UNIX_EPOCH) {
                    Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
                    Err(e) => (-(e.duration().as_secs_f64().ceil() as i64), 0),
                },
                Err(e) => {
                    args::file_error(ctx, &r, e);
                    return 1;
                }
            }
        } else if let Some(f) = file {
            return from_file(ctx, &f, &fmt, &tz);
        } else {
            now()
        };
        match show(ctx, &fmt, when, &tz) {
            Ok(()) => 0,
            Err(st) => st,
        }
    }
}

/// `-f FILE`: one date per line.
fn from_file(ctx: &mut Ctx<'_>, file: &str, fmt: &str, tz: &Tz) -> i32 {
    let data = match ctx.read_input(file) {
        Ok(d) => d,
        Err(e) => {
            args::file_error(ctx, file, e);
            return 1;
        }
    };
    let mut status = 0;
    for line in String::from_utf8_lossy(&data).lines() {
        match parse_date(line, now(), tz) {
            Some(t) => {
                if let Err(st) = show(ctx, fmt, t, tz) {
                    return st;
                }
            }
            None => {
                ctx.error(&format!("invalid date {}", quote(line)));
                status = 1;
            }
        }
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, run_env, NOFS};

    fn d(args: &[&str]) -> (String, String, i32) {
        run_env(&Date, "date", args, &[("TZ", "UTC")], &*NOFS)
    }
    fn out(args: &[&str]) -> String {
        let (o, e, _) = d(args);
        format!("{o}{e}")
    }

    #[test]
    fn formats() {
        assert_eq!(out(&["-d", "@0"]), "Thu Jan  1 00:00:00 UTC 1970\n");
        assert_eq!(out(&["-R", "-d", "@0"]), "Thu, 01 Jan 1970 00:00:00 +0000\n");
        assert_eq!(out(&["-I", "-d", "@0"]), "1970-01-01\n");
        assert_eq!(out(&["-Iseconds", "-d", "@0"]), "1970-01-01T00:00:00+00:00\n");
        assert_eq!(out(&["-Ins", "-d", "@0.5"]), "1970-01-01T00:00:00,500000000+00:00\n");
        assert_eq!(out(&["-Ih", "-d", "@0"]), "1970-01-01T00+00:00\n");
        assert_eq!(out(&["--rfc-3339=seconds", "-d", "@0"]), "1970-01-01 00:00:00+00:00\n");
        assert_eq!(out(&["--rfc-3339=ns", "-d", "@0"]), "1970-01-01 00:00:00.000000000+00:00\n");
        assert_eq!(out(&["-d", "2024-02-29 13:14:15", "+%s %j"]), "1709212455 060\n");
        assert_eq!(out(&["-u", "+%Z"]), "UTC\n");
        let (o, _, _) = run_env(&Date, "date", &["-d", "@0", "+%H %Z"], &[("TZ", "JST-9")], &*NOFS);
        assert_eq!(o, "09 JST\n");
        assert_eq!(out(&["-d", "@1", "-u"]), "Thu Jan  1 00:00:01 UTC 1970\n");
    }

    #[test]
    fn reference_and_file() {
        let fs = fs_with(&[("/f", b"x"), ("/df", b"@0\nbad\n@1\n")]);
        let (o, e, st) = run_env(&Date, "date", &["-r", "f", "+%s"], &[], &*fs);
        assert_eq!((o.as_str(), e.as_str(), st), ("1700000000\n", "", 0));
        let (o, e, st) = run_env(&Date, "date", &["-f", "df", "+%s"], &[], &*fs);
        assert_eq!((o.as_str(), e.as_str(), st), ("0\n1\n", "date: invalid date ‘bad’\n", 1));
        let (_, e, _) = run_env(&Date, "date", &["-r", "nosuch"], &[], &*fs);
        assert_eq!(e, "date: nosuch: No such file or directory\n");
    }

    #[test]
    fn errors() {
        let t = "Try 'date --help' for more information.\n";
        assert_eq!(out(&["-d", "xyz"]), "date: invalid date ‘xyz’\n");
        assert_eq!(out(&["foo"]), "date: invalid date ‘foo’\n");
        assert_eq!(out(&["01010000"]), "date: cannot set date: Operation not permitted\n");
        assert_eq!(out(&["-s", "2020-01-01"]), "date: cannot set date: Operation not permitted\n");
        assert_eq!(out(&["-d", "@0", "-R", "-I"]), "date: multiple output formats specified\n");
        assert_eq!(out(&["+%s", "+%s"]), format!("date: extra operand ‘+%s’\n{t}"));
        assert!(out(&["-d", "x", "y"]).starts_with("date: the argument ‘y’ lacks a leading '+';\n"));
        assert!(out(&["-I=x"]).starts_with("date: invalid argument ‘=x’ for ‘--iso-8601’\nValid arguments are:\n  - ‘hours’\n"));
        assert_eq!(d(&["-d", "xyz"]).2, 1);
    }
}
