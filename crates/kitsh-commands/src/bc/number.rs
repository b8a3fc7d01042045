//! bc's arbitrary-precision decimal numbers: a big integer scaled by `10^-scale`, with GNU bc's
//! scale rules for every operation (results are truncated, never rounded) and its conversions
//! from `ibase` and to `obase`.

use std::cmp::Ordering;

use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The most decimal digits a number (or a requested scale) may have; past it an operation fails
/// with [`NumError::TooBig`] instead of exhausting memory.
pub const MAX_DIGITS: usize = 1_000_000;

/// Why an operation on numbers failed (bc's runtime error texts).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumError {
    /// Division by zero.
    DivideByZero,
    /// Modulo by zero.
    ModuloByZero,
    /// Zero raised to a negative power (bc says "divide by zero" in lower case then).
    RaiseZero,
    /// `sqrt` of a negative number.
    SqrtNegative,
    /// An exponent that does not fit a machine integer.
    ExponentTooLarge,
    /// A result of more than [`MAX_DIGITS`] digits.
    TooBig,
}

impl NumError {
    /// The message GNU bc prints after `Runtime error (...): `.
    pub fn message(self) -> String {
        match self {
            NumError::DivideByZero => "Divide by zero".into(),
            NumError::ModuloByZero => "Modulo by zero".into(),
            NumError::RaiseZero => "divide by zero".into(),
            NumError::SqrtNegative => "Square root of a negative number".into(),
            NumError::ExponentTooLarge => "exponent too large in raise".into(),
            NumError::TooBig => format!("number too large (more than {MAX_DIGITS} digits)"),
        }
    }
}

/// `10^n` as a big integer.
fn pow10(n: usize) -> BigInt {
    num_traits::pow(BigInt::from(10u32), n)
}

/// Fails when a result would have more than [`MAX_DIGITS`] digits.
fn check_digits(digits: usize) -> Result<(), NumError> {
    if digits > MAX_DIGITS {
        Err(NumError::TooBig)
    } else {
        Ok(())
    }
}

/// An upper bound of the number of decimal digits of `v`.
fn digits_bound(v: &BigInt) -> usize {
    // log10(2) < 0.30103
    (v.bits() as usize).saturating_mul(30103) / 100_000 + 1
}

/// A bc number: `v / 10^scale`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Num {
    v: BigInt,
    scale: usize,
    /// A negative power cut to zero by its scale keeps bc's minus sign and prints `-0`.
    minus_zero: bool,
}

impl Num {
    /// Zero (scale 0).
    pub fn zero() -> Num {
        Num { v: BigInt::zero(), scale: 0, minus_zero: false }
    }

    /// One (scale 0).
    pub fn one() -> Num {
        Num { v: BigInt::one(), scale: 0, minus_zero: false }
    }

    /// An integer.
    pub fn from_i64(n: i64) -> Num {
        Num { v: BigInt::from(n), scale: 0, minus_zero: false }
    }

    /// A number from its scaled integer and scale.
    fn new(v: BigInt, scale: usize) -> Num {
        Num { v, scale, minus_zero: false }
    }

    /// Converts a constant as bc does at run time: digits `0-9A-Z` and at most one `.`, read in
    /// base `ibase` (2..=36). Digits past the base count as `ibase - 1`, except a lone integer
    /// digit, which keeps its value (`A` is always ten).
    pub fn parse(text: &str, ibase: u32) -> Num {
        let base = BigInt::from(ibase);
        let (int, frac) = match text.find('.') {
            Some(p) => (&text[..p], Some(&text[p + 1..])),
            None => (text, None),
        };
        let digit = |c: u8| -> u32 {
            match c {
                b'0'..=b'9' => u32::from(c - b'0'),
                b'A'..=b'Z' => u32::from(c - b'A') + 10,
                _ => 0,
            }
        };
        let clamp = |d: u32| d.min(ibase - 1);
        let ib = int.as_bytes();
        let mut build = BigInt::zero();
        if ib.len() == 1 {
            build = BigInt::from(digit(ib[0]));
        } else {
            for &c in ib {
                build = build * &base + clamp(digit(c));
            }
        }
        let Some(frac) = frac else { return Num::new(build, 0) };
        if frac.is_empty() {
            return Num::new(build, 0);
        }
        if ibase == 10 {
            let mut v = build;
            for &c in frac.as_bytes() {
                v = v * 10u32 + clamp(digit(c));
            }
            return Num::new(v, frac.len());
        }
        let mut result = BigInt::zero();
        let mut divisor = BigInt::one();
        for &c in frac.as_bytes() {
            result = result * &base + clamp(digit(c));
            divisor *= &base;
        }
        let digits = frac.len();
        let q = (result * pow10(digits)) / divisor;
        Num::new(build * pow10(digits) + q, digits)
    }

    /// The number of digits after the decimal point.
    pub fn scale(&self) -> usize {
        self.scale
    }

    /// `true` for zero.
    pub fn is_zero(&self) -> bool {
        self.v.is_zero()
    }

    /// `true` below zero.
    pub fn is_negative(&self) -> bool {
        self.v.sign() == Sign::Minus
    }

    /// The number with its scale cut (truncated toward zero) or padded to `scale` digits.
    pub fn with_scale(&self, scale: usize) -> Num {
        match scale.cmp(&self.scale) {
            Ordering::Equal => self.clone(),
            Ordering::Greater => Num::new(&self.v * pow10(scale - self.scale), scale),
            Ordering::Less => Num::new(&self.v / pow10(self.scale - scale), scale),
        }
    }

    /// The scaled integer of `self` at the larger scale `s`.
    fn at(&self, s: usize) -> BigInt {
        if s == self.scale {
            self.v.clone()
        } else {
            &self.v * pow10(s - self.scale)
        }
    }

    /// `-self`.
    pub fn neg(&self) -> Num {
        Num::new(-&self.v, self.scale)
    }

    /// Absolute value.
    pub fn abs(&self) -> Num {
        Num::new(self.v.abs(), self.scale)
    }

    /// Numeric comparison.
    pub fn cmp_num(&self, o: &Num) -> Ordering {
        let s = self.scale.max(o.scale);
        self.at(s).cmp(&o.at(s))
    }

    /// `self + o`, at the larger of the two scales.
    pub fn add(&self, o: &Num) -> Num {
        let s = self.scale.max(o.scale);
        Num::new(self.at(s) + o.at(s), s)
    }

    /// `self - o`, at the larger of the two scales.
    pub fn sub(&self, o: &Num) -> Num {
        let s = self.scale.max(o.scale);
        Num::new(self.at(s) - o.at(s), s)
    }

    /// `self * o` at `min(s1 + s2, max(scale, s1, s2))` digits.
    pub fn mul(&self, o: &Num, scale: usize) -> Result<Num, NumError> {
        check_digits(digits_bound(&self.v) + digits_bound(&o.v))?;
        let full = self.scale + o.scale;
        let rs = full.min(scale.max(self.scale).max(o.scale));
        Ok(Num::new(&self.v * &o.v, full).with_scale(rs))
    }

    /// `self / o` at exactly `scale` digits.
    pub fn div(&self, o: &Num, scale: usize) -> Result<Num, NumError> {
        if o.is_zero() {
            return Err(NumError::DivideByZero);
        }
        check_digits(scale.saturating_add(digits_bound(&self.v)).saturating_add(o.scale))?;
        // self.v/10^s1 / (o.v/10^s2) * 10^scale = self.v * 10^(scale+s2) / (o.v * 10^s1)
        let num = &self.v * pow10(scale + o.scale);
        let den = &o.v * pow10(self.scale);
        Ok(Num::new(num / den, scale))
    }

    /// `self % o` as bc computes it: `self - (self / o) * o`, the quotient at `scale` digits and
    /// the result at `max(s1, s2 + scale)`.
    pub fn rem(&self, o: &Num, scale: usize) -> Result<Num, NumError> {
        if o.is_zero() {
            return Err(NumError::ModuloByZero);
        }
        let rscale = self.scale.max(o.scale + scale);
        let q = self.div(o, scale)?;
        let t = q.mul(o, rscale)?;
        let r = self.sub(&t);
        Ok(if r.scale < rscale { r.with_scale(rscale) } else { r })
    }

    /// `self ^ e`. The exponent's fraction is dropped (the `bool` is `true` then: bc warns
    /// "non-zero scale in exponent"). Positive powers have `min(s * e, max(scale, s))` digits,
    /// negative ones `scale`.
    pub fn pow(&self, e: &Num, scale: usize) -> Result<(Num, bool), NumError> {
        let warn = e.scale != 0;
        let ei = e.with_scale(0).v;
        let Some(exp) = ei.to_i64() else { return Err(NumError::ExponentTooLarge) };
        if exp == 0 {
            return Ok((Num::one(), warn));
        }
        let neg = exp < 0;
        let n = exp.unsigned_abs();
        let rscale = if neg {
            scale
        } else {
            let sn = (self.scale as u64).saturating_mul(n);
            usize::try_from(sn).unwrap_or(usize::MAX).min(scale.max(self.scale))
        };
        let mag = self.v.abs();
        if mag.is_zero() {
            if neg {
                return Err(NumError::RaiseZero);
            }
            // Zero keeps the scale bc's squarings give it.
            check_digits(rscale)?;
            return Ok((Num::new(BigInt::zero(), rscale), warn));
        }
        if !(mag.is_zero() || (mag.is_one() && self.scale == 0)) {
            let bits = mag.bits().saturating_sub(1).max(1);
            let est = bits.saturating_mul(n) / 3;
            if est > MAX_DIGITS as u64 {
                return Err(NumError::TooBig);
            }
        }
        let exp32 = u32::try_from(n).map_err(|_| NumError::TooBig);
        let value = if mag.is_zero() {
            BigInt::zero()
        } else if mag.is_one() && self.scale == 0 {
            if self.is_negative() && n % 2 == 1 {
                -BigInt::one()
            } else {
                BigInt::one()
            }
        } else {
            num_traits::pow(self.v.clone(), usize::try_from(exp32?).map_err(|_| NumError::TooBig)?)
        };
        let full_scale = if mag.is_zero() || (mag.is_one() && self.scale == 0) {
            0
        } else {
            self.scale.checked_mul(usize::try_from(n).map_err(|_| NumError::TooBig)?).ok_or(NumError::TooBig)?
        };
        let temp = Num::new(value, full_scale);
        if neg {
            if temp.is_zero() {
                return Err(NumError::RaiseZero);
            }
            Ok((Num::one().div(&temp, rscale)?, warn))
        } else if temp.scale > rscale {
            let mut r = temp.with_scale(rscale);
            r.minus_zero = r.is_zero() && temp.is_negative();
            Ok((r, warn))
        } else {
            Ok((temp, warn))
        }
    }

    /// Square root at `max(scale, s)` digits, by GNU bc's Newton iteration (so that the last
    /// digit is the one bc prints).
    pub fn sqrt(&self, scale: usize) -> Result<Num, NumError> {
        if self.is_negative() {
            return Err(NumError::SqrtNegative);
        }
        if self.is_zero() {
            return Ok(Num::zero());
        }
        let cmp1 = self.cmp_num(&Num::one());
        if cmp1 == Ordering::Equal {
            return Ok(Num::one());
        }
        let rscale = scale.max(self.scale);
        check_digits(rscale.saturating_add(self.int_digits()))?;
        let point5 = Num::new(BigInt::from(5), 1);
        let (mut guess, mut cscale) = if cmp1 == Ordering::Less {
            (Num::one(), self.scale)
        } else {
            let half = self.int_digits() / 2;
            (Num::new(pow10(half), 0), 3)
        };
        loop {
            let guess1 = guess.clone();
            guess = self.div(&guess, cscale)?;
            guess = guess.add(&guess1);
            guess = guess.mul(&point5, cscale)?;
            let mut diff = guess.sub(&guess1);
            if diff.scale < cscale + 1 {
                diff = diff.with_scale(cscale + 1);
            }
            if diff.near_zero(cscale) {
                if cscale < rscale + 1 {
                    cscale = (cscale * 3).min(rscale + 1);
                } else {
                    break;
                }
            }
        }
        Ok(guess.with_scale(rscale))
    }

    /// bc's `bc_is_near_zero`: zero or one unit in the last place at `scale` digits.
    fn near_zero(&self, scale: usize) -> bool {
        let s = scale.min(self.scale);
        self.abs().with_scale(s).v <= BigInt::one()
    }

    /// The number of digits of the integer part (1 for zero).
    fn int_digits(&self) -> usize {
        let ip = (&self.v / pow10(self.scale)).abs();
        if ip.is_zero() {
            1
        } else {
            ip.to_string().len()
        }
    }

    /// `length(x)`: the number of significant decimal digits.
    pub fn length(&self) -> usize {
        let ip = (&self.v / pow10(self.scale)).abs();
        if ip.is_zero() {
            // Only the fraction digits count (leading zeros included), at least one digit.
            self.scale.max(1)
        } else {
            ip.to_string().len() + self.scale
        }
    }

    /// The integer part as a machine integer (`None` when it does not fit).
    pub fn to_i64(&self) -> Option<i64> {
        (&self.v / pow10(self.scale)).to_i64()
    }

    /// The number as bc prints it in base `obase` (no line wrapping): `.5`, `-12.50`, `FF.8`,
    /// and for bases over 16 each digit as a space and a zero-padded decimal group (` 01 10`).
    pub fn format(&self, obase: u64) -> String {
        let mut out = String::new();
        if self.is_negative() || (self.minus_zero && self.is_zero()) {
            out.push('-');
        }
        if self.is_zero() {
            out.push('0');
            return out;
        }
        let mag = self.v.abs();
        if obase == 10 {
            let mut digits = mag.to_string();
            if digits.len() <= self.scale {
                digits = "0".repeat(self.scale + 1 - digits.len()) + &digits;
            }
            let (int, frac) = digits.split_at(digits.len() - self.scale);
            if int != "0" {
                out.push_str(int);
            }
            if self.scale > 0 {
                out.push('.');
                out.push_str(frac);
            }
            return out;
        }
        const REF: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let width = (obase - 1).to_string().len();
        let push_digit = |out: &mut String, d: u64, space: bool| {
            if obase <= 16 {
                out.push(char::from(REF[(d % 16) as usize]));
            } else {
                if space {
                    out.push(' ');
                }
                out.push_str(&format!("{d:0width$}"));
            }
        };
        let one_s = pow10(self.scale);
        let (int_part, frac) = mag.div_rem(&one_s);
        if !int_part.is_zero() {
            for d in base_digits(&int_part, obase) {
                push_digit(&mut out, d, true);
            }
        }
        if self.scale > 0 {
            out.push('.');
            // bc multiplies the fraction by obase once per digit while obase^k < 10^scale; the
            // digits are exactly those of floor(frac * obase^n / 10^scale) for that count n.
            let base = BigInt::from(obase);
            let approx = (self.scale as f64 * std::f64::consts::LN_10 / (obase as f64).ln()).ceil() as usize;
            let mut n = approx.saturating_sub(1);
            while n > 0 && num_traits::pow(base.clone(), n - 1) >= one_s {
                n -= 1;
            }
            while num_traits::pow(base.clone(), n) < one_s {
                n += 1;
            }
            let scaled = (frac * num_traits::pow(base, n)) / &one_s;
            let digits = if scaled.is_zero() { Vec::new() } else { base_digits(&scaled, obase) };
            let mut pre_space = false;
            for _ in digits.len()..n {
                push_digit(&mut out, 0, pre_space);
                pre_space = true;
            }
            for d in digits {
                push_digit(&mut out, d, pre_space);
                pre_space = true;
            }
        }
        out
    }
}

/// The digits of `n` (positive) in base `base`, most significant first.
fn base_digits(n: &BigInt, base: u64) -> Vec<u64> {
    if let Ok(b) = u32::try_from(base) {
        if b <= 256 {
            let (_, d) = n.to_radix_be(b);
            return d.into_iter().map(u64::from).collect();
        }
    }
    let big = BigInt::from(base);
    let mut v = Vec::new();
    let mut x = n.clone();
    while !x.is_zero() {
        let (q, r) = x.div_rem(&big);
        v.push(r.to_u64().unwrap_or(0));
        x = q;
    }
    v.reverse();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Num {
        match s.strip_prefix('-') {
            Some(r) => Num::parse(r, 10).neg(),
            None => Num::parse(s, 10),
        }
    }
    fn f(x: &Num) -> String {
        x.format(10)
    }

    #[test]
    fn parse_and_print() {
        assert_eq!(f(&n("1.50")), "1.50");
        assert_eq!(f(&n("00012.3400")), "12.3400");
        assert_eq!(f(&n(".5")), ".5");
        assert_eq!(f(&n("-0.5")), "-.5");
        assert_eq!(f(&n("0.00")), "0");
        assert_eq!(f(&Num::parse("FF", 16)), "255");
        assert_eq!(f(&Num::parse("12", 2)), "3");
        assert_eq!(f(&Num::parse("A", 2)), "10");
        assert_eq!(f(&Num::parse("0.8", 16)), ".5");
        assert_eq!(f(&Num::parse("0.1", 16)), "0");
    }

    #[test]
    fn scale_rules() {
        assert_eq!(f(&n("1.5").add(&n("2.25"))), "3.75");
        assert_eq!(f(&n("1.50").sub(&n("1.50"))), "0");
        assert_eq!(f(&n("1.5").mul(&n("1.5"), 0).unwrap()), "2.2");
        assert_eq!(f(&n("1.5").mul(&n("1.5"), 5).unwrap()), "2.25");
        assert_eq!(f(&n("-0.001").mul(&n("1"), 0).unwrap()), "-.001");
        assert_eq!(f(&n("10").div(&n("3"), 2).unwrap()), "3.33");
        assert_eq!(f(&n("-1").div(&n("1000"), 2).unwrap()), "0");
        assert_eq!(f(&n("2").div(&n("3"), 0).unwrap()), "0");
        assert_eq!(n("1").div(&n("0"), 2), Err(NumError::DivideByZero));
    }

    #[test]
    fn modulo() {
        assert_eq!(f(&n("5.5").rem(&n("2"), 2).unwrap()), "0");
        assert_eq!(f(&n("5.5").rem(&n("2"), 0).unwrap()), "1.5");
        assert_eq!(f(&n("-7").rem(&n("3"), 0).unwrap()), "-1");
    }

    #[test]
    fn powers() {
        let p = |a: &str, e: &str, s: usize| f(&n(a).pow(&n(e), s).unwrap().0);
        assert_eq!(p("2", "10", 0), "1024");
        assert_eq!(p("-2", "3", 0), "-8");
        assert_eq!(p("2", "-1", 0), "0");
        assert_eq!(p("2", "-3", 3), ".125");
        assert_eq!(p("1.5", "3", 0), "3.3");
        assert_eq!(p("1.5", "3", 10), "3.375");
        assert_eq!(p("-0.1", "3", 0), "-0");
        assert!(n("2").pow(&n("0.5"), 0).unwrap().1);
        assert_eq!(n("2").pow(&n("100000000"), 0), Err(NumError::TooBig));
    }

    #[test]
    fn roots() {
        assert_eq!(f(&n("2").sqrt(20).unwrap()), "1.41421356237309504880");
        assert_eq!(f(&n("16").sqrt(0).unwrap()), "4");
        assert_eq!(f(&n("0.25").sqrt(0).unwrap()), ".50");
        assert_eq!(n("-1").sqrt(0), Err(NumError::SqrtNegative));
    }

    #[test]
    fn bases() {
        assert_eq!(n("255").format(16), "FF");
        assert_eq!(n("-255.5").format(16), "-FF.8");
        assert_eq!(n("0.1").format(16), ".1");
        assert_eq!(n("30").format(20), " 01 10");
        assert_eq!(n("1.5").format(20), " 01.10");
        assert_eq!(n("10").format(2), "1010");
        assert_eq!(n("0.5").format(2), ".1000");
        assert_eq!(n("5.75").format(2), "101.1100000");
        assert_eq!(n("0.333").format(2), ".0101010100");
        assert_eq!(n("123456789.123").format(1000), " 123 456 789.123");
    }

    #[test]
    fn lengths() {
        assert_eq!(n("1.500").length(), 4);
        assert_eq!(n("0.001").length(), 3);
        assert_eq!(n("0").length(), 1);
        assert_eq!(n("0.0000").length(), 4);
        assert_eq!(n("100").length(), 3);
    }
}
