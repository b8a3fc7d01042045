//! The default [`Network`]: real HTTP(S) through `ureq` (rustls, no OpenSSL), limited to the URL
//! prefixes the embedder allowed. Redirects are followed one hop at a time so that every
//! target is checked against the allow-list; bodies are read up to the request's byte limit.

use std::io::Read;

use crate::builtins::net::{allowed, HttpRequest, HttpResponse, NetError, Network};

/// HTTP access to the allowed URL prefixes only.
pub struct HttpNetwork {
    allow: Vec<String>,
}

impl HttpNetwork {
    /// A network that reaches URLs starting with one of `allow`.
    pub fn new(allow: Vec<String>) -> HttpNetwork {
        HttpNetwork { allow }
    }
}

fn map_error(e: ureq::Error, url: &str) -> NetError {
    match e {
        ureq::Error::Timeout(_) => NetError::Timeout,
        ureq::Error::HostNotFound => NetError::Resolve(host_of(url)),
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::ConnectionRefused => {
            NetError::Connect(format!("{}: Connection refused", host_of(url)))
        }
        ureq::Error::Io(io) => NetError::Connect(io.to_string()),
        ureq::Error::BadUri(u) => NetError::BadUrl(u),
        other => NetError::Other(other.to_string()),
    }
}

/// The `host:port` part of a URL, for messages.
fn host_of(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    rest.split(['/', '?', '#']).next().unwrap_or(rest).to_string()
}

/// Resolve a `Location` against the URL it came from.
fn join_url(base: &str, loc: &str) -> String {
    if loc.contains("://") {
        return loc.to_string();
    }
    let (scheme, rest) = base.split_once("://").unwrap_or(("http", base));
    let host = rest.split(['/', '?', '#']).next().unwrap_or(rest);
    if let Some(abs) = loc.strip_prefix('/') {
        return format!("{scheme}://{host}/{abs}");
    }
    let path = &rest[host.len()..];
    let dir = path.rfind('/').map_or("/", |i| &path[..=i]);
    format!("{scheme}://{host}{dir}{loc}")
}

impl Network for HttpNetwork {
    fn request(&self, req: &HttpRequest) -> Result<HttpResponse, NetError> {
        let config = ureq::Agent::config_builder()
            .max_redirects(0)
            .http_status_as_error(false)
            .timeout_global(req.timeout)
            .build();
        let agent = ureq::Agent::new_with_config(config);
        let mut url = req.url.clone();
        let mut method = req.method.clone();
        let mut body = req.body.clone();
        let mut redirects = 0;
        loop {
            if !allowed(&url, &self.allow) {
                return Err(NetError::NotAllowed(url));
            }
            let mut builder = ureq::http::Request::builder().method(method.as_str()).uri(url.as_str());
            for (k, v) in &req.headers {
                builder = builder.header(k.as_str(), v.as_str());
            }
            let request = builder.body(body.clone().unwrap_or_default()).map_err(|e| NetError::BadUrl(e.to_string()))?;
            let resp = agent.run(request).map_err(|e| map_error(e, &url))?;
            let status = resp.status().as_u16();
            let headers: Vec<(String, String)> = resp
                .headers()
                .iter()
                .map(|(k, v)| (k.as_str().to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
                .collect();
            let location = headers.iter().find(|(k, _)| k.eq_ignore_ascii_case("location")).map(|(_, v)| v.clone());
            if req.follow_redirects && (300..400).contains(&status) {
                if let Some(loc) = location {
                    redirects += 1;
                    if redirects > req.max_redirects {
                        return Err(NetError::TooManyRedirects(req.max_redirects));
                    }
                    url = join_url(&url, &loc);
                    if matches!(status, 301..=303) && method != "HEAD" {
                        method = "GET".to_string();
                        body = None;
                    }
                    continue;
                }
            }
            let version = format!("{:?}", resp.version());
            let reason = resp.status().canonical_reason().unwrap_or("").to_string();
            let mut data = Vec::new();
            let mut reader = resp.into_body().into_reader().take(req.max_bytes.saturating_add(1));
            reader.read_to_end(&mut data).map_err(|e| NetError::Other(e.to_string()))?;
            if data.len() as u64 > req.max_bytes {
                return Err(NetError::TooLarge(req.max_bytes));
            }
            return Ok(HttpResponse { status, version, reason, headers, body: data, url, redirects });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_redirects() {
        assert_eq!(join_url("http://h:1/a/b?q", "/c"), "http://h:1/c");
        assert_eq!(join_url("http://h:1/a/b", "c"), "http://h:1/a/c");
        assert_eq!(join_url("http://h/a", "https://x/y"), "https://x/y");
        assert_eq!(host_of("http://h:8/p"), "h:8");
    }
}
