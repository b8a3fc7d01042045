//! `ScriptedTool`: many host tools as commands of one logic-only bash tool (ST-1..ST-35).
//!
//! A model writes one script that calls the registered tools as commands (`get_user --id 1`),
//! pipes their output through `jq`, loops and branches, instead of one tool call per step.
//! Each tool is a [`ToolDef`] (name, description, JSON Schema of its flags) and a callback;
//! flags are parsed and validated against the schema before the callback runs, callback
//! errors are sanitised by default, and the host receives a trace of every call.

mod builder;
mod commands;
mod def;
mod docs;
mod flags;
mod help;
mod schema;
mod tool;
mod toolset;
mod trace;

pub use builder::{BuildError, ScriptedToolBuilder};
pub use def::{AsyncToolCallback, Callback, FullToolCallback, FullToolFuture, ToolArgs, ToolCallback, ToolDef, ToolFailure, ToolFuture, ToolOutcome};
pub use tool::ScriptedTool;
pub use toolset::{DiscoverTool, DiscoveryMode, ScriptingToolSet, ScriptingToolSetBuilder};
pub use trace::{ErrorHook, ExecutionTrace, PolicyDecision, PolicyHook, ToolCall, ToolCallRecord};
