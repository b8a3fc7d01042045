//! Helpers shared by the kit test binaries.

#![allow(dead_code)]

use std::path::Path;

use kitsh_kit::load;
use kitsh_kit::surface::call::call;

/// Load the kit at `kit` (no errors allowed) and call tool `name` with no input through the
/// path every surface uses: its stdout, or the call's error message.
pub fn run_tool(kit: &Path, name: &str) -> Result<String, String> {
    let kit = load(kit).expect("kit");
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    let spec = std::sync::Arc::new(kit.tools.iter().find(|t| t.name == name).expect("tool").clone());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("rt");
    rt.block_on(call(&spec, Default::default())).map(|c| String::from_utf8_lossy(&c.stdout).into_owned()).map_err(|e| e.message().to_string())
}
