//! `tree`: list directories as an indented tree, as tree 2.1 prints it (`-a -d -L -f -i -l -I
//! -P --prune --noreport -F -s -h -J -r -U --dirsfirst --filesfirst -C -n -Q -N --charset`).
//!
//! Names are sorted by their bytes (the C and C.UTF-8 collations); lines are drawn with ASCII
//! in the C locale and with box-drawing characters in a UTF-8 one; names are escaped as tree
//! escapes them in each. The report counts the entries listed (a symbolic link to a directory
//! is a directory) plus each root directory whose listing is not empty, as tree 2.1 does.


use super::args::{self, human};
use super::{Builtin, Ctx};
use kitsh_core::fs::{join_path, FileType};
use kitsh_core::pattern::{MatchOpts, Pattern};

/// The `tree` command.
pub struct Tree;

const VERSION: &str = "tree v2.1.0 \u{a9} 1996 - 2022 by Steve Baker, Thomas Moore, Francesc Rocher, Florian Sesser, Kyosuke Tokoro\n";

const USAGE: &str = "usage: tree [-acdfghilnpqrstuvxACDFJQNSUX] [-L level [-R]] [-H  baseHREF]
\t[-T title] [-o filename] [-P pattern] [-I pattern] [--gitignore]
\t[--gitfile[=]file] [--matchdirs] [--metafirst] [--ignore-case]
\t[--nolinks] [--hintro[=]file] [--houtro[=]file] [--inodes] [--device]
\t[--sort[=]<name>] [--dirsfirst] [--filesfirst] [--filelimit #] [--si]
\t[--du] [--prune] [--charset[=]X] [--timefmt[=]format] [--fromfile]
\t[--fflinks] [--info] [--infofile[=]file] [--noreport] [--version]
\t[--help] [--] [directory ...]
";

/// What the options ask for.
#[derive(Default)]
struct Opts {
    all: bool,
    dirs_only: bool,
    level: Option<usize>,
    full_path: bool,
    no_indent: bool,
    follow: bool,
    ignore: Vec<Pattern>,
    include: Vec<Pattern>,
    prune: bool,
    noreport: bool,
    classify: bool,
    size: bool,
    human: bool,
    json: bool,
    reverse: bool,
    unsorted: bool,
    dirs_first: bool,
    files_first: bool,
    quote: bool,
    raw: bool,
    ascii: bool,
}

/// One entry of a listing.
struct Node {
    name: String,
    path: String,
    /// A directory, or a link to one.
    dir: bool,
    link: Option<String>,
    executable: bool,
    size: u64,
    children: Option<Vec<Node>>,
    /// `-l`: a link to a directory already listed, not followed again.
    recursive: bool,
}

/// Entries listed: directories and the rest.
#[derive(Default)]
struct Counts {
    dirs: usize,
    files: usize,
}

impl Builtin for Tree {
    fn run(&self, ctx: &mut Ctx<'_>, argv: &[String]) -> i32 {
        let mut o = Opts { ascii: args::c_locale(), ..Opts::default() };
        let mut roots: Vec<String> = Vec::new();
        let pat = |p: &str| p.split('|').map(|alt| Pattern::new(alt, MatchOpts::default())).collect::<Vec<_>>();
        let mut i = 0;
        let mut only_dirs = false;
        while i < argv.len() {
            let a = &argv[i];
            i += 1;
            if only_dirs || a == "-" || !a.starts_with('-') {
                roots.push(a.clone());
                continue;
            }
            if a == "--" {
                only_dirs = true;
                continue;
            }
            if let Some(long) = a.strip_prefix("--") {
                let (name, value) = match long.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_string())),
                    None => (long, None),
                };
                match name {
                    "noreport" => o.noreport = true,
                    "prune" => o.prune = true,
                    "dirsfirst" => o.dirs_first = true,
                    "filesfirst" => o.files_first = true,
                    "help" => return write(ctx, USAGE, 0),
                    "version" => return write(ctx, VERSION, 0),
                    "charset" => {
                        let v = match value {
                            Some(v) => v,
                            None if i < argv.len() => {
                                i += 1;
                                argv[i - 1].clone()
                            }
                            None => return fail(ctx, "Missing argument to --charset option."),
                        };
                        o.ascii = v.eq_ignore_ascii_case("ascii") || v.eq_ignore_ascii_case("us-ascii") || (o.ascii && !v.to_ascii_lowercase().starts_with("utf"));
                    }
                    _ => return usage(ctx, &format!("Invalid argument `{a}'.")),
                }
                continue;
            }
            for c in a[1..].chars() {
                match c {
                    'a' => o.all = true,
                    'd' => o.dirs_only = true,
                    'f' => o.full_path = true,
                    'i' => o.no_indent = true,
                    'l' => o.follow = true,
                    'F' => o.classify = true,
                    's' => o.size = true,
                    'h' => (o.size, o.human) = (true, true),
                    'J' => o.json = true,
                    'r' => o.reverse = true,
                    'U' => o.unsorted = true,
                    'Q' => o.quote = true,
                    'N' => o.raw = true,
                    'C' | 'n' => {}
                    'L' | 'I' | 'P' => {
                        let Some(v) = argv.get(i) else {
                            return fail(ctx, &format!("Missing argument to -{c} option."));
                        };
                        i += 1;
                        match c {
                            'L' => match v.parse::<usize>() {
                                Ok(n) if n > 0 => o.level = Some(n),
                                _ => return fail(ctx, "Invalid level, must be greater than 0."),
                            },
                            'I' => o.ignore.extend(pat(v)),
                            _ => o.include.extend(pat(v)),
                        }
                    }
                    _ => return usage(ctx, &format!("Invalid argument -`{c}'.")),
                }
            }
        }
        if roots.is_empty() {
            roots.push(".".to_string());
        }
        let mut counts = Counts::default();
        let mut out: Vec<u8> = Vec::new();
        let mut status = 0;
        if o.json {
            out.extend_from_slice(b"[\n");
        }
        for (r, root) in roots.iter().enumerate() {
            let path = join_path(ctx.cwd, root);
            let meta = ctx.fs.stat(&path);
            let is_dir = meta.as_ref().is_ok_and(|m| m.file_type == FileType::Dir);
            let mut seen = std::collections::HashSet::new();
            if o.follow {
                seen.insert(ctx.fs.canonicalize(&path).unwrap_or_else(|_| path.clone()));
            }
            let children = if is_dir { Some(list(ctx, &o, &path, root, 1, &mut counts, &mut seen)) } else { None };
            if children.as_ref().is_some_and(|c| !c.is_empty()) {
                counts.dirs += 1;
            }
            if !is_dir {
                if meta.is_ok() {
                    counts.files += 1;
                } else {
                    status = 2;
                }
            }
            let size = meta.map(|m| m.len).unwrap_or(0);
            let node = Node { name: root.clone(), path, dir: is_dir, link: None, executable: false, size, children, recursive: false };
            if o.json {
                json_node(&o, &node, 1, &mut out);
                // tree 2.1 puts a comma after a root with contents when another root follows.
                let more = r + 1 < roots.len() && node.children.as_ref().is_some_and(|c| !c.is_empty());
                out.extend_from_slice(if more { b",\n" } else { b"\n" });
            } else {
                text_root(&o, &node, &mut out);
            }
        }
        if o.json {
            out.extend_from_slice(if o.noreport { b"\n" } else { b",\n" });
            if !o.noreport {
                let files = if o.dirs_only { String::new() } else { format!(",\"files\":{}", counts.files) };
                out.extend_from_slice(format!("  {{\"type\":\"report\",\"directories\":{}{files}}}\n", counts.dirs).as_bytes());
            }
            out.extend_from_slice(b"]\n");
        } else if !o.noreport {
            let plural = |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
            let dirs = plural(counts.dirs, "directory", "directories");
            let report = if o.dirs_only { format!("\n{dirs}\n") } else { format!("\n{dirs}, {}\n", plural(counts.files, "file", "files")) };
            out.extend_from_slice(report.as_bytes());
        }
        match ctx.stdout.write_all(&out) {
            Ok(()) => status,
            Err(_) => 1,
        }
    }
}

fn write(ctx: &mut Ctx<'_>, text: &str, status: i32) -> i32 {
    let _ = ctx.stdout.write_all(text.as_bytes());
    status
}

fn fail(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    let _ = writeln!(ctx.stderr, "tree: {msg}");
    1
}

fn usage(ctx: &mut Ctx<'_>, msg: &str) -> i32 {
    let _ = write!(ctx.stderr, "tree: {msg}\n{USAGE}");
    1
}

/// The entries of directory `path` (shown as `shown`) at `depth`, filtered, sorted, with their
/// own listings down to the level asked for; counted as they are kept. `seen`: with `-l`, the
/// directories listed so far (a link to one of them is not followed again).
fn list(ctx: &Ctx<'_>, o: &Opts, path: &str, shown: &str, depth: usize, counts: &mut Counts, seen: &mut std::collections::HashSet<String>) -> Vec<Node> {
    if ctx.cancel.cancelled() {
        return Vec::new();
    }
    let Ok(entries) = ctx.fs.read_dir(path) else { return Vec::new() };
    let mut nodes = Vec::new();
    for e in entries {
        if e.name == "." || e.name == ".." || (!o.all && e.name.starts_with('.')) {
            continue;
        }
        let full = join_path(path, &e.name);
        let shown_path = if shown.ends_with('/') { format!("{shown}{}", e.name) } else { format!("{shown}/{}", e.name) };
        let lmeta = ctx.fs.lstat(&full).ok();
        let link = lmeta.as_ref().filter(|m| m.file_type == FileType::Symlink).and_then(|_| ctx.fs.read_link(&full).ok());
        let target = ctx.fs.stat(&full).ok();
        let dir = target.as_ref().is_some_and(|m| m.file_type == FileType::Dir);
        if o.dirs_only && !dir {
            continue;
        }
        if o.ignore.iter().any(|p| p.matches(&e.name)) {
            continue;
        }
        if !dir && !o.include.is_empty() && !o.include.iter().any(|p| p.matches(&e.name)) {
            continue;
        }
        let meta = if link.is_some() { lmeta.as_ref() } else { target.as_ref() };
        let executable = meta.is_some_and(|m| m.file_type == FileType::File && m.mode & 0o111 != 0);
        let size = meta.map_or(0, |m| m.len);
        let mut descend = dir && (link.is_none() || o.follow) && o.level.is_none_or(|l| depth < l);
        let mut recursive = false;
        if descend && o.follow {
            let real = ctx.fs.canonicalize(&full).unwrap_or_else(|_| full.clone());
            if !seen.insert(real) {
                (descend, recursive) = (false, link.is_some());
            }
        }
        let children = if descend { Some(list(ctx, o, &full, &shown_path, depth + 1, counts, seen)) } else { None };
        if o.prune && dir && children.as_ref().is_none_or(Vec::is_empty) && link.is_none() {
            continue;
        }
        nodes.push(Node { name: e.name, path: shown_path, dir, link, executable, size, children, recursive });
    }
    if !o.unsorted {
        nodes.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
        if o.reverse {
            nodes.reverse();
        }
        // A link to a directory sorts with the directories.
        if o.dirs_first {
            nodes.sort_by_key(|n| !n.dir);
        } else if o.files_first {
            nodes.sort_by_key(|n| n.dir);
        }
    }
    for n in &nodes {
        if n.dir {
            counts.dirs += 1;
        } else {
            counts.files += 1;
        }
    }
    nodes
}

/// A name as tree prints it: C-locale escapes (`\ `, `\t`, `\\`, `\ooo`) in the C locale,
/// `\ooo` for what cannot be printed in a UTF-8 one; `-N` prints it as it is, `-Q` quotes it.
fn escape(o: &Opts, name: &str) -> String {
    let mut s = String::with_capacity(name.len() + 2);
    if o.quote {
        s.push('"');
    }
    if o.raw {
        s.push_str(name);
    } else if o.ascii {
        for &b in kitsh_core::util::bytes::encode(name).iter() {
            match b {
                b' ' if !o.quote => s.push_str("\\ "),
                b'\\' => s.push_str("\\\\"),
                b'"' if o.quote => s.push_str("\\\""),
                b'\t' => s.push_str("\\t"),
                b'\n' => s.push_str("\\n"),
                b'\r' => s.push_str("\\r"),
                0x07 => s.push_str("\\a"),
                0x08 => s.push_str("\\b"),
                0x0b => s.push_str("\\v"),
                0x0c => s.push_str("\\f"),
                0x20..=0x7e => s.push(b as char),
                _ => s.push_str(&format!("\\{b:03o}")),
            }
        }
    } else {
        for c in name.chars() {
            if c.is_control() {
                let mut buf = [0u8; 4];
                for b in c.encode_utf8(&mut buf).bytes() {
                    s.push_str(&format!("\\{b:03o}"));
                }
            } else {
                if o.quote && c == '"' {
                    s.push('\\');
                }
                s.push(c);
            }
        }
    }
    if o.quote {
        s.push('"');
    }
    s
}

/// A size column: `[   6]` (-h) or `[          6]` (-s).
fn size_col(o: &Opts, n: &Node) -> String {
    if o.human {
        let h = human(n.size, 1024);
        format!("[{h:>4}]  ")
    } else if o.size {
        format!("[{:>11}]  ", n.size)
    } else {
        String::new()
    }
}

/// The text form of one root and what is under it.
fn text_root(o: &Opts, root: &Node, out: &mut Vec<u8>) {
    let mut line = size_col(o, root);
    line.push_str(&escape(o, &root.name));
    if o.classify && root.dir {
        line.push('/');
    }
    if root.children.is_none() && !root.dir {
        line.push_str("  [error opening dir]");
    }
    line.push('\n');
    out.extend_from_slice(line.as_bytes());
    if let Some(children) = &root.children {
        text_nodes(o, children, &mut String::new(), out);
    }
}

fn text_nodes(o: &Opts, nodes: &[Node], prefix: &mut String, out: &mut Vec<u8>) {
    let (tee, last, bar, gap) = if o.ascii { ("|-- ", "`-- ", "|   ", "    ") } else { ("├── ", "└── ", "│\u{a0}\u{a0} ", "    ") };
    for (k, n) in nodes.iter().enumerate() {
        let is_last = k + 1 == nodes.len();
        let mut line = String::new();
        if !o.no_indent {
            line.push_str(prefix);
            line.push_str(if is_last { last } else { tee });
        }
        line.push_str(&size_col(o, n));
        line.push_str(&escape(o, if o.full_path { &n.path } else { &n.name }));
        if let Some(target) = &n.link {
            line.push_str(" -> ");
            line.push_str(&escape(o, target));
            if o.classify && n.dir {
                line.push('/');
            }
            if n.recursive {
                line.push_str("  [recursive, not followed]");
            }
        } else if o.classify {
            if n.dir {
                line.push('/');
            } else if n.executable {
                line.push('*');
            }
        }
        line.push('\n');
        out.extend_from_slice(line.as_bytes());
        if let Some(children) = &n.children {
            let len = prefix.len();
            prefix.push_str(if is_last { gap } else { bar });
            text_nodes(o, children, prefix, out);
            prefix.truncate(len);
        }
    }
}

/// A JSON string as tree writes it (`\"`, `\\`, `\t`..., `\u00XX` for other controls).
fn json_str(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// One entry at `depth` (indented two spaces per level), its contents when it was listed.
fn json_node(o: &Opts, n: &Node, depth: usize, out: &mut Vec<u8>) {
    let indent = "  ".repeat(depth);
    let kind = if n.link.is_some() {
        "link"
    } else if n.dir {
        "directory"
    } else {
        "file"
    };
    let mut s = format!("{indent}{{\"type\":\"{kind}\",\"name\":{}", json_str(if o.full_path { &n.path } else { &n.name }));
    if let Some(t) = &n.link {
        s.push_str(&format!(",\"target\":{}", json_str(t)));
    }
    if o.size {
        s.push_str(&format!(",\"size\":{}", n.size));
    }
    out.extend_from_slice(s.as_bytes());
    match &n.children {
        Some(children) if !children.is_empty() => {
            out.extend_from_slice(b",\"contents\":[\n");
            for (k, c) in children.iter().enumerate() {
                json_node(o, c, depth + 1, out);
                out.extend_from_slice(if k + 1 < children.len() { b",\n" } else { b"\n" });
            }
            out.extend_from_slice(format!("{indent}]}}").as_bytes());
        }
        _ => out.push(b'}'),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_escaped_by_locale() {
        let c = Opts { ascii: true, ..Opts::default() };
        assert_eq!(escape(&c, "a b\tc\\d\u{1}é"), "a\\ b\\tc\\\\d\\001\\303\\251");
        let u = Opts::default();
        assert_eq!(escape(&u, "a b\tc\\d\u{1}é"), "a b\\011c\\d\\001é");
    }

    #[test]
    fn json_strings() {
        assert_eq!(json_str("a\"b\\c\td\u{1}é"), "\"a\\\"b\\\\c\\td\\u0001é\"");
    }
}
