//! `shuf`: random permutations, as GNU coreutils: lines of a file or stdin, `-e ARGS`,
//! `-i LO-HI`, `-n COUNT`, `-r` (with replacement; endless without `-n`), `-z`, `-o FILE`,
//! `--random-source=FILE`.
//!
//! The generator is seeded from the shell's `$RANDOM` state once the script has assigned
//! `RANDOM` (so `RANDOM=42; shuf ...` is repeatable), from `--random-source`'s bytes when
//! given, and otherwise from the clock. The permutations differ from GNU shuf's (which reads
//! `/dev/urandom`); only their distribution is the same.

use std::collections::HashMap;

use super::args::{self, quote, quote_always, usage_error, Config, OptSpec};
use super::{Builtin, Ctx, SystemInfo};
use kitsh_core::fs::WriteMode;

/// The `shuf` command.
pub struct Shuf;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Echo,
    Range,
    Count,
    Output,
    Source,
    Repeat,
    Zero,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('e', "echo", O::Echo),
    OptSpec::req('i', "input-range", O::Range),
    OptSpec::req('n', "head-count", O::Count),
    OptSpec::req('o', "output", O::Output),
    OptSpec::long("random-source", args::ArgKind::Required, O::Source),
    OptSpec::flag('r', "repeat", O::Repeat),
    OptSpec::flag('z', "zero-terminated", O::Zero),
];

const USAGE: &str = "Usage: shuf [OPTION]... [FILE]
  or:  shuf -e [OPTION]... [ARG]...
  or:  shuf -i LO-HI [OPTION]...
Write a random permutation of the input lines to standard output.

  -e, --echo                treat each ARG as an input line
  -i, --input-range=LO-HI   treat each number LO through HI as an input line
  -n, --head-count=COUNT    output at most COUNT lines
  -o, --output=FILE         write result to FILE instead of standard output
      --random-source=FILE  get random bytes from FILE
  -r, --repeat              output lines can be repeated
  -z, --zero-terminated     line delimiter is NUL, not newline";

/// A small, well-mixed generator (SplitMix64).
pub(crate) struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform number below `n` (> 0), without modulo bias.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        let zone = u64::MAX - u64::MAX % n;
        loop {
            let v = self.next();
            if v < zone {
                return v % n;
            }
        }
    }
}

/// The items to permute.
enum Items {
    Lines(Vec<Vec<u8>>),
    Range(u64, u64),
}

impl Items {
    fn len(&self) -> u64 {
        match self {
            Items::Lines(v) => v.len() as u64,
            Items::Range(lo, hi) => hi + 1 - lo,
        }
    }
    fn write(&self, k: u64, out: &mut Vec<u8>) {
        match self {
            Items::Lines(v) => out.extend_from_slice(&v[k as usize]),
            Items::Range(lo, _) => out.extend_from_slice((lo + k).to_string().as_bytes()),
        }
    }
}

fn parse_range(s: &str) -> Option<(u64, u64)> {
    let (a, b) = s.split_once('-')?;
    let lo: u64 = a.parse().ok()?;
    let hi: u64 = b.parse().ok()?;
    // An empty range (HI = LO - 1) is allowed.
    (hi.checked_add(1)? >= lo).then_some((lo, hi))
}

impl Builtin for Shuf {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("shuf", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut echo, mut range, mut count, mut output, mut source, mut repeat, mut zero) = (false, None, None::<u64>, None, None, false, false);
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            match id {
                O::Echo => echo = true,
                O::Range => match parse_range(&v) {
                    Some(r) => range = Some(r),
                    None => {
                        ctx.error(&format!("invalid input range: {}", quote(&v)));
                        return 1;
                    }
                },
                O::Count => match v.parse::<u64>() {
                    Ok(n) => count = Some(count.map_or(n, |c| c.min(n))),
                    Err(_) => {
                        ctx.error(&format!("invalid line count: {}", quote(&v)));
                        return 1;
                    }
                },
                O::Output => output = Some(v),
                O::Source => source = Some(v),
                O::Repeat => repeat = true,
                O::Zero => zero = true,
            }
        }
        let delim = if zero { 0u8 } else { b'\n' };
        if echo && range.is_some() {
            usage_error(ctx, "cannot combine -e and -i options");
            return 1;
        }
        let items = if let Some((lo, hi)) = range {
            if let Some(extra) = p.operands.first() {
                usage_error(ctx, &format!("extra operand {}", quote(extra)));
                return 1;
            }
            Items::Range(lo, hi)
        } else if echo {
            Items::Lines(p.operands.iter().map(|s| kitsh_core::util::bytes::encode(s).into_owned()).collect())
        } else {
            if p.operands.len() > 1 {
                usage_error(ctx, &format!("extra operand {}", quote(&p.operands[1])));
                return 1;
            }
            let name = p.operands.first().map_or("-", String::as_str);
            let data = match ctx.read_input(name) {
                Ok(d) => d,
                Err(e) => {
                    ctx.error(&format!("{}: {e}", quote_always(name)));
                    return 1;
                }
            };
            let mut lines: Vec<Vec<u8>> = data.split(|&b| b == delim).map(<[u8]>::to_vec).collect();
            if data.last().is_none_or(|&b| b == delim) {
                lines.pop();
            }
            Items::Lines(lines)
        };
        let seed = match &source {
            Some(f) => match ctx.read_input(f) {
                Ok(bytes) => bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)),
                Err(e) => {
                    ctx.error(&format!("{}: {e}", quote_always(f)));
                    return 1;
                }
            },
            None => match ctx.env.system(SystemInfo::RandomSeed).and_then(|s| s.parse::<u64>().ok()) {
                Some(s) => s,
                None => std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64),
            },
        };
        let mut rng = Rng::new(seed);
        let n = items.len();
        let mut buf = Vec::with_capacity(args::CHUNK);
        let mut to_file = Vec::new();
        let mut emit = |ctx: &mut Ctx<'_>, buf: &mut Vec<u8>, last: bool| -> Result<(), i32> {
            if output.is_some() {
                to_file.append(buf);
                return Ok(());
            }
            if buf.len() >= args::CHUNK || last {
                ctx.stdout.write_all(buf).map_err(|e| crate::args::write_failed(ctx, &e))?;
                buf.clear();
            }
            Ok(())
        };
        if repeat {
            if n == 0 {
                if count.is_some_and(|c| c > 0) || count.is_none() {
                    ctx.error("no lines to repeat");
                    return 1;
                }
                return 0;
            }
            let mut left = count;
            loop {
                if left == Some(0) {
                    break;
                }
                if ctx.cancel.cancelled() {
                    return 1;
                }
                items.write(rng.below(n), &mut buf);
                buf.push(delim);
                if let Err(st) = emit(ctx, &mut buf, false) {
                    return st;
                }
                if let Some(l) = left.as_mut() {
                    *l -= 1;
                }
            }
        } else {
            // A partial Fisher-Yates shuffle over a sparse permutation: `-i 1-1000000000 -n 3`
            // touches three entries, not a billion.
            let k = count.map_or(n, |c| c.min(n));
            let mut swapped: HashMap<u64, u64> = HashMap::new();
            for i in 0..k {
                if i & 1023 == 0 && ctx.cancel.cancelled() {
                    return 1;
                }
                let j = i + rng.below(n - i);
                let vi = *swapped.get(&i).unwrap_or(&i);
                let vj = *swapped.get(&j).unwrap_or(&j);
                swapped.insert(j, vi);
                swapped.remove(&i);
                items.write(vj, &mut buf);
                buf.push(delim);
                if let Err(st) = emit(ctx, &mut buf, false) {
                    return st;
                }
            }
        }
        if let Err(st) = emit(ctx, &mut buf, true) {
            return st;
        }
        if let Some(f) = output {
            let abs = ctx.abs_path(&f);
            if let Err(e) = ctx.fs.write_file(&abs, &to_file, WriteMode::Truncate) {
                ctx.error(&format!("{}: {e}", quote_always(&f)));
                return 1;
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::run;
    use crate::args::testfs::fs_with;

    #[test]
    fn permutes_every_line_once() {
        let fs = fs_with(&[]);
        let o = run(&Shuf, "shuf", &["-i", "1-100"], b"", &*fs, "/");
        let mut got: Vec<u32> = o.out().lines().filter_map(|l| l.parse().ok()).collect();
        got.sort_unstable();
        assert_eq!(got, (1..=100).collect::<Vec<_>>());
    }

    #[test]
    fn huge_ranges_are_sampled_sparsely() {
        let fs = fs_with(&[]);
        let o = run(&Shuf, "shuf", &["-i", "1-1000000000000", "-n", "3"], b"", &*fs, "/");
        assert_eq!(o.out().lines().count(), 3);
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("1-5"), Some((1, 5)));
        assert_eq!(parse_range("5-4"), Some((5, 4)));
        assert_eq!(parse_range("5-1"), None);
        assert_eq!(parse_range("x"), None);
    }
}
