//! `dd`: copy and convert blocks, as GNU coreutils: `if= of= bs= ibs= obs= count= skip= seek=`,
//! `conv=ucase,lcase,swab,sync,noerror,notrunc,excl,nocreat,fsync,fdatasync`,
//! `iflag=fullblock,count_bytes,skip_bytes`, `oflag=append,seek_bytes`,
//! `status=none|noxfer|progress`, the `N+M records in/out` and bytes-copied report.

use std::time::Instant;

use super::args::{human, quote, quote_always, read_some, Src};
use super::{Builtin, Ctx};
use kitsh_core::fs::{FileType, FsError, WriteMode};

/// The `dd` command.
pub struct Dd;

#[derive(Default)]
struct Opts {
    input: Option<String>,
    output: Option<String>,
    ibs: usize,
    obs: usize,
    bs: bool,
    count: Option<u64>,
    skip: u64,
    seek: u64,
    ucase: bool,
    lcase: bool,
    swab: bool,
    sync: bool,
    noerror: bool,
    notrunc: bool,
    excl: bool,
    nocreat: bool,
    fullblock: bool,
    count_bytes: bool,
    skip_bytes: bool,
    append: bool,
    seek_bytes: bool,
    status: u8,
}

/// A dd number: digits with a multiplier suffix, `x` products (`2x512`).
fn number(s: &str) -> Option<u64> {
    let mut total: u64 = 1;
    for part in s.split('x') {
        let digits = part.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        let n: u64 = part[..digits].parse().ok()?;
        let mult: u64 = match &part[digits..] {
            "" | "c" => 1,
            "w" => 2,
            "b" => 512,
            "kB" => 1000,
            "k" | "K" | "KiB" => 1024,
            "MB" => 1000_u64.pow(2),
            "M" | "MiB" => 1 << 20,
            "GB" => 1000_u64.pow(3),
            "G" | "GiB" => 1 << 30,
            "TB" => 1000_u64.pow(4),
            "T" | "TiB" => 1 << 40,
            _ => return None,
        };
        total = total.checked_mul(n.checked_mul(mult)?)?;
    }
    Some(total)
}

fn parse(ctx: &mut Ctx<'_>, argv: &[String]) -> Result<Opts, i32> {
    let mut o = Opts { ibs: 512, obs: 512, ..Opts::default() };
    for a in argv {
        if a == "--help" {
            let _ = writeln!(ctx.stdout, "Usage: dd [OPERAND]...\n  or:  dd OPTION\nCopy a file, converting and formatting according to the operands.");
            return Err(0);
        }
        if a == "--version" {
            let _ = writeln!(ctx.stdout, "dd (coreutils) 9.1");
            return Err(0);
        }
        let Some((k, v)) = a.split_once('=') else {
            let _ = writeln!(ctx.stderr, "dd: unrecognized operand {}\nTry 'dd --help' for more information.", quote(a));
            return Err(1);
        };
        let num = |ctx: &mut Ctx<'_>| -> Result<u64, i32> {
            number(v).ok_or_else(|| {
                ctx.error(&format!("invalid number: {}", quote(v)));
                1
            })
        };
        let size = |ctx: &mut Ctx<'_>| -> Result<usize, i32> {
            match number(v) {
                Some(0) => {
                    ctx.error(&format!("invalid number: {}", quote(v)));
                    Err(1)
                }
                Some(n) if n <= (1 << 30) => Ok(n as usize),
                Some(_) => {
                    ctx.error(&format!("invalid number: {}: Value too large for defined data type", quote(v)));
                    Err(1)
                }
                None => {
                    ctx.error(&format!("invalid number: {}", quote(v)));
                    Err(1)
                }
            }
        };
        match k {
            "if" => o.input = Some(v.to_string()),
            "of" => o.output = Some(v.to_string()),
            "bs" => {
                let n = size(ctx)?;
                o.ibs = n;
                o.obs = n;
                o.bs = true;
            }
            "ibs" => o.ibs = size(ctx)?,
            "obs" => o.obs = size(ctx)?,
            "count" => o.count = Some(num(ctx)?),
            "skip" | "iseek" => o.skip = num(ctx)?,
            "seek" | "oseek" => o.seek = num(ctx)?,
            "conv" | "iflag" | "oflag" => {
                for flag in v.split(',') {
                    match (k, flag) {
                        ("conv", "ucase") => o.ucase = true,
                        ("conv", "lcase") => o.lcase = true,
                        ("conv", "swab") => o.swab = true,
                        ("conv", "sync") => o.sync = true,
                        ("conv", "noerror") => o.noerror = true,
                        ("conv", "notrunc") => o.notrunc = true,
                        ("conv", "excl") => o.excl = true,
                        ("conv", "nocreat") => o.nocreat = true,
                        ("conv", "fsync" | "fdatasync" | "sparse") => {}
                        ("iflag", "fullblock") => o.fullblock = true,
                        ("iflag", "count_bytes") => o.count_bytes = true,
                        ("iflag", "skip_bytes") => o.skip_bytes = true,
                        ("oflag", "append") => o.append = true,
                        ("oflag", "seek_bytes") => o.seek_bytes = true,
                        ("iflag" | "oflag", "direct" | "dsync" | "sync" | "nonblock" | "noatime" | "nocache" | "noctty" | "nofollow" | "binary" | "text") => {}
                        _ => {
                            let what = if k == "conv" { "conversion" } else { "flag" };
                            let _ = writeln!(ctx.stderr, "dd: invalid {what}: {}\nTry 'dd --help' for more information.", quote(flag));
                            return Err(1);
                        }
                    }
                }
            }
            "status" => {
                o.status = match v {
                    "none" => 2,
                    "noxfer" => 1,
                    "progress" => 0,
                    _ => {
                        let _ = writeln!(ctx.stderr, "dd: invalid status level: {}\nTry 'dd --help' for more information.", quote(v));
                        return Err(1);
                    }
                }
            }
            _ => {
                let _ = writeln!(ctx.stderr, "dd: unrecognized operand {}\nTry 'dd --help' for more information.", quote(a));
                return Err(1);
            }
        }
    }
    if o.ucase && o.lcase {
        ctx.error("cannot combine lcase and ucase");
        return Err(1);
    }
    if o.excl && o.nocreat {
        let _ = writeln!(ctx.stderr, "dd: cannot combine excl and nocreat\nTry 'dd --help' for more information.");
        return Err(1);
    }
    Ok(o)
}

/// Where the copy goes.
enum Dest {
    Stdout,
    File { path: String, pos: u64 },
}

impl Builtin for Dd {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let o = match parse(ctx, argv) {
            Ok(o) => o,
            Err(st) => return st,
        };
        let start = Instant::now();
        let mut src = match &o.input {
            None => Src::Stdin,
            Some(p) => match super::args::open_src(ctx, p) {
                Ok(s) => s,
                Err(e) => {
                    ctx.error(&format!("failed to open {}: {e}", quote_always(p)));
                    return 1;
                }
            },
        };
        let mut dest = match &o.output {
            None => Dest::Stdout,
            Some(p) => {
                let abs = ctx.abs_path(p);
                let exists = ctx.fs.stat(&abs);
                let r = match (&exists, o.excl, o.nocreat) {
                    (Ok(_), true, _) => Err(FsError::Exists),
                    (Err(FsError::NotFound), _, true) => Err(FsError::NotFound),
                    (Ok(m), _, _) if m.file_type == FileType::Dir => Err(FsError::IsDir),
                    (Err(FsError::NotFound), _, _) => ctx.fs.write_file(&abs, b"", WriteMode::Append),
                    (Err(e), _, _) => Err(*e),
                    (Ok(_), _, _) => Ok(()),
                };
                if let Err(e) = r {
                    ctx.error(&format!("failed to open {}: {e}", quote_always(p)));
                    return 1;
                }
                let len = ctx.fs.stat(&abs).map_or(0, |m| m.len);
                let pos = if o.append { len } else if o.seek_bytes { o.seek } else { o.seek.saturating_mul(o.obs as u64) };
                if !o.notrunc && !o.append && len > pos {
                    if let Err(e) = ctx.fs.set_len(&abs, pos) {
                        ctx.error(&format!("failed to truncate to {pos} bytes in output file {}: {e}", quote_always(p)));
                        return 1;
                    }
                }
                Dest::File { path: abs, pos }
            }
        };
        let mut st = Stats::default();
        // Skip input.
        let mut skip_left = if o.skip_bytes { o.skip } else { o.skip.saturating_mul(o.ibs as u64) };
        let mut scratch = vec![0u8; o.ibs.max(super::args::CHUNK)];
        while skip_left > 0 {
            let want = (skip_left as usize).min(scratch.len());
            match read_some(ctx, &mut src, &mut scratch[..want]) {
                Ok(0) => {
                    ctx.error(&format!("{}: cannot skip to specified offset", quote_always(o.input.as_deref().unwrap_or("standard input"))));
                    break;
                }
                Ok(n) => skip_left -= n as u64,
                Err(_) => return 1,
            }
        }
        let mut block = vec![0u8; o.ibs];
        let mut pending: Vec<u8> = Vec::new();
        let mut bytes_left = if o.count_bytes { o.count } else { None };
        let mut blocks_left = if o.count_bytes { None } else { o.count };
        let mut status = 0;
        loop {
            if blocks_left == Some(0) || bytes_left == Some(0) {
                break;
            }
            let want = bytes_left.map_or(o.ibs, |b| (b as usize).min(o.ibs));
            // One input block: a single read, or reads until full with iflag=fullblock.
            let mut got = 0;
            loop {
                match read_some(ctx, &mut src, &mut block[got..want]) {
                    Ok(0) => break,
                    Ok(n) => got += n,
                    Err(e) if kitsh_core::util::cancelled::is(&e) => return 1,
                    Err(e) => {
                        ctx.error(&format!("error reading {}: {e}", quote_always(o.input.as_deref().unwrap_or("standard input"))));
                        if !o.noerror {
                            status = 1;
                        }
                        break;
                    }
                }
                if !o.fullblock || got == want {
                    break;
                }
            }
            if got == 0 {
                break;
            }
            if got == o.ibs {
                st.in_full += 1;
            } else {
                st.in_partial += 1;
            }
            if let Some(b) = blocks_left.as_mut() {
                *b -= 1;
            }
            if let Some(b) = bytes_left.as_mut() {
                *b -= got as u64;
            }
            let mut data = block[..got].to_vec();
            if o.sync && got < o.ibs {
                data.resize(o.ibs, 0);
            }
            if o.swab {
                for pair in data.chunks_exact_mut(2) {
                    pair.swap(0, 1);
                }
            }
            if o.ucase {
                data.make_ascii_uppercase();
            } else if o.lcase {
                data.make_ascii_lowercase();
            }
            if o.bs {
                // bs= writes each input block as it is.
                if let Err(code) = write_out(ctx, &mut dest, &data, &mut st, o.obs) {
                    return code;
                }
            } else {
                pending.extend_from_slice(&data);
                while pending.len() >= o.obs {
                    let rest = pending.split_off(o.obs);
                    if let Err(code) = write_out(ctx, &mut dest, &pending, &mut st, o.obs) {
                        return code;
                    }
                    pending = rest;
                }
            }
            if status != 0 {
                break;
            }
        }
        if !pending.is_empty() {
            if let Err(code) = write_out(ctx, &mut dest, &pending, &mut st, o.obs) {
                return code;
            }
        }
        if o.status < 2 {
            let mut msg = format!("{}+{} records in\n{}+{} records out\n", st.in_full, st.in_partial, st.out_full, st.out_partial);
            if o.status == 0 {
                let secs = start.elapsed().as_secs_f64().max(1e-6);
                let b = st.bytes;
                let sizes = if b >= 1000 { format!(" ({}B, {}iB)", human_dd(b, 1000), human_dd(b, 1024)) } else { String::new() };
                let plural = if b == 1 { "byte" } else { "bytes" };
                let rate = human_dd((b as f64 / secs) as u64, 1000);
                msg.push_str(&format!("{b} {plural}{sizes} copied, {} s, {rate}B/s\n", g_format(secs)));
            }
            let _ = ctx.stderr.write_all(msg.as_bytes());
        }
        status
    }
}

/// GNU's human sizes in dd's report: `2.0 k` (then `B`), `2.0 K` (then `iB`).
fn human_dd(n: u64, base: u64) -> String {
    let h = human(n, base);
    match h.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => format!("{} {}", &h[..i], &h[i..]),
        None => format!("{h} "),
    }
}

/// `%g`-like seconds.
fn g_format(v: f64) -> String {
    if v < 1e-4 {
        let s = format!("{v:.4e}");
        match s.split_once('e') {
            Some((m, e)) => {
                let m = m.trim_end_matches('0').trim_end_matches('.');
                let e: i32 = e.parse().unwrap_or(0);
                format!("{m}e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs())
            }
            None => s,
        }
    } else {
        let digits = 6 - (v.log10().floor() as i32 + 1);
        let s = format!("{:.*}", digits.max(0) as usize, v);
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s
        }
    }
}

#[derive(Default)]
struct Stats {
    in_full: u64,
    in_partial: u64,
    out_full: u64,
    out_partial: u64,
    bytes: u64,
}

fn write_out(ctx: &mut Ctx<'_>, dest: &mut Dest, data: &[u8], st: &mut Stats, obs: usize) -> Result<(), i32> {
    match dest {
        Dest::Stdout => ctx.stdout.write_all(data).map_err(|e| crate::args::write_failed(ctx, &e))?,
        Dest::File { path, pos } => {
            if let Err(e) = ctx.fs.write_at(path, *pos, data) {
                ctx.error(&format!("error writing {}: {e}", quote_always(path)));
                return Err(1);
            }
            *pos += data.len() as u64;
        }
    }
    if data.len() >= obs {
        st.out_full += 1;
    } else {
        st.out_partial += 1;
    }
    st.bytes += data.len() as u64;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(number("2x512"), Some(1024));
        assert_eq!(number("1K"), Some(1024));
        assert_eq!(number("1kB"), Some(1000));
        assert_eq!(number("3b"), Some(1536));
        assert_eq!(number("x"), None);
    }
}
