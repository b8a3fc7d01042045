//! `umask [-p] [-S] [MODE]`: show or set the file creation mask, in octal or with chmod-style
//! symbolic clauses (`u=rwx,g-w,o=`), which bash applies to the permissions the mask allows.

use crate::interp::{Exec, Shell};

const USAGE: &str = "umask: usage: umask [-p] [-S] [mode]\n";

/// `umask`
pub fn umask(sh: &mut Shell, args: &[String]) -> Exec {
    let (flags, i) = match super::parse_flags(sh, args, "umask", "pS", USAGE, false) {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let (print_cmd, symbolic) = (flags.contains(&'p'), flags.contains(&'S'));
    let Some(mode) = args.get(i) else {
        let m = sh.proc.umask;
        let text = if symbolic { symbolic_text(m) } else { format!("{m:04o}") };
        let prefix = match (print_cmd, symbolic) {
            (true, true) => "umask -S ",
            (true, false) => "umask ",
            _ => "",
        };
        sh.out(format!("{prefix}{text}\n").as_bytes());
        return Ok(0);
    };
    let new = if mode.starts_with(|c: char| c.is_ascii_digit()) {
        match u32::from_str_radix(mode, 8) {
            Ok(n) if n <= 0o777 => n,
            _ => {
                sh.builtin_error("umask", &format!("{mode}: octal number out of range"));
                return Ok(1);
            }
        }
    } else {
        match apply_symbolic(sh.proc.umask, mode) {
            Ok(n) => n,
            Err(msg) => {
                sh.builtin_error("umask", &msg);
                return Ok(1);
            }
        }
    };
    sh.proc.umask = new;
    if symbolic {
        sh.out(format!("{}\n", symbolic_text(new)).as_bytes());
    }
    Ok(0)
}

/// `u=rwx,g=rx,o=rx` for mask `m`.
fn symbolic_text(m: u32) -> String {
    let part = |shift: u32| {
        let bits = !(m >> shift) & 7;
        let mut s = String::new();
        for (b, c) in [(4, 'r'), (2, 'w'), (1, 'x')] {
            if bits & b != 0 {
                s.push(c);
            }
        }
        s
    };
    format!("u={},g={},o={}", part(6), part(3), part(0))
}

/// Apply symbolic clauses to the permissions mask `umask` allows; the new mask.
fn apply_symbolic(umask: u32, mode: &str) -> Result<u32, String> {
    let mut perms = !umask & 0o777;
    let cs: Vec<char> = mode.chars().collect();
    let mut i = 0;
    loop {
        let mut who = 0;
        while let Some(c) = cs.get(i) {
            match c {
                'u' => who |= 0o700,
                'g' => who |= 0o070,
                'o' => who |= 0o007,
                'a' => who |= 0o777,
                _ => break,
            }
            i += 1;
        }
        if who == 0 {
            who = 0o777;
        }
        // One `OP PERMS` action for this `who` (bash does not take `u+r-w`).
        {
            let op = match cs.get(i) {
                Some(c @ ('+' | '-' | '=')) => *c,
                Some(c) => return Err(format!("`{c}': invalid symbolic mode operator")),
                None => return Err(format!("`{}': invalid symbolic mode operator", cs.last().copied().unwrap_or(' '))),
            };
            i += 1;
            let mut bits = 0;
            while let Some(c) = cs.get(i) {
                match c {
                    'r' => bits |= 0o444,
                    'w' => bits |= 0o222,
                    'x' => bits |= 0o111,
                    ',' => break,
                    c => return Err(format!("`{c}': invalid symbolic mode character")),
                }
                i += 1;
            }
            let bits = bits & who;
            perms = match op {
                '+' => perms | bits,
                '-' => perms & !bits,
                _ => (perms & !who) | bits,
            };
        }
        match cs.get(i) {
            None => break,
            Some(',') => i += 1,
            Some(c) => return Err(format!("`{c}': invalid symbolic mode character")),
        }
    }
    Ok(!perms & 0o777)
}

#[cfg(test)]
mod tests {
    use super::super::run_for_test as out;

    #[test]
    fn symbolic_modes() {
        // Expectations from bash 5.2, starting at umask 0124.
        for (mode, want) in [
            ("g-w,o-w", "0 0126"),
            ("u=,g+,o-", "0 0724"),
            ("a=rwx", "0 0000"),
            ("=", "0 0777"),
            ("=rx", "0 0222"),
            ("+", "0 0124"),
            ("u=rwx,u=rw,u=r,u=,g=rwx", "0 0704"),
            ("u=r,g=w,o=x", "0 0356"),
        ] {
            assert_eq!(out(&format!("umask 0124; umask '{mode}'; echo \"$? $(umask)\"")), format!("{want}\n0"), "{mode}");
        }
    }

    #[test]
    fn errors_and_printing() {
        assert_eq!(out("umask 0124; umask 'u-r,,u-r'; echo $?"), "1\nbash: line 1: umask: `,': invalid symbolic mode operator\n0");
        assert_eq!(out("umask x"), "bash: line 1: umask: `x': invalid symbolic mode operator\n1");
        assert_eq!(out("umask u+r+w"), "bash: line 1: umask: `+': invalid symbolic mode character\n1");
        assert_eq!(out("umask u+z"), "bash: line 1: umask: `z': invalid symbolic mode character\n1");
        assert_eq!(out("umask 999"), "bash: line 1: umask: 999: octal number out of range\n1");
        assert_eq!(out("umask -p; umask -S; umask -p -S"), "umask 0022\nu=rwx,g=rx,o=rx\numask -S u=rwx,g=rx,o=rx\n0");
        assert_eq!(out("umask -r"), "bash: line 1: umask: -r: invalid option\numask: usage: umask [-p] [-S] [mode]\n2");
    }
}
