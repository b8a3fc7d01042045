//! [`HostInput`]: input from the host (the CLI's standard input) read only when a script reads
//! it. A thread started at the first read hands chunks over, so that waiting for input ends
//! when the script is stopped (the timeout, a limit) even if the host never sends any.

use std::io::{self, Read};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use super::shared::Shared;

/// A host reader for descriptor 0; see the module docs.
pub struct HostInput {
    state: Mutex<State>,
    shared: Arc<Shared>,
}

struct State {
    /// The reader, until the thread takes it.
    source: Option<Box<dyn Read + Send>>,
    chunks: Option<Receiver<Vec<u8>>>,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
}

impl HostInput {
    /// Read from `source` on demand; `shared` says when the script is stopped.
    pub fn new(source: Box<dyn Read + Send>, shared: Arc<Shared>) -> HostInput {
        let state = State { source: Some(source), chunks: None, buf: Vec::new(), pos: 0, eof: false };
        HostInput { state: Mutex::new(state), shared }
    }

    /// Read what is there (waiting for the host if need be); 0 at end of input.
    pub fn read(&self, out: &mut [u8]) -> io::Result<usize> {
        let mut g = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if g.pos < g.buf.len() {
                let n = out.len().min(g.buf.len() - g.pos);
                out[..n].copy_from_slice(&g.buf[g.pos..g.pos + n]);
                g.pos += n;
                return Ok(n);
            }
            if g.eof || out.is_empty() {
                return Ok(0);
            }
            if g.chunks.is_none() {
                let Some(source) = g.source.take() else { return Ok(0) };
                g.chunks = Some(start_reader(source));
            }
            let Some(rx) = g.chunks.as_ref() else { return Ok(0) };
            match rx.recv_timeout(Duration::from_millis(20)) {
                Ok(chunk) => {
                    g.buf = chunk;
                    g.pos = 0;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if self.shared.cancelled() {
                        return Err(io::Error::other("interrupted"));
                    }
                }
                Err(RecvTimeoutError::Disconnected) => g.eof = true,
            }
        }
    }
}

/// A thread reading `source` in chunks (at most two waiting) until its end.
fn start_reader(mut source: Box<dyn Read + Send>) -> Receiver<Vec<u8>> {
    let (tx, rx) = sync_channel(2);
    let spawned = std::thread::Builder::new().name("kitsh-stdin".into()).spawn(move || loop {
        let mut chunk = vec![0u8; 8192];
        match source.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                chunk.truncate(n);
                if tx.send(chunk).is_err() {
                    break;
                }
            }
        }
    });
    // Without a thread there is no input (the sender is gone: end of input).
    drop(spawned);
    rx
}
