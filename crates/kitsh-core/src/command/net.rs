//! Network access for `curl` and `wget`: a [`Network`] the embedder provides. None by default:
//! a script reaches no host unless the embedder allows URL prefixes
//! (`BashBuilder::allow_url`, CLI `--allow-url`) or installs its own [`Network`].

use std::time::Duration;

/// One HTTP request.
#[derive(Debug, Clone, Default)]
pub struct HttpRequest {
    /// `GET`, `POST`, `HEAD`, ...
    pub method: String,
    /// The absolute URL.
    pub url: String,
    /// Request headers, in order.
    pub headers: Vec<(String, String)>,
    /// The body, if any.
    pub body: Option<Vec<u8>>,
    /// Follow redirects (each hop must be allowed too).
    pub follow_redirects: bool,
    /// The most redirects to follow.
    pub max_redirects: u32,
    /// The whole request's time limit.
    pub timeout: Option<Duration>,
    /// The most response-body bytes to accept.
    pub max_bytes: u64,
}

/// One HTTP response (after redirects).
#[derive(Debug, Clone, Default)]
pub struct HttpResponse {
    /// `200`, `404`, ...
    pub status: u16,
    /// `HTTP/1.1`
    pub version: String,
    /// The reason phrase (`OK`).
    pub reason: String,
    /// Response headers, in order.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
    /// The URL finally fetched.
    pub url: String,
    /// Redirects followed.
    pub redirects: u32,
}

/// Why a request failed; `curl_code` maps it to curl's exit status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// No network was configured.
    #[error("network access is disabled")]
    Disabled,
    /// The URL (or a redirect target) is not under an allowed prefix.
    #[error("access to {0} is not allowed")]
    NotAllowed(String),
    /// The URL could not be parsed.
    #[error("URL rejected: {0}")]
    BadUrl(String),
    /// The host name did not resolve.
    #[error("Could not resolve host: {0}")]
    Resolve(String),
    /// The connection failed.
    #[error("Failed to connect: {0}")]
    Connect(String),
    /// The time limit passed.
    #[error("Operation timed out")]
    Timeout,
    /// The body exceeded `max_bytes`.
    #[error("Exceeded the maximum allowed file size ({0} bytes)")]
    TooLarge(u64),
    /// More redirects than allowed.
    #[error("Maximum ({0}) redirects followed")]
    TooManyRedirects(u32),
    /// Anything else.
    #[error("{0}")]
    Other(String),
}

impl NetError {
    /// curl's exit status for this failure.
    pub fn curl_code(&self) -> i32 {
        match self {
            NetError::Disabled | NetError::NotAllowed(_) | NetError::Connect(_) => 7,
            NetError::BadUrl(_) => 3,
            NetError::Resolve(_) => 6,
            NetError::Timeout => 28,
            NetError::TooLarge(_) => 63,
            NetError::TooManyRedirects(_) => 47,
            NetError::Other(_) => 56,
        }
    }
}

/// What `curl` and `wget` use to reach the network.
pub trait Network: Send + Sync {
    /// Perform `req`.
    fn request(&self, req: &HttpRequest) -> Result<HttpResponse, NetError>;
}

/// No network: every request fails with [`NetError::Disabled`].
pub struct NoNetwork;

impl Network for NoNetwork {
    fn request(&self, _: &HttpRequest) -> Result<HttpResponse, NetError> {
        Err(NetError::Disabled)
    }
}

/// Whether `url` is under one of `prefixes` (an exact prefix match on the URL as written,
/// so `https://api.example.com/v1/` allows that path only).
pub fn allowed(url: &str, prefixes: &[String]) -> bool {
    prefixes.iter().any(|p| url.starts_with(p.as_str()))
}
