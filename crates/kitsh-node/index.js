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

/** A tool call that failed: `message` (what the tool said), `exitCode` and `tool`. */
class ToolError extends Error {
  constructor(message, exitCode = 1, tool = undefined) {
    super(message);
    this.name = 'ToolError';
    this.exitCode = exitCode;
    this.tool = tool;
  }
}

// What a tool's function returned, as the command's output: text as it is, anything else as
// JSON (with a final newline, as the tools' own commands print it).
function toOutput(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return Buffer.from(value).toString('utf8');
  return JSON.stringify(value) + '\n';
}

/**
 * Host callbacks as commands of a logic-only shell (the ScriptedTool of kitsh's specs): each tool
 * is a JavaScript function (sync or `async`) taking its parameters (checked against its schema
 * first) and `{ stdin }`, returning text or a JSON-able value; a throw fails the command with
 * the error's message. The model's one script calls many of them, pipes them through jq, and
 * returns one result.
 */
class ScriptedTool {
  constructor({ name, shortDescription, tools = [] }) {
    const fns = new Map();
    const specs = tools.map((t) => {
      if (typeof t.fn !== 'function') throw new TypeError(`tool ${t.name}: fn must be a function`);
      fns.set(t.name, t.fn);
      return {
        name: t.name,
        description: t.description || '',
        schema: t.schema === undefined ? undefined : JSON.stringify(t.schema),
        tags: t.tags,
        category: t.category,
      };
    });
    // The call arrives as one array `[ticket, name, paramsJson, stdin]`.
    const dispatch = (call) => {
      const [ticket, toolName, paramsJson, stdin] = call;
      const fn = fns.get(toolName);
      Promise.resolve()
        .then(() => fn(JSON.parse(paramsJson), { stdin: stdin === null ? undefined : stdin }))
        .then((v) => native.settle(ticket, true, toOutput(v)), (e) => native.settle(ticket, false, e instanceof Error ? e.message : String(e)));
    };
    this.inner = new native.ScriptedToolNative(String(name), shortDescription, specs, dispatch);
  }
  get name() { return this.inner.toolName; }
  description() { return this.inner.description(); }
  systemPrompt() { return this.inner.systemPrompt(); }
  help() { return this.inner.help(); }
  inputSchema() { return JSON.parse(this.inner.inputSchemaJson()); }
  outputSchema() { return JSON.parse(this.inner.outputSchemaJson()); }
  /** Run the model's script: `{ commands, timeout_ms }` -> `{ stdout, stderr, exit_code, error? }`. */
  async execute(input) {
    if (input === null || typeof input !== 'object' || typeof input.commands !== 'string') {
      throw new TypeError('execute: the input must be { commands: string, timeout_ms?: number }');
    }
    const r = await this.inner.executeNative(input.commands, input.timeout_ms);
    const out = { stdout: r.stdout, stderr: r.stderr, exit_code: r.exitCode };
    if (r.error !== undefined && r.error !== null) out.error = r.error;
    return out;
  }
  /** The tool calls of the last run: `[{ tool, args, exit_code }]` (taken: a second read is empty). */
  lastTrace() {
    const t = this.inner.lastTraceJson();
    return t === null || t === undefined ? [] : JSON.parse(t);
  }
}

module.exports = { Bash, BashTool, ScriptedTool, ToolError, CancelToken: native.CancelToken };
