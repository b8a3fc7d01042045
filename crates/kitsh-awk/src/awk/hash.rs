//! The hasher of the array tables: FxHash's word mixing with a final avalanche. FxHash alone
//! leaves a hash's low bits to a key's first bytes, and the table takes its bucket from those
//! bits: subscripts such as `12345`, `12346`, ... (or block numbers, all multiples of 32)
//! would share buckets and make every insertion a long probe.

use std::hash::{BuildHasherDefault, Hasher};

use crate::util::fxhash::FxHasher;

/// FxHash, finished with MurmurHash3's 64-bit mix.
#[derive(Default, Clone, Copy)]
pub struct KeyHasher(FxHasher);

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.0.write_u8(i);
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.0.write_usize(i as usize);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.0.write_usize(i);
    }

    #[inline]
    fn finish(&self) -> u64 {
        let mut h = self.0.finish();
        h ^= h >> 33;
        h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^= h >> 33;
        h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        h ^ (h >> 33)
    }
}

/// A `HashMap` using [`KeyHasher`].
pub type KeyMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::BuildHasher;

    #[test]
    fn low_bits_depend_on_every_byte() {
        let b = BuildHasherDefault::<KeyHasher>::default();
        let mut low: std::collections::HashSet<u64> = Default::default();
        for i in 12000..12064 {
            low.insert(b.hash_one(i.to_string().as_bytes()) & 0xff);
        }
        assert!(low.len() > 30, "{}", low.len());
    }
}
