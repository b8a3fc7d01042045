//! kitsh's commands that are not part of the shell language proper: `cat`, `sort`, `grep`,
//! `sed`, `find`, `tar`, ... over kitsh-core's command interface; the `kitsh` crate runs them.
//!
//! Each command is a type implementing [`Builtin`] in its own file. It sees only a [`Ctx`]: its
//! standard streams as byte streams, the virtual filesystem, the working directory and the
//! exported environment. Shell builtins that change the interpreter's state (`cd`, `read`,
//! `declare`, ...) live in the `kitsh` crate's interpreter instead. The heavy engines are
//! crates of their own, registered here: `awk` (kitsh-awk), `jq`/`yq` (kitsh-jq), `sqlite3`
//! (kitsh-sqlite3, feature `sqlite`); `python3` (feature `python`, over an embedded RustPython)
//! is a module here: as a crate of its own it could not pass `cargo package`'s verification on
//! rustc 1.95 (RustPython needs the `[patch]` lines kitsh's README gives); `node` (feature
//! `node`, over an embedded QuickJS) is one beside it, sharing its interpreter threads and its
//! bridge to the command (`guest`).
//!
//! The registry of the commands shipped with kitsh is built once ([`lookup`]) and shared.

use std::collections::HashMap;
use std::sync::LazyLock;

// The command interface lives in the core layer (kitsh_core::command); its names are
// re-exported here so a command's file reaches them as `crate::Ctx`, `crate::args`, ...
pub use kitsh_core::command::*;
pub use kitsh_awk::awk;
pub use kitsh_jq::{jq, yq};
#[cfg(feature = "sqlite")]
pub use kitsh_sqlite3::sqlite3;

pub mod accounts;
pub mod base64;
pub mod basename;
pub mod byteread;
pub mod bc;
pub mod cat;
pub mod checksum;
pub mod chmod;
pub mod chown;
pub mod cksum;
pub mod cmp;
pub mod column;
pub mod comm;
pub mod cut;
pub mod date;
pub mod dd;
pub mod df;
pub mod diff;
pub mod dirname;
pub mod du;
pub mod expand;
pub mod expr;
pub mod factor;
pub mod file;
pub mod find;
pub mod fold;
pub mod fmt;
pub mod grep;
pub mod gzip;
pub mod head;
pub mod hexdump;
pub mod hostname;
pub mod iconv;
pub mod id;
pub mod install;
pub mod join;
pub mod ln;
pub mod look;
pub mod ls;
pub mod mkdir;
pub mod mkfifo;
pub mod mktemp;
pub mod nl;
#[cfg(feature = "node")]
pub mod node;
pub mod nproc;
pub mod numfmt;
pub mod od;
pub mod pager;
pub mod paste;
pub mod patch;
pub mod pr;
pub mod printenv;
#[cfg(feature = "python")]
pub mod python3;
#[cfg(any(feature = "python", feature = "node"))]
mod guest;
pub mod readlink;
pub mod realpath;
pub mod rev;
pub mod rm;
pub mod rmdir;
pub mod mv;
pub mod cp;
pub mod csplit;
pub mod curl;
mod copy_move;
pub mod sed;
pub mod seq;
pub mod shuf;
pub mod sleep;
pub mod sort;
pub mod split;
pub mod stat;
pub mod sync;
pub mod strings;
pub mod tac;
pub mod tail;
pub mod tar;
pub mod tee;
pub mod time;
pub mod timeout;
pub mod touch;
pub mod tput;
pub mod tr;
pub mod tree;
pub mod tsort;
pub mod truncate;
pub mod tty;
pub mod uname;
pub mod uniq;
pub mod wc;
pub mod which;
pub mod xargs;
pub mod wget;
pub mod xxd;
pub mod whoami;
pub mod yes;

/// Commands that are shell builtins in kitsh but also programs on a GNU system: they are
/// listed in `/usr/bin` too (running `/usr/bin/echo` runs the builtin).
const ALSO_PROGRAMS: &[&str] = &["[", "bash", "echo", "env", "false", "kill", "printf", "pwd", "sh", "test", "true"];

static NAMES: LazyLock<Vec<&'static str>> = LazyLock::new(|| {
    let mut v: Vec<&'static str> = REGISTRY.keys().copied().chain(ALSO_PROGRAMS.iter().copied()).collect();
    v.sort_unstable();
    v.dedup();
    v
});

/// The names of all commands that appear as programs in `/usr/bin`: the registry's commands
/// and the shell builtins that are also programs (`echo`, `test`, ...). Sorted.
pub fn program_names() -> &'static [&'static str] {
    &NAMES
}

type Registry = HashMap<&'static str, &'static dyn Builtin>;

static REGISTRY: LazyLock<Registry> = LazyLock::new(|| {
    let table: &[(&'static str, &'static dyn Builtin)] = &[
        // Commands register here: ("cat", &cat::Cat),
        ("awk", &awk::Awk),
        ("b2sum", &checksum::DigestSum(checksum::algo::Kind::Blake2b)),
        ("base32", &base64::Base32),
        ("base64", &base64::Base64),
        ("basename", &basename::Basename),
        ("bc", &bc::Bc),
        ("cat", &cat::Cat),
        ("chgrp", &chown::Chgrp),
        ("chmod", &chmod::Chmod),
        ("chown", &chown::Chown),
        ("cksum", &cksum::Cksum),
        ("cmp", &cmp::Cmp),
        ("column", &column::Column),
        ("comm", &comm::Comm),
        ("cp", &cp::Cp),
        ("csplit", &csplit::Csplit),
        ("curl", &curl::Curl),
        ("cut", &cut::Cut),
        ("date", &date::Date),
        ("dd", &dd::Dd),
        ("df", &df::Df),
        ("diff", &diff::Diff),
        ("dirname", &dirname::Dirname),
        ("du", &du::Du),
        ("egrep", &grep::Grep),
        ("expand", &expand::Expand),
        ("expr", &expr::Expr),
        ("factor", &factor::Factor),
        ("fgrep", &grep::Grep),
        ("file", &file::File),
        ("find", &find::Find),
        ("fold", &fold::Fold),
        ("fmt", &fmt::Fmt),
        ("gawk", &awk::Awk),
        ("grep", &grep::Grep),
        ("gunzip", &gzip::Gunzip),
        ("gzip", &gzip::Gzip),
        ("hd", &hexdump::Hd),
        ("head", &head::Head),
        ("hexdump", &hexdump::Hexdump),
        ("hostname", &hostname::Hostname),
        ("iconv", &iconv::Iconv),
        ("id", &id::Id),
        ("install", &install::Install),
        ("join", &join::Join),
        ("jq", &jq::Jq),
        ("less", &pager::Less),
        ("ln", &ln::Ln),
        ("look", &look::Look),
        ("ls", &ls::Ls),
        ("md5sum", &checksum::DigestSum(checksum::algo::Kind::Md5)),
        ("mkdir", &mkdir::Mkdir),
        ("mkfifo", &mkfifo::Mkfifo),
        ("mktemp", &mktemp::Mktemp),
        ("more", &pager::More),
        ("mv", &mv::Mv),
        ("nl", &nl::Nl),
        #[cfg(feature = "node")]
        ("node", &node::Node),
        #[cfg(feature = "node")]
        ("nodejs", &node::Node),
        ("nproc", &nproc::Nproc),
        ("numfmt", &numfmt::Numfmt),
        ("od", &od::Od),
        ("paste", &paste::Paste),
        ("patch", &patch::Patch),
        ("pr", &pr::Pr),
        ("printenv", &printenv::Printenv),
        #[cfg(feature = "python")]
        ("python", &python3::Python3),
        #[cfg(feature = "python")]
        ("python3", &python3::Python3),
        ("readlink", &readlink::Readlink),
        ("realpath", &realpath::Realpath),
        ("rev", &rev::Rev),
        ("rm", &rm::Rm),
        ("rmdir", &rmdir::Rmdir),
        ("sed", &sed::Sed),
        ("seq", &seq::Seq),
        ("sha1sum", &checksum::DigestSum(checksum::algo::Kind::Sha1)),
        ("sha224sum", &checksum::DigestSum(checksum::algo::Kind::Sha224)),
        ("sha256sum", &checksum::DigestSum(checksum::algo::Kind::Sha256)),
        ("sha384sum", &checksum::DigestSum(checksum::algo::Kind::Sha384)),
        ("sha512sum", &checksum::DigestSum(checksum::algo::Kind::Sha512)),
        ("shuf", &shuf::Shuf),
        ("sleep", &sleep::Sleep),
        ("sort", &sort::Sort),
        ("split", &split::Split),
        #[cfg(feature = "sqlite")]
        ("sqlite3", &sqlite3::Sqlite3),
        ("stat", &stat::Stat),
        ("strings", &strings::Strings),
        ("sum", &cksum::Sum),
        ("sync", &sync::Sync),
        ("tac", &tac::Tac),
        ("tail", &tail::Tail),
        ("tar", &tar::Tar),
        ("tee", &tee::Tee),
        ("time", &time::Time),
        ("timeout", &timeout::Timeout),
        ("touch", &touch::Touch),
        ("tput", &tput::Tput),
        ("tr", &tr::Tr),
        ("tree", &tree::Tree),
        ("truncate", &truncate::Truncate),
        ("tsort", &tsort::Tsort),
        ("tty", &tty::Tty),
        ("uname", &uname::Uname),
        ("unexpand", &expand::Unexpand),
        ("uniq", &uniq::Uniq),
        ("wc", &wc::Wc),
        ("wget", &wget::Wget),
        ("which", &which::Which),
        ("whoami", &whoami::Whoami),
        ("xargs", &xargs::Xargs),
        ("xxd", &xxd::Xxd),
        ("yes", &yes::Yes),
        ("yq", &yq::Yq),
        ("zcat", &gzip::Zcat),
    ];
    table.iter().copied().collect()
});

/// The command shipped with kitsh named `name`, if any.
pub fn lookup(name: &str) -> Option<&'static dyn Builtin> {
    REGISTRY.get(name).copied()
}

/// kitsh's commands as the [`CommandRegistry`] an interpreter is given (the default one of the
/// `kitsh` crate with its `commands` feature).
#[derive(Debug, Clone, Copy, Default)]
pub struct Shipped;

impl CommandRegistry for Shipped {
    fn lookup(&self, name: &str) -> Option<&'static dyn Builtin> {
        lookup(name)
    }

    fn program_names(&self) -> &[&'static str] {
        program_names()
    }
}

/// kitsh's commands as a registry: `kitsh::set_default_commands(kitsh_commands::registry())`
/// in a program that builds `kitsh` without its `commands` feature.
pub fn registry() -> &'static dyn CommandRegistry {
    &Shipped
}

/// The names of all shipped commands, sorted.
pub fn names() -> Vec<&'static str> {
    let mut v: Vec<&'static str> = REGISTRY.keys().copied().collect();
    v.sort_unstable();
    v
}

