//! kitsh's `python3`: Python 3 over an embedded RustPython, sandboxed on kitsh's virtual
//! filesystem (no host file, process or socket) and bounded by kitsh's limits; the
//! `kitsh-commands` crate registers it (as `python3` and `python`) under its `python` feature.

pub mod python3;
