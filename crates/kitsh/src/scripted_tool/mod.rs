//! `ScriptedTool`: many host tools as commands of one logic-only bash tool (ST-1..ST-35).

mod def;

pub use def::{AsyncToolCallback, Callback, FullToolCallback, FullToolFuture, ToolArgs, ToolCallback, ToolDef, ToolFailure, ToolFuture, ToolOutcome};
