//! Kits: tools defined in Lua (`tools.define_tool{...}`) over host scripts (Python, shell,
//! Node), usable as commands of kitsh's logic-only shell, from Lua and from the CLI.
//! Specification: `../shared/specs/kit.md` (KIT-n).

// Lua's library (with its metered C loops) for mlua-sys's `external` mode.
use kitsh_lua as _;

pub mod adapt;
pub mod deps;
pub mod exec;
pub mod git;
pub mod load;
pub mod spec;
pub mod surface;

pub use adapt::{bash_stdout, check_input, check_output, merge_defaults, to_process, to_value, ProcessInput};
pub use exec::{run_docker, run_native, run_sandbox, sandbox_status, CancelToken, RunError, RunOutput, RunRequest};
pub use load::{kit_dir, load, validate_name, Kit, KitError, LoadError};
pub use spec::{EnvEntry, ExecutorKind, InputAdapter, Limits, OutputAdapter, Resolved, Source, ToolSpec, ToolType};
