//! Signal names and numbers as Linux numbers them, for `trap`, `kill` and exit statuses.

/// (number, name without `SIG`) for every signal `kill -l` lists, in order.
pub const SIGNALS: &[(i32, &str)] = &[
    (1, "HUP"),
    (2, "INT"),
    (3, "QUIT"),
    (4, "ILL"),
    (5, "TRAP"),
    (6, "ABRT"),
    (7, "BUS"),
    (8, "FPE"),
    (9, "KILL"),
    (10, "USR1"),
    (11, "SEGV"),
    (12, "USR2"),
    (13, "PIPE"),
    (14, "ALRM"),
    (15, "TERM"),
    (16, "STKFLT"),
    (17, "CHLD"),
    (18, "CONT"),
    (19, "STOP"),
    (20, "TSTP"),
    (21, "TTIN"),
    (22, "TTOU"),
    (23, "URG"),
    (24, "XCPU"),
    (25, "XFSZ"),
    (26, "VTALRM"),
    (27, "PROF"),
    (28, "WINCH"),
    (29, "IO"),
    (30, "PWR"),
    (31, "SYS"),
];

/// The first and last real-time signal numbers.
const RTMIN: i32 = 34;
const RTMAX: i32 = 64;

/// The name of signal `n` without `SIG` (`USR1`, `RTMIN+3`), if it exists.
pub fn name(n: i32) -> Option<String> {
    if let Some((_, s)) = SIGNALS.iter().find(|(k, _)| *k == n) {
        return Some((*s).to_string());
    }
    match n {
        RTMIN => Some("RTMIN".into()),
        RTMAX => Some("RTMAX".into()),
        35..=49 => Some(format!("RTMIN+{}", n - RTMIN)),
        50..=63 => Some(format!("RTMAX-{}", RTMAX - n)),
        _ => None,
    }
}

/// The number of a signal given by name (`USR1`, `SIGUSR1`, `usr1`) or number (`10`).
pub fn number(spec: &str) -> Option<i32> {
    if let Ok(n) = spec.parse::<i32>() {
        return (n == 0 || name(n).is_some()).then_some(n);
    }
    let up = spec.to_ascii_uppercase();
    let bare = up.strip_prefix("SIG").unwrap_or(&up);
    if bare == "EXIT" {
        return Some(0);
    }
    if let Some((n, _)) = SIGNALS.iter().find(|(_, s)| *s == bare) {
        return Some(*n);
    }
    let rt = |rest: &str, base: i32, sign: i32| -> Option<i32> {
        let k: i32 = if rest.is_empty() { 0 } else { rest.strip_prefix(if sign > 0 { '+' } else { '-' })?.parse().ok()? };
        let n = base + sign * k;
        (RTMIN..=RTMAX).contains(&n).then_some(n)
    };
    if let Some(rest) = bare.strip_prefix("RTMIN") {
        return rt(rest, RTMIN, 1);
    }
    if let Some(rest) = bare.strip_prefix("RTMAX") {
        return rt(rest, RTMAX, -1);
    }
    None
}

/// All signal numbers in `kill -l` order.
pub fn all() -> impl Iterator<Item = i32> {
    (1..=31).chain(RTMIN..=RTMAX)
}

/// The text bash prints for a job killed by signal `n` (`Hangup`, `Terminated`, ...).
pub fn description(n: i32) -> String {
    let d = match n {
        1 => "Hangup",
        2 => "Interrupt",
        3 => "Quit",
        4 => "Illegal instruction",
        5 => "Trace/breakpoint trap",
        6 => "Aborted",
        7 => "Bus error",
        8 => "Floating point exception",
        9 => "Killed",
        10 => "User defined signal 1",
        11 => "Segmentation fault",
        12 => "User defined signal 2",
        13 => "Broken pipe",
        14 => "Alarm clock",
        15 => "Terminated",
        24 => "CPU time limit exceeded",
        25 => "File size limit exceeded",
        26 => "Virtual timer expired",
        27 => "Profiling timer expired",
        _ => return format!("Signal {n}"),
    };
    d.to_string()
}

/// Does signal `n` end the process when it is neither trapped nor ignored?
pub fn is_fatal_by_default(n: i32) -> bool {
    !matches!(n, 17 | 18 | 19 | 20 | 21 | 22 | 23 | 28)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers() {
        assert_eq!(number("USR1"), Some(10));
        assert_eq!(number("sigterm"), Some(15));
        assert_eq!(number("EXIT"), Some(0));
        assert_eq!(number("9"), Some(9));
        assert_eq!(number("RTMIN+1"), Some(35));
        assert_eq!(number("RTMAX-1"), Some(63));
        assert_eq!(number("32"), None);
        assert_eq!(number("FOO"), None);
        assert_eq!(name(35).as_deref(), Some("RTMIN+1"));
        assert_eq!(name(50).as_deref(), Some("RTMAX-14"));
        assert_eq!(all().count(), 62);
    }
}
