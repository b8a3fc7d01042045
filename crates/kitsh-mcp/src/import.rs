//! Other MCP servers' tools as commands (issue 23 item 2): each `--mcp-server NAME=CMD` is
//! started as a child over stdio with rmcp's client; each of its tools becomes the full-result
//! command `NAME.TOOL` (ST-1c) of the kit's scripted tool. A server that crashed is started
//! again on the next call.

use std::sync::Arc;

use kitsh::scripted_tool::{Callback, FullToolCallback, ScriptedToolBuilder, ToolArgs, ToolDef, ToolFailure, ToolOutcome};
use rmcp::model::{CallToolRequestParams, ContentBlock};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::ServiceExt;
use serde_json::Value;

/// A server to import: `NAME=CMD` (CMD split as a shell would, without expansion), or a
/// config entry with a command or a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerSpec {
    /// The namespace of its tools (`NAME.TOOL`).
    pub name: String,
    /// The program and its arguments (empty for a URL server).
    pub argv: Vec<String>,
    /// Extra environment variables for it.
    pub env: Vec<(String, String)>,
    /// A Streamable HTTP server's endpoint (`http://` or `https://`), instead of a command.
    pub url: Option<String>,
    /// HTTP headers sent to a URL server with every request (e.g. `Authorization`).
    pub headers: Vec<(String, String)>,
}

impl ServerSpec {
    /// Parse `NAME=CMD`.
    pub fn parse(text: &str) -> Result<ServerSpec, String> {
        let (name, cmd) = text.split_once('=').ok_or_else(|| format!("--mcp-server {text}: expected NAME=CMD"))?;
        if !valid_name(name) {
            return Err(format!("--mcp-server {text}: invalid name '{name}' (use letters, digits and _)"));
        }
        let argv = split_words(cmd)?;
        if argv.is_empty() {
            return Err(format!("--mcp-server {text}: empty command"));
        }
        Ok(ServerSpec { name: name.to_string(), argv, env: Vec::new(), url: None, headers: Vec::new() })
    }
}

/// A server name is one command segment: `^[A-Za-z_][A-Za-z0-9_]*$`.
fn valid_name(name: &str) -> bool {
    name.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_') && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The servers of an MCP client configuration file (`{"mcpServers": {NAME: {"command",
/// "args", "env"} | {"url", "headers"}}}`, the shape common MCP clients use), in file order.
pub fn parse_config(text: &str) -> Result<Vec<ServerSpec>, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("invalid MCP config: {e}"))?;
    let servers = v.get("mcpServers").and_then(Value::as_object).ok_or("invalid MCP config: expected an object \"mcpServers\"")?;
    servers.iter().map(|(name, s)| server_entry(name, s).map_err(|e| format!("invalid MCP config: {e}"))).collect()
}

/// The `[mcp_servers.NAME]` tables of a `kitsh.toml` (the same fields as a JSON config
/// entry), in file order. Other tables are left to their readers.
pub fn parse_toml_config(text: &str) -> Result<Vec<ServerSpec>, String> {
    let doc: toml::Table = text.parse().map_err(|e: toml::de::Error| format!("invalid kitsh.toml: {}", e.message()))?;
    let Some(servers) = doc.get("mcp_servers") else { return Ok(Vec::new()) };
    let servers = servers.as_table().ok_or("invalid kitsh.toml: mcp_servers must be a table of tables")?;
    let mut out = Vec::new();
    for (name, s) in servers {
        let json = serde_json::to_value(s).map_err(|e| format!("invalid kitsh.toml: mcp_servers.{name}: {e}"))?;
        out.push(server_entry(name, &json).map_err(|e| format!("invalid kitsh.toml: mcp_servers.{name}: {e}"))?);
    }
    Ok(out)
}

/// One server entry of a config: a command with `args`/`env`, or a `url` with `headers`.
fn server_entry(name: &str, s: &Value) -> Result<ServerSpec, String> {
    if !valid_name(name) {
        return Err(format!("invalid server name '{name}' (use letters, digits and _)"));
    }
    let obj = s.as_object().ok_or_else(|| format!("server '{name}' must be an object"))?;
    let strings = |key: &str| -> Result<Vec<(String, String)>, String> {
        let Some(m) = obj.get(key) else { return Ok(Vec::new()) };
        let m = m.as_object().ok_or_else(|| format!("server '{name}': \"{key}\" must be an object"))?;
        Ok(m.iter().map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string))).collect())
    };
    match (obj.get("command"), obj.get("url")) {
        (Some(_), Some(_)) => Err(format!("server '{name}' has both \"command\" and \"url\"")),
        (None, Some(url)) => {
            let url = url.as_str().ok_or_else(|| format!("server '{name}': \"url\" must be a string"))?;
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                return Err(format!("server '{name}': url '{url}' must start with http:// or https://"));
            }
            Ok(ServerSpec { name: name.to_string(), argv: Vec::new(), env: Vec::new(), url: Some(url.to_string()), headers: strings("headers")? })
        }
        (Some(command), None) => {
            let command = command.as_str().ok_or_else(|| format!("server '{name}': \"command\" must be a string"))?;
            let mut argv = vec![command.to_string()];
            if let Some(args) = obj.get("args") {
                let args = args.as_array().ok_or_else(|| format!("server '{name}': \"args\" must be an array of strings"))?;
                for a in args {
                    argv.push(a.as_str().ok_or_else(|| format!("server '{name}': \"args\" must be an array of strings"))?.to_string());
                }
            }
            Ok(ServerSpec { name: name.to_string(), argv, env: strings("env")?, url: None, headers: Vec::new() })
        }
        (None, None) => Err(format!("server '{name}' has no \"command\" and no \"url\"")),
    }
}

/// Split `cmd` into words as a shell would (quotes and backslashes), without any expansion.
pub fn split_words(cmd: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = cmd.chars();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => cur.push(c),
                        None => return Err(format!("unterminated quote in '{cmd}'")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\' | '$' | '`')) => cur.push(c),
                            Some(c) => {
                                cur.push('\\');
                                cur.push(c);
                            }
                            None => return Err(format!("unterminated quote in '{cmd}'")),
                        },
                        Some(c) => cur.push(c),
                        None => return Err(format!("unterminated quote in '{cmd}'")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                if let Some(c) = chars.next() {
                    cur.push(c);
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    Ok(words)
}

/// One imported server and its client connection.
pub struct Imported {
    /// Its spec.
    pub spec: ServerSpec,
    /// Its tools: (command name, original name, definition).
    pub tools: Vec<(String, String, ToolDef)>,
    client: tokio::sync::Mutex<Option<RunningService<RoleClient, ()>>>,
}

async fn connect(spec: &ServerSpec) -> Result<RunningService<RoleClient, ()>, String> {
    if let Some(url) = &spec.url {
        return connect_url(spec, url).await;
    }
    let mut cmd = tokio::process::Command::new(&spec.argv[0]);
    cmd.args(&spec.argv[1..]);
    for (k, v) in &spec.env {
        cmd.env(k, v);
    }
    let transport = TokioChildProcess::new(cmd).map_err(|e| format!("cannot start MCP server '{}': {e}", spec.name))?;
    ().serve(transport).await.map_err(|e| format!("MCP server '{}' did not initialize: {e}", spec.name))
}

/// A Streamable HTTP server, with its configured headers on every request.
async fn connect_url(spec: &ServerSpec, url: &str) -> Result<RunningService<RoleClient, ()>, String> {
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
    // reqwest's rustls has no provider compiled in: use ring (an error means one is set).
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut config = StreamableHttpClientTransportConfig::with_uri(url.to_string());
    for (k, v) in &spec.headers {
        let name = hyper::header::HeaderName::from_bytes(k.as_bytes()).map_err(|e| format!("MCP server '{}': header '{k}': {e}", spec.name))?;
        let value = hyper::header::HeaderValue::from_str(v).map_err(|e| format!("MCP server '{}': header '{k}': {e}", spec.name))?;
        config.custom_headers.insert(name, value);
    }
    let transport = rmcp::transport::StreamableHttpClientTransport::from_config(config);
    ().serve(transport).await.map_err(|e| format!("MCP server '{}' ({url}) did not initialize: {e}", spec.name))
}

/// `_` for every character outside `[A-Za-z0-9_-]`, and a leading `_` before a digit or dash.
fn command_part(name: &str) -> String {
    let mut s: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '-' { c } else { '_' }).collect();
    if !s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        s.insert(0, '_');
    }
    s
}

impl Imported {
    /// Start the server and list its tools.
    pub async fn start(spec: ServerSpec) -> Result<Imported, String> {
        let client = connect(&spec).await?;
        let listed = client.list_all_tools().await.map_err(|e| format!("MCP server '{}': tools/list failed: {e}", spec.name))?;
        let mut tools: Vec<(String, String, ToolDef)> = Vec::new();
        for t in listed {
            let base = format!("{}.{}", spec.name, command_part(&t.name));
            let mut cmd = base.clone();
            let mut n = 2;
            while tools.iter().any(|(c, _, _)| *c == cmd) {
                cmd = format!("{base}_{n}");
                n += 1;
            }
            let desc = t.description.as_deref().unwrap_or("").to_string();
            let first = desc.lines().next().unwrap_or("");
            let rest: String = desc.lines().skip(1).map(|l| format!("\n{l}")).collect();
            let description = format!("{first} (MCP server {}, tool '{}'){rest}", spec.name, t.name);
            let def = ToolDef::new(cmd.clone(), description).with_schema(Value::Object((*t.input_schema).clone())).with_category(&spec.name).with_stdin_json(true);
            tools.push((cmd, t.name.to_string(), def));
        }
        Ok(Imported { spec, tools, client: tokio::sync::Mutex::new(Some(client)) })
    }

    /// Call the server's tool `original` with `params`; the server is started again if it
    /// crashed.
    pub async fn call(&self, original: &str, params: Value) -> Result<ToolOutcome, ToolFailure> {
        let args = match params {
            Value::Object(m) => Some(m),
            _ => None,
        };
        let mut guard = self.client.lock().await;
        if guard.is_none() {
            *guard = Some(connect(&self.spec).await.map_err(|m| ToolFailure { message: m, exit_code: 125, public: true })?);
        }
        let Some(client) = guard.as_ref() else {
            return Err(ToolFailure { message: "no connection".into(), exit_code: 125, public: true });
        };
        let mut req = CallToolRequestParams::new(original.to_string());
        req.arguments = args;
        match client.call_tool(req).await {
            Ok(r) => {
                let mut text = String::new();
                if let Some(sc) = &r.structured_content {
                    text = sc.to_string();
                } else {
                    for c in &r.content {
                        if let ContentBlock::Text(t) = c {
                            text.push_str(&t.text);
                            if !t.text.ends_with('\n') {
                                text.push('\n');
                            }
                        }
                    }
                }
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                if r.is_error == Some(true) {
                    return Err(ToolFailure { message: text.trim_end().to_string(), exit_code: 1, public: false });
                }
                Ok(ToolOutcome { stdout: text, stderr: String::new(), exit_code: 0 })
            }
            Err(e) => {
                // The connection is gone (a crash): start it again on the next call.
                *guard = None;
                Err(ToolFailure { message: format!("MCP server '{}' failed: {e}", self.spec.name), exit_code: 125, public: true })
            }
        }
    }
}

/// Start every server; the ones that fail are reported and left out.
pub async fn start_all(specs: &[ServerSpec]) -> (Vec<Arc<Imported>>, Vec<String>) {
    let mut ok = Vec::new();
    let mut errors = Vec::new();
    for s in specs {
        match Imported::start(s.clone()).await {
            Ok(i) => ok.push(Arc::new(i)),
            Err(e) => errors.push(e),
        }
    }
    (ok, errors)
}

/// The tools of `servers` as definitions with full-result callbacks (for Lua's `kit` tree).
pub fn extra_tools(servers: &[Arc<Imported>]) -> Vec<kitsh_kit::surface::lua::ExtraTool> {
    let mut v = Vec::new();
    for server in servers {
        for (_, original, def) in &server.tools {
            let (server, original) = (server.clone(), original.clone());
            let call: FullToolCallback = Arc::new(move |args: ToolArgs| {
                let (server, original) = (server.clone(), original.clone());
                Box::pin(async move { server.call(&original, args.params).await })
            });
            v.push(kitsh_kit::surface::lua::ExtraTool { def: def.clone(), call });
        }
    }
    v
}

/// Register the tools of `servers` as commands of `b`.
pub fn register(mut b: ScriptedToolBuilder, servers: &[Arc<Imported>]) -> ScriptedToolBuilder {
    for e in extra_tools(servers) {
        b = b.tool_callback(e.def, Callback::Full(e.call));
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell_without_expansion() {
        assert_eq!(split_words(r#"python3 -m srv --name "a b" 'c $d' e\ f"#).ok(), Some(vec!["python3".into(), "-m".into(), "srv".into(), "--name".into(), "a b".into(), "c $d".into(), "e f".into()]));
        assert!(split_words("a 'b").is_err());
        assert_eq!(ServerSpec::parse("fs=npx -y srv").map(|s| s.argv.len()), Ok(3));
        assert!(ServerSpec::parse("bad-name=x").is_err());
        assert_eq!(command_part("get weather/v2"), "get_weather_v2");
        assert_eq!(command_part("2fa"), "_2fa");
        let cfg = r#"{"mcpServers": {"b": {"command": "node", "args": ["s.js"], "env": {"K": "v"}}, "a": {"command": "python3"}}}"#;
        let specs = parse_config(cfg).unwrap_or_default();
        assert_eq!(specs.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["b", "a"]);
        assert_eq!(specs[0].argv, ["node", "s.js"]);
        assert_eq!(specs[0].env, [("K".to_string(), "v".to_string())]);
        let web = parse_config(r#"{"mcpServers": {"w": {"url": "https://x/mcp", "headers": {"Authorization": "Bearer t"}}}}"#).unwrap_or_default();
        assert_eq!(web[0].url.as_deref(), Some("https://x/mcp"));
        assert_eq!(web[0].headers, [("Authorization".to_string(), "Bearer t".to_string())]);
        assert!(parse_config(r#"{"mcpServers": {"w": {"url": "ftp://x"}}}"#).is_err_and(|e| e.contains("http://")));
        assert!(parse_config(r#"{"mcpServers": {"w": {"url": "http://x", "command": "y"}}}"#).is_err());
        assert!(parse_config(r#"{"mcpServers": {"w": {}}}"#).is_err_and(|e| e.contains("no \"command\"")));
        assert!(parse_config("{}").is_err());
        let t = parse_toml_config("[mcp_servers.fs]\ncommand = \"npx\"\nargs = [\"-y\", \"srv\"]\n[mcp_servers.fs.env]\nK = \"v\"\n\n[mcp_servers.web]\nurl = \"http://127.0.0.1:9/mcp\"\n").unwrap_or_default();
        assert_eq!(t.iter().map(|s| s.name.as_str()).collect::<Vec<_>>(), ["fs", "web"]);
        assert_eq!(t[0].argv, ["npx", "-y", "srv"]);
        assert_eq!(t[0].env, [("K".to_string(), "v".to_string())]);
        assert_eq!(t[1].url.as_deref(), Some("http://127.0.0.1:9/mcp"));
        assert_eq!(parse_toml_config("[other]\nx = 1\n").map(|v| v.len()), Ok(0));
        assert!(parse_toml_config("[mcp_servers.bad-name]\ncommand = \"x\"\n").is_err());
        assert!(parse_toml_config("mcp_servers = 3").is_err());
        assert!(parse_toml_config("[mcp_servers.x\n").is_err_and(|e| e.starts_with("invalid kitsh.toml")));
    }
}
