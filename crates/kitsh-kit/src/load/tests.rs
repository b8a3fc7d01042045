//! Loader tests over temporary kit folders.
#![allow(clippy::unwrap_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use super::*;
use crate::spec::{EnvEntry, ExecutorKind, InputAdapter, OutputAdapter, Source, ToolType, DEFAULT_MAX_OUTPUT};

static NEXT: AtomicUsize = AtomicUsize::new(0);

/// `TMP/kitsh-kit-PID-N/` with `kit/` (the kit) and `tools/` (scripts); removed on drop.
struct Temp {
    root: PathBuf,
}

impl Temp {
    fn new() -> Temp {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let root = std::env::temp_dir().join(format!("kitsh-kit-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("kit")).unwrap();
        std::fs::create_dir_all(root.join("tools")).unwrap();
        Temp { root }
    }
    fn kit(&self) -> PathBuf {
        self.root.join("kit")
    }
    fn tools(&self) -> PathBuf {
        self.root.join("tools")
    }
    /// Writes `rel` (under the root), creating folders.
    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let p = self.root.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, text).unwrap();
        p
    }
    fn load(&self) -> Kit {
        load(&self.kit()).unwrap()
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// A kit with one tool dir `tools/t/main.py` and `kit/t.lua` = `return tools.define_tool{source=.., BODY}`;
/// returns the single error's display.
fn error_of(body: &str) -> String {
    let t = Temp::new();
    t.write("tools/t/main.py", "print(1)\n");
    let src = t.tools().join("t");
    t.write(
        "kit/t.lua",
        &format!(
            "return tools.define_tool{{ source = {:?}, {body} }}\n",
            src.display().to_string()
        ),
    );
    let kit = t.load();
    assert!(kit.tools.is_empty(), "{:?}", kit.tools);
    assert_eq!(kit.errors.len(), 1, "{:?}", kit.errors);
    kit.errors[0].to_string()
}

/// The message part for `t.lua`.
fn msg(m: &str) -> String {
    format!("kitsh: kit error: t.lua: {m}")
}

fn one_tool(t: &Temp, rel: &str, text: &str) -> ToolSpec {
    t.write(rel, text);
    let kit = t.load();
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    assert_eq!(kit.tools.len(), 1);
    kit.tools[0].clone()
}

#[test]
fn good_kit_with_every_type_and_adapter() {
    let t = Temp::new();
    t.write("tools/ssl/main.py", "print('ok')\n");
    t.write("tools/ssl/helper_data.txt", "");
    t.write("tools/lookup/lookup.sh", "echo $1\n");
    t.write("tools/pods/index.js", "");
    t.write("tools/pods/util.js", "");
    t.write("tools/mix/run.py", "");
    t.write(
        "kit/infra/analysis/ssl_check.lua",
        r#"return tools.define_tool{
  source = "../../../tools/ssl",
  schema = { input = { hostnames = "array", port = { type = "number", description = "TCP port", default = 443 } },
             output = { ok = "boolean", detail = "string?" } },
  deps = { "cryptography" }, env = { "HOME", "MODE=fast" }, tags = { "tls" },
}
"#,
    );
    t.write(
        "kit/lookup.lua",
        r#"return tools.define_tool{ source = "../tools/lookup", type = "shell", executor = "native",
  input_adapter = "positional_args", args_order = { "tenant_name", "region" }, output_adapter = "lines",
  schema = { input = { tenant_name = "string", region = "string?" } }, timeout = 5, max_output = 1024,
  description = "Look up a tenant", category = "tenants" }
"#,
    );
    t.write(
        "kit/k8s/pods.lua",
        r#"return tools.define_tool{ source = "../../tools/pods", input_adapter = "json", output_adapter = "json",
  executor = "docker", image = "node:22", network = true, limits = { memory_mb = 256, processes = 32, cpu_seconds = 10 } }
"#,
    );
    t.write(
        "kit/mix.lua",
        r#"return tools.define_tool{ source = "../tools/mix", input_adapter = "mixed", stdin_fields = { "body" },
  executor = "sandbox", sandbox_weak = true, defaults = { mode = "x" },
  schema = { input = { body = "object", mode = { type = "string", enum = { "x", "y" } }, ids = { type = "array", items = "integer", required = false } } } }
"#,
    );
    let kit = t.load();
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    assert!(kit.warnings.is_empty(), "{:?}", kit.warnings);
    let names: Vec<&str> = kit.tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["infra.analysis.ssl_check", "k8s.pods", "lookup", "mix"]);

    let ssl = kit.tool("infra.analysis.ssl_check").unwrap();
    assert_eq!(
        serde_json::to_string(&ssl.input_schema).unwrap(),
        r#"{"type":"object","properties":{"hostnames":{"type":"array"},"port":{"type":"number","description":"TCP port","default":443}},"required":["hostnames"]}"#
    );
    assert_eq!(
        ssl.output_schema,
        Some(
            json!({"type":"object","properties":{"detail":{"type":"string"},"ok":{"type":"boolean"}},"required":["ok"]})
        )
    );
    let r = ssl.resolved.as_ref().unwrap();
    assert_eq!(r.dir, t.tools().join("ssl"));
    assert_eq!(r.entrypoint, t.tools().join("ssl/main.py"));
    assert_eq!(r.kind, ToolType::Python);
    assert_eq!(ssl.source, Source::Local(t.tools().join("ssl")));
    assert_eq!(ssl.description, "Run main.py");
    assert_eq!(ssl.category.as_deref(), Some("infra.analysis"));
    assert_eq!(ssl.timeout, Duration::from_secs(120));
    assert_eq!(ssl.max_output, DEFAULT_MAX_OUTPUT);
    assert_eq!(ssl.executor, None);
    assert_eq!(ssl.input_adapter, InputAdapter::Args);
    assert_eq!(ssl.output_adapter, OutputAdapter::Text);
    assert_eq!(ssl.deps, ["cryptography"]);
    assert_eq!(
        ssl.env,
        [
            EnvEntry::Copy("HOME".into()),
            EnvEntry::Set("MODE".into(), "fast".into())
        ]
    );
    assert_eq!(ssl.tags, ["tls"]);
    assert_eq!(ssl.rel_file, "infra/analysis/ssl_check.lua");
    assert_eq!(ssl.file, t.kit().join("infra/analysis/ssl_check.lua"));

    let lookup = kit.tool("lookup").unwrap();
    assert_eq!(
        lookup.input_adapter,
        InputAdapter::PositionalArgs(vec!["tenant_name".into(), "region".into()])
    );
    assert_eq!(lookup.output_adapter, OutputAdapter::Lines);
    assert_eq!(lookup.resolved.as_ref().unwrap().kind, ToolType::Shell);
    assert_eq!(lookup.executor, Some(ExecutorKind::Native));
    assert_eq!(lookup.timeout, Duration::from_secs(5));
    assert_eq!(lookup.max_output, 1024);
    assert_eq!(lookup.description, "Look up a tenant");
    assert_eq!(lookup.category.as_deref(), Some("tenants"));
    assert_eq!(lookup.input_schema["required"], json!(["tenant_name"]));

    let pods = kit.tool("k8s.pods").unwrap();
    assert_eq!(
        pods.resolved.as_ref().unwrap().entrypoint,
        t.tools().join("pods/index.js")
    );
    assert_eq!(pods.resolved.as_ref().unwrap().kind, ToolType::Node);
    assert_eq!(
        (pods.input_adapter.clone(), pods.output_adapter),
        (InputAdapter::Json, OutputAdapter::Json)
    );
    assert_eq!(pods.executor, Some(ExecutorKind::Docker));
    assert_eq!(pods.image.as_deref(), Some("node:22"));
    assert!(pods.network);
    assert_eq!(
        (pods.limits.memory_mb, pods.limits.processes, pods.limits.cpu_seconds),
        (Some(256), Some(32), Some(10))
    );
    assert_eq!(pods.input_schema, json!({"type":"object","properties":{}}));

    let mix = kit.tool("mix").unwrap();
    assert_eq!(mix.input_adapter, InputAdapter::Mixed(vec!["body".into()]));
    assert!(mix.sandbox_weak);
    assert_eq!(mix.category, None);
    assert_eq!(mix.defaults.get("mode"), Some(&json!("x")));
    assert_eq!(
        mix.input_schema,
        json!({"type":"object","properties":{
            "body":{"type":"object"},
            "ids":{"type":"array","items":{"type":"integer"}},
            "mode":{"type":"string","enum":["x","y"]}},
          "required":["body"]})
    );
}

#[test]
fn kael_style_require_defaults() {
    let t = Temp::new();
    t.write("kit/scripts/ssl/check.py", "");
    t.write(
        "kit/defaults.lua",
        "local M = {}\nfunction M.tool(cfg)\n  cfg.executor = cfg.executor or \"native\"\n  return tools.define_tool(cfg)\nend\nreturn M.tool\n",
    );
    t.write("kit/init.lua", "error('init.lua is never loaded')\n");
    t.write(
        "kit/infra/ssl_check.lua",
        "local tool = require(\"defaults\")\nreturn tool({ source = \"scripts/ssl\", schema = { input = { host = \"string\" } } })\n",
    );
    let kit = t.load();
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    assert_eq!(
        kit.warnings,
        ["defaults.lua: does not return a tool (treated as a module)"]
    );
    let tool = kit.tool("infra.ssl_check").unwrap();
    // The relative source resolves against defaults.lua's folder (it called define_tool).
    assert_eq!(tool.source, Source::Local(t.kit().join("scripts/ssl")));
    assert_eq!(
        tool.resolved.as_ref().unwrap().entrypoint,
        t.kit().join("scripts/ssl/check.py")
    );
    assert_eq!(tool.executor, Some(ExecutorKind::Native));
    assert_eq!(tool.description, "Run check.py");
}

#[test]
fn relative_source_against_the_calling_file() {
    let t = Temp::new();
    t.write("kit/net/scripts/ping.sh", "");
    let tool = one_tool(
        &t,
        "kit/net/ping.lua",
        "return tools.define_tool{ source = './scripts' }",
    );
    assert_eq!(tool.source, Source::Local(t.kit().join("net/scripts")));
    assert_eq!(tool.resolved.unwrap().kind, ToolType::Shell);
}

#[test]
fn home_expansion_and_file_source_and_subdir() {
    let t = Temp::new();
    t.write("tools/repo/pkg/a/main.sh", "");
    t.write("tools/repo/pkg/a/lib.py", "");
    t.write("tools/single.mjs", "");
    let src = t.tools().join("repo").display().to_string();
    t.write(
        "kit/a.lua",
        &format!("return tools.define_tool{{ source = {src:?}, subdir = 'pkg/a' }}"),
    );
    let single = t.tools().join("single.mjs").display().to_string();
    t.write(
        "kit/b.lua",
        &format!("return tools.define_tool{{ source = {single:?} }}"),
    );
    let kit = t.load();
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    let a = kit.tool("a").unwrap().resolved.clone().unwrap();
    assert_eq!(a.dir, t.tools().join("repo/pkg/a"));
    assert_eq!(a.entrypoint, t.tools().join("repo/pkg/a/main.sh"));
    let b = kit.tool("b").unwrap().resolved.clone().unwrap();
    assert_eq!(
        (b.dir, b.entrypoint, b.kind),
        (t.tools(), t.tools().join("single.mjs"), ToolType::Node)
    );
}

#[test]
fn each_invalid_field_message() {
    assert_eq!(error_of("foo = 1"), msg("unknown field 'foo'"));
    assert_eq!(error_of("timeout = 'x'"), msg("field 'timeout' must be a number"));
    assert_eq!(error_of("deps = 'requests'"), msg("field 'deps' must be a string list"));
    assert_eq!(error_of("deps = { 1 }"), msg("field 'deps' must be a string list"));
    assert_eq!(error_of("entrypoint = 3"), msg("field 'entrypoint' must be a string"));
    assert_eq!(error_of("network = 'yes'"), msg("field 'network' must be a boolean"));
    assert_eq!(error_of("schema = 'x'"), msg("field 'schema' must be a table"));
    assert_eq!(
        error_of("max_output = 1.5"),
        msg("field 'max_output' must be an integer")
    );
    assert_eq!(error_of("max_output = 0"), msg("max_output must be more than 0"));
    assert_eq!(error_of("defaults = 'x'"), msg("field 'defaults' must be a table"));
    assert_eq!(error_of("defaults = { 1, 2 }"), msg("field 'defaults' must be a table"));
    assert_eq!(
        error_of("limits = { memory = 1 }"),
        msg("unknown field 'limits.memory'")
    );
    assert_eq!(
        error_of("limits = { processes = 'x' }"),
        msg("field 'limits.processes' must be an integer")
    );
    assert_eq!(
        error_of("executor = 'podman'"),
        msg("executor must be one of native, sandbox, docker (got 'podman')")
    );
    assert_eq!(
        error_of("type = 'ruby'"),
        msg("type must be one of python, shell, node, other (got 'ruby')")
    );
    assert_eq!(
        error_of("input_adapter = 'stdin'"),
        msg("input_adapter must be one of args, json, positional_args, mixed (got 'stdin')")
    );
    assert_eq!(
        error_of("output_adapter = 'xml'"),
        msg("output_adapter must be one of text, json, lines (got 'xml')")
    );
    assert_eq!(
        error_of("input_adapter = 'positional_args'"),
        msg("args_order is required for input_adapter 'positional_args'")
    );
    assert_eq!(
        error_of("args_order = { 'a' }"),
        msg("args_order is only valid with input_adapter 'positional_args'")
    );
    assert_eq!(
        error_of("input_adapter = 'mixed'"),
        msg("stdin_fields is required for input_adapter 'mixed'")
    );
    assert_eq!(
        error_of("stdin_fields = { 'a' }"),
        msg("stdin_fields is only valid with input_adapter 'mixed'")
    );
    assert_eq!(error_of("env = { 'A-B=1' }"), msg("invalid env entry 'A-B=1'"));
    assert_eq!(
        error_of("timeout = 0"),
        msg("timeout must be more than 0 and at most 86400 seconds (got 0)")
    );
    assert_eq!(
        error_of("timeout = 86401"),
        msg("timeout must be more than 0 and at most 86400 seconds (got 86401)")
    );
    assert_eq!(
        error_of("schema = { input = { port = 'nubmer' } }"),
        msg("schema.input.port: unknown type 'nubmer'")
    );
    assert_eq!(
        error_of("schema = { input = { ['from-time'] = 'string' } }"),
        msg("schema.input: invalid field name 'from-time'")
    );
    assert_eq!(
        error_of("schema = { output = { n = { type = 'int' } } }"),
        msg("schema.output.n: unknown type 'int'")
    );
    assert_eq!(
        error_of("schema = { input = { n = { type = 'string', min = 1 } } }"),
        msg("schema.input.n: unknown key 'min'")
    );
    assert_eq!(
        error_of("schema = { inputs = {} }"),
        msg("unknown field 'schema.inputs'")
    );
    assert_eq!(error_of("tag = 'v1'"), msg("tag requires a git source"));
    assert_eq!(error_of("subdir = '../x'"), msg("subdir must stay inside source"));
    assert_eq!(
        error_of("entrypoint = '../main.py'"),
        msg("entrypoint must stay inside the tool directory")
    );
    assert_eq!(
        error_of("entrypoint = '/etc/passwd'"),
        msg("entrypoint must stay inside the tool directory")
    );
    assert!(error_of("entrypoint = 'nope.py'").starts_with(&msg("entrypoint not found: /")));
    assert!(error_of("entrypoint = 'nope.py'").ends_with("/tools/t/nope.py"));
}

#[test]
fn source_errors() {
    let t = Temp::new();
    t.write("kit/missing.lua", "return tools.define_tool{ source = '../nowhere' }");
    t.write("kit/nosource.lua", "return tools.define_tool{ type = 'python' }");
    t.write("tools/two/a.py", "");
    t.write("tools/two/b.py", "");
    t.write(
        "kit/ambiguous.lua",
        "return tools.define_tool{ source = '../tools/two' }",
    );
    t.write("tools/empty/README", "");
    t.write("kit/empty.lua", "return tools.define_tool{ source = '../tools/empty' }");
    t.write("kit/notable.lua", "return tools.define_tool('x')");
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        errs,
        [
            format!(
                "kitsh: kit error: ambiguous.lua: cannot detect entrypoint in {} (set entrypoint)",
                t.tools().join("two").display()
            ),
            format!(
                "kitsh: kit error: empty.lua: cannot detect entrypoint in {} (set entrypoint)",
                t.tools().join("empty").display()
            ),
            format!(
                "kitsh: kit error: missing.lua: source not found: {}",
                t.root.join("nowhere").display()
            ),
            "kitsh: kit error: nosource.lua: field 'source' is required".to_string(),
            "kitsh: kit error: notable.lua: define_tool expects a table".to_string(),
        ]
    );
}

#[test]
fn git_source_left_unresolved() {
    let t = Temp::new();
    t.write("kit/remote.lua", "return tools.define_tool{ source = 'https://example.com/org/tools.git', tag = 'v1.2', subdir = 'x', entrypoint = 'x.py' }");
    t.write(
        "kit/ssh.lua",
        "return tools.define_tool{ source = 'git@example.com:org/tools' }",
    );
    let kit = t.load();
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    let r = kit.tool("remote").unwrap();
    assert_eq!(
        r.source,
        Source::Git {
            url: "https://example.com/org/tools.git".into(),
            tag: Some("v1.2".into())
        }
    );
    assert_eq!(r.resolved, None);
    assert_eq!(r.description, "Run x.py");
    let s = kit.tool("ssh").unwrap();
    assert_eq!(
        s.source,
        Source::Git {
            url: "git@example.com:org/tools".into(),
            tag: None
        }
    );
    assert_eq!(s.description, "Run ssh");
}

#[test]
fn lua_syntax_error_has_line() {
    let t = Temp::new();
    t.write("kit/net/bad.lua", "local x = 1\nreturn tools.define_tool{ source = }\n");
    let kit = t.load();
    let e = &kit.errors[0];
    assert_eq!((e.rel_file.as_str(), e.line), ("net/bad.lua", Some(2)));
    assert!(e.to_string().starts_with("kitsh: kit error: net/bad.lua:2: "), "{e}");
    assert!(e.message.contains("unexpected symbol"), "{e}");
}

#[test]
fn lua_runtime_error_has_line() {
    let t = Temp::new();
    t.write("kit/boom.lua", "local x = nil\n\nlocal y = x.field\n");
    t.write("kit/raise.lua", "error('custom failure')\n");
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        errs[0],
        "kitsh: kit error: boom.lua:3: attempt to index a nil value (local 'x')"
    );
    assert_eq!(errs[1], "kitsh: kit error: raise.lua:1: custom failure");
}

#[test]
fn error_in_required_helper_is_attributed_to_the_file() {
    let t = Temp::new();
    t.write("kit/lib/helper.lua", "return function() error('helper broke') end\n");
    t.write("kit/uses.lua", "local h = require('lib.helper')\nh()\n");
    t.write("kit/missing_mod.lua", "require('nope')\n");
    t.write("kit/escape.lua", "require('..secret')\n");
    t.write("kit/lib/loop_a.lua", "return require('lib.loop_b')\n");
    t.write("kit/lib/loop_b.lua", "\nreturn require('lib.loop_a')\n");
    t.write("kit/zloop.lua", "require('lib.loop_a')\n");
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errs.len(), 4, "{errs:?}");
    assert_eq!(
        errs[3],
        "kitsh: kit error: zloop.lua: lib/loop_b.lua:2: loop while requiring module 'lib.loop_a'"
    );
    assert_eq!(
        errs[0],
        "kitsh: kit error: escape.lua:1: invalid module name '..secret'"
    );
    assert_eq!(errs[1], "kitsh: kit error: missing_mod.lua:1: module 'nope' not found (looked for nope.lua and nope/init.lua in the kit)");
    assert_eq!(errs[2], "kitsh: kit error: uses.lua: lib/helper.lua:1: helper broke");
}

#[test]
fn endless_loop_hits_instruction_limit() {
    let t = Temp::new();
    t.write("kit/spin.lua", "while true do end\n");
    t.write(
        "kit/spin_pcall.lua",
        "while true do pcall(function() while true do end end) end\n",
    );
    let started = Instant::now();
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        errs,
        [
            "kitsh: kit error: spin.lua: definition took too long (instruction limit)",
            "kitsh: kit error: spin_pcall.lua: definition took too long (instruction limit)"
        ]
    );
    println!("instruction limit x2 hit in {:?}", started.elapsed());
}

#[test]
fn string_rep_is_bounded_before_its_loop() {
    // Lua's `string.rep` loops once per repetition inside C, where the instruction hook never
    // runs: empty pieces repeated 9e9 times spun for minutes (a fuzz finding).
    let t = Temp::new();
    t.write("kit/empty.lua", "assert(string.rep('', 9e9) == '')\nassert((''):rep(9e9, '') == '')\nassert(('ab'):rep(3, ',') == 'ab,ab,ab')\nassert(('x'):rep(0) == '' and ('x'):rep(-5) == '')\nassert(select('#', string.rep('a', 2)) == 1)\n");
    t.write("kit/sep.lua", "local s = string.rep('', 9e9, 'x')\n");
    t.write("tools/ok/main.sh", "");
    t.write("kit/ok.lua", "return tools.define_tool{ source = '../tools/ok' }");
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errs, ["kitsh: kit error: sep.lua: definition uses too much memory (memory limit)"]);
}

#[test]
fn c_loops_of_the_string_and_table_libraries_count_against_the_instruction_limit() {
    // Pattern matching, plain `find` and `table.insert`/`remove`/`move` loop inside C, where
    // the instruction hook never runs; the patched libraries charge that work to the same
    // budget, so each of these ends with the instruction limit instead of running for hours.
    let t = Temp::new();
    let spin = [
        ("find", "local s = ('a'):rep(1e5)\nlocal r = s:find('.-.-.-b')\n"),
        ("match", "local r = ('a'):rep(1e5):match('^(.-)(.-)(.-)b')\n"),
        ("gmatch", "for x in ('a'):rep(1e5):gmatch('a-a-a-b') do end\n"),
        ("gsub", "local r = ('a'):rep(1e5):gsub('%a*%a*%a*b', '')\n"),
        ("backref", "local r = ('a'):rep(2e5):find('(a*)%1b')\n"),
        ("balance", "local s = ('('):rep(1e5)\nfor i = 1, 1e5 do s:find('%b()', i) end\n"),
        ("plain", "local s = ('a'):rep(4e6)\nlocal r = s:find(('a'):rep(1e6) .. 'b', 1, true)\n"),
        ("move", "table.move({}, 1, 1e12, 1)\n"),
        ("remove", "local t = {}\nfor i = 1, 2e5 do t[i] = i end\nwhile #t > 0 do table.remove(t, 1) end\n"),
        ("insert", "table.insert(setmetatable({}, { __len = function() return 1e12 end }), 1, 'x')\n"),
        ("caught", "local ok = pcall(string.find, ('a'):rep(1e5), '.-.-.-b')\nlocal n = 0\nfor i = 1, 10 do n = n + i end\n"),
    ];
    for (name, body) in spin {
        t.write(&format!("kit/{name}.lua"), body);
    }
    // Ordinary work on the same libraries is untouched.
    t.write(
        "kit/ok.lua",
        "local s = ('ab '):rep(1e4)\n\
         assert(select(2, s:gsub('%s+', ' ')) == 1e4)\n\
         assert(s:find('b a', 1, true) == 2 and s:match('^%s*(.-)%s*$') == s:sub(1, -2))\n\
         local t = {}\nfor i = 1, 1000 do table.insert(t, 1, i) end\n\
         assert(#t == 1000 and t[1] == 1000 and table.remove(t, 1) == 1000)\n\
         assert(#table.move(t, 1, #t, 1, {}) == 999)\n\
         return tools.define_tool{ source = '../tools/ok' }",
    );
    t.write("tools/ok/main.sh", "");
    let kit = t.load();
    let mut errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    errs.sort();
    let mut want: Vec<String> =
        spin.iter().map(|(n, _)| format!("kitsh: kit error: {n}.lua: definition took too long (instruction limit)")).collect();
    want.sort();
    assert_eq!(errs, want);
    assert_eq!(kit.tools.len(), 1, "the ordinary file still loads");
}

#[test]
fn huge_allocation_hits_memory_limit() {
    let t = Temp::new();
    t.write("kit/big.lua", "local s = string.rep('x', 1e9)\n");
    t.write(
        "kit/grow.lua",
        "local t = {}\nfor i = 1, 1e7 do t[i] = tostring(i) .. 'padding-padding' end\n",
    );
    t.write("tools/ok/main.sh", "");
    t.write("kit/ok.lua", "return tools.define_tool{ source = '../tools/ok' }");
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        errs[0],
        "kitsh: kit error: big.lua: definition uses too much memory (memory limit)"
    );
    // The growing table hits one of the two limits, whichever comes first.
    assert!(
        errs[1].contains("(memory limit)") || errs[1].contains("(instruction limit)"),
        "{errs:?}"
    );
    assert_eq!(kit.tools.len(), 1, "later files still load");
}

#[test]
fn restricted_environment() {
    let t = Temp::new();
    t.write("kit/io.lua", "local f = io.open('/etc/passwd')\n");
    t.write("kit/exec.lua", "os.execute('true')\n");
    t.write("kit/dofile.lua", "dofile('/etc/passwd')\n");
    t.write(
        "kit/binary.lua",
        "local f = assert(load(string.dump(function() return 1 end)))\n",
    );
    t.write("kit/globals.lua", "local r = load('return io')()\nassert(r == nil, 'io reachable through load')\nassert(debug == nil and package == nil and collectgarbage == nil and loadfile == nil)\nassert(os.getenv and os.time and os.date and os.clock and utf8.char and math.max and table.concat)\n");
    t.write("kit/leak.lua", "string.rep = nil\nshared_global = 1\n");
    t.write("kit/sees.lua", "assert(string.rep ~= nil, 'string library shared')\nassert(shared_global == nil, 'globals shared')\nassert(getmetatable('') == false)\nassert(('ab'):rep(2) == 'abab')\nlocal f = load('return 1 + 1')\nassert(f() == 2)\n");
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(errs.len(), 4, "{errs:?}");
    assert!(errs[0].starts_with("kitsh: kit error: binary.lua:1: "), "{errs:?}");
    assert!(errs[0].contains("binary"), "{errs:?}");
    assert_eq!(
        errs[1],
        "kitsh: kit error: dofile.lua:1: attempt to call a nil value (global 'dofile')"
    );
    assert_eq!(
        errs[2],
        "kitsh: kit error: exec.lua:1: attempt to call a nil value (field 'execute')"
    );
    assert_eq!(
        errs[3],
        "kitsh: kit error: io.lua:1: attempt to index a nil value (global 'io')"
    );
    assert_eq!(kit.warnings.len(), 3, "{:?}", kit.warnings);
}

#[test]
fn calling_a_tool_while_loading() {
    let t = Temp::new();
    t.write("tools/x/main.py", "");
    t.write(
        "kit/x.lua",
        "local t = tools.define_tool{ source = '../tools/x' }\nt({})\nreturn t\n",
    );
    let kit = t.load();
    assert_eq!(
        kit.errors[0].to_string(),
        "kitsh: kit error: x.lua:2: tools cannot run while the kit is loading"
    );
}

#[test]
fn helper_modules_and_plain_tables_are_not_tools() {
    let t = Temp::new();
    t.write("kit/helpers.lua", "return { x = 1 }\n");
    t.write("kit/nothing.lua", "local a = 1\n");
    t.write(
        "kit/forged.lua",
        "return setmetatable({ source = '/' }, { __metatable = 'kitsh tool' })\n",
    );
    let kit = t.load();
    assert!(kit.errors.is_empty() && kit.tools.is_empty());
    assert_eq!(
        kit.warnings,
        [
            "forged.lua: does not return a tool (treated as a module)",
            "helpers.lua: does not return a tool (treated as a module)",
            "nothing.lua: does not return a tool (treated as a module)",
        ]
    );
}

#[test]
fn skipped_candidates() {
    let t = Temp::new();
    t.write("tools/x/main.py", "");
    let def = "return tools.define_tool{ source = KIT_TOOLS }";
    let def = def.replace("KIT_TOOLS", &format!("{:?}", t.tools().join("x").display().to_string()));
    for rel in [
        "kit/lib/a.lua",
        "kit/net/lib/b.lua",
        "kit/_private.lua",
        "kit/_dir/c.lua",
        "kit/.hidden/d.lua",
        "kit/.e.lua",
        "kit/init.lua",
        "kit/net/init.lua",
        "kit/notes.txt",
    ] {
        t.write(rel, &def);
    }
    t.write("kit/net/ok.lua", &def);
    let kit = t.load();
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    assert!(kit.warnings.is_empty(), "{:?}", kit.warnings);
    assert_eq!(
        kit.tools.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(),
        ["net.ok"]
    );
}

#[cfg(unix)]
#[test]
fn symlinks_are_skipped_with_a_warning() {
    let t = Temp::new();
    t.write("tools/x/main.py", "");
    t.write("outside/real.lua", "return tools.define_tool{ source = '../tools/x' }");
    std::os::unix::fs::symlink(t.root.join("outside/real.lua"), t.kit().join("link.lua")).unwrap();
    std::os::unix::fs::symlink(t.root.join("outside"), t.kit().join("linkdir")).unwrap();
    let kit = t.load();
    assert!(kit.tools.is_empty());
    assert_eq!(kit.warnings, ["link.lua: symlink skipped", "linkdir: symlink skipped"]);
}

#[test]
fn invalid_name_segment() {
    let t = Temp::new();
    t.write("tools/x/main.py", "");
    let def = format!(
        "return tools.define_tool{{ source = {:?} }}",
        t.tools().join("x").display().to_string()
    );
    t.write("kit/x-y.lua", &def);
    t.write("kit/my-net/ping.lua", &def);
    t.write("kit/1st.lua", &def);
    t.write("kit/a.b.lua", &def);
    t.write("kit/ok_1.lua", &def);
    let kit = t.load();
    let errs: Vec<String> = kit.errors.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        errs,
        [
            "kitsh: kit error: 1st.lua: invalid tool name '1st' (use letters, digits and _)",
            "kitsh: kit error: a.b.lua: invalid tool name 'a.b' (use letters, digits and _)",
            "kitsh: kit error: my-net/ping.lua: invalid tool name 'my-net.ping' (use letters, digits and _)",
            "kitsh: kit error: x-y.lua: invalid tool name 'x-y' (use letters, digits and _)",
        ]
    );
    assert_eq!(kit.tools.len(), 1);
}

#[test]
fn tool_and_namespace_clash() {
    let t = Temp::new();
    t.write("tools/x/main.py", "");
    let def = format!(
        "return tools.define_tool{{ source = {:?} }}",
        t.tools().join("x").display().to_string()
    );
    t.write("kit/a/b.lua", &def);
    t.write("kit/a/b/c.lua", &def);
    t.write("kit/a/bc.lua", &def);
    let kit = t.load();
    assert_eq!(kit.errors.len(), 1);
    assert_eq!(
        kit.errors[0].to_string(),
        "kitsh: kit error: a/b.lua: 'a.b' is both a tool and a namespace"
    );
    assert_eq!(
        kit.tools.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(),
        ["a.b.c", "a.bc"]
    );
}

#[test]
fn one_bad_file_does_not_stop_the_others() {
    let t = Temp::new();
    t.write("tools/x/main.py", "");
    let def = format!(
        "return tools.define_tool{{ source = {:?} }}",
        t.tools().join("x").display().to_string()
    );
    t.write("kit/a.lua", &def);
    t.write(
        "kit/b.lua",
        "return tools.define_tool{ executor = 'podman', source = '/' }",
    );
    t.write("kit/c.lua", "this is not lua");
    t.write("kit/d.lua", &def);
    let kit = t.load();
    assert_eq!(
        kit.tools.iter().map(|t| t.name.as_str()).collect::<Vec<_>>(),
        ["a", "d"]
    );
    assert_eq!(
        kit.errors.iter().map(|e| e.rel_file.as_str()).collect::<Vec<_>>(),
        ["b.lua", "c.lua"]
    );
}

#[test]
fn missing_kit_folder() {
    let t = Temp::new();
    let missing = t.root.join("nope");
    let err = load(&missing).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("kitsh: kit folder not found: {}", missing.display())
    );
    let empty = t.load();
    assert!(empty.tools.is_empty() && empty.errors.is_empty());
    assert_eq!(empty.dir, t.kit());
}

#[test]
fn kit_dir_and_names() {
    assert_eq!(kit_dir(Some(Path::new("/x/kit"))), (PathBuf::from("/x/kit"), true));
    let (dir, explicit) = kit_dir(None);
    if std::env::var_os("KITSH_KIT").is_none() {
        assert!(dir.ends_with(".kitsh/kit") && !explicit);
    }
    assert_eq!(validate_name("infra.analysis"), Ok(()));
    assert_eq!(validate_name("_x.y1"), Ok(()));
    assert_eq!(
        validate_name("x-y"),
        Err("invalid tool name 'x-y' (use letters, digits and _)".into())
    );
    assert!(validate_name("").is_err() && validate_name("a..b").is_err() && validate_name("1a").is_err());
}

#[test]
fn load_200_tools_timing() {
    let t = Temp::new();
    for i in 0..20 {
        t.write(&format!("tools/t{i}/main.py"), "");
    }
    for i in 0..200 {
        let body = format!(
            "return tools.define_tool{{ source = '../../tools/t{}', description = 'Tool {i}', timeout = 30,\n  input_adapter = 'json', output_adapter = 'json', deps = {{ 'requests' }},\n  schema = {{ input = {{ host = 'string', port = {{ type = 'integer', default = 443, description = 'Port' }}, tags = 'array?' }}, output = {{ ok = 'boolean' }} }} }}\n",
            i % 20
        );
        t.write(&format!("kit/ns{}/tool_{i}.lua", i % 10), &body);
    }
    let started = Instant::now();
    let kit = t.load();
    let took = started.elapsed();
    assert!(kit.errors.is_empty(), "{:?}", kit.errors.first());
    assert_eq!(kit.tools.len(), 200);
    println!(
        "loaded 200 tools in {took:?} ({} build)",
        if cfg!(debug_assertions) { "debug" } else { "release" }
    );
}

#[test]
fn depth_limit_and_badly_named_modules() {
    let t = Temp::new();
    t.write("tools/x/main.py", "");
    let def = format!(
        "return tools.define_tool{{ source = {:?} }}",
        t.tools().join("x").display().to_string()
    );
    let deep15 = (1..=15).map(|i| format!("d{i}")).collect::<Vec<_>>().join("/");
    t.write(&format!("kit/{deep15}/ok.lua"), &def);
    t.write(&format!("kit/{deep15}/d16/too_deep.lua"), &def);
    t.write("kit/my-helpers.lua", "return {}\n");
    let kit = t.load();
    assert_eq!(kit.tools.len(), 1);
    assert_eq!(kit.tools[0].name.split('.').count(), 16);
    assert_eq!(kit.errors.len(), 1, "{:?}", kit.errors);
    assert_eq!(
        kit.errors[0].to_string(),
        format!("kitsh: kit error: {deep15}/d16: folder nested deeper than 16 levels (not scanned)")
    );
    assert_eq!(
        kit.warnings,
        ["my-helpers.lua: does not return a tool (treated as a module)"]
    );
}
