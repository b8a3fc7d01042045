//! C `printf` formatting of one floating-point directive (`%f %e %g %a` with flags, width and
//! precision), as `seq -f` and `od -t f` need.

/// A parsed `%[flags][width][.precision]conv` directive.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FloatSpec {
    /// `-`: left-justify.
    pub left: bool,
    /// `+`: always a sign.
    pub plus: bool,
    /// ` `: a space for positive numbers.
    pub space: bool,
    /// `#`: alternate form (keep the point and trailing zeros).
    pub alt: bool,
    /// `0`: pad with zeros.
    pub zero: bool,
    /// Minimum field width.
    pub width: usize,
    /// Precision (`None`: 6).
    pub prec: Option<usize>,
    /// One of `f F e E g G a A`.
    pub conv: char,
}

impl FloatSpec {
    /// Parse a directive starting right after `%`; returns the spec and the bytes used, or
    /// `None` when it is not a complete floating-point directive. `'` and `L` are accepted and
    /// ignored.
    pub fn parse(s: &str) -> Option<(FloatSpec, usize)> {
        let b = s.as_bytes();
        let mut sp = FloatSpec::default();
        let mut i = 0;
        while let Some(&c) = b.get(i) {
            match c {
                b'-' => sp.left = true,
                b'+' => sp.plus = true,
                b' ' => sp.space = true,
                b'#' => sp.alt = true,
                b'0' => sp.zero = true,
                b'\'' => {}
                _ => break,
            }
            i += 1;
        }
        let num = |i: &mut usize| {
            let mut v: usize = 0;
            while let Some(d) = b.get(*i).filter(|c| c.is_ascii_digit()) {
                v = v.saturating_mul(10).saturating_add((d - b'0') as usize).min(4096);
                *i += 1;
            }
            v
        };
        sp.width = num(&mut i);
        if b.get(i) == Some(&b'.') {
            i += 1;
            sp.prec = Some(num(&mut i));
        }
        if b.get(i) == Some(&b'L') {
            i += 1;
        }
        let c = *b.get(i)?;
        if !b"fFeEgGaA".contains(&c) {
            return None;
        }
        sp.conv = c as char;
        Some((sp, i + 1))
    }

    /// Format `x`.
    pub fn format(&self, x: f64) -> String {
        let upper = self.conv.is_ascii_uppercase();
        let body = if !x.is_finite() {
            let s = if x.is_nan() { "nan" } else { "inf" };
            if upper {
                s.to_uppercase()
            } else {
                s.to_string()
            }
        } else {
            let a = x.abs();
            let p = self.prec.unwrap_or(6);
            let s = match self.conv.to_ascii_lowercase() {
                'f' => fixed(a, p, self.alt),
                'e' => exp(a, p, self.alt),
                'a' => hex(a, self.prec),
                _ => general(a, p, self.alt),
            };
            if upper {
                s.to_uppercase()
            } else {
                s
            }
        };
        let sign = if x.is_sign_negative() && !x.is_nan() {
            "-"
        } else if self.plus {
            "+"
        } else if self.space {
            " "
        } else {
            ""
        };
        let len = sign.len() + body.len();
        if len >= self.width {
            return format!("{sign}{body}");
        }
        let pad = self.width - len;
        if self.left {
            format!("{sign}{body}{}", " ".repeat(pad))
        } else if self.zero && x.is_finite() {
            format!("{sign}{}{body}", "0".repeat(pad))
        } else {
            format!("{}{sign}{body}", " ".repeat(pad))
        }
    }
}

fn fixed(a: f64, p: usize, alt: bool) -> String {
    let mut s = format!("{a:.p$}");
    if alt && p == 0 {
        s.push('.');
    }
    s
}

/// `%e` of a non-negative number: `d.ddde+XX`.
fn exp(a: f64, p: usize, alt: bool) -> String {
    let s = format!("{a:.p$e}");
    let (mant, e) = s.split_once('e').unwrap_or((&s, "0"));
    let e: i32 = e.parse().unwrap_or(0);
    let sign = if e < 0 { '-' } else { '+' };
    let dot = if alt && p == 0 { "." } else { "" };
    format!("{mant}{dot}e{sign}{:02}", e.unsigned_abs())
}

fn general(a: f64, p: usize, alt: bool) -> String {
    let p = p.max(1);
    let e_repr = format!("{a:.prec$e}", prec = p - 1);
    let x: i64 = e_repr.split_once('e').and_then(|(_, e)| e.parse().ok()).unwrap_or(0);
    let mut s = if (x as i128) < p as i128 && x >= -4 {
        fixed(a, (p as i64 - 1 - x).max(0) as usize, alt)
    } else {
        exp(a, p - 1, alt)
    };
    if !alt {
        let (mant, tail) = match s.find('e') {
            Some(i) => (s[..i].to_string(), s[i..].to_string()),
            None => (s.clone(), String::new()),
        };
        if mant.contains('.') {
            let m = mant.trim_end_matches('0').trim_end_matches('.');
            s = format!("{m}{tail}");
        }
    }
    s
}

/// `%a`: hexadecimal floating point, `0x1.8p+1`.
fn hex(a: f64, prec: Option<usize>) -> String {
    if a == 0.0 {
        return match prec {
            Some(p) if p > 0 => format!("0x0.{}p+0", "0".repeat(p)),
            _ => "0x0p+0".to_string(),
        };
    }
    let bits = a.to_bits();
    let mut e = ((bits >> 52) & 0x7ff) as i64;
    let mut m = bits & ((1u64 << 52) - 1);
    let lead = if e == 0 {
        e = -1022;
        0
    } else {
        e -= 1023;
        1
    };
    if let Some(p) = prec.filter(|p| *p < 13) {
        let shift = (13 - p) * 4;
        let full = (lead << 52) | m;
        let rounded = (full + (1u64 << (shift - 1))) >> shift << shift;
        m = rounded & ((1u64 << 52) - 1);
        let lead2 = rounded >> 52;
        let digits = format!("{:013x}", m);
        let frac = &digits[..p];
        let dot = if p > 0 { "." } else { "" };
        return format!("0x{lead2}{dot}{frac}p{e:+}");
    }
    let digits = format!("{:013x}", m);
    let frac = digits.trim_end_matches('0');
    let dot = if frac.is_empty() { "" } else { "." };
    format!("0x{lead}{dot}{frac}p{e:+}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(spec: &str, x: f64) -> String {
        FloatSpec::parse(spec).map(|(s, _)| s.format(x)).unwrap_or_default()
    }

    #[test]
    fn conversions() {
        assert_eq!(f("g", 1.0), "1");
        assert_eq!(f("g", 0.0001), "0.0001");
        assert_eq!(f("g", 0.00001), "1e-05");
        assert_eq!(f("g", 123456789.0), "1.23457e+08");
        assert_eq!(f("g", 100000.0), "100000");
        assert_eq!(f("#g", 1.0), "1.00000");
        assert_eq!(f("e", 1.0), "1.000000e+00");
        assert_eq!(f(".2f", 1.005), "1.00");
        assert_eq!(f("03g", 1.0), "001");
        assert_eq!(f("-5g|", 1.0), "1    ");
        assert_eq!(f("+.1f", 2.25), "+2.2");
        assert_eq!(f("08.3f", -1.5), "-001.500");
        assert_eq!(f("G", 1e-10), "1E-10");
        assert_eq!(f("g", f64::INFINITY), "inf");
        assert_eq!(f("5f", f64::NEG_INFINITY), " -inf");
        assert_eq!(f("a", 3.0), "0x1.8p+1");
        assert_eq!(f("a", 1.0), "0x1p+0");
        assert_eq!(f(".0e", 12345.0), "1e+04");
        assert_eq!(f("Lg", 2.5), "2.5");
        assert_eq!(FloatSpec::parse("d"), None);
    }
}
