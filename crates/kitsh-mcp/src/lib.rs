//! kitsh as an MCP server (TC-23..TC-26): a `bash` tool (one `BashTool` session per
//! connection, state kept between calls; over stdio or Streamable HTTP) and, with a kit, the kit's scripted tool `kit` (plus
//! `kit_discover` when it uses the compact prompt, and each kit tool on its own with
//! `--expose-each`). Calls are cancellable and report progress. Over HTTP with a session store
//! ([`HttpOptions::store`], `kitsh mcp --http ADDR --store URL`), each MCP session's `bash`
//! session lives in the store, and any number of processes sharing it serve any session
//! ([`stored`]).

mod http;
pub mod import;
mod records;
mod server;
pub mod stored;

pub use http::{serve_http, HttpOptions, ENDPOINT, IDLE, IDLE_STORED};
pub use stored::StoreOptions;
pub use server::{serve_stdio, McpOptions, Server, MAX_REQUEST_BYTES};
