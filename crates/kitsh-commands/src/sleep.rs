//! `sleep`: pause for a sum of intervals (`1.5`, `2m`, `1h`, `0.5d`, `inf`). The wait uses
//! [`Ctx::sleep`], so a timeout interrupts it; an interrupted sleep exits with status 1.

use std::time::Duration;

use super::args::{self, quote, strtod, usage_error, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `sleep` command.
pub struct Sleep;

const SPECS: &[OptSpec<char>] = &[];
const USAGE: &str = "Usage: sleep NUMBER[SUFFIX]...\nPause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),\n'm' for minutes, 'h' for hours or 'd' for days.";

/// Seconds of one interval operand, `None` if invalid.
pub(crate) fn interval(s: &str) -> Option<f64> {
    let (v, n) = strtod(s);
    if n == 0 || v.is_nan() || v < 0.0 {
        return None;
    }
    let mult = match &s[n..] {
        "" | "s" => 1.0,
        "m" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        _ => return None,
    };
    Some(v * mult)
}

impl Builtin for Sleep {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        if parsed.operands.is_empty() {
            usage_error(ctx, "missing operand");
            return 1;
        }
        let mut total = 0.0;
        let mut bad = false;
        for a in &parsed.operands {
            match interval(a) {
                Some(v) => total += v,
                None => {
                    ctx.error(&format!("invalid time interval {}", quote(a)));
                    bad = true;
                }
            }
        }
        if bad {
            let _ = writeln!(ctx.stderr, "Try '{} --help' for more information.", ctx.name);
            return 1;
        }
        // Sleep in day-long steps so that `inf` works without overflowing a Duration.
        while total > 0.0 {
            let step = total.min(86_400.0);
            let dur = Duration::try_from_secs_f64(step).unwrap_or(Duration::ZERO);
            if !ctx.sleep(dur) {
                return 1;
            }
            if total.is_finite() {
                total -= step;
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::NOFS;
    use crate::testing::run;

    fn sl(args: &[&str]) -> (String, i32) {
        let o = run(&Sleep, "sleep", args, b"", &*NOFS, "/");
        (o.stderr, o.status)
    }

    #[test]
    fn intervals() {
        assert_eq!(interval("1.5"), Some(1.5));
        assert_eq!(interval("2m"), Some(120.0));
        assert_eq!(interval("0.5d"), Some(43200.0));
        assert_eq!(interval(" 1"), Some(1.0));
        assert_eq!(interval("0x1p-3"), Some(0.125));
        assert_eq!(interval("inf"), Some(f64::INFINITY));
        assert_eq!(interval("1x"), None);
        assert_eq!(interval("nan"), None);
        assert_eq!(interval("-1"), None);
        assert_eq!(interval(""), None);
    }

    #[test]
    fn runs_and_errors() {
        assert_eq!(sl(&["0.01", "0s"]), (String::new(), 0));
        let try_line = "Try 'sleep --help' for more information.\n";
        assert_eq!(sl(&[]), (format!("sleep: missing operand\n{try_line}"), 1));
        assert_eq!(sl(&["x", "1y"]), (format!("sleep: invalid time interval ‘x’\nsleep: invalid time interval ‘1y’\n{try_line}"), 1));
        assert_eq!(sl(&["-1"]).0, format!("sleep: invalid option -- '1'\n{try_line}"));
    }
}
