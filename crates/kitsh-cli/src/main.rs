//! `kitsh`: run bash scripts in the kitsh sandbox.

use std::io::{Read, Write};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use kitsh::tool::{BashTool, Tool, ToolRequest};
use kitsh::{Bash, ExecutionLimits};

mod kit;
mod session;

/// The system allocator, counting what `python3`'s interpreter holds so that it stops at
/// `ExecutionLimits::max_heap_bytes` (a library cannot choose the allocator; the program does).
#[global_allocator]
static ALLOC: kitsh::alloc::MeteredAlloc = kitsh::alloc::MeteredAlloc;

/// Run a bash script in an in-process sandbox: no host programs, a virtual filesystem.
#[derive(Parser, Debug)]
#[command(
    name = "kitsh",
    version,
    about,
    trailing_var_arg = true,
    after_help = "Tool contract:\n  kitsh tool help|prompt|description|schema   what the bash tool tells a model\n  kitsh tool call                             a JSON ToolRequest on stdin -> the ToolResponse as JSON\nKits (Lua-defined tools over host scripts; --kit DIR, else $KITSH_KIT, else ~/.kitsh/kit):\n  kitsh [--kit DIR] exec TOOL [--key value ...]   run one tool, print its value as JSON\n  kitsh [--kit DIR] run FILE.sh|FILE.lua|-c SCRIPT  a script over the kit's tools\n  kitsh [--kit DIR] kit list|describe|validate|init|add|doctor\n  kitsh [--kit DIR] prompt [--compact]            the system prompt a model gets"
)]
struct Cli {
    /// Run SCRIPT (like `bash -c`); the next arguments become $0, $1, ...
    #[arg(short = 'c', value_name = "SCRIPT")]
    command: Option<String>,
    /// Make a host directory visible read-only (writes stay in memory): HOSTDIR[:VPATH].
    #[arg(long, value_name = "HOSTDIR[:VPATH]")]
    mount: Vec<String>,
    /// Make a host directory visible read-write: HOSTDIR[:VPATH].
    #[arg(long = "mount-rw", value_name = "HOSTDIR[:VPATH]")]
    mount_rw: Vec<String>,
    /// Do not mount the start directory.
    #[arg(long = "no-cwd-mount")]
    no_cwd_mount: bool,
    /// Pass the whole host environment.
    #[arg(long = "inherit-env")]
    inherit_env: bool,
    /// The script's working directory (a virtual path).
    #[arg(long, value_name = "VPATH")]
    cwd: Option<String>,
    /// The user the sandbox presents (`whoami`, `$USER`, home `/home/NAME`; default `user`).
    #[arg(long, value_name = "NAME")]
    username: Option<String>,
    /// The host name the sandbox presents (`hostname`, `$HOSTNAME`; default `kitsh`).
    #[arg(long, value_name = "NAME")]
    hostname: Option<String>,
    /// Set an environment variable: K=V.
    #[arg(long, value_name = "K=V")]
    env: Vec<String>,
    /// Maximum number of commands.
    #[arg(long = "max-commands", value_name = "N")]
    max_commands: Option<u64>,
    /// Wall-clock timeout in seconds.
    #[arg(long, value_name = "SECS")]
    timeout: Option<f64>,
    /// Bytes python3's interpreter (and jq's values) may hold at once (default 268435456).
    #[arg(long = "max-memory", value_name = "BYTES")]
    max_memory: Option<u64>,
    /// Let curl/wget reach URLs starting with PREFIX (repeatable; none by default).
    #[arg(long = "allow-url", value_name = "PREFIX")]
    allow_url: Vec<String>,
    /// Print the tool response ({"stdout","stderr","exit_code",...}) as one JSON line
    /// instead of streaming; exit with its exit_code.
    #[arg(long)]
    json: bool,
    /// Run in session NAME of the store: its files and shell state from the last call, kept
    /// for the next (no start-directory mount; output printed when the call has committed).
    #[arg(long, value_name = "NAME")]
    session: Option<String>,
    /// The session store: sqlite:PATH, sqlite::memory:, memory: (default
    /// sqlite:$KITSH_HOME/sessions.db, $KITSH_HOME defaulting to ~/.local/share/kitsh).
    #[arg(long, value_name = "URL")]
    store: Option<String>,
    /// Shell options (`-e`, `-u`, `-x`, ...) are given inside the script instead.
    /// FILE [ARGS...] or NAME [ARGS...] after -c.
    #[arg(allow_hyphen_values = true)]
    args: Vec<String>,
}

fn split_mount(spec: &str) -> (String, String) {
    match spec.split_once(':') {
        Some((h, v)) if !v.is_empty() => (h.to_string(), v.to_string()),
        _ => {
            let abs = std::fs::canonicalize(spec).map(|p| p.to_string_lossy().into_owned()).unwrap_or_else(|_| spec.to_string());
            (abs.clone(), abs)
        }
    }
}

/// The actions of `kitsh tool ACTION`.
const TOOL_ACTIONS: [&str; 5] = ["help", "prompt", "schema", "description", "call"];

fn main() -> ExitCode {
    // The commands every shell of this process runs (kitsh is built without its own default).
    kitsh::set_default_commands(kitsh_commands::registry());
    let argv0 = std::env::args().next().unwrap_or_else(|| "kitsh".to_string());
    let name = std::path::Path::new(&argv0).file_name().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| "kitsh".to_string());
    let raw: Vec<String> = std::env::args().collect();
    if kit::is_kit_command(&raw) {
        return ExitCode::from((kit::main(raw) & 0xff) as u8);
    }
    if session::is_session_command(&raw) {
        return ExitCode::from((session::main(raw) & 0xff) as u8);
    }
    let cli = Cli::parse();
    // `kitsh [OPTIONS] tool ACTION [OPTIONS]`: the options may stand on either side.
    if cli.command.is_none() && cli.args.first().map(String::as_str) == Some("tool") {
        let action = cli.args.get(1).cloned().unwrap_or_default();
        if !TOOL_ACTIONS.contains(&action.as_str()) {
            eprintln!("{name}: tool: expected one of {}", TOOL_ACTIONS.join(", "));
            return ExitCode::from(2);
        }
        let raw: Vec<String> = std::env::args().collect();
        let at = raw.windows(2).position(|w| w[0] == "tool" && w[1] == action).unwrap_or(0);
        let rest: Vec<String> = raw.iter().enumerate().filter(|(i, _)| *i != at && *i != at + 1).map(|(_, a)| a.clone()).collect();
        let cli = match Cli::try_parse_from(rest) {
            Ok(c) if c.command.is_none() && c.args.is_empty() => c,
            Ok(_) => {
                eprintln!("{name}: tool {action}: unexpected arguments");
                return ExitCode::from(2);
            }
            Err(e) => e.exit(),
        };
        return match tool_command(&cli, &action) {
            Ok(code) => ExitCode::from((code & 0xff) as u8),
            Err(msg) => {
                eprintln!("{name}: {msg}");
                ExitCode::from(2)
            }
        };
    }
    match run(cli, &name) {
        Ok(code) => ExitCode::from((code & 0xff) as u8),
        Err(msg) => {
            eprintln!("{name}: {msg}");
            ExitCode::from(2)
        }
    }
}

/// The limits the options ask for.
fn limits_of(cli: &Cli) -> ExecutionLimits {
    let mut limits = ExecutionLimits::default();
    if let Some(n) = cli.max_commands {
        limits = limits.max_commands(n);
    }
    if let Some(t) = cli.timeout {
        limits = limits.timeout(Duration::from_secs_f64(t.max(0.0)));
    }
    if let Some(n) = cli.max_memory {
        limits = limits.max_heap_bytes(n);
    }
    limits
}

/// `kitsh tool ACTION`: what a `BashTool` configured by the options tells a model, or one
/// tool call (a JSON request on stdin, the JSON response on stdout).
fn tool_command(cli: &Cli, action: &str) -> Result<i32, String> {
    let mut b = BashTool::builder();
    if cli.max_commands.is_some() || cli.timeout.is_some() || cli.max_memory.is_some() {
        b = b.limits(limits_of(cli));
    }
    let host_cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let host_cwd_s = host_cwd.to_string_lossy().into_owned();
    if !cli.no_cwd_mount {
        b = b.mount_readonly(host_cwd.clone(), host_cwd_s.clone());
    }
    for m in &cli.mount {
        let (h, v) = split_mount(m);
        b = b.mount_readonly(h, v);
    }
    for m in &cli.mount_rw {
        let (h, v) = split_mount(m);
        b = b.mount_rw(h, v);
    }
    if let Some(c) = &cli.cwd {
        b = b.cwd(c.clone());
    } else if !cli.no_cwd_mount {
        b = b.cwd(host_cwd_s);
    }
    if cli.inherit_env {
        for (k, v) in std::env::vars() {
            b = b.env(k, v);
        }
    }
    for kv in &cli.env {
        let (k, v) = kv.split_once('=').ok_or_else(|| format!("--env {kv}: expected K=V"))?;
        b = b.env(k, v);
    }
    let mut tool = b.build();
    let mut out = std::io::stdout();
    let text = match action {
        "help" => tool.help(),
        "prompt" => tool.system_prompt(),
        "description" => tool.description() + "\n",
        "schema" => {
            let v = serde_json::json!({"input": tool.input_schema(), "output": tool.output_schema()});
            serde_json::to_string_pretty(&v).map_err(|e| e.to_string())? + "\n"
        }
        _ => {
            let mut input = Vec::new();
            std::io::stdin().read_to_end(&mut input).map_err(|e| e.to_string())?;
            let req: ToolRequest = serde_json::from_slice(&input).map_err(|e| format!("invalid request: {e}"))?;
            let rt = tokio::runtime::Builder::new_current_thread().build().map_err(|e| e.to_string())?;
            let resp = rt.block_on(tool.execute(req));
            serde_json::to_string(&resp).map_err(|e| e.to_string())? + "\n"
        }
    };
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
    Ok(0)
}

/// The interpreter the options ask for (limits, mounts, cwd, environment), without its streams.
fn base_builder(cli: &Cli, name: &str) -> Result<kitsh::BashBuilder, String> {
    let limits = limits_of(cli);
    let host_cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let host_cwd_s = host_cwd.to_string_lossy().into_owned();
    let mut b = Bash::builder().limits(limits).name(name);
    // A script that runs kitsh by its own path (`$SH -c ...`) gets a nested shell.
    if let Ok(exe) = std::env::current_exe() {
        b = b.shell_path(&exe.to_string_lossy());
    }
    // Also by the path it was started by (a symlink, a relative path), as the caller knows it.
    if let Some(arg0) = std::env::args_os().next().map(std::path::PathBuf::from).filter(|p| p.components().count() > 1) {
        let abs: std::path::PathBuf = host_cwd.join(&arg0).components().filter(|c| !matches!(c, std::path::Component::CurDir)).collect();
        b = b.shell_path(&abs.to_string_lossy());
    }
    // A session's mounts must be the same at every call: it mounts only what it is told to.
    let no_cwd_mount = cli.no_cwd_mount || cli.session.is_some();
    if !no_cwd_mount {
        b = b.mount(host_cwd.clone(), &host_cwd_s, false);
    }
    for m in &cli.mount {
        let (h, v) = split_mount(m);
        b = b.mount(h, &v, false);
    }
    for m in &cli.mount_rw {
        let (h, v) = split_mount(m);
        b = b.mount(h, &v, true);
    }
    for prefix in &cli.allow_url {
        b = b.allow_url(prefix);
    }
    if let Some(u) = &cli.username {
        b = b.username(u);
    }
    if let Some(h) = &cli.hostname {
        b = b.hostname(h);
    }
    let home = format!("/home/{}", cli.username.as_deref().unwrap_or("user"));
    let cwd = cli.cwd.clone().unwrap_or_else(|| if no_cwd_mount { home } else { host_cwd_s.clone() });
    b = b.cwd(&cwd);
    for (k, v) in std::env::vars() {
        let keep = cli.inherit_env || matches!(k.as_str(), "HOME" | "PATH" | "LANG" | "TERM" | "BASH_ENV" | "TMP" | "REPO_ROOT" | "SH") || k.starts_with("LC_");
        if keep {
            b = b.env(&k, &v);
        }
    }
    for kv in &cli.env {
        let (k, v) = kv.split_once('=').ok_or_else(|| format!("--env {kv}: expected K=V"))?;
        b = b.env(k, v);
    }
    Ok(b)
}

fn run(cli: Cli, name: &str) -> Result<i32, String> {
    let mut b = base_builder(&cli, name)?;
    // The script and its arguments.
    // `invocation` is the last letter of `$-`: c (-c), s (standard input), none (a file).
    let (script, arg0, args, invocation) = match &cli.command {
        Some(c) => {
            let arg0 = cli.args.first().cloned();
            let rest = cli.args.iter().skip(1).cloned().collect::<Vec<_>>();
            (c.clone(), arg0, rest, 'c')
        }
        None => match cli.args.first() {
            Some(file) => {
                let text = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
                (String::from_utf8_lossy(&text).into_owned(), Some(file.clone()), cli.args[1..].to_vec(), '\0')
            }
            None => {
                let mut text = Vec::new();
                std::io::stdin().read_to_end(&mut text).map_err(|e| e.to_string())?;
                (String::from_utf8_lossy(&text).into_owned(), None, Vec::new(), 's')
            }
        },
    };
    if let Some(session) = &cli.session {
        return run_in_session(&cli, session, &script, arg0.as_deref().unwrap_or(name), &args, invocation);
    }
    if !cli.json {
        b = b.stdout(Box::new(std::io::stdout())).stderr(Box::new(std::io::stderr()));
    }
    // A script given by -c or as a file reads the CLI's standard input (read only when it does).
    if invocation != 's' {
        b = b.stdin_reader(Box::new(std::io::stdin()));
    }
    b = b.invocation(match invocation {
        'c' => kitsh::Invocation::CommandString,
        's' => kitsh::Invocation::Stdin,
        _ => kitsh::Invocation::File,
    });
    let mut bash = b.build().map_err(|e| e.to_string())?;
    if let Ok(env_file) = std::env::var("BASH_ENV") {
        if !env_file.is_empty() {
            bash.source_file(&env_file);
        }
    }
    let arg0 = arg0.as_deref().unwrap_or(name);
    if cli.json {
        let resp = kitsh::tool::execute_on(&mut bash, ToolRequest::new(script), Some(arg0), &args);
        let line = serde_json::to_string(&resp).map_err(|e| e.to_string())?;
        let mut out = std::io::stdout();
        let _ = writeln!(out, "{line}");
        return Ok(resp.exit_code);
    }
    let res = bash.exec_with_args(&script, Some(arg0), &args);
    Ok(res.exit_code)
}

/// `kitsh --session NAME ...`: the call runs on the session's last state and is committed; its
/// output is printed afterwards (a call that lost a race with another writer runs again). The
/// script gets no standard input.
fn run_in_session(cli: &Cli, session: &str, script: &str, arg0: &str, args: &[String], invocation: char) -> Result<i32, String> {
    let how = match invocation {
        'c' => kitsh::Invocation::CommandString,
        's' => kitsh::Invocation::Stdin,
        _ => kitsh::Invocation::File,
    };
    let name = arg0;
    // Arguments given set the positional parameters; with none, the session keeps its own (as
    // a terminal does from one command line to the next). The builder names the shell.
    let arg0 = (!args.is_empty()).then_some(arg0);
    let r = session::run_in_session(session, cli.store.as_deref(), script, || base_builder(cli, name).map(|b| b.invocation(how)), |bash| {
        if cli.json {
            let resp = kitsh::tool::execute_on(bash, ToolRequest::new(script), arg0, args);
            let stdout = serde_json::to_string(&resp).unwrap_or_default() + "\n";
            return kitsh::ExecResult { stdout_bytes: stdout.clone().into_bytes(), stdout, stderr: String::new(), stderr_bytes: Vec::new(), exit_code: resp.exit_code };
        }
        bash.exec_with_args(script, arg0, args)
    })?;
    let mut out = std::io::stdout();
    let _ = out.write_all(&r.stdout_bytes);
    let _ = out.flush();
    let _ = std::io::stderr().write_all(&r.stderr_bytes);
    Ok(r.exit_code)
}
