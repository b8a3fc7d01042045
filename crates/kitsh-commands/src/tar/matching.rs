//! Name matching as GNU tar does it, for member operands of `-t`/`-x` and for `--exclude`
//! patterns: the positional options `--wildcards`/`--no-wildcards`, `--anchored`/
//! `--no-anchored`, `--ignore-case`, `--wildcards-match-slash` and `--recursion` in force when
//! the name or pattern was given, gnulib's `exclude_fnmatch` (an unanchored pattern may match
//! after any `/`; with recursion it also matches the leading directories of a name), the
//! `--exclude-vcs` / `--exclude-backups` lists and `-X FILE`.

use kitsh_core::pattern::{MatchOpts, Pattern as Glob};

/// `--wildcards` / `--no-wildcards`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wildcards {
    /// Neither given: on for exclusions, off for member operands.
    Default,
    /// `--wildcards`.
    On,
    /// `--no-wildcards`.
    Off,
}

/// The matching options in force at a point of the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flags {
    /// `--wildcards` / `--no-wildcards`.
    pub wildcards: Wildcards,
    /// `--anchored` / `--no-anchored` (neither: anchored for operands, not for exclusions).
    pub anchored: Option<bool>,
    /// `--ignore-case`.
    pub ignore_case: bool,
    /// Wildcards match `/` (the default; off with `--no-wildcards-match-slash`).
    pub match_slash: bool,
    /// `--recursion` (the default): a name also selects what is below it.
    pub recursion: bool,
}

impl Default for Flags {
    fn default() -> Self {
        Flags { wildcards: Wildcards::Default, anchored: None, ignore_case: false, match_slash: true, recursion: true }
    }
}

/// One compiled name or pattern with the options it matches with.
#[derive(Debug, Clone)]
pub struct Matcher {
    text: String,
    /// The compiled pattern, when wildcards are on.
    glob: Option<Glob>,
    anchored: bool,
    ignore_case: bool,
    leading_dir: bool,
}

/// Whether `s` has a character `fnmatch` treats specially (GNU's
/// `fnmatch_pattern_has_wildcards` without options: `?`, `*`, `[`, `]`).
pub fn has_wildcards(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'?' | b'*' | b'[' | b']' => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

impl Matcher {
    fn build(text: &str, wildcards: bool, anchored: bool, ignore_case: bool, match_slash: bool, leading_dir: bool) -> Matcher {
        let glob = wildcards.then(|| Glob::new(text, MatchOpts { extglob: false, nocase: ignore_case, pathname: !match_slash, dotglob: true }));
        Matcher { text: text.to_string(), glob, anchored, ignore_case, leading_dir }
    }

    /// A member operand of `-t`/`-x` with the options in force when it was given.
    pub fn member(text: &str, f: &Flags) -> Matcher {
        Self::build(text, f.wildcards == Wildcards::On, f.anchored.unwrap_or(true), f.ignore_case, f.match_slash, f.recursion)
    }

    /// An `--exclude` pattern with the options in force when it was given.
    pub fn exclude(text: &str, f: &Flags) -> Matcher {
        Self::build(text, f.wildcards != Wildcards::Off, f.anchored.unwrap_or(false), f.ignore_case, f.match_slash, f.recursion)
    }

    /// A pattern of GNU's built-in lists: exact names matched after any `/` (`--exclude-vcs`)
    /// or unanchored wildcards (`--exclude-backups`), never their leading directories.
    pub fn builtin(text: &str, wildcards: bool) -> Matcher {
        Self::build(text, wildcards, false, false, true, false)
    }

    /// The name or pattern as given.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the whole of `s` matches (or, with recursion, `s` up to one of its `/`).
    fn whole(&self, s: &str) -> bool {
        let one = |t: &str| match &self.glob {
            Some(g) => g.matches(t),
            None if self.ignore_case => t.to_lowercase() == self.text.to_lowercase(),
            None => t == self.text,
        };
        if one(s) {
            return true;
        }
        self.leading_dir && s.match_indices('/').any(|(i, _)| one(&s[..i]))
    }

    /// gnulib's `exclude_fnmatch`: `name` matches as a whole or, unanchored, from after any of
    /// its `/` (not one of several in a row).
    pub fn matches(&self, name: &str) -> bool {
        if self.whole(name) {
            return true;
        }
        if self.anchored {
            return false;
        }
        let b = name.as_bytes();
        (0..b.len()).any(|i| b[i] == b'/' && b.get(i + 1).is_some_and(|&c| c != b'/') && self.whole(&name[i + 1..]))
    }
}

/// `--exclude-vcs`: GNU tar's list of version control files and directories.
pub const VCS: &[&str] = &[
    "CVS",
    ".cvsignore",
    "RCS",
    "SCCS",
    ".svn",
    ".git",
    ".gitignore",
    ".gitattributes",
    ".gitmodules",
    ".arch-ids",
    "{arch}",
    "=RELEASE-ID",
    "=meta-update",
    "=update",
    ".bzr",
    ".bzrignore",
    ".bzrtags",
    ".hg",
    ".hgignore",
    ".hgtags",
    "_darcs",
];

/// `--exclude-backups`: GNU tar's backup and lock file patterns.
pub const BACKUPS: &[&str] = &[".#*", "*~", "#*#"];

/// The patterns of an `-X FILE` file: one a line, trailing white space dropped, blank lines
/// skipped (gnulib's `add_exclude_fp` with `\n` ends).
pub fn exclude_file_patterns(data: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(data).split('\n').map(|l| l.trim_end_matches(|c: char| c.is_ascii_whitespace())).filter(|l| !l.is_empty()).map(str::to_string).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exclusion() {
        let f = Flags::default();
        let m = Matcher::exclude("*.log", &f);
        assert!(m.matches("d/s/h.log"));
        let m = Matcher::exclude("s", &f);
        assert!(m.matches("d/s") && m.matches("d/s/g.txt") && !m.matches("d/sx"));
        let m = Matcher::exclude("d/*", &f);
        assert!(!m.matches("d") && m.matches("d/f"));
        let m = Matcher::exclude("s/", &f);
        assert!(!m.matches("d/s/g"));
        let anchored = Flags { anchored: Some(true), ..f };
        assert!(!Matcher::exclude("s", &anchored).matches("d/s"));
        assert!(Matcher::builtin(".git", false).matches("d/.git") && !Matcher::builtin(".git", false).matches("d/.git/c"));
    }

    #[test]
    fn members() {
        let f = Flags::default();
        let m = Matcher::member("d/*.txt", &f);
        assert!(!m.matches("d/f.txt"));
        let w = Flags { wildcards: Wildcards::On, ..f };
        let m = Matcher::member("d/*.txt", &w);
        assert!(m.matches("d/f.txt") && m.matches("d/s/g.txt"));
        let m = Matcher::member("d/*.txt", &Flags { match_slash: false, ..w });
        assert!(m.matches("d/f.txt") && !m.matches("d/s/g.txt"));
        assert!(Matcher::member("d", &f).matches("d/f") && !Matcher::member("d", &f).matches("dx/f"));
        assert!(!Matcher::member("d", &Flags { recursion: false, ..f }).matches("d/f"));
        assert!(has_wildcards("a[b") && !has_wildcards("a\\*b"));
        assert_eq!(exclude_file_patterns(b"*.log \n\n.git\n"), vec!["*.log", ".git"]);
    }
}
