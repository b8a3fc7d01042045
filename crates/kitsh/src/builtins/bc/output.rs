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

/// The line length from `BC_LINE_LENGTH` (70 when unset or invalid; 0 disables wrapping).
pub fn line_size(env: Option<String>) -> usize {
    match env.and_then(|v| v.trim().parse::<i64>().ok()) {
        Some(0) => 0,
        Some(n) if n >= 3 => usize::try_from(n).unwrap_or(70),
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
}
