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
/// The words of a tool command parsed as the shell parses them (ST-13..ST-15), for other front
/// ends of the same tools (`kitsh exec`).
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedArgs {
    /// The flags as a JSON object, typed by the schema (piped JSON merged under them).
    pub params: serde_json::Value,
    /// Positional words (schemas without properties only).
    pub positional: Vec<String>,
    /// `--help`/`-h` was given: nothing else was checked.
    pub help: bool,
    /// `--dry-run` was given.
    pub dry_run: bool,
}

/// Parse `args` (the words after the tool name) against `def`'s schema, with `stdin_json`
/// merged under the flags, and validate the result; `Err` is the ST-15 message (without
/// `NAME: `).
pub fn parse_args(def: &ToolDef, args: &[String], stdin_json: Option<serde_json::Map<String, serde_json::Value>>) -> Result<ParsedArgs, String> {
    let compiled = schema::Compiled::new(&def.input_schema);
    let p = flags::parse(def, &compiled, args, stdin_json)?;
    Ok(ParsedArgs { params: p.params, positional: p.positional, help: p.help, dry_run: p.dry_run })
}

/// `help NAME` of a tool (ST-21).
pub fn tool_help(def: &ToolDef) -> String {
    help::tool_help(def)
}

/// The usage line of a tool (`get_user --id <integer>`), when its schema has properties.
pub fn usage(def: &ToolDef) -> Option<String> {
    help::usage(def)
}

pub use trace::{ErrorHook, ExecutionTrace, PolicyDecision, PolicyHook, ToolCall, ToolCallRecord};
