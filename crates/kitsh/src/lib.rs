//! kitsh: a sandboxed, in-process bash interpreter for LLM agents.

pub mod builtins;
pub mod fs;
pub mod parser;
pub mod util;
