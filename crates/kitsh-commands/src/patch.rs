//! `patch`: apply unified diffs, as GNU patch 2.7: `-p N` (without it, the file's base name),
//! `-i FILE`, `-R`, `-N`, `-f`/`-t`, `--dry-run`, `-o FILE`, `-d DIR`, `-s`, `-b`, file creation
//! and deletion (`/dev/null`), hunks found at an offset or with fuzz up to `-F N` (default 2),
//! `.rej` files for failed hunks, `.orig` backups when a hunk did not apply cleanly, exit 0/1/2.
//! Context diffs (`diff -c`, `*** 1,5 ****` hunks) and normal diffs (`2c2`, `3a4,5`, `6d5`;
//! these name no file, so the file operand is needed) are read into the same hunks.

use super::args::{self, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;

/// The `patch` command.
pub struct Patch;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Strip,
    Input,
    Reverse,
    Forward,
    Force,
    Batch,
    DryRun,
    Output,
    Dir,
    Silent,
    Backup,
    Fuzz,
    NoBackupMismatch,
    Unified,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('p', "strip", O::Strip),
    OptSpec::req('i', "input", O::Input),
    OptSpec::flag('R', "reverse", O::Reverse),
    OptSpec::flag('N', "forward", O::Forward),
    OptSpec::flag('f', "force", O::Force),
    OptSpec::flag('t', "batch", O::Batch),
    OptSpec::long("dry-run", args::ArgKind::None, O::DryRun),
    OptSpec::req('o', "output", O::Output),
    OptSpec::req('d', "directory", O::Dir),
    OptSpec::flag('s', "silent", O::Silent),
    OptSpec::long("quiet", args::ArgKind::None, O::Silent),
    OptSpec::flag('b', "backup", O::Backup),
    OptSpec::req('F', "fuzz", O::Fuzz),
    OptSpec::long("no-backup-if-mismatch", args::ArgKind::None, O::NoBackupMismatch),
    OptSpec::flag('u', "unified", O::Unified),
];

const USAGE: &str = "Usage: patch [OPTION]... [ORIGFILE [PATCHFILE]]";

/// One hunk: its position and lines (`' '`, `'-'`, `'+'` with the text).
#[derive(Clone, Debug)]
struct Hunk {
    old_start: usize,
    new_start: usize,
    lines: Vec<(u8, String)>,
    /// The old / new side's last line has no newline.
    old_no_nl: bool,
    new_no_nl: bool,
    /// The hunk's text, for `.rej` files.
    text: String,
    /// The old / new side's line counts, when the format gives them (context and normal diffs).
    old_count: Option<usize>,
    new_count: Option<usize>,
}

/// The hunks for one file.
struct FilePatch {
    old: String,
    new: String,
    header: String,
    hunks: Vec<Hunk>,
    /// The line of the patch input where the file's hunks start (for messages).
    line: usize,
    /// A normal diff (no file names).
    normal: bool,
}

/// A normal diff command: `(old_start, old_end, kind, new_start, new_end)` (`a`, `c`, `d`).
type NormalCmd = (usize, usize, u8, usize, usize);

fn range_pair(s: &str) -> Option<(usize, usize)> {
    match s.split_once(',') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => {
            let n = s.parse().ok()?;
            Some((n, n))
        }
    }
}

/// Parse a normal diff command line (`3a4,5`, `2,3c2`, `6d5`).
fn normal_command(l: &str) -> Option<NormalCmd> {
    let pos = l.find(['a', 'c', 'd'])?;
    let (o1, o2) = range_pair(&l[..pos])?;
    let (n1, n2) = range_pair(&l[pos + 1..])?;
    Some((o1, o2, l.as_bytes()[pos], n1, n2))
}

fn malformed(i: usize, l: &str) -> String {
    format!("malformed patch at line {}: {}", i + 1, l.trim_end_matches('\n'))
}

/// Read a normal diff hunk starting at its command line `lines[i]`; the hunk and the next line.
fn normal_hunk(lines: &[&str], mut i: usize, cmd: NormalCmd) -> Result<(Hunk, usize), String> {
    let (o1, o2, kind, n1, n2) = cmd;
    let old_n = if kind == b'a' { 0 } else { o2.saturating_sub(o1) + 1 };
    let new_n = if kind == b'd' { 0 } else { n2.saturating_sub(n1) + 1 };
    let mut h = Hunk {
        old_start: o1,
        new_start: n1,
        lines: Vec::new(),
        old_no_nl: false,
        new_no_nl: false,
        text: String::new(),
        old_count: Some(old_n),
        new_count: Some(new_n),
    };
    i += 1;
    let take = |side: u8, n: usize, i: &mut usize, h: &mut Hunk| -> Result<(), String> {
        for _ in 0..n {
            let l = lines.get(*i).ok_or_else(|| "unexpected end of file in patch".to_string())?;
            let want = if side == b'-' { "< " } else { "> " };
            let body = l.trim_end_matches('\n');
            let t = body.strip_prefix(want).or_else(|| (body == want.trim_end()).then_some("")).ok_or_else(|| malformed(*i, l))?;
            h.lines.push((side, t.to_string()));
            *i += 1;
            if lines.get(*i).is_some_and(|l| l.starts_with('\\')) {
                if side == b'-' {
                    h.old_no_nl = true;
                } else {
                    h.new_no_nl = true;
                }
                *i += 1;
            }
        }
        Ok(())
    };
    take(b'-', old_n, &mut i, &mut h)?;
    if kind == b'c' {
        if lines.get(i).map(|l| l.trim_end_matches('\n')) != Some("---") {
            return Err(malformed(i, lines.get(i).copied().unwrap_or("")));
        }
        i += 1;
    }
    take(b'+', new_n, &mut i, &mut h)?;
    h.text = context_reject(&h);
    Ok((h, i))
}

/// A context-format rendering of a hunk, for `.rej` files of normal diffs (GNU's shape).
fn context_reject(h: &Hunk) -> String {
    let range = |start: usize, n: usize| match n {
        0 => "0".to_string(),
        1 => start.to_string(),
        _ => format!("{start},{}", start + n - 1),
    };
    let mut t = format!("***************\n*** {}\n", range(h.old_start, h.old_count.unwrap_or(0)));
    for (k, l) in &h.lines {
        if *k == b'-' {
            t.push_str(&format!("- {l}\n"));
        }
    }
    t.push_str(&format!("--- {} -----\n", range(h.new_start, h.new_count.unwrap_or(0))));
    for (k, l) in &h.lines {
        if *k == b'+' {
            t.push_str(&format!("+ {l}\n"));
        }
    }
    t
}

/// Parse a context range `a,b` / `a` into `(start, count)`.
fn context_range(s: &str) -> Option<(usize, usize)> {
    match s.split_once(',') {
        Some((a, b)) => {
            let (a, b): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
            Some((a, (b + 1).saturating_sub(a)))
        }
        None => {
            let a: usize = s.parse().ok()?;
            Some((a, usize::from(a > 0)))
        }
    }
}

/// Read a context diff hunk starting at its `***************` line; the hunk and the next line.
fn context_hunk(lines: &[&str], start: usize) -> Result<(Hunk, usize), String> {
    let mut i = start + 1;
    let mut text = lines[start].to_string();
    let head = lines.get(i).map(|l| l.trim_end_matches('\n')).unwrap_or("");
    let old_spec = head.strip_prefix("*** ").and_then(|r| r.strip_suffix(" ****")).ok_or_else(|| malformed(i, head))?;
    let (os, on) = context_range(old_spec).ok_or_else(|| malformed(i, head))?;
    text.push_str(lines[i]);
    i += 1;
    let mut old: Vec<(u8, String)> = Vec::new();
    let mut new: Vec<(u8, String)> = Vec::new();
    let (mut old_no_nl, mut new_no_nl) = (false, false);
    let side_line = |l: &str| -> Option<(u8, String)> {
        let body = l.trim_end_matches('\n');
        let b = body.as_bytes();
        if b.len() >= 2 && matches!(b[0], b' ' | b'-' | b'+' | b'!') && b[1] == b' ' {
            return Some((b[0], body[2..].to_string()));
        }
        (body.is_empty() || body == " ").then(|| (b' ', String::new()))
    };
    while i < lines.len() && !lines[i].starts_with("--- ") {
        let (k, t) = side_line(lines[i]).ok_or_else(|| malformed(i, lines[i]))?;
        old.push((k, t));
        text.push_str(lines[i]);
        i += 1;
        if lines.get(i).is_some_and(|l| l.starts_with('\\')) {
            old_no_nl = true;
            text.push_str(lines[i]);
            i += 1;
        }
    }
    let head = lines.get(i).map(|l| l.trim_end_matches('\n')).unwrap_or("");
    let new_spec = head.strip_prefix("--- ").and_then(|r| r.strip_suffix(" ----")).ok_or_else(|| malformed(i, head))?;
    let (ns, nn) = context_range(new_spec).ok_or_else(|| malformed(i, head))?;
    text.push_str(lines[i]);
    i += 1;
    while i < lines.len() && new.len() < nn && !lines[i].starts_with("***************") && !lines[i].starts_with("*** ") {
        let Some((k, t)) = side_line(lines[i]) else { break };
        new.push((k, t));
        text.push_str(lines[i]);
        i += 1;
        if lines.get(i).is_some_and(|l| l.starts_with('\\')) {
            new_no_nl = true;
            text.push_str(lines[i]);
            i += 1;
        }
    }
    // A side without changes is omitted: it is the other side's context.
    if old.is_empty() && on > 0 {
        old = new.iter().filter(|l| l.0 == b' ').cloned().collect();
    }
    if new.is_empty() && nn > 0 {
        new = old.iter().filter(|l| l.0 == b' ').cloned().collect();
    }
    let mut merged = Vec::new();
    let (mut a, mut b) = (0, 0);
    while a < old.len() || b < new.len() {
        if a < old.len() && old[a].0 == b'-' {
            merged.push((b'-', old[a].1.clone()));
            a += 1;
        } else if b < new.len() && new[b].0 == b'+' {
            merged.push((b'+', new[b].1.clone()));
            b += 1;
        } else if a < old.len() && old[a].0 == b'!' || b < new.len() && new[b].0 == b'!' {
            while a < old.len() && old[a].0 == b'!' {
                merged.push((b'-', old[a].1.clone()));
                a += 1;
            }
            while b < new.len() && new[b].0 == b'!' {
                merged.push((b'+', new[b].1.clone()));
                b += 1;
            }
        } else if a < old.len() && b < new.len() {
            merged.push((b' ', old[a].1.clone()));
            a += 1;
            b += 1;
        } else {
            return Err(malformed(i, lines.get(i).copied().unwrap_or("")));
        }
    }
    let h = Hunk { old_start: os, new_start: ns, lines: merged, old_no_nl, new_no_nl, text, old_count: Some(on), new_count: Some(nn) };
    Ok((h, i))
}

fn parse_range(s: &str) -> Option<(usize, usize)> {
    match s.split_once(',') {
        Some((a, b)) => Some((a.parse().ok()?, b.parse().ok()?)),
        None => Some((s.parse().ok()?, 1)),
    }
}

fn file_name(header: &str) -> String {
    let rest = header[4..].trim_end_matches('\r');
    let name = rest.split('\t').next().unwrap_or(rest);
    // Without a tab, a trailing timestamp is separated by two spaces in some diffs.
    let name = name.split("  ").next().unwrap_or(name);
    name.trim().trim_matches('"').to_string()
}

fn parse_patch(text: &str) -> Result<Vec<FilePatch>, String> {
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut out: Vec<FilePatch> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i].trim_end_matches('\n');
        if l.starts_with("--- ") && i + 1 < lines.len() && lines[i + 1].starts_with("+++ ") {
            let header = format!("{}{}", lines[i], lines[i + 1]);
            out.push(FilePatch { old: file_name(l), new: file_name(lines[i + 1].trim_end_matches('\n')), header, hunks: Vec::new(), line: i + 3, normal: false });
            i += 2;
            continue;
        }
        if l.starts_with("*** ") && i + 1 < lines.len() && lines[i + 1].starts_with("--- ") && !l.ends_with(" ****") {
            let header = format!("{}{}", lines[i], lines[i + 1]);
            let old = file_name(&format!("--- {}", &l[4..]));
            out.push(FilePatch { old, new: file_name(lines[i + 1].trim_end_matches('\n')), header, hunks: Vec::new(), line: i + 3, normal: false });
            i += 2;
            continue;
        }
        if l.starts_with("***************") {
            let Some(fp) = out.last_mut() else {
                return Err("Only garbage was found in the patch input.".into());
            };
            let (h, next) = context_hunk(&lines, i)?;
            fp.hunks.push(h);
            i = next;
            continue;
        }
        if out.is_empty() || out.last().is_some_and(|f| f.normal) {
            if let Some(cmd) = normal_command(l) {
                if out.is_empty() {
                    out.push(FilePatch { old: String::new(), new: String::new(), header: "*** /dev/null\n--- /dev/null\n".into(), hunks: Vec::new(), line: 1, normal: true });
                }
                let (h, next) = normal_hunk(&lines, i, cmd)?;
                if let Some(fp) = out.last_mut() {
                    fp.hunks.push(h);
                }
                i = next;
                continue;
            }
        }
        if let Some(rest) = l.strip_prefix("@@ -") {
            let Some(fp) = out.last_mut() else {
                return Err("malformed".into());
            };
            let spec = rest.split(" @@").next().unwrap_or("");
            let (old, new) = spec.split_once(" +").ok_or_else(|| format!("malformed patch at line {}: {l}", i + 1))?;
            let (os, mut ol) = parse_range(old).ok_or_else(|| format!("malformed patch at line {}: {l}", i + 1))?;
            let (ns, mut nl) = parse_range(new).ok_or_else(|| format!("malformed patch at line {}: {l}", i + 1))?;
            let mut h = Hunk { old_start: os, new_start: ns, lines: Vec::new(), old_no_nl: false, new_no_nl: false, text: lines[i].to_string(), old_count: Some(ol), new_count: Some(nl) };
            i += 1;
            while (ol > 0 || nl > 0) && i < lines.len() {
                let raw = lines[i];
                let body = raw.trim_end_matches('\n');
                let (kind, t) = match body.as_bytes().first() {
                    Some(b' ') => (b' ', &body[1..]),
                    Some(b'-') => (b'-', &body[1..]),
                    Some(b'+') => (b'+', &body[1..]),
                    // An empty line inside a hunk is an empty context line.
                    None => (b' ', ""),
                    Some(b'\\') => {
                        h.text.push_str(raw);
                        i += 1;
                        continue;
                    }
                    _ => return Err(format!("malformed patch at line {}: {body}", i + 1)),
                };
                match kind {
                    b' ' => {
                        ol = ol.saturating_sub(1);
                        nl = nl.saturating_sub(1);
                    }
                    b'-' => ol = ol.saturating_sub(1),
                    _ => nl = nl.saturating_sub(1),
                }
                h.lines.push((kind, t.to_string()));
                h.text.push_str(raw);
                i += 1;
            }
            // `\ No newline at end of file` after the last line of a side.
            while i < lines.len() && lines[i].starts_with('\\') {
                match h.lines.last().map(|l| l.0) {
                    Some(b'-') => h.old_no_nl = true,
                    Some(b'+') => h.new_no_nl = true,
                    _ => {
                        h.old_no_nl = true;
                        h.new_no_nl = true;
                    }
                }
                h.text.push_str(lines[i]);
                i += 1;
            }
            fp.hunks.push(h);
            continue;
        }
        i += 1;
    }
    Ok(out)
}

/// Strip `n` leading path components (`None`: keep the base name).
fn strip(name: &str, n: Option<usize>) -> Option<String> {
    match n {
        None => Some(name.rsplit('/').next().unwrap_or(name).to_string()),
        Some(n) => {
            let parts: Vec<&str> = name.split('/').collect();
            (parts.len() > n).then(|| parts[n..].join("/"))
        }
    }
}

/// Where a hunk applies: its position in the file, with what fuzz.
fn find(file: &[String], old: &[&str], from: usize, lead: usize, trail: usize) -> Option<usize> {
    let want = &old[lead..old.len() - trail];
    let fits = |at: usize| at + want.len() <= file.len() && file[at..at + want.len()].iter().zip(want).all(|(a, b)| a == b);
    let max = file.len().max(from) + 1;
    for d in 0..=max {
        if from >= d && fits(from - d) {
            return Some(from - d);
        }
        if d > 0 && fits(from + d) {
            return Some(from + d);
        }
    }
    None
}

struct Outcome {
    lines: Vec<String>,
    no_nl: bool,
    failed: Vec<usize>,
    messages: Vec<String>,
    mismatch: bool,
}

/// Apply `hunks` to `file`; `reverse` swaps the sides.
fn apply(file: &[String], no_nl: bool, hunks: &[Hunk], reverse: bool, max_fuzz: usize) -> Outcome {
    let mut out = Outcome { lines: Vec::new(), no_nl, failed: Vec::new(), messages: Vec::new(), mismatch: false };
    let mut pos = 0usize; // lines of `file` consumed
    let mut offset: isize = 0;
    for (k, h) in hunks.iter().enumerate() {
        let (del, add) = if reverse { (b'+', b'-') } else { (b'-', b'+') };
        let old: Vec<&str> = h.lines.iter().filter(|l| l.0 != add).map(|l| l.1.as_str()).collect();
        let new: Vec<&str> = h.lines.iter().filter(|l| l.0 != del).map(|l| l.1.as_str()).collect();
        let start = if reverse { h.new_start } else { h.old_start };
        let expect = ((start.max(1) - 1) as isize + offset).max(0) as usize;
        // An empty side's start is the line after which the other side goes.
        let expect = if old.is_empty() { (start as isize + offset).max(0) as usize } else { expect };
        let lead_ctx = h.lines.iter().take_while(|l| l.0 == b' ').count();
        let trail_ctx = h.lines.iter().rev().take_while(|l| l.0 == b' ').count();
        // GNU `locate_hunk`: each side may drop `fuzz + its context - the larger context` lines;
        // a side with less context than the other (a hunk at the start or end of the file)
        // anchors the hunk to that end of the file until the fuzz covers the difference.
        let context = lead_ctx.max(trail_ctx);
        let mut found = None;
        for fuzz in 0..=max_fuzz.min(context) {
            let pf = (fuzz + lead_ctx) as isize - context as isize;
            let sf = (fuzz + trail_ctx) as isize - context as isize;
            let (lead, trail) = (pf.max(0) as usize, sf.max(0) as usize);
            if lead + trail > old.len() {
                break;
            }
            let want = &old[lead..old.len() - trail];
            let fits = |at: usize| at + want.len() <= file.len() && file[at..at + want.len()].iter().zip(want).all(|(a, b)| a == b);
            let at = if pf < 0 && start <= 1 {
                // Only at the start of the file (the whole file when the end is anchored too).
                (pos == 0 && (sf >= 0 || want.len() == file.len()) && fits(0)).then_some(0)
            } else if sf < 0 {
                // Only at the end of the file.
                file.len().checked_sub(want.len()).filter(|&a| a >= pos && fits(a))
            } else {
                find(&file[pos.min(file.len())..], &old, (expect + lead).saturating_sub(pos), lead, trail).map(|a| a + pos)
            };
            if let Some(at) = at {
                found = Some((at, fuzz, lead, trail));
                break;
            }
        }
        let Some((window, fuzz, lead, trail)) = found else {
            out.failed.push(k);
            out.messages.push(format!("Hunk #{} FAILED at {}.", k + 1, start));
            out.mismatch = true;
            continue;
        };
        out.lines.extend_from_slice(&file[pos..window.max(pos)]);
        // Keep the file's own context lines the fuzz skipped; replace the matched part.
        let replaced = old.len() - lead - trail;
        out.lines.extend(new[lead..new.len() - trail].iter().map(|s| s.to_string()));
        pos = window + replaced;
        let hunk_start = window as isize - lead as isize;
        let delta = hunk_start - expect as isize;
        offset += delta;
        // GNU reports every hunk applied away from its stated place (the offset so far).
        if offset != 0 || fuzz > 0 {
            out.mismatch = true;
            // GNU reports where the hunk lands in the new file: its new side's first line
            // (the line after, for an empty side) moved by the offset.
            let (rs, rc) = if reverse { (h.old_start, h.old_count) } else { (h.new_start, h.new_count) };
            let first = if rc == Some(0) { rs + 1 } else { rs.max(1) };
            let mut m = format!("Hunk #{} succeeded at {}", k + 1, first as isize + offset);
            if fuzz > 0 {
                m.push_str(&format!(" with fuzz {fuzz}"));
            }
            if offset != 0 {
                m.push_str(&format!(" (offset {offset} line{})", if offset == 1 { "" } else { "s" }));
            }
            m.push('.');
            out.messages.push(m);
        }
        if pos >= file.len() {
            out.no_nl = if reverse { h.old_no_nl } else { h.new_no_nl };
        }
    }
    out.lines.extend_from_slice(&file[pos.min(file.len())..]);
    out
}

impl Builtin for Patch {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 2, ..Config::new("patch", USAGE) };
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut strip_n, mut input, mut reverse, mut forward, mut force, mut dry, mut output, mut dir, mut silent, mut backup, mut fuzz, mut backup_mismatch) =
            (None, None, false, false, false, false, None, None, false, false, 2usize, true);
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            match id {
                O::Strip => match v.parse::<usize>() {
                    Ok(n) => strip_n = Some(n),
                    Err(_) => {
                        let _ = writeln!(ctx.stderr, "patch: **** strip count {v} is not a number");
                        return 2;
                    }
                },
                O::Input => input = Some(v),
                O::Reverse => reverse = true,
                O::Forward => forward = true,
                O::Force | O::Batch => force = true,
                O::DryRun => dry = true,
                O::Output => output = Some(v),
                O::Dir => dir = Some(v),
                O::Silent => silent = true,
                O::Backup => backup = true,
                O::Fuzz => fuzz = v.parse().unwrap_or(2),
                O::NoBackupMismatch => backup_mismatch = false,
                O::Unified => {}
            }
        }
        let mut ops = p.operands.clone();
        if input.is_none() && ops.len() > 1 {
            input = Some(ops.remove(1));
        }
        let explicit = ops.first().cloned();
        let base = dir.map(|d| ctx.abs_path(&d)).unwrap_or_else(|| ctx.cwd.to_string());
        let text = match &input {
            Some(f) => match ctx.read_input(f) {
                Ok(d) => d,
                Err(e) => {
                    let _ = writeln!(ctx.stderr, "patch: **** Can't open patch file {f} : {e}");
                    return 2;
                }
            },
            None => {
                let mut d = Vec::new();
                let _ = ctx.read_stdin_all(&mut d);
                d
            }
        };
        let text = kitsh_core::util::bytes::decode(&text).into_owned();
        if text.trim().is_empty() {
            // No patch at all (diff found no differences): nothing to do, as GNU patch.
            return 0;
        }
        let patches = match parse_patch(&text) {
            Ok(p) if !p.is_empty() => p,
            Ok(_) => {
                let _ = writeln!(ctx.stderr, "patch: **** Only garbage was found in the patch input.");
                return 2;
            }
            Err(msg) => {
                let _ = writeln!(ctx.stderr, "patch: **** {msg}");
                return 2;
            }
        };
        if patches.iter().any(|f| f.normal) && ops.is_empty() {
            // A normal diff names no file, and there is no terminal to ask for one.
            let _ = writeln!(ctx.stderr, "patch: **** Only garbage was found in the patch input.");
            return 2;
        }
        let mut out = String::new();
        let mut status = 0;
        for fp in &patches {
            let at = |name: &str| kitsh_core::fs::join_path(&base, name);
            let old = if fp.old == "/dev/null" { None } else { strip(&fp.old, strip_n) };
            let new = if fp.new == "/dev/null" { None } else { strip(&fp.new, strip_n) };
            let exists = |n: &Option<String>| n.as_ref().is_some_and(|n| ctx.fs.stat(&at(n)).is_ok());
            let creating = fp.old == "/dev/null";
            let deleting = fp.new == "/dev/null";
            let target = explicit.clone().or_else(|| if exists(&old) { old.clone() } else if exists(&new) || creating { new.clone() } else { None });
            let Some(target) = target else {
                let _ = ctx.stdout.write_all(out.as_bytes());
                out.clear();
                let _ = writeln!(
                    ctx.stdout,
                    "can't find file to patch at input line {}\nPerhaps you {} -p or --strip option?\nThe text leading up to this was:\n--------------------------\n{}--------------------------\n{}\n{} out of {} hunk{} ignored",
                    fp.line,
                    if strip_n.is_some() { "used the wrong" } else { "should have used the" },
                    fp.header.lines().map(|l| format!("|{l}\n")).collect::<String>(),
                    // Without a terminal, the questions patch asks get no answer.
                    if force { "No file to patch.  Skipping patch." } else { "File to patch: \nSkip this patch? [y] \nSkipping patch." },
                    fp.hunks.len(),
                    fp.hunks.len(),
                    if fp.hunks.len() == 1 { "" } else { "s" }
                );
                status = status.max(1);
                continue;
            };
            let path = at(&target);
            let (content, missing) = match ctx.fs.read_file(&path) {
                Ok(d) => (kitsh_core::util::bytes::decode(&d).into_owned(), false),
                Err(_) if creating => (String::new(), true),
                Err(e) => {
                    let _ = ctx.stdout.write_all(out.as_bytes());
                    out.clear();
                    let _ = writeln!(ctx.stderr, "patch: **** Can't reopen file {target} : {e}");
                    return 2;
                }
            };
            let _ = missing;
            let no_nl = !content.is_empty() && !content.ends_with('\n');
            let file: Vec<String> = content.lines().map(str::to_string).collect();
            let shown = output.as_deref().unwrap_or(&target);
            if !silent {
                if dry {
                    out.push_str(&format!("checking file {shown}\n"));
                } else if output.is_some() {
                    out.push_str(&format!("patching file {shown} (read from {target})\n"));
                } else {
                    out.push_str(&format!("patching file {shown}\n"));
                }
            }
            let mut result = apply(&file, no_nl, &fp.hunks, reverse, fuzz);
            let all_failed = !fp.hunks.is_empty() && result.failed.len() == fp.hunks.len();
            if all_failed && !reverse {
                // Already applied? Then the reversed patch applies.
                let rev = apply(&file, no_nl, &fp.hunks, true, 0);
                if rev.failed.is_empty() {
                    let n = fp.hunks.len();
                    let s = if n == 1 { "" } else { "s" };
                    if forward {
                        out.push_str("Reversed (or previously applied) patch detected!  Skipping patch.\n");
                    } else {
                        out.push_str("Reversed (or previously applied) patch detected!  Assume -R? [n] \nApply anyway? [n] \nSkipping patch.\n");
                    }
                    out.push_str(&format!("{n} out of {n} hunk{s} ignored"));
                    if !dry {
                        out.push_str(&format!(" -- saving rejects to file {shown}.rej"));
                        let rej: String = fp.header.clone() + &fp.hunks.iter().map(|h| h.text.clone()).collect::<String>();
                        let _ = ctx.fs.write_file(&at(&format!("{shown}.rej")), rej.as_bytes(), WriteMode::Truncate);
                    }
                    out.push('\n');
                    status = status.max(1);
                    continue;
                }
            }
            for m in &result.messages {
                out.push_str(m);
                out.push('\n');
            }
            if !result.failed.is_empty() {
                let n = result.failed.len();
                let total = fp.hunks.len();
                out.push_str(&format!("{n} out of {total} hunk{} FAILED", if total == 1 { "" } else { "s" }));
                if !dry {
                    out.push_str(&format!(" -- saving rejects to file {shown}.rej"));
                    let rej: String = fp.header.clone() + &result.failed.iter().map(|&k| fp.hunks[k].text.clone()).collect::<String>();
                    let _ = ctx.fs.write_file(&at(&format!("{shown}.rej")), rej.as_bytes(), WriteMode::Truncate);
                }
                out.push('\n');
                status = status.max(1);
            }
            if dry {
                continue;
            }
            if (backup || (backup_mismatch && result.mismatch)) && output.is_none() && ctx.fs.stat(&path).is_ok() {
                let _ = ctx.fs.write_file(&format!("{path}.orig"), content.as_bytes(), WriteMode::Truncate);
            }
            let mut data = result.lines.join("\n");
            if !result.lines.is_empty() && !result.no_nl {
                data.push('\n');
            }
            result.lines.clear();
            let dest = match &output {
                Some(o) => ctx.abs_path(o),
                None => path.clone(),
            };
            if deleting && output.is_none() && data.is_empty() {
                let _ = ctx.fs.remove_file(&path);
                continue;
            }
            if let Some(parent) = dest.rsplit_once('/').map(|(d, _)| d).filter(|d| !d.is_empty()) {
                let _ = ctx.fs.mkdir(parent, true);
            }
            if let Err(e) = ctx.fs.write_file(&dest, data.as_bytes(), WriteMode::Truncate) {
                let _ = writeln!(ctx.stderr, "patch: **** Can't create file {dest} : {e}");
                return 2;
            }
        }
        if let Err(e) = ctx.stdout.write_all(out.as_bytes()) {
            return crate::args::write_failed(ctx, &e);
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applies_with_offset() {
        let p = parse_patch("--- f\n+++ f\n@@ -2,3 +2,3 @@\n 2\n-3\n+three\n 4\n").unwrap_or_default();
        let file: Vec<String> = ["0", "1", "2", "3", "4", "5"].iter().map(|s| s.to_string()).collect();
        let r = apply(&file, false, &p[0].hunks, false, 2);
        assert_eq!(r.lines, ["0", "1", "2", "three", "4", "5"]);
        assert_eq!(r.messages, ["Hunk #1 succeeded at 3 (offset 1 line)."]);
    }

    #[test]
    fn strips() {
        assert_eq!(strip("a/b/c", Some(1)).as_deref(), Some("b/c"));
        assert_eq!(strip("a/b/c", None).as_deref(), Some("c"));
        assert_eq!(strip("a", Some(2)), None);
    }
}
