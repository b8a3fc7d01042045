//! Small helpers shared across layers.

pub mod bytes;
