//! The async API never blocks the executor; cancellation and dropping stop a script.
