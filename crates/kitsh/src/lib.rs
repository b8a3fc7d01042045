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

// The public API is the crate root's names and the modules below marked stable; the
// interpreter's insides (`interp`, `parser`, `util`, each command's module) are public only with
// the non-default feature `unstable-internals` (for kitsh's fuzzers and tests), with no promise
// of stability. `tests/public_api.rs` compares the public items with the committed list.

// The core layer (crates/kitsh-core): the virtual filesystem, limits and the metering allocator.
pub use kitsh_core::{alloc, fs, limits};
#[cfg(feature = "unstable-internals")]
pub use kitsh_core::util;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) use kitsh_core::util;
mod bash;
mod cancel;
mod pool;
mod registry;
mod snapshot;
// The commands (crates/kitsh-commands, with the engines' crates it registers).
#[cfg(feature = "unstable-internals")]
pub use kitsh_commands as builtins;
#[cfg(not(feature = "unstable-internals"))]
pub mod builtins {
    //! The command interface: what a command sees ([`Ctx`]) and implements ([`Builtin`]), to
    //! register commands of one's own ([`crate::BashBuilder::builtin`]), a network
    //! ([`net::Network`]) or a group of commands ([`command_set::CommandSet`]); and the names
    //! of the commands kitsh ships.
    #[cfg(feature = "commands")]
    pub use kitsh_commands::{lookup, names, program_names, registry};
    pub use kitsh_core::command::*;
}
#[cfg(feature = "unstable-internals")]
pub mod interp;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod interp;
#[cfg(feature = "net")]
pub mod net;
#[cfg(feature = "unstable-internals")]
pub mod parser;
#[cfg(not(feature = "unstable-internals"))]
pub(crate) mod parser;
#[cfg(feature = "scripted_tool")]
pub mod scripted_tool;
pub mod tool;

pub use bash::{Bash, BashBuilder, Error, ExecResult, Invocation};
#[cfg(feature = "unstable-internals")]
pub use bash::ShellGuard;
pub use cancel::CancellationToken;
pub use interp::stream::OutputCallback;
pub use builtins::Builtin;
pub use limits::ExecutionLimits;
pub use registry::set_default_commands;
pub use snapshot::{Change, ChangeKind, Snapshot, SnapshotError, CHUNK_SIZE, FORMAT_VERSION};

// The seeds' names at the crate root (specs/README.md, decision 22): `use kitsh::{BashTool, Tool,
// ToolRequest, ScriptedTool, ToolDef, ToolArgs, ...}` compiles as seed 002 writes it.
pub use tool::{
    async_trait, BashTool, BashToolBuilder, ErrorCategory, StatusCallback, Tool, ToolError, ToolExecution,
    ToolOutput, ToolRequest, ToolResponse, ToolStatus,
};
#[cfg(feature = "scripted_tool")]
pub use scripted_tool::{
    AsyncToolCallback, DiscoverTool, DiscoveryMode, ScriptedTool, ScriptedToolBuilder, ScriptingToolSet,
    ScriptingToolSetBuilder, ToolArgs, ToolCallback, ToolDef,
};

/// The seeds' code snippets (shared/seeds), run as doc-tests; adapted only where a spec overrides
/// the seed, each adaptation commented.
#[cfg(all(doctest, feature = "scripted_tool"))]
#[doc = include_str!("seed_examples.md")]
pub struct SeedExamples;

/// The Rust examples of the crate's README, the project's README and the book (`docs/src`), run
/// as doc-tests (only under `cargo test --doc`, so a packaged crate never reads these files).
#[cfg(all(doctest, feature = "scripted_tool"))]
mod doc_pages {
    #[doc = include_str!("../README.md")]
    pub struct CrateReadme;
    #[doc = include_str!("../../../README.md")]
    pub struct Readme;
    #[doc = include_str!("../../../docs/src/introduction.md")]
    pub struct BookIntroduction;
    #[doc = include_str!("../../../docs/src/rust.md")]
    pub struct BookRust;
    #[doc = include_str!("../../../docs/src/python.md")]
    pub struct BookPython;
    #[doc = include_str!("../../../docs/src/cli.md")]
    pub struct BookCli;
    #[doc = include_str!("../../../docs/src/mcp.md")]
    pub struct BookMcp;
    #[doc = include_str!("../../../docs/src/kits.md")]
    pub struct BookKits;
    #[doc = include_str!("../../../docs/src/commands.md")]
    pub struct BookCommands;
    #[doc = include_str!("../../../docs/src/compatibility.md")]
    pub struct BookCompatibility;
    #[doc = include_str!("../../../docs/src/benchmarks.md")]
    pub struct BookBenchmarks;
    #[doc = include_str!("../../../docs/src/security.md")]
    pub struct BookSecurity;
    #[doc = include_str!("../../../docs/src/architecture.md")]
    pub struct BookArchitecture;
    #[doc = include_str!("../../../docs/src/sessions.md")]
    pub struct BookSessions;
    #[doc = include_str!("../../../docs/src/python-engines.md")]
    pub struct BookPythonEngines;
}
