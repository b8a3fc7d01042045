//! The linker arguments of a Node.js addon.

fn main() {
    napi_build::setup();
}
