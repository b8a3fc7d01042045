//! Where SQL statements end: a port of SQLite's `sqlite3_complete()` state machine (so that
//! `CREATE TRIGGER ... BEGIN ...; END;` stays one statement), the statement splitter built on
//! it, and the shell's per-line scan that decides when accumulated input is worth running.

/// Token classes of `sqlite3_complete()`.
#[derive(Clone, Copy)]
enum Tok {
    Semi = 0,
    Ws = 1,
    Other = 2,
    Explain = 3,
    Create = 4,
    Temp = 5,
    Trigger = 6,
    End = 7,
}

/// `trans[state][token]`, as in SQLite's complete.c.
const TRANS: [[u8; 8]; 8] = [
    [1, 0, 2, 3, 4, 2, 2, 2],
    [1, 1, 2, 3, 4, 2, 2, 2],
    [1, 2, 2, 2, 2, 2, 2, 2],
    [1, 3, 3, 2, 4, 2, 2, 2],
    [1, 4, 2, 2, 2, 4, 5, 2],
    [6, 5, 5, 5, 5, 5, 5, 5],
    [6, 6, 5, 5, 5, 5, 5, 7],
    [1, 7, 5, 5, 5, 5, 5, 5],
];

fn id_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80
}

/// Runs the state machine over `sql`, calling `at_end(pos)` after every `;` that ends a
/// complete statement (`pos` is the byte just after it). Returns `None` when the input ends
/// inside a quote, identifier or block comment, else the final state.
fn scan(sql: &[u8], mut at_end: impl FnMut(usize)) -> Option<u8> {
    let mut state = 0u8;
    let mut i = 0;
    while i < sql.len() {
        let c = sql[i];
        let tok = match c {
            b';' => Tok::Semi,
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => Tok::Ws,
            b'/' if sql.get(i + 1) == Some(&b'*') => {
                let rest = &sql[i + 2..];
                let end = rest.windows(2).position(|w| w == b"*/")?;
                i += 2 + end + 1;
                Tok::Ws
            }
            b'-' if sql.get(i + 1) == Some(&b'-') => {
                match sql[i..].iter().position(|&b| b == b'\n') {
                    Some(p) => i += p,
                    None => return Some(state),
                }
                Tok::Ws
            }
            b'[' => {
                i += sql[i..].iter().position(|&b| b == b']')?;
                Tok::Other
            }
            b'`' | b'"' | b'\'' => {
                i += 1 + sql[i + 1..].iter().position(|&b| b == c)?;
                Tok::Other
            }
            c if id_char(c) => {
                let start = i;
                while i + 1 < sql.len() && id_char(sql[i + 1]) {
                    i += 1;
                }
                let word = &sql[start..=i];
                let is = |k: &str| word.eq_ignore_ascii_case(k.as_bytes());
                if is("create") {
                    Tok::Create
                } else if is("trigger") {
                    Tok::Trigger
                } else if is("temp") || is("temporary") {
                    Tok::Temp
                } else if is("end") {
                    Tok::End
                } else if is("explain") {
                    Tok::Explain
                } else {
                    Tok::Other
                }
            }
            _ => Tok::Other,
        };
        state = TRANS[state as usize][tok as usize];
        i += 1;
        if matches!(tok, Tok::Semi) && state == 1 {
            at_end(i);
        }
    }
    Some(state)
}

/// `sqlite3_complete()`: `sql` ends with a complete statement (a final `;` outside quotes,
/// comments and trigger bodies).
pub fn is_complete(sql: &[u8]) -> bool {
    scan(sql, |_| {}) == Some(1)
}

/// Splits `sql` into statements (each keeps its `;`); the last piece may be incomplete.
pub fn split(sql: &str) -> Vec<&str> {
    let mut cuts = Vec::new();
    let _ = scan(sql.as_bytes(), |p| cuts.push(p));
    let mut out = Vec::new();
    let mut start = 0;
    for c in cuts {
        out.push(&sql[start..c]);
        start = c;
    }
    if start < sql.len() {
        out.push(&sql[start..]);
    }
    out
}

/// `true` when `sql` holds only whitespace and comments (nothing to prepare).
pub fn is_blank(sql: &str) -> bool {
    let b = sql.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' => i += 1,
            b'-' if b.get(i + 1) == Some(&b'-') => match b[i..].iter().position(|&c| c == b'\n') {
                Some(p) => i += p,
                None => return true,
            },
            b'/' if b.get(i + 1) == Some(&b'*') => match b[i + 2..].windows(2).position(|w| w == b"*/") {
                Some(p) => i += p + 4,
                None => return true,
            },
            _ => return false,
        }
    }
    true
}

/// The shell's `quickscan` state carried from line to line: what closes the construct the
/// previous line ended in (a quote, `]`, or `*` for a block comment), and the flags of the
/// accumulated input.
#[derive(Clone, Copy, Default)]
pub struct Scan {
    wait: u8,
    dark: bool,
    semi: bool,
}

impl Scan {
    /// Scan one more line.
    pub fn line(mut self, line: &[u8]) -> Scan {
        let mut i = 0;
        while i < line.len() {
            if self.wait != 0 {
                let c = line[i];
                i += 1;
                if c == self.wait {
                    match self.wait {
                        b'*' => {
                            if line.get(i) == Some(&b'/') {
                                i += 1;
                                self.wait = 0;
                            }
                        }
                        b']' => self.wait = 0,
                        w => {
                            if line.get(i) == Some(&w) {
                                i += 1;
                            } else {
                                self.wait = 0;
                            }
                        }
                    }
                }
                continue;
            }
            let c = line[i];
            i += 1;
            match c {
                b'-' if line.get(i) == Some(&b'-') => return self,
                b';' => self.semi = true,
                b'/' if line.get(i) == Some(&b'*') => {
                    i += 1;
                    self.wait = b'*';
                }
                b'[' => {
                    self.wait = b']';
                    self.dark = true;
                    self.semi = false;
                }
                b'`' | b'\'' | b'"' => {
                    self.wait = c;
                    self.dark = true;
                    self.semi = false;
                }
                c if c.is_ascii_whitespace() || c == b'\x0b' => {}
                _ => {
                    self.dark = true;
                    self.semi = false;
                }
            }
        }
        self
    }

    /// Only whitespace and comments so far, none left open.
    pub fn plain_white(self) -> bool {
        self.wait == 0 && !self.dark
    }

    /// Ends in `;` outside any quote or comment.
    pub fn semi_terminated(self) -> bool {
        self.wait == 0 && self.semi
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completes_and_splits() {
        assert!(is_complete(b"select 1;"));
        assert!(!is_complete(b"select ';"));
        assert!(!is_complete(b"create trigger t after insert on x begin select 1;"));
        assert!(is_complete(b"create trigger t after insert on x begin select 1; end;"));
        assert_eq!(split("select 1; select 2;"), vec!["select 1;", " select 2;"]);
        assert_eq!(split("select 1; sel"), vec!["select 1;", " sel"]);
        assert!(is_blank(" -- x\n /* y */ "));
        assert!(Scan::default().line(b"select 1; -- c").semi_terminated());
        assert!(!Scan::default().line(b"select ';").semi_terminated());
    }
}
