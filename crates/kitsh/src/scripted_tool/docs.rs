//! The texts a model is told about a ScriptedTool: `description()` (ST-24), `system_prompt()`
//! in full and compact form (ST-25, ST-26) and the man-page `help()` (ST-27).

use super::builder::Inner;
use super::help;
use crate::tool::docs::{configuration, man_page, wrap, DocConfig};

const INDENT: &str = "       ";

/// `description()`: the short description, then the tool commands.
pub(crate) fn description(inner: &Inner) -> String {
    let short = inner.short_description.strip_suffix('.').unwrap_or(&inner.short_description);
    let names: Vec<&str> = inner.defs.iter().map(|d| d.name.as_str()).collect();
    let list = if names.is_empty() { "(none)".to_string() } else { names.join(", ") };
    format!("{short}. Tool commands: {list}")
}

/// `system_prompt()`: the Markdown of ST-25, or its compact form (ST-26).
pub(crate) fn system_prompt(inner: &Inner) -> String {
    let mut s = format!("# {}\n\nInput: {{\"commands\": \"<bash script>\"}}\nOutput: {{stdout, stderr, exit_code}}\n\n## Available tool commands\n\n", inner.name);
    if inner.defs.is_empty() {
        s.push_str("(none)\n");
    }
    for def in &inner.defs {
        s.push_str(&format!("- `{}`: {}\n", def.name, def.summary()));
        if !inner.compact {
            if let Some(u) = help::usage(def) {
                s.push_str(&format!("  Usage: `{u}`\n"));
            }
        }
    }
    s.push_str("\n## Tips\n\n");
    if inner.compact {
        s.push_str("- Run `help <tool>` for flags and `help <tool> --json` for the full schema before calling a tool\n");
        s.push_str("- Find tools with `discover --categories`, `discover --category <name>`, `discover --tag <tag>` or `discover --search <text>`\n");
    }
    s.push_str(
        "- Pass arguments as `--key value` or `--key=value` flags\n\
         - Pipe tool output through `jq` for JSON processing\n\
         - Use variables to pass data between tool calls\n\
         - No files: file commands and redirections (except /dev/null) are unavailable\n\
         - `help <tool>` shows a tool's flags, `help <tool> --json` its JSON schema\n",
    );
    s
}

/// `help()`: the man page of ST-27.
pub(crate) fn man(inner: &Inner) -> String {
    let short = inner.short_description.strip_suffix('.').unwrap_or(&inner.short_description);
    let mut chars = short.chars();
    let short: String = match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => String::new(),
    };
    let desc = wrap(
        "A logic-only bash shell: variables, arrays, functions, arithmetic, loops, conditionals, pipelines, here-documents and command substitution. The tools below are its extra commands; they take --key value flags and write their results to stdout.",
        INDENT,
    ) + "\n"
        + &wrap("There are no files: file commands, path execution, process substitution and redirections other than /dev/null are unavailable.", INDENT);
    let mut tools = String::new();
    for (i, def) in inner.defs.iter().enumerate() {
        if i > 0 {
            tools.push('\n');
        }
        tools.push_str(&format!("{INDENT}{} - {}\n", def.name, def.summary()));
        if let Some(u) = help::usage(def) {
            tools.push_str(&format!("{INDENT}    Usage: {u}\n"));
        }
    }
    if tools.is_empty() {
        tools = format!("{INDENT}(none)\n");
    }
    let mut builtins: Vec<&str> = crate::interp::logic::SHELL.to_vec();
    builtins.extend(["help", "discover"]);
    builtins.extend(crate::interp::logic::TRANSFORMS);
    let mut examples = vec![("List the tools:".to_string(), r#"{"commands": "help --list"}"#.to_string())];
    if let Some(first) = inner.defs.first() {
        examples.push((format!("Flags of {}:", first.name), format!(r#"{{"commands": "help {} --json"}}"#, first.name)));
        examples.push(("Call it and process its JSON:".to_string(), format!(r#"{{"commands": "{} | jq ."}}"#, first.name)));
    }
    let examples = examples.iter().map(|(t, j)| format!("{INDENT}{t}\n{INDENT}    {j}\n")).collect::<Vec<_>>().join("\n");
    let rows = |w: usize, r: &[(&str, &str)]| r.iter().map(|(n, d)| format!("{INDENT}{n:<w$}{d}\n")).collect::<String>();
    let mut sections = vec![
        ("NAME", format!("{INDENT}{} - {short}\n", inner.name)),
        ("SYNOPSIS", format!("{INDENT}{{\"commands\": \"<bash script>\"}}\n")),
        ("DESCRIPTION", desc),
        ("TOOL COMMANDS", tools),
        ("BUILTINS", wrap(&builtins.join(", "), INDENT)),
        ("INPUT", rows(12, &[("commands", "Bash commands to execute, like bash -c"), ("timeout_ms", "Optional time limit for the whole call in milliseconds")])),
        (
            "OUTPUT",
            rows(
                12,
                &[
                    ("stdout", "Standard output of the commands"),
                    ("stderr", "Standard error of the commands"),
                    ("exit_code", "Exit status (0 = success)"),
                    ("error", "Failure category, if the run failed as a whole"),
                ],
            ),
        ),
        ("EXAMPLES", examples),
        (
            "EXIT STATUS",
            rows(
                7,
                &[
                    ("0", "Success"),
                    ("1", "A tool command failed"),
                    ("2", "Invalid tool arguments"),
                    ("1-125", "Command-specific error"),
                    ("124", "Timed out"),
                    ("127", "Command not found"),
                ],
            ),
        ),
    ];
    let mut env_names: Vec<&str> = Vec::new();
    for (k, _) in &inner.env {
        if !env_names.contains(&k.as_str()) {
            env_names.push(k);
        }
    }
    let config = configuration(&DocConfig { name: &inner.name, limits: inner.limits.as_ref(), env_names, ..Default::default() });
    if !config.is_empty() {
        sections.push(("CONFIGURATION", config));
    }
    man_page(&inner.name, &sections)
}
