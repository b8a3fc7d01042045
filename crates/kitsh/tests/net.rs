//! curl and wget against a local HTTP server started by the test (never the internet), and
//! the sandbox's refusals: no network unless allowed, and only the allowed URL prefixes (also
//! across redirects).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;

use kitsh::Bash;

/// Serve a few fixed paths on 127.0.0.1; returns the port.
fn server() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("addr").port();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || {
                let mut reader = BufReader::new(stream.try_clone().expect("clone"));
                let mut request_line = String::new();
                if reader.read_line(&mut request_line).is_err() {
                    return;
                }
                let mut headers = Vec::new();
                let mut len = 0usize;
                loop {
                    let mut l = String::new();
                    if reader.read_line(&mut l).is_err() || l == "\r\n" || l.is_empty() {
                        break;
                    }
                    if let Some(v) = l.to_ascii_lowercase().strip_prefix("content-length:") {
                        len = v.trim().parse().unwrap_or(0);
                    }
                    headers.push(l.trim_end().to_string());
                }
                let mut body = vec![0u8; len];
                let _ = reader.read_exact(&mut body);
                let mut parts = request_line.split_whitespace();
                let method = parts.next().unwrap_or("").to_string();
                let path = parts.next().unwrap_or("").to_string();
                let (status, extra, content): (&str, String, Vec<u8>) = match path.as_str() {
                    "/hello" => ("200 OK", String::new(), b"hi\n".to_vec()),
                    "/json" => ("200 OK", "Content-Type: application/json\r\n".into(), br#"{"name":"kitsh","n":[1,2,3]}"#.to_vec()),
                    "/redirect" => ("302 Found", "Location: /hello\r\n".into(), Vec::new()),
                    "/escape" => ("302 Found", format!("Location: http://localhost:{port}/hello\r\n"), Vec::new()),
                    "/missing" => ("404 Not Found", String::new(), b"nope\n".to_vec()),
                    "/big" => ("200 OK", String::new(), vec![b'x'; 100_000]),
                    _ => {
                        let mut echo = format!("{method} {path}\n");
                        for h in &headers {
                            if !h.to_ascii_lowercase().starts_with("host:") {
                                echo.push_str(h);
                                echo.push('\n');
                            }
                        }
                        echo.push_str(&String::from_utf8_lossy(&body));
                        ("200 OK", String::new(), echo.into_bytes())
                    }
                };
                let mut s = stream;
                let _ = write!(s, "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n", content.len());
                let _ = s.write_all(&content);
            });
        }
    });
    port
}

fn run(script: &str, allow: Option<&str>) -> (String, String, i32) {
    let mut b = Bash::builder();
    if let Some(p) = allow {
        b = b.allow_url(p);
    }
    let mut bash = b.build().expect("build");
    let r = bash.exec_sync(script);
    (r.stdout, r.stderr, r.exit_code)
}

#[test]
fn network_is_off_by_default() {
    let (out, err, code) = run("curl -s http://127.0.0.1:1/x; echo \"st=$?\"; wget -qO- http://127.0.0.1:1/x; echo \"st=$?\"", None);
    assert_eq!(out, "st=7\nst=4\n");
    assert_eq!(err, "kitsh: curl: network access is disabled\nkitsh: wget: network access is disabled\n");
    assert_eq!(code, 0);
}

#[test]
fn curl_gets_posts_and_reports() {
    let port = server();
    let base = format!("http://127.0.0.1:{port}/");
    let (out, err, _) = run(&format!("curl -s {base}hello"), Some(&base));
    assert_eq!((out.as_str(), err.as_str()), ("hi\n", ""));
    let (out, _, _) = run(&format!("curl -s {base}json | jq -r .name 2>/dev/null || curl -s {base}json"), Some(&base));
    assert!(out.contains("kitsh"), "{out}");
    let (out, _, _) = run(&format!("curl -s -X POST -H 'X-Test: 1' -d a=1 -d b=2 {base}echo"), Some(&base));
    assert!(out.starts_with("POST /echo\n"), "{out}");
    // (header names reach the server lower-cased)
    assert!(out.contains("x-test: 1\n") && out.contains("content-type: application/x-www-form-urlencoded\n"), "{out}");
    assert!(out.ends_with("a=1&b=2"), "{out}");
    let (out, _, _) = run(&format!("curl -s -o /tmp/f {base}hello; cat /tmp/f; curl -s -w '%{{http_code}}\\n' -o /dev/null {base}missing"), Some(&base));
    assert_eq!(out, "hi\n404\n");
    let (out, err, _) = run(&format!("curl -sf {base}missing; echo \"st=$?\"; curl -f {base}missing; echo \"st=$?\""), Some(&base));
    assert_eq!(out, "st=22\nst=22\n");
    assert_eq!(err, "curl: (22) The requested URL returned error: 404\n");
    let (out, _, _) = run(&format!("curl -s {base}redirect; echo \"|\"; curl -sL {base}redirect; curl -sI {base}hello | head -1"), Some(&base));
    assert_eq!(out, "|\nhi\nHTTP/1.1 200 OK\r\n");
}

#[test]
fn only_allowed_prefixes_are_reached() {
    let port = server();
    let base = format!("http://127.0.0.1:{port}/");
    let (out, err, _) = run(&format!("curl -sS {base}hello; echo \"st=$?\""), Some(&format!("{base}json")));
    assert_eq!(out, "st=7\n");
    assert!(err.contains("is not allowed"), "{err}");
    // A redirect to a host outside the allowed prefix is refused too.
    let (out, err, _) = run(&format!("curl -sSL {base}escape; echo \"st=$?\""), Some(&base));
    assert_eq!(out, "st=7\n");
    assert!(err.contains(&format!("http://localhost:{port}/hello")), "{err}");
}

#[test]
fn wget_downloads() {
    let port = server();
    let base = format!("http://127.0.0.1:{port}/");
    let (out, _, _) = run(&format!("cd /tmp && wget -q {base}hello && cat hello && wget -qO- {base}json && echo && wget -q {base}missing; echo \"st=$?\""), Some(&base));
    assert_eq!(out, "hi\n{\"name\":\"kitsh\",\"n\":[1,2,3]}\nst=8\n");
    let (out, _, _) = run(&format!("wget -qO- --post-data 'x=1' {base}echo | head -1"), Some(&base));
    assert_eq!(out, "POST /echo\n");
}

#[test]
fn bad_usage() {
    let (out, err, _) = run("curl; echo \"st=$?\"; curl --bogus x; echo \"st=$?\"; wget; echo \"st=$?\"", None);
    assert_eq!(out, "st=2\nst=2\nst=1\n");
    assert!(err.starts_with("curl: no URL specified!"), "{err}");
}

/// A host-provided network (a mock here) serves the tool's curl calls.
struct Mock;

impl kitsh::builtins::net::Network for Mock {
    fn request(&self, req: &kitsh::builtins::net::HttpRequest) -> Result<kitsh::builtins::net::HttpResponse, kitsh::builtins::net::NetError> {
        Ok(kitsh::builtins::net::HttpResponse {
            status: 200,
            version: "HTTP/1.1".into(),
            reason: "OK".into(),
            body: format!("{} {}\n", req.method, req.url).into_bytes(),
            url: req.url.clone(),
            ..Default::default()
        })
    }
}

#[test]
fn bash_tool_uses_the_hosts_network() {
    let mut tool = kitsh::tool::BashTool::builder().network(std::sync::Arc::new(Mock)).build();
    let r = tool.execute_sync(kitsh::tool::ToolRequest::new("curl -s http://api.test/v1 | tr a-z A-Z"));
    assert_eq!(r.stdout, "GET HTTP://API.TEST/V1\n");
}
