'use strict';
// What the adapters share: a kitsh tool (BashTool, ScriptedTool, or the options of a new
// BashTool), its call checked and run, and its result as the text a model reads.

const { BashTool, ToolError } = require('../index.js');

/** `t` as a tool with the contract's methods (a new BashTool when it is options or nothing). */
function asTool(t) {
  if (t && typeof t.execute === 'function' && typeof t.inputSchema === 'function') return t;
  return new BashTool(t || {});
}

/**
 * Run one call of `tool` with the model's `input` (an object, or its JSON text). Malformed
 * input rejects with a ToolError (exit status 2, as a usage error); a script that fails is a
 * result like any other (the model reads its `exit_code` and `stderr`).
 */
async function run(tool, input, signal) {
  let args = input;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args);
    } catch (e) {
      throw new ToolError(`invalid arguments: ${e.message}`, 2, tool.name);
    }
  }
  try {
    return await tool.execute(args, { signal });
  } catch (e) {
    if (e instanceof TypeError) throw new ToolError(e.message, 2, tool.name);
    throw e;
  }
}

/** A result as the text a model reads: the output schema's fields as JSON. */
function text(result) {
  return JSON.stringify(result);
}

/** Load a host SDK the adapter needs, saying which package to install when it is missing. */
function need(name, fallback) {
  for (const n of [name, fallback]) {
    if (!n) continue;
    try {
      return require(n);
    } catch (e) {
      if (e.code !== 'MODULE_NOT_FOUND' || !String(e.message).includes(n)) throw e;
    }
  }
  throw new Error(`kitsh: this adapter needs the npm package ${name} (npm install ${name})`);
}

module.exports = { asTool, run, text, need };
