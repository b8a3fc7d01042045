//! `tee`: copy standard input to standard output and to files, chunk by chunk as it arrives
//! (`-a` append, `-p` / `--output-error[=MODE]` for write errors, `-i` accepted).
//!
//! `/dev/stdout` and `/dev/stderr` operands write to the command's own streams. Files are
//! written through the virtual filesystem by appending each chunk.

use std::io::{self, ErrorKind};

use super::args::{self, quote, quote_always, quote_name, read_some, ArgKind, Config, OptSpec, Src, ChunkBuf};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;

/// The `tee` command.
pub struct Tee;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Append,
    Ignore,
    P,
    OutputError,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('a', "append", O::Append),
    OptSpec::flag('i', "ignore-interrupts", O::Ignore),
    OptSpec { short: Some('p'), long: None, arg: ArgKind::None, id: O::P },
    OptSpec::long("output-error", ArgKind::Optional, O::OutputError),
];
const USAGE: &str = "Usage: tee [OPTION]... [FILE]...\nCopy standard input to each FILE, and also to standard output.";

/// What to do when writing an output fails (`--output-error`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum OnError {
    /// No option: a closed pipe on standard output ends `tee` like `SIGPIPE`; other errors warn.
    Default,
    Warn,
    WarnNopipe,
    Exit,
    ExitNopipe,
}

const MODES: &[(&str, OnError)] =
    &[("warn", OnError::Warn), ("warn-nopipe", OnError::WarnNopipe), ("exit", OnError::Exit), ("exit-nopipe", OnError::ExitNopipe)];

/// GNU `argmatch`: an exact name or an unambiguous prefix. `Err(true)` when ambiguous.
pub(super) fn argmatch<T: Copy + PartialEq>(arg: &str, table: &[(&str, T)]) -> Result<T, bool> {
    if let Some((_, v)) = table.iter().find(|(n, _)| *n == arg) {
        return Ok(*v);
    }
    let mut hits = table.iter().filter(|(n, _)| n.starts_with(arg)).map(|(_, v)| *v);
    let first = hits.next().ok_or(false)?;
    if hits.all(|v| v == first) {
        Ok(first)
    } else {
        Err(true)
    }
}

/// One destination.
enum Dest {
    Stdout,
    Stderr,
    File { abs: String, shown: String },
    /// A named pipe (`tee >(cmd)`): its writing end, open while `tee` runs.
    Fifo { w: std::cell::RefCell<Box<dyn io::Write + Send>>, shown: String },
}

/// The text of an I/O error, as `strerror` gives it.
fn io_text(e: &io::Error) -> String {
    match e.kind() {
        ErrorKind::BrokenPipe => "Broken pipe".into(),
        ErrorKind::StorageFull => "No space left on device".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(p) => s[..p].to_string(),
                None => s,
            }
        }
    }
}

struct Run {
    on_error: OnError,
    status: i32,
}

impl Run {
    /// Write `data` to `d`. `Ok(false)` drops the output; `Err` ends `tee` with that status.
    fn write(&mut self, ctx: &mut Ctx<'_>, d: &Dest, data: &[u8]) -> Result<bool, i32> {
        let r = match d {
            Dest::Stdout => ctx.stdout.write_all(data).and_then(|()| ctx.stdout.flush()),
            Dest::Stderr => ctx.stderr.write_all(data).and_then(|()| ctx.stderr.flush()),
            Dest::File { abs, .. } => ctx.fs.write_file(abs, data, WriteMode::Append).map_err(|e| io::Error::other(e.to_string())),
            Dest::Fifo { w, .. } => io::Write::write_all(&mut *w.borrow_mut(), data),
        };
        let Err(e) = r else { return Ok(true) };
        let pipe = e.kind() == ErrorKind::BrokenPipe;
        match self.on_error {
            OnError::Default if pipe => return Err(141),
            OnError::WarnNopipe | OnError::ExitNopipe if pipe => return Ok(false),
            _ => {}
        }
        let shown = match d {
            Dest::Stdout => quote_always("standard output"),
            Dest::Stderr => quote_always("standard error"),
            Dest::File { shown, .. } | Dest::Fifo { shown, .. } => quote_name(shown),
        };
        ctx.error(&format!("{shown}: {}", io_text(&e)));
        self.status = 1;
        if matches!(self.on_error, OnError::Exit | OnError::ExitNopipe) {
            return Err(1);
        }
        Ok(false)
    }
}

/// Report a bad argument of `--option` like GNU `argmatch_die` (listing the valid ones) and
/// return the usage status 1.
pub(super) fn bad_argument(ctx: &mut Ctx<'_>, option: &str, arg: &str, ambiguous: bool, valid: &[&str]) -> i32 {
    let kind = if ambiguous { "ambiguous" } else { "invalid" };
    let mut msg = format!("{kind} argument {} for {}\nValid arguments are:", quote(arg), quote(option));
    for n in valid {
        msg.push_str(&format!("\n  - {}", quote(n)));
    }
    args::usage_error(ctx, &msg);
    1
}

impl Builtin for Tee {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut run = Run { on_error: OnError::Default, status: 0 };
        let mut append = false;
        for (o, v) in &parsed.opts {
            match o {
                O::Append => append = true,
                O::Ignore => {}
                O::P => run.on_error = OnError::WarnNopipe,
                O::OutputError => match v.as_deref().map(|a| argmatch(a, MODES)) {
                    None => run.on_error = OnError::WarnNopipe,
                    Some(Ok(m)) => run.on_error = m,
                    Some(Err(amb)) => {
                        let names: Vec<&str> = MODES.iter().map(|m| m.0).collect();
                        return bad_argument(ctx, "--output-error", v.as_deref().unwrap_or(""), amb, &names);
                    }
                },
            }
        }
        let mut dests = vec![Dest::Stdout];
        let mode = if append { WriteMode::Append } else { WriteMode::Truncate };
        for name in &parsed.operands {
            match name.as_str() {
                "/dev/stdout" => dests.push(Dest::Stdout),
                "/dev/stderr" => dests.push(Dest::Stderr),
                _ => {
                    let abs = ctx.abs_path(name);
                    if ctx.fs.stat(&abs).is_ok_and(|m| m.file_type == kitsh_core::fs::FileType::Fifo) {
                        // A named pipe: wait for its reader, as open(2) does.
                        match ctx.fs.open_fifo(&abs, true, ctx.cancel.watcher()) {
                            Ok(kitsh_core::fs::fifo::FifoEnd::Writer(w)) => dests.push(Dest::Fifo { w: std::cell::RefCell::new(w), shown: name.clone() }),
                            Ok(kitsh_core::fs::fifo::FifoEnd::Reader(_)) => {}
                            Err(e) => {
                                args::file_error(ctx, name, e);
                                run.status = 1;
                            }
                        }
                        continue;
                    }
                    match ctx.fs.write_file(&abs, b"", mode) {
                        Ok(()) => dests.push(Dest::File { abs, shown: name.clone() }),
                        Err(e) => {
                            args::file_error(ctx, name, e);
                            run.status = 1;
                        }
                    }
                }
            }
        }
        match copy(ctx, &mut run, dests) {
            Ok(()) => run.status,
            Err(st) => st,
        }
    }
}

/// Copy standard input to every destination until end of input or until all are gone.
fn copy(ctx: &mut Ctx<'_>, run: &mut Run, mut dests: Vec<Dest>) -> Result<(), i32> {
    let mut buf = ChunkBuf::new();
    let mut src = Src::Stdin;
    while !dests.is_empty() {
        let n = match read_some(ctx, &mut src, &mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if kitsh_core::util::cancelled::is(&e) => return Err(1),
            Err(e) => {
                ctx.error(&format!("{}: {}", quote_always("standard input"), io_text(&e)));
                return Err(1);
            }
        };
        let mut k = 0;
        while k < dests.len() {
            if run.write(ctx, &dests[k], &buf[..n])? {
                k += 1;
            } else {
                dests.remove(k);
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, with_ctx};
    use crate::testing::run;
    use kitsh_core::fs::{FileSystem, MemoryFs};

    fn tee(args: &[&str], input: &[u8], fs: &MemoryFs) -> (String, String, i32) {
        let o = run(&Tee, "tee", args, input, fs, "/");
        (o.out(), o.stderr, o.status)
    }
    fn file(fs: &MemoryFs, p: &str) -> String {
        String::from_utf8_lossy(&fs.read_file(p).unwrap_or_default()).into_owned()
    }

    #[test]
    fn copies_to_files() {
        let fs = fs_with(&[("/old", b"x\n")]);
        assert_eq!(tee(&["a", "-", "old"], b"hi\n", &fs), ("hi\n".into(), String::new(), 0));
        assert_eq!((file(&fs, "/a"), file(&fs, "/-"), file(&fs, "/old")), ("hi\n".into(), "hi\n".into(), "hi\n".into()));
        assert_eq!(tee(&["-a", "old", "old"], b"z\n", &fs).2, 0);
        assert_eq!(file(&fs, "/old"), "hi\nz\nz\n");
        assert_eq!(tee(&["/dev/stdout"], b"d", &fs).0, "dd");
        assert_eq!(tee(&["/dev/stderr"], b"e", &fs), ("e".into(), "e".into(), 0));
    }

    #[test]
    fn errors() {
        let fs = fs_with(&[("/d/", b"")]);
        let (out, err, st) = tee(&["/nonexist/x", "d", "ok"], b"hi\n", &fs);
        assert_eq!((out.as_str(), st), ("hi\n", 1));
        assert_eq!(err, "tee: /nonexist/x: No such file or directory\ntee: d: Is a directory\n");
        assert_eq!(file(&fs, "/ok"), "hi\n");
        let (_, err, st) = tee(&["--output-error=w"], b"", &fs);
        assert_eq!(st, 1);
        assert!(err.starts_with("tee: ambiguous argument ‘w’ for ‘--output-error’\nValid arguments are:\n  - ‘warn’\n"));
        assert!(err.ends_with("  - ‘exit-nopipe’\nTry 'tee --help' for more information.\n"));
        assert!(tee(&["--output-error=bogus"], b"", &fs).1.starts_with("tee: invalid argument ‘bogus’ for"));
        assert_eq!(tee(&["--output-error=exit-n"], b"a", &fs), ("a".into(), String::new(), 0));
    }

    struct Closed;
    impl io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    fn closed(args: &[&str]) -> (i32, String, String) {
        let fs = fs_with(&[]);
        let argv: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let (st, err) = with_ctx(&*fs, &mut &b"1\n2\n"[..], &mut Closed, |ctx| Tee.run(ctx, &argv));
        (st, err, file(&fs, "/f"))
    }

    #[test]
    fn closed_pipe() {
        assert_eq!(closed(&["f"]), (141, String::new(), String::new()));
        assert_eq!(closed(&["-p", "f"]), (0, String::new(), "1\n2\n".into()));
        assert_eq!(closed(&["--output-error", "f"]), (0, String::new(), "1\n2\n".into()));
        assert_eq!(closed(&["--output-error=warn", "f"]), (1, "test: 'standard output': Broken pipe\n".into(), "1\n2\n".into()));
        assert_eq!(closed(&["--output-error=exit", "f"]).0, 1);
        assert_eq!(argmatch("ex", MODES), Err(true));
        assert_eq!(argmatch("x", MODES), Err(false));
        assert_eq!(argmatch("exit", MODES), Ok(OnError::Exit));
    }
}
