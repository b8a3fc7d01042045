'use strict';
// kitsh as a Vercel AI SDK tool (`ai` 5: `tool({ description, inputSchema, execute })`).
//
//   const { generateText, stepCountIs } = require('ai');
//   const { toAiSdkTools } = require('kitsh/ai');
//   await generateText({ model, tools: toAiSdkTools(new BashTool()), stopWhen: stepCountIs(5), prompt });

const { asTool, run, need } = require('./common.js');

/**
 * The AI SDK tool of a kitsh tool (a BashTool, a ScriptedTool, or a new BashTool's options):
 * its description, its input schema, and an `execute` that runs the model's script (the AI
 * SDK's `abortSignal` stops it) and returns `{ stdout, stderr, exit_code, error? }`.
 */
function toAiSdkTool(t) {
  const { tool, jsonSchema } = need('ai');
  const kt = asTool(t);
  return tool({
    description: kt.description(),
    inputSchema: jsonSchema(kt.inputSchema()),
    execute: (input, options = {}) => run(kt, input, options.abortSignal),
  });
}

/** `{ [name]: tool }` for `generateText({ tools })`, one entry per kitsh tool. */
function toAiSdkTools(...tools) {
  const out = {};
  for (const t of tools.length ? tools : [undefined]) {
    const kt = asTool(t);
    out[kt.name] = toAiSdkTool(kt);
  }
  return out;
}

module.exports = { toAiSdkTool, toAiSdkTools };
