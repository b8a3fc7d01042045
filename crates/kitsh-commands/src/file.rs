//! `file`: name the type of each operand as Debian's `file` 5.44 does for the common cases:
//! empty files, directories, symlinks, ELF, PNG, JPEG, GIF, PDF, gzip (with its header
//! fields), zip, tar, bzip2, xz, scripts with `#!`, JSON, HTML, XML and text (ASCII, UTF-8,
//! ISO-8859, line terminators and the other qualifiers), else `data`. `-b`, `-i`/`--mime`,
//! `--mime-type`, `-L`, `-h`. kitsh's magic database is this list, not libmagic's thousands.

mod text;

use std::io::Read;

use super::args::{self, Config, OptSpec};
use super::{Builtin, Ctx};
use kitsh_core::fs::FileType;
use text::{charset, enc_name, encoding, is_json, qualifiers, script_kind};

/// The `file` command.
pub struct File;

#[derive(Clone, Copy, PartialEq, Eq)]
enum O {
    Brief,
    Mime,
    MimeType,
    MimeEncoding,
    Follow,
    NoFollow,
    Ignore,
    Separator,
}

const SPECS: &[OptSpec<O>] = &[
    OptSpec::flag('b', "brief", O::Brief),
    OptSpec::flag('i', "mime", O::Mime),
    OptSpec::long("mime-type", args::ArgKind::None, O::MimeType),
    OptSpec::long("mime-encoding", args::ArgKind::None, O::MimeEncoding),
    OptSpec::flag('L', "dereference", O::Follow),
    OptSpec::flag('h', "no-dereference", O::NoFollow),
    OptSpec::flag('z', "uncompress", O::Ignore),
    OptSpec::flag('k', "keep-going", O::Ignore),
    OptSpec::flag('N', "no-pad", O::Ignore),
    OptSpec::req('F', "separator", O::Separator),
];
const USAGE: &str = "Usage: file [-bcdEhikLlNnprsSvzZ0] [--apple] [--extension] [--mime-encoding]\n            [--mime-type] [-e <testname>] [-F <separator>]  [-f <namefile>]\n            [-m <magicfiles>] [-P <parameter=value>] [--exclude-quiet]\n            <file> ...\n       file -C [-m <magicfiles>]\n       file [--help]";

/// What was found: the description and the MIME type and charset.
struct Found {
    desc: String,
    mime: &'static str,
    charset: &'static str,
}

fn found(desc: impl Into<String>, mime: &'static str, charset: &'static str) -> Found {
    Found { desc: desc.into(), mime, charset }
}

fn be16(b: &[u8], i: usize) -> u32 {
    u32::from(b[i]) << 8 | u32::from(b[i + 1])
}
fn be32(b: &[u8], i: usize) -> u32 {
    u32::from_be_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}
fn le16(b: &[u8], i: usize) -> u32 {
    u32::from(b[i]) | u32::from(b[i + 1]) << 8
}
fn le32(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn elf(b: &[u8]) -> Option<Found> {
    if b.len() < 20 {
        return Some(found("ELF", "application/x-executable", "binary"));
    }
    let bits = match b[4] {
        1 => "32-bit",
        2 => "64-bit",
        _ => "invalid class",
    };
    let little = b[5] == 1;
    let order = if little { "LSB" } else { "MSB" };
    let half = |i: usize| if little { le16(b, i) } else { be16(b, i) };
    let (ty, mime) = match half(16) {
        1 => ("relocatable", "application/x-object"),
        2 => ("executable", "application/x-executable"),
        3 => ("shared object", "application/x-sharedlib"),
        4 => ("core file", "application/x-coredump"),
        _ => ("unknown type", "application/octet-stream"),
    };
    let machine = match half(18) {
        3 => "Intel 80386",
        40 => "ARM",
        62 => "x86-64",
        183 => "ARM aarch64",
        243 => "UCB RISC-V",
        8 => "MIPS",
        20 => "PowerPC",
        21 => "64-bit PowerPC or cisco 7500",
        _ => "unknown arch",
    };
    let osabi = match b[7] {
        0 => "SYSV",
        3 => "GNU/Linux",
        9 => "FreeBSD",
        _ => "unknown",
    };
    Some(found(format!("ELF {bits} {order} {ty}, {machine}, version {} ({osabi})", b[6]), mime, "binary"))
}

fn gzip_desc(b: &[u8], tz: Option<&str>) -> Found {
    let mut d = String::from("gzip compressed data");
    if b.len() >= 10 {
        let flags = b[3];
        let mut i = 10;
        if flags & 4 != 0 && b.len() >= 12 {
            i += 2 + le16(b, 10) as usize;
        }
        if flags & 8 != 0 {
            if let Some(rest) = b.get(i..) {
                let end = rest.iter().position(|&c| c == 0).unwrap_or(rest.len());
                d.push_str(&format!(", was \"{}\"", String::from_utf8_lossy(&rest[..end])));
            }
        }
        let mtime = le32(b, 4);
        if mtime != 0 {
            d.push_str(&format!(", last modified: {}", kitsh_core::util::time::strftime("%a %b %e %H:%M:%S %Y", i64::from(mtime), tz)));
        }
        match b[8] {
            2 => d.push_str(", max compression"),
            4 => d.push_str(", max speed"),
            _ => {}
        }
        let os = match b[9] {
            0 => "FAT filesystem (MS-DOS, OS/2, NT/Win32)",
            3 => "Unix",
            7 => "Macintosh",
            11 => "NTFS filesystem (NT)",
            _ => "",
        };
        if !os.is_empty() {
            d.push_str(&format!(", from {os}"));
        }
    }
    found(d, "application/gzip", "binary")
}

/// Identify `b` (the file's first bytes; `total` its size).
fn identify(b: &[u8], tz: Option<&str>, tail: Option<u32>) -> Found {
    if b.is_empty() {
        return found("empty", "inode/x-empty", "binary");
    }
    if b.starts_with(b"\x7fELF") {
        if let Some(f) = elf(b) {
            return f;
        }
    }
    if b.starts_with(b"\x89PNG\r\n\x1a\n") && b.len() >= 29 && &b[12..16] == b"IHDR" {
        let (w, h, depth, ct, il) = (be32(b, 16), be32(b, 20), b[24], b[25], b[28]);
        let color = match ct {
            0 => "grayscale",
            2 => "RGB",
            3 => "colormap",
            4 => "gray+alpha",
            6 => "RGBA",
            _ => "unknown",
        };
        let kind = if ct == 3 { format!("{depth}-bit {color}") } else { format!("{depth}-bit/color {color}") };
        let inter = if il == 1 { "interlaced" } else { "non-interlaced" };
        return found(format!("PNG image data, {w} x {h}, {kind}, {inter}"), "image/png", "binary");
    }
    if b.starts_with(b"\x89PNG") {
        return found("PNG image data", "image/png", "binary");
    }
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        let mut d = format!("GIF image data, version {}", String::from_utf8_lossy(&b[3..6]));
        if b.len() >= 10 {
            d.push_str(&format!(", {} x {}", le16(b, 6), le16(b, 8)));
        }
        return found(d, "image/gif", "binary");
    }
    if b.starts_with(b"\xff\xd8\xff") {
        let mut d = String::from("JPEG image data");
        if b.len() > 15 && &b[6..11] == b"JFIF\0" {
            d.push_str(&format!(", JFIF standard {}.{:02}", b[11], b[12]));
        } else if b.len() > 11 && &b[6..10] == b"Exif" {
            d.push_str(", Exif standard");
        }
        return found(d, "image/jpeg", "binary");
    }
    if b.starts_with(b"%PDF-") {
        let ver: String = b[5..].iter().take_while(|c| c.is_ascii_digit() || **c == b'.').map(|&c| c as char).collect();
        return found(format!("PDF document, version {ver}"), "application/pdf", "binary");
    }
    if b.starts_with(b"\x1f\x8b") {
        let mut f = gzip_desc(b, tz);
        if let Some(n) = tail {
            f.desc.push_str(&format!(", original size modulo 2^32 {n}"));
        }
        return f;
    }
    if b.starts_with(b"PK\x03\x04") && b.len() >= 10 {
        let v = le16(b, 4);
        let method = le16(b, 8);
        let mut d = format!("Zip archive data, at least v{}.{} to extract", v / 10, v % 10);
        match method {
            0 => d.push_str(", compression method=store"),
            8 => d.push_str(", compression method=deflate"),
            _ => {}
        }
        return found(d, "application/zip", "binary");
    }
    if b.starts_with(b"PK\x05\x06") {
        return found("Zip archive data (empty)", "application/zip", "binary");
    }
    if b.len() >= 263 && &b[257..262] == b"ustar" {
        let d = if &b[257..265] == b"ustar  \0" { "POSIX tar archive (GNU)" } else { "POSIX tar archive" };
        return found(d, "application/x-tar", "binary");
    }
    if b.starts_with(b"BZh") && b.len() >= 4 && (b'1'..=b'9').contains(&b[3]) {
        return found(format!("bzip2 compressed data, block size = {}00k", b[3] as char), "application/x-bzip2", "binary");
    }
    if b.starts_with(b"\xfd7zXZ\x00") {
        let check = match b.get(7).map(|c| c & 0x0f) {
            Some(0) => "none",
            Some(1) => "CRC32",
            Some(4) => "CRC64",
            Some(10) => "SHA-256",
            _ => "unknown",
        };
        return found(format!("XZ compressed data, checksum {check}"), "application/x-xz", "binary");
    }
    if b.starts_with(b"7z\xbc\xaf\x27\x1c") {
        return found("7-zip archive data", "application/x-7z-compressed", "binary");
    }
    // Text tests look at the first 64 KiB only, as file's ascmagic does.
    let b = &b[..b.len().min(65536)];
    let Some(enc) = encoding(b) else {
        return found("data", "application/octet-stream", "binary");
    };
    let cs = charset(enc);
    let quals = qualifiers(b);
    let base = enc_name(enc);
    if let Some((kind, shape)) = script_kind(b) {
        let mime = if kind.contains("shell") || kind.contains("zsh") { "text/x-shellscript" } else { "text/plain" };
        let mime = match kind.as_str() {
            "Python script" => "text/x-script.python",
            "Perl script" => "text/x-perl",
            "Node.js script" => "application/javascript",
            "Ruby script" => "text/x-ruby",
            _ => mime,
        };
        let d = match shape {
            1 => format!("{kind} executable, {base}{quals}"),
            2 => format!("{kind} text executable"),
            _ => format!("{kind}, {base} executable{quals}"),
        };
        return found(d, mime, cs);
    }
    let start = {
        let t: &[u8] = b;
        let k = t.iter().position(|c| !c.is_ascii_whitespace()).unwrap_or(t.len());
        &t[k..]
    };
    let lower: Vec<u8> = start.iter().take(15).map(u8::to_ascii_lowercase).collect();
    if lower.starts_with(b"<?xml") {
        return found(format!("XML 1.0 document, {base}{quals}"), "text/xml", cs);
    }
    if lower.starts_with(b"<!doctype html") || lower.starts_with(b"<html") || lower.starts_with(b"<head") {
        return found(format!("HTML document, {base}{quals}"), "text/html", cs);
    }
    if is_json(b) {
        return found("JSON text data", "application/json", cs);
    }
    found(format!("{base}{quals}"), "text/plain", cs)
}

impl Builtin for File {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let cfg = Config::new(ctx.name, USAGE);
        let parsed = match args::parse_with(&cfg, SPECS, argv) {
            Ok(p) => p,
            Err(args::ArgError::Version) => {
                return match ctx.stdout.write_all(b"file-5.44\nmagic file from /usr/share/misc/magic\n") {
                    Ok(()) => 0,
                    Err(e) => crate::args::write_failed(ctx, &e),
                }
            }
            Err(args::ArgError::Help) => return args::ArgError::Help.report(ctx, &cfg),
            Err(e) => {
                let _ = writeln!(ctx.stderr, "file: {e}\n{USAGE}");
                return 1;
            }
        };
        let (mut brief, mut mode, mut follow, mut sep) = (false, 0u8, false, ":".to_string());
        for (o, v) in &parsed.opts {
            match o {
                O::Brief => brief = true,
                O::Mime => mode = 1,
                O::MimeType => mode = 2,
                O::MimeEncoding => mode = 3,
                O::Follow => follow = true,
                O::NoFollow => follow = false,
                O::Separator => sep = v.clone().unwrap_or_default(),
                O::Ignore => {}
            }
        }
        if parsed.operands.is_empty() {
            let _ = writeln!(ctx.stderr, "{USAGE}");
            return 1;
        }
        let shown = |n: &str| if n == "-" { "/dev/stdin".to_string() } else { n.to_string() };
        let width = parsed.operands.iter().map(|n| shown(n).chars().count()).max().unwrap_or(0) + sep.chars().count();
        let tz = ctx.env.get("TZ");
        let mut out = String::new();
        for name in &parsed.operands {
            if ctx.cancel.cancelled() {
                return 1;
            }
            let f = describe(ctx, name, follow, tz.as_deref());
            let text = match (&f, mode) {
                (Err(msg), _) => msg.clone(),
                (Ok(f), 1) => format!("{}; charset={}", f.mime, f.charset),
                (Ok(f), 2) => f.mime.to_string(),
                (Ok(f), 3) => f.charset.to_string(),
                (Ok(f), _) => f.desc.clone(),
            };
            if !brief {
                let label = format!("{}{sep}", shown(name));
                out.push_str(&format!("{label:<width$} "));
            }
            out.push_str(&text);
            out.push('\n');
        }
        match ctx.stdout.write_all(out.as_bytes()) {
            Ok(()) => 0,
            Err(e) => crate::args::write_failed(ctx, &e),
        }
    }
}

/// The description of one operand, or the `cannot open` text.
fn describe(ctx: &mut Ctx<'_>, name: &str, follow: bool, tz: Option<&str>) -> Result<Found, String> {
    const HEAD: usize = 1 << 20;
    let mut head = Vec::new();
    let mut tail = None;
    if name == "-" {
        let _ = (&mut *ctx.stdin).take(HEAD as u64).read_to_end(&mut head);
    } else {
        let abs = ctx.abs_path(name);
        let cannot = |e: kitsh_core::fs::FsError| format!("cannot open `{name}' ({e})");
        let meta = ctx.fs.lstat(&abs).map_err(cannot)?;
        if meta.file_type == FileType::Symlink {
            let target = ctx.fs.read_link(&abs).unwrap_or_default();
            if !follow {
                return Ok(match ctx.fs.stat(&abs) {
                    Ok(_) => found(format!("symbolic link to {target}"), "inode/symlink", "binary"),
                    Err(_) => found(format!("broken symbolic link to {target}"), "inode/symlink", "binary"),
                });
            }
        }
        let meta = ctx.fs.stat(&abs).map_err(cannot)?;
        match meta.file_type {
            FileType::Dir => return Ok(found("directory", "inode/directory", "binary")),
            FileType::CharDevice => return Ok(found("character special", "inode/chardevice", "binary")),
            FileType::Fifo => return Ok(found("fifo (named pipe)", "inode/fifo", "binary")),
            _ => {}
        }
        let mut r = ctx.fs.open_read(&abs).map_err(cannot)?;
        let _ = (&mut r).take(HEAD as u64).read_to_end(&mut head);
        if head.starts_with(b"\x1f\x8b") && meta.len >= 4 {
            let mut t = [0u8; 4];
            if ctx.fs.read_at(&abs, meta.len - 4, &mut t).is_ok_and(|n| n == 4) {
                tail = Some(u32::from_le_bytes(t));
            }
        }
    }
    if name == "-" && head.starts_with(b"\x1f\x8b") && head.len() >= 4 {
        let k = head.len();
        tail = Some(u32::from_le_bytes([head[k - 4], head[k - 3], head[k - 2], head[k - 1]]));
    }
    Ok(identify(&head, tz, tail))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::testfs::fs_with;
    use crate::testing::run;

    fn file(args: &[&str]) -> String {
        let fs = fs_with(&[
            ("/a.txt", b"hello\n"),
            ("/crlf", b"a\r\nb\r\n"),
            ("/u8", "café\n".as_bytes()),
            ("/bin", b"\x00\x01\x02\xff"),
            ("/s.sh", b"#!/bin/sh\necho hi\n"),
            ("/j.json", b"{\"a\": 1}\n"),
            ("/e", b""),
            ("/d/", b""),
        ]);
        run(&File, "file", args, b"", &*fs, "/").out()
    }

    #[test]
    fn kinds() {
        assert_eq!(file(&["a.txt"]), "a.txt: ASCII text\n");
        assert_eq!(file(&["-b", "crlf"]), "ASCII text, with CRLF line terminators\n");
        assert_eq!(file(&["-b", "u8"]), "Unicode text, UTF-8 text\n");
        assert_eq!(file(&["-b", "bin"]), "data\n");
        assert_eq!(file(&["-b", "s.sh"]), "POSIX shell script, ASCII text executable\n");
        assert_eq!(file(&["-b", "j.json"]), "JSON text data\n");
        assert_eq!(file(&["e", "d"]), "e: empty\nd: directory\n");
        assert_eq!(file(&["-i", "a.txt"]), "a.txt: text/plain; charset=us-ascii\n");
        assert_eq!(file(&["nosuch"]), "nosuch: cannot open `nosuch' (No such file or directory)\n");
    }
}
