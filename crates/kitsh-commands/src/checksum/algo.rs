//! The checksum algorithms: the RustCrypto digests behind `md5sum`..`b2sum` and `cksum -a`,
//! the POSIX CRC of `cksum`, and the BSD and System V sums of `sum`.

use blake2::digest::{DynDigest, Update, VariableOutput};

/// A digest algorithm of the `*sum` commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// MD5 (128 bits).
    Md5,
    /// SHA-1 (160 bits).
    Sha1,
    /// SHA-224.
    Sha224,
    /// SHA-256.
    Sha256,
    /// SHA-384.
    Sha384,
    /// SHA-512.
    Sha512,
    /// BLAKE2b with a digest length in bits (512 by default).
    Blake2b,
}

impl Kind {
    /// The tag of the BSD format (`MD5 (f) = ...`), without a length suffix.
    pub fn tag(self) -> &'static str {
        match self {
            Kind::Md5 => "MD5",
            Kind::Sha1 => "SHA1",
            Kind::Sha224 => "SHA224",
            Kind::Sha256 => "SHA256",
            Kind::Sha384 => "SHA384",
            Kind::Sha512 => "SHA512",
            Kind::Blake2b => "BLAKE2b",
        }
    }

    /// The default digest length in bits.
    pub fn bits(self) -> usize {
        match self {
            Kind::Md5 => 128,
            Kind::Sha1 => 160,
            Kind::Sha224 => 224,
            Kind::Sha256 => 256,
            Kind::Sha384 => 384,
            Kind::Sha512 | Kind::Blake2b => 512,
        }
    }

    /// The kind whose BSD tag is `tag` (`BLAKE2b-256` gives BLAKE2b and 256 bits).
    pub fn from_tag(tag: &str) -> Option<(Kind, usize)> {
        if let Some(rest) = tag.strip_prefix("BLAKE2b") {
            if rest.is_empty() {
                return Some((Kind::Blake2b, 512));
            }
            let n: usize = rest.strip_prefix('-')?.parse().ok()?;
            return (n > 0 && n <= 512 && n % 8 == 0).then_some((Kind::Blake2b, n));
        }
        let k = [Kind::Md5, Kind::Sha1, Kind::Sha224, Kind::Sha256, Kind::Sha384, Kind::Sha512]
            .into_iter()
            .find(|k| k.tag() == tag)?;
        Some((k, k.bits()))
    }
}

/// A running digest computation.
pub enum Hasher {
    /// A fixed-length digest.
    Fixed(Box<dyn DynDigest + Send>),
    /// BLAKE2b with a chosen output length.
    Blake(Box<blake2::Blake2bVar>),
}

impl Hasher {
    /// A new computation of `kind` with `bits` of output (only BLAKE2b uses it).
    pub fn new(kind: Kind, bits: usize) -> Hasher {
        match kind {
            Kind::Md5 => Hasher::Fixed(Box::new(md5::Md5::default())),
            Kind::Sha1 => Hasher::Fixed(Box::new(sha1::Sha1::default())),
            Kind::Sha224 => Hasher::Fixed(Box::new(sha2::Sha224::default())),
            Kind::Sha256 => Hasher::Fixed(Box::new(sha2::Sha256::default())),
            Kind::Sha384 => Hasher::Fixed(Box::new(sha2::Sha384::default())),
            Kind::Sha512 => Hasher::Fixed(Box::new(sha2::Sha512::default())),
            Kind::Blake2b => match blake2::Blake2bVar::new((bits / 8).clamp(1, 64)) {
                Ok(h) => Hasher::Blake(Box::new(h)),
                Err(_) => Hasher::Fixed(Box::new(blake2::Blake2b512::default())),
            },
        }
    }

    /// Feed bytes.
    pub fn update(&mut self, data: &[u8]) {
        match self {
            Hasher::Fixed(h) => h.update(data),
            Hasher::Blake(h) => h.update(data),
        }
    }

    /// The digest.
    pub fn finish(self) -> Vec<u8> {
        match self {
            Hasher::Fixed(mut h) => {
                let mut out = vec![0u8; h.output_size()];
                let _ = h.finalize_into_reset(&mut out);
                out
            }
            Hasher::Blake(h) => {
                let mut out = vec![0u8; h.output_size()];
                let _ = h.finalize_variable(&mut out);
                out
            }
        }
    }
}

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

static CRC_TABLE: std::sync::LazyLock<[u32; 256]> = std::sync::LazyLock::new(|| {
    let mut t = [0u32; 256];
    for (i, slot) in t.iter_mut().enumerate() {
        let mut c = (i as u32) << 24;
        for _ in 0..8 {
            c = if c & 0x8000_0000 != 0 { (c << 1) ^ 0x04C1_1DB7 } else { c << 1 };
        }
        *slot = c;
    }
    t
});

/// The POSIX `cksum` CRC (polynomial 0x04C11DB7, MSB first, length appended, complemented).
#[derive(Default)]
pub struct Crc {
    crc: u32,
    len: u64,
}

impl Crc {
    /// Feed bytes.
    pub fn update(&mut self, data: &[u8]) {
        let t = &*CRC_TABLE;
        let mut c = self.crc;
        for &b in data {
            c = (c << 8) ^ t[((c >> 24) as u8 ^ b) as usize];
        }
        self.crc = c;
        self.len += data.len() as u64;
    }

    /// The CRC and the byte count.
    pub fn finish(&self) -> (u32, u64) {
        let t = &*CRC_TABLE;
        let mut c = self.crc;
        let mut n = self.len;
        while n > 0 {
            c = (c << 8) ^ t[((c >> 24) as u8 ^ (n & 0xff) as u8) as usize];
            n >>= 8;
        }
        (!c, self.len)
    }
}

/// The BSD 16-bit rotating checksum of `sum -r`.
#[derive(Default)]
pub struct BsdSum {
    sum: u32,
    len: u64,
}

impl BsdSum {
    /// Feed bytes.
    pub fn update(&mut self, data: &[u8]) {
        let mut s = self.sum;
        for &b in data {
            s = (s >> 1) + ((s & 1) << 15);
            s = (s + u32::from(b)) & 0xffff;
        }
        self.sum = s;
        self.len += data.len() as u64;
    }

    /// `36979     1`: the checksum and the 1024-byte block count as GNU prints them.
    pub fn show(&self) -> String {
        format!("{:05} {:5}", self.sum, self.len.div_ceil(1024))
    }
}

/// The System V checksum of `sum -s`.
#[derive(Default)]
pub struct SysvSum {
    sum: u64,
    len: u64,
}

impl SysvSum {
    /// Feed bytes.
    pub fn update(&mut self, data: &[u8]) {
        let s: u64 = data.iter().map(|&b| u64::from(b)).sum();
        self.sum = (self.sum + s) & 0xffff_ffff;
        self.len += data.len() as u64;
    }

    /// `542 1`: the checksum and the 512-byte block count.
    pub fn show(&self) -> String {
        let r = (self.sum & 0xffff) + (self.sum >> 16);
        let c = (r & 0xffff) + (r >> 16);
        format!("{} {}", c, self.len.div_ceil(512))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digest(kind: Kind, bits: usize, data: &[u8]) -> String {
        let mut h = Hasher::new(kind, bits);
        h.update(data);
        hex(&h.finish())
    }

    #[test]
    fn digests() {
        assert_eq!(digest(Kind::Md5, 128, b"hello\n"), "b1946ac92492d2347c6235b4d2611184");
        assert_eq!(digest(Kind::Sha256, 256, b"hello\n"), "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03");
        assert_eq!(digest(Kind::Blake2b, 256, b"hello\n"), "93becc6e9882211c3ec3708c95bcd69baab7bb59c7f4bc84ce637b88a534b783");
        assert!(digest(Kind::Blake2b, 512, b"hello\n").starts_with("f60ce482e5cc1229"));
    }

    #[test]
    fn sums() {
        let mut c = Crc::default();
        c.update(b"hello\n");
        assert_eq!(c.finish(), (3015617425, 6));
        let mut b = BsdSum::default();
        b.update(b"hello\n");
        assert_eq!(b.show(), "36979     1");
        let mut s = SysvSum::default();
        s.update(b"hello\n");
        assert_eq!(s.show(), "542 1");
    }
}
