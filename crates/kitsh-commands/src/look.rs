//! `look`: print the lines of a sorted file that begin with a string, as util-linux 2.38:
//! `-f` (fold case), `-d` (dictionary order: only letters, digits and blanks compared),
//! `-a` (alternative dictionary: accepted), `-t CHAR` (compare up to and including CHAR);
//! without a file, `/usr/share/dict/words` with `-d -f`. Exit 0 when a line matched, 1 when none
//! did, and 1 for errors (as util-linux does).

use std::cmp::Ordering;

use super::args::{self, usage_error, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `look` command.
pub struct Look;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Alternative,
    Dictionary,
    Fold,
    Term,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('a', "alternative", O::Alternative),
    OptSpec::flag('d', "alphanum", O::Dictionary),
    OptSpec::flag('f', "ignore-case", O::Fold),
    OptSpec::req('t', "terminate", O::Term),
];

const USAGE: &str = "Usage:\n look [options] <string> [<file>...]\n\nDisplay lines beginning with a specified string.";

/// The bytes of `s` that take part in the comparison.
fn key(s: &[u8], dict: bool, fold: bool) -> Vec<u8> {
    s.iter()
        .filter(|b| !dict || b.is_ascii_alphanumeric() || **b == b' ' || **b == b'\t')
        .map(|b| if fold { b.to_ascii_lowercase() } else { *b })
        .collect()
}

/// How `line` compares with the prefix `want` (Equal: it starts with it).
fn compare(line: &[u8], want: &[u8], dict: bool, fold: bool) -> Ordering {
    let k = key(line, dict, fold);
    let n = want.len().min(k.len());
    match k[..n].cmp(&want[..n]) {
        Ordering::Equal if k.len() < want.len() => Ordering::Less,
        o => o,
    }
}

impl Builtin for Look {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("look", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let (mut dict, mut fold, mut term) = (false, false, None);
        for (id, v) in p.opts {
            match id {
                O::Alternative => {}
                O::Dictionary => dict = true,
                O::Fold => fold = true,
                O::Term => term = v.and_then(|t| t.bytes().next()),
            }
        }
        let (string, file) = match p.operands.as_slice() {
            [s] => {
                dict = true;
                fold = true;
                (s.clone(), "/usr/share/dict/words".to_string())
            }
            [s, f, ..] => (s.clone(), f.clone()),
            [] => {
                usage_error(ctx, "bad usage");
                return 1;
            }
        };
        let mut want = kitsh_core::util::bytes::encode(&string).into_owned();
        if let Some(t) = term {
            if let Some(i) = want.iter().position(|&b| b == t) {
                want.truncate(i + 1);
            }
        }
        let want = key(&want, dict, fold);
        let data = match ctx.read_input(&file) {
            Ok(d) => d,
            Err(e) => {
                ctx.error(&format!("{file}: {e}"));
                return 1;
            }
        };
        let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').filter(|l| !l.is_empty()).collect();
        // Binary search for the first line not below the string, then print the matches.
        let start = lines.partition_point(|l| compare(l, &want, dict, fold) == Ordering::Less);
        let mut out = Vec::new();
        for l in &lines[start..] {
            if compare(l, &want, dict, fold) != Ordering::Equal {
                break;
            }
            out.extend_from_slice(l);
            out.push(b'\n');
        }
        if let Err(e) = ctx.stdout.write_all(&out) {
            return crate::args::write_failed(ctx, &e);
        }
        i32::from(out.is_empty())
    }
}
