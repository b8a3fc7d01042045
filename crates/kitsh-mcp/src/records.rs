//! The MCP sessions' handshakes in the session store: rmcp's `SessionStore` (what resuming an
//! MCP session in another process needs) over the store's records, so that any `kitsh mcp
//! --http --store URL` process accepts a session id another issued (SES-12).

use std::sync::Arc;

use rmcp::transport::streamable_http_server::session::store::{SessionState, SessionStore as McpSessionStore, SessionStoreError};

use crate::stored::{session_name, Stored};

/// The record key of an MCP session's handshake.
pub(crate) fn key(mcp_id: &str) -> String {
    let mut k = String::with_capacity(4 + mcp_id.len());
    k.push_str("mcp/");
    k.push_str(mcp_id);
    k
}

/// rmcp's session store over the sessions' store.
pub(crate) struct Records {
    pub(crate) stored: Arc<Stored>,
}

#[async_trait::async_trait]
impl McpSessionStore for Records {
    async fn load(&self, session_id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        match self.stored.store().get_record(&key(session_id)).await? {
            Some(bytes) => Ok(Some(serde_json::from_slice(&bytes)?)),
            None => Ok(None),
        }
    }

    async fn store(&self, session_id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        let bytes = serde_json::to_vec(state)?;
        Ok(self.stored.store().put_record(&key(session_id), &bytes).await?)
    }

    /// The client ended the session (HTTP DELETE): its handshake and its bash session go (the
    /// session's objects are freed by the next `kitsh session gc`).
    async fn delete(&self, session_id: &str) -> Result<(), SessionStoreError> {
        let name = session_name(session_id);
        self.stored.forget(&name);
        self.stored.store().remove(&name).await?;
        self.stored.store().remove_record(&key(session_id)).await?;
        Ok(())
    }
}
