//! The texts a model is told: `description()` (TC-13), `system_prompt()` (TC-14) and the
//! man-page `help()` (TC-15..17), computed from the tool's configuration. Environment
//! variables appear by name only, never with their values.

use crate::limits::ExecutionLimits;

/// The commands every description lists first, in this order (TC-13).
pub const CORE_TOOLS: &[&str] = &[
    "echo", "cat", "grep", "sed", "awk", "jq", "curl", "head", "tail", "sort", "uniq", "cut", "tr", "wc", "date", "sleep", "mkdir", "rm", "cp", "mv", "touch", "chmod", "printf",
    "test", "[", "true", "false", "exit", "cd", "pwd", "ls", "find", "xargs", "basename", "dirname", "env", "export", "read",
];

/// `short_description()` of the bash tool.
pub const SHORT_DESCRIPTION: &str = "Virtual bash interpreter with virtual filesystem";

/// Width of the man-page text.
pub const WIDTH: usize = 78;
const INDENT: &str = "       ";

/// What the documentation texts are computed from.
#[derive(Debug, Clone, Default)]
pub struct DocConfig<'a> {
    /// The tool's `name()`.
    pub name: &'a str,
    /// The user name, if configured.
    pub username: Option<&'a str>,
    /// The host name, if configured.
    pub hostname: Option<&'a str>,
    /// The limits, if configured.
    pub limits: Option<&'a ExecutionLimits>,
    /// Names of the configured environment variables (insertion order).
    pub env_names: Vec<&'a str>,
    /// Names of the custom builtins (registration order).
    pub custom: Vec<&'a str>,
}

/// [`CORE_TOOLS`] then the custom names not listed already.
pub fn tool_names<'a>(custom: &[&'a str]) -> Vec<&'a str> {
    let mut names: Vec<&str> = CORE_TOOLS.to_vec();
    for c in custom {
        if !names.contains(c) {
            names.push(c);
        }
    }
    names
}

/// `description()`: the short description and every supported command.
pub fn description(custom: &[&str]) -> String {
    format!("{SHORT_DESCRIPTION}. Supported tools: {}", tool_names(custom).join(" "))
}

/// `system_prompt()`: the minimal text for a model's system prompt.
pub fn system_prompt(username: Option<&str>) -> String {
    let mut s = String::from("# Bash Tool\n\nVirtual bash interpreter with virtual filesystem.\n");
    if let Some(u) = username {
        s.push_str(&format!("Home: /home/{u}\n"));
    }
    s.push_str("\nInput: {\"commands\": \"<bash commands>\"}\nOutput: {stdout, stderr, exit_code}\n");
    s
}

/// The man-page header line: `T(1)`, `User Commands` centred (larger half of the space on
/// the left), `T(1)`.
pub fn man_header(name: &str) -> String {
    let t = format!("{}(1)", name.to_uppercase());
    let free = WIDTH.saturating_sub(2 * t.chars().count() + 13).max(2);
    let left = free.div_ceil(2);
    format!("{t}{}User Commands{}{t}", " ".repeat(left), " ".repeat(free - left))
}

/// Wrap `text` greedily at whole words into lines of at most [`WIDTH`] columns, each
/// starting with `indent`.
pub fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::from(indent);
    for word in text.split_whitespace() {
        let at_start = line.len() == indent.len();
        if !at_start && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(&line);
            out.push('\n');
            line = String::from(indent);
        }
        if line.len() != indent.len() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if line.len() > indent.len() {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A man page: the header, then `sections` (title, body lines already indented), one blank
/// line between them, ending with exactly one newline and no trailing spaces.
pub fn man_page(name: &str, sections: &[(&str, String)]) -> String {
    let mut s = man_header(name);
    s.push_str("\n\n");
    for (i, (title, body)) in sections.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(title);
        s.push('\n');
        s.push_str(body);
    }
    // no trailing spaces anywhere, exactly one final newline
    let mut clean: String = s.lines().map(|l| l.trim_end()).collect::<Vec<_>>().join("\n");
    while clean.ends_with('\n') {
        clean.pop();
    }
    clean.push('\n');
    clean
}

/// Two-column rows: the name padded to `width`.
fn rows(width: usize, rows: &[(&str, &str)]) -> String {
    rows.iter().map(|(n, d)| format!("{INDENT}{n:<width$}{d}\n")).collect()
}

/// The CONFIGURATION lines (TC-17), empty when nothing is configured.
pub fn configuration(c: &DocConfig<'_>) -> String {
    let mut s = String::new();
    if let Some(u) = c.username {
        s.push_str(&wrap(&format!("User: {u} (whoami)"), INDENT));
    }
    if let Some(h) = c.hostname {
        s.push_str(&wrap(&format!("Host: {h} (hostname)"), INDENT));
    }
    if let Some(l) = c.limits {
        let t = format!("Limits: {} commands, {} iterations, {} depth", l.max_commands, l.max_loop_iterations, l.max_function_depth);
        s.push_str(&wrap(&t, INDENT));
    }
    if !c.env_names.is_empty() {
        s.push_str(&wrap(&format!("Environment: {}", c.env_names.join(", ")), INDENT));
    }
    s
}

/// `help()` of the bash tool (TC-16).
pub fn help(c: &DocConfig<'_>) -> String {
    let desc = wrap(
        "Commands run in-process, in a sandbox whose files live in a virtual filesystem. The host is reached only through directories mounted into it; nothing else of the host is visible.",
        INDENT,
    ) + "\n"
        + &wrap("Full bash syntax is supported: variables, arrays, functions, pipelines, redirections, loops and conditionals.", INDENT);
    let examples = [
        ("Simple echo:", r#"{"commands": "echo 'Hello, World!'"}"#),
        ("Arithmetic:", r#"{"commands": "x=5; y=3; echo $((x + y))"}"#),
        ("Pipeline:", r#"{"commands": "printf 'apple\\nbanana\\n' | grep an"}"#),
        ("JSON processing:", r#"{"commands": "echo '{\"n\":1}' | jq '.n'"}"#),
        ("File operations (virtual):", r#"{"commands": "echo data > /tmp/f.txt && cat /tmp/f.txt"}"#),
    ];
    let examples = examples.iter().map(|(t, j)| format!("{INDENT}{t}\n{INDENT}    {j}\n")).collect::<Vec<_>>().join("\n");
    let mut sections = vec![
        ("NAME", format!("{INDENT}{} - virtual bash interpreter with virtual filesystem\n", c.name)),
        ("SYNOPSIS", format!("{INDENT}{{\"commands\": \"<bash commands>\"}}\n")),
        ("DESCRIPTION", desc),
        ("BUILTINS", wrap(&tool_names(&c.custom).join(", "), INDENT)),
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
            rows(7, &[("0", "Success"), ("1-125", "Command-specific error"), ("124", "Timed out"), ("126", "Command not executable"), ("127", "Command not found")]),
        ),
        ("SEE ALSO", format!("{INDENT}bash(1), sh(1)\n")),
    ];
    let config = configuration(c);
    if !config.is_empty() {
        sections.push(("CONFIGURATION", config));
    }
    man_page(c.name, &sections)
}
