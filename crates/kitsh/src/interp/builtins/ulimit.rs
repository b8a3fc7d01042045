//! `ulimit [-SHa] [-RcdefiklmnpqrstuvxT] [LIMIT]`: virtual resource limits.
//!
//! kitsh runs no processes, so these limits are bookkeeping that scripts can read and set
//! with bash's rules (soft ≤ hard, hard limits can only be lowered, units in blocks or
//! kbytes). Two are enforced: `-n` (a redirection opening a descriptor at or above it fails
//! with "Too many open files") and `-f` (see [`Shell::file_size_limit`]).

use crate::interp::{Exec, Shell};

/// One resource: its option letter, the label `ulimit -a` prints, the unit label, the factor
/// from the unit to the stored value, and the default (soft, hard) values (`None` = unlimited).
struct Resource {
    flag: char,
    label: &'static str,
    unit: &'static str,
    factor: u64,
    default: (Option<u64>, Option<u64>),
}

const fn res(flag: char, label: &'static str, unit: &'static str, factor: u64, soft: Option<u64>, hard: Option<u64>) -> Resource {
    Resource { flag, label, unit, factor, default: (soft, hard) }
}

/// The resources in `ulimit -a` order.
const RESOURCES: &[Resource] = &[
    res('R', "real-time non-blocking time", "microseconds", 1, None, None),
    res('c', "core file size", "blocks", 512, Some(0), None),
    res('d', "data seg size", "kbytes", 1024, None, None),
    res('e', "scheduling priority", "", 1, Some(0), Some(0)),
    res('f', "file size", "blocks", 512, None, None),
    res('i', "pending signals", "", 1, Some(63_704), Some(63_704)),
    res('l', "max locked memory", "kbytes", 1024, Some(8 << 20), Some(8 << 20)),
    res('m', "max memory size", "kbytes", 1024, None, None),
    res('n', "open files", "", 1, Some(1024), Some(1_048_576)),
    res('p', "pipe size", "512 bytes", 512, Some(4096), Some(4096)),
    res('q', "POSIX message queues", "bytes", 1, Some(819_200), Some(819_200)),
    res('r', "real-time priority", "", 1, Some(0), Some(0)),
    res('s', "stack size", "kbytes", 1024, Some(8 << 20), None),
    res('t', "cpu time", "seconds", 1, None, None),
    res('u', "max user processes", "", 1, Some(63_704), Some(63_704)),
    res('v', "virtual memory", "kbytes", 1024, None, None),
    res('x', "file locks", "", 1, None, None),
];

/// The per-shell table of current limits, indexed like [`RESOURCES`].
#[derive(Debug, Clone, Copy)]
pub struct Ulimits {
    soft: [Option<u64>; RESOURCES.len()],
    hard: [Option<u64>; RESOURCES.len()],
}

impl Default for Ulimits {
    fn default() -> Self {
        let mut u = Ulimits { soft: [None; RESOURCES.len()], hard: [None; RESOURCES.len()] };
        for (i, r) in RESOURCES.iter().enumerate() {
            u.soft[i] = r.default.0;
            u.hard[i] = r.default.1;
        }
        u
    }
}

impl Ulimits {
    /// The soft limit on open descriptors (`ulimit -n`).
    pub fn open_files(&self) -> Option<u64> {
        self.soft[index('n').unwrap_or(0)]
    }

}

fn index(flag: char) -> Option<usize> {
    RESOURCES.iter().position(|r| r.flag == flag)
}

const USAGE: &str = "ulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n";

/// `ulimit`
pub fn ulimit(sh: &mut Shell, args: &[String]) -> Exec {
    let (mut soft, mut hard, mut all) = (false, false, false);
    let mut wanted: Vec<usize> = Vec::new();
    let mut i = 1;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        let Some(flags) = a.strip_prefix('-').filter(|f| !f.is_empty()) else { break };
        for c in flags.chars() {
            match c {
                'S' => soft = true,
                'H' => hard = true,
                'a' => all = true,
                c => match index(c) {
                    Some(k) => wanted.push(k),
                    None => {
                        sh.builtin_error("ulimit", &format!("-{c}: invalid option"));
                        sh.write_fd(2, USAGE.as_bytes());
                        return Ok(2);
                    }
                },
            }
        }
        i += 1;
    }
    let operand = args.get(i);
    if all {
        let mut out = String::new();
        for (k, r) in RESOURCES.iter().enumerate() {
            describe(&mut out, r);
            out.push_str(&show(if hard && !soft { sh.proc.ulimits.hard[k] } else { sh.proc.ulimits.soft[k] }, r));
            out.push('\n');
        }
        sh.out(out.as_bytes());
        return Ok(0);
    }
    if wanted.is_empty() {
        wanted.push(index('f').unwrap_or(0));
    }
    match operand {
        None => {
            let mut out = String::new();
            for &k in &wanted {
                let r = &RESOURCES[k];
                if wanted.len() > 1 {
                    describe(&mut out, r);
                }
                out.push_str(&show(if hard && !soft { sh.proc.ulimits.hard[k] } else { sh.proc.ulimits.soft[k] }, r));
                out.push('\n');
            }
            sh.out(out.as_bytes());
            Ok(0)
        }
        Some(v) => {
            let mut status = 0;
            for &k in &wanted {
                if set_limit(sh, k, v, soft, hard).is_err() {
                    status = 1;
                }
            }
            Ok(status)
        }
    }
}

fn describe(out: &mut String, r: &Resource) {
    // bash: printf ("%-20s %20s", description, "(UNITS, -F) ")
    let tail = if r.unit.is_empty() { format!("(-{}) ", r.flag) } else { format!("({}, -{}) ", r.unit, r.flag) };
    out.push_str(&format!("{:<20} {tail:>20}", r.label));
}

fn show(v: Option<u64>, r: &Resource) -> String {
    match v {
        None => "unlimited".to_string(),
        Some(n) => (n / r.factor).to_string(),
    }
}

/// Set resource `k` from the operand `v`; errors are reported here.
fn set_limit(sh: &mut Shell, k: usize, v: &str, soft: bool, hard: bool) -> Result<(), ()> {
    let r = &RESOURCES[k];
    let (set_soft, set_hard) = if soft || hard { (soft, hard) } else { (true, true) };
    let value = match v {
        "unlimited" => None,
        "hard" => sh.proc.ulimits.hard[k],
        "soft" => sh.proc.ulimits.soft[k],
        _ => {
            if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
                sh.builtin_error("ulimit", &format!("{v}: invalid number"));
                return Err(());
            }
            match v.parse::<u64>().ok().and_then(|n| n.checked_mul(r.factor)).filter(|n| *n < i64::MAX as u64) {
                Some(n) => Some(n),
                None => {
                    sh.builtin_error("ulimit", &format!("{v}: limit out of range"));
                    return Err(());
                }
            }
        }
    };
    let le = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (_, None) => true,
        (None, Some(_)) => false,
        (Some(x), Some(y)) => x <= y,
    };
    let cur_hard = sh.proc.ulimits.hard[k];
    let err = if set_hard && !le(value, cur_hard) {
        Some("Operation not permitted")
    } else if set_soft && !set_hard && !le(value, cur_hard) {
        Some("Invalid argument")
    } else {
        None
    };
    if let Some(e) = err {
        sh.builtin_error("ulimit", &format!("{}: cannot modify limit: {e}", r.label));
        return Err(());
    }
    if set_hard {
        sh.proc.ulimits.hard[k] = value;
    }
    if set_soft {
        sh.proc.ulimits.soft[k] = value;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::Bash;

    fn run(s: &str) -> (String, String, i32) {
        let r = Bash::builder().name("bash").build().map(|mut b| b.exec_sync(s));
        match r {
            Ok(r) => (r.stdout, r.stderr, r.exit_code),
            Err(e) => (String::new(), e.to_string(), -1),
        }
    }

    #[test]
    fn defaults_and_setting() {
        assert_eq!(run("ulimit; ulimit -f; ulimit -n").0, "unlimited\nunlimited\n1024\n");
        assert_eq!(run("ulimit -f 100; ulimit -f").0, "100\n");
        assert_eq!(run("ulimit -f $(( 1 << 53 )); ulimit -f").0, "9007199254740992\n");
    }

    #[test]
    fn errors() {
        let (_, e, s) = run("ulimit -f zz");
        assert_eq!((e.as_str(), s), ("bash: line 1: ulimit: zz: invalid number\n", 1));
        let (_, e, s) = run("ulimit -f -42");
        assert_eq!((e.as_str(), s), ("bash: line 1: ulimit: -4: invalid option\nulimit: usage: ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]\n", 2));
        assert_eq!(run("ulimit -f $(( (1 << 62) + 1 )); echo $?; ulimit -f").0, "1\nunlimited\n");
    }

    #[test]
    fn soft_and_hard() {
        let s = "ulimit -S -t 123456; ulimit -H -t 123457; ulimit -t; ulimit -H -t; ulimit -S -t 200000; echo $?; ulimit -H -t 200000; echo $?";
        assert_eq!(run(s).0, "123456\n123457\n1\n1\n");
        assert_eq!(run("ulimit -S -H -t 100; echo $?; ulimit -S -t 90; echo $?").0, "0\n0\n");
    }

    #[test]
    fn listing() {
        let out = run("ulimit -a").0;
        assert!(out.starts_with("real-time non-blocking time  (microseconds, -R) unlimited\ncore file size              (blocks, -c) 0\n"), "{out}");
        assert!(out.contains("\nopen files                          (-n) 1024\n"), "{out}");
        assert!(out.contains("\npipe size                (512 bytes, -p) 8\n"), "{out}");
        assert_eq!(run("ulimit -f -n").0, "file size                   (blocks, -f) unlimited\nopen files                          (-n) 1024\n");
    }
}
