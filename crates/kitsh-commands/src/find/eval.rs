//! Evaluation of `find` expressions on one entry.

use std::time::SystemTime;

use super::parse::{Cmp, Expr, PermKind, Prim};
use super::printf::render;
use super::{Flags, Follow, Setup, State, Visit};
use crate::args::quote;
use crate::chmod::mode_string;
use crate::Ctx;
use kitsh_core::fs::{FileType, USER_GID, USER_UID};
use kitsh_core::util::bytes::encode;
use kitsh_core::util::time::strftime_ns;

/// Evaluate `e` on `v`; actions write to `st.out`.
pub(super) fn eval(s: &Setup, st: &mut State, ctx: &mut Ctx<'_>, e: &Expr, v: &Visit<'_>, flags: &mut Flags) -> bool {
    if st.quit {
        return false;
    }
    match e {
        Expr::And(a, b) => {
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || eval(s, st, ctx, a, v, flags)) && eval(s, st, ctx, b, v, flags)
        }
        Expr::Or(a, b) => {
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || eval(s, st, ctx, a, v, flags)) || eval(s, st, ctx, b, v, flags)
        }
        Expr::Not(a) => !stacker::maybe_grow(64 * 1024, 1024 * 1024, || eval(s, st, ctx, a, v, flags)),
        Expr::List(a, b) => {
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || eval(s, st, ctx, a, v, flags));
            eval(s, st, ctx, b, v, flags)
        }
        Expr::Prim(p) => prim(s, st, ctx, p, v, flags),
    }
}

fn type_matches(t: Option<FileType>, letters: &[u8]) -> bool {
    let letter = match t {
        Some(FileType::File) => b'f',
        Some(FileType::Dir) => b'd',
        Some(FileType::Symlink) | None => b'l',
        Some(FileType::CharDevice) => b'c',
        Some(FileType::Fifo) => b'p',
    };
    letters.contains(&letter)
}

/// Nanoseconds from `t` to `now` (negative for the future).
fn age_ns(now: SystemTime, t: SystemTime) -> i128 {
    match now.duration_since(t) {
        Ok(d) => d.as_nanos() as i128,
        Err(e) => -(e.duration().as_nanos() as i128),
    }
}

/// `-mtime` (days: the age rounded down) and `-mmin` (minutes: rounded up for `N`).
pub(super) fn age_matches(age: i128, cmp: Cmp, n: u64, unit: u64) -> bool {
    let unit = unit as i128 * 1_000_000_000;
    let n = n as i128;
    if unit == 86_400 * 1_000_000_000 {
        let days = age.div_euclid(unit);
        return match cmp {
            Cmp::Less => days < n,
            Cmp::Exact => days == n,
            Cmp::More => days > n,
        };
    }
    match cmp {
        Cmp::Less => age < n * unit,
        Cmp::Exact => (age + unit - 1).div_euclid(unit) == n,
        Cmp::More => age > n * unit,
    }
}

/// Whether the sandbox user may access `v` with the permission bit `bit` (4 r, 2 w, 1 x).
fn access(v: &Visit<'_>, bit: u32) -> bool {
    let m = &v.meta;
    let shift = if m.uid == USER_UID {
        6
    } else if m.gid == USER_GID {
        3
    } else {
        0
    };
    (m.mode >> shift) & bit != 0
}

fn perm_matches(kind: PermKind, mode: u32, want: u32) -> bool {
    let mode = mode & 0o7777;
    match kind {
        PermKind::Exact => mode == want,
        PermKind::All => mode & want == want,
        PermKind::Any => want == 0 || mode & want != 0,
    }
}

fn push_path(out: &mut Vec<u8>, path: &str, end: u8) {
    out.extend_from_slice(&encode(path));
    out.push(end);
}

/// The `-ls` line.
fn ls_line(s: &Setup, v: &Visit<'_>) -> String {
    let m = &v.meta;
    let kind = match m.file_type {
        FileType::File => '-',
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::CharDevice => 'c',
        FileType::Fifo => 'p',
    };
    let (secs, nanos) = v.mtime();
    let age = age_ns(s.now, m.mtime);
    let recent = (0..=183 * 86_400 * 1_000_000_000i128).contains(&age);
    let fmt = if recent { "%b %e %H:%M" } else { "%b %e  %Y" };
    let date = strftime_ns(fmt, secs, nanos, v.tz);
    let mut line = format!(
        "{:>9} {:>6} {kind}{} {:>3} {:<8} {:<8} {:>8} {date} {}",
        m.ino,
        v.blocks_1k(),
        mode_string(m.mode),
        m.nlink,
        v.names.user(m.uid),
        v.names.group(m.gid),
        m.len,
        v.path
    );
    if let Some(t) = &v.target {
        line.push_str(" -> ");
        line.push_str(t);
    }
    line.push('\n');
    line
}

fn delete(st: &mut State, ctx: &mut Ctx<'_>, v: &Visit<'_>) -> bool {
    if v.depth == 0 && v.base_name() == "." {
        return true;
    }
    let r = if v.meta.file_type == FileType::Dir { ctx.fs.remove_dir(v.abs) } else { ctx.fs.remove_file(v.abs) };
    match r {
        Ok(()) => true,
        Err(e) => {
            st.error(ctx, &format!("cannot delete {}: {e}", quote(v.path)));
            false
        }
    }
}

fn prim(s: &Setup, st: &mut State, ctx: &mut Ctx<'_>, p: &Prim, v: &Visit<'_>, flags: &mut Flags) -> bool {
    let m = &v.meta;
    match p {
        Prim::True => true,
        Prim::False => false,
        Prim::Name(pat) => pat.matches(v.base_name()),
        Prim::Path(pat) => pat.matches(v.path),
        Prim::Lname(pat) => v.target.as_deref().is_some_and(|t| pat.matches(t)),
        Prim::Regex(re) => re.is_match(&encode(v.path)),
        Prim::Type(letters, false) => type_matches(Some(m.file_type), letters),
        Prim::Type(letters, true) => {
            let t = if s.follow == Follow::Always {
                ctx.fs.lstat(v.abs).ok().map(|l| l.file_type)
            } else if m.file_type == FileType::Symlink {
                v.followed_type().or(Some(FileType::Symlink))
            } else {
                Some(m.file_type)
            };
            type_matches(t, letters)
        }
        Prim::Size(cmp, n, unit) => cmp.test(m.len.div_ceil(*unit), *n),
        Prim::Empty => match m.file_type {
            FileType::File => m.len == 0,
            FileType::Dir => ctx.fs.read_dir(v.abs).is_ok_and(|e| e.is_empty()),
            _ => false,
        },
        Prim::Perm(kind, want) => perm_matches(*kind, m.mode, *want),
        Prim::Newer(t) => m.mtime > *t,
        Prim::Age(cmp, n, unit) => age_matches(age_ns(s.now, m.mtime), *cmp, *n, *unit),
        Prim::Uid(cmp, n) => cmp.test(u64::from(m.uid), *n),
        Prim::Gid(cmp, n) => cmp.test(u64::from(m.gid), *n),
        Prim::NoUser => !v.names.has_user(m.uid),
        Prim::NoGroup => !v.names.has_group(m.gid),
        Prim::Links(cmp, n) => cmp.test(m.nlink, *n),
        Prim::Inum(cmp, n) => cmp.test(m.ino, *n),
        Prim::Readable => access(v, 4),
        Prim::Writable => access(v, 2),
        Prim::Executable => access(v, 1),
        Prim::Print => {
            push_path(&mut st.out, v.path, b'\n');
            true
        }
        Prim::Print0 => {
            push_path(&mut st.out, v.path, 0);
            true
        }
        Prim::Printf(pieces) => {
            render(pieces, v, &mut st.out);
            true
        }
        Prim::Ls => {
            st.out.extend_from_slice(&encode(&ls_line(s, v)));
            true
        }
        Prim::Prune => {
            if !s.depth_first {
                flags.prune = true;
            }
            true
        }
        Prim::Delete => delete(st, ctx, v),
        Prim::Quit => {
            st.quit = true;
            true
        }
        Prim::Exec(spec) => super::exec::exec(st, ctx, spec, v),
    }
}
