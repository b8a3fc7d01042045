//! `wget`: download through the embedder's [`Network`](super::net::Network) (none by
//! default), as GNU wget: `-O FILE` (`-` for stdout), `-q`, `-P DIR`, `--header`,
//! `--post-data`, `--post-file`, `--method`, `--body-data`, `-T SECS`, `-U AGENT`, `-S`,
//! `--max-redirect`; the file is named from the URL (`index.html` for a directory); exit 4 on a
//! network failure, 8 on an HTTP error.

use std::time::Duration;

use super::curl::MAX_BODY;
use super::net::{HttpRequest, NetError};
use super::{Builtin, Ctx};
use kitsh_core::fs::WriteMode;

/// The `wget` command.
pub struct Wget;

impl Builtin for Wget {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let (mut output, mut quiet, mut prefix, mut headers, mut body, mut method, mut timeout, mut show_headers, mut max_redirect) =
            (None::<String>, false, None::<String>, Vec::new(), None::<Vec<u8>>, None::<String>, None, false, 20u32);
        let mut urls = Vec::new();
        // Clustered short options (`-qO-`): flags, then one that takes the rest as its value.
        let mut args: Vec<String> = Vec::new();
        for a in argv {
            if a.len() > 2 && a.starts_with('-') && !a.starts_with("--") && a != "-nv" && a != "-nc" {
                let chars: Vec<char> = a[1..].chars().collect();
                for (k, c) in chars.iter().enumerate() {
                    if "OPTUe".contains(*c) {
                        args.push(format!("-{c}"));
                        let rest: String = chars[k + 1..].iter().collect();
                        if !rest.is_empty() {
                            args.push(rest);
                        }
                        break;
                    }
                    args.push(format!("-{c}"));
                }
            } else {
                args.push(a.clone());
            }
        }
        let argv = &args;
        let mut i = 0;
        while i < argv.len() {
            let a = argv[i].clone();
            let (flag, inline) = match a.split_once('=') {
                Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
                _ => (a.clone(), None),
            };
            let val = |i: &mut usize| -> Option<String> {
                if let Some(v) = &inline {
                    return Some(v.clone());
                }
                *i += 1;
                argv.get(*i).cloned()
            };
            let short = flag.as_str();
            let missing = |ctx: &mut Ctx<'_>| {
                let _ = writeln!(ctx.stderr, "wget: option requires an argument -- '{}'\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.", short.trim_start_matches('-'));
                2
            };
            match short {
                "-O" | "--output-document" => match val(&mut i) {
                    Some(v) => output = Some(v),
                    None => return missing(ctx),
                },
                "-q" | "--quiet" => quiet = true,
                "-nv" | "--no-verbose" | "-c" | "--continue" | "--no-check-certificate" | "-nc" | "--no-clobber" => {}
                "-P" | "--directory-prefix" => prefix = val(&mut i),
                "--header" => {
                    if let Some((k, v)) = val(&mut i).as_deref().and_then(|h| h.split_once(':')) {
                        headers.push((k.trim().to_string(), v.trim().to_string()));
                    }
                }
                "--post-data" | "--body-data" => {
                    body = val(&mut i).map(String::into_bytes);
                    method.get_or_insert_with(|| "POST".into());
                }
                "--post-file" | "--body-file" => {
                    let f = val(&mut i).unwrap_or_default();
                    match ctx.read_input(&f) {
                        Ok(d) => body = Some(d),
                        Err(e) => {
                            ctx.error(&format!("{f}: {e}"));
                            return 1;
                        }
                    }
                    method.get_or_insert_with(|| "POST".into());
                }
                "--method" => method = val(&mut i),
                "-T" | "--timeout" => timeout = val(&mut i).and_then(|v| v.parse::<f64>().ok()).filter(|s| *s > 0.0).map(Duration::from_secs_f64),
                "-U" | "--user-agent" => {
                    if let Some(v) = val(&mut i) {
                        headers.push(("User-Agent".into(), v));
                    }
                }
                "-S" | "--server-response" => show_headers = true,
                "--max-redirect" => max_redirect = val(&mut i).and_then(|v| v.parse().ok()).unwrap_or(20),
                "-h" | "--help" => {
                    let _ = writeln!(ctx.stdout, "GNU Wget 1.21.3, a non-interactive network retriever.\nUsage: wget [OPTION]... [URL]...");
                    return 0;
                }
                "-V" | "--version" => {
                    let _ = writeln!(ctx.stdout, "GNU Wget 1.21.3 built on linux-gnu (kitsh).");
                    return 0;
                }
                f if f.starts_with('-') && f.len() > 1 => {
                    let _ = writeln!(ctx.stderr, "wget: unrecognized option '{a}'\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.");
                    return 2;
                }
                _ => urls.push(a.clone()),
            }
            i += 1;
        }
        if urls.is_empty() {
            let _ = writeln!(ctx.stderr, "wget: missing URL\nUsage: wget [OPTION]... [URL]...\n\nTry `wget --help' for more options.");
            return 1;
        }
        if !headers.iter().any(|(k, _): &(String, String)| k.eq_ignore_ascii_case("user-agent")) {
            headers.push(("User-Agent".into(), "Wget/1.21.3".into()));
        }
        if body.is_some() && !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("content-type")) {
            headers.push(("Content-Type".into(), "application/x-www-form-urlencoded".into()));
        }
        let mut status = 0;
        let mut stdout_data = Vec::new();
        for raw in &urls {
            let url = if raw.contains("://") { raw.clone() } else { format!("http://{raw}") };
            let req = HttpRequest {
                method: method.clone().unwrap_or_else(|| "GET".into()),
                url: url.clone(),
                headers: headers.clone(),
                body: body.clone(),
                follow_redirects: true,
                max_redirects: max_redirect,
                timeout: timeout.or_else(|| ctx.cancel.deadline().map(|d| d.saturating_duration_since(std::time::Instant::now()))),
                max_bytes: MAX_BODY,
            };
            if !quiet {
                let _ = writeln!(ctx.stderr, "--  {url}");
            }
            let r = match ctx.net.request(&req) {
                Ok(r) => r,
                Err(NetError::Disabled) => {
                    let _ = writeln!(ctx.stderr, "kitsh: wget: network access is disabled");
                    return 4;
                }
                Err(e) => {
                    let msg = match &e {
                        NetError::NotAllowed(u) => format!("kitsh: access to {u} is not allowed by the sandbox"),
                        other => other.to_string(),
                    };
                    let _ = writeln!(ctx.stderr, "wget: {msg}");
                    status = 4;
                    continue;
                }
            };
            if show_headers {
                let mut s = format!("  {} {} {}\n", r.version, r.status, r.reason);
                for (k, v) in &r.headers {
                    s.push_str(&format!("  {k}: {v}\n"));
                }
                let _ = ctx.stderr.write_all(s.as_bytes());
            }
            if r.status >= 400 {
                if !quiet || show_headers {
                    let _ = writeln!(ctx.stderr, "HTTP request sent, awaiting response... {} {}\n ERROR {}: {}.", r.status, r.reason, r.status, r.reason);
                }
                status = 8;
                continue;
            }
            let name = match &output {
                Some(o) => o.clone(),
                None => {
                    let path = r.url.split_once("://").map_or(r.url.as_str(), |(_, p)| p);
                    let path = path.split(['?', '#']).next().unwrap_or("");
                    let last = path.split_once('/').map_or("", |(_, p)| p).rsplit('/').next().unwrap_or("");
                    let base = if last.is_empty() { "index.html" } else { last };
                    match &prefix {
                        Some(p) => format!("{}/{base}", p.trim_end_matches('/')),
                        None => base.to_string(),
                    }
                }
            };
            if name == "-" {
                stdout_data.extend_from_slice(&r.body);
            } else {
                let abs = ctx.abs_path(&name);
                let mode = if output.is_some() && urls.len() > 1 { WriteMode::Append } else { WriteMode::Truncate };
                if let Err(e) = ctx.fs.write_file(&abs, &r.body, mode) {
                    let _ = writeln!(ctx.stderr, "{name}: {e}");
                    status = 3;
                    continue;
                }
                if !quiet {
                    let _ = writeln!(ctx.stderr, "HTTP request sent, awaiting response... {} {}\nSaving to: ‘{name}’\n\n‘{name}’ saved [{}]", r.status, r.reason, r.body.len());
                }
            }
        }
        if let Err(e) = ctx.stdout.write_all(&stdout_data) {
            return crate::args::write_failed(ctx, &e);
        }
        status
    }
}
