//! `python3` (feature `python`): the CPython 3.11 corpus in tests/python run through kitsh, and
//! end-to-end checks of the command: its forms and options, streaming pipes, exit statuses and
//! tracebacks, files shared with the shell through the virtual filesystem, the sandbox (no host
//! file, no process, no socket) and the limits (timeout, recursion, output).
//!
//! `KITSH_PY_FILTER=substring` runs only the corpus snippets whose name contains it;
//! `KITSH_PY_VERBOSE=1` prints why each failing snippet failed.

#![allow(clippy::panic, clippy::unwrap_used)] // tests report failures by panicking

mod common;
#[path = "python3_parts/tools.rs"]
mod tools;
#[path = "python3_parts/tool_corpus.rs"]
mod tool_corpus;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::guest::{check, quote, run, snippet_shell, truncate};
use common::{assert_limit, assert_still_works, guarded, shell};
use kitsh::{Bash, ExecutionLimits};

/// Snippets of the corpus that must pass at least: 125 of 127 (the two others, 006-json-error
/// and 077-typing, are CPython 3.14-vs-3.11 differences of RustPython's language level).
const CORPUS_BASELINE: usize = 125;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/python")
}

fn sh_with_snippets() -> Bash {
    snippet_shell(&corpus_dir().join("snippets"), &[("PYTHONHASHSEED", "0")])
}

/// These tests run against CPython on WASI when `KITSH_PYTHON_WASI` names its artifacts (and the
/// feature `python-wasi` is on): a few answers are the WASI platform's (WASI's errno numbers,
/// no permission bits, a 32-bit address space, the zip on `sys.path`).
pub fn wasi_engine() -> bool {
    cfg!(feature = "python-wasi") && std::env::var_os("KITSH_PYTHON_WASI").is_some_and(|v| !v.is_empty())
}

/// `linux` on RustPython, `wasi` on CPython/WASI.
fn per_engine<T>(linux: T, wasi: T) -> T {
    if wasi_engine() {
        wasi
    } else {
        linux
    }
}

fn last_nonempty(s: &str) -> &str {
    s.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("")
}

/// Run one snippet of the corpus in `dir` (mounted at `/snippets`); `Err(why)` when it does not
/// match CPython's recorded result.
fn run_snippet(sh: &mut Bash, dir: &Path, name: &str) -> Result<(), String> {
    let snip = dir.join("snippets");
    let exp = dir.join("expected");
    let mut cmd = format!("python3 /snippets/{name}.py");
    if let Ok(args) = std::fs::read_to_string(snip.join(format!("{name}.args"))) {
        for a in args.lines() {
            cmd.push(' ');
            cmd.push_str(&quote(a));
        }
    }
    if snip.join(format!("{name}.stdin")).exists() {
        cmd.push_str(&format!(" < /snippets/{name}.stdin"));
    } else {
        cmd.push_str(" < /dev/null");
    }
    let r = sh.exec_sync(&cmd);
    let want_out = std::fs::read(exp.join(format!("{name}.out"))).unwrap();
    let want_err = std::fs::read_to_string(exp.join(format!("{name}.err"))).unwrap();
    let want_status: i32 = std::fs::read_to_string(exp.join(format!("{name}.status"))).unwrap().trim().parse().unwrap();
    let err = r.stderr.replace(&format!("/snippets/{name}.py"), "<snippet>");
    let mut why = Vec::new();
    if r.stdout_bytes != want_out {
        why.push(format!("stdout {:?} != {:?}", truncate(&r.stdout), truncate(&String::from_utf8_lossy(&want_out))));
    }
    if r.exit_code != want_status {
        why.push(format!("status {} != {want_status}", r.exit_code));
    }
    if last_nonempty(&err) != last_nonempty(&want_err) {
        why.push(format!("stderr {:?} != {:?}", last_nonempty(&err), last_nonempty(&want_err)));
    }
    if why.is_empty() {
        Ok(())
    } else {
        Err(why.join("; "))
    }
}

#[test]
fn corpus_matches_cpython() {
    let filter = std::env::var("KITSH_PY_FILTER").unwrap_or_default();
    let mut names: Vec<String> = std::fs::read_dir(corpus_dir().join("snippets"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok()?.strip_suffix(".py").map(str::to_string))
        .filter(|n| n.contains(&filter))
        .collect();
    names.sort();
    // Two shells on two threads: the snippets are independent.
    let halves: Vec<Vec<String>> = vec![
        names.iter().step_by(2).cloned().collect(),
        names.iter().skip(1).step_by(2).cloned().collect(),
    ];
    let start = Instant::now();
    let results: Vec<(String, Result<(), String>)> = std::thread::scope(|s| {
        let hs: Vec<_> = halves
            .into_iter()
            .map(|part| {
                s.spawn(move || {
                    let mut sh = sh_with_snippets();
                    part.into_iter().map(|n| {
                        let r = run_snippet(&mut sh, &corpus_dir(), &n);
                        (n, r)
                    }).collect::<Vec<_>>()
                })
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    let failed: Vec<_> = results.iter().filter(|(_, r)| r.is_err()).collect();
    let passed = results.len() - failed.len();
    eprintln!("python3 corpus: {passed}/{} passed in {:?}", results.len(), start.elapsed());
    for (n, r) in &failed {
        if std::env::var_os("KITSH_PY_VERBOSE").is_some() {
            eprintln!("FAIL {n}: {}", r.as_ref().err().map_or("", |s| s.as_str()));
        } else {
            eprintln!("FAIL {n}");
        }
    }
    if filter.is_empty() {
        assert!(passed >= CORPUS_BASELINE, "{passed} < baseline {CORPUS_BASELINE}");
    }
}

#[test]
fn forms_and_argv() {
    check("python3 -c 'import sys; print(sys.argv)' a 'b c'", "['-c', 'a', 'b c']\n", "", 0);
    check("python -c 'print(6*7)'", "42\n", "", 0);
    check("echo 'import sys; print(sys.argv)' > s.py; python3 s.py x -u", "['s.py', 'x', '-u']\n", "", 0);
    check("echo 'import sys; print(sys.argv, input())' | python3 - a", "", "EOFError", 1);
    check("printf 'import sys\\nprint(sys.argv)\\n' | python3", "['']\n", "", 0);
    check("printf 'import sys\\nprint(sys.argv)\\n' | python3 - a b", "['-', 'a', 'b']\n", "", 0);
    check("python3 - <<'EOF'\nfor i in range(3): print(i)\nEOF", "0\n1\n2\n", "", 0);
    check("echo '{\"b\": 1, \"a\": [1, 2]}' | python3 -m json.tool", "{\n    \"b\": 1,\n    \"a\": [\n        1,\n        2\n    ]\n}\n", "", 0);
    check("echo '{\"b\": 1, \"a\": 2}' > j.json; python3 -m json.tool --sort-keys j.json", "{\n    \"a\": 2,\n    \"b\": 1\n}\n", "", 0);
    check("echo '{bad' | python3 -m json.tool", "", "Expecting property name enclosed in double quotes", 1);
    check("python3 -V; python3 --version", "Python 3.14.0\nPython 3.14.0\n", "", 0);
    check("python3 -u -I -S -E -B -c 'print(1)'", "1\n", "", 0);
    check("python3 -uc 'print(2)'", "2\n", "", 0);
}

/// Every call is a fresh interpreter (on WASI a fresh instance of the snapshot): what one call
/// changes, the next does not see.
#[test]
fn calls_share_no_state() {
    check(
        "python3 -c 'import builtins, gc, json, os, sys; json.mark = 1; sys.modules[\"zz\"] = sys; os.environ[\"LEAK\"] = \"1\"; builtins.leak = 2; sys.path.append(\"/x\"); gc.disable()'; \
         python3 -c 'import builtins, gc, json, os, sys; print(hasattr(json, \"mark\"), \"zz\" in sys.modules, \"LEAK\" in os.environ, hasattr(builtins, \"leak\"), \"/x\" in sys.path, gc.isenabled())'",
        "False False False False False True\n",
        "",
        0,
    );
}

/// `random` (and numpy's, where there is numpy) is seeded afresh at every call, though the
/// WASI engine's snapshot has imported it.
#[test]
fn random_is_seeded_at_every_call() {
    let r = run("for i in 1 2 3; do python3 -c 'import random; print(random.random(), random.getrandbits(64))'; done | sort -u | wc -l");
    assert_eq!(r.stdout.trim(), "3", "{}", r.stderr);
    if wasi_engine() {
        let r = run("for i in 1 2 3; do python3 -c 'import numpy as np; print(np.random.rand(), np.random.randint(1 << 30))'; done | sort -u | wc -l");
        assert_eq!(r.stdout.trim(), "3", "{}", r.stderr);
    }
}

/// A script's own module comes before the standard one of the same name, as in CPython (even
/// where the interpreter starts with the standard one imported); CPython's start-up modules
/// (`os`) are not shadowed.
#[test]
fn a_scripts_own_module_shadows_the_standard_one() {
    check("echo 'X = 1' > json.py; python3 -c 'import json; print(json.X)'", "1\n", "", 0);
    check("mkdir -p d/csv; echo 'Y = 2' > d/csv/__init__.py; echo 'import csv; print(csv.Y)' > d/s.py; python3 d/s.py", "2\n", "", 0);
    check("echo 'Z = 3' > re.py; python3 -I -c 'import re; print(hasattr(re, \"Z\"))'", "False\n", "", 0);
    check("echo 'V = 5' > calendar.py; echo 'import calendar; print(calendar.V)' > m.py; python3 -m m", "5\n", "", 0);
    check("echo 'W = 4' > os.py; python3 -c 'import os; print(hasattr(os, \"W\"))'", "False\n", "", 0);
}

#[test]
fn bad_options_and_files() {
    check("python3 -z", "", "Unknown option: -z\nusage: python3 [option] ... [-c cmd | -m mod | file | -] [arg] ...\nTry `python -h' for more information.\n", 2);
    check("python3 --frob", "", "unknown option --frob\nusage: python3 ", 2);
    check("python3 -c", "", "Argument expected for the -c option\n", 2);
    check("python3 nope.py", "", "python3: can't open file '/home/user/nope.py': [Errno 2] No such file or directory\n", 2);
    check("mkdir d; python3 d", "", "python3: can't find '__main__' module in 'd'\n", 1);
}

#[test]
fn exit_statuses_and_tracebacks() {
    check("python3 -c 'import sys; sys.exit(3)'; echo rc=$?", "rc=3\n", "", 0);
    check("python3 -c 'import sys; sys.exit()'; echo rc=$?", "rc=0\n", "", 0);
    check("python3 -c 'import sys; sys.exit(\"bye\")'; echo rc=$?", "rc=1\n", "bye\n", 0);
    check("python3 -c 'raise SystemExit(256 + 4)'; echo rc=$?", "rc=4\n", "", 0);
    let r = run("python3 -c 'def f(d): return d[\"port\"]\nf({})'");
    assert_eq!(r.exit_code, 1);
    assert!(r.stderr.starts_with("Traceback (most recent call last):\n  File \"<string>\", line 2, in <module>\n"), "{}", r.stderr);
    assert!(r.stderr.contains("  File \"<string>\", line 1, in f\n"), "{}", r.stderr);
    assert!(r.stderr.ends_with("KeyError: 'port'\n"), "{}", r.stderr);
    assert!(!r.stderr.contains("kitsh"), "kitsh's own frames must not show: {}", r.stderr);
    let r = run("python3 -c 'x = (1,'");
    assert_eq!(r.exit_code, 1);
    assert!(r.stderr.starts_with("  File \"<string>\", line 1\n    x = (1,\n        ^\nSyntaxError: "), "{}", r.stderr);
    assert!(r.stderr.contains("was never closed"), "{}", r.stderr);
    check("printf 'print(1)\\nprint(' > bad.py; python3 bad.py", "", "  File \"bad.py\", line 2\n", 1);
    check("python3 -c 'print(1); import os; os._exit(5)'; echo rc=$?", "rc=5\n", "", 0);
    check("python3 -c 'import atexit; atexit.register(lambda: print(\"bye\")); print(\"hi\")'", "hi\nbye\n", "", 0);
}

#[test]
fn stdout_streams_into_a_pipe() {
    guarded(|| {
        let mut sh = shell(ExecutionLimits::new().timeout(Duration::from_secs(15)));
        let t = Instant::now();
        let r = sh.exec_sync("python3 -c 'while True: print(1)' | head -1; echo rc=${PIPESTATUS[0]}");
        assert!(t.elapsed() < Duration::from_secs(8), "took {:?}", t.elapsed());
        assert_eq!(r.stdout, "1\nrc=141\n", "stderr {:?}", r.stderr);
        assert_eq!(r.stderr, "");
        // Unbuffered output reaches the reader before the writer ends.
        let r = sh.exec_sync("python3 -u -c 'import time\nprint(\"a\")\ntime.sleep(0.3)\nprint(\"b\")' | while read -r l; do echo \"got $l\"; done");
        assert_eq!(r.stdout, "got a\ngot b\n");
        assert_still_works(&mut sh);
    });
}

#[test]
fn stdin_is_read_lazily() {
    guarded(|| {
        let mut sh = shell(ExecutionLimits::new().timeout(Duration::from_secs(15)));
        let t = Instant::now();
        let r = sh.exec_sync("yes | python3 -c 'import sys; print(sys.stdin.readline(), end=\"\")'");
        assert!(t.elapsed() < Duration::from_secs(8), "took {:?}", t.elapsed());
        assert_eq!((r.stdout.as_str(), r.exit_code), ("y\n", 0), "stderr {:?}", r.stderr);
        let r = sh.exec_sync("printf 'a 1\\nb 2\\n' | python3 -c 'import sys\nfor l in sys.stdin: print(l.split()[1])'");
        assert_eq!(r.stdout, "1\n2\n");
        let r = sh.exec_sync("printf '\\x00\\xff' | python3 -c 'import sys; print(list(sys.stdin.buffer.read()))'");
        assert_eq!(r.stdout, "[0, 255]\n");
        let r = sh.exec_sync("echo abc | python3 -c 'print(open(\"/dev/stdin\").read().upper(), end=\"\")'");
        assert_eq!(r.stdout, "ABC\n", "{}", r.stderr);
    });
}

#[test]
fn files_are_shared_with_the_shell() {
    check("echo hi > f; python3 -c 'print(open(\"f\").read(), end=\"\")'", "hi\n", "", 0);
    check("python3 -c 'open(\"out.txt\", \"w\").write(\"from python\\n\")'; cat out.txt", "from python\n", "", 0);
    check(
        "python3 -c '\nwith open(\"a.txt\", \"w\", encoding=\"utf-8\") as f:\n    f.write(\"x\\n\")\nwith open(\"a.txt\", \"a\") as f:\n    print(\"y\", file=f)\nwith open(\"a.txt\", \"rb\") as f:\n    print(f.read())\nfor line in open(\"a.txt\"): print(repr(line))'; cat a.txt",
        "b'x\\ny\\n'\n'x\\n'\n'y\\n'\nx\ny\n",
        "",
        0,
    );
    let eexist = format!("FileExistsError: [Errno {}] File exists: 'e'", per_engine(17, 20));
    check("echo 1 > e; python3 -c 'open(\"e\", \"x\")'", "", &eexist, 1);
    let enoent = format!("FileNotFoundError: [Errno {}] No such file or directory: 'missing'", per_engine(2, 44));
    check("python3 -c 'open(\"missing\")'", "", &enoent, 1);
    let eisdir = format!("IsADirectoryError: [Errno {}] Is a directory: '/tmp'", per_engine(21, 31));
    check("python3 -c 'open(\"/tmp\")'", "", &eisdir, 1);
    check("python3 -c 'open(\"b.bin\", \"wb\").write(bytes(range(3)))'; od -An -tx1 b.bin", " 00 01 02\n", "", 0);
    check("mkdir -p sub; cd sub; python3 -c 'import os; print(os.getcwd()); open(\"here\", \"w\")'; ls", "/home/user/sub\nhere\n", "", 0);
}

#[test]
fn os_pathlib_shutil_glob() {
    let script = r#"python3 - <<'EOF'
import os, pathlib, shutil, glob
os.makedirs("t/a/b", exist_ok=True)
pathlib.Path("t/a/one.txt").write_text("1")
pathlib.Path("t/a/b/two.txt").write_text("22")
print(sorted(os.listdir("t/a")))
print(os.path.exists("t/a/one.txt"), os.path.isdir("t/a"), os.path.isfile("t/a"), os.path.getsize("t/a/b/two.txt"))
print(os.stat("t/a/b/two.txt").st_size, oct(os.stat("t/a").st_mode & 0o777))
for root, dirs, files in os.walk("t"):
    print(root, sorted(dirs), sorted(files))
print(sorted(glob.glob("t/**/*.txt", recursive=True)))
print(sorted(p.name for p in pathlib.Path("t/a").iterdir()), pathlib.Path("t/a/one.txt").read_text(), pathlib.Path("nope").exists())
shutil.copy("t/a/one.txt", "t/copy.txt")
os.rename("t/copy.txt", "t/moved.txt")
os.remove("t/a/one.txt")
print(sorted(os.listdir("t")), os.path.abspath("t"), os.path.realpath("t/a/.."))
shutil.rmtree("t/a")
print(os.listdir("t"))
try:
    os.rmdir("t")
except OSError as e:
    print(type(e).__name__, e.errno)
EOF
cat t/moved.txt; echo"#;
    // (WASI has no permission bits, and its own errno numbers.)
    let (mode, enotempty) = per_engine(("0o755", 39), ("0o0", 55));
    let want = format!("['b', 'one.txt']\nTrue True False 2\n2 {mode}\nt ['a'] []\nt/a ['b'] ['one.txt']\nt/a/b [] ['two.txt']\n\
['t/a/b/two.txt', 't/a/one.txt']\n['b', 'one.txt'] 1 False\n['a', 'moved.txt'] /home/user/t /home/user/t\n['moved.txt']\nOSError {enotempty}\n1\n");
    check(script, &want, "", 0);
}

#[test]
fn environ_is_the_exported_variables() {
    check("export FOO=bar; BAZ=hidden; python3 -c 'import os; print(os.environ[\"FOO\"], os.environ.get(\"BAZ\"), os.getenv(\"FOO\"))'", "bar None bar\n", "", 0);
    check("FOO=one python3 -c 'import os; print(os.environ[\"FOO\"])'", "one\n", "", 0);
}

#[test]
fn processes_sockets_and_foreign_code_are_refused() {
    let msg = "PermissionError: [Errno 1] Operation not permitted: 'subprocess is disabled in the kitsh sandbox'";
    check("python3 -c 'import subprocess; subprocess.run([\"ls\"])'", "", msg, 1);
    check("python3 -c 'import subprocess; subprocess.check_output(\"ls\", shell=True)'", "", msg, 1);
    check("python3 -c 'import os; os.popen(\"ls\")'", "", msg, 1);
    check("python3 -c 'import os; os.system(\"ls\")'", "", "'os.system is disabled in the kitsh sandbox'", 1);
    // (CPython on WASI has no fork at all.)
    let fork = per_engine("'os.fork is disabled in the kitsh sandbox'", "AttributeError: module 'os' has no attribute 'fork'");
    check("python3 -c 'import os; os.fork()'", "", fork, 1);
    let exec = per_engine("is disabled in the kitsh sandbox'", "AttributeError: module 'os' has no attribute 'execv'");
    check("python3 -c 'import os; os.execv(\"/bin/sh\", [\"sh\"])'", "", exec, 1);
    check("python3 -c 'import socket; socket.create_connection((\"example.com\", 80))'", "", "'socket is disabled in the kitsh sandbox'", 1);
    check("python3 -c 'import socket; socket.socket()'", "", "'socket is disabled in the kitsh sandbox'", 1);
    check(
        "python3 -c 'import urllib.request; urllib.request.urlopen(\"http://example.com\")'",
        "",
        "URLError: <urlopen error [Errno 1] Operation not permitted: 'socket is disabled in the kitsh sandbox'>",
        1,
    );
    // asyncio runs (an event loop without sockets), and refuses processes and connections.
    let aio = |call: &str| format!("python3 -c 'import asyncio\nasync def main():\n    await {call}\nasyncio.run(main())'");
    check(&aio("asyncio.create_subprocess_exec(\"ls\")"), "", msg, 1);
    check(&aio("asyncio.create_subprocess_shell(\"ls\")"), "", msg, 1);
    check(&aio("asyncio.open_connection(\"example.com\", 80)"), "", "'socket is disabled in the kitsh sandbox'", 1);
    check(&aio("asyncio.start_server(print, \"127.0.0.1\", 8080)"), "", "'socket is disabled in the kitsh sandbox'", 1);
    check("python3 -c 'import socket; socket.socketpair()'", "", "'socket is disabled in the kitsh sandbox'", 1);
    check("python3 -c 'import select; print(select.select([0], [1], [], 0))'", "([0], [1], [])\n", "", 0);
    let ebadf = format!("OSError: [Errno {}] Bad file descriptor", per_engine(9, 8));
    check("python3 -c 'import select; select.select([99], [], [], 0)'", "", &ebadf, 1);
    // (On WASI, ctypes is the build's own stub, which reaches nothing outside the guest, and
    // multiprocessing is absent: an ImportError.)
    if wasi_engine() {
        check("python3 -c 'import ctypes; ctypes.CDLL(None)'", "", "OSError: ctypes is unavailable on wasm32-wasi", 1);
    } else {
        check("python3 -c 'import ctypes'", "", "'ctypes is disabled in the kitsh sandbox'", 1);
    }
    let mp = per_engine(
        "'multiprocessing is disabled in the kitsh sandbox'",
        "ImportError: No module named 'multiprocessing': multiprocessing is disabled in the kitsh sandbox",
    );
    check("python3 -c '__import__(\"multiprocessing\")'", "", mp, 1);
    check(
        "python3 -c 'import subprocess\ntry:\n    subprocess.run(\"x\")\nexcept PermissionError as e:\n    print(e.errno)'",
        "1\n",
        "",
        0,
    );
}

#[test]
fn host_files_are_not_reachable() {
    // Files that exist on any Linux host but not in kitsh's VFS.
    for p in ["/etc/hostname", "/proc/self/environ", "/etc/shadow", "/root/.bashrc"] {
        if kitsh_has(p) {
            continue;
        }
        let r = run(&format!("python3 -c 'print(open(\"{p}\").read())'"));
        assert_eq!(r.exit_code, 1, "{p}: {r:?}");
        assert!(r.stderr.contains("FileNotFoundError"), "{p}: {}", r.stderr);
        assert_eq!(r.stdout, "");
    }
    // Only VFS contents are visible, whatever the host has.
    let r = run("python3 -c 'import os; print(sorted(os.listdir(\"/\")))'; ls /");
    let mut lines = r.stdout.lines();
    let py = lines.next().unwrap_or("");
    let ls: Vec<String> = lines.map(|l| format!("'{l}'")).collect();
    assert_eq!(py, format!("[{}]", ls.join(", ")), "{}", r.stderr);
    // The frozen standard library: importing reads no file, and no host path is on sys.path.
    // (On WASI the standard library is the guest's zip, which is no host path either.)
    let want = per_engine(
        "['/home/user'] None\n",
        "['', '/usr/local/lib/python315.zip'] /usr/local/lib/python315.zip/json/__init__.pyc\n",
    );
    check("python3 -c 'import sys, json, csv, re; print(sys.path, json.__file__ if hasattr(json, \"__file__\") else None)'", want, "", 0);
}

fn kitsh_has(p: &str) -> bool {
    let r = run(&format!("test -e {p}"));
    r.exit_code == 0
}

#[test]
fn imports_of_vfs_modules() {
    check("mkdir -p lib/pkg; echo 'X = 5' > lib/helper.py; echo 'Y = 6' > lib/pkg/__init__.py; echo 'import helper, pkg; print(helper.X + pkg.Y)' > lib/main.py; python3 lib/main.py", "11\n", "", 0);
    check("echo 'import sys; print(\"mod\", __name__, sys.argv[1:])' > m.py; python3 -m m a", "mod __main__ ['a']\n", "", 0);
}

#[test]
fn tempfile_and_yes_input() {
    let script = r#"python3 - <<'EOF'
import tempfile, os
fd, p = tempfile.mkstemp(suffix=".txt")
os.write(fd, b"hello")
os.close(fd)
print(p.startswith("/tmp/"), open(p).read())
with tempfile.TemporaryDirectory() as d:
    open(os.path.join(d, "x"), "w").write("1")
    print(os.listdir(d))
print(os.path.exists(d))
with tempfile.NamedTemporaryFile("w", delete=False) as f:
    f.write("abc")
print(open(f.name).read())
EOF
yes | python3 -c 'print(input())'"#;
    check(script, "True hello\n['x']\nFalse\nabc\ny\n", "", 0);
}

#[test]
fn endless_loop_stops_at_the_timeout() {
    let l = ExecutionLimits::new().timeout(Duration::from_millis(1500));
    assert_limit(l.clone(), "python3 -c 'while True: pass'", 124, "execution timed out", Duration::from_secs(6));
    // Catching the interruption does not keep a script alive.
    assert_limit(
        l.clone(),
        "python3 -c '\nwhile True:\n    try:\n        sum(range(1000))\n    except BaseException:\n        pass'",
        124,
        "execution timed out",
        Duration::from_secs(6),
    );
    assert_limit(l.clone(), "python3 -c 'import time; time.sleep(100)'", 124, "execution timed out", Duration::from_secs(6));
    // An event loop waiting on a future nobody resolves, and one spinning without awaiting.
    let wait = "python3 -c 'import asyncio\nasync def main():\n    await asyncio.get_running_loop().create_future()\nasyncio.run(main())'";
    assert_limit(l.clone(), wait, 124, "execution timed out", Duration::from_secs(6));
    let spin = "python3 -c 'import asyncio\nasync def main():\n    while True:\n        await asyncio.sleep(0)\nasyncio.run(main())'";
    assert_limit(l, spin, 124, "execution timed out", Duration::from_secs(6));
}

/// A long native operation never reaches a point where the interrupt is raised: the
/// interpreter is left behind after a grace period, and the script still ends at its timeout.
#[test]
fn long_native_operations_stop_at_the_timeout() {
    let l = ExecutionLimits::new().timeout(Duration::from_millis(1000));
    // A regex that backtracks through 2^25 paths (about 15 s in a debug build; the thread left
    // behind finishes then: this test binary's allocator cannot stop it).
    assert_limit(
        l,
        "python3 -c 'import re; re.match(r\"(a+)+$\", \"a\" * 25 + \"b\")'",
        124,
        "execution timed out",
        Duration::from_secs(4),
    );
}

/// CPU time this process has used, from `/proc/self/stat` (user + system, in clock ticks of
/// 10 ms).
fn process_cpu_ticks() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    // After the command name: state is field 3; utime and stime are fields 14 and 15.
    fields.get(11).and_then(|u| u.parse::<u64>().ok()).unwrap_or(0) + fields.get(12).and_then(|u| u.parse::<u64>().ok()).unwrap_or(0)
}

/// A regex that would backtrack for hours stops with its script: the interpreter thread left
/// behind at the timeout no longer computes (run in a process of its own, see below).
#[test]
fn runaway_regex_stops_computing_after_the_timeout() {
    let out = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["runaway_regex_child", "--exact", "--nocapture", "--test-threads=1"])
        .env("KITSH_RUNAWAY_REGEX_CHILD", "1")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("1 passed"),
        "{}\n{stdout}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The body of the test above, alone in its process so that its CPU time is its own. Without
/// `KITSH_RUNAWAY_REGEX_CHILD` (a normal run) it returns at once.
#[test]
fn runaway_regex_child() {
    if std::env::var_os("KITSH_RUNAWAY_REGEX_CHILD").is_none() {
        return;
    }
    let mut sh = shell(ExecutionLimits::new().timeout(Duration::from_millis(800)));
    // 2^40 paths: days of backtracking.
    let r = sh.exec_sync("python3 -c 'import re; re.match(r\"(a+)+$\", \"a\" * 40 + \"b\")'");
    assert_eq!(r.exit_code, 124, "{}", r.stderr);
    std::thread::sleep(Duration::from_millis(300));
    let before = process_cpu_ticks();
    std::thread::sleep(Duration::from_millis(1500));
    let used = process_cpu_ticks() - before;
    assert!(used < 40, "the abandoned regex still computes: {used} ticks of CPU in 1.5 s");
}

#[test]
fn recursion_is_bounded() {
    check("python3 -c 'def f(): f()\nf()'", "", "RecursionError: maximum recursion depth exceeded", 1);
    let r = run("python3 -c 'import sys\nsys.setrecursionlimit(100000)\ndef f(n): return f(n + 1)\nf(0)'; echo rc=$?");
    assert_eq!(r.stdout, "rc=1\n", "{}", r.stderr);
    assert!(r.stderr.contains("RecursionError"), "{}", r.stderr);
    check("python3 -c 'import sys\nsys.setrecursionlimit(5000)\ndef d(n): return 0 if n == 0 else 1 + d(n - 1)\nprint(d(3000))'", "3000\n", "", 0);
}

/// CPython on WASI: the guest's memory is capped by `ExecutionLimits::max_heap_bytes`; a script
/// that grows past it gets a MemoryError (with its traceback), and the shell goes on.
#[test]
fn wasi_memory_is_capped() {
    if !wasi_engine() {
        return;
    }
    let grow = "python3 -c 'l = []\nwhile True:\n    l.append(\"x\" * 1000000)'; echo rc=$?";
    let r = guarded(move || {
        let mut sh = shell(ExecutionLimits::new().timeout(Duration::from_secs(30)).max_heap_bytes(64 << 20));
        sh.exec_sync(grow)
    });
    assert_eq!(r.stdout, "rc=1\n", "{}", r.stderr);
    assert!(r.stderr.ends_with("\nMemoryError\n"), "{}", r.stderr);
}

#[test]
fn giant_allocations_fail_inside_python() {
    // Memory is not budgeted, but an allocation too large to make is a MemoryError, not a crash.
    // (A 32-bit WASI guest cannot even index 10**12.)
    let err = per_engine("MemoryError", "OverflowError: cannot fit 'int' into an index-sized integer");
    check("python3 -c 'x = \"a\" * (10**12)'; python3 -c 'x = [0] * (10**12)'; echo alive", "alive\n", err, 0);
}

#[test]
fn output_is_bounded_by_the_output_limit() {
    guarded(|| {
        let limits = ExecutionLimits::new().timeout(Duration::from_secs(10)).max_output_bytes(1 << 16);
        let mut sh = shell(limits);
        let t = Instant::now();
        let r = sh.exec_sync("python3 -c 'while True: print(\"x\" * 100)'");
        assert!(t.elapsed() < Duration::from_secs(8), "took {:?}", t.elapsed());
        assert_ne!(r.exit_code, 0);
        assert!(r.stdout.len() <= 1 << 16);
        assert_still_works(&mut sh);
    });
}

/// `os.urandom`, `secrets` and `random.SystemRandom` read the operating system's secure source
/// (issue: /dev/urandom was predictable): bytes differ call to call and have the asked length.
#[test]
fn urandom_and_secrets_are_secure_random() {
    let r = run("python3 -c 'import os, secrets, random
a, b = os.urandom(16), os.urandom(16)
print(len(a), a != b, len(secrets.token_hex(16)), 0 <= random.SystemRandom().random() < 1)
print(os.urandom(0) == b\"\")'");
    assert_eq!((r.stdout.as_str(), r.stderr.as_str(), r.exit_code), ("16 True 32 True\nTrue\n", "", 0));
}
