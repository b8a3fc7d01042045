//! kitsh as an MCP server (TC-23..TC-26): a `bash` tool (one `BashTool` session per
//! connection, state kept between calls) and, with a kit, the kit's scripted tool `kit` (plus
//! `kit_discover` when it uses the compact prompt, and each kit tool on its own with
//! `--expose-each`). Calls are cancellable and report progress.

pub mod import;
mod server;

pub use server::{serve_stdio, McpOptions, Server};
