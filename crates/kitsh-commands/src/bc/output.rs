//! bc's output column: every character goes through one counter, and a line reaching
//! `BC_LINE_LENGTH - 1` columns is continued with a backslash and a newline.

use std::io::Write;

/// Buffered standard output with bc's line wrapping.
pub struct Output<'w> {
    w: &'w mut dyn Write,
    buf: Vec<u8>,
    col: usize,
    line_size: usize,
}

impl<'w> Output<'w> {
    /// Output to `w`, wrapping at `line_size` (0: never).
    pub fn new(w: &'w mut dyn Write, line_size: usize) -> Output<'w> {
        Output { w, buf: Vec::new(), col: 0, line_size }
    }

    /// Writes `s` character by character as bc's `out_char` does.
    pub fn put(&mut self, s: &str) {
        for &b in s.as_bytes() {
            if b == b'\n' {
                self.col = 0;
            } else {
                self.col += 1;
                if self.line_size != 0 && self.col == self.line_size - 1 {
                    self.buf.extend_from_slice(b"\\\n");
                    self.col = 1;
                }
            }
            self.buf.push(b);
        }
    }

    /// Writes `s` as it is, without counting columns (the banner).
    pub fn raw(&mut self, s: &str) {
        self.buf.extend_from_slice(s.as_bytes());
    }

    /// `true` when enough is buffered to be worth writing out.
    pub fn full(&self) -> bool {
        self.buf.len() >= 1 << 16
    }

    /// Writes the buffer out.
    pub fn flush(&mut self) -> std::io::Result<()> {
        if !self.buf.is_empty() {
            self.w.write_all(&self.buf)?;
            self.buf.clear();
        }
        self.w.flush()
    }
}

/// The line length from `BC_LINE_LENGTH`, read as C's `atoi` does (`12x` is 12, `abc` is 0):
/// 70 when unset or below 3; 0 disables wrapping.
pub fn line_size(env: Option<String>) -> usize {
    let Some(v) = env else { return 70 };
    let t = v.trim_start();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: usize = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        n = n.saturating_mul(10).saturating_add(usize::from(b - b'0'));
    }
    match (neg, n) {
        (_, 0) => 0,
        (false, n) if n >= 3 => n,
        _ => 70,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wraps() {
        let mut v = Vec::new();
        {
            let mut o = Output::new(&mut v, 10);
            o.put("12345678901234567\n");
            let _ = o.flush();
        }
        assert_eq!(String::from_utf8_lossy(&v), "12345678\\\n90123456\\\n7\n");
    }

    #[test]
    fn line_length_as_atoi() {
        let ls = |v: Option<&str>| line_size(v.map(str::to_string));
        assert_eq!(ls(None), 70);
        assert_eq!(ls(Some("0")), 0);
        assert_eq!(ls(Some("abc")), 0);
        assert_eq!(ls(Some("12x")), 12);
        assert_eq!(ls(Some("2")), 70);
        assert_eq!(ls(Some("-5")), 70);
    }
}
