//! What the embedded interpreters (`python3`, `node`) share: the thread each one runs on
//! ([`pool`]) and the bridge through which it reaches the command's `Ctx` — its pipes, the
//! virtual filesystem, the shell's tools — and is stopped when the script is cancelled
//! ([`host`]).

pub mod host;
pub mod pool;

/// Stack of an interpreter thread. Virtual memory: only what deep recursion touches is used.
pub const STACK_SIZE: usize = 256 << 20;

/// The one-letter kind of a file as the interpreters' natives report it: `f`, `d`, `l`, `c`, `p`.
pub fn kind_char(t: kitsh_core::fs::FileType) -> char {
    use kitsh_core::fs::FileType;
    match t {
        FileType::File => 'f',
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::CharDevice => 'c',
        FileType::Fifo => 'p',
    }
}
