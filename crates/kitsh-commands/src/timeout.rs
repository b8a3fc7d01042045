//! `timeout`: run a command with a time limit, as GNU coreutils: `-s SIG`, `-k DURATION`,
//! `--preserve-status`, `--foreground`, `-v`; status 124 when the limit passed, 125 for its
//! own errors, 126/127 when the command cannot be run.
//!
//! The command runs in a process group of its own ([`Spawn::command_timeout`]): when the time
//! is up, every shell of the group (the command, its pipeline stages and nested shells) gets
//! the signal at its next command boundary, and `sleep` or a wait for input ends at once.

use std::time::Duration;

use super::args::{quote, usage_error, ArgKind, Config, OptSpec};
use super::sleep::interval;
use super::{Builtin, Ctx, Spawn};

/// The `timeout` command.
pub struct Timeout;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Signal,
    KillAfter,
    Preserve,
    Foreground,
    Verbose,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('s', "signal", O::Signal),
    OptSpec::req('k', "kill-after", O::KillAfter),
    OptSpec::long("preserve-status", ArgKind::None, O::Preserve),
    OptSpec::long("foreground", ArgKind::None, O::Foreground),
    OptSpec::flag('v', "verbose", O::Verbose),
];

const USAGE: &str = "Usage: timeout [OPTION] DURATION COMMAND [ARG]...
  or:  timeout [OPTION]
Start COMMAND, and kill it if still running after DURATION.

      --preserve-status
                 exit with the same status as COMMAND, even when the
                   command times out
      --foreground
                 when not running timeout directly from a shell prompt,
                   allow COMMAND to read from the TTY and get TTY signals;
                   in this mode, children of COMMAND will not be timed out
  -k, --kill-after=DURATION
                 also send a KILL signal if COMMAND is still running
                   this long after the initial signal was sent
  -s, --signal=SIGNAL
                 specify the signal to be sent on timeout;
                   SIGNAL may be a name like 'HUP' or a number;
                   see 'kill -l' for a list of signals
  -v, --verbose  diagnose to stderr any signal sent upon timeout";

/// The exit status of timeout's own failures.
const CANCELED: i32 = 125;

/// A duration operand: `0` (or `inf`) means no limit.
fn duration(s: &str) -> Option<Option<Duration>> {
    let secs = interval(s)?;
    if secs == 0.0 || !secs.is_finite() || secs > 1e9 {
        return Some(None);
    }
    Some(Some(Duration::from_secs_f64(secs)))
}

impl Builtin for Timeout {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { permute: false, status: CANCELED, ..Config::new("timeout", USAGE) };
        let parsed = match super::args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut signal = 15;
        let mut kill_after = None;
        let mut preserve = false;
        let mut verbose = false;
        for (id, val) in parsed.opts {
            let val = val.unwrap_or_default();
            match id {
                O::Signal => match kitsh_core::util::signals::number(&val) {
                    Some(n) if n > 0 => signal = n,
                    _ => {
                        usage_error(ctx, &format!("{}: invalid signal", quote(&val)));
                        return CANCELED;
                    }
                },
                O::KillAfter => match duration(&val) {
                    Some(d) => kill_after = d,
                    None => {
                        usage_error(ctx, &format!("invalid time interval {}", quote(&val)));
                        return CANCELED;
                    }
                },
                O::Preserve => preserve = true,
                O::Foreground => {}
                O::Verbose => verbose = true,
            }
        }
        let ops = parsed.operands;
        if ops.len() < 2 {
            let _ = writeln!(ctx.stderr, "Try 'timeout --help' for more information.");
            return CANCELED;
        }
        let Some(limit) = duration(&ops[0]) else {
            usage_error(ctx, &format!("invalid time interval {}", quote(&ops[0])));
            return CANCELED;
        };
        let command = &ops[1..];
        let _ = ctx.stdout.flush();
        let spawn: &dyn Spawn = ctx.spawn;
        let result = match limit {
            Some(limit) => spawn.command_timeout(command, limit, signal, kill_after),
            None => spawn
                .command(command, super::SpawnIn::Inherit, super::SpawnOut::Inherit)
                .map(|status| super::Timed { status, timed_out: false }),
        };
        match result {
            Err(e) => {
                ctx.error(&format!("failed to run command {}: {e}", quote(&command[0])));
                e.status()
            }
            Ok(t) if !t.timed_out => t.status,
            Ok(t) => {
                let killed = t.status == 128 + 9;
                if verbose {
                    let name = kitsh_core::util::signals::name(signal).unwrap_or_else(|| signal.to_string());
                    ctx.error(&format!("sending signal {name} to command {}", quote(&command[0])));
                    if killed && signal != 9 {
                        ctx.error(&format!("sending signal KILL to command {}", quote(&command[0])));
                    }
                }
                if preserve {
                    t.status
                } else if killed {
                    // SIGKILL ends timeout itself too (it is in the group it signals).
                    137
                } else {
                    124
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(duration("1.5"), Some(Some(Duration::from_millis(1500))));
        assert_eq!(duration("2m"), Some(Some(Duration::from_secs(120))));
        assert_eq!(duration("0"), Some(None));
        assert_eq!(duration("inf"), Some(None));
        assert_eq!(duration("1x"), None);
        assert_eq!(duration("-1"), None);
    }
}
