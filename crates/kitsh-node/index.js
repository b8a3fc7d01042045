'use strict';
// The `kitsh` npm package: the native addon (`kitsh.node`, built from this crate by cargo) and
// the JavaScript around it: `exec` with an `AbortSignal`, the ESM entry in index.mjs.
//
// KITSH_NODE_ADDON=PATH loads the addon from PATH (the workspace's target/ in development).

const path = require('path');

// process.dlopen takes any file name (cargo's `libkitsh_node.so` too), where require wants `.node`.
function load(file) {
  const m = { exports: {} };
  process.dlopen(m, file);
  return m.exports;
}
const native = load(process.env.KITSH_NODE_ADDON || path.join(__dirname, 'kitsh.node'));

class Bash extends native.Bash {
  /**
   * Run `script` off the event loop. `timeoutMs` bounds this call; an aborted `signal` stops
   * the script at its next command (exit status 130, `error: 'cancelled'`).
   */
  exec(script, options = {}) {
    const { timeoutMs, signal } = options;
    if (signal === undefined || signal === null) return this.execNative(String(script), timeoutMs);
    const token = new native.CancelToken();
    if (signal.aborted) token.cancel();
    const onAbort = () => token.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    return this.execNative(String(script), timeoutMs, token).finally(() => signal.removeEventListener('abort', onAbort));
  }
}

/**
 * The LLM tool contract over one session: what a model is told (`description()`,
 * `systemPrompt()`, `help()`, the JSON schemas) and `execute({ commands, timeout_ms })`, whose
 * result has the output schema's snake_case fields.
 */
class BashTool {
  constructor(options) {
    this.bash = new Bash(options);
  }
  get name() { return this.bash.toolName; }
  description() { return this.bash.description(); }
  systemPrompt() { return this.bash.systemPrompt(); }
  help() { return this.bash.help(); }
  inputSchema() { return JSON.parse(this.bash.inputSchemaJson()); }
  outputSchema() { return JSON.parse(this.bash.outputSchemaJson()); }
  async execute(input, options = {}) {
    if (input === null || typeof input !== 'object' || typeof input.commands !== 'string') {
      throw new TypeError('execute: the input must be { commands: string, timeout_ms?: number }');
    }
    const r = await this.bash.exec(input.commands, { timeoutMs: input.timeout_ms, signal: options.signal });
    const out = { stdout: r.stdout, stderr: r.stderr, exit_code: r.exitCode };
    if (r.error !== undefined && r.error !== null) out.error = r.error;
    return out;
  }
  snapshot() { return this.bash.snapshot(); }
  restore(data) { this.bash.restore(data); }
}

module.exports = { Bash, BashTool, CancelToken: native.CancelToken };
