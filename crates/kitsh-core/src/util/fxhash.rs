//! A fast, non-cryptographic hasher for the interpreter's own tables (variable names,
//! function names): the multiply-rotate scheme of rustc's `FxHasher`. Keys come from scripts,
//! but the tables are bounded by the execution limits, so flooding resistance is not needed.

use std::hash::{BuildHasherDefault, Hasher};

/// `FxHasher`: one multiply and rotate per word.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            self.add(tail_word(rest));
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

/// The 1 to 7 bytes after the last full word, as one word. Copying them into a zeroed array
/// took a call to `memcpy` (the length is not known at compile time), which cost more than
/// the rest of hashing a short variable name; reading them as overlapping pieces does not.
/// Every byte is used, so equal-length tails that differ give different words.
#[inline]
fn tail_word(rest: &[u8]) -> u64 {
    let n = rest.len();
    if n >= 4 {
        let lo = u32::from_le_bytes([rest[0], rest[1], rest[2], rest[3]]);
        let hi = u32::from_le_bytes([rest[n - 4], rest[n - 3], rest[n - 2], rest[n - 1]]);
        u64::from(lo) | u64::from(hi) << 32
    } else {
        u64::from(rest[0]) | u64::from(rest[n / 2]) << 8 | u64::from(rest[n - 1]) << 16
    }
}

/// A `HashMap` using [`FxHasher`].
pub type FxHashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FxHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distinguishes_keys() {
        let mut m: FxHashMap<String, i32> = FxHashMap::default();
        for i in 0..1000 {
            m.insert(format!("var{i}"), i);
        }
        assert_eq!(m.len(), 1000);
        assert_eq!(m.get("var517"), Some(&517));
        assert_eq!(m.get("var1000"), None);
    }
}
