//! Compiles Lua 5.4.8 (with kitsh's metered C loops) into a static library for mlua-sys's
//! `external` mode.

use std::env;
use std::path::PathBuf;

fn main() {
    let src = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("lua-5.4.8");
    let target = env::var("TARGET").unwrap_or_default();
    println!("cargo:rerun-if-changed=lua-5.4.8");
    let mut build = cc::Build::new();
    build.include(&src).warnings(false).flag_if_supported("-fno-common").define("LUA_COMPAT_5_3", None);
    if target.contains("windows") {
        build.define("LUA_USE_WINDOWS", None);
    } else if target.contains("apple") {
        build.define("LUA_USE_MACOSX", None);
    } else if target.contains("linux") || target.ends_with("bsd") {
        build.define("LUA_USE_LINUX", None);
    } else {
        build.define("LUA_USE_POSIX", None);
    }
    if env::var("PROFILE").as_deref() == Ok("debug") {
        build.define("LUA_USE_APICHECK", None);
    }
    let mut files: Vec<PathBuf> = std::fs::read_dir(&src)
        .expect("lua-5.4.8 is part of the crate")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    build.files(files).cargo_metadata(false).compile("kitsh_lua54");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    println!("cargo:rustc-link-search=native={}", out.display());
    // Whole archive: the crate that calls Lua (mlua-sys) is no dependency of this one, so the
    // linker may meet the library before the calls; taking all of it keeps the order moot.
    println!("cargo:rustc-link-lib=static:+whole-archive=kitsh_lua54");
}
