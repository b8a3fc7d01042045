//! The `stat` format language: `%` directives with GNU printf flags, width and precision, and
//! the backslash escapes of `--printf`.

use super::Info;
use crate::args::quote_always;
use crate::chmod::mode_string;
use crate::Ctx;
use kitsh_core::fs::FileType;
use kitsh_core::util::time::strftime_ns;

/// A directive's `printf` modifiers.
#[derive(Default)]
struct Spec {
    left: bool,
    zero: bool,
    plus: bool,
    space: bool,
    alt: bool,
    width: usize,
    precision: Option<usize>,
}

/// What a directive produces.
enum Val {
    Num(u64),
    Octal(u64),
    Hex(u64),
    Str(String),
    Time(i64, u32),
}

/// The size of an output field is capped so a format cannot exhaust memory.
const MAX_WIDTH: usize = 1 << 20;

fn pad(s: &str, sp: &Spec, out: &mut String, zero_ok: bool) {
    let len = s.chars().count();
    if len >= sp.width {
        out.push_str(s);
    } else if sp.left {
        out.push_str(s);
        out.extend(std::iter::repeat_n(' ', sp.width - len));
    } else if sp.zero && zero_ok && sp.precision.is_none() {
        let (sign, digits) = match s.strip_prefix(['+', ' ', '-']) {
            Some(d) => (&s[..1], d),
            None => ("", s),
        };
        out.push_str(sign);
        out.extend(std::iter::repeat_n('0', sp.width - len));
        out.push_str(digits);
    } else {
        out.extend(std::iter::repeat_n(' ', sp.width - len));
        out.push_str(s);
    }
}

fn emit(v: Val, sp: &Spec, out: &mut String) {
    let sign = if sp.plus {
        "+"
    } else if sp.space {
        " "
    } else {
        ""
    };
    let min_digits = |d: String| match sp.precision {
        Some(p) if p > d.len() => format!("{}{d}", "0".repeat(p.min(MAX_WIDTH) - d.len())),
        _ => d,
    };
    match v {
        Val::Num(n) => pad(&format!("{sign}{}", min_digits(n.to_string())), sp, out, true),
        Val::Octal(n) => {
            let d = min_digits(format!("{n:o}"));
            let d = if sp.alt && !d.starts_with('0') { format!("0{d}") } else { d };
            pad(&d, sp, out, true);
        }
        Val::Hex(n) => {
            let d = min_digits(format!("{n:x}"));
            let d = if sp.alt && n != 0 { format!("0x{d}") } else { d };
            pad(&d, sp, out, true);
        }
        Val::Str(s) => {
            let s = match sp.precision {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            };
            pad(&s, sp, out, false);
        }
        Val::Time(secs, nanos) => {
            let s = match sp.precision {
                Some(0) | None => format!("{sign}{secs}"),
                Some(p) => {
                    let frac = format!("{nanos:09}");
                    let p = p.min(MAX_WIDTH);
                    let frac = if p <= 9 { frac[..p].to_string() } else { format!("{frac}{}", "0".repeat(p - 9)) };
                    format!("{sign}{secs}.{frac}")
                }
            };
            pad(&s, sp, out, true);
        }
    }
}

/// Major and minor numbers of the usual character devices.
fn device_numbers(name: &str) -> (u64, u64) {
    let (ma, mi) = super::super::accounts::device_numbers(name);
    (u64::from(ma), u64::from(mi))
}

fn makedev((major, minor): (u64, u64)) -> u64 {
    ((major & 0xfffff000) << 32) | ((major & 0xfff) << 8) | ((minor & 0xffffff00) << 12) | (minor & 0xff)
}

impl Info<'_> {
    fn dev(&self) -> (u64, u64) {
        if self.in_dev {
            (0, 5)
        } else {
            (0, 32)
        }
    }

    fn rdev(&self) -> (u64, u64) {
        if self.meta.file_type == FileType::CharDevice {
            device_numbers(self.name)
        } else {
            (0, 0)
        }
    }

    fn type_bits(&self) -> u32 {
        match self.meta.file_type {
            FileType::File => 0o100000,
            FileType::Dir => 0o040000,
            FileType::Symlink => 0o120000,
            FileType::CharDevice => 0o020000,
            FileType::Fifo => 0o010000,
        }
    }

    fn type_name(&self) -> &'static str {
        match self.meta.file_type {
            FileType::File if self.meta.len == 0 => "regular empty file",
            FileType::File => "regular file",
            FileType::Dir => "directory",
            FileType::Symlink => "symbolic link",
            FileType::CharDevice => "character special file",
            FileType::Fifo => "fifo",
        }
    }

    fn type_char(&self) -> char {
        match self.meta.file_type {
            FileType::File => '-',
            FileType::Dir => 'd',
            FileType::Symlink => 'l',
            FileType::CharDevice => 'c',
            FileType::Fifo => 'p',
        }
    }

    fn quoted_name(&self) -> String {
        let (name, target) = if self.plain_name {
            (self.name.to_string(), self.target.clone())
        } else {
            (quote_always(self.name), self.target.as_deref().map(quote_always))
        };
        match target {
            Some(t) => format!("{name} -> {t}"),
            None => name,
        }
    }

    fn time(&self) -> String {
        strftime_ns("%Y-%m-%d %H:%M:%S.%N %z", self.mtime.0, self.mtime.1, self.tz.as_deref())
    }

    fn blocks(&self) -> u64 {
        match self.meta.file_type {
            FileType::File | FileType::Dir => self.meta.len.div_ceil(4096) * 8,
            _ => 0,
        }
    }

    /// The value of directive `c`; `None` for an unknown one (shown as `?`).
    fn value(&self, c: char) -> Option<Val> {
        let m = &self.meta;
        Some(match c {
            'n' => Val::Str(self.name.to_string()),
            'N' => Val::Str(self.quoted_name()),
            's' => Val::Num(m.len),
            'b' => Val::Num(self.blocks()),
            'B' => Val::Num(512),
            'o' => Val::Num(4096),
            'a' => Val::Octal(u64::from(m.mode & 0o7777)),
            'A' => Val::Str(format!("{}{}", self.type_char(), mode_string(m.mode))),
            'f' => Val::Hex(u64::from(self.type_bits() | (m.mode & 0o7777))),
            'F' => Val::Str(self.type_name().to_string()),
            'u' => Val::Num(u64::from(m.uid)),
            'U' => Val::Str(self.user.clone()),
            'g' => Val::Num(u64::from(m.gid)),
            'G' => Val::Str(self.group.clone()),
            'h' => Val::Num(m.nlink),
            'i' => Val::Num(m.ino),
            'd' => Val::Num(makedev(self.dev())),
            'D' => Val::Hex(makedev(self.dev())),
            'r' => Val::Num(makedev(self.rdev())),
            'R' => Val::Hex(makedev(self.rdev())),
            't' => Val::Hex(self.rdev().0),
            'T' => Val::Hex(self.rdev().1),
            'm' => Val::Str("/".into()),
            'x' | 'y' | 'z' => Val::Str(self.time()),
            'X' | 'Y' | 'Z' => Val::Time(self.mtime.0, self.mtime.1),
            'w' => Val::Str("-".into()),
            'W' => Val::Time(0, 0),
            _ => return None,
        })
    }
}

/// Parse the flags, width and precision after a `%`; returns the spec and the rest.
fn parse_spec(mut s: &str) -> (Spec, &str) {
    let mut sp = Spec::default();
    while let Some(c) = s.chars().next() {
        match c {
            '-' => sp.left = true,
            '0' => sp.zero = true,
            '+' => sp.plus = true,
            ' ' => sp.space = true,
            '#' => sp.alt = true,
            '\'' | 'I' => {}
            _ => break,
        }
        s = &s[1..];
    }
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    sp.width = s[..digits].parse::<usize>().unwrap_or(0).min(MAX_WIDTH);
    s = &s[digits..];
    if let Some(rest) = s.strip_prefix('.') {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        sp.precision = Some(rest[..digits].parse::<usize>().unwrap_or(0));
        s = &rest[digits..];
    }
    (sp, s)
}

/// Append `fmt` expanded for `info` to `out`.
pub(super) fn render(fmt: &str, info: &Info<'_>, out: &mut String) {
    let mut rest = fmt;
    while let Some(p) = rest.find('%') {
        out.push_str(&rest[..p]);
        let (sp, after) = parse_spec(&rest[p + 1..]);
        let mut chars = after.chars();
        let Some(c) = chars.next() else {
            out.push('%');
            return;
        };
        rest = chars.as_str();
        if c == '%' {
            out.push('%');
            continue;
        }
        if c == 'H' || c == 'L' {
            let which = rest.chars().next();
            let nums = match which {
                Some('d') => Some(info.dev()),
                Some('r') => Some(info.rdev()),
                _ => None,
            };
            match nums {
                Some((major, minor)) => {
                    rest = &rest[1..];
                    emit(Val::Num(if c == 'H' { major } else { minor }), &sp, out);
                }
                None => out.push('?'),
            }
            continue;
        }
        match info.value(c) {
            Some(v) => emit(v, &sp, out),
            None => out.push('?'),
        }
    }
    out.push_str(rest);
}

/// Interpret the backslash escapes of a `--printf` format, warning about unknown ones.
pub(super) fn unescape(ctx: &mut Ctx<'_>, fmt: &str) -> String {
    let mut out = String::with_capacity(fmt.len());
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        let simple = match e {
            'a' => Some('\x07'),
            'b' => Some('\x08'),
            'e' => Some('\x1b'),
            'f' => Some('\x0c'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\x0b'),
            '"' => Some('"'),
            '\\' => Some('\\'),
            _ => None,
        };
        if let Some(s) = simple {
            out.push(s);
        } else if e.is_digit(8) || e == 'x' {
            let (radix, start) = if e == 'x' { (16, 0) } else { (8, e.to_digit(8).unwrap_or(0)) };
            let (v, n) = kitsh_core::util::bytes::take_digits(&mut chars, radix, 2, start);
            if e == 'x' && n == 0 {
                ctx.error("warning: unrecognized escape '\\x'");
                out.push('x');
                continue;
            }
            out.push(kitsh_core::util::bytes::decode(&[(v & 0xff) as u8]).chars().next().unwrap_or('?'));
        } else {
            ctx.error(&format!("warning: unrecognized escape '\\{e}'"));
            out.push(e);
        }
    }
    out
}
