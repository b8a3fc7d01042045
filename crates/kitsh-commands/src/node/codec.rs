//! The byte codecs `node`'s modules are built on: `crypto`'s hashes and `zlib`'s compression,
//! on the crates kitsh's `sha256sum` and `gzip` use.

/// The digest of `data` with the hash `alg` (`md5`, `sha1`, `sha224`, `sha256`, `sha384`,
/// `sha512`).
pub fn digest(alg: &str, data: &[u8]) -> Option<Vec<u8>> {
    use sha2::Digest;
    Some(match alg {
        "md5" => md5::Md5::digest(data).to_vec(),
        "sha1" => sha1::Sha1::digest(data).to_vec(),
        "sha224" => sha2::Sha224::digest(data).to_vec(),
        "sha256" => sha2::Sha256::digest(data).to_vec(),
        "sha384" => sha2::Sha384::digest(data).to_vec(),
        "sha512" => sha2::Sha512::digest(data).to_vec(),
        _ => return None,
    })
}

/// `zlib`'s whole-buffer operations: `op` is `gzip`, `gunzip`, `deflate`, `inflate`,
/// `deflateRaw`, `inflateRaw` or `unzip` (gzip or zlib, by the header); `level` -1 is the default.
pub fn zlib(op: &str, data: &[u8], level: i32) -> std::io::Result<Vec<u8>> {
    use flate2::{read, write, Compression};
    use std::io::{Read, Write};
    let level = u32::try_from(level).map_or(Compression::default(), |l| Compression::new(l.min(9)));
    let mut out = Vec::new();
    match op {
        "gzip" => {
            let mut w = write::GzEncoder::new(Vec::new(), level);
            w.write_all(data)?;
            out = w.finish()?;
        }
        "deflate" => {
            let mut w = write::ZlibEncoder::new(Vec::new(), level);
            w.write_all(data)?;
            out = w.finish()?;
        }
        "deflateRaw" => {
            let mut w = write::DeflateEncoder::new(Vec::new(), level);
            w.write_all(data)?;
            out = w.finish()?;
        }
        "gunzip" => {
            read::MultiGzDecoder::new(data).read_to_end(&mut out)?;
        }
        "inflate" => {
            read::ZlibDecoder::new(data).read_to_end(&mut out)?;
        }
        "inflateRaw" => {
            read::DeflateDecoder::new(data).read_to_end(&mut out)?;
        }
        "unzip" if data.starts_with(&[0x1f, 0x8b]) => {
            read::MultiGzDecoder::new(data).read_to_end(&mut out)?;
        }
        "unzip" => {
            read::ZlibDecoder::new(data).read_to_end(&mut out)?;
        }
        _ => return Err(std::io::Error::other(format!("unknown zlib operation {op}"))),
    }
    Ok(out)
}
