//! Lua 5.4.8 for kitsh's kits, linked for `mlua-sys`'s `external` feature.
//!
//! This crate has no Rust API: its build script compiles Lua's C sources (with the metered
//! string and table loops described in the README) into a static library that provides the
//! `lua_*`/`luaL_*` symbols `mlua` calls. Depend on it and write `use kitsh_lua as _;` once so
//! that the library is linked.
#![no_std]
