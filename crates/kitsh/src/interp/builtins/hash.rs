//! `hash [-lr] [-p PATH] [-dt] [NAME...]`: the table of command paths found on `$PATH`.

use crate::interp::lookup::Hashed;
use crate::interp::{Exec, Shell};

/// `hash`
pub fn hash(sh: &mut Shell, args: &[String]) -> Exec {
    let (mut list, mut reset, mut delete, mut show) = (false, false, false, false);
    let mut given_path: Option<String> = None;
    let mut i = 1;
    while let Some(a) = args.get(i) {
        if a == "--" {
            i += 1;
            break;
        }
        if a.len() < 2 || !a.starts_with('-') {
            break;
        }
        let flags: Vec<char> = a[1..].chars().collect();
        for (k, c) in flags.iter().enumerate() {
            match c {
                'l' => list = true,
                'r' => reset = true,
                'd' => delete = true,
                't' => show = true,
                'p' => {
                    let rest: String = flags[k + 1..].iter().collect();
                    given_path = if rest.is_empty() {
                        i += 1;
                        args.get(i).cloned()
                    } else {
                        Some(rest)
                    };
                    if given_path.is_none() {
                        sh.builtin_error("hash", "-p: option requires an argument");
                        return Ok(2);
                    }
                    break;
                }
                _ => {
                    sh.builtin_error("hash", &format!("-{c}: invalid option"));
                    sh.write_fd(2, b"hash: usage: hash [-lr] [-p pathname] [-dt] [name ...]\n");
                    return Ok(2);
                }
            }
        }
        i += 1;
    }
    if reset {
        sh.defs.hashed.clear();
    }
    let names = &args[i.min(args.len())..];
    if names.is_empty() {
        if !reset {
            print_table(sh, list);
        }
        return Ok(0);
    }
    let mut status = 0;
    let mut out = String::new();
    for n in names {
        if let Some(p) = &given_path {
            sh.hash_insert(n, p.clone(), 0);
        } else if delete {
            if sh.defs.hashed.remove(n).is_none() {
                sh.builtin_error("hash", &format!("{n}: not found"));
                status = 1;
            }
        } else if show {
            match sh.defs.hashed.get(n) {
                Some(h) if names.len() > 1 => out.push_str(&format!("{n}\t{}\n", h.path)),
                Some(h) => out.push_str(&format!("{}\n", h.path)),
                None => {
                    sh.builtin_error("hash", &format!("{n}: not found"));
                    status = 1;
                }
            }
        } else if n.contains('/') || super::is_builtin(n) || sh.defs.funcs.contains_key(n) {
            // Builtins and functions are not hashed; bash says nothing for them.
            if !n.contains('/') && !sh.defs.funcs.contains_key(n) && !super::is_builtin(n) {
                status = 1;
            }
        } else {
            match sh.search_path(n, None) {
                Some(path) => {
                    sh.hash_insert(n, path, 0);
                }
                None => {
                    sh.builtin_error("hash", &format!("{n}: not found"));
                    status = 1;
                }
            }
        }
    }
    sh.out(out.as_bytes());
    Ok(status)
}

fn print_table(sh: &mut Shell, reusable: bool) {
    if sh.defs.hashed.is_empty() {
        sh.out(b"hash: hash table empty\n");
        return;
    }
    // bash's order: its 256 buckets (FNV-1 of the name) in turn, each newest first.
    let mut entries: Vec<(&String, &Hashed)> = sh.defs.hashed.iter().collect();
    entries.sort_by_key(|(name, h)| (crate::interp::vars::bash_hash(name) & 255, std::cmp::Reverse(h.seq)));
    let mut out = String::new();
    if !reusable {
        out.push_str("hits\tcommand\n");
    }
    for (name, h) in entries {
        if reusable {
            out.push_str(&format!("builtin hash -p {} {name}\n", h.path));
        } else {
            out.push_str(&format!("{:4}\t{}\n", h.hits, h.path));
        }
    }
    sh.out(out.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn table() {
        assert_eq!(out("hash"), "hash: hash table empty\n0");
        assert_eq!(out("cat </dev/null; hash"), "hits\tcommand\n   1\t/usr/bin/cat\n0");
        assert_eq!(out("hash cat ls; hash -t cat; hash -t cat ls"), "/usr/bin/cat\ncat\t/usr/bin/cat\nls\t/usr/bin/ls\n0");
        assert_eq!(out("hash -p /x/y foo; hash -l"), "builtin hash -p /x/y foo\n0");
        assert_eq!(out("hash cat; hash -r; hash"), "hash: hash table empty\n0");
        // bash's order (its buckets, newest first in one) and hit counts.
        assert_eq!(
            out("hash cat; hash ls; hash grep; hash sed; hash awk; hash"),
            "hits\tcommand\n   0\t/usr/bin/grep\n   0\t/usr/bin/ls\n   0\t/usr/bin/cat\n   0\t/usr/bin/awk\n   0\t/usr/bin/sed\n0"
        );
        assert_eq!(out("cat </dev/null; cat </dev/null; ls >/dev/null; hash cat; hash"), "hits\tcommand\n   1\t/usr/bin/ls\n   0\t/usr/bin/cat\n0");
    }

    #[test]
    fn errors() {
        assert_eq!(out("hash zz"), "bash: line 1: hash: zz: not found\n1");
        assert_eq!(out("hash -t zz"), "bash: line 1: hash: zz: not found\n1");
        assert_eq!(out("hash cd; echo $?"), "0\n0");
    }
}
