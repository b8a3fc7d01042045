//! The kit commands of the CLI (KIT-23): `kitsh [--kit DIR] exec TOOL ...`, `run`, `kit
//! list|describe|validate|init|add|doctor`, `prompt`.

use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use clap::{Parser, Subcommand};
use kitsh::scripted_tool::{parse_args, tool_help, usage};
use kitsh::tool::{BashTool, Tool};
use kitsh_kit::load::{kit_dir, load, Kit};
use kitsh_kit::surface::bash::{scripted_tool, tool_def, KitToolOptions};
use kitsh_kit::surface::call::{call, executor_of, CallError};
use kitsh_kit::ToolSpec;
use serde_json::{json, Map, Value};

/// The words that start a kit command.
pub const COMMANDS: [&str; 5] = ["exec", "run", "kit", "prompt", "mcp"];

/// Kit tools from the command line.
#[derive(Parser, Debug)]
#[command(name = "kitsh", version, about = "Kit tools: Lua definitions over host scripts")]
pub struct KitCli {
    /// The kit folder (default: $KITSH_KIT, else ~/.kitsh/kit).
    #[arg(long, global = true, value_name = "DIR")]
    kit: Option<PathBuf>,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Run one tool: flags per its schema (or a JSON object on stdin); prints its value as JSON.
    Exec {
        /// Fetch the tool's git source again before the call.
        #[arg(long)]
        refresh: bool,
        /// The tool's dotted name.
        tool: String,
        /// `--key value` flags.
        #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
        args: Vec<String>,
    },
    /// Run a bash script (FILE.sh or -c) or a Lua file over the kit's tools.
    Run {
        /// The script text.
        #[arg(short = 'c', value_name = "SCRIPT")]
        command: Option<String>,
        /// Sanitise tool errors as a model would see them.
        #[arg(long)]
        hide_tool_errors: bool,
        /// Fetch every git source again before running.
        #[arg(long)]
        refresh: bool,
        /// Import another MCP server's tools as commands NAME.TOOL (CMD split as a shell would).
        #[arg(long = "mcp-server", value_name = "NAME=CMD")]
        mcp_server: Vec<String>,
        /// Import the servers of an MCP client config file ({"mcpServers": {...}}).
        #[arg(long = "mcp-config", value_name = "FILE")]
        mcp_config: Option<PathBuf>,
        /// Import the [mcp_servers.NAME] servers of a kitsh.toml.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// FILE [ARGS...] (or NAME ARGS... after -c).
        #[arg(allow_hyphen_values = true, trailing_var_arg = true)]
        args: Vec<String>,
    },
    /// Inspect and manage the kit.
    Kit {
        #[command(subcommand)]
        action: KitAction,
    },
    /// Serve the bash tool and the kit over MCP (stdio, or Streamable HTTP with --http).
    Mcp {
        /// Pass kit tool errors through instead of sanitising them.
        #[arg(long)]
        show_tool_errors: bool,
        /// Serve every kit tool also as its own MCP tool.
        #[arg(long)]
        expose_each: bool,
        /// The compact prompt for `kit` (and a `kit_discover` tool).
        #[arg(long)]
        compact: bool,
        /// Fetch every git source again before serving.
        #[arg(long)]
        refresh: bool,
        /// Make a host directory visible read-only to `bash`: HOSTDIR[:VPATH].
        #[arg(long, value_name = "HOSTDIR[:VPATH]")]
        mount: Vec<String>,
        /// The user `bash` presents (`whoami`, `$USER`, home `/home/NAME`; default `user`).
        #[arg(long, value_name = "NAME")]
        username: Option<String>,
        /// The host name `bash` presents (`hostname`, `$HOSTNAME`; default `kitsh`).
        #[arg(long, value_name = "NAME")]
        hostname: Option<String>,
        /// An environment variable of `bash`'s sessions: K=V (repeatable).
        #[arg(long, value_name = "K=V")]
        env: Vec<String>,
        /// The working directory `bash`'s sessions start in (a virtual path).
        #[arg(long, value_name = "VPATH")]
        cwd: Option<String>,
        /// Import another MCP server's tools as commands NAME.TOOL (CMD split as a shell would).
        #[arg(long = "mcp-server", value_name = "NAME=CMD")]
        mcp_server: Vec<String>,
        /// Import the servers of an MCP client config file ({"mcpServers": {...}}).
        #[arg(long = "mcp-config", value_name = "FILE")]
        mcp_config: Option<PathBuf>,
        /// Import the [mcp_servers.NAME] servers of a kitsh.toml.
        #[arg(long, value_name = "FILE")]
        config: Option<PathBuf>,
        /// Serve Streamable HTTP on ADDR (e.g. 127.0.0.1:8765; port 0 picks one) instead of stdio.
        #[arg(long, value_name = "ADDR")]
        http: Option<String>,
        /// The bearer token HTTP clients must send (first line of FILE; else $KITSH_MCP_TOKEN).
        /// Required when ADDR is not a loopback address.
        #[arg(long = "token-file", value_name = "FILE")]
        token_file: Option<PathBuf>,
        /// With --http: keep each MCP session's bash session in this session store
        /// (sqlite:PATH, postgres://..., memory:), so that any process sharing it serves it.
        #[arg(long, value_name = "URL", requires = "http")]
        store: Option<String>,
        /// With --store: how many sessions this process keeps in memory (least recently used
        /// go first; default 64).
        #[arg(long = "session-cache", value_name = "N", requires = "store")]
        session_cache: Option<usize>,
        /// With --http: drop an MCP session from this process's memory after SECS without a
        /// request (default 300, or 15 with --store; with --store a later request restores it).
        #[arg(long = "idle-timeout", value_name = "SECS", requires = "http")]
        idle_timeout: Option<f64>,
    },
    /// The system prompt a model gets for the kit.
    Prompt {
        /// The compact prompt (tools by name; help/discover for the rest).
        #[arg(long)]
        compact: bool,
    },
}

#[derive(Subcommand, Debug)]
enum KitAction {
    /// One line per tool.
    List {
        /// As a JSON array.
        #[arg(long)]
        json: bool,
    },
    /// Everything about one tool.
    Describe {
        /// The tool's dotted name.
        tool: String,
        /// As a JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Load every file and resolve every source; exit 1 listing every problem.
    Validate {
        /// Fetch git sources again.
        #[arg(long)]
        refresh: bool,
    },
    /// Create the dependency environments of TOOL (or of every tool) now (KIT-20).
    Install {
        /// The tool's dotted name.
        tool: Option<String>,
    },
    /// Fetch the git sources of TOOL (or of every tool) again.
    Update {
        /// The tool's dotted name.
        tool: Option<String>,
    },
    /// Make a namespace with a working example tool.
    Init {
        /// The namespace (`a` or `a.b`).
        namespace: String,
    },
    /// Wrap an existing script or folder as a tool.
    Add {
        /// The tool's dotted name.
        name: String,
        /// The script or folder.
        path: PathBuf,
    },
    /// What this machine can run.
    Doctor,
}

/// Is `args[1..]` a kit command (after any `--kit DIR`)?
pub fn is_kit_command(args: &[String]) -> bool {
    let mut i = 1;
    while i < args.len() {
        match args[i].as_str() {
            "--kit" => i += 2,
            a if a.starts_with("--kit=") => i += 1,
            a => return COMMANDS.contains(&a),
        }
    }
    false
}

/// Run a kit command; its exit status.
pub fn main(args: Vec<String>) -> i32 {
    let cli = match KitCli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => e.exit(),
    };
    let (dir, explicit) = kit_dir(cli.kit.as_deref());
    match cli.cmd {
        Cmd::Exec { refresh, tool, args } => with_kit(&dir, true, |kit| {
            if refresh && !refresh_sources(kit, Some(&tool)) {
                return 125;
            }
            exec(kit, &tool, &args)
        }),
        Cmd::Run { command, hide_tool_errors, refresh, mcp_server, mcp_config, config, args } => {
            let kit = match open(&dir, explicit, false) {
                Ok(k) => k,
                Err(code) => return code,
            };
            if refresh && !refresh_sources(&kit, None) {
                return 125;
            }
            let sources = ImportSources { specs: &mcp_server, mcp_config: mcp_config.as_deref(), toml: config.as_deref() };
            run(kit, command, hide_tool_errors, &sources, args)
        }
        Cmd::Mcp { show_tool_errors, expose_each, compact, refresh, mount, username, hostname, env, cwd, mcp_server, mcp_config, config, http, token_file, store, session_cache, idle_timeout } => {
            let kit = match open(&dir, explicit, false) {
                Ok(k) => k,
                Err(code) => return code,
            };
            if refresh && !refresh_sources(&kit, None) {
                return 125;
            }
            let mut bash = BashTool::builder().name("bash");
            for m in &mount {
                let (host, vpath) = match m.split_once(':') {
                    Some((h, v)) if !v.is_empty() => (h.to_string(), v.to_string()),
                    _ => (m.clone(), m.clone()),
                };
                bash = bash.mount_readonly(host, vpath);
            }
            if let Some(u) = username {
                bash = bash.username(u);
            }
            if let Some(h) = hostname {
                bash = bash.hostname(h);
            }
            for kv in &env {
                let Some((k, v)) = kv.split_once('=') else {
                    eprintln!("kitsh: mcp: --env {kv}: expected K=V");
                    return 2;
                };
                bash = bash.env(k, v);
            }
            if let Some(c) = cwd {
                bash = bash.cwd(c);
            }
            let Ok(rt) = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() else {
                eprintln!("kitsh: cannot start the runtime");
                return 1;
            };
            let mut http = match http.as_deref().map(|a| http_options(a, token_file.as_deref())).transpose() {
                Ok(h) => h,
                Err(m) => {
                    eprintln!("kitsh: mcp: {m}");
                    return 2;
                }
            };
            if let (Some(h), Some(url)) = (&mut http, &store) {
                let store = match kitsh_session::open(url) {
                    Ok(s) => s,
                    Err(e) => {
                        eprintln!("kitsh: mcp: {e}");
                        return 2;
                    }
                };
                let mut opts = kitsh_mcp::StoreOptions::new(store);
                if let Some(n) = session_cache {
                    opts.cache = n;
                }
                h.store = Some(opts);
                h.idle = kitsh_mcp::IDLE_STORED;
            }
            if let (Some(h), Some(secs)) = (&mut http, idle_timeout) {
                match std::time::Duration::try_from_secs_f64(secs) {
                    Ok(d) if !d.is_zero() => h.idle = d,
                    _ => {
                        eprintln!("kitsh: mcp: --idle-timeout {secs}: expected a positive number of seconds");
                        return 2;
                    }
                }
            }
            let sources = ImportSources { specs: &mcp_server, mcp_config: mcp_config.as_deref(), toml: config.as_deref() };
            let imports = match imports(&rt, &sources) {
                Ok(i) => i,
                Err(code) => return code,
            };
            let opts = kitsh_mcp::McpOptions { kit: Some(kit), show_tool_errors, expose_each, compact, bash: Some(bash.build()), imports };
            let served = match http {
                Some(h) => rt.block_on(kitsh_mcp::serve_http(opts, h)),
                None => rt.block_on(kitsh_mcp::serve_stdio(opts)),
            };
            match served {
                Ok(()) => 0,
                Err(e) => {
                    eprintln!("kitsh: mcp: {e}");
                    1
                }
            }
        }
        Cmd::Prompt { compact } => {
            let kit = match open(&dir, explicit, false) {
                Ok(k) => k,
                Err(code) => return code,
            };
            if kit.tools.is_empty() {
                print!("{}", BashTool::default().system_prompt());
            } else {
                print!("{}", scripted_tool(&kit, &KitToolOptions { compact, ..Default::default() }).system_prompt());
            }
            0
        }
        Cmd::Kit { action } => match action {
            KitAction::List { json } => with_kit(&dir, false, |kit| list(kit, json)),
            KitAction::Describe { tool, json } => with_kit(&dir, false, |kit| describe(kit, &tool, json)),
            KitAction::Validate { refresh } => validate(&dir, refresh, None),
            KitAction::Update { tool } => validate(&dir, true, Some(tool)),
            KitAction::Install { tool } => with_kit(&dir, false, |kit| install(kit, tool.as_deref())),
            KitAction::Init { namespace } => init(&dir, &namespace),
            KitAction::Add { name, path } => add(&dir, &name, &path),
            KitAction::Doctor => doctor(&dir),
        },
    }
}

/// Load the kit; broken files are warnings (`exec`, `run`, `prompt`) or make the command fail
/// (`list`, `describe`). A missing folder fails unless it is the default one and `lenient`.
fn open(dir: &Path, explicit: bool, strict: bool) -> Result<Arc<Kit>, i32> {
    let kit = match load(dir) {
        Ok(k) => k,
        Err(e) if !explicit && !strict && !dir.exists() => {
            let _ = e;
            return Ok(Arc::new(Kit { dir: dir.to_path_buf(), tools: Vec::new(), errors: Vec::new(), warnings: Vec::new() }));
        }
        Err(e) => {
            eprintln!("{e}");
            return Err(1);
        }
    };
    for e in &kit.errors {
        eprintln!("{e}");
    }
    if strict && !kit.errors.is_empty() {
        return Err(1);
    }
    Ok(Arc::new(kit))
}

fn with_kit(dir: &Path, lenient_errors: bool, f: impl FnOnce(&Arc<Kit>) -> i32) -> i32 {
    match open(dir, true, !lenient_errors) {
        Ok(kit) => f(&kit),
        Err(code) => code,
    }
}

fn find<'a>(kit: &'a Kit, name: &str) -> Option<&'a ToolSpec> {
    kit.tools.iter().find(|t| t.name == name)
}

/// `kitsh exec TOOL [--k v ...]`.
fn exec(kit: &Arc<Kit>, name: &str, args: &[String]) -> i32 {
    let Some(spec) = find(kit, name) else {
        eprintln!("kitsh: unknown tool '{name}'");
        return 127;
    };
    let mut stdin_json = None;
    let stdin = std::io::stdin();
    if !stdin.is_terminal() {
        let mut text = String::new();
        let _ = stdin.lock().read_to_string(&mut text);
        if !text.trim().is_empty() {
            match serde_json::from_str::<Value>(&text) {
                Ok(Value::Object(m)) => stdin_json = Some(m),
                _ => {
                    eprintln!("kitsh: {name}: stdin must be a JSON object");
                    return 2;
                }
            }
        }
    }
    let def = tool_def(spec);
    let parsed = match parse_args(&def, args, stdin_json) {
        Ok(p) => p,
        Err(m) => {
            eprintln!("kitsh: {name}: {m}");
            return 2;
        }
    };
    if parsed.help {
        print!("{}", tool_help(&def));
        return 0;
    }
    if parsed.dry_run {
        println!("{}", serde_json::to_string_pretty(&parsed.params).unwrap_or_default());
        return 0;
    }
    let input = match parsed.params {
        Value::Object(m) => m,
        _ => Map::new(),
    };
    let Ok(rt) = tokio::runtime::Builder::new_current_thread().enable_all().build() else {
        eprintln!("kitsh: cannot start the runtime");
        return 1;
    };
    let spec = Arc::new(spec.clone());
    match rt.block_on(call(&spec, input)) {
        Ok(c) => {
            let _ = std::io::stderr().write_all(&c.stderr);
            println!("{}", serde_json::to_string(&c.value).unwrap_or_default());
            0
        }
        Err(e @ CallError::Input(_)) => {
            eprintln!("kitsh: {name}: {}", e.message());
            2
        }
        Err(e) => {
            eprintln!("kitsh: {name}: {}", e.message());
            1
        }
    }
}

/// Where the servers to import are named: `--mcp-server`, `--mcp-config`, `--config`.
struct ImportSources<'a> {
    specs: &'a [String],
    mcp_config: Option<&'a Path>,
    toml: Option<&'a Path>,
}

/// `--http ADDR` with the token from `--token-file` or `$KITSH_MCP_TOKEN`.
fn http_options(addr: &str, token_file: Option<&Path>) -> Result<kitsh_mcp::HttpOptions, String> {
    let addr = addr.parse().map_err(|_| format!("--http {addr}: expected IP:PORT (e.g. 127.0.0.1:8765)"))?;
    let token = match token_file {
        Some(f) => {
            let text = std::fs::read_to_string(f).map_err(|e| format!("--token-file {}: {e}", f.display()))?;
            Some(text.lines().next().unwrap_or("").trim().to_string())
        }
        None => std::env::var("KITSH_MCP_TOKEN").ok(),
    };
    let h = kitsh_mcp::HttpOptions { token, ..kitsh_mcp::HttpOptions::new(addr) };
    h.check()?;
    Ok(h)
}

/// Start the servers `src` names on `rt`; start failures are reported and left out.
fn imports(rt: &tokio::runtime::Runtime, src: &ImportSources<'_>) -> Result<Vec<Arc<kitsh_mcp::import::Imported>>, i32> {
    let mut parsed = Vec::new();
    let configs = [(src.mcp_config, kitsh_mcp::import::parse_config as fn(&str) -> Result<_, String>), (src.toml, kitsh_mcp::import::parse_toml_config)];
    for (file, parse) in configs {
        let Some(file) = file else { continue };
        let text = match std::fs::read_to_string(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("kitsh: {}: {e}", file.display());
                return Err(1);
            }
        };
        match parse(&text) {
            Ok(p) => parsed.extend(p),
            Err(m) => {
                eprintln!("kitsh: {}: {m}", file.display());
                return Err(2);
            }
        }
    }
    for s in src.specs {
        match kitsh_mcp::import::ServerSpec::parse(s) {
            Ok(p) => parsed.push(p),
            Err(m) => {
                eprintln!("kitsh: {m}");
                return Err(2);
            }
        }
    }
    let (ok, errors) = rt.block_on(kitsh_mcp::import::start_all(&parsed));
    for e in errors {
        eprintln!("kitsh: {e}");
    }
    Ok(ok)
}

/// `kitsh run FILE.sh|FILE.lua [ARG..]` / `kitsh run -c SCRIPT [NAME ARG..]`.
fn run(kit: Arc<Kit>, command: Option<String>, hide_errors: bool, sources: &ImportSources<'_>, args: Vec<String>) -> i32 {
    let Ok(rt) = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build() else {
        eprintln!("kitsh: cannot start the runtime");
        return 1;
    };
    let imported = match imports(&rt, sources) {
        Ok(i) => i,
        Err(code) => return code,
    };
    // Tool calls await on this runtime (imported servers' clients live on it).
    let _enter = rt.enter();
    let (script, arg0, rest) = match command {
        Some(c) => (c, args.first().cloned().unwrap_or_else(|| "kitsh".into()), args.iter().skip(1).cloned().collect::<Vec<_>>()),
        None => {
            let Some(file) = args.first() else {
                eprintln!("kitsh: run: expected FILE or -c SCRIPT");
                return 2;
            };
            if file.ends_with(".lua") {
                let extras = kitsh_mcp::import::extra_tools(&imported);
                return kitsh_kit::surface::lua::run_file(kit, Path::new(file), &args[1..], extras);
            }
            match std::fs::read_to_string(file) {
                Ok(t) => (t, file.clone(), args[1..].to_vec()),
                Err(e) => {
                    eprintln!("kitsh: {file}: {e}");
                    return 1;
                }
            }
        }
    };
    let b = kitsh_kit::surface::bash::builder(&kit, &KitToolOptions { show_errors: !hide_errors, ..Default::default() });
    let tool = match kitsh_mcp::import::register(b, &imported).try_build() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("kitsh: {e}");
            return 2;
        }
    };
    let bash = kitsh::Bash::builder()
        .logic_mode()
        .tools(&tool)
        .stdout(Box::new(std::io::stdout()))
        .stderr(Box::new(std::io::stderr()))
        .stdin_reader(Box::new(std::io::stdin()))
        .build();
    match bash {
        Ok(mut b) => b.exec_with_args(&script, Some(&arg0), &rest).exit_code,
        Err(e) => {
            eprintln!("kitsh: {e}");
            1
        }
    }
}

/// The executor column: the tool's own, or the default it runs on today.
fn executor_label(spec: &ToolSpec) -> &'static str {
    executor_of(spec).0.as_str()
}

fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or("")
}

/// `kitsh kit list [--json]`.
fn list(kit: &Arc<Kit>, json_out: bool) -> i32 {
    if json_out {
        let v: Vec<Value> = kit
            .tools
            .iter()
            .map(|t| json!({"name": t.name, "executor": executor_label(t), "description": t.description, "category": t.category, "tags": t.tags}))
            .collect();
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        return 0;
    }
    let w = kit.tools.iter().map(|t| t.name.len()).max().unwrap_or(0);
    for t in &kit.tools {
        let line = format!("{:<w$}  {:<7}  {}", t.name, executor_label(t), first_line(&t.description));
        println!("{}", line.trim_end());
    }
    0
}

/// The facts `describe` shows, in order.
fn facts(kit: &Kit, t: &ToolSpec) -> Vec<(&'static str, String)> {
    let rel = |p: &Path| p.strip_prefix(&kit.dir).map(|r| r.display().to_string()).unwrap_or_else(|_| p.display().to_string());
    let (exec, explicit) = executor_of(t);
    let executor = if explicit { exec.as_str().to_string() } else { format!("{} (default)", exec.as_str()) };
    let source = match &t.source {
        kitsh_kit::Source::Local(p) => p.display().to_string(),
        kitsh_kit::Source::Git { url, tag } => match tag {
            Some(tag) => format!("{url} (tag {tag})"),
            None => url.clone(),
        },
    };
    let mut v = vec![("Tool", t.name.clone()), ("Description", first_line(&t.description).to_string()), ("File", rel(&t.file)), ("Source", source)];
    if let Some(r) = &t.resolved {
        v.push(("Entrypoint", r.entrypoint.display().to_string()));
        v.push(("Type", r.kind.as_str().to_string()));
    } else if let Some(e) = &t.entrypoint {
        v.push(("Entrypoint", e.clone()));
    }
    v.push(("Executor", executor));
    v.push(("Timeout", format!("{}s", t.timeout.as_secs_f64())));
    v.push(("Adapters", format!("{} -> {}", t.input_adapter.as_str(), t.output_adapter.as_str())));
    if !t.deps.is_empty() {
        v.push(("Deps", t.deps.join(", ")));
    }
    if !t.env.is_empty() {
        let names: Vec<String> = t
            .env
            .iter()
            .map(|e| match e {
                kitsh_kit::EnvEntry::Copy(n) => n.clone(),
                kitsh_kit::EnvEntry::Set(n, _) => format!("{n}=…"),
            })
            .collect();
        v.push(("Env", names.join(", ")));
    }
    if !t.tags.is_empty() {
        v.push(("Tags", t.tags.join(", ")));
    }
    if let Some(c) = &t.category {
        v.push(("Category", c.clone()));
    }
    v
}

/// `  name  type  required|optional  description` rows of a schema.
fn schema_rows(schema: &Value) -> Vec<(String, String, bool, String)> {
    let required: Vec<&str> = schema.get("required").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let Some(props) = schema.get("properties").and_then(Value::as_object) else { return Vec::new() };
    props
        .iter()
        .map(|(k, p)| {
            let ty = p.get("type").and_then(Value::as_str).unwrap_or("any").to_string();
            let desc = p.get("description").and_then(Value::as_str).unwrap_or("").to_string();
            (k.clone(), ty, required.contains(&k.as_str()), desc)
        })
        .collect()
}

/// `kitsh kit describe TOOL [--json]`.
fn describe(kit: &Arc<Kit>, name: &str, json_out: bool) -> i32 {
    let Some(t) = find(kit, name) else {
        eprintln!("kitsh: unknown tool '{name}'");
        return 127;
    };
    let facts = facts(kit, t);
    let def = tool_def(t);
    if json_out {
        let mut m = Map::new();
        for (k, v) in &facts {
            m.insert(k.to_lowercase(), Value::String(v.clone()));
        }
        m.insert("usage".into(), json!(usage(&def).unwrap_or_else(|| t.name.clone())));
        m.insert("input_schema".into(), t.input_schema.clone());
        if let Some(o) = &t.output_schema {
            m.insert("output_schema".into(), o.clone());
        }
        println!("{}", serde_json::to_string_pretty(&Value::Object(m)).unwrap_or_default());
        return 0;
    }
    let w = facts.iter().map(|(k, _)| k.len() + 1).max().unwrap_or(0);
    for (k, v) in &facts {
        println!("{:<w$} {v}", format!("{k}:"));
    }
    println!("Usage: {}", usage(&def).unwrap_or_else(|| t.name.clone()));
    for (title, schema) in [("Input:", Some(&t.input_schema)), ("Output:", t.output_schema.as_ref())] {
        let Some(schema) = schema else { continue };
        let rows = schema_rows(schema);
        if rows.is_empty() {
            continue;
        }
        println!("{title}");
        let nw = rows.iter().map(|r| r.0.len()).max().unwrap_or(0);
        let tw = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
        for (n, ty, req, d) in rows {
            let line = format!("  {n:<nw$}  {ty:<tw$}  {:<8}  {d}", if req { "required" } else { "optional" });
            println!("{}", line.trim_end());
        }
    }
    0
}

/// `--refresh` of exec, run and mcp: fetch the git sources of `only` (or of every tool) again,
/// so that the calls that follow use the new checkout, and make the docker tools among them
/// rebuild their images on their next call (KIT-19). False (errors printed) when a fetch fails.
fn refresh_sources(kit: &Kit, only: Option<&str>) -> bool {
    let mut ok = true;
    for t in kit.tools.iter().filter(|t| only.is_none_or(|n| n == t.name)) {
        if executor_of(t).0 == kitsh_kit::ExecutorKind::Docker {
            kitsh_kit::exec::refresh_image(&t.name);
        }
        if t.resolved.is_some() {
            continue;
        }
        if let Err(m) = kitsh_kit::git::resolve(t, true) {
            eprintln!("kitsh: {}: {m}", t.name);
            ok = false;
        }
    }
    ok
}

/// `kitsh kit install [TOOL]`: install (or check) the dependencies of TOOL or of every tool;
/// one line per environment on stdout.
fn install(kit: &Kit, only: Option<&str>) -> i32 {
    if let Some(name) = only {
        if !kit.tools.iter().any(|t| t.name == name) {
            eprintln!("kitsh: unknown tool '{name}'");
            return 127;
        }
    }
    let mut failed = 0;
    for t in kit.tools.iter().filter(|t| only.is_none_or(|n| n == t.name)) {
        let resolved = match &t.resolved {
            Some(r) => r.clone(),
            None => match kitsh_kit::git::resolve(t, false) {
                Ok(r) => r,
                Err(m) => {
                    eprintln!("kitsh: {}: {m}", t.name);
                    failed += 1;
                    continue;
                }
            },
        };
        match kitsh_kit::deps::ensure(t, &resolved) {
            Ok(Some(env)) => println!("{}: {}", t.name, env.dir.display()),
            Ok(None) => {}
            Err(m) => {
                eprintln!("kitsh: {}: {m}", t.name);
                failed += 1;
            }
        }
    }
    i32::from(failed > 0)
}

/// `kitsh kit validate [--refresh]`, and `kitsh kit update [TOOL]` (`only`: the git tools to
/// fetch again, `Some(None)` = all).
fn validate(dir: &Path, refresh: bool, only: Option<Option<String>>) -> i32 {
    let kit = match load(dir) {
        Ok(k) => k,
        Err(e) => {
            eprintln!("{e}");
            return 1;
        }
    };
    for w in &kit.warnings {
        eprintln!("warning: {w}");
    }
    let mut errors = 0;
    for e in &kit.errors {
        eprintln!("error: {}: {}", e.rel_file, e.message);
        errors += 1;
    }
    if let Some(Some(name)) = &only {
        if !kit.tools.iter().any(|t| &t.name == name) {
            eprintln!("kitsh: unknown tool '{name}'");
            return 127;
        }
    }
    for t in &kit.tools {
        let wanted = match &only {
            Some(Some(name)) => &t.name == name,
            _ => true,
        };
        if !wanted {
            continue;
        }
        let resolved = match &t.resolved {
            Some(r) => r.clone(),
            None => match kitsh_kit::git::resolve(t, refresh) {
                Ok(r) => r,
                Err(m) => {
                    eprintln!("error: {}: {m}", t.name);
                    errors += 1;
                    continue;
                }
            },
        };
        let in_container = kitsh_kit::surface::call::executor_of(t).0 == kitsh_kit::ExecutorKind::Docker;
        match kitsh_kit::deps::check(t, &resolved, in_container) {
            Ok(None) => {}
            Ok(Some(note)) => eprintln!("warning: {}: {note}", t.name),
            Err(m) => {
                eprintln!("error: {}: {m}", t.name);
                errors += 1;
            }
        }
    }
    match kitsh_kit::sandbox_status() {
        Ok(()) => eprintln!("sandbox: available"),
        Err(reason) => eprintln!("sandbox: unavailable ({reason})"),
    }
    if errors > 0 {
        println!("kit invalid: {errors} error{}", if errors == 1 { "" } else { "s" });
        return 1;
    }
    let namespaces: std::collections::BTreeSet<&str> = kit.tools.iter().filter_map(|t| t.name.rsplit_once('.').map(|(ns, _)| ns)).collect();
    println!("kit OK: {} tool{} in {} namespace{}", kit.tools.len(), if kit.tools.len() == 1 { "" } else { "s" }, namespaces.len(), if namespaces.len() == 1 { "" } else { "s" });
    0
}

/// Create `path` with `text` unless it exists; report created folders.
fn write_new(path: &Path, text: &str) -> std::io::Result<bool> {
    if path.exists() {
        return Ok(false);
    }
    std::fs::write(path, text)?;
    Ok(true)
}

fn mkdirs(path: &Path) -> std::io::Result<()> {
    let mut missing = Vec::new();
    let mut p = path.to_path_buf();
    while !p.exists() {
        missing.push(p.clone());
        if !p.pop() {
            break;
        }
    }
    for d in missing.into_iter().rev() {
        std::fs::create_dir(&d)?;
        println!("created {}", d.display());
    }
    Ok(())
}

const HELLO_LUA: &str = r#"-- An example tool: reads a JSON object on stdin, prints a JSON object.
return tools.define_tool{
  source = "./hello",
  entrypoint = "main.py",
  input_adapter = "json",
  output_adapter = "json",
  description = "Say hello to someone",
  schema = {
    input = { name = { type = "string", description = "Who to greet", default = "world" } },
    output = { greeting = "string" },
  },
}
"#;

const HELLO_PY: &str = r#"import json
import sys

params = json.load(sys.stdin)
print(json.dumps({"greeting": "Hello, " + params.get("name", "world") + "!"}))
"#;

/// `kitsh kit init NS`.
fn init(dir: &Path, ns: &str) -> i32 {
    if let Err(m) = kitsh_kit::load::validate_name(ns) {
        eprintln!("kitsh: {m}");
        return 2;
    }
    let folder = ns.split('.').fold(dir.to_path_buf(), |p, seg| p.join(seg));
    let r = (|| -> std::io::Result<()> {
        mkdirs(&folder.join("hello"))?;
        for (path, text) in [(folder.join("hello.lua"), HELLO_LUA), (folder.join("hello").join("main.py"), HELLO_PY)] {
            if write_new(&path, text)? {
                println!("created {}", path.display());
            }
        }
        Ok(())
    })();
    match r {
        Ok(()) => {
            println!("try: kitsh --kit {} exec {ns}.hello --name you", dir.display());
            0
        }
        Err(e) => {
            eprintln!("kitsh: {e}");
            1
        }
    }
}

/// `kitsh kit add NS.NAME PATH`.
fn add(dir: &Path, name: &str, path: &Path) -> i32 {
    if let Err(m) = kitsh_kit::load::validate_name(name) {
        eprintln!("kitsh: {m}");
        return 2;
    }
    let (ns, leaf) = match name.rsplit_once('.') {
        Some((a, b)) => (Some(a), b),
        None => (None, name),
    };
    let abs = match std::fs::canonicalize(path) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("kitsh: {}: {e}", path.display());
            return 1;
        }
    };
    let folder = ns.map_or(dir.to_path_buf(), |ns| ns.split('.').fold(dir.to_path_buf(), |p, seg| p.join(seg)));
    let (source, entry) = if abs.is_file() {
        (abs.parent().map(Path::to_path_buf).unwrap_or_default(), abs.file_name().map(|f| f.to_string_lossy().into_owned()))
    } else {
        (abs.clone(), None)
    };
    let mut text = format!("-- Wraps {}\nreturn tools.define_tool{{\n  source = {:?},\n", abs.display(), source.display().to_string());
    if let Some(e) = entry {
        text.push_str(&format!("  entrypoint = {e:?},\n"));
    }
    text.push_str("  description = \"");
    text.push_str(&format!("Run {}\",\n}}\n", abs.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default()));
    let file = folder.join(format!("{leaf}.lua"));
    if file.exists() {
        eprintln!("kitsh: {} exists (never overwritten)", file.display());
        return 1;
    }
    let r = mkdirs(&folder).and_then(|_| std::fs::write(&file, text));
    match r {
        Ok(()) => {
            println!("created {}", file.display());
            0
        }
        Err(e) => {
            eprintln!("kitsh: {e}");
            1
        }
    }
}

fn on_path(cmd: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(cmd)).find(|p| p.is_file())
}

fn version_of(cmd: &str) -> Option<String> {
    let out = std::process::Command::new(cmd).arg("--version").output().ok()?;
    let text = String::from_utf8_lossy(if out.stdout.is_empty() { &out.stderr } else { &out.stdout }).into_owned();
    Some(text.lines().next().unwrap_or("").trim().to_string())
}

/// `kitsh kit doctor`: the base images the kit's docker tools build from, `present` or
/// `missing` locally (decision 10: a missing one is pulled on the first build, which fails
/// without a registry).
fn docker_bases(dir: &Path) {
    let Ok(cli) = kitsh_kit::exec::container_cli() else { return };
    let kit = load(dir).ok();
    let mut bases = std::collections::BTreeSet::new();
    if let Ok(base) = std::env::var("KITSH_DOCKER_BASE") {
        bases.insert(base);
    }
    for t in kit.iter().flat_map(|k| &k.tools).filter(|t| executor_of(t).0 == kitsh_kit::ExecutorKind::Docker) {
        if let Some(kind) = t.resolved.as_ref().map(|r| r.kind).or(t.kind) {
            bases.insert(kitsh_kit::exec::base_image(t, kind));
        }
    }
    for base in bases {
        let state = if kitsh_kit::exec::image_present(&cli, &base) { "present" } else { "missing (pulled on first build; needs a registry)" };
        println!("docker base image {base}: {state}");
    }
}

/// `kitsh kit doctor`.
fn doctor(dir: &Path) -> i32 {
    println!("native: ok");
    match kitsh_kit::sandbox_status() {
        Ok(()) => println!("sandbox: ok"),
        Err(reason) => println!("sandbox: unavailable ({reason})"),
    }
    match kitsh_kit::exec::docker_status() {
        Ok(version) => {
            println!("docker: ok ({version})");
            docker_bases(dir);
        }
        Err(reason) => println!("docker: unavailable ({reason})"),
    }
    println!("kit folder: {}{}", dir.display(), if dir.exists() { "" } else { " (missing)" });
    for interp in ["python3", "node", "bash"] {
        match on_path(interp) {
            Some(p) => println!("{interp}: {} ({})", p.display(), version_of(interp).unwrap_or_default()),
            None => println!("{interp}: not found"),
        }
    }
    0
}
