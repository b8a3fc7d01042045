//! `echo`, `printf`, `read`, `mapfile`/`readarray`.

use crate::interp::expand::is_name_or_element;
use crate::interp::options::XPG_ECHO;
use crate::interp::io::FdObj;
use crate::interp::{Exec, Shell};
use crate::util::bytes;
use crate::interp::assign::ArrayItem;

/// `echo [-neE] ARGS`
pub fn echo(sh: &mut Shell, args: &[String]) -> Exec {
    let mut newline = true;
    let mut escapes = sh.shopt(XPG_ECHO);
    let mut i = 1;
    while i < args.len() {
        let a = &args[i];
        if a.len() < 2 || !a.starts_with('-') || !a[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E')) {
            break;
        }
        for c in a[1..].chars() {
            match c {
                'n' => newline = false,
                'e' => escapes = true,
                _ => escapes = false,
            }
        }
        i += 1;
    }
    let mut out: Vec<u8> = Vec::new();
    for (k, a) in args[i..].iter().enumerate() {
        if k > 0 {
            out.push(b' ');
        }
        if escapes {
            if k == 0 {
                crate::builtins::args::set_c_locale(sh.byte_locale());
            }
            let (b, stop) = crate::util::printf::echo_escapes(a);
            out.extend_from_slice(&b);
            if stop {
                newline = false;
                break;
            }
        } else {
            out.extend_from_slice(&bytes::encode(a));
        }
    }
    if newline {
        out.push(b'\n');
    }
    Ok(write_status(sh, "echo", &out))
}

fn write_status(sh: &mut Shell, name: &str, out: &[u8]) -> i32 {
    match sh.try_write_fd(1, out) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 141,
        Err(e) => {
            if sh.shared.tripped().is_none() {
                let msg = if e.raw_os_error() == Some(9) { "Bad file descriptor".to_string() } else { e.to_string() };
                sh.builtin_error(name, &format!("write error: {msg}"));
            }
            1
        }
    }
}

/// The bytes `read` takes from its descriptor, a block at a time but never past the
/// delimiter (nor past what `-n` still wants), so the rest stays for the next reader.
struct ReadBuf<'a> {
    fd: &'a FdObj,
    delim: Option<u8>,
    buf: [u8; 512],
    pos: usize,
    len: usize,
}

impl ReadBuf<'_> {
    /// The next byte; `want` bounds how many bytes a refill may take.
    fn next(&mut self, want: usize) -> std::io::Result<Option<u8>> {
        if self.pos == self.len {
            let n = want.min(self.buf.len());
            let got = match self.delim {
                Some(d) => self.fd.read_upto(&mut self.buf[..n], d)?,
                None => self.fd.read(&mut self.buf[..n])?,
            };
            if got == 0 {
                return Ok(None);
            }
            (self.pos, self.len) = (0, got);
        }
        self.pos += 1;
        Ok(Some(self.buf[self.pos - 1]))
    }
}

/// `printf [-v VAR] FORMAT [ARGS]`
pub fn printf(sh: &mut Shell, args: &[String]) -> Exec {
    let mut i = 1;
    let mut var: Option<&str> = None;
    while i < args.len() {
        match args[i].as_str() {
            "-v" => {
                let Some(v) = args.get(i + 1) else {
                    sh.builtin_error("printf", "-v: option requires an argument");
                    return Ok(2);
                };
                var = Some(v);
                i += 2;
            }
            "--" => {
                i += 1;
                break;
            }
            a if a.starts_with("-v") && a.len() > 2 => {
                var = Some(&a[2..]);
                i += 1;
            }
            a if a.starts_with('-') && a.len() > 1 => {
                // bash names the first letter only (`--version`: `--`).
                let letter: String = a.chars().take(2).collect();
                sh.builtin_error("printf", &format!("{letter}: invalid option"));
                sh.write_fd(2, b"printf: usage: printf [-v var] format [arguments]\n");
                return Ok(2);
            }
            _ => break,
        }
    }
    if let Some(v) = var {
        let valid = is_name_or_element(v);
        if !valid {
            sh.builtin_error("printf", &format!("`{v}': not a valid identifier"));
            return Ok(2);
        }
    }
    let Some(fmt) = args.get(i) else {
        sh.write_fd(2, b"printf: usage: printf [-v var] format [arguments]\n");
        return Ok(2);
    };
    // The clock and `TZ` matter only to `%(...)T`, which needs a `(` (or an escape that might
    // make one): most formats skip them.
    let dated = fmt.bytes().any(|c| c == b'(' || c == b'\\');
    let now = if dated { std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0) } else { 0 };
    // The C library sees `TZ` only when it is exported.
    let tz = if dated { sh.vars.get("TZ").filter(|v| v.has(crate::interp::vars::attr::EXPORT)).and_then(|v| v.scalar()).map(str::to_string) } else { None };
    let max = sh.shared.limits.max_string_bytes;
    // `\u` escapes and the codes of `'c` arguments depend on the locale.
    // (One pass over the format: `str::contains` builds a searcher per call.)
    let locale_escapes = fmt.as_bytes().windows(2).any(|w| matches!(w, [b'\\', b'u' | b'U'] | [b'%', b'b']))
        || fmt.bytes().any(|b| b == b'q' || b == b'Q');
    if locale_escapes || args[i + 1..].iter().any(|a| a.starts_with(['\'', '"'])) {
        crate::builtins::args::set_c_locale(sh.byte_locale());
    }
    let res = crate::util::printf::format_bounded(fmt, &args[i + 1..], now, tz.as_deref(), max);
    for e in &res.errors {
        sh.error(e);
    }
    if res.over_limit {
        return sh.limit_hit(crate::limits::LimitExceeded::Expansion);
    }
    if let Some(v) = var {
        let s = c_string(res.out);
        if let Err(m) = sh.assign(v, s, false) {
            sh.builtin_error("printf", &m);
            return Ok(1);
        }
        return Ok(res.status);
    }
    let st = write_status(sh, "printf", &res.out);
    Ok(if st != 0 { st } else { res.status })
}

struct ReadOpts {
    raw: bool,
    array: Option<String>,
    delim: Option<u8>,
    nchars: Option<usize>,
    exact: bool,
    prompt: Option<String>,
    timeout: Option<f64>,
    fd: i32,
    names: Vec<String>,
}

fn parse_read(sh: &mut Shell, args: &[String]) -> Result<ReadOpts, i32> {
    let mut o = ReadOpts { raw: false, array: None, delim: Some(b'\n'), nchars: None, exact: false, prompt: None, timeout: None, fd: 0, names: Vec::new() };
    let mut i = 1;
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        if !a.starts_with('-') || a.len() < 2 {
            break;
        }
        let cs: Vec<char> = a[1..].chars().collect();
        let mut j = 0;
        while j < cs.len() {
            let c = cs[j];
            let takes = matches!(c, 'a' | 'd' | 'n' | 'N' | 'p' | 't' | 'u' | 'i');
            let val = if takes {
                let rest: String = cs[j + 1..].iter().collect();
                if !rest.is_empty() {
                    j = cs.len();
                    Some(rest)
                } else {
                    i += 1;
                    j = cs.len();
                    match args.get(i) {
                        Some(v) => Some(v.clone()),
                        None => {
                            sh.builtin_error("read", &format!("-{c}: option requires an argument"));
                            return Err(2);
                        }
                    }
                }
            } else {
                j += 1;
                None
            };
            match (c, val) {
                ('r', _) => o.raw = true,
                ('s', _) | ('e', _) => {}
                ('a', Some(v)) => o.array = Some(v),
                ('d', Some(v)) => o.delim = if v.is_empty() { Some(0) } else { Some(bytes::encode(&v)[0]) },
                ('n' | 'N', Some(v)) => {
                    match v.parse::<usize>() {
                        Ok(n) => o.nchars = Some(n),
                        Err(_) => {
                            sh.builtin_error("read", &format!("{v}: invalid number"));
                            return Err(1);
                        }
                    }
                    o.exact = c == 'N';
                }
                ('p', Some(v)) => o.prompt = Some(v),
                ('t', Some(v)) => match v.parse::<f64>() {
                    Ok(t) => o.timeout = Some(t),
                    Err(_) => {
                        sh.builtin_error("read", &format!("{v}: invalid timeout specification"));
                        return Err(1);
                    }
                },
                ('u', Some(v)) => match v.parse::<i32>() {
                    Ok(n) => o.fd = n,
                    Err(_) => {
                        sh.builtin_error("read", &format!("{v}: invalid file descriptor specification"));
                        return Err(1);
                    }
                },
                ('i', _) => {}
                (c, _) => {
                    sh.builtin_error("read", &format!("-{c}: invalid option"));
                    sh.write_fd(2, b"read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n");
                    return Err(2);
                }
            }
        }
        i += 1;
    }
    o.names = args[i..].to_vec();
    for n in &o.names {
        if !crate::interp::expand::is_name(n.split('[').next().unwrap_or("")) {
            sh.builtin_error("read", &format!("`{n}': not a valid identifier"));
            return Err(1);
        }
    }
    Ok(o)
}

/// `read [-ers] [-a array] [-d delim] [-n n] [-N n] [-p prompt] [-t t] [-u fd] [name ...]`
pub fn read(sh: &mut Shell, args: &[String]) -> Exec {
    let o = match parse_read(sh, args) {
        Ok(o) => o,
        Err(s) => return Ok(s),
    };
    if let Some(p) = &o.prompt {
        let _ = p;
    }
    let Some(fd) = sh.fds.get(o.fd).cloned() else {
        sh.builtin_error("read", &format!("{}: invalid file descriptor: Bad file descriptor", o.fd));
        return Ok(1);
    };
    if o.timeout == Some(0.0) {
        return Ok(0);
    }
    // Read bytes one at a time (so the rest stays for the next reader), keeping which ones
    // a backslash escaped. NUL bytes are dropped, as bash drops them.
    let mut text: Vec<u8> = Vec::new();
    let mut escaped: Vec<bool> = Vec::new();
    let mut got_delim = false;
    let mut chars = 0usize;
    // Every byte consumed counts, also the NUL bytes that are dropped: an endless stream
    // without a delimiter (`read x < /dev/zero`) stops at the string limit.
    let mut consumed = 0usize;
    let max = sh.shared.limits.max_string_bytes;
    let mut input = ReadBuf { fd: &fd, delim: if o.exact { None } else { o.delim }, buf: [0; 512], pos: 0, len: 0 };
    loop {
        let want = match o.nchars {
            Some(n) if chars >= n => break,
            Some(n) => n - chars,
            None => usize::MAX,
        };
        consumed += 1;
        if consumed > max {
            return sh.limit_hit(crate::limits::LimitExceeded::Expansion);
        }
        if consumed & 0xffff == 0 {
            sh.check_limits()?;
        }
        let c = match input.next(want) {
            Ok(Some(c)) => c,
            Ok(None) => break,
            Err(_) => {
                if sh.shared.tripped().is_some() {
                    return sh.check_limits().map(|_| 1);
                }
                break;
            }
        };
        if !o.exact && o.delim == Some(c) {
            got_delim = true;
            break;
        }
        if c == 0 {
            continue;
        }
        if !o.raw && c == b'\\' && !o.exact {
            consumed += 1;
            match input.next(want) {
                Ok(Some(b'\n')) => continue,
                Ok(Some(e)) => {
                    text.push(e);
                    escaped.push(true);
                    chars += 1;
                    continue;
                }
                _ => break,
            }
        }
        text.push(c);
        escaped.push(false);
        if !(0x80..0xC0).contains(&c) {
            chars += 1;
        }
    }
    let eof = !got_delim && o.nchars.is_none_or(|n| chars < n);
    let s = bytes::decode_owned(text.clone());
    let status = if eof && (text.is_empty() || o.delim.is_some()) { 1 } else { 0 };
    let status = if eof && !text.is_empty() && o.nchars.is_none() { 1 } else { status };
    if o.exact || (o.nchars.is_some() && o.names.is_empty() && o.array.is_none()) {
        // `-N`: the text as read, unsplit, into the first variable; the others are emptied.
        let name = o.names.first().cloned().unwrap_or_else(|| "REPLY".to_string());
        let rest = o.names.iter().skip(1).map(|n| (n.clone(), String::new()));
        for (n, v) in std::iter::once((name, s)).chain(rest) {
            if let Err(m) = sh.assign(&n, v, false) {
                sh.builtin_error("read", &m);
                return Ok(1);
            }
        }
        return Ok(status);
    }
    let ifs = sh.vars.get_str("IFS").unwrap_or(" \t\n").to_string();
    if let Some(arr) = &o.array {
        let fields = split_fields(&text, &escaped, &ifs, usize::MAX);
        let items = fields.into_iter().map(ArrayItem::value).collect();
        if let Err(m) = sh.assign_array(arr, items, false, false) {
            sh.builtin_error("read", &m);
            return Ok(1);
        }
        return Ok(status);
    }
    if o.names.is_empty() {
        if let Err(m) = sh.assign("REPLY", s, false) {
            sh.builtin_error("read", &m);
            return Ok(1);
        }
        return Ok(status);
    }
    let fields = split_fields(&text, &escaped, &ifs, o.names.len());
    for (i, n) in o.names.iter().enumerate() {
        let v = fields.get(i).cloned().unwrap_or_default();
        if let Err(m) = sh.assign(n, v, false) {
            sh.builtin_error("read", &m);
            return Ok(1);
        }
    }
    Ok(status)
}

/// Split `read` input into at most `max` fields; the last takes the rest of the line
/// (minus trailing IFS whitespace).
fn split_fields(text: &[u8], escaped: &[bool], ifs: &str, max: usize) -> Vec<String> {
    let is_ifs = |b: u8| ifs.as_bytes().contains(&b);
    let is_ws = |b: u8| is_ifs(b) && (b == b' ' || b == b'\t' || b == b'\n');
    let n = text.len();
    // One field delimiter from `j`: IFS whitespace, at most one other IFS character, IFS
    // whitespace.
    let skip_delimiter = |mut j: usize| {
        while j < n && is_ws(text[j]) && !escaped[j] {
            j += 1;
        }
        if j < n && is_ifs(text[j]) && !is_ws(text[j]) && !escaped[j] {
            j += 1;
            while j < n && is_ws(text[j]) && !escaped[j] {
                j += 1;
            }
        }
        j
    };
    let mut i = 0;
    let mut fields = Vec::new();
    while i < n && is_ws(text[i]) && !escaped[i] {
        i += 1;
    }
    while i < n {
        if fields.len() + 1 == max {
            // The rest. When it is one word and its delimiter (`a x` with IFS=x), the last
            // variable gets just the word, as in bash; otherwise the rest with trailing IFS
            // whitespace removed.
            let mut word_end = i;
            while word_end < n && !(is_ifs(text[word_end]) && !escaped[word_end]) {
                word_end += 1;
            }
            if skip_delimiter(word_end) == n {
                fields.push(bytes::decode_owned(text[i..word_end].to_vec()));
                return fields;
            }
            let mut end = n;
            while end > i && is_ws(text[end - 1]) && !escaped[end - 1] {
                end -= 1;
            }
            fields.push(bytes::decode_owned(text[i..end].to_vec()));
            return fields;
        }
        let start = i;
        while i < n && !(is_ifs(text[i]) && !escaped[i]) {
            i += 1;
        }
        fields.push(bytes::decode_owned(text[start..i].to_vec()));
        i = skip_delimiter(i);
    }
    fields
}

/// `mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [array]`
/// Bytes stored the way bash stores them, as a C string: they end at the first NUL byte
/// (`mapfile` lines, `printf -v`).
fn c_string(mut line: Vec<u8>) -> String {
    if let Some(p) = line.iter().position(|&b| b == 0) {
        line.truncate(p);
    }
    bytes::decode_owned(line)
}

pub fn mapfile(sh: &mut Shell, args: &[String]) -> Exec {
    let mut delim = b'\n';
    let mut count = 0usize;
    let mut origin: Option<i64> = None;
    let mut skip = 0usize;
    let mut trim = false;
    let mut fd = 0;
    let mut i = 1;
    let name = args[0].clone();
    while i < args.len() && args[i].starts_with('-') && args[i].len() > 1 {
        let a = args[i].clone();
        let flag = a.as_bytes()[1];
        let val = if a.len() > 2 { Some(a[2..].to_string()) } else if flag != b't' { i += 1; args.get(i).cloned() } else { None };
        match (flag, val) {
            (b't', _) => trim = true,
            (b'd', Some(v)) => delim = bytes::encode(&v).first().copied().unwrap_or(0),
            (b'n', Some(v)) => count = v.parse().unwrap_or(0),
            (b'O', Some(v)) => origin = v.parse().ok(),
            (b's', Some(v)) => skip = v.parse().unwrap_or(0),
            (b'u', Some(v)) => fd = v.parse().unwrap_or(0),
            (b'C' | b'c', Some(_)) => {}
            _ => {
                sh.builtin_error(&name, &format!("{a}: invalid option"));
                return Ok(2);
            }
        }
        i += 1;
    }
    let arr = args.get(i).cloned().unwrap_or_else(|| "MAPFILE".to_string());
    let Some(f) = sh.fds.get(fd).cloned() else {
        sh.builtin_error(&name, &format!("{fd}: invalid file descriptor: Bad file descriptor"));
        return Ok(1);
    };
    let mut lines: Vec<String> = Vec::new();
    let mut cur: Vec<u8> = Vec::new();
    let mut input = ReadBuf { fd: &f, delim: Some(delim), buf: [0; 512], pos: 0, len: 0 };
    let mut seen = 0usize;
    // What a script reads into an array is bounded: its bytes by the string limit, its
    // elements by the field limit.
    let (max_bytes, max_lines) = (sh.shared.limits.max_string_bytes, sh.shared.limits.max_fields);
    let mut consumed = 0usize;
    loop {
        if count > 0 && lines.len() >= count {
            break;
        }
        consumed += 1;
        if consumed > max_bytes {
            return sh.limit_hit(crate::limits::LimitExceeded::Expansion);
        }
        if lines.len() > max_lines {
            return sh.limit_hit(crate::limits::LimitExceeded::Fields);
        }
        if consumed & 0xffff == 0 {
            sh.check_limits()?;
        }
        match input.next(usize::MAX) {
            Ok(Some(c)) => {
                cur.push(c);
                if c == delim {
                    // A NUL delimiter cannot be kept: shell strings hold no NUL bytes.
                    if trim || delim == 0 {
                        cur.pop();
                    }
                    seen += 1;
                    if seen > skip {
                        lines.push(c_string(std::mem::take(&mut cur)));
                    } else {
                        cur.clear();
                    }
                }
            }
            _ => break,
        }
    }
    if !cur.is_empty() {
        seen += 1;
        if seen > skip {
            lines.push(c_string(cur));
        }
    }
    let start = origin.unwrap_or(0);
    let items = lines.into_iter().enumerate().map(|(k, l)| ArrayItem { key: Some((start + k as i64).to_string()), value: l, append: false }).collect();
    if let Err(m) = sh.assign_array(&arr, items, origin.is_some(), false) {
        sh.builtin_error(&name, &m);
        return Ok(1);
    }
    Ok(0)
}
