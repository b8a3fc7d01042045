//! The request/response loop of an agent with a mocked model: the host tells the "model"
//! about the tool (system prompt and input schema, in the shape LLM APIs take), the model
//! answers with tool calls as JSON, the host deserialises each into a `ToolRequest`, runs it
//! on one `BashTool` session and sends the `ToolResponse` back as JSON, until the model gives
//! a final answer. Run: `cargo run -p kitsh --example llm_tool`.

use kitsh::tool::{BashTool, Tool, ToolRequest, ToolResponse};
use serde_json::{json, Value};

/// One turn of the mocked model: a tool call (`{"name", "input"}`) or a final text.
enum Turn {
    ToolCall(Value),
    Final(String),
}

/// A scripted stand-in for an LLM: it looks at the last tool result and decides.
struct MockModel {
    step: usize,
    answer: Option<String>,
}

impl MockModel {
    fn next(&mut self, last_result: Option<&ToolResponse>) -> Turn {
        if self.step == 2 {
            self.answer = last_result.map(|r| r.stdout.trim().to_string());
        }
        self.step += 1;
        match self.step {
            1 => Turn::ToolCall(json!({"name": "bash", "input": {"commands": "mkdir -p /work && printf 'b,2\\na,1\\nc,3\\n' > /work/data.csv && wc -l < /work/data.csv"}})),
            2 => Turn::ToolCall(json!({"name": "bash", "input": {"commands": "sort -t, -k2 -n /work/data.csv | cut -d, -f1 | paste -sd' '", "timeout_ms": 5000}})),
            3 => Turn::ToolCall(json!({"name": "bash", "input": {"commands": "for i in $(seq 3); do echo $i; done | tail -1; nosuchcommand"}})),
            _ => Turn::Final(format!("The sorted keys are: {}", self.answer.as_deref().unwrap_or("?"))),
        }
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let mut tool = BashTool::builder().name("bash").username("agent").build();

    // What the host sends along with the conversation (Anthropic-style tool definition; the
    // OpenAI shape is {"type":"function","function":{"name","description","parameters"}}).
    let definition = json!({
        "name": tool.name(),
        "description": tool.system_prompt(),
        "input_schema": tool.input_schema(),
    });
    println!("tool definition:\n{}\n", serde_json::to_string_pretty(&definition).unwrap_or_default());

    let mut model = MockModel { step: 0, answer: None };
    let mut last: Option<ToolResponse> = None;
    loop {
        match model.next(last.as_ref()) {
            Turn::ToolCall(call) => {
                let input = call.get("input").cloned().unwrap_or(Value::Null);
                let resp = match serde_json::from_value::<ToolRequest>(input) {
                    Ok(req) => {
                        println!("model -> {}", serde_json::to_string(&req).unwrap_or_default());
                        tool.execute(req).await
                    }
                    Err(e) => ToolResponse { stderr: format!("invalid arguments: {e}\n"), exit_code: 2, ..Default::default() },
                };
                println!("host  -> {}", serde_json::to_string(&resp).unwrap_or_default());
                last = Some(resp);
            }
            Turn::Final(text) => {
                println!("\nmodel final answer: {text}");
                break;
            }
        }
    }
    // The session kept the file between calls; the host can take it out.
    let data = tool.read_file("/work/data.csv").unwrap_or_default();
    println!("host reads /work/data.csv: {} bytes", data.len());
}
