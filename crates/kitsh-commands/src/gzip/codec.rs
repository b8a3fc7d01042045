//! Streaming gzip compression and decompression over any reader, with GNU gzip's treatment of
//! several members, trailing zeros and trailing garbage, and its error texts.

use std::io::{self, BufRead, BufReader, Read, Write};

use flate2::bufread::GzDecoder;
use flate2::{Compression, GzBuilder};

use crate::Cancel;

/// A reader that fails once the script is cancelled, with [`kitsh_core::util::cancelled::error`]
/// (not `Interrupted`, which flate2 retries), also when the source is a host file that knows
/// nothing of the script's cancellation.
pub struct Cancellable<'a, R> {
    /// The wrapped reader.
    pub inner: R,
    /// The script's cancellation check.
    pub cancel: &'a dyn Cancel,
}

impl<R: Read> Read for Cancellable<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.cancel.cancelled() {
            return Err(kitsh_core::util::cancelled::error());
        }
        loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted && !self.cancel.cancelled() => {
                    continue
                }
                r => return r,
            }
        }
    }
}

/// Why decompression stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The input does not start with the gzip magic number.
    NotGzip,
    /// A GNU-style message for damaged data (`unexpected end of file`, `invalid compressed
    /// data--crc error`, ...): status 1.
    Bad(String),
    /// Reading failed (the text), or the script was cancelled (empty).
    Read(String),
    /// Writing the output failed: exit with this status.
    Write(i32),
}

/// How a successful decompression ended.
#[derive(Debug, Default)]
pub struct Done {
    /// Bytes read.
    pub bytes_in: u64,
    /// Bytes written.
    pub bytes_out: u64,
    /// Trailing bytes that were not a gzip member and not all zeros (a warning, status 2).
    pub trailing_garbage: bool,
    /// The file name stored in the first member's header, if any.
    pub name: Option<Vec<u8>>,
    /// The modification time stored in the first member's header (0: none).
    pub mtime: u32,
}

/// Counts the bytes read through it.
struct Counting<R> {
    inner: R,
    n: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let k = self.inner.read(buf)?;
        self.n += k as u64;
        Ok(k)
    }
}

fn map_err(e: &io::Error) -> Failure {
    if kitsh_core::util::cancelled::is(e) {
        return Failure::Read(String::new());
    }
    let text = e.to_string();
    match e.kind() {
        io::ErrorKind::TimedOut => Failure::Read(String::new()),
        io::ErrorKind::UnexpectedEof => Failure::Bad("unexpected end of file".into()),
        io::ErrorKind::InvalidInput | io::ErrorKind::InvalidData | io::ErrorKind::Other => {
            if text.contains("checksum") {
                Failure::Bad("invalid compressed data--crc error".into())
            } else {
                Failure::Bad("invalid compressed data--format violated".into())
            }
        }
        _ => Failure::Read(crate::rev::read_error_text(e)),
    }
}

/// Decompress every gzip member of `input`, passing the output in chunks to `out`.
pub fn inflate<R: Read>(
    input: R,
    out: &mut dyn FnMut(&[u8]) -> Result<(), i32>,
) -> Result<Done, Failure> {
    let mut reader = BufReader::with_capacity(64 * 1024, Counting { inner: input, n: 0 });
    let mut done = Done::default();
    let mut first = true;
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let head = reader.fill_buf().map_err(|e| map_err(&e))?;
        if !first {
            if head.is_empty() {
                break;
            }
            if head.len() < 2 || head[0] != 0x1f || head[1] != 0x8b {
                // GNU ignores trailing zeros silently and other trailing bytes with a warning.
                if head.len() == 1 && head[0] != 0 {
                    // GNU reads the next magic number and meets the end of the file.
                    return Err(Failure::Bad("unexpected end of file".into()));
                }
                let mut zeros = true;
                loop {
                    let chunk = reader.fill_buf().map_err(|e| map_err(&e))?;
                    if chunk.is_empty() {
                        break;
                    }
                    zeros &= chunk.iter().all(|&b| b == 0);
                    let n = chunk.len();
                    reader.consume(n);
                }
                done.trailing_garbage = !zeros;
                break;
            }
        } else if head.len() < 2 || head[0] != 0x1f || head[1] != 0x8b {
            if head.is_empty() {
                return Err(Failure::Bad("unexpected end of file".into()));
            }
            return Err(Failure::NotGzip);
        }
        let mut dec = GzDecoder::new(reader);
        loop {
            let n = match dec.read(&mut buf) {
                Ok(n) => n,
                Err(e) => return Err(map_err(&e)),
            };
            if first {
                if let Some(h) = dec.header() {
                    done.name = h.filename().map(<[u8]>::to_vec);
                    done.mtime = h.mtime();
                }
            }
            if n == 0 {
                break;
            }
            done.bytes_out += n as u64;
            out(&buf[..n]).map_err(Failure::Write)?;
        }
        first = false;
        reader = dec.into_inner();
    }
    done.bytes_in = reader.get_ref().n;
    Ok(done)
}

/// Copy `input` to `out` unchanged (`zcat -f` on data that is not gzip). Returns the bytes.
pub fn copy<R: Read>(
    mut input: R,
    out: &mut dyn FnMut(&[u8]) -> Result<(), i32>,
) -> Result<u64, Failure> {
    let mut buf = vec![0u8; 64 * 1024];
    let mut total = 0;
    loop {
        let n = input.read(&mut buf).map_err(|e| map_err(&e))?;
        if n == 0 {
            return Ok(total);
        }
        total += n as u64;
        out(&buf[..n]).map_err(Failure::Write)?;
    }
}

/// What a compression produced.
pub struct Packed {
    /// Bytes read.
    pub bytes_in: u64,
    /// Bytes written (header and trailer included).
    pub bytes_out: u64,
    /// The size of the header and trailer (for the ratio GNU prints).
    pub overhead: u64,
}

/// Compress `input` into one gzip member at `level`, storing `name` and `mtime` when given.
pub fn deflate<R: Read>(
    mut input: R,
    level: u32,
    name: Option<&[u8]>,
    mtime: u32,
    out: &mut dyn FnMut(&[u8]) -> Result<(), i32>,
) -> Result<Packed, Failure> {
    let mut b = GzBuilder::new().mtime(mtime).operating_system(3);
    let mut overhead = 18u64;
    if let Some(n) = name {
        b = b.filename(n.to_vec());
        overhead += n.len() as u64 + 1;
    }
    let mut enc = b.write(Vec::with_capacity(64 * 1024), Compression::new(level));
    let mut buf = vec![0u8; 64 * 1024];
    let (mut bytes_in, mut bytes_out) = (0u64, 0u64);
    loop {
        let n = input.read(&mut buf).map_err(|e| map_err(&e))?;
        if n == 0 {
            break;
        }
        bytes_in += n as u64;
        enc.write_all(&buf[..n]).map_err(|_| Failure::Write(1))?;
        let pending = enc.get_mut();
        if pending.len() >= 32 * 1024 {
            bytes_out += pending.len() as u64;
            out(pending).map_err(Failure::Write)?;
            pending.clear();
        }
    }
    let rest = enc.finish().map_err(|_| Failure::Write(1))?;
    bytes_out += rest.len() as u64;
    out(&rest).map_err(Failure::Write)?;
    Ok(Packed {
        bytes_in,
        bytes_out,
        overhead,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gz(data: &[u8]) -> Vec<u8> {
        let mut v = Vec::new();
        let r = deflate(data, 6, Some(b"a"), 0, &mut |d| {
            v.extend_from_slice(d);
            Ok(())
        });
        assert!(r.is_ok());
        v
    }
    fn gunzip(data: &[u8]) -> (Vec<u8>, Result<Done, Failure>) {
        let mut v = Vec::new();
        let r = inflate(data, &mut |d| {
            v.extend_from_slice(d);
            Ok(())
        });
        (v, r)
    }

    #[test]
    fn round_trips() {
        let data: Vec<u8> = (0..200_000u32).flat_map(|i| i.to_le_bytes()).collect();
        let (out, r) = gunzip(&gz(&data));
        assert_eq!(out, data);
        assert_eq!(r.ok().and_then(|d| d.name), Some(b"a".to_vec()));
        let mut two = gz(b"ab");
        two.extend(gz(b"cd"));
        assert_eq!(gunzip(&two).0, b"abcd");
    }

    #[test]
    fn damage() {
        let g = gz(b"hello hello hello");
        assert_eq!(
            gunzip(&g[..g.len() - 3]).1.err(),
            Some(Failure::Bad("unexpected end of file".into()))
        );
        assert_eq!(gunzip(b"plain text").1.err(), Some(Failure::NotGzip));
        let mut bad = g.clone();
        let k = bad.len() - 6;
        bad[k] ^= 0xff;
        assert_eq!(
            gunzip(&bad).1.err(),
            Some(Failure::Bad("invalid compressed data--crc error".into()))
        );
        let mut tail = g.clone();
        tail.extend_from_slice(b"junk");
        assert!(gunzip(&tail).1.is_ok_and(|d| d.trailing_garbage));
        let mut zeros = g;
        zeros.extend_from_slice(&[0, 0, 0]);
        assert!(gunzip(&zeros).1.is_ok_and(|d| !d.trailing_garbage));
    }

    /// kitsh's output must decompress with GNU gzip (skipped where the host has no gzip).
    #[test]
    fn gnu_gunzip_reads_kitsh_output() {
        use std::process::{Command, Stdio};
        if !std::path::Path::new("/usr/bin/gzip").exists() && !std::path::Path::new("/bin/gzip").exists() {
            return;
        }
        let data: Vec<u8> = (0..100_000u32).flat_map(|i| format!("line {i}\n").into_bytes()).collect();
        for level in [1, 6, 9] {
            let mut v = Vec::new();
            let r = deflate(&data[..], level, Some(b"x.txt"), 1_700_000_000, &mut |d| {
                v.extend_from_slice(d);
                Ok(())
            });
            assert!(r.is_ok());
            let child = Command::new("gzip").arg("-dc").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn();
            let Ok(mut child) = child else { return };
            let mut stdin = child.stdin.take().expect("stdin");
            let writer = std::thread::spawn(move || stdin.write_all(&v));
            let out = child.wait_with_output().expect("gzip ran");
            assert!(writer.join().is_ok());
            assert!(out.status.success());
            assert_eq!(out.stdout, data);
        }
    }
}
