'use strict';
// kitsh in OpenAI's plain JSON shapes: the tool definition for Chat Completions or the
// Responses API, and the answer to a tool call (no SDK needed).

const { asTool, run, text } = require('./common.js');

/**
 * The tool's definition: `{ type: 'function', function: { name, description, parameters } }`
 * for Chat Completions, or with `{ api: 'responses' }` the Responses API's flat
 * `{ type: 'function', name, description, parameters, strict: false }`.
 */
function openaiToolDefinition(t, { api = 'chat' } = {}) {
  const kt = asTool(t);
  const fn = { name: kt.name, description: kt.description(), parameters: kt.inputSchema() };
  return api === 'responses' ? { type: 'function', ...fn, strict: false } : { type: 'function', function: fn };
}

/**
 * Run a tool call the model made and give the message to send back: for a Chat Completions
 * call (`{ id, function: { name, arguments } }`) `{ role: 'tool', tool_call_id, content }`; for
 * a Responses API item (`{ type: 'function_call', call_id, name, arguments }`)
 * `{ type: 'function_call_output', call_id, output }`. The content is the result's JSON.
 */
async function handleOpenAIToolCall(t, call, { signal } = {}) {
  const kt = asTool(t);
  if (call && call.type === 'function_call') {
    return { type: 'function_call_output', call_id: call.call_id, output: text(await run(kt, call.arguments, signal)) };
  }
  const fn = (call && call.function) || {};
  return { role: 'tool', tool_call_id: call && call.id, content: text(await run(kt, fn.arguments, signal)) };
}

module.exports = { openaiToolDefinition, handleOpenAIToolCall };
