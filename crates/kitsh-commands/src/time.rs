//! `time`: the GNU time program (`/usr/bin/time`, `command time`, `env time`), as opposed
//! to the shell's `time` keyword: `-f FORMAT`, `-p`, `-v`, `-o FILE`, `-a`, `-q`.
//!
//! The command runs in this process, so there is no separate resource usage to report:
//! elapsed time is measured, CPU times are the elapsed time's share the shell's `time`
//! keyword also reports (none), and memory and I/O counters are 0.

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use super::args::{usage_error, Config, OptSpec};
use super::{Builtin, Ctx, Spawn, SpawnError, SpawnIn, SpawnOut};
use kitsh_core::fs::WriteMode;

/// The `time` command.
pub struct Time;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Format,
    Portable,
    Verbose,
    Output,
    Append,
    Quiet,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('f', "format", O::Format),
    OptSpec::flag('p', "portability", O::Portable),
    OptSpec::flag('v', "verbose", O::Verbose),
    OptSpec::req('o', "output", O::Output),
    OptSpec::flag('a', "append", O::Append),
    OptSpec::flag('q', "quiet", O::Quiet),
];

const USAGE: &str = "Usage: time [OPTION...] COMMAND [ARG...]
Run COMMAND, then print system resource usage.

  -a, --append               with -o FILE, append instead of overwriting
  -f, --format=FORMAT        use the specified FORMAT instead of the default
  -o, --output=FILE          write to FILE instead of STDERR
  -p, --portability          print POSIX standard 1003.2 conformant string:
                             real %%e
                             user %%U
                             sys %%S
  -q, --quiet                do not print information about abnormal program
                             termination (non-zero exit codes or signals)
  -v, --verbose              print all resource usage information instead of
                             the default format
  -?, --help                 give this help list
      --usage                give a short usage message
  -V, --version              print program version";

/// GNU time's default report.
const DEFAULT_FORMAT: &str = "%Uuser %Ssystem %Eelapsed %PCPU (%Xavgtext+%Davgdata %Mmaxresident)k\n\
%Iinputs+%Ooutputs (%Fmajor+%Rminor)pagefaults %Wswaps";

/// `-p`.
const PORTABLE_FORMAT: &str = "real %e\nuser %U\nsys %S";

/// `-v`.
const VERBOSE_FORMAT: &str = "\tCommand being timed: \"%C\"\n\
\tUser time (seconds): %U\n\
\tSystem time (seconds): %S\n\
\tPercent of CPU this job got: %P\n\
\tElapsed (wall clock) time (h:mm:ss or m:ss): %E\n\
\tAverage shared text size (kbytes): %X\n\
\tAverage unshared data size (kbytes): %D\n\
\tAverage stack size (kbytes): %p\n\
\tAverage total size (kbytes): %K\n\
\tMaximum resident set size (kbytes): %M\n\
\tAverage resident set size (kbytes): %t\n\
\tMajor (requiring I/O) page faults: %F\n\
\tMinor (reclaiming a frame) page faults: %R\n\
\tVoluntary context switches: %w\n\
\tInvoluntary context switches: %c\n\
\tSwaps: %W\n\
\tFile system inputs: %I\n\
\tFile system outputs: %O\n\
\tSocket messages sent: %s\n\
\tSocket messages received: %r\n\
\tSignals delivered: %k\n\
\tPage size (bytes): %Z\n\
\tExit status: %x";

/// What the report is made of.
struct Usage<'a> {
    argv: &'a [String],
    elapsed: Duration,
    status: i32,
}

/// Expand a GNU time format: `%` directives and the `\n`, `\t`, `\\` escapes; an unknown
/// directive or escape is kept with a `?` before its letter, as GNU time does.
fn report(format: &str, u: &Usage<'_>) -> String {
    let mut out = String::new();
    let secs = u.elapsed.as_secs_f64();
    let mut chars = format.chars();
    while let Some(c) = chars.next() {
        match c {
            '%' => match chars.next() {
                None => out.push_str("?%"),
                Some('%') => out.push('%'),
                Some('C') => out.push_str(&u.argv.join(" ")),
                Some('e') => {
                    let _ = write!(out, "{secs:.2}");
                }
                Some('E') => out.push_str(&clock(u.elapsed)),
                Some('U' | 'S') => out.push_str("0.00"),
                Some('P') => out.push_str("0%"),
                Some('x') => {
                    let _ = write!(out, "{}", u.status);
                }
                Some('Z') => out.push_str("4096"),
                Some('X' | 'D' | 'p' | 'K' | 'M' | 't' | 'F' | 'R' | 'w' | 'c' | 'W' | 'I' | 'O' | 's' | 'r' | 'k') => {
                    out.push('0')
                }
                Some(other) => {
                    out.push('?');
                    out.push(other);
                }
            },
            '\\' => match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('\\') => out.push('\\'),
                Some(other) => {
                    out.push('?');
                    out.push('\\');
                    out.push(other);
                }
                None => out.push_str("?\\"),
            },
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

/// `%E`: `[H:]M:SS.ss`.
fn clock(d: Duration) -> String {
    let total = d.as_secs();
    let cents = d.subsec_millis() / 10;
    let (h, m, s) = (total / 3600, (total / 60) % 60, total % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}.{cents:02}")
    }
}

impl Builtin for Time {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        // GNU time stops at the first operand: the rest is the command's.
        let cfg = Config { permute: false, status: 125, ..Config::new(ctx.name, USAGE) };
        let parsed = match super::args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut format = DEFAULT_FORMAT.to_string();
        let (mut output, mut append, mut quiet) = (None, false, false);
        for (id, val) in parsed.opts {
            match id {
                O::Format => format = val.unwrap_or_default(),
                O::Portable => format = PORTABLE_FORMAT.to_string(),
                O::Verbose => format = VERBOSE_FORMAT.to_string(),
                O::Output => output = val,
                O::Append => append = true,
                O::Quiet => quiet = true,
            }
        }
        let command = &parsed.operands;
        if command.is_empty() {
            usage_error(ctx, "missing program to run");
            return 125;
        }
        let _ = ctx.stdout.flush();
        let start = Instant::now();
        let spawn: &dyn Spawn = ctx.spawn;
        let status = match spawn.command(command, SpawnIn::Inherit, SpawnOut::Inherit) {
            Ok(s) => s,
            Err(e) => {
                let why = match e {
                    SpawnError::NotFound => "No such file or directory",
                    SpawnError::PermissionDenied => "Permission denied",
                };
                ctx.error(&format!("cannot run {}: {why}", command[0]));
                e.status()
            }
        };
        let usage = Usage { argv: command, elapsed: start.elapsed(), status };
        let mut text = String::new();
        if status != 0 && !quiet {
            if status > 128 {
                let _ = writeln!(text, "Command terminated by signal {}", status - 128);
            } else {
                let _ = writeln!(text, "Command exited with non-zero status {status}");
            }
        }
        text.push_str(&report(&format, &usage));
        match output {
            Some(path) => {
                let abs = kitsh_core::fs::join_path(ctx.cwd, &path);
                let mode = if append { WriteMode::Append } else { WriteMode::Truncate };
                if let Err(e) = ctx.fs.write_file(&abs, text.as_bytes(), mode) {
                    ctx.file_error(&path, e);
                }
            }
            None => {
                let _ = ctx.stderr.write_all(text.as_bytes());
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(status: i32, millis: u64) -> Usage<'static> {
        static ARGV: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
        let argv = ARGV.get_or_init(|| vec!["sleep".to_string(), "1".to_string()]);
        Usage { argv, elapsed: Duration::from_millis(millis), status }
    }

    #[test]
    fn directives_and_escapes() {
        assert_eq!(report("%e %E %x %C", &usage(3, 1234)), "1.23 0:01.23 3 sleep 1\n");
        assert_eq!(report("a\\tb\\nc %Z %q %%", &usage(0, 0)), "a\tb\nc 4096 ?q %\n");
        assert_eq!(report(PORTABLE_FORMAT, &usage(0, 20)), "real 0.02\nuser 0.00\nsys 0.00\n");
    }

    #[test]
    fn long_runs_show_hours() {
        assert_eq!(clock(Duration::from_secs(3723)), "1:02:03");
        assert_eq!(clock(Duration::from_millis(61_500)), "1:01.50");
    }
}
