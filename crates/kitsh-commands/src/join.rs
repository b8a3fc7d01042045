//! `join`: join lines of two sorted files on a common field, as GNU coreutils: `-t CHAR`,
//! `-1 F`, `-2 F`, `-j F`, `-a 1|2`, `-v 1|2`, `-e STRING`, `-o LIST|auto`, `-i`, `--header`,
//! `-z`, `--check-order`/`--nocheck-order`. Keys compare byte-wise (as in the C locale); lines
//! with equal keys are joined in every combination.

use std::cmp::Ordering;

use super::args::{self, quote, quote_always, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};

/// The `join` command.
pub struct Join;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Sep,
    F1,
    F2,
    J,
    Unpaired,
    Only,
    Empty,
    Format,
    IgnoreCase,
    Header,
    Zero,
    Check,
    NoCheck,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::req('t', "", O::Sep),
    OptSpec::req('1', "", O::F1),
    OptSpec::req('2', "", O::F2),
    OptSpec::req('j', "", O::J),
    OptSpec::req('a', "", O::Unpaired),
    OptSpec::req('v', "", O::Only),
    OptSpec::req('e', "", O::Empty),
    OptSpec::req('o', "", O::Format),
    OptSpec::flag('i', "ignore-case", O::IgnoreCase),
    OptSpec::long("header", ArgKind::None, O::Header),
    OptSpec::flag('z', "zero-terminated", O::Zero),
    OptSpec::long("check-order", ArgKind::None, O::Check),
    OptSpec::long("nocheck-order", ArgKind::None, O::NoCheck),
];

const USAGE: &str = "Usage: join [OPTION]... FILE1 FILE2
For each pair of input lines with identical join fields, write a line to
standard output.  The default join field is the first, delimited by blanks.";

/// One output field: the join field, or field N (0-based) of file F.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Spec {
    Key,
    Field(usize, usize),
}

struct Opts {
    /// `None`: blanks; `Some(None)`: whole line (`-t ''`); `Some(Some(c))`.
    sep: Option<Option<u8>>,
    key: [usize; 2],
    print_unpaired: [bool; 2],
    print_paired: bool,
    empty: Option<Vec<u8>>,
    format: Option<Vec<Spec>>,
    auto: bool,
    ignore_case: bool,
    header: bool,
    eol: u8,
    check: Option<bool>,
}

/// A line split into fields.
struct Line {
    text: Vec<u8>,
    fields: Vec<(usize, usize)>,
}

impl Line {
    fn new(text: Vec<u8>, o: &Opts) -> Line {
        let mut fields = Vec::new();
        match o.sep {
            Some(None) => fields.push((0, text.len())),
            Some(Some(c)) => {
                let mut start = 0;
                for (i, &b) in text.iter().enumerate() {
                    if b == c {
                        fields.push((start, i));
                        start = i + 1;
                    }
                }
                if !text.is_empty() {
                    fields.push((start, text.len()));
                }
            }
            None => {
                let mut i = 0;
                let blank = |b: u8| b == b' ' || b == b'\t';
                while i < text.len() {
                    while i < text.len() && blank(text[i]) {
                        i += 1;
                    }
                    if i == text.len() {
                        break;
                    }
                    let s = i;
                    while i < text.len() && !blank(text[i]) {
                        i += 1;
                    }
                    fields.push((s, i));
                }
            }
        }
        Line { text, fields }
    }

    fn field(&self, n: usize) -> Option<&[u8]> {
        self.fields.get(n).map(|&(s, e)| &self.text[s..e])
    }
}

fn compare(a: Option<&[u8]>, b: Option<&[u8]>, ignore_case: bool) -> Ordering {
    let a = a.unwrap_or_default();
    let b = b.unwrap_or_default();
    if ignore_case {
        a.iter().map(u8::to_ascii_lowercase).cmp(b.iter().map(u8::to_ascii_lowercase))
    } else {
        a.cmp(b)
    }
}

fn parse_field(s: &str) -> Option<usize> {
    s.parse::<usize>().ok().filter(|&n| n > 0).map(|n| n - 1)
}

fn parse_format(s: &str) -> Result<Vec<Spec>, String> {
    let mut out = Vec::new();
    for part in s.split([',', ' ']).filter(|p| !p.is_empty()) {
        if part == "0" {
            out.push(Spec::Key);
            continue;
        }
        let (f, n) = part.split_once('.').ok_or_else(|| format!("invalid field specifier: {}", quote(part)))?;
        let file = match f {
            "1" => 0,
            "2" => 1,
            _ => return Err(format!("invalid file number in field spec: {}", quote(part))),
        };
        let n = parse_field(n).ok_or_else(|| format!("invalid field number: {}", quote(n)))?;
        out.push(Spec::Field(file, n));
    }
    Ok(out)
}

struct Joiner<'o> {
    o: &'o Opts,
    out: Vec<u8>,
    /// Field counts of the first lines (for `-o auto`).
    auto_counts: [usize; 2],
}

impl Joiner<'_> {
    fn sep(&self) -> u8 {
        match self.o.sep {
            Some(Some(c)) => c,
            _ => b' ',
        }
    }

    /// Write the joined line of `a` (file 1) and `b` (file 2); one of them may be missing.
    fn emit(&mut self, a: Option<&Line>, b: Option<&Line>) {
        let sep = self.sep();
        let key = match (a, b) {
            (Some(l), _) => l.field(self.o.key[0]),
            (None, Some(l)) => l.field(self.o.key[1]),
            _ => None,
        };
        let lines = [a, b];
        let mut first = true;
        let mut put = |out: &mut Vec<u8>, v: Option<&[u8]>, empty: &Option<Vec<u8>>| {
            if !first {
                out.push(sep);
            }
            first = false;
            match v {
                Some(v) => out.extend_from_slice(v),
                None => {
                    if let Some(e) = empty {
                        out.extend_from_slice(e);
                    }
                }
            }
        };
        let format: Option<Vec<Spec>> = if self.o.auto {
            let mut v = vec![Spec::Key];
            for (f, &n) in self.auto_counts.iter().enumerate() {
                v.extend((0..n).filter(|&i| i != self.o.key[f]).map(|i| Spec::Field(f, i)));
            }
            Some(v)
        } else {
            self.o.format.clone()
        };
        match format {
            Some(specs) => {
                for s in specs {
                    let v = match s {
                        Spec::Key => key,
                        Spec::Field(f, n) => lines[f].and_then(|l| l.field(n)),
                    };
                    put(&mut self.out, v, &self.o.empty);
                }
            }
            None => {
                put(&mut self.out, key, &self.o.empty);
                for (f, l) in lines.iter().enumerate() {
                    if let Some(l) = l {
                        for i in (0..l.fields.len()).filter(|&i| i != self.o.key[f]) {
                            put(&mut self.out, l.field(i), &None);
                        }
                    }
                }
            }
        }
        self.out.push(self.o.eol);
    }
}

impl Builtin for Join {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new("join", USAGE);
        let p = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let mut o = Opts {
            sep: None,
            key: [0, 0],
            print_unpaired: [false, false],
            print_paired: true,
            empty: None,
            format: None,
            auto: false,
            ignore_case: false,
            header: false,
            eol: b'\n',
            check: None,
        };
        for (id, v) in p.opts {
            let v = v.unwrap_or_default();
            let r: Result<(), String> = match id {
                O::Sep => {
                    let b = kitsh_core::util::bytes::encode(&v).into_owned();
                    match b.len() {
                        0 => {
                            o.sep = Some(None);
                            Ok(())
                        }
                        1 => {
                            o.sep = Some(Some(b[0]));
                            Ok(())
                        }
                        _ if v == "\\0" => {
                            o.sep = Some(Some(0));
                            Ok(())
                        }
                        _ => Err(format!("multi-character tab {}", quote(&v))),
                    }
                }
                O::F1 | O::F2 | O::J => match parse_field(&v) {
                    Some(n) => {
                        match id {
                            O::F1 => o.key[0] = n,
                            O::F2 => o.key[1] = n,
                            _ => o.key = [n, n],
                        }
                        Ok(())
                    }
                    None => Err(format!("invalid field number: {}", quote(&v))),
                },
                O::Unpaired | O::Only => match v.as_str() {
                    "1" | "2" => {
                        o.print_unpaired[if v == "1" { 0 } else { 1 }] = true;
                        if id == O::Only {
                            o.print_paired = false;
                        }
                        Ok(())
                    }
                    _ => Err(format!("invalid field number: {}", quote(&v))),
                },
                O::Empty => {
                    o.empty = Some(kitsh_core::util::bytes::encode(&v).into_owned());
                    Ok(())
                }
                O::Format => {
                    if v == "auto" {
                        o.auto = true;
                        Ok(())
                    } else {
                        let prev = o.format.take().unwrap_or_default();
                        parse_format(&v).map(|mut f| {
                            let mut all = prev;
                            all.append(&mut f);
                            o.format = Some(all);
                        })
                    }
                }
                O::IgnoreCase => {
                    o.ignore_case = true;
                    Ok(())
                }
                O::Header => {
                    o.header = true;
                    Ok(())
                }
                O::Zero => {
                    o.eol = 0;
                    Ok(())
                }
                O::Check => {
                    o.check = Some(true);
                    Ok(())
                }
                O::NoCheck => {
                    o.check = Some(false);
                    Ok(())
                }
            };
            if let Err(msg) = r {
                ctx.error(&msg);
                return 1;
            }
        }
        if p.operands.len() < 2 {
            let msg = match p.operands.first() {
                None => "missing operand".to_string(),
                Some(a) => format!("missing operand after {}", quote(a)),
            };
            usage_error(ctx, &msg);
            return 1;
        }
        if p.operands.len() > 2 {
            usage_error(ctx, &format!("extra operand {}", quote(&p.operands[2])));
            return 1;
        }
        let mut files: Vec<Vec<Line>> = Vec::new();
        for name in &p.operands {
            match ctx.read_input(name) {
                Ok(d) => {
                    let mut lines: Vec<Line> = d.split(|&b| b == o.eol).map(|l| Line::new(l.to_vec(), &o)).collect();
                    if d.last().is_none_or(|&b| b == o.eol) {
                        lines.pop();
                    }
                    files.push(lines);
                }
                Err(e) => {
                    ctx.error(&format!("{}: {e}", quote_always(name)));
                    return 1;
                }
            }
        }
        let (f2, f1) = (files.pop().unwrap_or_default(), files.pop().unwrap_or_default());
        let mut j = Joiner { o: &o, out: Vec::new(), auto_counts: [f1.first().map_or(0, |l| l.fields.len()), f2.first().map_or(0, |l| l.fields.len())] };
        let (mut i1, mut i2) = (0, 0);
        if o.header {
            match (f1.first(), f2.first()) {
                (Some(a), Some(b)) => j.emit(Some(a), Some(b)),
                (Some(a), None) => j.emit(Some(a), None),
                (None, Some(b)) => j.emit(None, Some(b)),
                _ => {}
            }
            i1 = usize::from(!f1.is_empty());
            i2 = usize::from(!f2.is_empty());
        }
        let mut disorder = false;
        let mut warned = [false, false];
        let names = [&p.operands[0], &p.operands[1]];
        let check_sorted = |f: usize, lines: &[Line], at: usize, warned: &mut [bool; 2], disorder: &mut bool, ctx: &mut Ctx<'_>| -> bool {
            if o.check == Some(false) || at == 0 || at >= lines.len() || warned[f] {
                return true;
            }
            if compare(lines[at - 1].field(o.key[f]), lines[at].field(o.key[f]), o.ignore_case) == Ordering::Greater {
                warned[f] = true;
                *disorder = true;
                let text = kitsh_core::util::bytes::decode(&lines[at].text).into_owned();
                ctx.error(&format!("{}:{}: is not sorted: {text}", names[f], at + 1));
                return o.check != Some(true);
            }
            true
        };
        while i1 < f1.len() && i2 < f2.len() {
            if ctx.cancel.cancelled() {
                return 1;
            }
            match compare(f1[i1].field(o.key[0]), f2[i2].field(o.key[1]), o.ignore_case) {
                Ordering::Less => {
                    if o.print_unpaired[0] {
                        j.emit(Some(&f1[i1]), None);
                    }
                    i1 += 1;
                    if !check_sorted(0, &f1, i1, &mut warned, &mut disorder, ctx) {
                        return 1;
                    }
                }
                Ordering::Greater => {
                    if o.print_unpaired[1] {
                        j.emit(None, Some(&f2[i2]));
                    }
                    i2 += 1;
                    if !check_sorted(1, &f2, i2, &mut warned, &mut disorder, ctx) {
                        return 1;
                    }
                }
                Ordering::Equal => {
                    let mut e1 = i1 + 1;
                    while e1 < f1.len() && compare(f1[e1].field(o.key[0]), f1[i1].field(o.key[0]), o.ignore_case) == Ordering::Equal {
                        e1 += 1;
                    }
                    let mut e2 = i2 + 1;
                    while e2 < f2.len() && compare(f2[e2].field(o.key[1]), f2[i2].field(o.key[1]), o.ignore_case) == Ordering::Equal {
                        e2 += 1;
                    }
                    if o.print_paired {
                        for a in &f1[i1..e1] {
                            for b in &f2[i2..e2] {
                                j.emit(Some(a), Some(b));
                            }
                        }
                    }
                    i1 = e1;
                    i2 = e2;
                    if !check_sorted(0, &f1, i1, &mut warned, &mut disorder, ctx) || !check_sorted(1, &f2, i2, &mut warned, &mut disorder, ctx) {
                        return 1;
                    }
                }
            }
        }
        while i1 < f1.len() {
            if o.print_unpaired[0] {
                j.emit(Some(&f1[i1]), None);
            }
            i1 += 1;
            if !check_sorted(0, &f1, i1, &mut warned, &mut disorder, ctx) {
                return 1;
            }
        }
        while i2 < f2.len() {
            if o.print_unpaired[1] {
                j.emit(None, Some(&f2[i2]));
            }
            i2 += 1;
            if !check_sorted(1, &f2, i2, &mut warned, &mut disorder, ctx) {
                return 1;
            }
        }
        if let Err(e) = ctx.stdout.write_all(&j.out) {
            return crate::args::write_failed(ctx, &e);
        }
        if disorder {
            ctx.error("input is not in sorted order");
            return 1;
        }
        0
    }
}
