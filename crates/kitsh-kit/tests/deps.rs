//! Dependency environments (KIT-20) offline: a Python tool whose dep is a wheel from a local
//! folder (pip with `PIP_NO_INDEX`/`PIP_FIND_LINKS`), a Node tool whose dep is a local package
//! folder, a missing pip package, and a shell tool's missing system package. Each through the
//! one call path every surface uses, with the native and the sandbox executors.

use std::process::Command;

mod common;
use common::{make_wheel, run_tool};

#[test]
fn dependency_environments() {
    let root = std::env::temp_dir().join(format!("kitsh-deps-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (wheels, kit) = (root.join("wheels"), root.join("kit"));
    for d in [&wheels, &kit.join("t"), &kit.join("tools/py"), &kit.join("tools/nodejs"), &kit.join("tools/sh"), &root.join("nodepkg")] {
        std::fs::create_dir_all(d).expect("dir");
    }
    make_wheel(&wheels);
    // SAFETY of the test: this binary has one test, so no other thread reads the environment.
    std::env::set_var("KITSH_CACHE", root.join("cache"));
    std::env::set_var("PIP_NO_INDEX", "1");
    std::env::set_var("PIP_FIND_LINKS", &wheels);
    let write = |p: &str, text: &str| std::fs::write(kit.join(p), text).expect("write");
    write("tools/py/main.py", "import greet\nprint(greet.hello('py'))\n");
    write("tools/nodejs/main.js", "console.log(require('nodepkg').hello('node'))\n");
    write("tools/sh/main.sh", "echo sh\n");
    for (name, def) in [
        ("py_native", "source = '../tools/py', deps = { 'greet' }, executor = 'native'"),
        ("py_sandbox", "source = '../tools/py', deps = { 'greet' }, executor = 'sandbox'"),
        ("py_missing", "source = '../tools/py', deps = { 'no-such-package-xyz' }, executor = 'native'"),
        ("node", &*format!("source = '../tools/nodejs', deps = {{ '{}' }}, executor = 'native'", root.join("nodepkg").display())),
        ("sh_missing", "source = '../tools/sh', deps = { 'bash', 'no-such-command-xyz' }, executor = 'native'"),
        ("sh_ok", "source = '../tools/sh', deps = { 'bash' }, executor = 'native'"),
    ] {
        write(&format!("t/{name}.lua"), &format!("return tools.define_tool{{ {def} }}\n"));
    }
    assert_eq!(run_tool(&kit, "t.py_native").as_deref(), Ok("hello py\n"));
    // Same deps, same environment: one folder, reused (the sandbox binds it read-only).
    let envs: Vec<_> = std::fs::read_dir(root.join("cache/envs")).expect("envs").filter_map(|e| e.ok()).filter(|e| e.path().is_dir()).collect();
    assert_eq!(envs.len(), 1);
    assert!(envs[0].file_name().to_string_lossy().starts_with("python-"));
    if kitsh_kit::sandbox_status().is_ok() {
        assert_eq!(run_tool(&kit, "t.py_sandbox").as_deref(), Ok("hello py\n"));
    }
    let err = run_tool(&kit, "t.py_missing").expect_err("a missing package fails");
    assert!(err.starts_with("dependency install failed (pip): "), "{err}");
    assert!(err.contains("no-such-package-xyz"), "{err}");
    // Nothing is left of a failed environment.
    let dirs = std::fs::read_dir(root.join("cache/envs")).expect("envs").filter_map(|e| e.ok()).filter(|e| e.path().is_dir()).count();
    assert_eq!(dirs, 1);
    assert_eq!(run_tool(&kit, "t.sh_missing"), Err("missing system packages: no-such-command-xyz; install them or use executor \"docker\"".to_string()));
    assert_eq!(run_tool(&kit, "t.sh_ok").as_deref(), Ok("sh\n"));
    if Command::new("npm").arg("--version").output().is_ok_and(|o| o.status.success()) {
        std::fs::write(root.join("nodepkg/package.json"), "{\"name\":\"nodepkg\",\"version\":\"1.0.0\",\"main\":\"index.js\"}\n").expect("pkg");
        std::fs::write(root.join("nodepkg/index.js"), "exports.hello = (n) => 'hello ' + n;\n").expect("js");
        assert_eq!(run_tool(&kit, "t.node").as_deref(), Ok("hello node\n"));
    } else {
        eprintln!("npm is not installed: the Node environment was not tested");
    }
    let _ = std::fs::remove_dir_all(&root);
}
