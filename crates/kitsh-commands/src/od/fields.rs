//! `od` output types (`-t a c dN uN oN xN fN` with `z`), their column widths and formatting.

use crate::args::{quote, FloatSpec};

/// How a field is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fmt {
    Named,
    Char,
    Signed,
    Unsigned,
    Octal,
    Hex,
    Float,
}

/// One output type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Spec {
    pub(super) fmt: Fmt,
    /// Bytes per field.
    pub(super) size: usize,
    /// Printed width of a field, leading blank included (after [`align`]).
    pub(super) width: usize,
    /// Append the `>chars<` column.
    pub(super) z: bool,
}

/// Characters a value needs at most.
fn base_width(fmt: Fmt, size: usize) -> usize {
    match (fmt, size) {
        (Fmt::Named | Fmt::Char, _) => 3,
        (Fmt::Signed, 1) => 4,
        (Fmt::Signed, 2) => 6,
        (Fmt::Signed, 4) => 11,
        (Fmt::Signed, _) => 20,
        (Fmt::Unsigned, 1) => 3,
        (Fmt::Unsigned, 2) => 5,
        (Fmt::Unsigned, 4) => 10,
        (Fmt::Unsigned, _) => 20,
        (Fmt::Octal, 1) => 3,
        (Fmt::Octal, 2) => 6,
        (Fmt::Octal, 4) => 11,
        (Fmt::Octal, _) => 22,
        (Fmt::Hex, s) => s * 2,
        (Fmt::Float, 4) => 15,
        (Fmt::Float, _) => 24,
    }
}

/// Parse a `-t` type string (`x1z`, `d4`, `c`, `fD`, `u`, ...).
pub(super) fn parse_types(s: &str) -> Result<Vec<Spec>, String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let letter = i;
        i += 1;
        let fmt = match c {
            b'a' => Fmt::Named,
            b'c' => Fmt::Char,
            b'd' => Fmt::Signed,
            b'u' => Fmt::Unsigned,
            b'o' => Fmt::Octal,
            b'x' => Fmt::Hex,
            b'f' => Fmt::Float,
            _ => {
                let ch = s[i - 1..].chars().next().unwrap_or('?');
                return Err(format!("invalid character '{ch}' in type string {}", quote(s)));
            }
        };
        let mut size = match fmt {
            Fmt::Named | Fmt::Char => 1,
            Fmt::Float => 8,
            _ => 4,
        };
        if !matches!(fmt, Fmt::Named | Fmt::Char) {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            if i > start {
                size = s[start..i].parse().unwrap_or(0);
            } else if let Some(&l) = b.get(i) {
                let named = match (fmt, l) {
                    (Fmt::Float, b'F') => Some(4),
                    (Fmt::Float, b'D') => Some(8),
                    (Fmt::Float, b'L') => Some(16),
                    (Fmt::Float, _) => None,
                    (_, b'C') => Some(1),
                    (_, b'S') => Some(2),
                    (_, b'I') => Some(4),
                    (_, b'L') => Some(8),
                    _ => None,
                };
                if let Some(n) = named {
                    size = n;
                    i += 1;
                }
            }
            let ok = if fmt == Fmt::Float { matches!(size, 4 | 8) } else { matches!(size, 1 | 2 | 4 | 8) };
            if !ok {
                let kind = if fmt == Fmt::Float { "floating point" } else { "integral" };
                return Err(format!("invalid type string {};\nthis system doesn't provide a {size}-byte {kind} type", quote(&s[letter..i])));
            }
        }
        let z = b.get(i) == Some(&b'z');
        if z {
            i += 1;
        }
        out.push(Spec { fmt, size, width: base_width(fmt, size) + 1, z });
    }
    Ok(out)
}

/// Widen the fields so that every type's columns line up (GNU's alignment).
pub(super) fn align(specs: &mut [Spec], per_line: usize) {
    let line = specs.iter().map(|s| s.width * (per_line / s.size)).max().unwrap_or(0);
    for s in specs.iter_mut() {
        s.width = line * s.size / per_line;
    }
}

const NAMES: [&str; 33] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "nl", "vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2",
    "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us", "sp",
];

fn uint(bytes: &[u8], big: bool) -> u64 {
    let mut v: u64 = 0;
    if big {
        for &b in bytes {
            v = (v << 8) | b as u64;
        }
    } else {
        for &b in bytes.iter().rev() {
            v = (v << 8) | b as u64;
        }
    }
    v
}

/// Shortest `%g` text that reads back as the same value (GNU `ftoastr`).
fn float_text(v: f64, single: bool) -> String {
    let (start, end) = if single { (6, 9) } else { (15, 17) };
    let mut s = String::new();
    for p in start..=end {
        s = FloatSpec { conv: 'g', prec: Some(p), ..FloatSpec::default() }.format(v);
        let same = if single { s.parse::<f32>().ok() == Some(v as f32) } else { s.parse::<f64>().ok() == Some(v) };
        if same || v.is_nan() {
            break;
        }
    }
    s
}

/// The text of one field (`bytes.len() == spec.size`).
pub(super) fn field(spec: &Spec, bytes: &[u8], big: bool) -> String {
    let v = uint(bytes, big);
    match spec.fmt {
        Fmt::Named => {
            let b = bytes[0] & 0x7f;
            match b {
                0..=32 => NAMES[b as usize].to_string(),
                127 => "del".to_string(),
                _ => (b as char).to_string(),
            }
        }
        Fmt::Char => match bytes[0] {
            0 => "\\0".into(),
            7 => "\\a".into(),
            8 => "\\b".into(),
            9 => "\\t".into(),
            10 => "\\n".into(),
            11 => "\\v".into(),
            12 => "\\f".into(),
            13 => "\\r".into(),
            b @ 32..=126 => (b as char).to_string(),
            b => format!("{b:03o}"),
        },
        Fmt::Unsigned => v.to_string(),
        Fmt::Signed => {
            let shift = 64 - 8 * spec.size as u32;
            (((v << shift) as i64) >> shift).to_string()
        }
        Fmt::Octal => format!("{v:0w$o}", w = base_width(Fmt::Octal, spec.size)),
        Fmt::Hex => format!("{v:0w$x}", w = spec.size * 2),
        Fmt::Float if spec.size == 4 => float_text(f32::from_bits(v as u32) as f64, true),
        Fmt::Float => float_text(f64::from_bits(v), false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types() {
        let t = |s: &str| parse_types(s).map(|v| v.iter().map(|s| (s.fmt, s.size, s.z)).collect::<Vec<_>>());
        assert_eq!(t("x1z"), Ok(vec![(Fmt::Hex, 1, true)]));
        assert_eq!(t("dIc"), Ok(vec![(Fmt::Signed, 4, false), (Fmt::Char, 1, false)]));
        assert_eq!(t("fF"), Ok(vec![(Fmt::Float, 4, false)]));
        assert_eq!(t("x3"), Err("invalid type string ‘x3’;\nthis system doesn't provide a 3-byte integral type".into()));
        assert_eq!(t("q"), Err("invalid character 'q' in type string ‘q’".into()));
    }

    #[test]
    fn fields() {
        let s = |t: &str| parse_types(t).map(|v| v[0]).unwrap_or(Spec { fmt: Fmt::Char, size: 1, width: 0, z: false });
        assert_eq!(field(&s("d2"), &[0xff, 0xff], false), "-1");
        assert_eq!(field(&s("o2"), &[0x68, 0x65], false), "062550");
        assert_eq!(field(&s("x2"), &[0x68, 0x65], true), "6865");
        assert_eq!(field(&s("a"), &[0xff], false), "del");
        assert_eq!(field(&s("c"), &[0xe9], false), "351");
        assert_eq!(field(&s("f4"), &0x6c6c6568u32.to_le_bytes(), false), "1.1431415e+27");
        assert_eq!(field(&s("f4"), &1.0f32.to_le_bytes(), false), "1");
        assert_eq!(field(&s("f8"), &0x6f77206f6c6c6568u64.to_le_bytes(), false), "8.765776478827897e+228");
    }
}
