//! Adapters (KIT-13..15): a call's input becomes argv and stdin, the script's stdout becomes
//! the tool's value, and both are checked against the tool's schemas.

pub mod input;
pub mod output;
pub mod validate;

pub use input::{merge_defaults, to_process, ProcessInput};
pub use output::{bash_stdout, to_value};
pub use validate::{check_input, check_output};
