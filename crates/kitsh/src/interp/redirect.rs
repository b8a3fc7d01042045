//! Redirections: opening files of the virtual filesystem onto descriptors, duplicating and
//! closing descriptors, here-documents; and undoing them after the command.

use std::sync::Arc;

use crate::fs::{FileType, WriteMode};
use crate::parser::ast::*;

use super::io::{Fd, FdObj};
use super::options::NOCLOBBER;
use super::{Exec, Flow, Shell};

/// Descriptors replaced by redirections, to put back afterwards.
pub(crate) type Saved = Vec<(i32, Option<Fd>)>;

/// A redirection that failed (the message is already printed), or a fatal expansion error.
pub(crate) enum RedirError {
    /// Status 1, the command is not run.
    Failed(Saved),
    /// Control flow from expanding the target.
    Flow(Flow, Saved),
}

impl RedirError {
    /// Restore what was applied and produce the command's result.
    pub(crate) fn into_status(self, sh: &mut Shell) -> Exec {
        match self {
            RedirError::Failed(saved) => {
                sh.restore_redirects(saved);
                sh.status = 1;
                Ok(1)
            }
            RedirError::Flow(f, saved) => {
                sh.restore_redirects(saved);
                Err(f)
            }
        }
    }
}

/// The highest possible descriptor number plus one (Linux's default `fs.nr_open`).
const MAX_FD: i32 = 1 << 20;

impl Shell {
    /// Apply redirections in order; returns what to restore.
    pub(crate) fn apply_redirects(&mut self, redirs: &[Redirect]) -> Result<Saved, RedirError> {
        let mut saved: Saved = Vec::new();
        for r in redirs {
            if let Err(e) = self.apply_one(r, &mut saved) {
                return Err(match e {
                    Some(f) => RedirError::Flow(f, saved),
                    None => RedirError::Failed(saved),
                });
            }
        }
        Ok(saved)
    }

    /// Put back descriptors saved by [`Shell::apply_redirects`].
    pub(crate) fn restore_redirects(&mut self, saved: Saved) {
        for (fd, old) in saved.into_iter().rev() {
            self.fds.set(fd, old);
        }
    }

    fn set_fd(&mut self, n: i32, fd: Option<Fd>, saved: &mut Saved) {
        let old = self.fds.set(n, fd);
        saved.push((n, old));
    }

    fn target_word(&mut self, r: &Redirect) -> Result<String, Option<Flow>> {
        let RedirTarget::Word(w) = &r.target else { return Ok(String::new()) };
        let fields = self.expand_word_fields(w).map_err(Some)?;
        if fields.len() != 1 {
            let text = self.expand_word_str(w).map_err(Some)?;
            let shown = if text.is_empty() { source_text(w) } else { text };
            self.error(&format!("{shown}: ambiguous redirect"));
            return Err(None);
        }
        Ok(fields.into_iter().next().unwrap_or_default())
    }

    fn apply_one(&mut self, r: &Redirect, saved: &mut Saved) -> Result<(), Option<Flow>> {
        let default_fd = match r.op {
            RedirOp::In | RedirOp::ReadWrite | RedirOp::DupIn | RedirOp::HereDoc | RedirOp::HereString => 0,
            _ => 1,
        };
        let (fd_num, var_name) = match &r.fd {
            RedirFd::Default => (default_fd, None),
            RedirFd::Number(n) => (*n, None),
            RedirFd::Var(name) => (self.fds.free_from(10), Some(name.clone())),
        };
        // The source of a duplication names a refused target descriptor in bash's message.
        let mut dup_src = None;
        let obj: Option<Fd> = match r.op {
            RedirOp::HereDoc => {
                let RedirTarget::HereDoc(h) = &r.target else { return Err(None) };
                let text = self.expand_word_str(&h.body).map_err(Some)?;
                Some(Arc::new(FdObj::bytes(crate::util::bytes::encode(&text).into_owned())))
            }
            RedirOp::HereString => {
                let RedirTarget::Word(w) = &r.target else { return Err(None) };
                let mut text = self.expand_word_str(w).map_err(Some)?;
                text.push('\n');
                Some(Arc::new(FdObj::bytes(crate::util::bytes::encode(&text).into_owned())))
            }
            RedirOp::DupIn | RedirOp::DupOut => {
                let t = self.target_word(r)?;
                if t == "-" {
                    None
                } else if let Some(src) = t.strip_suffix('-').and_then(|s| s.parse::<i32>().ok()) {
                    // move: dup then close the source
                    let f = self.dup_source(src)?;
                    dup_src = Some(src);
                    self.set_fd(src, None, saved);
                    Some(f)
                } else if let Ok(src) = t.parse::<i32>() {
                    dup_src = Some(src);
                    Some(self.dup_source(src)?)
                } else if r.op == RedirOp::DupOut && matches!(r.fd, RedirFd::Default | RedirFd::Number(1)) {
                    // `>&file` and `1>&file` send stdout and stderr to the file.
                    let f = self.open_target(&t, RedirOp::Out)?;
                    self.set_fd(1, Some(f.clone()), saved);
                    self.set_fd(2, Some(f), saved);
                    return Ok(());
                } else {
                    self.error(&format!("{t}: ambiguous redirect"));
                    return Err(None);
                }
            }
            RedirOp::OutErr | RedirOp::AppendErr => {
                let t = self.target_word(r)?;
                let op = if r.op == RedirOp::OutErr { RedirOp::Out } else { RedirOp::Append };
                let f = self.open_target(&t, op)?;
                self.set_fd(1, Some(f.clone()), saved);
                self.set_fd(2, Some(f), saved);
                return Ok(());
            }
            op => {
                let t = self.target_word(r)?;
                Some(self.open_target(&t, op)?)
            }
        };
        // dup2(2) refuses a target at or above `ulimit -n` (and kitsh's own ceiling).
        if obj.is_some() && fd_num >= self.fd_ceiling() {
            self.error(&format!("{}: Bad file descriptor", dup_src.unwrap_or(fd_num)));
            return Err(None);
        }
        if let Some(name) = var_name {
            if let Err(m) = self.assign_scalar(&name, fd_num.to_string()) {
                self.error(&m);
                return Err(None);
            }
            self.fds.set(fd_num, obj);
            return Ok(());
        }
        self.set_fd(fd_num, obj, saved);
        Ok(())
    }

    /// The lowest descriptor number a redirection cannot open: the soft `ulimit -n`, never
    /// above the kernel's default `nr_open` (the table is a vector indexed by number).
    fn fd_ceiling(&self) -> i32 {
        self.proc.ulimits.open_files().map_or(MAX_FD, |n| n.min(MAX_FD as u64) as i32)
    }

    fn dup_source(&mut self, src: i32) -> Result<Fd, Option<Flow>> {
        match self.fds.get(src) {
            Some(f) => Ok(f.clone()),
            None => {
                self.error(&format!("{src}: Bad file descriptor"));
                Err(None)
            }
        }
    }

    /// A file a redirection created gets mode 0666 minus the umask, as `open(2)` gives it.
    fn apply_umask(&self, path: &str, existed: bool) {
        if !existed && self.proc.umask != 0o022 {
            let _ = self.fs.set_mode(path, 0o666 & !self.proc.umask);
        }
    }

    /// Open a redirection target path.
    pub(crate) fn open_target(&mut self, t: &str, op: RedirOp) -> Result<Fd, Option<Flow>> {
        // `ulimit -n N`: opening a file needs a free descriptor below N (0-2 are taken).
        if self.proc.ulimits.open_files().is_some_and(|n| n <= 3) {
            self.error(&format!("{t}: Too many open files"));
            return Err(None);
        }
        match t {
            "/dev/null" => return Ok(Arc::new(FdObj::Null)),
            "/dev/stdout" => return self.dup_source(1),
            "/dev/stderr" => return self.dup_source(2),
            "/dev/stdin" => return self.dup_source(0),
            _ => {}
        }
        if let Some(n) = t.strip_prefix("/dev/fd/").and_then(|n| n.parse::<i32>().ok()) {
            return self.dup_source(n);
        }
        if self.shared.logic {
            if self.line.refused {
                // The target was a process substitution, already reported.
                return Err(None);
            }
            self.error(&format!("{t}: redirection disabled in logic mode (only /dev/null is allowed)"));
            return Err(None);
        }
        if t.is_empty() {
            self.error(": No such file or directory");
            return Err(None);
        }
        let path = crate::fs::join_path(&self.cwd, t);
        let fail = |sh: &mut Shell, e: crate::fs::FsError| {
            sh.error(&format!("{t}: {e}"));
            Err(None)
        };
        if op == RedirOp::ReadWrite && self.fs.stat(&path).is_ok_and(|m| m.file_type == FileType::Fifo) {
            let shared = Arc::clone(&self.shared);
            let watch: crate::fs::fifo::Watch = Arc::new(move || shared.cancelled());
            return match FdObj::open_fifo_rw(&self.fs, &path, watch) {
                Ok(fd) => Ok(Arc::new(fd)),
                Err(e) => fail(self, e),
            };
        }
        if matches!(op, RedirOp::In | RedirOp::Out | RedirOp::Clobber | RedirOp::Append) && self.fs.stat(&path).is_ok_and(|m| m.file_type == FileType::Fifo) {
            // A named pipe: wait for the other side, as the kernel's open(2) does.
            let shared = Arc::clone(&self.shared);
            let watch: crate::fs::fifo::Watch = Arc::new(move || shared.cancelled());
            let write = !matches!(op, RedirOp::In);
            return match FdObj::open_fifo(&self.fs, &path, write, Some(watch)) {
                Ok(fd) => Ok(Arc::new(fd)),
                Err(e) => fail(self, e),
            };
        }
        match op {
            RedirOp::In => match self.fs.stat(&path) {
                Ok(m) if m.file_type == FileType::Dir => {
                    Ok(Arc::new(FdObj::open_file(&self.fs, &path, false, 0)))
                }
                Ok(_) => Ok(Arc::new(FdObj::open_file(&self.fs, &path, false, 0))),
                Err(e) => fail(self, e),
            },
            RedirOp::Out | RedirOp::Clobber => {
                if let Ok(m) = self.fs.stat(&path) {
                    if m.file_type == FileType::Dir {
                        return fail(self, crate::fs::FsError::IsDir);
                    }
                    if op == RedirOp::Out && self.set_opt(NOCLOBBER) && m.file_type == FileType::File {
                        self.error(&format!("{t}: cannot overwrite existing file"));
                        return Err(None);
                    }
                }
                let existed = self.fs.stat(&path).is_ok();
                match self.fs.write_file(&path, b"", WriteMode::Truncate) {
                    Ok(()) => {
                        self.apply_umask(&path, existed);
                        Ok(Arc::new(FdObj::open_file(&self.fs, &path, false, 0)))
                    }
                    Err(e) => fail(self, e),
                }
            }
            RedirOp::Append => {
                let existed = self.fs.stat(&path).is_ok();
                match self.fs.write_file(&path, b"", WriteMode::Append) {
                    Ok(()) => {
                        self.apply_umask(&path, existed);
                        Ok(Arc::new(FdObj::open_file(&self.fs, &path, true, 0)))
                    }
                    Err(e) => fail(self, e),
                }
            }
            RedirOp::ReadWrite => {
                if self.fs.stat(&path).is_err() {
                    if let Err(e) = self.fs.write_file(&path, b"", WriteMode::Truncate) {
                        return fail(self, e);
                    }
                }
                Ok(Arc::new(FdObj::open_file(&self.fs, &path, false, 0)))
            }
            _ => Err(None),
        }
    }
}

/// A rough source form of a word for messages (`$x: ambiguous redirect`).
fn source_text(w: &Word) -> String {
    let mut s = String::new();
    for p in &w.parts {
        match p {
            WordPart::Literal(t) | WordPart::Escaped(t) | WordPart::SingleQuoted(t) => s.push_str(t),
            WordPart::Param(pe) => {
                s.push('$');
                match &pe.param {
                    Param::Var(n) => s.push_str(n),
                    Param::Positional(n) => s.push_str(&n.to_string()),
                    Param::Special(c) => s.push(*c),
                    Param::Indexed(n, _) => {
                        s.push('{');
                        s.push_str(n);
                        s.push_str("[@]}");
                    }
                }
            }
            _ => {}
        }
    }
    s
}
