//! A kit in bash (KIT-21): every tool is a full-result command (ST-1c) of one ScriptedTool
//! `kit`, its flags typed by the tool's schema, piped JSON merged under them.

use std::sync::Arc;

use kitsh::scripted_tool::{ScriptedTool, ScriptedToolBuilder, ToolDef, ToolFailure, ToolOutcome};
use kitsh::ExecutionLimits;
use serde_json::Value;

use super::call::{call, CallError};
use crate::adapt::output;
use crate::load::Kit;
use crate::spec::ToolSpec;

/// The name of the kit's ScriptedTool.
pub const KIT_TOOL_NAME: &str = "kit";

/// Above this many tools the kit's ScriptedTool uses the compact prompt (decision 6).
pub const COMPACT_ABOVE: usize = 20;

/// How the kit's ScriptedTool is configured.
#[derive(Debug, Clone, Default)]
pub struct KitToolOptions {
    /// Pass tool errors and stderr through (`kitsh run`) instead of sanitising (`kitsh mcp`).
    pub show_errors: bool,
    /// Force the compact prompt (else: above [`COMPACT_ABOVE`] tools).
    pub compact: bool,
    /// Limits of the scripts.
    pub limits: Option<ExecutionLimits>,
}

/// The ToolDef of a kit tool: name, description, KIT-8 schema, category, tags; piped JSON
/// merged under the flags.
pub fn tool_def(spec: &ToolSpec) -> ToolDef {
    let mut def = ToolDef::new(spec.name.clone(), spec.description.clone()).with_schema(spec.input_schema.clone()).with_stdin_json(true);
    def.tags = spec.tags.clone();
    def.category = spec.category.clone();
    def
}

/// A ScriptedTool builder with every tool of `kit` registered.
pub fn builder(kit: &Kit, opts: &KitToolOptions) -> ScriptedToolBuilder {
    let mut b = ScriptedTool::builder(KIT_TOOL_NAME)
        .short_description("Operator kit tools")
        .sanitize_errors(!opts.show_errors)
        .compact_prompt(opts.compact || kit.tools.len() > COMPACT_ABOVE);
    if let Some(l) = &opts.limits {
        b = b.limits(l.clone());
    }
    for spec in &kit.tools {
        let spec = Arc::new(spec.clone());
        b = b.tool_full(tool_def(&spec), move |args| {
            let spec = spec.clone();
            async move { run(&spec, args.params).await }
        });
    }
    b
}

/// The kit's ScriptedTool.
pub fn scripted_tool(kit: &Kit, opts: &KitToolOptions) -> ScriptedTool {
    // Kit tool names are checked at load (KIT-2), so registration cannot fail on them.
    builder(kit, opts).build()
}

/// One call from bash: the value printed as KIT-14's last column; a script that failed on its
/// own is a command with its own output and status (decisions 1, 2, 17); kitsh's errors and
/// bad output are failures of the command.
async fn run(spec: &Arc<ToolSpec>, params: Value) -> Result<ToolOutcome, ToolFailure> {
    let input = match params {
        Value::Object(m) => m,
        _ => Default::default(),
    };
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    match call(spec, input).await {
        Ok(c) => Ok(ToolOutcome { stdout: text(&output::bash_stdout(spec.output_adapter, &c.value, &c.stdout)), stderr: text(&c.stderr), exit_code: 0 }),
        Err(CallError::Run { tool_exit: true, status, stdout, stderr, message, .. }) => {
            let stderr = if stderr.is_empty() { format!("{}: {message}\n", spec.name) } else { text(&stderr) };
            Ok(ToolOutcome { stdout: text(&stdout), stderr, exit_code: status })
        }
        Err(e) => {
            let public = match &e {
                CallError::Input(_) => true,
                CallError::Run { public, .. } => *public,
            };
            Err(ToolFailure { message: e.message().to_string(), exit_code: e.status(), public })
        }
    }
}
