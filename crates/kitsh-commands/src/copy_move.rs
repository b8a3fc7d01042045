//! What `cp` and `mv` share: working out the destination of each source operand.

use super::args::{quote_always, usage_error};
use super::Ctx;
use kitsh_core::fs::FileType;

/// The (source, destination) pairs of `cp`/`mv` operands: `SRC DEST`, `SRC... DIR`,
/// `-t DIR SRC...`, or with `-T` exactly `SRC DEST`. `None` after a usage error.
pub(super) fn plan(ctx: &mut Ctx<'_>, operands: &[String], target_dir: Option<&str>, no_target_dir: bool) -> Option<Vec<(String, String)>> {
    if let Some(dir) = target_dir {
        if !is_dir(ctx, dir) {
            ctx.error(&format!("target directory {}: Not a directory", quote_always(dir)));
            return None;
        }
        if operands.is_empty() {
            usage_error(ctx, "missing file operand");
            return None;
        }
        return Some(operands.iter().map(|s| (s.clone(), into_dir(dir, s))).collect());
    }
    match operands {
        [] => {
            usage_error(ctx, "missing file operand");
            None
        }
        [one] => {
            usage_error(ctx, &format!("missing destination file operand after {}", quote_always(one)));
            None
        }
        [src, dest] if no_target_dir || !is_dir(ctx, dest) => Some(vec![(src.clone(), dest.clone())]),
        _ if no_target_dir => {
            usage_error(ctx, &format!("extra operand {}", quote_always(&operands[2])));
            None
        }
        [srcs @ .., dest] => {
            if !is_dir(ctx, dest) {
                let why = if ctx.fs.stat(&ctx.abs_path(dest)).is_ok() { "Not a directory" } else { "No such file or directory" };
                ctx.error(&format!("target {}: {why}", quote_always(dest)));
                return None;
            }
            Some(srcs.iter().map(|s| (s.clone(), into_dir(dest, s))).collect())
        }
    }
}

/// `dir/NAME` for source `src`.
fn into_dir(dir: &str, src: &str) -> String {
    let name = src.trim_end_matches('/').rsplit('/').next().unwrap_or(src);
    format!("{}/{name}", dir.trim_end_matches('/'))
}

/// Whether `path` names a directory (following symlinks).
pub(super) fn is_dir(ctx: &Ctx<'_>, path: &str) -> bool {
    ctx.fs.stat(&ctx.abs_path(path)).is_ok_and(|m| m.file_type == FileType::Dir)
}

/// Whether absolute `inner` is `outer` or below it.
pub(super) fn is_within(inner: &str, outer: &str) -> bool {
    inner == outer || inner.strip_prefix(outer).is_some_and(|rest| rest.starts_with('/')) || outer == "/"
}
