//! tar headers: writing GNU-format blocks (as GNU tar does by default; `././@LongLink` members for
//! names over 100 bytes) and reading ustar, GNU and pax (`path`, `linkpath`, `size`) headers.

/// The kind of an archive member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link.
    Symlink,
    /// A hard link to an earlier member.
    Hardlink,
    /// Anything else (devices, fifos): listed, not extracted.
    Other(u8),
}

/// One member's metadata.
#[derive(Debug, Clone)]
pub struct Entry {
    /// The member name (directories end in `/`).
    pub name: String,
    /// Permission bits.
    pub mode: u32,
    /// Owner ids.
    pub uid: u32,
    /// Group id.
    pub gid: u32,
    /// Data size in bytes.
    pub size: u64,
    /// Modification time (seconds since the epoch).
    pub mtime: i64,
    /// The kind.
    pub kind: Kind,
    /// Link target (symlinks and hard links).
    pub link: String,
    /// Owner name.
    pub uname: String,
    /// Group name.
    pub gname: String,
}

fn put_str(block: &mut [u8], at: usize, len: usize, s: &[u8]) {
    let n = s.len().min(len);
    block[at..at + n].copy_from_slice(&s[..n]);
}

fn put_oct(block: &mut [u8], at: usize, len: usize, v: u64) {
    let s = format!("{v:0w$o}", w = len - 1);
    if s.len() < len {
        put_str(block, at, len, s.as_bytes());
    } else {
        // Base-256 for values that do not fit (GNU's extension).
        block[at..at + len].fill(0);
        let mut x = v;
        for k in (at + 1..at + len).rev() {
            block[k] = (x & 0xff) as u8;
            x >>= 8;
        }
        block[at] = 0x80;
    }
}

fn checksum(block: &[u8; 512]) -> u32 {
    block.iter().enumerate().map(|(i, &b)| if (148..156).contains(&i) { 32 } else { u32::from(b) }).sum()
}

/// One 512-byte header for `e` with the name `name` (already fitting) and `prefix`.
fn block(e: &Entry, name: &[u8], prefix: &[u8], typeflag: u8, size: u64) -> [u8; 512] {
    let mut b = [0u8; 512];
    put_str(&mut b, 0, 100, name);
    put_oct(&mut b, 100, 8, u64::from(e.mode & 0o7777));
    put_oct(&mut b, 108, 8, u64::from(e.uid));
    put_oct(&mut b, 116, 8, u64::from(e.gid));
    put_oct(&mut b, 124, 12, size);
    put_oct(&mut b, 136, 12, e.mtime.max(0) as u64);
    b[156] = typeflag;
    put_str(&mut b, 157, 100, e.link.as_bytes());
    // GNU tar's default format: the old GNU magic (long names go in ././@LongLink members).
    put_str(&mut b, 257, 8, b"ustar  \0");
    put_str(&mut b, 265, 32, e.uname.as_bytes());
    put_str(&mut b, 297, 32, e.gname.as_bytes());
    put_str(&mut b, 345, 155, prefix);
    let sum = checksum(&b);
    put_str(&mut b, 148, 8, format!("{sum:06o}\0 ").as_bytes());
    b
}

fn typeflag(k: Kind) -> u8 {
    match k {
        Kind::File => b'0',
        Kind::Dir => b'5',
        Kind::Symlink => b'2',
        Kind::Hardlink => b'1',
        Kind::Other(c) => c,
    }
}

/// A GNU long-name (`L`) or long-link (`K`) pseudo-member carrying `text`.
fn long_entry(e: &Entry, flag: u8, text: &[u8], out: &mut Vec<u8>) {
    let pseudo = Entry { mode: 0o644, uid: 0, gid: 0, mtime: 0, uname: "root".into(), gname: "root".into(), link: String::new(), ..e.clone() };
    let mut b = block(&pseudo, b"././@LongLink", b"", flag, text.len() as u64 + 1);
    // GNU writes these with the old GNU magic.
    b[257..265].copy_from_slice(b"ustar  \0");
    let sum = checksum(&b);
    b[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
    out.extend_from_slice(&b);
    let mut data = text.to_vec();
    data.push(0);
    data.resize(data.len().div_ceil(512) * 512, 0);
    out.extend_from_slice(&data);
}

/// The header block(s) for `e`.
pub fn encode(e: &Entry) -> Vec<u8> {
    let mut out = Vec::with_capacity(512);
    let name = e.name.as_bytes();
    if e.link.len() > 100 {
        long_entry(e, b'K', e.link.as_bytes(), &mut out);
    }
    let size = if matches!(e.kind, Kind::File) { e.size } else { 0 };
    if name.len() <= 100 {
        out.extend_from_slice(&block(e, name, b"", typeflag(e.kind), size));
        return out;
    }
    long_entry(e, b'L', name, &mut out);
    out.extend_from_slice(&block(e, &name[..100], b"", typeflag(e.kind), size));
    out
}

fn cstr(b: &[u8]) -> &[u8] {
    let end = b.iter().position(|&c| c == 0).unwrap_or(b.len());
    &b[..end]
}

fn num(b: &[u8]) -> Option<u64> {
    if b.first().is_some_and(|&c| c & 0x80 != 0) {
        let mut v: u64 = u64::from(b[0] & 0x7f);
        for &c in &b[1..] {
            v = v.checked_mul(256)?.checked_add(u64::from(c))?;
        }
        return Some(v);
    }
    let s = std::str::from_utf8(cstr(b)).ok()?.trim_matches(|c: char| c == ' ' || c == '\0');
    if s.is_empty() {
        return Some(0);
    }
    u64::from_str_radix(s, 8).ok()
}

/// Why a block is not a header.
#[derive(Debug, PartialEq, Eq)]
pub enum Bad {
    /// All zeros: the end-of-archive marker.
    Zero,
    /// Not a valid header (checksum or fields).
    Invalid,
}

/// Decode one header block (names of long-name or pax records are applied by the caller).
pub fn decode(b: &[u8; 512]) -> Result<(Entry, u8), Bad> {
    if b.iter().all(|&c| c == 0) {
        return Err(Bad::Zero);
    }
    let stored = num(&b[148..156]).ok_or(Bad::Invalid)?;
    let unsigned = checksum(b);
    let signed: i64 = b.iter().enumerate().map(|(i, &c)| if (148..156).contains(&i) { 32 } else { i64::from(c as i8) }).sum();
    if u64::from(unsigned) != stored && signed != stored as i64 {
        return Err(Bad::Invalid);
    }
    let flag = b[156];
    let posix = &b[257..263] == b"ustar\0";
    let mut name = String::from_utf8_lossy(cstr(&b[0..100])).into_owned();
    if posix {
        let prefix = cstr(&b[345..500]);
        if !prefix.is_empty() {
            name = format!("{}/{name}", String::from_utf8_lossy(prefix));
        }
    }
    let kind = match flag {
        b'0' | 0 | b'7' => Kind::File,
        b'1' => Kind::Hardlink,
        b'2' => Kind::Symlink,
        b'5' => Kind::Dir,
        c => Kind::Other(c),
    };
    let e = Entry {
        name,
        mode: num(&b[100..108]).ok_or(Bad::Invalid)? as u32,
        uid: num(&b[108..116]).ok_or(Bad::Invalid)? as u32,
        gid: num(&b[116..124]).ok_or(Bad::Invalid)? as u32,
        size: num(&b[124..136]).ok_or(Bad::Invalid)?,
        mtime: num(&b[136..148]).ok_or(Bad::Invalid)? as i64,
        kind,
        link: String::from_utf8_lossy(cstr(&b[157..257])).into_owned(),
        uname: String::from_utf8_lossy(cstr(&b[265..297])).into_owned(),
        gname: String::from_utf8_lossy(cstr(&b[297..329])).into_owned(),
    };
    Ok((e, flag))
}

/// Apply the records of a pax extended header (`path`, `linkpath`, `size`, `mtime`).
pub fn apply_pax(data: &[u8], e: &mut Entry) {
    let mut rest = data;
    while !rest.is_empty() {
        let Some(sp) = rest.iter().position(|&c| c == b' ') else { break };
        let Some(len) = std::str::from_utf8(&rest[..sp]).ok().and_then(|s| s.parse::<usize>().ok()) else { break };
        if len <= sp || len > rest.len() {
            break;
        }
        let rec = &rest[sp + 1..len];
        let rec = rec.strip_suffix(b"\n").unwrap_or(rec);
        if let Some(eq) = rec.iter().position(|&c| c == b'=') {
            let (k, v) = (&rec[..eq], String::from_utf8_lossy(&rec[eq + 1..]).into_owned());
            match k {
                b"path" => e.name = v,
                b"linkpath" => e.link = v,
                b"size" => e.size = v.parse().unwrap_or(e.size),
                b"mtime" => e.mtime = v.split('.').next().and_then(|s| s.parse().ok()).unwrap_or(e.mtime),
                b"uname" => e.uname = v,
                b"gname" => e.gname = v,
                _ => {}
            }
        }
        rest = &rest[len..];
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str) -> Entry {
        Entry {
            name: name.into(),
            mode: 0o644,
            uid: 1000,
            gid: 1000,
            size: 6,
            mtime: 1_700_000_000,
            kind: Kind::File,
            link: String::new(),
            uname: "user".into(),
            gname: "user".into(),
        }
    }

    #[test]
    fn round_trip() {
        let e = entry("dir/file.txt");
        let b = encode(&e);
        assert_eq!(b.len(), 512);
        let arr: [u8; 512] = b[..512].try_into().unwrap_or([0; 512]);
        let (d, flag) = decode(&arr).unwrap_or_else(|_| (entry("x"), 0));
        assert_eq!((d.name.as_str(), d.size, d.mtime, d.mode, flag), ("dir/file.txt", 6, 1_700_000_000, 0o644, b'0'));
        let long = format!("{}/{}", "a".repeat(120), "b".repeat(50));
        let b = encode(&entry(&long));
        assert_eq!(b.len(), 512 * 3);
        let arr: [u8; 512] = b[..512].try_into().unwrap_or([0; 512]);
        assert_eq!(decode(&arr).map(|d| d.1).ok(), Some(b'L'));
        let huge = "c".repeat(300);
        assert_eq!(encode(&entry(&huge)).len(), 512 * 3);
    }
}
