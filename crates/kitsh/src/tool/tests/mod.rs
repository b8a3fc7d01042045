//! Tests of the tool contract: texts, serde, schemas, the error table, sessions, streaming
//! and the async API.
#![allow(clippy::panic)]

mod asynchronous;
mod docs;
mod errors;
mod serde_types;
mod session;
mod streaming;

use std::sync::{Arc, Mutex};

use super::{BashTool, Tool, ToolRequest, ToolResponse, ToolStatus};

/// A current-thread runtime for one test.
pub(super) fn rt() -> tokio::runtime::Runtime {
    match tokio::runtime::Builder::new_current_thread().enable_time().build() {
        Ok(rt) => rt,
        Err(e) => panic!("runtime: {e}"),
    }
}

/// Run one request on `tool`.
pub(super) fn run(tool: &mut BashTool, req: ToolRequest) -> ToolResponse {
    rt().block_on(tool.execute(req))
}

/// Run `commands` on a fresh default tool.
pub(super) fn run1(commands: &str) -> ToolResponse {
    run(&mut BashTool::default(), ToolRequest::new(commands))
}

/// Run with status events collected.
pub(super) fn run_status(tool: &mut BashTool, req: ToolRequest) -> (ToolResponse, Vec<ToolStatus>) {
    let events = Arc::new(Mutex::new(Vec::new()));
    let e2 = events.clone();
    let resp = rt().block_on(tool.execute_with_status(req, Box::new(move |s| e2.lock().unwrap_or_else(|e| e.into_inner()).push(s))));
    let events = events.lock().unwrap_or_else(|e| e.into_inner()).clone();
    (resp, events)
}
