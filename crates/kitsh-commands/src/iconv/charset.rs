//! The character sets `iconv` knows: UTF-8, UTF-16/32 (with glibc's BOM rules), ISO-8859-1,
//! ISO-8859-15, Windows-1252 and ASCII, and glibc's C-locale transliterations.

/// Byte order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endian {
    /// Little-endian.
    Little,
    /// Big-endian.
    Big,
}

/// A supported character set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charset {
    /// UTF-8.
    Utf8,
    /// UTF-16; `None`: the generic form (BOM read or written, little-endian by default).
    Utf16(Option<Endian>),
    /// UTF-32; `None` as for UTF-16.
    Utf32(Option<Endian>),
    /// ISO-8859-1.
    Latin1,
    /// ISO-8859-15.
    Latin9,
    /// Windows-1252.
    Cp1252,
    /// US-ASCII.
    Ascii,
}

/// The names `iconv -l` prints (with `//`).
pub const NAMES: &[&str] = &[
    "646", "ANSI_X3.4-1968", "ASCII", "CP1252", "CP819", "ISO-8859-1", "ISO-8859-15", "ISO8859-1", "ISO8859-15", "ISO_8859-1",
    "ISO_8859-15", "L1", "LATIN-9", "LATIN1", "LATIN9", "MS-ANSI", "UCS-4", "UCS-4BE", "UCS-4LE", "US-ASCII", "UTF-16", "UTF-16BE",
    "UTF-16LE", "UTF-32", "UTF-32BE", "UTF-32LE", "UTF-8", "UTF16", "UTF16BE", "UTF16LE", "UTF32", "UTF32BE", "UTF32LE", "UTF8",
    "WINDOWS-1252",
];

impl Charset {
    /// Look up a name (case-insensitive, without `//` suffixes).
    pub fn by_name(name: &str) -> Option<Charset> {
        let n = name.to_ascii_uppercase();
        Some(match n.as_str() {
            "UTF-8" | "UTF8" => Charset::Utf8,
            "UTF-16" | "UTF16" => Charset::Utf16(None),
            "UTF-16LE" | "UTF16LE" => Charset::Utf16(Some(Endian::Little)),
            "UTF-16BE" | "UTF16BE" => Charset::Utf16(Some(Endian::Big)),
            "UTF-32" | "UTF32" => Charset::Utf32(None),
            "UTF-32LE" | "UTF32LE" | "UCS-4LE" => Charset::Utf32(Some(Endian::Little)),
            "UTF-32BE" | "UTF32BE" | "UCS-4" | "UCS-4BE" => Charset::Utf32(Some(Endian::Big)),
            "ISO-8859-1" | "ISO8859-1" | "ISO_8859-1" | "LATIN1" | "L1" | "CP819" => Charset::Latin1,
            "ISO-8859-15" | "ISO8859-15" | "ISO_8859-15" | "LATIN-9" | "LATIN9" => Charset::Latin9,
            "CP1252" | "WINDOWS-1252" | "MS-ANSI" => Charset::Cp1252,
            "ASCII" | "US-ASCII" | "ANSI_X3.4-1968" | "646" => Charset::Ascii,
            _ => return None,
        })
    }
}

const CP1252_HIGH: [u32; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0, 0, 0x2018,
    0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

const LATIN9_DIFF: [(u8, u32); 8] =
    [(0xA4, 0x20AC), (0xA6, 0x0160), (0xA8, 0x0161), (0xB4, 0x017D), (0xB8, 0x017E), (0xBC, 0x0152), (0xBD, 0x0153), (0xBE, 0x0178)];

/// One decoding step at the start of `b`.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// A character and the bytes it took.
    Char(u32, usize),
    /// The bytes there are not a valid character.
    Invalid,
    /// More bytes are needed.
    Need,
}

fn utf8(b: &[u8]) -> Step {
    let c0 = b[0];
    let (len, min, init) = match c0 {
        0..=0x7f => return Step::Char(u32::from(c0), 1),
        0xc2..=0xdf => (2, 0x80, u32::from(c0 & 0x1f)),
        0xe0..=0xef => (3, 0x800, u32::from(c0 & 0x0f)),
        0xf0..=0xf4 => (4, 0x10000, u32::from(c0 & 0x07)),
        _ => return Step::Invalid,
    };
    let mut v = init;
    for k in 1..len {
        match b.get(k) {
            None => return Step::Need,
            Some(&c) if c & 0xc0 == 0x80 => v = (v << 6) | u32::from(c & 0x3f),
            Some(_) => return Step::Invalid,
        }
    }
    if v < min || (0xd800..0xe000).contains(&v) || v > 0x10ffff {
        return Step::Invalid;
    }
    Step::Char(v, len)
}

fn unit16(b: &[u8], e: Endian) -> u32 {
    match e {
        Endian::Little => u32::from(u16::from_le_bytes([b[0], b[1]])),
        Endian::Big => u32::from(u16::from_be_bytes([b[0], b[1]])),
    }
}

fn utf16(b: &[u8], e: Endian) -> Step {
    if b.len() < 2 {
        return Step::Need;
    }
    let u = unit16(b, e);
    if (0xdc00..0xe000).contains(&u) {
        return Step::Invalid;
    }
    if (0xd800..0xdc00).contains(&u) {
        if b.len() < 4 {
            return Step::Need;
        }
        let l = unit16(&b[2..], e);
        if !(0xdc00..0xe000).contains(&l) {
            return Step::Invalid;
        }
        return Step::Char(0x10000 + ((u - 0xd800) << 10) + (l - 0xdc00), 4);
    }
    Step::Char(u, 2)
}

fn utf32(b: &[u8], e: Endian) -> Step {
    if b.len() < 4 {
        return Step::Need;
    }
    let a = [b[0], b[1], b[2], b[3]];
    let v = match e {
        Endian::Little => u32::from_le_bytes(a),
        Endian::Big => u32::from_be_bytes(a),
    };
    if v > 0x10ffff || (0xd800..0xe000).contains(&v) {
        return Step::Invalid;
    }
    Step::Char(v, 4)
}

/// Decode one character of `cs` (generic UTF-16/32 must have been resolved to an order).
pub fn decode(cs: Charset, b: &[u8]) -> Step {
    match cs {
        Charset::Utf8 => utf8(b),
        Charset::Utf16(e) => utf16(b, e.unwrap_or(Endian::Little)),
        Charset::Utf32(e) => utf32(b, e.unwrap_or(Endian::Little)),
        Charset::Latin1 => Step::Char(u32::from(b[0]), 1),
        Charset::Latin9 => {
            let c = b[0];
            Step::Char(LATIN9_DIFF.iter().find(|(k, _)| *k == c).map_or(u32::from(c), |(_, v)| *v), 1)
        }
        Charset::Cp1252 => match b[0] {
            c @ 0x80..=0x9f => match CP1252_HIGH[usize::from(c - 0x80)] {
                0 => Step::Invalid,
                v => Step::Char(v, 1),
            },
            c => Step::Char(u32::from(c), 1),
        },
        Charset::Ascii => {
            if b[0] < 0x80 {
                Step::Char(u32::from(b[0]), 1)
            } else {
                Step::Invalid
            }
        }
    }
}

/// Encode `c` in `cs`, appending to `out`; `false` when `cs` cannot represent it.
pub fn encode(cs: Charset, c: u32, out: &mut Vec<u8>) -> bool {
    match cs {
        Charset::Utf8 => match char::from_u32(c) {
            Some(ch) => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                true
            }
            None => false,
        },
        Charset::Utf16(e) => {
            let e = e.unwrap_or(Endian::Little);
            let mut put = |u: u16| match e {
                Endian::Little => out.extend_from_slice(&u.to_le_bytes()),
                Endian::Big => out.extend_from_slice(&u.to_be_bytes()),
            };
            if c >= 0x10000 {
                let v = c - 0x10000;
                put(0xd800 + (v >> 10) as u16);
                put(0xdc00 + (v & 0x3ff) as u16);
            } else {
                put(c as u16);
            }
            true
        }
        Charset::Utf32(e) => {
            match e.unwrap_or(Endian::Little) {
                Endian::Little => out.extend_from_slice(&c.to_le_bytes()),
                Endian::Big => out.extend_from_slice(&c.to_be_bytes()),
            }
            true
        }
        Charset::Latin1 => single(c < 0x100, c, out),
        Charset::Ascii => single(c < 0x80, c, out),
        Charset::Latin9 => {
            if let Some((k, _)) = LATIN9_DIFF.iter().find(|(_, v)| *v == c) {
                out.push(*k);
                return true;
            }
            single(c < 0x100 && !LATIN9_DIFF.iter().any(|(k, _)| u32::from(*k) == c), c, out)
        }
        Charset::Cp1252 => {
            if let Some(p) = CP1252_HIGH.iter().position(|&v| v == c && v != 0) {
                out.push(0x80 + p as u8);
                return true;
            }
            single(c < 0x80 || (0xa0..0x100).contains(&c), c, out)
        }
    }
}

fn single(ok: bool, c: u32, out: &mut Vec<u8>) -> bool {
    if ok {
        out.push(c as u8);
    }
    ok
}

/// glibc's C-locale transliteration of `c`, if it has one.
pub fn translit(c: u32) -> Option<&'static str> {
    Some(match c {
        0xa0 | 0x2000..=0x200a | 0x202f | 0x205f => " ",
        0xa9 => "(C)",
        0xab => "<<",
        0xad => "-",
        0xae => "(R)",
        0xb5 => "u",
        0xbb => ">>",
        0xbc => " 1/4 ",
        0xbd => " 1/2 ",
        0xbe => " 3/4 ",
        0xc6 => "AE",
        0xd7 => "x",
        0xdf => "ss",
        0xe6 => "ae",
        0x152 => "OE",
        0x153 => "oe",
        0x2010..=0x2012 => "-",
        0x2013 => "-",
        0x2014 => "--",
        0x2015 => "-",
        0x2018 | 0x2019 | 0x201b => "'",
        0x201a => ",",
        0x201c | 0x201d | 0x201f => "\"",
        0x201e => ",,",
        0x2022 => "o",
        0x2024 => ".",
        0x2025 => "..",
        0x2026 => "...",
        0x2039 => "<",
        0x203a => ">",
        0x20ac => "EUR",
        0x2122 => "(TM)",
        0x2190 => "<-",
        0x2192 => "->",
        0x2194 => "<->",
        0x21d0 => "<=",
        0x21d2 => "=>",
        0x2212 => "-",
        0x2215 => "/",
        0x2264 => "<=",
        0x2265 => ">=",
        0xfb00 => "ff",
        0xfb01 => "fi",
        0xfb02 => "fl",
        0xfb03 => "ffi",
        0xfb04 => "ffl",
        _ => return None,
    })
}
