'use strict';
// kitsh in Anthropic's plain JSON shapes: the tool definition of the Messages API and the
// `tool_result` block answering a `tool_use` block (no SDK needed).

const { asTool, run, text } = require('./common.js');

/** The tool's definition: `{ name, description, input_schema }`. */
function anthropicToolDefinition(t) {
  const kt = asTool(t);
  return { name: kt.name, description: kt.description(), input_schema: kt.inputSchema() };
}

/**
 * Run a `tool_use` block (`{ type: 'tool_use', id, name, input }`) and give the block to send
 * back: `{ type: 'tool_result', tool_use_id, content, is_error }` (`is_error` when the script's
 * exit status is not 0; the content is the result's JSON).
 */
async function handleAnthropicToolUse(t, block, { signal } = {}) {
  const kt = asTool(t);
  const r = await run(kt, block.input, signal);
  return { type: 'tool_result', tool_use_id: block.id, content: text(r), is_error: r.exit_code !== 0 };
}

module.exports = { anthropicToolDefinition, handleAnthropicToolUse };
