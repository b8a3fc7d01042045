'use strict';
// kitsh as an OpenAI Agents SDK function tool (`@openai/agents`' `tool()`).
//
//   const { Agent, run } = require('@openai/agents');
//   const { toAgentsTool } = require('kitsh/openai-agents');
//   const agent = new Agent({ name: 'ops', tools: [toAgentsTool(new BashTool())] });

const { asTool, run, text, need } = require('./common.js');

/**
 * The Agents SDK tool of a kitsh tool: its name, description and input schema (not strict:
 * `timeout_ms` is optional), and an `execute` that runs the model's script and answers the
 * output schema's fields as JSON text. The run's `signal`, when the SDK gives one, stops it.
 */
function toAgentsTool(t) {
  const { tool } = need('@openai/agents', '@openai/agents-core');
  const kt = asTool(t);
  return tool({
    name: kt.name,
    description: kt.description(),
    parameters: kt.inputSchema(),
    strict: false,
    execute: async (input, _context, details) => text(await run(kt, input, details && details.signal)),
  });
}

module.exports = { toAgentsTool };
