//! The data model of a loaded tool definition ([`ToolSpec`], KIT-6), shared by the loader,
//! the adapters and the executors.

use std::path::PathBuf;
use std::time::Duration;

use serde_json::{Map, Value};

/// Where a tool's files come from (KIT-9).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A local folder or file (absolute, `~/` expanded, relative paths resolved against the
    /// folder of the Lua file that called `define_tool`).
    Local(PathBuf),
    /// A git repository (checked out on first call).
    Git {
        /// The URL as written.
        url: String,
        /// `tag`, if given.
        tag: Option<String>,
    },
}

/// The `type` of a tool (KIT-11).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolType {
    /// Run with `python3` (or the tool's virtualenv).
    Python,
    /// Run with `bash`.
    Shell,
    /// Run with `node`.
    Node,
    /// The entrypoint is executable itself.
    Other,
}

impl ToolType {
    /// The name used in definitions and listings.
    pub fn as_str(self) -> &'static str {
        match self {
            ToolType::Python => "python",
            ToolType::Shell => "shell",
            ToolType::Node => "node",
            ToolType::Other => "other",
        }
    }
}

/// Which executor runs a tool (KIT-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExecutorKind {
    /// A plain child process (KIT-17).
    Native,
    /// The in-process sandbox (KIT-18).
    Sandbox,
    /// A container (KIT-19).
    Docker,
}

impl ExecutorKind {
    /// The name used in definitions and listings.
    pub fn as_str(self) -> &'static str {
        match self {
            ExecutorKind::Native => "native",
            ExecutorKind::Sandbox => "sandbox",
            ExecutorKind::Docker => "docker",
        }
    }
}

/// How a call's input reaches the script (KIT-13).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum InputAdapter {
    /// `--key value` flags.
    #[default]
    Args,
    /// A JSON object on stdin.
    Json,
    /// The values of these keys as positional words, then the rest as flags.
    PositionalArgs(Vec<String>),
    /// These keys as a JSON object on stdin, the rest as flags.
    Mixed(Vec<String>),
}

impl InputAdapter {
    /// The name used in definitions and listings.
    pub fn as_str(&self) -> &'static str {
        match self {
            InputAdapter::Args => "args",
            InputAdapter::Json => "json",
            InputAdapter::PositionalArgs(_) => "positional_args",
            InputAdapter::Mixed(_) => "mixed",
        }
    }
}

/// How the script's stdout becomes the tool's value (KIT-14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputAdapter {
    /// `{output = STDOUT}`.
    #[default]
    Text,
    /// The parsed JSON value.
    Json,
    /// `{lines = {...}}`.
    Lines,
}

impl OutputAdapter {
    /// The name used in definitions and listings.
    pub fn as_str(self) -> &'static str {
        match self {
            OutputAdapter::Text => "text",
            OutputAdapter::Json => "json",
            OutputAdapter::Lines => "lines",
        }
    }
}

/// An `env` entry (KIT-16).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnvEntry {
    /// `NAME`: copied from kitsh's environment when set there.
    Copy(String),
    /// `NAME=value`: set literally.
    Set(String, String),
}

/// `limits = {memory_mb=, processes=, cpu_seconds=}` (sandbox and docker).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Limits {
    /// Address-space / memory limit in MiB.
    pub memory_mb: Option<u64>,
    /// Most processes.
    pub processes: Option<u64>,
    /// CPU seconds.
    pub cpu_seconds: Option<u64>,
}

/// What a tool's files resolved to: known at load for local sources, at first call for git.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resolved {
    /// The tool directory (source joined with `subdir`), absolute; the child's working dir.
    pub dir: PathBuf,
    /// The entrypoint, absolute, inside `dir`.
    pub entrypoint: PathBuf,
    /// The tool type (given, or from the entrypoint's extension).
    pub kind: ToolType,
}

/// One tool of a kit, as its definition file declared it (KIT-6), with defaults applied.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolSpec {
    /// The dotted name (`infra.analysis.ssl_check`).
    pub name: String,
    /// The definition file, absolute.
    pub file: PathBuf,
    /// The definition file relative to the kit folder (`infra/analysis/ssl_check.lua`), for messages.
    pub rel_file: String,
    /// `source`.
    pub source: Source,
    /// `subdir`.
    pub subdir: Option<String>,
    /// `entrypoint` as written (relative to the tool dir), if given.
    pub entrypoint: Option<String>,
    /// `type` as written, if given.
    pub kind: Option<ToolType>,
    /// `executor` as written, if given (`None`: the kit default, `KITSH_EXECUTOR` or sandbox).
    pub executor: Option<ExecutorKind>,
    /// `timeout` (default 120 s).
    pub timeout: Duration,
    /// `input_adapter` (with `args_order` / `stdin_fields`).
    pub input_adapter: InputAdapter,
    /// `output_adapter`.
    pub output_adapter: OutputAdapter,
    /// The input JSON Schema (KIT-8): `{"type":"object","properties":{..},"required":[..]}`.
    pub input_schema: Value,
    /// The output JSON Schema, when `schema.output` is declared.
    pub output_schema: Option<Value>,
    /// `deps`.
    pub deps: Vec<String>,
    /// `env`.
    pub env: Vec<EnvEntry>,
    /// `defaults`, merged under each call's input.
    pub defaults: Map<String, Value>,
    /// `description` (default `Run ENTRYPOINT`, or `Run NAME`).
    pub description: String,
    /// `tags`.
    pub tags: Vec<String>,
    /// `category` (default: the namespace path, `infra.analysis`).
    pub category: Option<String>,
    /// `network`.
    pub network: bool,
    /// `image`.
    pub image: Option<String>,
    /// `max_output` (default 16 MiB).
    pub max_output: u64,
    /// `limits`.
    pub limits: Limits,
    /// `sandbox_weak`.
    pub sandbox_weak: bool,
    /// The files, resolved (local sources at load; `None` for git until the first call).
    pub resolved: Option<Resolved>,
}

/// The default `timeout`.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(120);

/// The default `max_output`.
pub const DEFAULT_MAX_OUTPUT: u64 = 16 * 1024 * 1024;
