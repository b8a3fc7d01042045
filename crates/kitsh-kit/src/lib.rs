//! Kits: tools defined in Lua (`tools.define_tool{...}`) over host scripts (Python, shell,
//! Node), usable as commands of kitsh's logic-only shell, from Lua and from the CLI.
//! Specification: `../shared/specs/kit.md` (KIT-n).

pub mod load;
pub mod spec;

pub use spec::{EnvEntry, ExecutorKind, InputAdapter, Limits, OutputAdapter, Resolved, Source, ToolSpec, ToolType};
pub use load::{kit_dir, load, validate_name, Kit, KitError, LoadError};
