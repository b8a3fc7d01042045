//! A minimal unsigned big integer, enough for exact binary <-> decimal conversion of x87
//! extended-precision numbers (at most a few thousand limbs).

use std::cmp::Ordering;

/// An unsigned integer as little-endian 32-bit limbs, without high zero limbs.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Big {
    limbs: Vec<u32>,
}

/// 5^13, the largest power of five that fits in a limb.
const POW5_13: u32 = 1_220_703_125;

impl Big {
    /// The value `v`.
    pub(super) fn from_u64(v: u64) -> Big {
        let mut b = Big { limbs: vec![v as u32, (v >> 32) as u32] };
        b.trim();
        b
    }

    /// The value `v`.
    pub(super) fn from_u128(v: u128) -> Big {
        let mut b = Big { limbs: (0..4).map(|i| (v >> (32 * i)) as u32).collect() };
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// Whether the value is zero.
    pub(super) fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// `self = self * m + a`.
    pub(super) fn mul_add_small(&mut self, m: u32, a: u32) {
        let mut carry = a as u64;
        for l in &mut self.limbs {
            let v = (*l as u64) * (m as u64) + carry;
            *l = v as u32;
            carry = v >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// `self *= 5^k`.
    pub(super) fn mul_pow5(&mut self, mut k: u32) {
        while k >= 13 {
            self.mul_add_small(POW5_13, 0);
            k -= 13;
        }
        if k > 0 {
            self.mul_add_small(5u32.pow(k), 0);
        }
    }

    /// `self <<= bits`.
    pub(super) fn shl(&mut self, bits: usize) {
        if self.is_zero() || bits == 0 {
            return;
        }
        let (words, rem) = (bits / 32, bits % 32);
        if rem != 0 {
            let mut carry = 0u32;
            for l in &mut self.limbs {
                let v = *l;
                *l = (v << rem) | carry;
                carry = v >> (32 - rem);
            }
            if carry != 0 {
                self.limbs.push(carry);
            }
        }
        if words > 0 {
            self.limbs.splice(0..0, std::iter::repeat_n(0, words));
        }
    }

    /// `self >>= 1`.
    fn shr1(&mut self) {
        let mut carry = 0u32;
        for l in self.limbs.iter_mut().rev() {
            let v = *l;
            *l = (v >> 1) | (carry << 31);
            carry = v & 1;
        }
        self.trim();
    }

    /// The number of significant bits (0 for zero).
    pub(super) fn bit_len(&self) -> usize {
        match self.limbs.last() {
            None => 0,
            Some(&top) => self.limbs.len() * 32 - top.leading_zeros() as usize,
        }
    }

    /// Bit `i` (false beyond the end).
    pub(super) fn bit(&self, i: usize) -> bool {
        self.limbs.get(i / 32).is_some_and(|l| (l >> (i % 32)) & 1 == 1)
    }

    /// Whether any bit below position `i` is set.
    pub(super) fn any_below(&self, i: usize) -> bool {
        let (w, r) = (i / 32, i % 32);
        if self.limbs.iter().take(w).any(|&l| l != 0) {
            return true;
        }
        r > 0 && self.limbs.get(w).is_some_and(|&l| l & ((1u32 << r) - 1) != 0)
    }

    /// The 64 bits starting at bit `shift` (bits above the value are zero).
    pub(super) fn bits64(&self, shift: usize) -> u64 {
        let mut v = 0u64;
        for i in (0..64).rev() {
            v = (v << 1) | self.bit(shift + i) as u64;
        }
        v
    }

    /// `self -= other`; requires `self >= other`.
    fn sub_assign(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, l) in self.limbs.iter_mut().enumerate() {
            let o = other.limbs.get(i).copied().unwrap_or(0) as i64;
            let mut v = *l as i64 - o - borrow;
            borrow = 0;
            if v < 0 {
                v += 1 << 32;
                borrow = 1;
            }
            *l = v as u32;
        }
        self.trim();
    }

    /// Divide in place, returning the quotient (which must fit in 128 bits) and leaving the
    /// remainder in `self`.
    pub(super) fn div_small_quotient(&mut self, divisor: &Big) -> u128 {
        let (bl, dl) = (self.bit_len(), divisor.bit_len());
        if dl == 0 || bl < dl {
            return 0;
        }
        let steps = bl - dl;
        let mut d = divisor.clone();
        d.shl(steps);
        let mut q = 0u128;
        for _ in 0..=steps {
            q <<= 1;
            if Ord::cmp(&*self, &d) != Ordering::Less {
                self.sub_assign(&d);
                q |= 1;
            }
            d.shr1();
        }
        q
    }

    /// Decimal digits (ASCII), `"0"` for zero.
    pub(super) fn to_decimal(&self) -> Vec<u8> {
        if self.is_zero() {
            return vec![b'0'];
        }
        let mut limbs = self.limbs.clone();
        let mut chunks: Vec<u32> = Vec::with_capacity(limbs.len() * 32 / 29 + 1);
        while !limbs.is_empty() {
            let mut rem = 0u64;
            for l in limbs.iter_mut().rev() {
                let v = (rem << 32) | *l as u64;
                *l = (v / 1_000_000_000) as u32;
                rem = v % 1_000_000_000;
            }
            chunks.push(rem as u32);
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
        }
        let mut out = Vec::with_capacity(chunks.len() * 9);
        if let Some(top) = chunks.pop() {
            out.extend_from_slice(top.to_string().as_bytes());
        }
        for c in chunks.iter().rev() {
            out.extend_from_slice(format!("{c:09}").as_bytes());
        }
        out
    }
}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_and_shifts() {
        let mut b = Big::from_u64(1);
        b.shl(100);
        assert_eq!(b.to_decimal(), b"1267650600228229401496703205376");
        let mut f = Big::from_u64(3);
        f.mul_pow5(30);
        assert_eq!(f.to_decimal(), b"2793967723846435546875");
        assert_eq!(Big::default().to_decimal(), b"0");
    }

    #[test]
    fn division() {
        let mut n = Big::from_u64(1000);
        let q = n.div_small_quotient(&Big::from_u64(7));
        assert_eq!((q, n), (142, Big::from_u64(6)));
        let mut big = Big::from_u64(1);
        big.shl(90);
        let q = big.div_small_quotient(&Big::from_u64(3));
        assert_eq!(q, (1u128 << 90) / 3);
        assert_eq!(big, Big::from_u64(1));
    }

    #[test]
    fn bits() {
        let b = Big::from_u64(0b1011_0000);
        assert_eq!(b.bit_len(), 8);
        assert!(b.bit(4) && !b.bit(3) && !b.bit(200));
        assert!(!b.any_below(4) && b.any_below(5));
        assert_eq!(b.bits64(4), 0b1011);
    }
}
