//! Completion specifications and the table `complete` keeps them in, printed the way
//! `complete -p` and `compopt` print them.

use std::collections::HashMap;
use std::sync::Arc;

/// Action bits of a [`CompSpec`] (`-A NAME` and the short option letters).
pub mod act {
    /// `-a`, `-A alias`
    pub const ALIAS: u32 = 1;
    /// `-A arrayvar`
    pub const ARRAYVAR: u32 = 1 << 1;
    /// `-A binding`
    pub const BINDING: u32 = 1 << 2;
    /// `-b`, `-A builtin`
    pub const BUILTIN: u32 = 1 << 3;
    /// `-c`, `-A command`
    pub const COMMAND: u32 = 1 << 4;
    /// `-d`, `-A directory`
    pub const DIRECTORY: u32 = 1 << 5;
    /// `-A disabled`
    pub const DISABLED: u32 = 1 << 6;
    /// `-A enabled`
    pub const ENABLED: u32 = 1 << 7;
    /// `-e`, `-A export`
    pub const EXPORT: u32 = 1 << 8;
    /// `-f`, `-A file`
    pub const FILE: u32 = 1 << 9;
    /// `-A function`
    pub const FUNCTION: u32 = 1 << 10;
    /// `-g`, `-A group`
    pub const GROUP: u32 = 1 << 11;
    /// `-A helptopic`
    pub const HELPTOPIC: u32 = 1 << 12;
    /// `-A hostname`
    pub const HOSTNAME: u32 = 1 << 13;
    /// `-j`, `-A job`
    pub const JOB: u32 = 1 << 14;
    /// `-k`, `-A keyword`
    pub const KEYWORD: u32 = 1 << 15;
    /// `-A running`
    pub const RUNNING: u32 = 1 << 16;
    /// `-s`, `-A service`
    pub const SERVICE: u32 = 1 << 17;
    /// `-A setopt`
    pub const SETOPT: u32 = 1 << 18;
    /// `-A shopt`
    pub const SHOPT: u32 = 1 << 19;
    /// `-A signal`
    pub const SIGNAL: u32 = 1 << 20;
    /// `-A stopped`
    pub const STOPPED: u32 = 1 << 21;
    /// `-u`, `-A user`
    pub const USER: u32 = 1 << 22;
    /// `-v`, `-A variable`
    pub const VARIABLE: u32 = 1 << 23;
}

/// `-o` option bits of a [`CompSpec`].
pub mod opt {
    /// `bashdefault`
    pub const BASHDEFAULT: u8 = 1;
    /// `default`
    pub const DEFAULT: u8 = 1 << 1;
    /// `dirnames`
    pub const DIRNAMES: u8 = 1 << 2;
    /// `filenames`
    pub const FILENAMES: u8 = 1 << 3;
    /// `noquote`
    pub const NOQUOTE: u8 = 1 << 4;
    /// `nosort`
    pub const NOSORT: u8 = 1 << 5;
    /// `nospace`
    pub const NOSPACE: u8 = 1 << 6;
    /// `plusdirs`
    pub const PLUSDIRS: u8 = 1 << 7;
}

/// Action names, bits and short letters (`'\0'`: none), in bash's table order.
pub(crate) const ACTIONS: &[(&str, u32, char)] = &[
    ("alias", act::ALIAS, 'a'),
    ("arrayvar", act::ARRAYVAR, '\0'),
    ("binding", act::BINDING, '\0'),
    ("builtin", act::BUILTIN, 'b'),
    ("command", act::COMMAND, 'c'),
    ("directory", act::DIRECTORY, 'd'),
    ("disabled", act::DISABLED, '\0'),
    ("enabled", act::ENABLED, '\0'),
    ("export", act::EXPORT, 'e'),
    ("file", act::FILE, 'f'),
    ("function", act::FUNCTION, '\0'),
    ("helptopic", act::HELPTOPIC, '\0'),
    ("hostname", act::HOSTNAME, '\0'),
    ("group", act::GROUP, 'g'),
    ("job", act::JOB, 'j'),
    ("keyword", act::KEYWORD, 'k'),
    ("running", act::RUNNING, '\0'),
    ("service", act::SERVICE, 's'),
    ("setopt", act::SETOPT, '\0'),
    ("shopt", act::SHOPT, '\0'),
    ("signal", act::SIGNAL, '\0'),
    ("stopped", act::STOPPED, '\0'),
    ("user", act::USER, 'u'),
    ("variable", act::VARIABLE, 'v'),
];

/// The short letters in the order `complete -p` prints them.
const SHORT_ORDER: &str = "abcdefgjksuv";

/// The actions without a letter, in the order `complete -p` prints them as `-A NAME`.
const LONG_ORDER: &[&str] =
    &["arrayvar", "binding", "disabled", "enabled", "function", "helptopic", "hostname", "running", "setopt", "shopt", "signal", "stopped"];

/// `-o` option names and bits, in the order they are printed.
pub(crate) const OPTIONS: &[(&str, u8)] = &[
    ("bashdefault", opt::BASHDEFAULT),
    ("default", opt::DEFAULT),
    ("dirnames", opt::DIRNAMES),
    ("filenames", opt::FILENAMES),
    ("noquote", opt::NOQUOTE),
    ("nosort", opt::NOSORT),
    ("nospace", opt::NOSPACE),
    ("plusdirs", opt::PLUSDIRS),
];

/// The name `complete -D` stores its specification under.
pub const DEFAULT_CMD: &str = "_DefaultCmD_";
/// The name `complete -E` stores its specification under.
pub const EMPTY_CMD: &str = "_EmptycmD_";
/// The name `complete -I` stores its specification under.
pub const INITIAL_WORD: &str = "_InitialWorD_";

/// A completion specification: what `complete` stores and `compgen` evaluates.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CompSpec {
    /// [`act`] bits.
    pub actions: u32,
    /// [`opt`] bits.
    pub options: u8,
    /// `-G globpat`.
    pub globpat: Option<String>,
    /// `-W wordlist`.
    pub words: Option<String>,
    /// `-P prefix`.
    pub prefix: Option<String>,
    /// `-S suffix`.
    pub suffix: Option<String>,
    /// `-F function`.
    pub funcname: Option<String>,
    /// `-C command`.
    pub command: Option<String>,
    /// `-X filterpat`.
    pub filterpat: Option<String>,
}

pub(crate) use crate::util::quote::single_quote;

/// Does `s` need quoting to be read back as one word (bash's `sh_contains_shell_metas`)?
fn has_shell_metas(s: &str) -> bool {
    let mut prev = None;
    for (i, c) in s.char_indices() {
        match c {
            ' ' | '\t' | '\n' | '\'' | '"' | '\\' | '|' | '&' | ';' | '(' | ')' | '<' | '>' | '!' | '{' | '}' | '*' | '['
            | '?' | ']' | '^' | '$' | '`' => return true,
            '~' if i == 0 || matches!(prev, Some('=' | ':')) => return true,
            '#' if i == 0 => return true,
            _ => {}
        }
        prev = Some(c);
    }
    false
}

/// How a stored name is shown: `-D`, `-E`, `-I` for the special ones; quoted when needed.
fn shown_name(name: &str) -> std::borrow::Cow<'_, str> {
    match name {
        DEFAULT_CMD => "-D".into(),
        EMPTY_CMD => "-E".into(),
        INITIAL_WORD => "-I".into(),
        n if n.is_empty() || has_shell_metas(n) => single_quote(n).into(),
        n => n.into(),
    }
}

impl CompSpec {
    /// The `complete ...` line that recreates this specification for `name`.
    pub fn complete_line(&self, name: &str) -> String {
        let mut s = String::from("complete ");
        for (n, bit) in OPTIONS {
            if self.options & bit != 0 {
                s.push_str("-o ");
                s.push_str(n);
                s.push(' ');
            }
        }
        for c in SHORT_ORDER.chars() {
            if ACTIONS.iter().any(|(_, bit, l)| *l == c && self.actions & bit != 0) {
                s.push('-');
                s.push(c);
                s.push(' ');
            }
        }
        for n in LONG_ORDER {
            if ACTIONS.iter().any(|(an, bit, _)| an == n && self.actions & bit != 0) {
                s.push_str("-A ");
                s.push_str(n);
                s.push(' ');
            }
        }
        let quoted = [
            ("-G", &self.globpat),
            ("-W", &self.words),
            ("-P", &self.prefix),
            ("-S", &self.suffix),
            ("-X", &self.filterpat),
            ("-C", &self.command),
        ];
        for (flag, v) in quoted {
            if let Some(v) = v {
                s.push_str(flag);
                s.push(' ');
                s.push_str(&single_quote(v));
                s.push(' ');
            }
        }
        if let Some(f) = &self.funcname {
            s.push_str("-F ");
            s.push_str(f);
            s.push(' ');
        }
        s.push_str(&shown_name(name));
        s.push('\n');
        s
    }

    /// The `compopt` line showing every option on (`-o`) or off (`+o`) for `name`.
    pub fn compopt_line(&self, name: &str) -> String {
        let mut s = String::from("compopt ");
        for (n, bit) in OPTIONS {
            s.push_str(if self.options & bit != 0 { "-o " } else { "+o " });
            s.push_str(n);
            s.push(' ');
        }
        s.push_str(&shown_name(name));
        s.push('\n');
        s
    }
}

/// bash's string hash (FNV-1), which decides the order of its hash tables.
fn bash_hash(s: &str) -> u32 {
    let mut h: u32 = 2166136261;
    for &b in crate::util::bytes::encode(s).iter() {
        h = h.wrapping_mul(16777619);
        h ^= b as u32;
    }
    h
}

/// The completion specifications by command name. Names given in one `complete` command share
/// one specification (`compopt` on one changes them all), as in bash.
#[derive(Debug, Clone)]
pub struct Completions {
    names: HashMap<String, (Arc<CompSpec>, u64)>,
    seq: u64,
    /// bash creates its table on the first insertion; before that, removing is not an error.
    created: bool,
    /// Buckets of bash's table (512, growing by 4 when it holds twice as many entries).
    buckets: u32,
}

impl Default for Completions {
    fn default() -> Self {
        Completions { names: HashMap::new(), seq: 0, created: false, buckets: 512 }
    }
}

impl Completions {
    /// The specification for `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<CompSpec>> {
        self.names.get(name).map(|(s, _)| s)
    }

    /// Store `spec` for `name` (a replaced name keeps its place in the listing).
    pub fn insert(&mut self, name: &str, spec: Arc<CompSpec>) {
        self.created = true;
        if let Some(slot) = self.names.get_mut(name) {
            slot.0 = spec;
            return;
        }
        if self.names.len() as u64 >= u64::from(self.buckets) * 2 && self.buckets < (1 << 28) {
            self.buckets *= 4;
        }
        self.seq += 1;
        self.names.insert(name.to_string(), (spec, self.seq));
    }

    /// Remove `name`. False when it has no specification (and the table exists).
    pub fn remove(&mut self, name: &str) -> bool {
        self.names.remove(name).is_some() || !self.created
    }

    /// Remove every specification.
    pub fn clear(&mut self) {
        self.names.clear();
    }

    /// Names and specifications in the order bash's `complete` lists them (its hash order).
    pub fn ordered(&self) -> Vec<(&str, &CompSpec)> {
        let mask = self.buckets - 1;
        let mut v: Vec<(u32, u64, &str, &CompSpec)> =
            self.names.iter().map(|(k, (s, seq))| (bash_hash(k) & mask, *seq, k.as_str(), &**s)).collect();
        v.sort_unstable_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        v.into_iter().map(|(_, _, k, s)| (k, s)).collect()
    }

    /// Turn options `on` on and `off` off in the specification of `name` and of every name
    /// sharing it. False when `name` has none.
    pub fn set_options(&mut self, name: &str, on: u8, off: u8) -> bool {
        let Some((old, _)) = self.names.get(name) else { return false };
        let old = old.clone();
        let mut spec = (*old).clone();
        spec.options = (spec.options | on) & !off;
        let new = Arc::new(spec);
        for (s, _) in self.names.values_mut() {
            if Arc::ptr_eq(s, &old) {
                *s = new.clone();
            }
        }
        true
    }
}
