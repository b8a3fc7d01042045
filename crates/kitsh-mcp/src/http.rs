//! The Streamable HTTP transport (`kitsh mcp --http ADDR`): rmcp's session-keeping service
//! behind a small hyper server that answers `/mcp` (checking the bearer token and bounding
//! request bodies) and the health endpoints `/healthz` and `/readyz` (no token). Each MCP session
//! gets a server of its own (so its own `bash` session); with a store (`--store URL`) the
//! sessions live there, and any process sharing the store serves any of them (SES-12).
//! Loopback by default; on any other address a token is required.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::{header, Request, Response, StatusCode};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::{StreamableHttpServerConfig, StreamableHttpService};

use crate::records::Records;
use crate::server::{McpOptions, Server, MAX_REQUEST_BYTES};
use crate::stored::{StoreOptions, Stored};

/// The path the MCP endpoint is served at.
pub const ENDPOINT: &str = "/mcp";

/// How the HTTP server is set up.
#[derive(Debug, Clone)]
pub struct HttpOptions {
    /// Where to listen (port 0: any free port; the address is printed on stderr).
    pub addr: SocketAddr,
    /// The bearer token clients must send (`Authorization: Bearer TOKEN`); required unless
    /// `addr` is a loopback address.
    pub token: Option<String>,
    /// The largest request body accepted (larger: 413).
    pub max_body: usize,
    /// Keep the sessions in this store (SES-12) instead of this process's memory.
    pub store: Option<StoreOptions>,
    /// How long an MCP session with no request stays in this process's memory (with a store,
    /// a later request restores it; without, it ends).
    pub idle: Duration,
}

/// How long an idle MCP session stays in memory by default without a store (rmcp's default).
pub const IDLE: Duration = Duration::from_secs(300);

/// How long an idle MCP session stays in memory by default with a store (its next request
/// restores it from the store: one record read and the handshake replayed in the process).
pub const IDLE_STORED: Duration = Duration::from_secs(15);

/// How long `/readyz` waits for the store.
const READY_WAIT: Duration = Duration::from_secs(3);

impl HttpOptions {
    /// Listen on `addr` with the default body limit and no token.
    pub fn new(addr: SocketAddr) -> Self {
        HttpOptions { addr, token: None, max_body: MAX_REQUEST_BYTES, store: None, idle: IDLE }
    }

    /// Refuse a set-up that would serve without a token beyond loopback.
    pub fn check(&self) -> Result<(), String> {
        if self.token.as_deref().is_some_and(str::is_empty) {
            return Err("the bearer token is empty".to_string());
        }
        if !self.addr.ip().is_loopback() && self.token.is_none() {
            return Err(format!(
                "--http {}: not a loopback address, so a bearer token is required (--token-file FILE or KITSH_MCP_TOKEN)",
                self.addr
            ));
        }
        Ok(())
    }
}

type Body = BoxBody<Bytes, Infallible>;

/// Serve MCP over HTTP on `http.addr` until the process ends. Prints
/// `kitsh: mcp: serving on http://ADDR/mcp` on stderr once listening.
pub async fn serve_http(opts: McpOptions, http: HttpOptions) -> Result<(), String> {
    http.check()?;
    let listener = tokio::net::TcpListener::bind(http.addr).await.map_err(|e| format!("cannot listen on {}: {e}", http.addr))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let mut config = StreamableHttpServerConfig::default().with_max_request_body_bytes(http.max_body);
    if http.token.is_some() {
        // With a token, any Host may reach us (the token is the guard against DNS
        // rebinding); on loopback without one, rmcp's loopback-only Host check stays.
        config = config.disable_allowed_hosts();
    }
    let stored = http.store.as_ref().map(|s| Arc::new(Stored::new(s)));
    let mut server = Server::new(opts);
    if let Some(stored) = &stored {
        // The handshake of every MCP session goes to the store, so any process resumes it.
        config.session_store = Some(Arc::new(Records { stored: Arc::clone(stored) }));
        server = server.with_store(Arc::clone(stored));
    }
    let mut sessions = LocalSessionManager::default();
    sessions.session_config.keep_alive = Some(http.idle);
    if stored.is_some() {
        // No priming events (which invite a client to resume a broken stream by its last event
        // id): a stream's events live in the memory of the process that served it, and a
        // resumed stream goes to any process; a call cut short by a dead process is an error
        // its client sees at once.
        config.sse_retry = None;
        sessions.session_config.sse_retry = None;
    }
    let service = StreamableHttpService::new(move || Ok(server.connection()), Arc::new(sessions), config);
    eprintln!("kitsh: mcp: serving on http://{local}{ENDPOINT}");
    let gate = Arc::new(Gate { token: http.token.map(|t| format!("Bearer {t}")), max_body: http.max_body, stored });
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                eprintln!("kitsh: mcp: accept failed: {e}");
                continue;
            }
        };
        // Responses are small writes (SSE events): without TCP_NODELAY, Nagle's algorithm and
        // the client's delayed ACK hold each one for ~40 ms.
        let _ = stream.set_nodelay(true);
        let (service, gate) = (service.clone(), gate.clone());
        tokio::spawn(async move {
            let svc = hyper::service::service_fn(move |req: Request<Incoming>| {
                let (service, gate) = (service.clone(), gate.clone());
                async move { Ok::<_, Infallible>(gate.handle(req, service).await) }
            });
            let io = hyper_util::rt::TokioIo::new(stream);
            let _ = hyper::server::conn::http1::Builder::new().serve_connection(io, svc).await;
        });
    }
}

/// The checks in front of rmcp's service.
struct Gate {
    /// The whole expected `Authorization` value.
    token: Option<String>,
    max_body: usize,
    /// The store the sessions live in, if any.
    stored: Option<Arc<Stored>>,
}

impl Gate {
    async fn handle(&self, req: Request<Incoming>, mut service: StreamableHttpService<Server, LocalSessionManager>) -> Response<Body> {
        match req.uri().path() {
            ENDPOINT => {}
            "/healthz" => return plain(StatusCode::OK, "ok\n"),
            "/readyz" => {
                return match self.ready().await {
                    Ok(()) => plain(StatusCode::OK, "ready\n"),
                    Err(e) => plain(StatusCode::SERVICE_UNAVAILABLE, &format!("not ready: {e}\n")),
                }
            }
            _ => return plain(StatusCode::NOT_FOUND, &format!("not found: the MCP endpoint is {ENDPOINT}\n")),
        }
        if let Some(want) = &self.token {
            let got = req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok());
            if !got.is_some_and(|g| constant_time_eq(g.as_bytes(), want.as_bytes())) {
                let mut r = plain(StatusCode::UNAUTHORIZED, "unauthorized: send Authorization: Bearer TOKEN\n");
                r.headers_mut().insert(header::WWW_AUTHENTICATE, header::HeaderValue::from_static("Bearer"));
                return r;
            }
        }
        let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<usize>().ok());
        if declared.is_some_and(|n| n > self.max_body) {
            return too_large(self.max_body);
        }
        // Read the body under the bound (a chunked body has no declared length).
        let (parts, body) = req.into_parts();
        let bytes = match Limited::new(body, self.max_body).collect().await {
            Ok(b) => b.to_bytes(),
            Err(e) if e.is::<http_body_util::LengthLimitError>() => return too_large(self.max_body),
            Err(e) => return plain(StatusCode::BAD_REQUEST, &format!("bad request body: {e}\n")),
        };
        // A new MCP session (a POST without a session id) needs the store: refuse it while the
        // store is down rather than hand out an id no other process could resume.
        if parts.method == hyper::Method::POST && !parts.headers.contains_key("mcp-session-id") {
            if let Err(e) = self.ready().await {
                return plain(StatusCode::SERVICE_UNAVAILABLE, &format!("{e}\n"));
            }
        }
        let req = Request::from_parts(parts, Full::new(bytes));
        match tower_call(&mut service, req).await {
            Ok(r) => r,
            Err(never) => match never {},
        }
    }
}

impl Gate {
    /// Whether this process can serve: the store answers (always, without a store).
    async fn ready(&self) -> Result<(), String> {
        let Some(stored) = &self.stored else { return Ok(()) };
        match tokio::time::timeout(READY_WAIT, stored.store().get_record("readyz")).await {
            Ok(Ok(_)) => Ok(()),
            Ok(Err(e)) => Err(e.to_string()),
            Err(_) => Err(format!("session store: no answer in {} s", READY_WAIT.as_secs())),
        }
    }
}

/// Call rmcp's tower service (it is always ready).
async fn tower_call(service: &mut StreamableHttpService<Server, LocalSessionManager>, req: Request<Full<Bytes>>) -> Result<Response<Body>, Infallible> {
    use tower_service::Service;
    service.call(req).await
}

fn too_large(max: usize) -> Response<Body> {
    plain(StatusCode::PAYLOAD_TOO_LARGE, &format!("request body too large (more than {max} bytes)\n"))
}

fn plain(status: StatusCode, text: &str) -> Response<Body> {
    let mut r = Response::new(Full::new(Bytes::from(text.to_string())).boxed());
    *r.status_mut() = status;
    r.headers_mut().insert(header::CONTENT_TYPE, header::HeaderValue::from_static("text/plain; charset=utf-8"));
    r
}

/// Compare without an early exit on the first differing byte.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_required_beyond_loopback() {
        let local = HttpOptions::new("127.0.0.1:0".parse().unwrap_or_else(|e| panic!("{e}")));
        assert!(local.check().is_ok());
        let open = HttpOptions::new("0.0.0.0:8080".parse().unwrap_or_else(|e| panic!("{e}")));
        assert!(open.check().is_err_and(|e| e.contains("bearer token is required")));
        let with = HttpOptions { token: Some("s3cret".into()), ..open.clone() };
        assert!(with.check().is_ok());
        let empty = HttpOptions { token: Some(String::new()), ..open };
        assert!(empty.check().is_err());
        assert!(constant_time_eq(b"Bearer a", b"Bearer a"));
        assert!(!constant_time_eq(b"Bearer a", b"Bearer b"));
        assert!(!constant_time_eq(b"Bearer a", b"Bearer ab"));
    }
}
