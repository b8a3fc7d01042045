//! `hexdump -e FORMAT`: the format-string language (`[N][/M] "text %conv ..."` units, C
//! integer, character and float conversions, `%_a[dox]`, `%_p`, `%_c`, `%_u`), rendered as
//! util-linux does: the last iteration of a unit drops its trailing whitespace and fields past
//! the end of the data print as blanks.

/// A conversion.
#[derive(Debug, Clone, PartialEq)]
enum Kind {
    /// `%d %i %u %o %x %X`
    Int(char),
    /// `%c`
    Char,
    /// `%e %f %g %E %G`
    Float(char),
    /// `%_a` with radix `d`, `o` or `x`.
    Addr(char),
    /// `%_p`
    Print,
    /// `%_c`
    CChar,
    /// `%_u`
    Named,
}

/// One piece of a unit's text.
#[derive(Debug, Clone, PartialEq)]
enum Piece {
    Text(String),
    Conv { flags: String, width: Option<usize>, prec: Option<usize>, kind: Kind, bytes: usize },
}

/// `N/M "format"`.
#[derive(Debug, Clone, PartialEq)]
struct Unit {
    reps: usize,
    pieces: Vec<Piece>,
}

/// A parsed `-e` format.
#[derive(Debug, Clone, PartialEq)]
pub struct Custom {
    units: Vec<Unit>,
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('a') => out.push('\x07'),
            Some('b') => out.push('\x08'),
            Some('f') => out.push('\x0c'),
            Some('v') => out.push('\x0b'),
            Some('0') => out.push('\0'),
            Some(o) => out.push(o),
            None => out.push('\\'),
        }
    }
    out
}

/// Parse the text of one quoted format string; `bytes` is the unit's `/M`, if given.
fn pieces(text: &str, bytes: Option<usize>) -> Result<Vec<Piece>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut lit = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c != '%' {
            lit.push(c);
            i += 1;
            continue;
        }
        if chars.get(i + 1) == Some(&'%') {
            lit.push('%');
            i += 2;
            continue;
        }
        let start = i;
        i += 1;
        let mut flags = String::new();
        while let Some(&f) = chars.get(i).filter(|f| "-+ #0".contains(**f)) {
            flags.push(f);
            i += 1;
        }
        let num = |i: &mut usize| -> Option<usize> {
            let s: String = chars[*i..].iter().take_while(|c| c.is_ascii_digit()).collect();
            *i += s.len();
            (!s.is_empty()).then(|| s.parse().unwrap_or(0))
        };
        let width = num(&mut i);
        let prec = if chars.get(i) == Some(&'.') {
            i += 1;
            Some(num(&mut i).unwrap_or(0))
        } else {
            None
        };
        let Some(&k) = chars.get(i) else {
            return Err(format!("bad format {{{}}}", chars[start..].iter().collect::<String>()));
        };
        i += 1;
        let (kind, default) = match k {
            'd' | 'i' | 'u' | 'o' | 'x' | 'X' => (Kind::Int(k), 4),
            'c' => (Kind::Char, 1),
            'e' | 'E' | 'f' | 'g' | 'G' => (Kind::Float(k), 8),
            '_' => {
                let Some(&k2) = chars.get(i) else { return Err("bad conversion character %_".into()) };
                i += 1;
                match k2 {
                    'a' | 'A' => {
                        let r = chars.get(i).copied().filter(|r| "dox".contains(*r)).unwrap_or('x');
                        if chars.get(i).is_some_and(|r| "dox".contains(*r)) {
                            i += 1;
                        }
                        if k2 == 'A' {
                            // The end address is printed by kitsh's own final line only.
                            lit.clear();
                            continue;
                        }
                        (Kind::Addr(r), 0)
                    }
                    'p' => (Kind::Print, 1),
                    'c' => (Kind::CChar, 1),
                    'u' => (Kind::Named, 1),
                    other => return Err(format!("bad conversion character %_{other}")),
                }
            }
            other => return Err(format!("bad conversion character %{other}")),
        };
        if !lit.is_empty() {
            out.push(Piece::Text(unescape(&std::mem::take(&mut lit))));
        }
        let b = if matches!(kind, Kind::Addr(_)) { 0 } else { bytes.unwrap_or(default) };
        out.push(Piece::Conv { flags, width, prec, kind, bytes: b });
    }
    if !lit.is_empty() {
        out.push(Piece::Text(unescape(&lit)));
    }
    let convs = out.iter().filter(|p| matches!(p, Piece::Conv { kind, .. } if !matches!(kind, Kind::Addr(_)))).count();
    if bytes.is_some() && convs > 1 {
        return Err("byte count with multiple conversion characters".into());
    }
    Ok(out)
}

/// Parse a `-e` argument.
pub fn parse(spec: &str) -> Result<Custom, String> {
    let b: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let mut units = Vec::new();
    loop {
        while i < b.len() && b[i].is_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            break;
        }
        let mut reps = 1;
        let mut bytes = None;
        if b[i].is_ascii_digit() {
            let s: String = b[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
            i += s.len();
            reps = s.parse().unwrap_or(1);
        }
        while i < b.len() && b[i].is_whitespace() {
            i += 1;
        }
        if b.get(i) == Some(&'/') {
            i += 1;
            while i < b.len() && b[i].is_whitespace() {
                i += 1;
            }
            let s: String = b[i..].iter().take_while(|c| c.is_ascii_digit()).collect();
            i += s.len();
            bytes = s.parse().ok();
            while i < b.len() && b[i].is_whitespace() {
                i += 1;
            }
        }
        if b.get(i) != Some(&'"') {
            return Err(format!("bad format {{{spec}}}"));
        }
        i += 1;
        let mut text = String::new();
        while i < b.len() && b[i] != '"' {
            if b[i] == '\\' && i + 1 < b.len() {
                text.push(b[i]);
                text.push(b[i + 1]);
                i += 2;
                continue;
            }
            text.push(b[i]);
            i += 1;
        }
        if i >= b.len() {
            return Err(format!("bad format {{{spec}}}"));
        }
        i += 1;
        units.push(Unit { reps: reps.max(1), pieces: pieces(&text, bytes)? });
    }
    Ok(Custom { units })
}

impl Custom {
    /// The bytes one block of this format consumes.
    pub fn block_size(&self) -> usize {
        self.units
            .iter()
            .map(|u| u.reps * u.pieces.iter().map(|p| if let Piece::Conv { bytes, .. } = p { *bytes } else { 0 }).sum::<usize>())
            .sum()
    }

    /// Render one block of data at address `addr`.
    pub fn render(&self, addr: u64, block: &[u8], out: &mut Vec<u8>) {
        let mut pos = 0usize;
        let mut s = String::new();
        for u in &self.units {
            for r in 0..u.reps {
                let last = u.reps > 1 && r + 1 == u.reps;
                let n = u.pieces.len();
                for (k, p) in u.pieces.iter().enumerate() {
                    match p {
                        Piece::Text(t) => {
                            if last && k + 1 == n {
                                s.push_str(t.trim_end_matches([' ', '\t']));
                            } else {
                                s.push_str(t);
                            }
                        }
                        Piece::Conv { flags, width, prec, kind, bytes } => {
                            if let Kind::Addr(r) = kind {
                                let a = addr + pos as u64;
                                s.push_str(&int(flags, *width, *prec, *r, a, false));
                                continue;
                            }
                            if pos >= block.len() {
                                s.push_str(&" ".repeat(width.unwrap_or(0)));
                                pos += bytes;
                                continue;
                            }
                            let mut v: u64 = 0;
                            for i in (0..*bytes).rev() {
                                v = (v << 8) | u64::from(block.get(pos + i).copied().unwrap_or(0));
                            }
                            s.push_str(&conv(flags, *width, *prec, kind, v, *bytes));
                            pos += bytes;
                        }
                    }
                }
            }
        }
        out.extend_from_slice(&kitsh_core::util::bytes::encode(&s));
    }
}

/// Pad `body` to `width` (left unless `-`).
fn pad(flags: &str, width: Option<usize>, body: String, zero_ok: bool) -> String {
    let w = width.unwrap_or(0);
    let len = body.chars().count();
    if len >= w {
        return body;
    }
    if flags.contains('-') {
        format!("{body}{}", " ".repeat(w - len))
    } else if zero_ok && flags.contains('0') {
        let (sign, digits) = match body.strip_prefix(['-', '+', ' ']) {
            Some(d) => (&body[..1], d.to_string()),
            None => ("", body.clone()),
        };
        let (px, digits) = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
            Some(d) => (&body[sign.len()..sign.len() + 2], d.to_string()),
            None => ("", digits),
        };
        format!("{sign}{px}{}{digits}", "0".repeat(w - len))
    } else {
        format!("{}{body}", " ".repeat(w - len))
    }
}

fn int(flags: &str, width: Option<usize>, prec: Option<usize>, k: char, v: u64, signed_neg: bool) -> String {
    let mut digits = match k {
        'o' => format!("{v:o}"),
        'x' => format!("{v:x}"),
        'X' => format!("{v:X}"),
        _ => v.to_string(),
    };
    if let Some(p) = prec {
        if digits.len() < p {
            digits = format!("{}{digits}", "0".repeat(p - digits.len()));
        }
        if p == 0 && v == 0 {
            digits.clear();
        }
    }
    if flags.contains('#') {
        match k {
            'o' if !digits.starts_with('0') => digits.insert(0, '0'),
            'x' if v != 0 => digits.insert_str(0, "0x"),
            'X' if v != 0 => digits.insert_str(0, "0X"),
            _ => {}
        }
    }
    let sign = if signed_neg {
        "-"
    } else if matches!(k, 'd' | 'i') && flags.contains('+') {
        "+"
    } else if matches!(k, 'd' | 'i') && flags.contains(' ') {
        " "
    } else {
        ""
    };
    pad(flags, width, format!("{sign}{digits}"), prec.is_none())
}

const NAMES: [&str; 32] = [
    "nul", "soh", "stx", "etx", "eot", "enq", "ack", "bel", "bs", "ht", "lf", "vt", "ff", "cr", "so", "si", "dle", "dc1", "dc2",
    "dc3", "dc4", "nak", "syn", "etb", "can", "em", "sub", "esc", "fs", "gs", "rs", "us",
];

fn conv(flags: &str, width: Option<usize>, prec: Option<usize>, kind: &Kind, v: u64, bytes: usize) -> String {
    match kind {
        Kind::Int(k @ ('d' | 'i')) => {
            let bits = (bytes * 8) as u32;
            let signed = if bits >= 64 { v as i64 } else if v >> (bits - 1) & 1 == 1 { (v as i64) - (1i64 << bits) } else { v as i64 };
            int(flags, width, prec, *k, signed.unsigned_abs(), signed < 0)
        }
        Kind::Int(k) => int(flags, width, prec, *k, v, false),
        Kind::Char => pad(flags, width, ((v as u8) as char).to_string(), false),
        Kind::Print => {
            let b = v as u8;
            pad(flags, width, if (32..127).contains(&b) { (b as char).to_string() } else { ".".into() }, false)
        }
        Kind::CChar => {
            let b = v as u8;
            let s = match b {
                0 => "\\0".to_string(),
                7 => "\\a".into(),
                8 => "\\b".into(),
                9 => "\\t".into(),
                10 => "\\n".into(),
                11 => "\\v".into(),
                12 => "\\f".into(),
                13 => "\\r".into(),
                32..=126 => (b as char).to_string(),
                _ => format!("{b:03o}"),
            };
            pad(flags, width, s, false)
        }
        Kind::Named => {
            let b = v as u8;
            let s = match b {
                0..=31 => NAMES[usize::from(b)].to_string(),
                127 => "del".into(),
                32..=126 => (b as char).to_string(),
                _ => format!("{b:x}"),
            };
            pad(flags, width, s, false)
        }
        Kind::Float(k) => {
            let x = if bytes == 4 { f64::from(f32::from_bits(v as u32)) } else { f64::from_bits(v) };
            let p = prec.unwrap_or(6);
            let s = match k {
                'e' | 'E' => {
                    let t = format!("{x:.p$e}");
                    let (m, e) = t.split_once('e').unwrap_or((&t, "0"));
                    let ev: i32 = e.parse().unwrap_or(0);
                    let t = format!("{m}e{}{:02}", if ev < 0 { '-' } else { '+' }, ev.abs());
                    if *k == 'E' {
                        t.to_uppercase()
                    } else {
                        t
                    }
                }
                _ => format!("{x:.p$}"),
            };
            pad(flags, width, s, true)
        }
        Kind::Addr(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dump(spec: &str, data: &[u8]) -> String {
        let Ok(c) = parse(spec) else { return "ERR".into() };
        let size = c.block_size().max(1);
        let mut out = Vec::new();
        for (k, b) in data.chunks(size).enumerate() {
            c.render((k * size) as u64, b, &mut out);
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn formats() {
        assert_eq!(dump("1/1 \"%.2x\"", b"hi\n"), "68690a");
        assert_eq!(dump("16/1 \"%02x \" \"\\n\"", b"abc"), format!("61 62 63{}\n", " ".repeat(13 * 3)));
        assert_eq!(dump("1/4 \"%d\\n\"", b"abcd"), "1684234849\n");
        assert_eq!(dump("2/1 \"%x-\" \"|\\n\"", b"abc"), "61-62-|\n63--|\n");
        assert_eq!(dump("\"%_p\"", b"ab"), "ab");
        assert_eq!(dump("/1 \"%02X:\"", b"ab"), "61:62:");
        assert_eq!(dump("\"%07.7_ax  \" 8/1 \"%3_c\" \"\\n\"", b"ab"), "0000000    a  b                  \n");
    }
}
