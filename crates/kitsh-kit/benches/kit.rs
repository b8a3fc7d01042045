//! Kit speed (`cargo bench -p kitsh-kit`): a trivial shell tool through the native executor
//! against running the same script with `bash`, loading a kit of 200 tools, and a bash script
//! calling a kit tool 100 times. Not a test: nothing is asserted beyond the results being right.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use kitsh::tool::ToolRequest;
use kitsh_kit::load::load;
use kitsh_kit::surface::bash::{scripted_tool, KitToolOptions};
use kitsh_kit::surface::call::call;

fn mean(budget: Duration, mut f: impl FnMut()) -> Duration {
    f();
    let start = Instant::now();
    let mut n = 0u32;
    while start.elapsed() < budget || n < 3 {
        f();
        n += 1;
    }
    start.elapsed() / n
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// A kit with `n` copies of a trivial shell tool `ns.tK` (plus `ns.echo`).
fn make_kit(root: &Path, n: usize) -> PathBuf {
    let _ = std::fs::remove_dir_all(root);
    let ns = root.join("ns");
    std::fs::create_dir_all(ns.join("echo")).expect("kit dir");
    std::fs::write(ns.join("echo/main.sh"), "echo \"ok $*\"\n").expect("script");
    let def = "return tools.define_tool{ source = \"./echo\", executor = \"native\", description = \"Echo\", schema = { input = { word = \"string?\" } } }\n";
    std::fs::write(ns.join("echo.lua"), def).expect("def");
    for i in 0..n {
        std::fs::write(ns.join(format!("t{i}.lua")), def).expect("def");
    }
    root.to_path_buf()
}

fn main() {
    let root = std::env::temp_dir().join(format!("kitsh-kit-bench-{}", std::process::id()));
    let dir = make_kit(&root, 199);
    let budget = Duration::from_millis(1500);
    let load_time = mean(budget, || {
        let kit = load(&dir).expect("kit");
        assert_eq!(kit.tools.len(), 200);
    });
    println!("{:<50} {:>8.2} ms", "load a kit of 200 tools", ms(load_time));
    let script = dir.join("ns/echo/main.sh");
    let direct = mean(budget, || {
        let out = std::process::Command::new("bash").arg(&script).arg("--word").arg("x").output().expect("bash");
        assert_eq!(out.stdout, b"ok --word x\n");
    });
    println!("{:<50} {:>8.2} ms", "`bash main.sh --word x` (a process, directly)", ms(direct));
    let kit = Arc::new(load(&dir).expect("kit"));
    let spec = Arc::new(kit.tools.iter().find(|t| t.name == "ns.echo").expect("tool").clone());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("rt");
    let via_kit = mean(budget, || {
        let mut input = serde_json::Map::new();
        input.insert("word".into(), "x".into());
        let c = rt.block_on(call(&spec, input)).expect("call");
        assert_eq!(c.stdout, b"ok --word x\n");
    });
    println!("{:<50} {:>8.2} ms   ({:.2}× direct, +{:.2} ms)", "the same through the native executor", ms(via_kit), ms(via_kit) / ms(direct), ms(via_kit) - ms(direct));
    let mut sandboxed = (*spec).clone();
    sandboxed.executor = Some(kitsh_kit::ExecutorKind::Sandbox);
    let sandboxed = Arc::new(sandboxed);
    let via_sandbox = mean(budget, || {
        let mut input = serde_json::Map::new();
        input.insert("word".into(), "x".into());
        let c = rt.block_on(call(&sandboxed, input)).expect("call");
        assert_eq!(c.stdout, b"ok --word x\n");
    });
    println!("{:<50} {:>8.2} ms   ({:.2}× native)", "the same through the sandbox executor", ms(via_sandbox), ms(via_sandbox) / ms(via_kit));
    let tool = scripted_tool(&kit, &KitToolOptions::default());
    let looped = mean(budget, || {
        let r = tool.execute_sync(ToolRequest::new("for i in $(seq 100); do ns.echo --word $i; done | wc -l"));
        assert_eq!(r.stdout.trim(), "100");
    });
    println!("{:<50} {:>8.2} ms   ({:.2} ms per call)", "bash script calling ns.echo 100 times", ms(looped), ms(looped) / 100.0);
    deps_lookup(&root);
    let _ = std::fs::remove_dir_all(&root);
}

/// Finding a tool's dependency environment once it is installed (KIT-20: "cached on the
/// second call"): resolving the tool and `deps::ensure` on a ready environment, as every call
/// does before it starts the tool. The environment is marked ready by hand (nothing is
/// installed), in a cache folder of the bench's own.
fn deps_lookup(root: &Path) {
    let kit = root.join("depkit");
    std::fs::create_dir_all(kit.join("ns/py")).expect("dir");
    std::fs::write(kit.join("ns/py/main.py"), "print(1)\n").expect("script");
    std::fs::write(kit.join("ns/py.lua"), "return tools.define_tool{ source = './py', deps = { 'greet', 'requests>=2' }, executor = 'native' }\n").expect("def");
    // SAFETY of the bench: single-threaded here (the runtime above is a current-thread one).
    std::env::set_var("KITSH_CACHE", root.join("cache"));
    let kit = load(&kit).expect("kit");
    let spec = kit.tools.iter().find(|t| t.name == "ns.py").expect("tool");
    let resolved = kitsh_kit::git::resolve(spec, false).expect("resolve");
    let env = kitsh_kit::deps::planned(spec, &resolved).expect("an environment");
    std::fs::create_dir_all(&env.dir).expect("env dir");
    std::fs::write(env.dir.join(".kitsh-ready"), b"").expect("ready marker");
    let found = mean(Duration::from_millis(500), || {
        let resolved = kitsh_kit::git::resolve(spec, false).expect("resolve");
        let env = kitsh_kit::deps::ensure(spec, &resolved).expect("ensure").expect("an environment");
        assert!(env.is_ready());
    });
    println!("{:<50} {:>8.3} ms", "find a tool's installed dependency environment", ms(found));
}
