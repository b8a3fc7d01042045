//! The kit surfaces end to end (KIT-21..KIT-23) with the sample kit of `examples/kit`: real
//! Python, shell and Node scripts through every adapter, from `kitsh exec`, bash scripts
//! (`kitsh run`), Lua (`kitsh run FILE.lua`) and the `kit` subcommands.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn sample_kit() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/kit")
}

/// Run `kitsh --kit KIT ARGS` with `input` on stdin and a clean environment.
fn kitsh_in(kit: &Path, args: &[&str], input: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_kitsh"));
    cmd.arg("--kit").arg(kit).args(args).env_clear().env("LANG", "C.UTF-8");
    if let Some(p) = std::env::var_os("PATH") {
        cmd.env("PATH", p);
    }
    if let Some(h) = std::env::var_os("HOME") {
        cmd.env("HOME", h);
    }
    let mut child = cmd.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("kitsh runs");
    if let Some(mut s) = child.stdin.take() {
        if let Some(i) = input {
            let _ = s.write_all(i);
        }
    }
    child.wait_with_output().expect("kitsh ends")
}

fn kitsh(args: &[&str]) -> Output {
    kitsh_in(&sample_kit(), args, None)
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn ok(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    text(&o.stdout)
}

#[test]
fn exec_prints_each_adapters_value() {
    assert_eq!(
        ok(&kitsh(&["exec", "net.url_info", "--url", "https://example.org:8443/a/b?x=1&y=2"])),
        "{\"scheme\":\"https\",\"host\":\"example.org\",\"path\":\"/a/b\",\"query\":{\"x\":\"1\",\"y\":\"2\"},\"port\":8443}\n"
    );
    assert_eq!(ok(&kitsh(&["exec", "text.wordcount", "--text", "b a b c b a", "--top", "2"])), "{\"lines\":[\"3 b\",\"2 a\"]}\n");
    assert_eq!(ok(&kitsh(&["exec", "text.shout", "--message", "hi", "--times", "2", "--exclaim"])), "{\"output\":\"HI!\\nHI!\\n\"}\n");
    let o = kitsh_in(&sample_kit(), &["exec", "data.summarize", "--field", "n"], Some(br#"{"records":[{"n":1},{"n":2.5},{"m":3}]}"#));
    assert_eq!(ok(&o), "{\"field\":\"n\",\"count\":2,\"sum\":3.5,\"mean\":1.75}\n");
}

#[test]
fn exec_errors() {
    let o = kitsh(&["exec", "net.nope"]);
    assert_eq!((text(&o.stderr).as_str(), o.status.code()), ("kitsh: unknown tool 'net.nope'\n", Some(127)));
    let o = kitsh(&["exec", "net.url_info"]);
    assert_eq!((text(&o.stderr).as_str(), o.status.code()), ("kitsh: net.url_info: missing required flag --url\n", Some(2)));
    let o = kitsh(&["exec", "text.wordcount", "--text", "x", "--top", "many"]);
    assert_eq!((text(&o.stderr).as_str(), o.status.code()), ("kitsh: text.wordcount: invalid value for --top: expected integer, got 'many'\n", Some(2)));
    let o = kitsh_in(&sample_kit(), &["exec", "net.url_info"], Some(b"[1]"));
    assert_eq!((text(&o.stderr).as_str(), o.status.code()), ("kitsh: net.url_info: stdin must be a JSON object\n", Some(2)));
    let o = kitsh(&["exec", "net.url_info", "--url", "x", "--dry-run"]);
    assert_eq!(ok(&o), "{\n  \"url\": \"x\"\n}\n");
}

#[test]
fn bash_scripts_call_tools_and_pipe_through_jq() {
    let script = r#"
host=$(net.url_info --url "https://api.example.org/v1?page=2" | jq -r .host)
echo "host=$host"
top=$(text.wordcount --text "to be or not to be" | head -1)
echo "top=$top"
echo '{"records":[{"v":2},{"v":4}]}' | data.summarize --field v | jq -c '{count, mean}'
text.shout --message "$host" | tr A-Z a-z
net.url_info 2>&1; echo "status=$?"
help --list | cut -d' ' -f1
"#;
    let o = kitsh(&["run", "-c", script]);
    assert_eq!(
        ok(&o),
        "host=api.example.org\ntop=2 be\n{\"count\":2,\"mean\":3.0}\napi.example.org\nnet.url_info: missing required flag --url\nstatus=2\ndata.summarize\nnet.url_info\ntext.shout\ntext.wordcount\n"
    );
}

#[test]
fn script_files_get_their_arguments() {
    let dir = std::env::temp_dir().join(format!("kitsh-sh-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let file = dir.join("s.sh");
    std::fs::write(&file, "for u in \"$@\"; do net.url_info --url \"$u\" | jq -r .host; done; exit 4\n").unwrap_or_default();
    let o = kitsh(&["run", file.to_str().unwrap_or_default(), "http://a.example", "https://b.example/x"]);
    assert_eq!((text(&o.stdout).as_str(), o.status.code()), ("a.example\nb.example\n", Some(4)));
    let o = kitsh(&["run", "-c", "echo \"$0 $1\"; ls", "name", "one"]);
    assert_eq!((text(&o.stdout).as_str(), text(&o.stderr).as_str(), o.status.code()), ("name one\n", "name: line 1: ls: command not found\n", Some(127)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn lua_scripts_get_values() {
    let dir = std::env::temp_dir().join(format!("kitsh-lua-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_default();
    let file = dir.join("t.lua");
    std::fs::write(
        &file,
        r#"
local u = kit.net.url_info{url = "http://h.example:81/p"}
print(u.host, u.port, math.type(u.port))
local w = kit.text.wordcount{text = "a b a", top = 1}
print(#w.lines, w.lines[1])
print(kit.text.shout{message = "x"}.output == "X\n")
local ok, err = pcall(function() return kit.net.url_info{} end)
print(ok, err)
print(pcall(function() return kit.net.nope end))
local r = bash("net.url_info --url https://q.example | jq -r .host")
print(r.stdout, r.exit_code)
print(jq({a = {1, 2}}, ".a | add"), json.encode(pluck({{n = 1}, {n = 2}}, "n")), count({x = 1, y = 2}), arg[1])
"#,
    )
    .unwrap_or_default();
    let o = kitsh(&["run", file.to_str().unwrap_or_default(), "first"]);
    assert_eq!(
        ok(&o),
        "h.example\t81\tinteger\n1\t2 a\ntrue\nfalse\tnet.url_info: invalid input: missing required field 'url' (string)\nfalse\tkit: no tool or namespace 'net.nope'\nq.example\n\t0\n3\t[1,2]\t2\tfirst\n"
    );
    std::fs::write(&file, "print('before')\nlocal v = kit.net.url_info{}\nprint('never')\n").unwrap_or_default();
    let o = kitsh(&["run", file.to_str().unwrap_or_default()]);
    assert_eq!((text(&o.stdout).as_str(), text(&o.stderr).as_str(), o.status.code()), ("before\n", "kitsh: net.url_info: invalid input: missing required field 'url' (string)\n", Some(1)));
    std::fs::write(&file, "kit.x = 1\n").unwrap_or_default();
    assert_eq!(text(&kitsh(&["run", file.to_str().unwrap_or_default()]).stderr), "kitsh: kit is read-only\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn kit_list_describe_validate_prompt() {
    assert_eq!(
        ok(&kitsh(&["kit", "list"])),
        "data.summarize  sandbox  Count, sum and mean of one numeric field over records\nnet.url_info    sandbox  Split a URL into scheme, host, port, path and query\ntext.shout      sandbox  Upper-case a message, optionally repeated\ntext.wordcount  sandbox  Most frequent words of a text, one 'COUNT WORD' per line\n"
    );
    let d = ok(&kitsh(&["kit", "describe", "text.wordcount"]));
    assert!(d.starts_with("Tool:        text.wordcount\n"), "{d}");
    assert!(d.contains("Executor:    sandbox (default)\n"), "{d}");
    assert!(d.contains("Adapters:    positional_args -> lines\n"), "{d}");
    assert!(d.contains("Usage: text.wordcount --text <string> --top <integer>\n"), "{d}");
    assert!(d.contains("Input:\n  text  string   required  The text\n  top   integer  optional  How many words\n"), "{d}");
    let o = kitsh(&["kit", "validate"]);
    assert_eq!(ok(&o), "kit OK: 4 tools in 3 namespaces\n");
    let p = ok(&kitsh(&["prompt"]));
    assert!(p.starts_with("# kit\n") && p.contains("- `net.url_info`: Split a URL"), "{p}");
    let j: serde_json::Value = serde_json::from_str(&ok(&kitsh(&["kit", "list", "--json"]))).unwrap_or_default();
    assert_eq!(j[0]["category"], "data");
}

#[test]
fn init_then_validate_then_exec() {
    let kit = std::env::temp_dir().join(format!("kitsh-init-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&kit);
    std::fs::create_dir_all(&kit).unwrap_or_default();
    let o = kitsh_in(&kit, &["kit", "init", "acme.demo"], None);
    assert!(ok(&o).contains("created"), "{}", text(&o.stdout));
    assert_eq!(ok(&kitsh_in(&kit, &["kit", "validate"], None)), "kit OK: 1 tool in 1 namespace\n");
    assert_eq!(ok(&kitsh_in(&kit, &["exec", "acme.demo.hello", "--name", "Ada"], None)), "{\"greeting\":\"Hello, Ada!\"}\n");
    assert_eq!(ok(&kitsh_in(&kit, &["exec", "acme.demo.hello"], None)), "{\"greeting\":\"Hello, world!\"}\n");
    // init again: nothing overwritten, still fine
    assert_eq!(kitsh_in(&kit, &["kit", "init", "acme.demo"], None).status.code(), Some(0));
    assert_eq!(kitsh_in(&kit, &["kit", "init", "bad-name"], None).status.code(), Some(2));
    // add an existing script
    let script = kit.join("greet.sh");
    std::fs::write(&script, "echo \"hi $*\"\n").unwrap_or_default();
    assert!(ok(&kitsh_in(&kit, &["kit", "add", "acme.greet", script.to_str().unwrap_or_default()], None)).contains("created"));
    assert_eq!(ok(&kitsh_in(&kit, &["exec", "acme.greet", "--who", "x"], None)), "{\"output\":\"hi --who x\\n\"}\n");
    assert_eq!(kitsh_in(&kit, &["kit", "add", "acme.greet", script.to_str().unwrap_or_default()], None).status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&kit);
}

#[test]
fn a_missing_kit_folder() {
    let o = kitsh_in(Path::new("/nonexistent/kit"), &["kit", "list"], None);
    assert_eq!((text(&o.stderr).as_str(), o.status.code()), ("kitsh: kit folder not found: /nonexistent/kit\n", Some(1)));
}

/// A probe tool (Python) that prints the argv, stdin and environment it received: the same
/// call through `exec`, bash and Lua reaches the script identically, for every input adapter.
#[test]
fn every_surface_passes_the_same_argv_stdin_and_env() {
    let kit = std::env::temp_dir().join(format!("kitsh-probe-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&kit);
    let p = kit.join("p");
    std::fs::create_dir_all(p.join("probe")).unwrap_or_default();
    std::fs::write(
        p.join("probe/main.py"),
        "import json, os, sys\nprint(json.dumps({'argv': sys.argv[1:], 'stdin': sys.stdin.read(), 'tool': os.environ.get('KITSH_TOOL'), 'secret': os.environ.get('PROBE_SECRET'), 'cwd': os.path.basename(os.getcwd())}))\n",
    )
    .unwrap_or_default();
    let schema = "schema = { input = { name = \"string\", n = \"integer?\", on = \"boolean?\", tags = \"array?\" } }";
    for (tool, adapter) in [("args", "input_adapter = \"args\""), ("json", "input_adapter = \"json\""), ("pos", "input_adapter = \"positional_args\", args_order = {\"name\", \"n\"}"), ("mixed", "input_adapter = \"mixed\", stdin_fields = {\"tags\"}")] {
        std::fs::write(p.join(format!("{tool}.lua")), format!("return tools.define_tool{{ source = \"./probe\", output_adapter = \"json\", env = {{\"PROBE_SECRET=s3\"}}, {adapter}, {schema} }}\n")).unwrap_or_default();
    }
    let expect = [
        ("args", r#"{"argv":["--n","2","--name","a b","--on","--tags","x","--tags","y"],"stdin":"","tool":"p.args","secret":"s3","cwd":"probe"}"#),
        ("json", r#"{"argv":[],"stdin":"{\"n\":2,\"name\":\"a b\",\"on\":true,\"tags\":[\"x\",\"y\"]}","tool":"p.json","secret":"s3","cwd":"probe"}"#),
        ("pos", r#"{"argv":["a b","2","--on","--tags","x","--tags","y"],"stdin":"","tool":"p.pos","secret":"s3","cwd":"probe"}"#),
        ("mixed", r#"{"argv":["--n","2","--name","a b","--on"],"stdin":"{\"tags\":[\"x\",\"y\"]}","tool":"p.mixed","secret":"s3","cwd":"probe"}"#),
    ];
    let lua = kit.join("call.lua");
    for (tool, want) in expect {
        let name = format!("p.{tool}");
        let via_exec = ok(&kitsh_in(&kit, &["exec", &name, "--name", "a b", "--n", "2", "--on", "--tags", "x", "--tags", "y"], None));
        assert_eq!(via_exec, format!("{want}\n"), "exec {tool}");
        let via_bash = ok(&kitsh_in(&kit, &["run", "-c", &format!("{name} --name 'a b' --n 2 --on --tags x --tags y")], None));
        assert_eq!(via_bash, format!("{want}\n"), "bash {tool}");
        std::fs::write(&lua, format!("print(json.encode(kit.p.{tool}{{name = 'a b', n = 2, on = true, tags = {{'x', 'y'}}}}))\n")).unwrap_or_default();
        let via_lua: serde_json::Value = serde_json::from_str(&ok(&kitsh_in(&kit, &["run", lua.to_str().unwrap_or_default()], None))).unwrap_or_default();
        let want_v: serde_json::Value = serde_json::from_str(want).unwrap_or_default();
        assert_eq!(via_lua, want_v, "lua {tool}");
    }
    let _ = std::fs::remove_dir_all(&kit);
}

/// `--refresh` on `exec` and `run` fetches a git source again; without it the cached checkout
/// is used (KIT-10).
#[test]
fn refresh_fetches_git_sources_again() {
    let root = std::env::temp_dir().join(format!("kitsh-cli-refresh-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let work = root.join("work");
    std::fs::create_dir_all(&work).expect("dir");
    let git = |dir: &Path, script: &str| {
        let out = Command::new("bash")
            .arg("-c")
            .arg(script)
            .current_dir(dir)
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@x")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@x")
            .output()
            .expect("bash");
        assert!(out.status.success(), "{script}: {}", text(&out.stderr));
    };
    git(&work, "git init -q -b main . && echo 'echo v1' > main.sh && git add -A && git commit -qm one");
    git(&root, "git clone -q --bare work repo.git");
    let kit = root.join("kit");
    std::fs::create_dir_all(kit.join("g")).expect("kit");
    let def = format!("return tools.define_tool{{ source = \"file://{}\", executor = \"native\" }}\n", root.join("repo.git").display());
    std::fs::write(kit.join("g/head.lua"), def).expect("def");
    let kitsh = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_kitsh")).arg("--kit").arg(&kit).args(args).env("KITSH_CACHE", root.join("cache")).output().expect("kitsh runs");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    assert!(kitsh(&["exec", "g.head"]).contains("v1"));
    git(&root, "cd work && echo 'echo v2' > main.sh && git commit -qam two && git push -q ../repo.git main");
    assert!(kitsh(&["exec", "g.head"]).contains("v1"), "the cached checkout serves until a refresh");
    assert!(kitsh(&["exec", "--refresh", "g.head"]).contains("v2"));
    git(&root, "cd work && echo 'echo v3' > main.sh && git commit -qam three && git push -q ../repo.git main");
    assert_eq!(kitsh(&["run", "-c", "g.head"]), "v2\n");
    assert_eq!(kitsh(&["run", "--refresh", "-c", "g.head"]), "v3\n");
    // A source that cannot be fetched fails the refresh with its git message, status 125.
    std::fs::remove_dir_all(root.join("repo.git")).expect("rm");
    let out = Command::new(env!("CARGO_BIN_EXE_kitsh")).arg("--kit").arg(&kit).args(["exec", "--refresh", "g.head"]).env("KITSH_CACHE", root.join("cache")).output().expect("kitsh runs");
    assert_eq!(out.status.code(), Some(125), "{}", text(&out.stderr));
    assert!(text(&out.stderr).starts_with("kitsh: g.head: "), "{}", text(&out.stderr));
    assert!(kitsh(&["exec", "g.head"]).contains("v3"), "the old checkout still serves offline");
    let _ = std::fs::remove_dir_all(&root);
}

/// The docker executor from the CLI (KIT-19, KIT-23): `exec` builds the image once, a second
/// `exec` (a new process) reuses it, `--refresh` rebuilds it; `kit doctor` names the CLI. Needs
/// podman (or docker) and the base image `.ci/containers` imports (`$KITSH_DOCKER_BASE`, else
/// `localhost/kitsh-base:bookworm`): fails naming what is missing.
#[test]
fn docker_exec_builds_once_and_refresh_rebuilds() {
    let root = std::env::temp_dir().join(format!("kitsh-cli-docker-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let kit = root.join("kit");
    std::fs::create_dir_all(kit.join("d/hello")).expect("dir");
    std::fs::write(kit.join("d/hello/main.sh"), "echo \"hello from $(cat /etc/debian_version | cut -d. -f1) $1 $2\"\n").expect("script");
    std::fs::write(kit.join("d/hello.lua"), "return tools.define_tool{ source = './hello', executor = 'docker' }\n").expect("def");
    let base = std::env::var("KITSH_DOCKER_BASE").unwrap_or_else(|_| "localhost/kitsh-base:bookworm".into());
    let kitsh = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_kitsh")).arg("--kit").arg(&kit).args(args).env("KITSH_DOCKER_BASE", &base).output().expect("kitsh runs");
    let doctor = text(&kitsh(&["kit", "doctor"]).stdout);
    assert!(doctor.lines().any(|l| l.starts_with("docker: ok (")), "the docker executor needs podman or docker:\n{doctor}");
    assert!(doctor.contains(&format!("docker base image {base}: present")), "run .ci/containers to import the base image:\n{doctor}");
    let first = kitsh(&["exec", "d.hello", "--who", "ada"]);
    assert_eq!(ok(&first), "{\"output\":\"hello from 12 --who ada\\n\"}\n");
    let again = kitsh(&["exec", "d.hello", "--who", "bob"]);
    assert_eq!(ok(&again), "{\"output\":\"hello from 12 --who bob\\n\"}\n");
    assert!(!text(&again.stderr).contains("building image"), "{}", text(&again.stderr));
    let refreshed = kitsh(&["exec", "--refresh", "d.hello", "--who", "cy"]);
    assert_eq!(ok(&refreshed), "{\"output\":\"hello from 12 --who cy\\n\"}\n");
    assert!(text(&refreshed.stderr).contains("kitsh: d.hello: building image kitsh/d.hello:"), "{}", text(&refreshed.stderr));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn validate_checks_dependencies() {
    let kit = std::env::temp_dir().join(format!("kitsh-validate-deps-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&kit);
    std::fs::create_dir_all(kit.join("acme/tools/probe")).unwrap_or_default();
    std::fs::write(kit.join("acme/tools/probe/main.py"), "print('{}')\n").unwrap_or_default();
    std::fs::write(kit.join("acme/tools/probe/run.sh"), "echo hi\n").unwrap_or_default();
    // A Python dependency not installed yet is a warning; the kit is still valid.
    std::fs::write(
        kit.join("acme/py.lua"),
        "return tools.define_tool{ source = './tools/probe', entrypoint = 'main.py', executor = 'native', deps = {'kitsh-validate-probe==0.0.1'} }\n",
    )
    .unwrap_or_default();
    let o = kitsh_in(&kit, &["kit", "validate"], None);
    assert_eq!(ok(&o), "kit OK: 1 tool in 1 namespace\n");
    assert!(text(&o.stderr).contains("warning: acme.py: dependencies not installed yet"), "{}", text(&o.stderr));
    // A system package that is not a command fails validation; in a container it is the
    // image's business.
    std::fs::write(
        kit.join("acme/sh.lua"),
        "return tools.define_tool{ source = './tools/probe', entrypoint = 'run.sh', executor = 'native', deps = {'kitsh-no-such-command'} }\n",
    )
    .unwrap_or_default();
    std::fs::write(
        kit.join("acme/boxed.lua"),
        "return tools.define_tool{ source = './tools/probe', entrypoint = 'run.sh', executor = 'docker', deps = {'kitsh-no-such-command'} }\n",
    )
    .unwrap_or_default();
    let o = kitsh_in(&kit, &["kit", "validate"], None);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "kit invalid: 1 error\n");
    let err = text(&o.stderr);
    assert!(err.contains("error: acme.sh: missing system packages: kitsh-no-such-command; install them or use executor \"docker\""), "{err}");
    assert!(!err.contains("acme.boxed"), "{err}");
    let _ = std::fs::remove_dir_all(&kit);
}
