//! `set -o` and `shopt` options.

/// The shell options (`set -o NAME` and `shopt -s NAME`).
#[derive(Debug, Clone)]
pub struct Options {
    /// Values of [`SET_OPTIONS`], by index.
    pub set: [bool; SET_OPTIONS.len()],
    /// Values of [`SHOPT_OPTIONS`], by index.
    pub shopt: [bool; SHOPT_OPTIONS.len()],
    /// How the script was given, shown last in `$-`: `'c'` (`-c`), `'s'` (standard input) or
    /// `'\0'` (a file).
    pub invocation: char,
    /// `bash -i`: `$-` contains `i`.
    pub interactive: bool,
    /// The name the shell was started by when that was not `kitsh` (a nested `bash FILE`
    /// or `sh FILE`): the prompt's `\s` for a script file (under `-c` it is `$0`).
    pub program: Option<std::sync::Arc<str>>,
}

/// `set -o` names with their single-letter flag (if any), in `set -o` listing order.
pub const SET_OPTIONS: &[(&str, Option<char>)] = &[
    ("allexport", Some('a')),
    ("braceexpand", Some('B')),
    ("emacs", None),
    ("errexit", Some('e')),
    ("errtrace", Some('E')),
    ("functrace", Some('T')),
    ("hashall", Some('h')),
    ("histexpand", Some('H')),
    ("history", None),
    ("ignoreeof", None),
    ("interactive-comments", None),
    ("keyword", Some('k')),
    ("monitor", Some('m')),
    ("noclobber", Some('C')),
    ("noexec", Some('n')),
    ("noglob", Some('f')),
    ("nolog", None),
    ("notify", Some('b')),
    ("nounset", Some('u')),
    ("onecmd", Some('t')),
    ("physical", Some('P')),
    ("pipefail", None),
    ("posix", None),
    ("privileged", Some('p')),
    ("verbose", Some('v')),
    ("vi", None),
    ("xtrace", Some('x')),
];

/// `shopt` names, sorted as `shopt` lists them.
pub const SHOPT_OPTIONS: &[&str] = &[
    "autocd",
    "assoc_expand_once",
    "cdable_vars",
    "cdspell",
    "checkhash",
    "checkjobs",
    "checkwinsize",
    "cmdhist",
    "compat31",
    "compat32",
    "compat40",
    "compat41",
    "compat42",
    "compat43",
    "compat44",
    "complete_fullquote",
    "direxpand",
    "dirspell",
    "dotglob",
    "execfail",
    "expand_aliases",
    "extdebug",
    "extglob",
    "extquote",
    "failglob",
    "force_fignore",
    "globasciiranges",
    "globskipdots",
    "globstar",
    "gnu_errfmt",
    "histappend",
    "histreedit",
    "histverify",
    "hostcomplete",
    "huponexit",
    "inherit_errexit",
    "interactive_comments",
    "lastpipe",
    "lithist",
    "localvar_inherit",
    "localvar_unset",
    "login_shell",
    "mailwarn",
    "no_empty_cmd_completion",
    "nocaseglob",
    "nocasematch",
    "noexpand_translation",
    "nullglob",
    "patsub_replacement",
    "progcomp",
    "progcomp_alias",
    "promptvars",
    "restricted_shell",
    "shift_verbose",
    "sourcepath",
    "varredir_close",
    "xpg_echo",
];

// Every option has its index, used or not (a table, like bash's own).
macro_rules! set_idx {
    ($($name:ident = $s:literal),* $(,)?) => {
        $( #[doc = concat!("Index of `", $s, "` in [`SET_OPTIONS`].")] #[allow(dead_code)] pub const $name: usize = set_index($s); )*
    };
}
macro_rules! shopt_idx {
    ($($name:ident = $s:literal),* $(,)?) => {
        $( #[doc = concat!("Index of `", $s, "` in [`SHOPT_OPTIONS`].")] #[allow(dead_code)] pub const $name: usize = shopt_index($s); )*
    };
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const fn set_index(name: &str) -> usize {
    let mut i = 0;
    while i < SET_OPTIONS.len() {
        if str_eq(SET_OPTIONS[i].0, name) {
            return i;
        }
        i += 1;
    }
    usize::MAX
}

const fn shopt_index(name: &str) -> usize {
    let mut i = 0;
    while i < SHOPT_OPTIONS.len() {
        if str_eq(SHOPT_OPTIONS[i], name) {
            return i;
        }
        i += 1;
    }
    usize::MAX
}

set_idx! {
    ALLEXPORT = "allexport", BRACEEXPAND = "braceexpand", ERREXIT = "errexit", ERRTRACE = "errtrace",
    FUNCTRACE = "functrace", HASHALL = "hashall", NOCLOBBER = "noclobber", NOEXEC = "noexec",
    NOGLOB = "noglob", NOUNSET = "nounset", PIPEFAIL = "pipefail", POSIX = "posix", VERBOSE = "verbose",
    XTRACE = "xtrace", INTERACTIVE_COMMENTS = "interactive-comments", KEYWORD = "keyword",
    HISTORY = "history", MONITOR = "monitor",
}

shopt_idx! {
    CDABLE_VARS = "cdable_vars", DOTGLOB = "dotglob", EXPAND_ALIASES = "expand_aliases", EXTGLOB = "extglob", FAILGLOB = "failglob",
    GLOBSTAR = "globstar", HISTAPPEND = "histappend", INHERIT_ERREXIT = "inherit_errexit", LASTPIPE = "lastpipe",
    NOCASEGLOB = "nocaseglob", NOCASEMATCH = "nocasematch", NULLGLOB = "nullglob",
    XPG_ECHO = "xpg_echo", GLOBSKIPDOTS = "globskipdots", EXTDEBUG = "extdebug",
    SHIFT_VERBOSE = "shift_verbose", EXTQUOTE = "extquote", SOURCEPATH = "sourcepath",
    PATSUB_REPLACEMENT = "patsub_replacement", INTERACTIVE_COMMENTS_SHOPT = "interactive_comments",
    CMDHIST = "cmdhist", PROMPTVARS = "promptvars", HOSTCOMPLETE = "hostcomplete",
    COMPLETE_FULLQUOTE = "complete_fullquote", PROGCOMP = "progcomp", CHECKWINSIZE = "checkwinsize",
    FORCE_FIGNORE = "force_fignore", LOCALVAR_UNSET = "localvar_unset", GLOBASCIIRANGES = "globasciiranges",
}

impl Default for Options {
    fn default() -> Self {
        let mut o = Options { set: [false; SET_OPTIONS.len()], shopt: [false; SHOPT_OPTIONS.len()], invocation: 'c', interactive: false, program: None };
        for i in [BRACEEXPAND, HASHALL, INTERACTIVE_COMMENTS] {
            o.set[i] = true;
        }
        for i in [
            GLOBSKIPDOTS, EXTQUOTE, SOURCEPATH, PATSUB_REPLACEMENT, INTERACTIVE_COMMENTS_SHOPT, CMDHIST,
            PROMPTVARS, HOSTCOMPLETE, COMPLETE_FULLQUOTE, PROGCOMP, CHECKWINSIZE, FORCE_FIGNORE,
            // Ranges in patterns always compare code points (bash 5.2's default).
            GLOBASCIIRANGES,
        ] {
            o.shopt[i] = true;
        }
        o
    }
}

impl Options {
    /// `$-`: the letters of the set options that have one, in bash's order.
    pub fn dash_flags(&self) -> String {
        let mut s = String::new();
        for (i, (_, c)) in SET_OPTIONS.iter().enumerate() {
            if let Some(c) = c {
                if self.set[i] {
                    s.push(*c);
                }
            }
        }
        if self.interactive {
            s.push('i');
        }
        // bash's order of the letters in $-
        let order = "abefhikmnptuvxBCEHPT";
        let mut out: String = order.chars().filter(|c| s.contains(*c)).collect();
        if self.invocation != '\0' {
            out.push(self.invocation);
        }
        out
    }

    /// `$SHELLOPTS`: the `set -o` options that are on, colon-separated.
    pub fn shellopts(&self) -> String {
        let on = SET_OPTIONS.iter().zip(self.set.iter()).filter(|(_, on)| **on).map(|((n, _), _)| *n);
        on.collect::<Vec<_>>().join(":")
    }

    /// `$BASHOPTS`: the `shopt` options that are on, colon-separated.
    pub fn bashopts(&self) -> String {
        let mut on: Vec<&str> = SHOPT_OPTIONS.iter().zip(self.shopt.iter()).filter(|(_, on)| **on).map(|(n, _)| *n).collect();
        on.sort_unstable();
        on.join(":")
    }

    /// Turn the `set -o` option at index `k` on or off (`vi` and `emacs` exclude each other).
    pub fn set_option(&mut self, k: usize, on: bool) {
        self.set[k] = on;
        // The line-editing modes exclude each other.
        let other = match SET_OPTIONS[k].0 {
            "vi" => "emacs",
            "emacs" => "vi",
            _ => return,
        };
        if on {
            if let Some(j) = Self::set_index_of(other) {
                self.set[j] = false;
            }
        }
    }

    /// Find a `set -o` option by name.
    pub fn set_index_of(name: &str) -> Option<usize> {
        SET_OPTIONS.iter().position(|(n, _)| *n == name)
    }

    /// Find a `set` option by its letter.
    pub fn letter_index(c: char) -> Option<usize> {
        SET_OPTIONS.iter().position(|(_, l)| *l == Some(c))
    }

    /// Find a `shopt` option by name.
    pub fn shopt_index_of(name: &str) -> Option<usize> {
        SHOPT_OPTIONS.iter().position(|n| *n == name)
    }
}
