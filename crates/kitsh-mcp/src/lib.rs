//! kitsh as an MCP server (TC-23..TC-26): a `bash` tool (one `BashTool` session per
//! connection, state kept between calls; over stdio or Streamable HTTP) and, with a kit, the kit's scripted tool `kit` (plus
//! `kit_discover` when it uses the compact prompt, and each kit tool on its own with
//! `--expose-each`). Calls are cancellable and report progress.

mod http;
pub mod import;
mod server;

pub use http::{serve_http, HttpOptions, ENDPOINT};
pub use server::{serve_stdio, McpOptions, Server, MAX_REQUEST_BYTES};
