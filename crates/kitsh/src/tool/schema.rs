//! The JSON Schemas of [`super::ToolRequest`] and [`super::ToolResponse`] (TC-8): fixed
//! values, keys in the order written (the crate enables `serde_json/preserve_order`).

use serde_json::{json, Value};

/// The schema of a request: `commands` (required) and `timeout_ms`.
pub fn input_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "commands": {"type": "string", "description": "Bash commands to execute, like bash -c"},
            "timeout_ms": {"type": "integer", "minimum": 1, "description": "Optional time limit for the whole call in milliseconds"}
        },
        "required": ["commands"]
    })
}

/// The schema of a response.
pub fn output_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "stdout": {"type": "string"},
            "stderr": {"type": "string"},
            "exit_code": {"type": "integer"},
            "error": {"type": "string"},
            "stdout_truncated": {"type": "boolean"},
            "stderr_truncated": {"type": "boolean"}
        },
        "required": ["stdout", "stderr", "exit_code"]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemas_are_exactly_the_spec_text() {
        assert_eq!(
            input_schema().to_string(),
            r#"{"type":"object","properties":{"commands":{"type":"string","description":"Bash commands to execute, like bash -c"},"timeout_ms":{"type":"integer","minimum":1,"description":"Optional time limit for the whole call in milliseconds"}},"required":["commands"]}"#
        );
        assert_eq!(
            output_schema().to_string(),
            r#"{"type":"object","properties":{"stdout":{"type":"string"},"stderr":{"type":"string"},"exit_code":{"type":"integer"},"error":{"type":"string"},"stdout_truncated":{"type":"boolean"},"stderr_truncated":{"type":"boolean"}},"required":["stdout","stderr","exit_code"]}"#
        );
    }
}
