//! `sort`: sort lines of text files like GNU sort in the C locale: keys (`-k POS1[,POS2]` with
//! `.C` and per-key flags), `-t`, `-b -d -f -i -g -h -M -n -R -V -r`, `-s -u -c -C -m -o -z`, and
//! the last-resort whole-line byte comparison. `-S -T --parallel` are accepted and ignored.

mod compare;

use std::cmp::Ordering;
use std::hash::{BuildHasher, Hasher};

use super::args::{self, flush_out, quote, quote_name, usage_error, ArgKind, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;
use compare::is_blank;

/// The `sort` command.
pub struct Sort;

/// GNU `filevercmp` (the order of `sort -V` and `ls -v`).
pub(super) fn version_cmp(a: &[u8], b: &[u8]) -> Ordering {
    compare::version(a, b)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Flag(char),
    SortWord,
    Check,
    Key,
    Output,
    Sep,
    Ignored,
    IgnoredArg,
    Files0,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('b', "ignore-leading-blanks", O::Flag('b')),
    OptSpec::flag('d', "dictionary-order", O::Flag('d')),
    OptSpec::flag('f', "ignore-case", O::Flag('f')),
    OptSpec::flag('g', "general-numeric-sort", O::Flag('g')),
    OptSpec::flag('i', "ignore-nonprinting", O::Flag('i')),
    OptSpec::flag('M', "month-sort", O::Flag('M')),
    OptSpec::flag('h', "human-numeric-sort", O::Flag('h')),
    OptSpec::flag('n', "numeric-sort", O::Flag('n')),
    OptSpec::flag('R', "random-sort", O::Flag('R')),
    OptSpec::long("random-source", ArgKind::Required, O::IgnoredArg),
    OptSpec::flag('r', "reverse", O::Flag('r')),
    OptSpec::long("sort", ArgKind::Required, O::SortWord),
    OptSpec::flag('V', "version-sort", O::Flag('V')),
    OptSpec::long("batch-size", ArgKind::Required, O::IgnoredArg),
    OptSpec { short: Some('c'), long: None, arg: ArgKind::None, id: O::Check },
    OptSpec::long("check", ArgKind::Optional, O::Check),
    OptSpec { short: Some('C'), long: None, arg: ArgKind::None, id: O::Flag('C') },
    OptSpec::long("compress-program", ArgKind::Required, O::IgnoredArg),
    OptSpec::long("debug", ArgKind::None, O::Ignored),
    OptSpec::long("files0-from", ArgKind::Required, O::Files0),
    OptSpec::req('k', "key", O::Key),
    OptSpec::flag('m', "merge", O::Flag('m')),
    OptSpec::req('o', "output", O::Output),
    OptSpec::flag('s', "stable", O::Flag('s')),
    OptSpec::req('S', "buffer-size", O::IgnoredArg),
    OptSpec::req('t', "field-separator", O::Sep),
    OptSpec::req('T', "temporary-directory", O::IgnoredArg),
    OptSpec::long("parallel", ArgKind::Required, O::IgnoredArg),
    OptSpec::flag('u', "unique", O::Flag('u')),
    OptSpec::flag('z', "zero-terminated", O::Flag('z')),
];
const USAGE: &str = "Usage: sort [OPTION]... [FILE]...\n  or:  sort [OPTION]... --files0-from=F\nWrite sorted concatenation of all FILE(s) to standard output.";

/// How a key compares.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
enum Kind {
    #[default]
    Text,
    Numeric,
    General,
    Human,
    Month,
    Version,
    Random,
}

/// The ordering options of a key (or the global ones).
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct Opts {
    skip_start: bool,
    skip_end: bool,
    dict: bool,
    fold: bool,
    printable: bool,
    kinds: [bool; 7],
    reverse: bool,
}

impl Opts {
    fn set(&mut self, c: char, end: bool) -> bool {
        match c {
            'b' if end => self.skip_end = true,
            'b' => self.skip_start = true,
            'd' => self.dict = true,
            'f' => self.fold = true,
            'i' => self.printable = true,
            'n' => self.kinds[Kind::Numeric as usize] = true,
            'g' => self.kinds[Kind::General as usize] = true,
            'h' => self.kinds[Kind::Human as usize] = true,
            'M' => self.kinds[Kind::Month as usize] = true,
            'V' => self.kinds[Kind::Version as usize] = true,
            'R' => self.kinds[Kind::Random as usize] = true,
            'r' => self.reverse = true,
            _ => return false,
        }
        true
    }

    fn kind(&self) -> Kind {
        const ALL: [Kind; 7] = [Kind::Text, Kind::Numeric, Kind::General, Kind::Human, Kind::Month, Kind::Version, Kind::Random];
        ALL.iter().rev().copied().find(|k| self.kinds[*k as usize]).unwrap_or(Kind::Text)
    }

    /// No ordering option at all (GNU `default_key_compare` plus no `r`).
    fn is_default(&self) -> bool {
        *self == Opts::default()
    }

    /// The GNU "options '-xy' are incompatible" check.
    fn incompatible(&self) -> Option<String> {
        let k = &self.kinds;
        let numeric_kinds = k[1] as u8 + k[2] as u8 + k[3] as u8 + k[4] as u8 + k[5] as u8 + k[6] as u8;
        let ignore = self.dict || self.printable;
        if numeric_kinds <= 1 && !(ignore && (k[1] || k[2] || k[3] || k[4])) {
            return None;
        }
        let mut s = String::new();
        let flags = [
            (self.dict, 'd'),
            (self.fold, 'f'),
            (k[2], 'g'),
            (k[3], 'h'),
            (self.printable, 'i'),
            (k[4], 'M'),
            (k[1], 'n'),
            (k[6], 'R'),
            (k[5], 'V'),
        ];
        for (on, c) in flags {
            if on {
                s.push(c);
            }
        }
        Some(format!("options '-{s}' are incompatible"))
    }
}

/// A `-k` key: 0-based start field and char, end field (`None`: end of line) and end char
/// (0: end of field).
#[derive(Clone, Copy, Debug)]
struct Key {
    sword: usize,
    schar: usize,
    eword: Option<usize>,
    echar: usize,
    opts: Opts,
}

/// Parse a decimal count at the start of `s`; `Err` names the text for the message.
fn count<'a>(s: &'a str, what: &str) -> Result<(usize, &'a str), String> {
    let n = s.bytes().take_while(|b| b.is_ascii_digit()).count();
    if n == 0 {
        return Err(format!("{what}: invalid count at start of {}", quote(s)));
    }
    let v = s[..n].bytes().fold(0usize, |v, d| v.saturating_mul(10).saturating_add((d - b'0') as usize));
    Ok((v, &s[n..]))
}

/// Parse a `-k` KEYDEF.
fn parse_key(spec: &str) -> Result<Key, String> {
    let bad = |why: &str| format!("{why}: invalid field specification {}", quote(spec));
    let (sf, mut rest) = count(spec, "invalid number at field start")?;
    if sf == 0 {
        return Err(bad("field number is zero"));
    }
    let mut key = Key { sword: sf - 1, schar: 0, eword: None, echar: 0, opts: Opts::default() };
    if let Some(r) = rest.strip_prefix('.') {
        let (c, r) = count(r, "invalid number after '.'")?;
        if c == 0 {
            return Err(bad("character offset is zero"));
        }
        key.schar = c - 1;
        rest = r;
    }
    rest = key_flags(rest, &mut key.opts, false);
    if let Some(r) = rest.strip_prefix(',') {
        let (ef, r) = count(r, "invalid number after ','")?;
        if ef == 0 {
            return Err(bad("field number is zero"));
        }
        key.eword = Some(ef - 1);
        rest = r;
        if let Some(r) = rest.strip_prefix('.') {
            let (c, r) = count(r, "invalid number after '.'")?;
            key.echar = c;
            rest = r;
        }
        rest = key_flags(rest, &mut key.opts, true);
    }
    if !rest.is_empty() {
        return Err(bad("stray character in field spec"));
    }
    Ok(key)
}

fn key_flags<'a>(s: &'a str, o: &mut Opts, end: bool) -> &'a str {
    let n = s.chars().take_while(|&c| o.set(c, end)).count();
    &s[n..]
}

/// Settings shared by every comparison.
struct Sorter {
    keys: Vec<Key>,
    tab: Option<u8>,
    stable: bool,
    unique: bool,
    reverse: bool,
    seed: std::collections::hash_map::RandomState,
}

/// The start of the key in `line` (GNU `begfield`).
fn begfield(line: &[u8], key: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let mut p = 0;
    let mut sword = key.sword;
    while p < lim && sword > 0 {
        sword -= 1;
        match tab {
            Some(t) => {
                while p < lim && line[p] != t {
                    p += 1;
                }
                if p < lim {
                    p += 1;
                }
            }
            None => {
                while p < lim && is_blank(line[p]) {
                    p += 1;
                }
                while p < lim && !is_blank(line[p]) {
                    p += 1;
                }
            }
        }
    }
    if key.opts.skip_start {
        while p < lim && is_blank(line[p]) {
            p += 1;
        }
    }
    (p.saturating_add(key.schar)).min(lim)
}

/// The end of the key in `line` (GNU `limfield`).
fn limfield(line: &[u8], key: &Key, tab: Option<u8>) -> usize {
    let lim = line.len();
    let Some(eword) = key.eword else { return lim };
    let mut eword = if key.echar == 0 { eword + 1 } else { eword };
    let mut p = 0;
    while p < lim && eword > 0 {
        eword -= 1;
        match tab {
            Some(t) => {
                while p < lim && line[p] != t {
                    p += 1;
                }
                if p < lim && (eword > 0 || key.echar > 0) {
                    p += 1;
                }
            }
            None => {
                while p < lim && is_blank(line[p]) {
                    p += 1;
                }
                while p < lim && !is_blank(line[p]) {
                    p += 1;
                }
            }
        }
    }
    if key.echar != 0 {
        if key.opts.skip_end {
            while p < lim && is_blank(line[p]) {
                p += 1;
            }
        }
        p = p.saturating_add(key.echar).min(lim);
    }
    p
}

impl Sorter {
    /// The part of `line` that `key` selects.
    fn key_text<'l>(&self, line: &'l [u8], key: &Key) -> &'l [u8] {
        if key.sword == 0 && key.schar == 0 && key.eword.is_none() && !key.opts.skip_start {
            return line;
        }
        let start = begfield(line, key, self.tab);
        &line[start..limfield(line, key, self.tab).max(start)]
    }

    fn key_cmp(&self, key: &Key, a: &[u8], b: &[u8]) -> Ordering {
        self.key_text_cmp(key, self.key_text(a, key), self.key_text(b, key))
    }

    /// Compare two keys' texts as `key` orders them.
    fn key_text_cmp(&self, key: &Key, ka: &[u8], kb: &[u8]) -> Ordering {
        let o = &key.opts;
        let r = match o.kind() {
            Kind::Numeric => compare::numeric(ka, kb),
            Kind::General => compare::general(ka, kb),
            Kind::Human => compare::human(ka, kb),
            Kind::Month => compare::month(ka, kb),
            Kind::Version => compare::version(ka, kb),
            Kind::Random => {
                let h = |s: &[u8]| {
                    let mut h = self.seed.build_hasher();
                    h.write(s);
                    h.finish()
                };
                h(ka).cmp(&h(kb)).then_with(|| compare::text(ka, kb, o.dict, o.printable, o.fold))
            }
            Kind::Text if o.dict || o.printable || o.fold => compare::text(ka, kb, o.dict, o.printable, o.fold),
            Kind::Text => ka.cmp(kb),
        };
        if o.reverse {
            r.reverse()
        } else {
            r
        }
    }

    /// Compare by the keys only (what `-u` and `-c -u` use).
    fn keys_cmp(&self, a: &[u8], b: &[u8]) -> Ordering {
        for k in &self.keys {
            let r = self.key_cmp(k, a, b);
            if r != Ordering::Equal {
                return r;
            }
        }
        Ordering::Equal
    }

    /// The full comparison, with GNU's last-resort whole-line comparison.
    fn cmp(&self, a: &[u8], b: &[u8]) -> Ordering {
        let r = self.keys_cmp(a, b);
        self.last_resort(r, a, b)
    }

    /// [`Sorter::cmp`] of two lines whose keys were found beforehand (in `vals`).
    fn cmp_found(&self, vals: &[KeyVal<'_>], a: &Found<'_>, b: &Found<'_>) -> Ordering {
        let n = self.keys.len();
        let mut r = Ordering::Equal;
        for (k, (ka, kb)) in self.keys.iter().zip(vals[a.at..a.at + n].iter().zip(&vals[b.at..b.at + n])) {
            r = match (ka.num, kb.num) {
                (Some(x), Some(y)) if k.opts.reverse => x.cmp(&y).reverse(),
                (Some(x), Some(y)) => x.cmp(&y),
                _ => self.key_text_cmp(k, ka.text, kb.text),
            };
            if r != Ordering::Equal {
                break;
            }
        }
        self.last_resort(r, a.line, b.line)
    }

    /// The keys of `line`, appended to `vals`: their texts, and `-n` keys parsed.
    fn find_keys<'l>(&self, line: &'l [u8], vals: &mut Vec<KeyVal<'l>>) {
        for k in &self.keys {
            let text = self.key_text(line, k);
            let num = matches!(k.opts.kind(), Kind::Numeric).then(|| compare::Number::parse(text));
            vals.push(KeyVal { text, num });
        }
    }

    /// Lines equal by their keys compare whole, unless `-s` or `-u`.
    fn last_resort(&self, r: Ordering, a: &[u8], b: &[u8]) -> Ordering {
        if r != Ordering::Equal || self.stable || self.unique {
            return r;
        }
        let r = bytes_cmp(a, b);
        if self.reverse {
            r.reverse()
        } else {
            r
        }
    }
}

/// Byte order of two lines, the first eight bytes compared as one number before the library
/// comparison (lines that tie on their keys usually differ early).
fn bytes_cmp(a: &[u8], b: &[u8]) -> Ordering {
    if let (Some(x), Some(y)) = (a.first_chunk::<8>(), b.first_chunk::<8>()) {
        let (x, y) = (u64::from_be_bytes(*x), u64::from_be_bytes(*y));
        if x != y {
            return x.cmp(&y);
        }
    }
    a.cmp(b)
}

/// A line and where its keys are in the table of found keys (found once per line rather than
/// at every comparison; one flat table, no allocation per line).
struct Found<'l> {
    line: &'l [u8],
    at: usize,
}

/// One key of one line: its text, and its value when the key is numeric (`-n`).
struct KeyVal<'l> {
    text: &'l [u8],
    num: Option<compare::Number<'l>>,
}

/// Sort `found` (stable): large inputs as two halves on two threads, then merged (GNU sort
/// also sorts with several threads).
fn sort_found<'l>(s: &Sorter, vals: &[KeyVal<'l>], mut found: Vec<Found<'l>>) -> Vec<Found<'l>> {
    let cmp = |a: &Found<'_>, b: &Found<'_>| s.cmp_found(vals, a, b);
    if found.len() < 20_000 {
        found.sort_by(cmp);
        return found;
    }
    let mut right = found.split_off(found.len() / 2);
    let mut left = found;
    let right_sorted = std::thread::scope(|scope| {
        let worker = std::thread::Builder::new().spawn_scoped(scope, || right.sort_by(cmp));
        left.sort_by(cmp);
        worker.is_ok_and(|h| h.join().is_ok())
    });
    if !right_sorted {
        // No second thread could run: sort the other half here.
        right.sort_by(cmp);
    }
    let mut out = Vec::with_capacity(left.len() + right.len());
    let (mut l, mut r) = (left.into_iter().peekable(), right.into_iter().peekable());
    loop {
        let take_left = match (l.peek(), r.peek()) {
            (Some(a), Some(b)) => cmp(b, a) != Ordering::Less,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => return out,
        };
        out.extend(if take_left { l.next() } else { r.next() });
    }
}

/// The parsed command line.
struct Setup {
    sorter: Sorter,
    check: Option<bool>,
    output: Option<String>,
    delim: u8,
    files: Vec<String>,
    merge: bool,
}

const SORT_WORDS: [(&str, char); 6] =
    [("general-numeric", 'g'), ("human-numeric", 'h'), ("month", 'M'), ("numeric", 'n'), ("random", 'R'), ("version", 'V')];

fn setup(ctx: &mut Ctx<'_>, parsed: args::Parsed<O>) -> Result<Setup, String> {
    let mut global = Opts::default();
    let mut keys = Vec::new();
    let (mut check, mut output, mut tab, mut stable, mut unique, mut delim) = (None, None, None, false, false, b'\n');
    let mut files0 = None;
    let mut merge = false;
    for (o, v) in parsed.opts {
        let v = v.unwrap_or_default();
        match o {
            O::Flag('C') => check = Some(true),
            O::Flag('s') => stable = true,
            O::Flag('u') => unique = true,
            O::Flag('z') => delim = 0,
            O::Flag('m') => merge = true,
            O::Flag(c) => {
                global.set(c, false);
                if c == 'b' {
                    global.skip_end = true;
                }
            }
            O::SortWord => match SORT_WORDS.iter().find(|(w, _)| *w == v) {
                Some((_, c)) => {
                    global.set(*c, false);
                }
                None => {
                    let mut m = format!("invalid argument {} for ‘--sort’\nValid arguments are:", quote(&v));
                    for (w, _) in SORT_WORDS {
                        m.push_str(&format!("\n  - {}", crate::args::quote(w)));
                    }
                    return Err(m + "\u{0}");
                }
            },
            O::Check => match v.as_str() {
                "" | "diagnose-first" => check = Some(check.unwrap_or(false)),
                "quiet" | "silent" => check = Some(true),
                _ => return Err(format!("invalid argument {} for ‘--check’\u{0}", quote(&v))),
            },
            O::Key => keys.push(parse_key(&v)?),
            O::Output => output = Some(v),
            O::Sep => {
                let b = kitsh_core::util::bytes::encode(&v).into_owned();
                tab = Some(match b.as_slice() {
                    [c] => *c,
                    b"\\0" => 0,
                    [] => return Err("empty tab".into()),
                    _ => return Err(format!("multi-character tab {}", quote(&v))),
                });
            }
            O::Files0 => files0 = Some(v),
            O::Ignored | O::IgnoredArg => {}
        }
    }
    for k in keys.iter_mut() {
        if k.opts.is_default() {
            k.opts = global;
        }
    }
    if keys.is_empty() {
        keys.push(Key { sword: 0, schar: 0, eword: None, echar: 0, opts: global });
    }
    for k in &keys {
        if let Some(m) = k.opts.incompatible() {
            return Err(m);
        }
    }
    let files = match files0 {
        Some(f) => {
            let data = ctx.read_input(&f).map_err(|e| format!("cannot open {} for reading: {e}", quote(&f)))?;
            data.split(|&b| b == 0).filter(|s| !s.is_empty()).map(|s| kitsh_core::util::bytes::decode(s).into_owned()).collect()
        }
        None if parsed.operands.is_empty() => vec!["-".to_string()],
        None => parsed.operands,
    };
    let sorter = Sorter { keys, tab, stable, unique, reverse: global.reverse, seed: Default::default() };
    Ok(Setup { sorter, check, output, delim, files, merge })
}

/// Read every input; `Err` after reporting a read error (status 2).
fn read_all(ctx: &mut Ctx<'_>, files: &[String], delim: u8) -> Result<(Vec<u8>, Vec<(usize, usize)>), i32> {
    let mut data = Vec::new();
    let mut ranges = Vec::with_capacity(files.len());
    for f in files {
        match ctx.read_input(f) {
            Ok(d) => {
                if !data.is_empty() && data.last() != Some(&delim) {
                    data.push(delim);
                }
                let start = data.len();
                data.extend_from_slice(&d);
                ranges.push((start, data.len()));
            }
            Err(kitsh_core::fs::FsError::IsDir) => {
                ctx.error(&format!("read failed: {}: Is a directory", quote_name(f)));
                return Err(2);
            }
            Err(kitsh_core::fs::FsError::Interrupted) => return Err(2),
            Err(e) => {
                ctx.error(&format!("cannot read: {}: {e}", quote_name(f)));
                return Err(2);
            }
        }
    }
    Ok((data, ranges))
}

/// `-m`: merge the lines of each input (`ranges` of `all`, as read by `read_all`), taking the
/// smallest head each time (the earliest input on ties).
fn merge_inputs<'d>(s: &Sorter, ranges: &[(usize, usize)], delim: u8, all: &'d [u8]) -> Vec<&'d [u8]> {
    let parts: Vec<Vec<&'d [u8]>> = ranges.iter().map(|&(a, b)| split_lines(&all[a..b], delim)).collect();
    let mut idx = vec![0usize; parts.len()];
    let mut out = Vec::new();
    loop {
        let mut best: Option<usize> = None;
        for (i, p) in parts.iter().enumerate() {
            if idx[i] < p.len() && best.is_none_or(|b| s.cmp(p[idx[i]], parts[b][idx[b]]) == Ordering::Less) {
                best = Some(i);
            }
        }
        match best {
            Some(b) => {
                out.push(parts[b][idx[b]]);
                idx[b] += 1;
            }
            None => return out,
        }
    }
}

fn split_lines(data: &[u8], delim: u8) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = data.split(|&b| b == delim).collect();
    if data.is_empty() || data.last() == Some(&delim) {
        lines.pop();
    }
    lines
}

impl Builtin for Sort {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config { status: 2, ..Config::new(ctx.name, USAGE) };
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(e) => return e.report(ctx, &cfg),
        };
        let st = match setup(ctx, parsed) {
            Ok(s) => s,
            Err(m) => {
                match m.strip_suffix('\u{0}') {
                    Some(m) => usage_error(ctx, m),
                    None => ctx.error(&m),
                }
                return 2;
            }
        };
        let (data, ranges) = match read_all(ctx, &st.files, st.delim) {
            Ok(d) => d,
            Err(code) => return code,
        };
        let mut lines = split_lines(&data, st.delim);
        let s = &st.sorter;
        if let Some(quiet) = st.check {
            return check(ctx, s, &lines, quiet, &st.files[0]);
        }
        if st.merge && st.files.len() > 1 {
            // `-m`: the inputs are taken as sorted and merged, not sorted again (GNU).
            lines = merge_inputs(s, &ranges, st.delim, &data);
        } else if !st.merge {
            let mut vals = Vec::with_capacity(lines.len() * s.keys.len());
            let mut found = Vec::with_capacity(lines.len());
            for &line in &lines {
                found.push(Found { line, at: vals.len() });
                s.find_keys(line, &mut vals);
            }
            lines = sort_found(s, &vals, found).into_iter().map(|f| f.line).collect();
        }
        if s.unique {
            lines.dedup_by(|b, a| s.keys_cmp(a, b) == Ordering::Equal);
        }
        let mut out = Vec::with_capacity(data.len() + lines.len());
        for l in &lines {
            out.extend_from_slice(l);
            out.push(st.delim);
        }
        match st.output {
            // The shell's own streams, not files of the VFS.
            Some(path) if path == "/dev/stdout" => match flush_out(ctx, &mut out, true) {
                Ok(()) => 0,
                Err(code) => code,
            },
            Some(path) if path == "/dev/stderr" => {
                let _ = ctx.stderr.write_all(&out);
                0
            }
            Some(path) => {
                let abs = ctx.abs_path(&path);
                match ctx.fs.write_file(&abs, &out, WriteMode::Truncate) {
                    Ok(()) => 0,
                    Err(e) => {
                        ctx.error(&format!("open failed: {}: {e}", quote_name(&path)));
                        2
                    }
                }
            }
            None => match flush_out(ctx, &mut out, true) {
                Ok(()) => 0,
                Err(code) => code,
            },
        }
    }
}

/// `-c` / `-C`: report the first disorder.
fn check(ctx: &mut Ctx<'_>, s: &Sorter, lines: &[&[u8]], quiet: bool, file: &str) -> i32 {
    for (i, w) in lines.windows(2).enumerate() {
        let o = s.cmp(w[0], w[1]);
        if o == Ordering::Greater || (s.unique && o == Ordering::Equal) {
            if !quiet {
                let line = kitsh_core::util::bytes::decode(w[1]).into_owned();
                ctx.error(&format!("{}:{}: disorder: {line}", file, i + 2));
            }
            return 1;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::{fs_with, NOFS};
    use crate::testing::run;
    use kitsh_core::fs::FileSystem;

    fn s(args: &[&str], input: &str) -> String {
        let o = run(&Sort, "sort", args, input.as_bytes(), &*NOFS, "/");
        format!("{}{}", o.out().replace('\n', "|"), o.stderr)
    }
    const S1: &str = "b 2\na 10\nc 1\n";

    #[test]
    fn keys() {
        assert_eq!(s(&["-k2"], S1), "c 1|a 10|b 2|");
        assert_eq!(s(&["-k2n"], S1), "c 1|b 2|a 10|");
        assert_eq!(s(&["-k2,2nr"], S1), "a 10|b 2|c 1|");
        assert_eq!(s(&["-t:", "-k2"], "a:3\nb:1\nc:2\n"), "b:1|c:2|a:3|");
        assert_eq!(s(&["-k2"], "x  b\nx a\n"), "x  b|x a|");
        assert_eq!(s(&["-k2b"], "x  b\nx a\n"), "x a|x  b|");
        assert_eq!(s(&["-b", "-k2"], "x  b\nx a\n"), "x a|x  b|");
        assert_eq!(s(&["-k1.2,1.2"], "abc\nabd\naac\n"), "aac|abc|abd|");
        assert_eq!(s(&["-s", "-k1.2,1.2"], "abd\nabc\naac\n"), "aac|abd|abc|");
        assert_eq!(s(&["-k2,2", "-k3"], "a b c\na b a\n"), "a b a|a b c|");
        assert_eq!(s(&["-t,", "-k2"], "a,b\na\n"), "a|a,b|");
        assert_eq!(s(&["-u", "-k1,1"], "x 1\nx 2\n"), "x 1|");
    }

    #[test]
    fn global_options() {
        assert_eq!(s(&[], "B\na\nA\nb\n"), "A|B|a|b|");
        assert_eq!(s(&["-f"], "B\na\nA\nb\n"), "A|a|B|b|");
        assert_eq!(s(&["-fu"], "B\na\nA\nb\n"), "a|B|");
        assert_eq!(s(&["-sf"], "B\na\nA\nb\n"), "a|A|B|b|");
        assert_eq!(s(&["-u"], "b\na\nb\n"), "a|b|");
        assert_eq!(s(&["-r"], "b\na\nb\n"), "b|b|a|");
        assert_eq!(s(&["-n", "-r"], "1\n10\n2\n"), "10|2|1|");
        assert_eq!(s(&["-d"], "#a\n a\nb\n"), " a|#a|b|");
        assert_eq!(s(&["--sort=numeric"], "10\n9\n"), "9|10|");
        assert_eq!(s(&["-h"], "1G\n2M\n"), "2M|1G|");
        assert_eq!(s(&["-V"], "a10\na9\n"), "a9|a10|");
        assert_eq!(s(&["-M"], "FEB\njan\n"), "jan|FEB|");
        assert_eq!(s(&["-g"], "1e2\n50\n"), "50|1e2|");
        assert_eq!(s(&["-R"], "a\na\n"), "a|a|");
        assert_eq!(s(&[], "3\n1\n2"), "1|2|3|");
        assert_eq!(s(&["-z"], "b\0a\0"), "a\0b\0");
    }

    #[test]
    fn check_and_output() {
        assert_eq!(s(&["-c"], "a\nc\nb\n"), "sort: -:3: disorder: b\n");
        assert_eq!(s(&["-C"], "a\nc\nb\n"), "");
        assert_eq!(s(&["-cu"], "a\na\n"), "sort: -:2: disorder: a\n");
        assert_eq!(run(&Sort, "sort", &["-c"], b"a\nb\n", &*NOFS, "/").status, 0);
        let fs = fs_with(&[("/f", b"b\na\n")]);
        let o = run(&Sort, "sort", &["-o", "f", "f"], b"", &*fs, "/");
        assert_eq!((o.status, o.stdout.len()), (0, 0));
        assert_eq!(fs.read_file("/f").ok(), Some(b"a\nb\n".to_vec()));
        let o = run(&Sort, "sort", &["-", "nosuch"], b"b\n", &*fs, "/");
        assert_eq!((o.out(), o.stderr.as_str(), o.status), (String::new(), "sort: cannot read: nosuch: No such file or directory\n", 2));
    }

    #[test]
    fn errors() {
        let t = "Try 'sort --help' for more information.\n";
        assert_eq!(s(&["-k", "x"], ""), "sort: invalid number at field start: invalid count at start of ‘x’\n");
        assert_eq!(s(&["-k", "0"], ""), "sort: field number is zero: invalid field specification ‘0’\n");
        assert_eq!(s(&["-k", "1.0"], ""), "sort: character offset is zero: invalid field specification ‘1.0’\n");
        assert_eq!(s(&["-k", "1.1x"], ""), "sort: stray character in field spec: invalid field specification ‘1.1x’\n");
        assert_eq!(s(&["-k", "1,x"], ""), "sort: invalid number after ',': invalid count at start of ‘x’\n");
        assert_eq!(s(&["-t", "ab"], ""), "sort: multi-character tab ‘ab’\n");
        assert_eq!(s(&["-n", "-g"], ""), "sort: options '-gn' are incompatible\n");
        assert_eq!(s(&["-rbdn"], ""), "sort: options '-dn' are incompatible\n");
        assert!(s(&["--sort=foo"], "").starts_with("sort: invalid argument ‘foo’ for ‘--sort’\nValid arguments are:\n  - ‘general-numeric’\n"));
        assert_eq!(s(&["--bogus"], ""), format!("sort: unrecognized option '--bogus'\n{t}"));
        assert_eq!(run(&Sort, "sort", &["-x"], b"", &*NOFS, "/").status, 2);
    }
}
