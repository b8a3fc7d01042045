//! The sandbox executor (KIT-18) off Linux: unavailable, with the KIT-18 reason.

use super::{RunError, RunOutput, RunRequest};

/// Whether the sandbox executor can run here: never off Linux (`requires Linux`).
pub fn sandbox_status() -> Result<(), String> {
    Err("requires Linux".into())
}

/// Fails with `executor 'sandbox' unavailable: requires Linux`.
pub async fn run_sandbox(_req: RunRequest<'_>) -> Result<RunOutput, RunError> {
    Err(RunError::CouldNotRun(
        "executor 'sandbox' unavailable: requires Linux".into(),
    ))
}
