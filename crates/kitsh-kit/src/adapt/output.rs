//! Output adapters (KIT-14): the script's stdout as the tool's value, and what the tool's bash
//! command prints.

use serde_json::{Map, Value};

use crate::spec::OutputAdapter;

/// How many characters of stdout an invalid-JSON message quotes.
const PREVIEW_CHARS: usize = 16;

/// The tool's value from the script's stdout (invalid UTF-8 is decoded lossily):
/// `text` → `{"output": RAW}`; `json` → the parsed value, or
/// `output is not valid JSON: DETAIL (stdout starts with "…")`; `lines` → `{"lines": [..]}`
/// with trailing `\n`s removed, split on `\n`, one trailing `\r` per line removed (empty stdout
/// gives `[]`).
pub fn to_value(adapter: OutputAdapter, stdout: &[u8]) -> Result<Value, String> {
    let text = String::from_utf8_lossy(stdout);
    match adapter {
        OutputAdapter::Text => {
            let mut map = Map::new();
            map.insert("output".into(), Value::String(text.into_owned()));
            Ok(Value::Object(map))
        }
        OutputAdapter::Json => serde_json::from_str(&text)
            .map_err(|e| format!("output is not valid JSON: {e} ({})", preview(&text))),
        OutputAdapter::Lines => {
            let body = text.trim_end_matches('\n');
            let lines: Vec<Value> = if body.is_empty() {
                Vec::new()
            } else {
                body.split('\n')
                    .map(|l| Value::String(l.strip_suffix('\r').unwrap_or(l).to_string()))
                    .collect()
            };
            let mut map = Map::new();
            map.insert("lines".into(), Value::Array(lines));
            Ok(Value::Object(map))
        }
    }
}

/// `stdout starts with "Traceback (most…"` (the first characters, escaped, trailing blanks
/// trimmed, `…` when more follows) or `stdout is empty`.
fn preview(text: &str) -> String {
    if text.trim().is_empty() {
        return if text.is_empty() {
            "stdout is empty".into()
        } else {
            "stdout is blank".into()
        };
    }
    let head: String = text.chars().take(PREVIEW_CHARS).collect();
    let more = text.chars().nth(PREVIEW_CHARS).is_some();
    let head = head.trim_end();
    format!(
        "stdout starts with \"{}{}\"",
        head.escape_debug(),
        if more { "…" } else { "" }
    )
}

/// What the tool's bash command prints on stdout: `json` → the value as compact JSON and a
/// newline; `text` and `lines` → the raw stdout unchanged.
pub fn bash_stdout(adapter: OutputAdapter, value: &Value, raw: &[u8]) -> Vec<u8> {
    match adapter {
        OutputAdapter::Json => {
            let mut out = value.to_string().into_bytes();
            out.push(b'\n');
            out
        }
        OutputAdapter::Text | OutputAdapter::Lines => raw.to_vec(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)] // tests report failures by panicking
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn adapters() {
        assert_eq!(
            to_value(OutputAdapter::Text, b"hi\n\xff").unwrap(),
            json!({"output": "hi\n\u{fffd}"})
        );
        assert_eq!(
            to_value(OutputAdapter::Json, b" {\"a\": [1]}\n").unwrap(),
            json!({"a": [1]})
        );
        assert_eq!(
            to_value(OutputAdapter::Lines, b"a\r\nb\r\r\n\nc\n\n\n").unwrap(),
            json!({"lines": ["a", "b\r", "", "c"]})
        );
        assert_eq!(
            to_value(OutputAdapter::Lines, b"").unwrap(),
            json!({"lines": []})
        );
        assert_eq!(
            to_value(OutputAdapter::Lines, b"\n\n").unwrap(),
            json!({"lines": []})
        );
        assert_eq!(
            to_value(OutputAdapter::Lines, b"x").unwrap(),
            json!({"lines": ["x"]})
        );
    }

    #[test]
    fn bad_json() {
        let err =
            to_value(OutputAdapter::Json, b"Traceback (most recent call last):\n").unwrap_err();
        assert_eq!(
            err,
            "output is not valid JSON: expected value at line 1 column 1 (stdout starts with \"Traceback (most…\")"
        );
        let err = to_value(OutputAdapter::Json, b"").unwrap_err();
        assert_eq!(err, "output is not valid JSON: EOF while parsing a value at line 1 column 0 (stdout is empty)");
        let err = to_value(OutputAdapter::Json, b"{\"a\":1}\n{").unwrap_err();
        assert!(
            err.starts_with("output is not valid JSON: trailing characters"),
            "{err}"
        );
    }

    #[test]
    fn bash_output() {
        let v = json!({"a": 1});
        assert_eq!(
            bash_stdout(OutputAdapter::Json, &v, b"{ \"a\" : 1 }"),
            b"{\"a\":1}\n"
        );
        assert_eq!(bash_stdout(OutputAdapter::Lines, &v, b"x\r\n"), b"x\r\n");
    }
}
