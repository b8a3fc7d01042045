//! Helpers shared by the kit test binaries.

#![allow(dead_code)]

use std::path::Path;
use std::process::Command;

use kitsh_kit::load;
use kitsh_kit::surface::call::call;

/// Load the kit at `kit` (no errors allowed) and call tool `name` with no input through the
/// path every surface uses: its stdout, or the call's error message.
pub fn run_tool(kit: &Path, name: &str) -> Result<String, String> {
    let kit = load(kit).expect("kit");
    assert!(kit.errors.is_empty(), "{:?}", kit.errors);
    let spec = std::sync::Arc::new(kit.tools.iter().find(|t| t.name == name).expect("tool").clone());
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("rt");
    rt.block_on(call(&spec, Default::default())).map(|c| String::from_utf8_lossy(&c.stdout).into_owned()).map_err(|e| e.message().to_string())
}

/// A minimal wheel `greet-1.0-py3-none-any.whl` in `dir`, built with Python's zipfile.
pub fn make_wheel(dir: &Path) {
    let script = r#"
import sys, zipfile
files = {
    "greet/__init__.py": "def hello(n):\n    return 'hello ' + n\n",
    "greet-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: greet\nVersion: 1.0\n",
    "greet-1.0.dist-info/WHEEL": "Wheel-Version: 1.0\nGenerator: kitsh-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
}
files["greet-1.0.dist-info/RECORD"] = "".join(f"{k},,\n" for k in files) + "greet-1.0.dist-info/RECORD,,\n"
with zipfile.ZipFile(sys.argv[1] + "/greet-1.0-py3-none-any.whl", "w") as z:
    for k, v in files.items():
        z.writestr(zipfile.ZipInfo(k, (2020, 1, 1, 0, 0, 0)), v)
"#;
    std::fs::create_dir_all(dir).expect("wheel dir");
    let st = Command::new("python3").arg("-c").arg(script).arg(dir).status().expect("python3");
    assert!(st.success());
}
