//! Builder configuration, names (ST-2, ST-3) and the Tool-trait texts (ST-24..ST-28).

use kitsh::scripted_tool::{BuildError, ScriptedTool, ToolArgs, ToolDef};
use kitsh::tool::{BashTool, Tool};
use serde_json::json;

use crate::common::{builder, tool};

fn ok(_: &ToolArgs) -> Result<String, String> {
    Ok(String::new())
}

#[test]
fn defaults_name_and_registration_order() {
    let t = ScriptedTool::builder("api").tool_fn(ToolDef::new("b", "B"), ok).tool(ToolDef::new("a", "A"), ok).build();
    assert_eq!(t.name(), "api");
    assert_eq!(t.short_description(), "ScriptedTool: api");
    assert_eq!(t.display_name(), "api");
    assert_eq!(t.locale(), "en-US");
    assert_eq!(t.version(), env!("CARGO_PKG_VERSION"));
    let names: Vec<&str> = t.tool_defs().iter().map(|d| d.name.as_str()).collect();
    assert_eq!(names, ["b", "a"]);
    assert_eq!(t.tool_defs()[0].input_schema, json!({}));
}

#[test]
fn names_with_dots_and_dashes_are_commands() {
    let t = ScriptedTool::builder("crm")
        .tool_fn(ToolDef::new("crm.get_user", "Dotted"), |_: &ToolArgs| Ok("dotted\n".into()))
        .tool_fn(ToolDef::new("get-user", "Dashed"), |_: &ToolArgs| Ok("dashed\n".into()))
        .build();
    assert_eq!(crate::common::out(&t, "crm.get_user; get-user"), ("dotted\ndashed\n".to_string(), String::new(), 0));
}

#[test]
fn bad_names_are_build_errors_with_the_spec_text() {
    let cases = [
        (ScriptedTool::builder("api").tool_fn(ToolDef::new("9lives", "x"), ok).try_build(), "invalid tool name '9lives'"),
        (ScriptedTool::builder("api").tool_fn(ToolDef::new("a b", "x"), ok).try_build(), "invalid tool name 'a b'"),
        (ScriptedTool::builder("api").tool_fn(ToolDef::new("x", "x"), ok).tool_fn(ToolDef::new("x", "y"), ok).try_build(), "duplicate tool name 'x'"),
        (ScriptedTool::builder("api").tool_fn(ToolDef::new("help", "x"), ok).try_build(), "reserved tool name 'help'"),
        (ScriptedTool::builder("api").tool_fn(ToolDef::new("discover", "x"), ok).try_build(), "reserved tool name 'discover'"),
        (ScriptedTool::builder("api").tool_fn(ToolDef::new("while", "x"), ok).try_build(), "reserved tool name 'while'"),
        (ScriptedTool::builder("api").tool_fn(ToolDef::new("export", "x"), ok).try_build(), "reserved tool name 'export'"),
        (ScriptedTool::builder("my.api").try_build(), "invalid tool name 'my.api'"),
    ];
    for (r, msg) in cases {
        assert_eq!(r.map(|_| ()).map_err(|e| e.to_string()), Err(msg.to_string()));
    }
    assert!(matches!(ScriptedTool::builder("api").tool_fn(ToolDef::new("x", "x"), ok).tool_fn(ToolDef::new("x", "x"), ok).try_build(), Err(BuildError::Duplicate(_))));
}

#[test]
#[should_panic(expected = "reserved tool name 'help'")]
fn build_panics_with_the_error_text() {
    let _ = ScriptedTool::builder("api").tool_fn(ToolDef::new("help", "x"), ok).build();
}

#[test]
fn a_tool_named_like_a_transform_shadows_it() {
    let t = ScriptedTool::builder("api").tool_fn(ToolDef::new("sort", "Mine"), |_: &ToolArgs| Ok("mine\n".into())).build();
    assert_eq!(crate::common::out(&t, "printf 'b\\na\\n' | sort").0, "mine\n");
}

#[test]
fn description_lists_the_tool_commands() {
    assert_eq!(
        tool().description(),
        "User, order, and inventory tools. Tool commands: get_user, list_orders, get_inventory, create_discount, upper, echo_args, fail_tool, panic_tool"
    );
    let t = ScriptedTool::builder("empty").short_description("Nothing here.").build();
    assert_eq!(t.description(), "Nothing here. Tool commands: (none)");
}

#[test]
fn system_prompt_is_the_seed_markdown() {
    let t = ScriptedTool::builder("ecommerce_api")
        .tool_fn(
            ToolDef::new("get_user", "Fetch user by ID\nMore details.").with_schema(json!({"type": "object", "properties": {"id": {"type": "integer"}}})),
            ok,
        )
        .tool_fn(ToolDef::new("ping", "Check the service"), ok)
        .build();
    assert_eq!(
        t.system_prompt(),
        "# ecommerce_api\n\nInput: {\"commands\": \"<bash script>\"}\nOutput: {stdout, stderr, exit_code}\n\n## Available tool commands\n\n\
- `get_user`: Fetch user by ID\n  Usage: `get_user --id <integer>`\n- `ping`: Check the service\n\n## Tips\n\n\
- Pass arguments as `--key value` or `--key=value` flags\n- Pipe tool output through `jq` for JSON processing\n\
- Use variables to pass data between tool calls\n- No files: file commands and redirections (except /dev/null) are unavailable\n\
- `help <tool>` shows a tool's flags, `help <tool> --json` its JSON schema\n"
    );
}

#[test]
fn compact_prompt_defers_usage_to_help() {
    let t = builder().compact_prompt(true).build();
    let p = t.system_prompt();
    assert!(p.contains("- `get_user`: Fetch user by ID\n- `list_orders`"), "{p}");
    assert!(!p.contains("Usage:"));
    assert!(p.contains("## Tips\n\n- Run `help <tool>` for flags and `help <tool> --json` for the full schema before calling a tool\n- Find tools with `discover --categories`, `discover --category <name>`, `discover --tag <tag>` or `discover --search <text>`\n- Pass arguments"));
    let none = ScriptedTool::builder("x").build().system_prompt();
    assert!(none.contains("## Available tool commands\n\n(none)\n\n## Tips"), "{none}");
}

#[test]
fn help_is_a_man_page_of_the_tools() {
    let t = builder().env("API_KEY", "s3cr3t").limits(kitsh::ExecutionLimits::new().max_commands(500)).build();
    let h = t.help();
    assert!(h.starts_with("ECOMMERCE_API(1)"), "{h}");
    assert!(h.contains("NAME\n       ecommerce_api - user, order, and inventory tools\n"), "{h}");
    assert!(h.contains("SYNOPSIS\n       {\"commands\": \"<bash script>\"}\n"));
    assert!(h.contains("TOOL COMMANDS\n       get_user - Fetch user by ID\n           Usage: get_user --id <integer>\n\n       list_orders - List orders for a user\n"), "{h}");
    assert!(h.contains("       upper - Upper-case stdin\n\n"), "{h}");
    for s in ["BUILTINS", "INPUT", "OUTPUT", "EXAMPLES", "EXIT STATUS", "CONFIGURATION"] {
        assert!(h.contains(&format!("\n{s}\n")), "{s}");
    }
    assert!(h.contains(r#"{"commands": "help get_user --json"}"#));
    assert!(h.contains("       1      A tool command failed\n       2      Invalid tool arguments\n"), "{h}");
    assert!(h.contains("Environment: API_KEY") && !h.contains("s3cr3t"));
    assert!(h.contains("Limits: 500 commands"));
    assert!(!h.lines().any(|l| l.ends_with(' ')));
}

#[test]
fn schemas_are_the_bash_tools() {
    let t = tool();
    let b = BashTool::default();
    assert_eq!(t.input_schema(), b.input_schema());
    assert_eq!(t.output_schema(), b.output_schema());
}

#[test]
fn the_trait_is_object_safe() {
    let tools: Vec<Box<dyn Tool>> = vec![Box::new(tool()), Box::new(BashTool::default())];
    assert_eq!(tools.iter().map(|t| t.name()).collect::<Vec<_>>(), ["ecommerce_api", "kitsh"]);
}
