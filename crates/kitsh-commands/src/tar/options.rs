//! tar's command line as GNU tar 1.34 reads it: old-style bundled letters (`tar czf A ...`),
//! short and long options (unique prefixes), operands anywhere, and the positional options
//! (`-C`, `--wildcards`, `--anchored`, `--ignore-case`, ...) that apply to the names and
//! patterns given after them.

use super::matching::{self, Flags, Matcher, Wildcards};
use super::{syntax_error, usage_error, Member, Mode, Opts};
use crate::Ctx;

/// Long options and whether they take an argument.
const LONGS: &[(&str, bool)] = &[
    ("create", false),
    ("extract", false),
    ("get", false),
    ("list", false),
    ("file", true),
    ("gzip", false),
    ("gunzip", false),
    ("ungzip", false),
    ("directory", true),
    ("verbose", false),
    ("to-stdout", false),
    ("strip-components", true),
    ("dereference", false),
    ("keep-old-files", false),
    ("overwrite", false),
    ("exclude", true),
    ("exclude-from", true),
    ("exclude-vcs", false),
    ("exclude-backups", false),
    ("wildcards", false),
    ("no-wildcards", false),
    ("wildcards-match-slash", false),
    ("no-wildcards-match-slash", false),
    ("anchored", false),
    ("no-anchored", false),
    ("ignore-case", false),
    ("no-ignore-case", false),
    ("unquote", false),
    ("no-unquote", false),
    ("recursion", false),
    ("no-recursion", false),
    ("transform", true),
    ("xform", true),
    ("show-transformed-names", false),
    ("show-stored-names", false),
    ("absolute-names", false),
    ("owner", true),
    ("group", true),
    ("sort", true),
    ("touch", false),
    ("preserve-permissions", false),
    ("same-permissions", false),
    ("no-same-owner", false),
    ("same-owner", false),
    ("no-same-permissions", false),
    ("numeric-owner", false),
    ("auto-compress", false),
    ("bzip2", false),
    ("xz", false),
    ("help", false),
    ("version", false),
];

use super::fatal;

/// GNU's `parse_owner_group` for `--owner` / `--group`: `NAME:ID`, an ID alone, or a name
/// (whose id `lookup` finds, if it can).
fn owner_group(ctx: &mut Ctx<'_>, arg: &str, lookup: impl Fn(&str) -> Option<u32>) -> Result<(Option<String>, Option<u32>), i32> {
    let bad = |ctx: &mut Ctx<'_>, num: &str| fatal(ctx, &format!("{}: Invalid owner or group ID", super::names::quote_colon(num)));
    if let Some((name, num)) = arg.split_once(':') {
        let id = match num.parse::<u32>() {
            Ok(n) if num.bytes().all(|b| b.is_ascii_digit()) => n,
            _ => return Err(bad(ctx, num)),
        };
        return Ok(((!name.is_empty()).then(|| name.to_string()), Some(id)));
    }
    // Digits followed by something else are a name.
    if !arg.is_empty() && arg.bytes().all(|b| b.is_ascii_digit()) {
        return match arg.parse::<u32>() {
            Ok(n) => Ok((None, Some(n))),
            Err(_) => Err(bad(ctx, arg)),
        };
    }
    Ok((Some(arg.to_string()), lookup(arg)))
}

/// Apply one option (by short letter or long name) with its value.
fn apply(ctx: &mut Ctx<'_>, o: &mut Opts, opt: &str, val: Option<String>) -> Result<(), i32> {
    let set_mode = |ctx: &mut Ctx<'_>, o: &mut Opts, m: Mode| {
        if o.mode.is_some_and(|x| x != m) {
            return Err(usage_error(ctx, "You may not specify more than one '-Acdtrux', '--delete' or  '--test-label' option"));
        }
        o.mode = Some(m);
        Ok(())
    };
    let v = val.unwrap_or_default();
    match opt {
        "c" | "create" => set_mode(ctx, o, Mode::Create)?,
        "x" | "extract" | "get" => set_mode(ctx, o, Mode::Extract)?,
        "t" | "list" => set_mode(ctx, o, Mode::List)?,
        "f" | "file" => o.file = Some(v),
        "z" | "gzip" | "gunzip" | "ungzip" => o.gzip = true,
        "C" | "directory" => o.dir = Some(v),
        "v" | "verbose" => o.verbose = o.verbose.saturating_add(1),
        "O" | "to-stdout" => o.to_stdout = true,
        "strip-components" => match v.parse::<usize>() {
            Ok(n) => o.strip = n,
            Err(_) => {
                let _ = writeln!(ctx.stderr, "tar: {}: Invalid number of elements", super::names::quote_colon(&v));
                let _ = writeln!(ctx.stderr, "Try 'tar --help' or 'tar --usage' for more information.");
                return Err(2);
            }
        },
        "h" | "dereference" => o.dereference = true,
        "k" | "keep-old-files" => o.keep_old = true,
        "a" | "auto-compress" => o.auto = true,
        "m" | "touch" => o.touch = true,
        "P" | "absolute-names" => o.absolute = true,
        "numeric-owner" => o.numeric_owner = true,
        "exclude" => o.excludes.push(Matcher::exclude(&v, &o.flags)),
        // After a file that cannot be read, GNU stops before reading more.
        "X" | "exclude-from" if o.unreadable_excludes.is_none() => match ctx.read_input(&v) {
            Ok(data) => {
                for p in matching::exclude_file_patterns(&data) {
                    o.excludes.push(Matcher::exclude(&p, &o.flags));
                }
            }
            Err(e) => o.unreadable_excludes = Some(format!("{}: {e}", super::names::quote_colon(&v))),
        },
        "exclude-vcs" => o.excludes.extend(matching::VCS.iter().map(|p| Matcher::builtin(p, false))),
        "exclude-backups" => o.excludes.extend(matching::BACKUPS.iter().map(|p| Matcher::builtin(p, true))),
        "wildcards" => o.flags.wildcards = Wildcards::On,
        "no-wildcards" => o.flags.wildcards = Wildcards::Off,
        "wildcards-match-slash" => o.flags.match_slash = true,
        "no-wildcards-match-slash" => o.flags.match_slash = false,
        "anchored" => o.flags.anchored = Some(true),
        "no-anchored" => o.flags.anchored = Some(false),
        "ignore-case" => o.flags.ignore_case = true,
        "no-ignore-case" => o.flags.ignore_case = false,
        "unquote" => o.unquote = true,
        "no-unquote" => o.unquote = false,
        "recursion" => o.flags.recursion = true,
        "no-recursion" => o.flags.recursion = false,
        "transform" | "xform" => {
            if let Err(msg) = o.transforms.add(&v) {
                return Err(usage_error(ctx, &msg));
            }
        }
        "show-transformed-names" => o.show_transformed = true,
        "show-stored-names" => o.show_transformed = false,
        "owner" => {
            let names = crate::accounts::Names::load(ctx.fs);
            o.owner = Some(owner_group(ctx, &v, |n| names.uid_of(n))?);
        }
        "group" => {
            let names = crate::accounts::Names::load(ctx.fs);
            o.group = Some(owner_group(ctx, &v, |n| names.gid_of(n))?);
        }
        "j" | "J" | "bzip2" | "xz" => {
            let _ = writeln!(ctx.stderr, "tar: only gzip compression (-z) is supported by kitsh");
            return Err(2);
        }
        "help" => {
            return Err(match ctx.stdout.write_all(super::HELP.as_bytes()) {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            });
        }
        "version" => {
            return Err(match ctx.stdout.write_all(b"tar (GNU tar) 1.34\n") {
                Ok(()) => 0,
                Err(e) => crate::args::write_failed(ctx, &e),
            });
        }
        _ => {}
    }
    Ok(())
}

/// Short letters taking an argument.
fn short_takes_arg(c: char) -> bool {
    matches!(c, 'f' | 'C' | 'T' | 'X' | 'b' | 'N' | 'K' | 'L' | 'V' | 'g' | 'H')
}

/// Short letters known to GNU tar that kitsh accepts (some are ignored).
fn short_known(c: char) -> bool {
    "cxtfzCvOhkmjJpPsoaw".contains(c) || short_takes_arg(c)
}

/// Record an operand (unquoted unless `--no-unquote`) with the directory and the matching
/// options in force.
fn operand(o: &mut Opts, name: &str) {
    let name = if o.unquote { super::names::unquote(name) } else { name.to_string() };
    let matcher = Matcher::member(super::names::trim_slashes(&name), &o.flags);
    o.members.push(Member { given: name, dir: o.dir.clone(), matcher });
}

/// Parse the command line.
pub(super) fn parse(ctx: &mut Ctx<'_>, argv: &[String]) -> Result<Opts, i32> {
    let mut o = Opts {
        mode: None,
        file: None,
        gzip: false,
        verbose: 0,
        to_stdout: false,
        strip: 0,
        dereference: false,
        keep_old: false,
        touch: false,
        auto: false,
        absolute: false,
        numeric_owner: false,
        owner: None,
        group: None,
        excludes: Vec::new(),
        unreadable_excludes: None,
        flags: Flags::default(),
        transforms: Default::default(),
        show_transformed: false,
        unquote: true,
        members: Vec::new(),
        dir: None,
    };
    let mut i = 0;
    // Old style: `tar czf ARCHIVE ...`.
    if let Some(first) = argv.first() {
        if !first.starts_with('-') && !first.is_empty() {
            i = 1;
            for c in first.chars() {
                if !short_known(c) {
                    return Err(syntax_error(ctx, &format!("invalid option -- '{c}'")));
                }
                let val = if short_takes_arg(c) {
                    let v = argv.get(i).cloned();
                    if v.is_none() {
                        return Err(syntax_error(ctx, &format!("option requires an argument -- '{c}'")));
                    }
                    i += 1;
                    v
                } else {
                    None
                };
                apply(ctx, &mut o, &c.to_string(), val)?;
            }
        }
    }
    while i < argv.len() {
        let a = &argv[i];
        i += 1;
        if a == "--" {
            for m in &argv[i..] {
                operand(&mut o, m);
            }
            break;
        }
        if let Some(body) = a.strip_prefix("--") {
            let (name, val) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let hits: Vec<&(&str, bool)> = LONGS.iter().filter(|(l, _)| l.starts_with(name)).collect();
            let exact = LONGS.iter().find(|(l, _)| *l == name);
            let (long, takes) = match (exact, hits.as_slice()) {
                (Some(e), _) => *e,
                (None, [one]) => **one,
                (None, []) => return Err(syntax_error(ctx, &format!("unrecognized option '{a}'"))),
                (None, _) => {
                    let all: String = hits.iter().map(|(l, _)| format!(" '--{l}'")).collect();
                    return Err(syntax_error(ctx, &format!("option '--{name}' is ambiguous; possibilities:{all}")));
                }
            };
            let val = if takes {
                match val {
                    Some(v) => Some(v),
                    None => match argv.get(i) {
                        Some(v) => {
                            i += 1;
                            Some(v.clone())
                        }
                        None => return Err(syntax_error(ctx, &format!("option '--{long}' requires an argument"))),
                    },
                }
            } else if val.is_some() {
                return Err(syntax_error(ctx, &format!("option '--{long}' doesn't allow an argument")));
            } else {
                None
            };
            apply(ctx, &mut o, long, val)?;
            continue;
        }
        if a.len() > 1 && a.starts_with('-') {
            let chars: Vec<char> = a[1..].chars().collect();
            let mut k = 0;
            while k < chars.len() {
                let c = chars[k];
                k += 1;
                if !short_known(c) {
                    return Err(syntax_error(ctx, &format!("invalid option -- '{c}'")));
                }
                let val = if short_takes_arg(c) {
                    let rest: String = chars[k..].iter().collect();
                    k = chars.len();
                    if !rest.is_empty() {
                        Some(rest)
                    } else if let Some(v) = argv.get(i) {
                        i += 1;
                        Some(v.clone())
                    } else {
                        return Err(syntax_error(ctx, &format!("option requires an argument -- '{c}'")));
                    }
                } else {
                    None
                };
                apply(ctx, &mut o, &c.to_string(), val)?;
            }
            continue;
        }
        operand(&mut o, a);
    }
    Ok(o)
}
