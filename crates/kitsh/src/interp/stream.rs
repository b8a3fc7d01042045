//! Streaming output: the caller's callback sees what the script printed so far, after each
//! command of a list and each loop iteration of the main shell (never from inside a pipeline,
//! a subshell or a command substitution: those are emitted when the enclosing command ends).
//!
//! The interpreter holds an `Option<Arc<Streamer>>`; with no callback the hook is one branch.

use std::sync::{Arc, Mutex};

use super::io::Sink;

/// The callback of [`crate::Bash::exec_streaming`]: `(stdout_chunk, stderr_chunk)`, one of the
/// two empty, never both.
pub type OutputCallback = Box<dyn FnMut(&str, &str) + Send + Sync>;

/// The callback as the streamer holds it (`Sync` comes from its mutex).
pub type ChunkCallback = Box<dyn FnMut(&str, &str) + Send>;

/// Hands new output of the caller's sinks to a callback; remembers how much was handed over.
pub struct Streamer {
    out: Arc<Mutex<Sink>>,
    err: Arc<Mutex<Sink>>,
    state: Mutex<State>,
}

struct State {
    sent_out: usize,
    sent_err: usize,
    cb: ChunkCallback,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Streamer {
    /// A streamer over the caller's stdout and stderr sinks (both empty now).
    pub fn new(out: Arc<Mutex<Sink>>, err: Arc<Mutex<Sink>>, cb: ChunkCallback) -> Streamer {
        Streamer { out, err, state: Mutex::new(State { sent_out: 0, sent_err: 0, cb }) }
    }

    /// Emit what was written since the last emission. A UTF-8 sequence cut at the end is kept
    /// for the next emission (unless `last`), so the chunks concatenate to the output.
    pub fn emit(&self, last: bool) {
        let mut st = lock(&self.state);
        let st = &mut *st;
        if let Some(chunk) = new_text(&self.out, &mut st.sent_out, last) {
            (st.cb)(&chunk, "");
        }
        if let Some(chunk) = new_text(&self.err, &mut st.sent_err, last) {
            (st.cb)("", &chunk);
        }
    }
}

/// The text of `sink` past `sent` (advanced), if any.
fn new_text(sink: &Mutex<Sink>, sent: &mut usize, last: bool) -> Option<String> {
    let g = lock(sink);
    let buf = g.buffer();
    if buf.len() <= *sent {
        return None;
    }
    let new = &buf[*sent..];
    // A character cut at the end waits for its other bytes (unless this is the last emission).
    let end = if last { new.len() } else { complete_prefix(new) };
    if end == 0 {
        return None;
    }
    let text = String::from_utf8_lossy(&new[..end]).into_owned();
    *sent += end;
    Some(text)
}

/// The length of `b` without a UTF-8 sequence cut at its end.
fn complete_prefix(b: &[u8]) -> usize {
    let n = b.len();
    for back in 1..=3.min(n) {
        let c = b[n - back];
        if c & 0xC0 != 0x80 {
            // a lead byte: does its sequence fit?
            let need = if c >= 0xF0 { 4 } else if c >= 0xE0 { 3 } else if c >= 0xC0 { 2 } else { 1 };
            return if need > back { n - back } else { n };
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut_characters_wait_for_the_rest() {
        let out = Arc::new(Mutex::new(Sink::memory()));
        let err = Arc::new(Mutex::new(Sink::memory()));
        let got = Arc::new(Mutex::new(Vec::<String>::new()));
        let g2 = got.clone();
        let s = Streamer::new(out.clone(), err, Box::new(move |o, _| g2.lock().unwrap_or_else(|e| e.into_inner()).push(o.to_string())));
        let _ = lock(&out).push("a\u{e9}".as_bytes().split_at(2).0);
        s.emit(false);
        let _ = lock(&out).push(&"a\u{e9}".as_bytes()[2..]);
        s.emit(false);
        let _ = lock(&out).push(b"x\xffy\xc3");
        s.emit(false);
        s.emit(true);
        let got = lock(&got).clone();
        assert_eq!(got, vec!["a".to_string(), "\u{e9}".to_string(), "x\u{fffd}y".to_string(), "\u{fffd}".to_string()]);
    }
}
