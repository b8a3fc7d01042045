//! `find -printf` formats: escapes (`\n \t \0 \NNN \c ...`) and directives (`%p %f %h %P %H
//! %d %s %k %b %m %M %y %Y %l %u %U %g %G %i %n %t %T@ %Tk %a %A %c %C %%`) with `-` and width.

use super::Visit;
use crate::chmod::mode_string;
use kitsh_core::fs::FileType;
use kitsh_core::util::time::strftime_ns;

/// A piece of a parsed format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Piece {
    /// Bytes copied as they are.
    Lit(Vec<u8>),
    /// A directive: left-justify, width, precision, conversion, and the time letter of
    /// `%T`/`%A`/`%C`.
    /// `alt`: the `#` flag (`%#m` shows the mode with a leading `0`).
    Dir { left: bool, alt: bool, width: usize, precision: Option<usize>, conv: char, sub: Option<char> },
    /// `\c`: stop printing.
    Stop,
}

const KNOWN: &str = "pfhPHdskbmMyYlugUGint%acDF";

fn push_lit(pieces: &mut Vec<Piece>, bytes: &[u8]) {
    if let Some(Piece::Lit(v)) = pieces.last_mut() {
        v.extend_from_slice(bytes);
    } else {
        pieces.push(Piece::Lit(bytes.to_vec()));
    }
}

fn escape(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, pieces: &mut Vec<Piece>, warnings: &mut Vec<String>) {
    let Some(e) = chars.next() else {
        push_lit(pieces, b"\\");
        return;
    };
    let byte = match e {
        'a' => 7,
        'b' => 8,
        'f' => 12,
        'n' => b'\n',
        'r' => b'\r',
        't' => b'\t',
        'v' => 11,
        '\\' => b'\\',
        'c' => {
            pieces.push(Piece::Stop);
            return;
        }
        '0'..='7' => {
            let (v, _) = kitsh_core::util::bytes::take_digits(chars, 8, 2, e.to_digit(8).unwrap_or(0));
            (v & 0xff) as u8
        }
        other => {
            warnings.push(format!("warning: unrecognized escape `\\{other}'"));
            let mut buf = [0u8; 4];
            push_lit(pieces, b"\\");
            push_lit(pieces, other.encode_utf8(&mut buf).as_bytes());
            return;
        }
    };
    push_lit(pieces, &[byte]);
}

/// Parse a `-printf` format; unknown directives and escapes are kept literally and produce
/// the warnings returned.
pub(super) fn parse_format(fmt: &str) -> (Vec<Piece>, Vec<String>) {
    let mut pieces = Vec::new();
    let mut warnings = Vec::new();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' => escape(&mut chars, &mut pieces, &mut warnings),
            '%' => {
                let (mut left, mut alt) = (false, false);
                while let Some(&f) = chars.peek().filter(|f| matches!(f, '-' | '+' | ' ' | '#' | '0')) {
                    left |= f == '-';
                    alt |= f == '#';
                    chars.next();
                }
                let mut width = 0usize;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    width = (width * 10 + d as usize).min(1 << 20);
                    chars.next();
                }
                let mut precision = None;
                if chars.peek() == Some(&'.') {
                    chars.next();
                    let mut p = 0usize;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                        p = (p * 10 + d as usize).min(1 << 20);
                        chars.next();
                    }
                    precision = Some(p);
                }
                let Some(conv) = chars.next() else {
                    push_lit(&mut pieces, b"%");
                    break;
                };
                let sub = if matches!(conv, 'T' | 'A' | 'C') { chars.next() } else { None };
                if KNOWN.contains(conv) || matches!(conv, 'T' | 'A' | 'C') {
                    pieces.push(Piece::Dir { left, alt, width, precision, conv, sub });
                } else {
                    warnings.push(format!("warning: unrecognized format directive `%{conv}'"));
                    push_lit(&mut pieces, format!("%{conv}").as_bytes());
                }
            }
            _ => {
                let mut buf = [0u8; 4];
                push_lit(&mut pieces, kitsh_core::util::bytes::encode(c.encode_utf8(&mut buf)).as_ref());
            }
        }
    }
    (pieces, warnings)
}

fn type_letter(t: Option<FileType>) -> char {
    match t {
        Some(FileType::File) => 'f',
        Some(FileType::Dir) => 'd',
        Some(FileType::Symlink) => 'l',
        Some(FileType::CharDevice) => 'c',
        Some(FileType::Fifo) => 'p',
        None => 'N',
    }
}

/// The text of a time directive (`%t`, `%T@`, `%TY`, ...).
fn time_text(v: &Visit<'_>, sub: Option<char>) -> String {
    let (secs, nanos) = v.mtime();
    let tz = v.tz;
    match sub {
        None => strftime_ns("%a %b %e %H:%M:%S.%N0 %Y", secs, nanos, tz),
        Some('@') => format!("{secs}.{nanos:09}0"),
        Some('+') => strftime_ns("%Y-%m-%d+%H:%M:%S.%N0", secs, nanos, tz),
        Some('T') => strftime_ns("%H:%M:%S.%N0", secs, nanos, tz),
        Some('S') => strftime_ns("%S.%N0", secs, nanos, tz),
        Some(c) if c.is_ascii_alphabetic() => strftime_ns(&format!("%{c}"), secs, nanos, tz),
        Some(c) => format!("%{c}"),
    }
}

/// The text of one directive for `v`.
fn directive(v: &Visit<'_>, conv: char, sub: Option<char>) -> String {
    let m = &v.meta;
    match conv {
        'p' => v.path.to_string(),
        'f' => v.base_name().to_string(),
        'h' => v.dir_name().to_string(),
        'P' => v.relative().to_string(),
        'H' => v.start.to_string(),
        'd' => v.depth.to_string(),
        's' => m.len.to_string(),
        'k' => v.blocks_1k().to_string(),
        'b' => (v.blocks_1k() * 2).to_string(),
        'm' => format!("{:o}", m.mode & 0o7777),
        'M' => format!("{}{}", type_letter(Some(m.file_type)).to_string().replace('f', "-"), mode_string(m.mode)),
        'y' => type_letter(Some(m.file_type)).to_string(),
        'Y' => type_letter(v.followed_type()).to_string(),
        'l' => v.target.clone().unwrap_or_default(),
        'u' => v.names.user(m.uid),
        'U' => m.uid.to_string(),
        'g' => v.names.group(m.gid),
        'G' => m.gid.to_string(),
        'i' => m.ino.to_string(),
        'n' => m.nlink.to_string(),
        'D' => "32".to_string(),
        'F' => "tmpfs".to_string(),
        '%' => "%".to_string(),
        't' | 'a' | 'c' => time_text(v, None),
        _ => time_text(v, sub),
    }
}

/// Append the format for `v` to `out` (up to a `\c`).
pub(super) fn render(pieces: &[Piece], v: &Visit<'_>, out: &mut Vec<u8>) {
    for p in pieces {
        match p {
            Piece::Lit(b) => out.extend_from_slice(b),
            Piece::Stop => return,
            Piece::Dir { left, alt, width, precision, conv, sub } => {
                let mut text = directive(v, *conv, *sub);
                if *alt && *conv == 'm' && !text.starts_with('0') {
                    text.insert(0, '0');
                }
                if let Some(p) = precision {
                    text = text.chars().take(*p).collect();
                }
                let len = text.chars().count();
                let pad = width.saturating_sub(len);
                if !left {
                    out.resize(out.len() + pad, b' ');
                }
                out.extend_from_slice(&kitsh_core::util::bytes::encode(&text));
                if *left {
                    out.resize(out.len() + pad, b' ');
                }
            }
        }
    }
}
