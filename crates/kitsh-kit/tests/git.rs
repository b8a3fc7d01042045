//! Git sources (KIT-9, KIT-10) against local repositories (`file://`): tags, branches, commits,
//! subdir, update with refresh, offline use from the cache, and a missing tag's error.

use std::path::Path;
use std::process::Command;

mod common;
use common::run_tool;
use kitsh_kit::load;

fn sh(dir: &Path, script: &str) -> String {
    let out = Command::new("bash").arg("-c").arg(script).current_dir(dir).env("GIT_AUTHOR_NAME", "t").env("GIT_AUTHOR_EMAIL", "t@x").env("GIT_COMMITTER_NAME", "t").env("GIT_COMMITTER_EMAIL", "t@x").output().expect("bash");
    assert!(out.status.success(), "{script}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

#[test]
fn git_sources() {
    let root = std::env::temp_dir().join(format!("kitsh-git-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("work")).expect("dir");
    // SAFETY of the test: this binary has one test, so no other thread reads the environment.
    std::env::set_var("KITSH_CACHE", root.join("cache"));
    let work = root.join("work");
    sh(&work, "git init -q -b main . && mkdir -p sub && echo 'echo v1' > main.sh && echo 'echo sub1' > sub/main.sh && git add -A && git commit -qm one && git tag v1");
    let first = sh(&work, "git rev-parse HEAD");
    sh(&work, "echo 'echo v2' > main.sh && git commit -qam two && git checkout -q -b feature && echo 'echo feature' > main.sh && git commit -qam three && git checkout -q main");
    sh(&root, "git clone -q --bare work repo.git");
    let url = format!("file://{}", root.join("repo.git").display());
    let kit = root.join("kit");
    std::fs::create_dir_all(kit.join("g")).expect("kit");
    for (name, extra) in [("tag", "tag = \"v1\""), ("head", ""), ("branch", "tag = \"feature\""), ("commit", &*format!("tag = \"{first}\"")), ("sub", "tag = \"v1\", subdir = \"sub\""), ("missing", "tag = \"nope\"")] {
        let extra = if extra.is_empty() { String::new() } else { format!(", {extra}") };
        std::fs::write(kit.join("g").join(format!("{name}.lua")), format!("return tools.define_tool{{ source = \"{url}\"{extra}, executor = \"native\" }}\n")).expect("def");
    }
    assert_eq!(run_tool(&kit, "g.tag").as_deref(), Ok("v1\n"));
    assert_eq!(run_tool(&kit, "g.head").as_deref(), Ok("v2\n"));
    assert_eq!(run_tool(&kit, "g.branch").as_deref(), Ok("feature\n"));
    assert_eq!(run_tool(&kit, "g.commit").as_deref(), Ok("v1\n"));
    assert_eq!(run_tool(&kit, "g.sub").as_deref(), Ok("sub1\n"));
    let err = run_tool(&kit, "g.missing").expect_err("a missing tag fails");
    assert!(err.starts_with("git checkout failed for nope: "), "{err}");
    // A new commit upstream: the cache is used until a refresh.
    sh(&root, "cd work && echo 'echo v3' > main.sh && git commit -qam four && git push -q ../repo.git main");
    assert_eq!(run_tool(&kit, "g.head").as_deref(), Ok("v2\n"));
    let k = load(&kit).expect("kit");
    let head = k.tools.iter().find(|t| t.name == "g.head").expect("tool");
    kitsh_kit::git::resolve(head, true).expect("refresh");
    assert_eq!(run_tool(&kit, "g.head").as_deref(), Ok("v3\n"));
    // Offline: the repository is gone, the cache still serves.
    std::fs::remove_dir_all(root.join("repo.git")).expect("rm");
    assert_eq!(run_tool(&kit, "g.tag").as_deref(), Ok("v1\n"));
    assert!(root.join("cache/git/local").exists());
    let _ = std::fs::remove_dir_all(&root);
}
