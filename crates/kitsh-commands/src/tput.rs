//! `tput`: terminal capabilities from a small built-in terminfo (the xterm family, `vt100`,
//! `linux`, `screen`, `tmux`, `dumb`), as ncurses' tput prints them: `cols`/`lines` (from
//! `$COLUMNS`/`$LINES`, else 80x24), `colors`, `bold`, `sgr0`, `setaf N`, `setab N`,
//! `cup R C`, `clear`, and the usual attribute and cursor strings. No `$TERM` (and no `-T`)
//! fails with status 2, as ncurses does.

use super::{Builtin, Ctx};

/// The `tput` command.
pub struct Tput;

/// What kind of terminal the name describes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Term {
    Xterm(i32),
    Vt100,
    Dumb,
}

fn term_kind(name: &str) -> Option<Term> {
    Some(match name {
        "dumb" => Term::Dumb,
        "vt100" | "vt102" | "vt220" => Term::Vt100,
        n if n.ends_with("-256color") => Term::Xterm(256),
        "xterm" | "xterm-color" | "xterm-16color" | "screen" | "tmux" | "linux" | "ansi" | "rxvt" | "konsole" | "gnome" => Term::Xterm(8),
        n if n.starts_with("xterm") || n.starts_with("screen") || n.starts_with("tmux") => Term::Xterm(8),
        _ => return None,
    })
}

/// The result of one capability: a string, a number, or absent (status 1), or unknown (4).
enum Cap {
    Str(String),
    Num(i64),
    Absent,
    Unknown,
}

fn capability(term: Term, name: &str, args: &[String], env: &dyn super::Env) -> Cap {
    let num = |k: usize| args.get(k).and_then(|a| a.parse::<i64>().ok()).unwrap_or(0);
    match name {
        "cols" | "columns" => return Cap::Num(env.get("COLUMNS").and_then(|c| c.parse().ok()).unwrap_or(80)),
        "lines" => return Cap::Num(env.get("LINES").and_then(|c| c.parse().ok()).unwrap_or(24)),
        "colors" => {
            return Cap::Num(match term {
                Term::Xterm(n) => i64::from(n),
                _ => -1,
            })
        }
        "longname" => {
            return Cap::Str(
                match term {
                    Term::Xterm(_) => "xterm terminal emulator (X Window System)",
                    Term::Vt100 => "dec vt100 (w/advanced video)",
                    Term::Dumb => "80-column dumb tty",
                }
                .into(),
            )
        }
        "bel" => return Cap::Str("\x07".into()),
        _ => {}
    }
    if term == Term::Dumb {
        return if KNOWN.contains(&name) { Cap::Absent } else { Cap::Unknown };
    }
    let s: String = match name {
        "bold" => "\x1b[1m".into(),
        "dim" if matches!(term, Term::Xterm(_)) => "\x1b[2m".into(),
        "smul" => "\x1b[4m".into(),
        "rmul" if matches!(term, Term::Xterm(_)) => "\x1b[24m".into(),
        "rev" | "smso" => "\x1b[7m".into(),
        "rmso" if matches!(term, Term::Xterm(_)) => "\x1b[27m".into(),
        "blink" => "\x1b[5m".into(),
        "sgr0" if matches!(term, Term::Xterm(_)) => "\x1b(B\x1b[m".into(),
        "sgr0" => "\x1b[m\x0f".into(),
        "setaf" if matches!(term, Term::Xterm(_)) => {
            let n = num(0);
            if n < 8 {
                format!("\x1b[3{n}m")
            } else if n < 16 {
                format!("\x1b[9{}m", n - 8)
            } else {
                format!("\x1b[38;5;{n}m")
            }
        }
        "setab" if matches!(term, Term::Xterm(_)) => {
            let n = num(0);
            if n < 8 {
                format!("\x1b[4{n}m")
            } else if n < 16 {
                format!("\x1b[10{}m", n - 8)
            } else {
                format!("\x1b[48;5;{n}m")
            }
        }
        "op" if matches!(term, Term::Xterm(_)) => "\x1b[39;49m".into(),
        "cup" => format!("\x1b[{};{}H", num(0) + 1, num(1) + 1),
        "clear" if matches!(term, Term::Xterm(_)) => "\x1b[H\x1b[2J\x1b[3J".into(),
        "clear" => "\x1b[H\x1b[J".into(),
        "home" => "\x1b[H".into(),
        "el" => "\x1b[K".into(),
        "el1" => "\x1b[1K".into(),
        "ed" => "\x1b[J".into(),
        "cuu1" => "\x1b[A".into(),
        "cud1" => "\n".into(),
        "cub1" => "\x08".into(),
        "cuf1" => "\x1b[C".into(),
        "sc" => "\x1b7".into(),
        "rc" => "\x1b8".into(),
        "civis" if matches!(term, Term::Xterm(_)) => "\x1b[?25l".into(),
        "cnorm" if matches!(term, Term::Xterm(_)) => "\x1b[?12l\x1b[?25h".into(),
        "smcup" if matches!(term, Term::Xterm(_)) => "\x1b[?1049h\x1b[22;0;0t".into(),
        "rmcup" if matches!(term, Term::Xterm(_)) => "\x1b[?1049l\x1b[23;0;0t".into(),
        "init" | "reset" => String::new(),
        n if KNOWN.contains(&n) => return Cap::Absent,
        _ => return Cap::Unknown,
    };
    Cap::Str(s)
}

/// Capability names this table knows (absent on some terminals).
const KNOWN: &[&str] = &[
    "bold", "dim", "smul", "rmul", "rev", "smso", "rmso", "blink", "sgr0", "setaf", "setab", "op", "cup", "clear", "home", "el", "el1",
    "ed", "cuu1", "cud1", "cub1", "cuf1", "sc", "rc", "civis", "cnorm", "smcup", "rmcup", "init", "reset",
];

impl Builtin for Tput {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let mut i = 0;
        let mut term_name = None;
        while let Some(a) = argv.get(i) {
            if let Some(t) = a.strip_prefix("-T") {
                if t.is_empty() {
                    i += 1;
                    term_name = argv.get(i).cloned();
                } else {
                    term_name = Some(t.to_string());
                }
            } else if a == "-x" || a == "-S" {
            } else if a == "-V" {
                let _ = writeln!(ctx.stdout, "ncurses 6.4.20221231");
                return 0;
            } else if a == "--" {
                i += 1;
                break;
            } else {
                break;
            }
            i += 1;
        }
        let term_name = term_name.or_else(|| ctx.env.get("TERM")).filter(|t| !t.is_empty());
        let Some(term_name) = term_name else {
            ctx.error("No value for $TERM and no -T specified");
            return 2;
        };
        let Some(term) = term_kind(&term_name) else {
            ctx.error(&format!("unknown terminal \"{term_name}\""));
            return 3;
        };
        let Some(cap) = argv.get(i) else {
            let _ = writeln!(
                ctx.stderr,
                "Usage: tput [options] [command]\n\nOptions:\n  -S <<       read commands from standard input\n  -T TERM     use this instead of $TERM\n  -V          print curses-version\n  -x          do not try to clear scrollback"
            );
            return 2;
        };
        match capability(term, cap, &argv[i + 1..], ctx.env) {
            Cap::Str(s) => match ctx.stdout.write_all(s.as_bytes()) {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            },
            Cap::Num(n) => match writeln!(ctx.stdout, "{n}") {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            },
            Cap::Absent => 1,
            Cap::Unknown => {
                ctx.error(&format!("unknown terminfo capability '{cap}'"));
                4
            }
        }
    }
}
