//! `-exec`, `-execdir`, `-ok` and `-okdir`: run a command for each entry (`;`), or for many
//! entries at once (`{} +`), as GNU find does.


use super::{State, Visit};
use crate::args::{flush_out, quote};
use crate::{Ctx, SpawnError, SpawnIn, SpawnOut};

/// The most bytes of arguments one `{} +` command line collects (GNU's default buffer).
const BATCH_BYTES: usize = 128 * 1024;

/// A parsed `-exec`-family action.
pub(crate) struct ExecSpec {
    /// The command words, `{}` not yet replaced (for `+`, the last word is `{}`).
    pub argv: Vec<String>,
    /// `-execdir` / `-okdir`: run in the entry's directory with `./NAME`.
    pub in_dir: bool,
    /// `-ok` / `-okdir`: ask on standard input first.
    pub ask: bool,
    /// The batch index for the `{} +` form.
    pub batch: Option<usize>,
}

/// The pending entries of one `{} +` action.
#[derive(Default)]
pub(crate) struct Batch {
    /// The command words before `{}`.
    argv: Vec<String>,
    /// The directory to run in (`-execdir`).
    dir: Option<String>,
    /// Entries collected so far.
    paths: Vec<String>,
    /// Their size in bytes.
    size: usize,
}

/// The path as the command sees it, and the directory to run in.
fn target(spec: &ExecSpec, v: &Visit<'_>) -> (String, Option<String>) {
    if !spec.in_dir {
        return (v.path.to_string(), None);
    }
    let abs = v.abs.trim_end_matches('/');
    if abs.is_empty() {
        return ("/".to_string(), Some("/".to_string()));
    }
    let (dir, name) = match abs.rfind('/') {
        Some(0) => ("/", &abs[1..]),
        Some(i) => (&abs[..i], &abs[i + 1..]),
        None => (".", abs),
    };
    (format!("./{name}"), Some(dir.to_string()))
}

/// Evaluate an `-exec`-family action on `v`.
pub(super) fn exec(st: &mut State, ctx: &mut Ctx<'_>, spec: &ExecSpec, v: &Visit<'_>) -> bool {
    let (path, dir) = target(spec, v);
    if let Some(k) = spec.batch {
        let needs_run = {
            let b = &st.batches[k];
            !b.paths.is_empty() && (b.dir != dir || b.size + path.len() + 1 > BATCH_BYTES)
        };
        if needs_run {
            run_batch(st, ctx, k);
        }
        let b = &mut st.batches[k];
        if b.paths.is_empty() {
            b.argv = spec.argv[..spec.argv.len() - 1].to_vec();
            b.dir = dir;
        }
        b.size += path.len() + 1;
        b.paths.push(path);
        return true;
    }
    let argv: Vec<String> = spec.argv.iter().map(|a| a.replace("{}", &path)).collect();
    if let Err(code) = flush_out(ctx, &mut st.out, true) {
        st.status = code;
        st.quit = true;
        return false;
    }
    if spec.ask && !confirm(ctx, &argv[0], &path) {
        return false;
    }
    match ctx.spawn.command_in(dir.as_deref(), &argv, SpawnIn::Inherit, SpawnOut::Inherit) {
        Ok(0) => true,
        Ok(status) => {
            if status == 141 {
                report_signal(st, ctx, &argv[0]);
            }
            false
        }
        Err(e) => {
            // GNU's child reports the failed exec; find's own status is not changed.
            ctx.error(&format!("{}: {e}", quote(&argv[0])));
            false
        }
    }
}

fn report_signal(st: &mut State, ctx: &mut Ctx<'_>, cmd: &str) {
    ctx.error(&format!("{} terminated by signal 13", quote(cmd)));
    st.status = 1;
}

/// `-ok`: print `< CMD ... PATH > ? ` on stderr and read the answer from stdin.
fn confirm(ctx: &mut Ctx<'_>, cmd: &str, path: &str) -> bool {
    let _ = write!(ctx.stderr, "< {cmd} ... {path} > ? ");
    let _ = ctx.stderr.flush();
    let mut answer = Vec::new();
    let mut byte = [0u8; 1];
    while let Ok(1) = ctx.stdin.read(&mut byte) {
        if byte[0] == b'\n' {
            break;
        }
        answer.push(byte[0]);
    }
    matches!(answer.iter().find(|b| !b.is_ascii_whitespace()), Some(b'y' | b'Y'))
}

/// Run batch `k` if it has entries; a failure makes find's status 1.
fn run_batch(st: &mut State, ctx: &mut Ctx<'_>, k: usize) {
    let b = std::mem::take(&mut st.batches[k]);
    if b.paths.is_empty() {
        return;
    }
    if let Err(code) = flush_out(ctx, &mut st.out, true) {
        st.status = code;
        st.quit = true;
        return;
    }
    let mut argv = b.argv;
    argv.extend(b.paths);
    match ctx.spawn.command_in(b.dir.as_deref(), &argv, SpawnIn::Inherit, SpawnOut::Inherit) {
        Ok(0) => {}
        Ok(141) => report_signal(st, ctx, &argv[0]),
        Ok(_) => st.status = 1,
        Err(e @ (SpawnError::NotFound | SpawnError::PermissionDenied)) => {
            ctx.error(&format!("{}: {e}", quote(&argv[0])));
            st.status = 1;
        }
    }
}

/// Run every batch still pending at the end of the walk.
pub(super) fn run_all_batches(st: &mut State, ctx: &mut Ctx<'_>) {
    for k in 0..st.batches.len() {
        run_batch(st, ctx, k);
    }
}
