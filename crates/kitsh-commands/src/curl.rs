//! `curl`: HTTP requests through the embedder's [`Network`](super::net::Network) — none by
//! default ("network access is disabled"); with `BashBuilder::allow_url` (CLI `--allow-url`),
//! real HTTP(S) to those URL prefixes, redirects included. Options: `-X -H -d --data-binary
//! --data-raw --data-urlencode --json -G -F name=value -u -A -e -o -O -s -S -f --fail-with-body
//! -L --max-redirs -i -I -w -m/--max-time -v -k --compressed`, several URLs, curl's exit codes
//! (3, 6, 7, 22, 28, 47, 63).

use std::time::{Duration, Instant};

use super::net::{HttpRequest, HttpResponse, NetError};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;

/// The `curl` command.
pub struct Curl;

/// The most response bytes accepted (the output and filesystem limits apply on top).
pub(crate) const MAX_BODY: u64 = 64 << 20;

#[derive(Default)]
struct Opts {
    method: Option<String>,
    headers: Vec<(String, String)>,
    data: Vec<Vec<u8>>,
    json: bool,
    get: bool,
    form: Vec<(String, String)>,
    output: Vec<String>,
    remote_name: bool,
    silent: bool,
    show_error: bool,
    fail: bool,
    fail_with_body: bool,
    follow: bool,
    max_redirs: u32,
    include: bool,
    head: bool,
    write_out: Option<String>,
    max_time: Option<Duration>,
    verbose: bool,
    urls: Vec<String>,
}

fn percent_encode(s: &[u8]) -> String {
    let mut o = String::new();
    for &b in s {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            o.push(b as char);
        } else {
            o.push_str(&format!("%{b:02X}"));
        }
    }
    o
}

/// Why parsing stopped.
enum Stop {
    Exit(i32),
}

fn parse(ctx: &mut Ctx<'_>, argv: &[String]) -> Result<Opts, Stop> {
    let mut o = Opts { max_redirs: 50, ..Opts::default() };
    let mut i = 0;
    let need = |ctx: &mut Ctx<'_>, i: &mut usize, flag: &str| -> Result<String, Stop> {
        *i += 1;
        match argv.get(*i) {
            Some(v) => Ok(v.clone()),
            None => {
                let _ = writeln!(ctx.stderr, "curl: option {flag}: requires parameter\ncurl: try 'curl --help' or 'curl --manual' for more information");
                Err(Stop::Exit(2))
            }
        }
    };
    let read_data = |ctx: &mut Ctx<'_>, v: &str, strip: bool| -> Result<Vec<u8>, Stop> {
        match v.strip_prefix('@') {
            Some(f) => match ctx.read_input(f) {
                Ok(mut d) => {
                    if strip {
                        d.retain(|&b| b != b'\n' && b != b'\r');
                    }
                    Ok(d)
                }
                Err(_) => {
                    let _ = writeln!(ctx.stderr, "Warning: Couldn't read data from file \"{f}\", this makes an empty POST.");
                    Ok(Vec::new())
                }
            },
            None => Ok(v.as_bytes().to_vec()),
        }
    };
    while i < argv.len() {
        let a = argv[i].clone();
        // Short flags may be clustered (`-sSL`); those taking a value end the cluster.
        if a.starts_with('-') && !a.starts_with("--") && a.len() > 2 {
            let flags: Vec<char> = a[1..].chars().collect();
            let mut expanded = Vec::new();
            for (k, c) in flags.iter().enumerate() {
                if "XHdoumAewFTYyE".contains(*c) && k + 1 < flags.len() {
                    expanded.push(format!("-{c}"));
                    expanded.push(flags[k + 1..].iter().collect());
                    break;
                }
                expanded.push(format!("-{c}"));
            }
            let mut rest = argv[..i].to_vec();
            rest.extend(expanded);
            rest.extend_from_slice(&argv[i + 1..]);
            return parse(ctx, &rest);
        }
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let value = |ctx: &mut Ctx<'_>, i: &mut usize| -> Result<String, Stop> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => need(ctx, i, &flag),
            }
        };
        match flag.as_str() {
            "-X" | "--request" => o.method = Some(value(ctx, &mut i)?),
            "-H" | "--header" => {
                let h = value(ctx, &mut i)?;
                if let Some((k, v)) = h.split_once(':') {
                    o.headers.push((k.trim().to_string(), v.trim().to_string()));
                }
            }
            "-d" | "--data" | "--data-ascii" => {
                let v = value(ctx, &mut i)?;
                o.data.push(read_data(ctx, &v, true)?);
            }
            "--data-binary" => {
                let v = value(ctx, &mut i)?;
                o.data.push(read_data(ctx, &v, false)?);
            }
            "--data-raw" => o.data.push(value(ctx, &mut i)?.into_bytes()),
            "--data-urlencode" => {
                let v = value(ctx, &mut i)?;
                let enc = match v.split_once('=') {
                    Some((name, val)) if !name.is_empty() => format!("{name}={}", percent_encode(val.as_bytes())),
                    Some((_, val)) => percent_encode(val.as_bytes()),
                    None => percent_encode(v.as_bytes()),
                };
                o.data.push(enc.into_bytes());
            }
            "--json" => {
                let v = value(ctx, &mut i)?;
                o.data.push(read_data(ctx, &v, false)?);
                o.json = true;
            }
            "-G" | "--get" => o.get = true,
            "-F" | "--form" => {
                let v = value(ctx, &mut i)?;
                let (k, val) = v.split_once('=').unwrap_or((v.as_str(), ""));
                o.form.push((k.to_string(), val.to_string()));
            }
            "-u" | "--user" => {
                let v = value(ctx, &mut i)?;
                o.headers.push(("Authorization".into(), format!("Basic {}", super::base64::encode(v.as_bytes()))));
            }
            "-A" | "--user-agent" => {
                let v = value(ctx, &mut i)?;
                o.headers.push(("User-Agent".into(), v));
            }
            "-e" | "--referer" => {
                let v = value(ctx, &mut i)?;
                o.headers.push(("Referer".into(), v));
            }
            "-o" | "--output" => o.output.push(value(ctx, &mut i)?),
            "-O" | "--remote-name" => o.remote_name = true,
            "-s" | "--silent" => o.silent = true,
            "-S" | "--show-error" => o.show_error = true,
            "-f" | "--fail" => o.fail = true,
            "--fail-with-body" => o.fail_with_body = true,
            "-L" | "--location" => o.follow = true,
            "--max-redirs" => o.max_redirs = value(ctx, &mut i)?.parse().unwrap_or(50),
            "-i" | "--include" => o.include = true,
            "-I" | "--head" => o.head = true,
            "-w" | "--write-out" => o.write_out = Some(value(ctx, &mut i)?),
            "-m" | "--max-time" | "--connect-timeout" => {
                let v = value(ctx, &mut i)?;
                match v.parse::<f64>() {
                    Ok(s) if s > 0.0 && s.is_finite() => o.max_time = Some(Duration::from_secs_f64(s)),
                    _ => {
                        let _ = writeln!(ctx.stderr, "curl: option {flag}: expected a proper numerical parameter\ncurl: try 'curl --help' or 'curl --manual' for more information");
                        return Err(Stop::Exit(2));
                    }
                }
            }
            "-v" | "--verbose" => o.verbose = true,
            "-k" | "--insecure" | "--compressed" | "-#" | "--progress-bar" | "--no-progress-meter" | "-N" | "--no-buffer" | "-q" => {}
            "--retry" | "--retry-delay" | "--retry-max-time" | "-c" | "--cookie-jar" | "-b" | "--cookie" => {
                value(ctx, &mut i)?;
            }
            "--url" => o.urls.push(value(ctx, &mut i)?),
            "-h" | "--help" => {
                let _ = writeln!(ctx.stdout, "Usage: curl [options...] <url>\n -d, --data <data>   HTTP POST data\n -f, --fail          Fail fast with no output on HTTP errors\n -H, --header <header/@file> Pass custom header(s) to server\n -o, --output <file> Write to file instead of stdout\n -s, --silent        Silent mode\n -L, --location      Follow redirects");
                return Err(Stop::Exit(0));
            }
            "-V" | "--version" => {
                let _ = writeln!(ctx.stdout, "curl 7.88.1 (x86_64-pc-linux-gnu) kitsh\nProtocols: http https\nFeatures: IPv6 SSL");
                return Err(Stop::Exit(0));
            }
            f if f.starts_with('-') && f.len() > 1 => {
                let _ = writeln!(ctx.stderr, "curl: option {f}: is unknown\ncurl: try 'curl --help' or 'curl --manual' for more information");
                return Err(Stop::Exit(2));
            }
            _ => o.urls.push(a),
        }
        i += 1;
    }
    Ok(o)
}

/// `-w` text with `%{variable}` and escapes filled in.
fn write_out(fmt: &str, r: &HttpResponse, size: usize, secs: f64) -> String {
    let mut out = String::new();
    let mut rest = fmt;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("%{") {
            if let Some(end) = after.find('}') {
                let var = &after[..end];
                let header = |name: &str| r.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.clone()).unwrap_or_default();
                let v = match var {
                    "http_code" | "response_code" => format!("{:03}", r.status),
                    "url_effective" | "url" => r.url.clone(),
                    "size_download" => size.to_string(),
                    "content_type" => header("content-type"),
                    "num_redirects" => r.redirects.to_string(),
                    "time_total" => format!("{secs:.6}"),
                    "http_version" => r.version.trim_start_matches("HTTP/").to_string(),
                    "redirect_url" => header("location"),
                    _ => String::new(),
                };
                out.push_str(&v);
                rest = &after[end + 1..];
                continue;
            }
        }
        if let Some(after) = rest.strip_prefix('\\') {
            match after.chars().next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('r') => out.push('\r'),
                Some('\\') => out.push('\\'),
                Some(c) => {
                    out.push('\\');
                    out.push(c);
                }
                None => out.push('\\'),
            }
            rest = &after[after.chars().next().map_or(0, char::len_utf8)..];
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

fn header_block(r: &HttpResponse) -> String {
    let mut s = format!("{} {} {}\r\n", r.version, r.status, r.reason);
    for (k, v) in &r.headers {
        s.push_str(&format!("{k}: {v}\r\n"));
    }
    s.push_str("\r\n");
    s
}

impl Builtin for Curl {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let o = match parse(ctx, argv) {
            Ok(o) => o,
            Err(Stop::Exit(st)) => return st,
        };
        if o.urls.is_empty() {
            let _ = writeln!(ctx.stderr, "curl: no URL specified!\ncurl: try 'curl --help' or 'curl --manual' for more information");
            return 2;
        }
        let show_errors = !o.silent || o.show_error;
        let mut status = 0;
        for (n, raw) in o.urls.iter().enumerate() {
            let mut url = if raw.contains("://") { raw.clone() } else { format!("http://{raw}") };
            let mut headers = o.headers.clone();
            let mut body = None;
            let mut method = if o.head { "HEAD".to_string() } else { "GET".to_string() };
            if !o.data.is_empty() {
                let joined: Vec<u8> = o.data.join(&b'&');
                if o.get {
                    url.push(if url.contains('?') { '&' } else { '?' });
                    url.push_str(&String::from_utf8_lossy(&joined));
                } else {
                    method = "POST".into();
                    let ct = if o.json { "application/json" } else { "application/x-www-form-urlencoded" };
                    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-type")) {
                        headers.push(("Content-Type".into(), ct.into()));
                    }
                    if o.json && !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("accept")) {
                        headers.push(("Accept".into(), "application/json".into()));
                    }
                    body = Some(joined);
                }
            } else if !o.form.is_empty() {
                method = "POST".into();
                let boundary = "------------------------kitshformboundary";
                let mut b = Vec::new();
                for (k, v) in &o.form {
                    b.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{k}\"\r\n\r\n{v}\r\n").as_bytes());
                }
                b.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
                headers.push(("Content-Type".into(), format!("multipart/form-data; boundary={boundary}")));
                body = Some(b);
            }
            if let Some(m) = &o.method {
                method = m.clone();
            }
            if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("user-agent")) {
                headers.push(("User-Agent".into(), "curl/7.88.1".into()));
            }
            let req = HttpRequest {
                method: method.clone(),
                url: url.clone(),
                headers: headers.clone(),
                body,
                follow_redirects: o.follow,
                max_redirects: o.max_redirs,
                timeout: o.max_time.or_else(|| ctx.cancel.deadline().map(|d| d.saturating_duration_since(Instant::now()))),
                max_bytes: MAX_BODY,
            };
            if o.verbose {
                let mut v = format!("> {method} {url} HTTP/1.1\n");
                for (k, val) in &headers {
                    v.push_str(&format!("> {k}: {val}\n"));
                }
                v.push_str(">\n");
                let _ = ctx.stderr.write_all(v.as_bytes());
            }
            let start = Instant::now();
            let r = match ctx.net.request(&req) {
                Ok(r) => r,
                Err(NetError::Disabled) => {
                    let _ = writeln!(ctx.stderr, "kitsh: curl: network access is disabled");
                    return 7;
                }
                Err(e) => {
                    if show_errors {
                        let msg = match &e {
                            NetError::NotAllowed(u) => format!("kitsh: access to {u} is not allowed by the sandbox"),
                            other => other.to_string(),
                        };
                        let _ = writeln!(ctx.stderr, "curl: ({}) {msg}", e.curl_code());
                    }
                    status = e.curl_code();
                    continue;
                }
            };
            let secs = start.elapsed().as_secs_f64();
            if o.verbose {
                let mut v = format!("< {} {} {}\n", r.version, r.status, r.reason);
                for (k, val) in &r.headers {
                    v.push_str(&format!("< {k}: {val}\n"));
                }
                v.push_str("<\n");
                let _ = ctx.stderr.write_all(v.as_bytes());
            }
            let failed = (o.fail || o.fail_with_body) && r.status >= 400;
            let mut out: Vec<u8> = Vec::new();
            if o.include || o.head {
                out.extend_from_slice(header_block(&r).as_bytes());
            }
            if !o.head && (!failed || o.fail_with_body) {
                out.extend_from_slice(&r.body);
            }
            let file = o.output.get(n).cloned().or_else(|| {
                o.remote_name.then(|| r.url.split(['?', '#']).next().unwrap_or("").rsplit('/').next().unwrap_or("").to_string())
            });
            match file {
                Some(f) if f.is_empty() => {
                    if show_errors {
                        let _ = writeln!(ctx.stderr, "curl: Remote file name has no length!");
                    }
                    status = 23;
                    continue;
                }
                Some(f) if f != "-" => {
                    let abs = ctx.abs_path(&f);
                    if let Err(e) = ctx.fs.write_file(&abs, &out, WriteMode::Truncate) {
                        if show_errors {
                            let _ = writeln!(ctx.stderr, "curl: (23) Failure writing output to destination: {f}: {e}");
                        }
                        status = 23;
                        continue;
                    }
                }
                _ => {
                    if let Err(e) = ctx.stdout.write_all(&out) {
                        return crate::args::write_failed(ctx, &e);
                    }
                }
            }
            if let Some(w) = &o.write_out {
                let _ = ctx.stdout.write_all(write_out(w, &r, r.body.len(), secs).as_bytes());
            }
            if failed {
                if show_errors {
                    let _ = writeln!(ctx.stderr, "curl: (22) The requested URL returned error: {}", r.status);
                }
                status = 22;
            }
        }
        status
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn encodings() {
        assert_eq!(super::super::base64::encode(b"user:pass"), "dXNlcjpwYXNz");
        assert_eq!(percent_encode(b"a b&c"), "a%20b%26c");
        let r = HttpResponse { status: 200, url: "http://x/".into(), ..HttpResponse::default() };
        assert_eq!(write_out("%{http_code}\\n", &r, 0, 0.0), "200\n");
    }
}
