//! The character input of the parser.
//!
//! [`Input`] reads characters from the source text, with a stack of pushed texts on top of it:
//! alias expansions (read in place of the alias name, then falling through to the source) and
//! "barrier" texts (a backquote body, a here-document body) that end as if at end of input.
//! Backslash-newline line continuations are removed by [`Input::peek`]; the `raw` functions
//! see them. Lines are counted on the main source and in barrier texts (not in aliases).

use std::sync::Arc;

/// A pushed text.
#[derive(Debug, Clone)]
pub(crate) struct Frame {
    /// The text (shared: saved positions clone frames).
    text: Arc<str>,
    /// Byte offset of the next character.
    pos: usize,
    /// The alias this text expands (recursion guard), if any.
    pub(crate) alias: Option<String>,
    /// End of this text is end of input.
    barrier: bool,
    /// The alias text ends in a blank: the word after it is also checked for aliases.
    expand_next: bool,
}

/// A saved input position, to backtrack to.
#[derive(Debug, Clone)]
pub(crate) struct Mark {
    pos: usize,
    line: u32,
    frames: Vec<Frame>,
}

impl Mark {
    /// The main-source byte offset of the saved position.
    pub(crate) fn main_pos(&self) -> usize {
        self.pos
    }
}

/// The character source of the parser.
#[derive(Debug, Default)]
pub(crate) struct Input<'a> {
    /// The main source text.
    src: &'a str,
    /// Byte offset in `src`.
    pos: usize,
    /// Pushed texts, innermost last.
    frames: Vec<Frame>,
    /// The current line number.
    pub(crate) line: u32,
}

/// First character of `s`.
#[inline]
fn first_char(s: &str) -> Option<char> {
    match s.as_bytes().first() {
        None => None,
        Some(&b) if b < 0x80 => Some(b as char),
        Some(_) => s.chars().next(),
    }
}

impl<'a> Input<'a> {
    /// An input over `src`, starting at line `line`.
    pub(crate) fn new(src: &'a str, line: u32) -> Self {
        Input { src, pos: 0, frames: Vec::new(), line }
    }

    /// The main source text.
    pub(crate) fn src(&self) -> &'a str {
        self.src
    }

    /// Byte offset in the main source.
    pub(crate) fn main_pos(&self) -> usize {
        self.pos
    }

    /// True while reading a pushed text.
    pub(crate) fn in_frame(&self) -> bool {
        self.frames.iter().any(|f| f.pos < f.text.len() || f.barrier)
    }

    /// The remaining text of the current source (the innermost non-exhausted one).
    fn rest(&self) -> &str {
        for f in self.frames.iter().rev() {
            if f.pos < f.text.len() || f.barrier {
                return &f.text[f.pos..];
            }
        }
        &self.src[self.pos..]
    }

    /// The next character, line continuations included.
    #[inline]
    pub(crate) fn peek_raw(&self) -> Option<char> {
        if self.frames.is_empty() {
            return first_char(&self.src[self.pos..]);
        }
        first_char(self.rest())
    }

    /// The character `n` places after the next one (raw, crossing pushed texts).
    pub(crate) fn peek_nth(&self, n: usize) -> Option<char> {
        let mut n = n;
        for f in self.frames.iter().rev() {
            for c in f.text[f.pos..].chars() {
                if n == 0 {
                    return Some(c);
                }
                n -= 1;
            }
            if f.barrier {
                return None;
            }
        }
        self.src[self.pos..].chars().nth(n)
    }

    /// The characters from the next one on (raw, crossing pushed texts up to a barrier).
    pub(crate) fn ahead(&self) -> impl Iterator<Item = char> + '_ {
        let barrier = self.frames.iter().rposition(|f| f.barrier);
        let frames = &self.frames[barrier.unwrap_or(0)..];
        let src = if barrier.is_some() { "" } else { &self.src[self.pos..] };
        frames.iter().rev().flat_map(|f| f.text[f.pos..].chars()).chain(src.chars())
    }

    /// Consume the next character (raw).
    pub(crate) fn bump_raw(&mut self) -> Option<char> {
        if !self.frames.is_empty() {
            for f in self.frames.iter_mut().rev() {
                if let Some(c) = first_char(&f.text[f.pos..]) {
                    f.pos += c.len_utf8();
                    if c == '\n' && f.barrier {
                        self.line += 1;
                    }
                    return Some(c);
                }
                if f.barrier {
                    return None;
                }
            }
        }
        let c = first_char(&self.src[self.pos..])?;
        self.pos += c.len_utf8();
        if c == '\n' {
            self.line += 1;
        }
        Some(c)
    }

    /// Fast path: consume the longest run of main-source bytes satisfying `keep` (never splitting
    /// a character: `keep` must accept all bytes >= 0x80 or none) and return it. Empty when
    /// reading a pushed text.
    #[inline]
    pub(crate) fn take_run(&mut self, keep: impl Fn(u8) -> bool) -> &'a str {
        if !self.frames.is_empty() {
            return "";
        }
        let src: &'a str = self.src;
        let bytes = &src.as_bytes()[self.pos..];
        let n = bytes.iter().position(|&b| !keep(b)).unwrap_or(bytes.len());
        let run = src.get(self.pos..self.pos + n).unwrap_or_default();
        self.pos += run.len();
        self.line += run.bytes().filter(|&b| b == b'\n').count() as u32;
        run
    }

    /// Remove line continuations at the current position.
    #[inline]
    fn skip_continuations(&mut self) {
        while self.peek_raw() == Some('\\') && self.peek_nth(1) == Some('\n') {
            self.bump_raw();
            self.bump_raw();
        }
    }

    /// The next character, after removing line continuations.
    #[inline]
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_continuations();
        self.peek_raw()
    }

    /// The character after the next one, continuations at the current position removed.
    pub(crate) fn peek2(&mut self) -> Option<char> {
        self.skip_continuations();
        self.peek_nth(1)
    }

    /// Consume the next character (after removing line continuations).
    #[inline]
    pub(crate) fn bump(&mut self) -> Option<char> {
        self.skip_continuations();
        self.bump_raw()
    }

    /// Consume `c` if it is next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.bump_raw();
            true
        } else {
            false
        }
    }

    /// True when the next characters are `s` (raw).
    pub(crate) fn looking_at(&mut self, s: &str) -> bool {
        self.skip_continuations();
        if self.frames.is_empty() {
            return self.src[self.pos..].starts_with(s);
        }
        s.chars().enumerate().all(|(i, c)| self.peek_nth(i) == Some(c))
    }

    /// Consume characters up to (not including) the next newline, raw.
    pub(crate) fn skip_to_newline(&mut self) {
        while let Some(c) = self.peek_raw() {
            if c == '\n' {
                break;
            }
            self.bump_raw();
        }
    }

    /// Read a raw line: the characters up to a newline (consumed, not returned).
    /// `None` at end of input.
    pub(crate) fn read_line(&mut self) -> Option<(String, bool)> {
        self.peek_raw()?;
        let mut s = String::new();
        if self.frames.is_empty() {
            let rest = &self.src[self.pos..];
            let (line, nl) = match rest.find('\n') {
                Some(i) => (&rest[..i], true),
                None => (rest, false),
            };
            s.push_str(line);
            self.pos += line.len() + usize::from(nl);
            if nl {
                self.line += 1;
            }
            return Some((s, nl));
        }
        while let Some(c) = self.bump_raw() {
            if c == '\n' {
                return Some((s, true));
            }
            s.push(c);
        }
        Some((s, false))
    }

    /// Drop exhausted alias texts from the top of the stack; true when one of them ended in
    /// a blank.
    pub(crate) fn pop_exhausted(&mut self) -> bool {
        let mut next = false;
        while let Some(f) = self.frames.last() {
            if f.barrier || f.pos < f.text.len() {
                break;
            }
            next |= f.expand_next;
            self.frames.pop();
        }
        next
    }

    /// True when `name` is being expanded (its text is on the stack).
    pub(crate) fn alias_active(&self, name: &str) -> bool {
        self.frames.iter().any(|f| f.alias.as_deref() == Some(name))
    }

    /// Read `text` next, as the expansion of alias `name`.
    pub(crate) fn push_alias(&mut self, name: &str, text: String) {
        let expand_next = text.ends_with([' ', '\t', '\n']);
        let text = Arc::from(text);
        self.frames.push(Frame { text, pos: 0, alias: Some(name.to_string()), barrier: false, expand_next });
    }

    /// Read `text` next, as a separate input: its end is end of input until [`Input::pop_barrier`].
    pub(crate) fn push_barrier(&mut self, text: String) {
        let text = Arc::from(text);
        self.frames.push(Frame { text, pos: 0, alias: None, barrier: true, expand_next: false });
    }

    /// Remove the innermost barrier text and everything pushed above it; returns its text.
    pub(crate) fn pop_barrier(&mut self) -> Option<String> {
        while let Some(f) = self.frames.pop() {
            if f.barrier {
                return Some(f.text.to_string());
            }
        }
        None
    }

    /// Drop every pushed text.
    pub(crate) fn clear_frames(&mut self) {
        self.frames.clear();
    }

    /// Save the position.
    pub(crate) fn mark(&self) -> Mark {
        Mark { pos: self.pos, line: self.line, frames: self.frames.clone() }
    }

    /// Go back to a saved position.
    pub(crate) fn reset(&mut self, m: Mark) {
        self.pos = m.pos;
        self.line = m.line;
        self.frames = m.frames;
    }

    /// The text of the source line around main-source byte offset `at`.
    pub(crate) fn line_text(&self, at: usize) -> &'a str {
        let at = at.min(self.src.len());
        let start = self.src[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = self.src[at..].find('\n').map_or(self.src.len(), |i| at + i);
        &self.src[start..end]
    }

    /// True when the main source ends with a newline (or is empty).
    pub(crate) fn ends_with_newline(&self) -> bool {
        self.src.is_empty() || self.src.ends_with('\n')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn continuation_removed_by_peek() {
        let mut i = Input::new("a\\\nb", 1);
        assert_eq!(i.bump(), Some('a'));
        assert_eq!(i.peek(), Some('b'));
        assert_eq!(i.line, 2);
    }

    #[test]
    fn alias_frame_falls_through() {
        let mut i = Input::new("xy", 1);
        i.push_alias("a", "12".into());
        let s: String = std::iter::from_fn(|| i.bump()).collect();
        assert_eq!(s, "12xy");
    }

    #[test]
    fn barrier_stops() {
        let mut i = Input::new("xy", 1);
        i.push_barrier("12".into());
        assert_eq!(i.bump(), Some('1'));
        assert_eq!(i.peek_nth(1), None);
        assert_eq!(i.bump(), Some('2'));
        assert_eq!(i.bump(), None);
        i.pop_barrier();
        assert_eq!(i.bump(), Some('x'));
    }

    #[test]
    fn line_text_of_offset() {
        let i = Input::new("ab\ncd\nef", 1);
        assert_eq!(i.line_text(4), "cd");
        assert_eq!(i.line_text(0), "ab");
        assert_eq!(i.line_text(8), "ef");
    }
}
