//! ScriptedTool end to end (ST-1..ST-35): each module drives the tool as a host would, with
//! scripts a model would write, and checks stdout, stderr and status exactly.

#![allow(clippy::unwrap_used, clippy::panic)] // tests report failures by panicking

#[path = "scripted_tool/common.rs"]
mod common;
#[path = "scripted_tool/builder.rs"]
mod builder;
#[path = "scripted_tool/execution.rs"]
mod execution;
#[path = "scripted_tool/logic_mode.rs"]
mod logic_mode;
#[path = "scripted_tool/errors.rs"]
mod errors;
#[path = "scripted_tool/asynchronous.rs"]
mod asynchronous;
#[path = "scripted_tool/hosts.rs"]
mod hosts;
#[path = "scripted_tool/flags.rs"]
mod flags;
#[path = "scripted_tool/discovery.rs"]
mod discovery;
