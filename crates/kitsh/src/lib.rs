//! kitsh: a sandboxed, in-process bash interpreter for LLM agents.
//!
//! Scripts run in-process against a virtual filesystem, with every command reimplemented in
//! Rust and every resource bounded by [`ExecutionLimits`]. [`Bash`] is the interpreter;
//! [`tool::BashTool`] hands it to a model as an LLM tool ([`tool::Tool`]).
//!
//! ```
//! use kitsh::tool::{BashTool, Tool, ToolRequest};
//! use kitsh::{Bash, ExecutionLimits};
//!
//! // Synchronously, on the calling thread:
//! let mut bash = Bash::builder().limits(ExecutionLimits::new().max_commands(10_000)).build().unwrap();
//! assert_eq!(bash.exec_sync("echo hi | tr a-z A-Z").stdout, "HI\n");
//!
//! // As a tool, through the async API (the script runs on kitsh's script pool):
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let mut tool = BashTool::builder().username("agent").build();
//! let resp = tool.execute(ToolRequest::new("x=2; echo $((x * 21))")).await;
//! assert_eq!(resp.stdout, "42\n");
//! let resp = tool.execute(ToolRequest::new("echo $x; fi")).await;
//! assert_eq!((resp.exit_code, resp.error.as_deref()), (2, Some("parse_error")));
//! # });
//! ```

pub mod alloc;
mod bash;
mod cancel;
mod pool;
pub mod builtins;
pub mod fs;
pub mod interp;
pub mod limits;
#[cfg(feature = "net")]
pub mod net;
pub mod parser;
#[cfg(feature = "scripted_tool")]
pub mod scripted_tool;
pub mod tool;
pub mod util;

pub use bash::{Bash, BashBuilder, Error, ExecResult, ShellGuard};
pub use cancel::CancellationToken;
pub use interp::stream::OutputCallback;
pub use builtins::Builtin;
pub use limits::ExecutionLimits;
