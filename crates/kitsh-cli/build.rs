//! Link the `kitsh` binary as a position-dependent executable on Linux: a PIE this size
//! (tens of MB, RustPython included) spends most of a `kitsh -c true` start-up having the
//! dynamic loader apply ~80 000 relative relocations and copying the 1.4 MB of relocated
//! read-only data it writes them into. Without PIE those addresses are fixed at link time.
//! (Address-space randomisation of the executable image is lost; the sandbox, not ASLR, is
//! what confines scripts.)

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
