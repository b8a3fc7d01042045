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

// ---- calls from a script into JavaScript (src/bridge.rs) ----

// The kinds of call the native side makes: [ticket, kind, name, json, stdin].
const TOOL = 0, POLICY = 1, TOOL_ERROR = 2, COMMAND = 3;

function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}

// Answer `ticket` with what `run()` gives, at once when it is not a promise.
function answer(ticket, run) {
  let v;
  try {
    v = run();
  } catch (e) {
    native.settle(ticket, false, errorText(e));
    return;
  }
  if (v !== null && typeof v === 'object' && typeof v.then === 'function') {
    v.then((t) => native.settle(ticket, true, t), (e) => native.settle(ticket, false, errorText(e)));
  } else {
    native.settle(ticket, true, v);
  }
}

// What a JavaScript command gave, as the JSON the native side reads.
function commandReply(value) {
  if (value === undefined || value === null) return '{}';
  if (typeof value === 'string') return JSON.stringify({ stdout: value });
  if (value instanceof Uint8Array) return JSON.stringify({ stdout: Buffer.from(value).toString('utf8') });
  if (typeof value === 'object' && ('stdout' in value || 'stderr' in value || 'exitCode' in value)) {
    return JSON.stringify({ stdout: String(value.stdout ?? ''), stderr: String(value.stderr ?? ''), exitCode: Number(value.exitCode ?? 0) | 0 });
  }
  return JSON.stringify({ stdout: JSON.stringify(value) + '\n' });
}

function commandFailure(name, e) {
  if (e instanceof ToolError) return JSON.stringify({ stderr: `${name}: ${e.message}\n`, exitCode: e.exitCode });
  throw e;
}

// ---- streaming (src/status.rs) ----

// Run `start(onStatus)` (a native call that reports status events as JSON text, then '') and
// resolve with its result once the last event was handled by `onEvent`. A throw in `onEvent`
// rejects the call (after the script ended).
function streaming(start, onEvent) {
  let ended;
  const end = new Promise((resolve) => { ended = resolve; });
  let failure = null;
  const onStatus = (json) => {
    if (json === '') { ended(); return; }
    if (failure !== null) return;
    try {
      onEvent(JSON.parse(json));
    } catch (e) {
      failure = { e };
    }
  };
  return start(onStatus).then(async (r) => {
    await end;
    if (failure !== null) throw failure.e;
    return r;
  });
}

// `options.signal` as a native CancelToken (`undefined` when there is none); `done()` detaches it.
function cancelToken(signal) {
  if (signal === undefined || signal === null) return { token: undefined, done() {} };
  const token = new native.CancelToken();
  if (signal.aborted) token.cancel();
  const onAbort = () => token.cancel();
  signal.addEventListener('abort', onAbort, { once: true });
  return { token, done: () => signal.removeEventListener('abort', onAbort) };
}

// A failed run as a ToolError (for `check: true`).
function failed(r) {
  const lines = r.stderr.trimEnd().split('\n');
  const message = lines[lines.length - 1] || `exit status ${r.exitCode}`;
  const e = new ToolError(message, r.exitCode);
  e.stdout = r.stdout;
  e.stderr = r.stderr;
  return e;
}

// An async iterator over a run's output chunks (`{ stream, chunk }`), with the run's result as
// `result`; leaving the loop early stops the script.
function chunks(run, signal) {
  const stop = new AbortController();
  const signals = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const queue = [];
  let waiting = null;
  let finished = false;
  let failure = null;
  const push = (item) => {
    if (waiting !== null) {
      const w = waiting;
      waiting = null;
      w.resolve({ value: item, done: false });
    } else queue.push(item);
  };
  const result = run((chunk, stream) => push({ stream, chunk }), signals);
  result.then(
    () => { finished = true; if (waiting !== null) { waiting.resolve({ value: undefined, done: true }); waiting = null; } },
    (e) => { failure = { e }; finished = true; if (waiting !== null) { waiting.reject(e); waiting = null; } },
  );
  return {
    result,
    [Symbol.asyncIterator]() { return this; },
    next() {
      if (queue.length > 0) return Promise.resolve({ value: queue.shift(), done: false });
      if (failure !== null) return Promise.reject(failure.e);
      if (finished) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => { waiting = { resolve, reject }; });
    },
    return() {
      if (!finished) stop.abort();
      queue.length = 0;
      return Promise.resolve({ value: undefined, done: true });
    },
  };
}

// Start a run on a native object (`method`: a Bash's execNative, a ScriptedTool's
// executeNative): it gives the result at once when the script was that short, else it calls
// `done` when the script ends (src/exec.rs).
function run(target, script, timeoutMs, token, onStatus, method = 'execNative') {
  return new Promise((resolve) => {
    const r = target[method](script, timeoutMs, token, onStatus, (x) => { if (x !== undefined && x !== null) resolve(x); });
    if (r !== undefined && r !== null) resolve(r);
  });
}

class Bash extends native.Bash {
  /**
   * A sandboxed bash session: `{ files, env, cwd, username, hostname, limits, commands }`, where
   * `commands` maps names to JavaScript functions (see `registerCommand`).
   */
  constructor(options = {}) {
    const fns = new Map();
    const dispatch = (call) => {
      const [ticket, kind, name, json, stdin] = call;
      if (kind !== COMMAND) { native.settle(ticket, false, `unexpected call kind ${kind}`); return; }
      const fn = fns.get(name);
      answer(ticket, () => {
        let v;
        try {
          v = fn(JSON.parse(json), { stdin: stdin === null ? undefined : stdin });
        } catch (e) {
          return commandFailure(name, e);
        }
        if (v !== null && typeof v === 'object' && typeof v.then === 'function') {
          return v.then((x) => commandReply(x), (e) => commandFailure(name, e));
        }
        return commandReply(v);
      });
    };
    const { commands, ...rest } = options || {};
    super(rest, dispatch);
    this._fns = fns;
    this._options = rest;
    if (commands) {
      for (const [name, fn] of Object.entries(commands)) this._fns.set(name, checkFn(name, fn));
      this.registerCommands(Object.keys(commands));
    }
  }

  /**
   * A second session starting from this one's state (files and shell state), with its
   * configuration and commands; both go on independently.
   */
  fork() {
    const b = new this.constructor({ ...this._options, commands: Object.fromEntries(this._fns) });
    b.restore(this.snapshot());
    return b;
  }

  /**
   * Register `fn(args, { stdin })` as the command `name`: it returns the command's output
   * (text; another value prints as JSON) or `{ stdout, stderr, exitCode }`, sync or as a
   * promise; a thrown `ToolError` fails it with its message and `exitCode`, another throw with
   * its message and status 1. It runs on the event loop while the script waits (so it needs
   * `exec`: under `execSync` it fails). The session's files and shell state stay.
   */
  registerCommand(name, fn) {
    this._fns.set(name, checkFn(name, fn));
    this.registerCommands([name]);
  }

  /**
   * Run `script` off the event loop. `timeoutMs` bounds this call; an aborted `signal` stops
   * the script at its next command (exit status 130, `error: 'cancelled'`); `onOutput(chunk,
   * stream)` receives the output as it is written (`stream`: 'stdout' or 'stderr'); with
   * `check: true` a non-zero exit status rejects with a `ToolError`.
   */
  exec(script, options = {}) {
    const { timeoutMs, signal, onOutput, check } = options;
    const { token, done } = cancelToken(signal);
    let p;
    if (typeof onOutput === 'function') {
      p = streaming((onStatus) => run(this, String(script), timeoutMs, token, onStatus), (st) => {
        if (st.phase === 'output') onOutput(st.output, st.stream);
      });
    } else {
      p = run(this, String(script), timeoutMs, token);
    }
    p = p.finally(done);
    return check ? p.then((r) => { if (r.exitCode !== 0) throw failed(r); return r; }) : p;
  }

  /**
   * Run `script`, iterating over its output as it is written:
   * `for await (const { stream, chunk } of bash.stream(script)) ...`; `.result` is the run's
   * result. Leaving the loop early stops the script.
   */
  stream(script, options = {}) {
    const { signal, ...rest } = options;
    return chunks((onOutput, s) => this.exec(script, { ...rest, onOutput, signal: s }), signal);
  }
}

function checkFn(name, fn) {
  if (typeof fn !== 'function') throw new TypeError(`command ${name}: not a function`);
  return fn;
}

// The tool contract's input, checked as kitsh checks it.
function toolInput(input) {
  if (input === null || typeof input !== 'object' || typeof input.commands !== 'string') {
    throw new TypeError('invalid arguments: "commands" must be a string');
  }
  const t = input.timeout_ms;
  if (t !== undefined && t !== null && !(Number.isInteger(t) && t >= 0)) {
    throw new TypeError('invalid arguments: "timeout_ms" must be a non-negative integer');
  }
  return { commands: input.commands, timeoutMs: t === null ? undefined : t };
}

// The output schema's fields of a result.
function toolOutput(r) {
  const out = { stdout: r.stdout, stderr: r.stderr, exit_code: r.exitCode };
  if (r.error !== undefined && r.error !== null) out.error = r.error;
  return out;
}

/**
 * The LLM tool contract over a native object that runs scripts (`this._native`, with its run
 * method `_run`): what a model is told (`description()`, `systemPrompt()`, `help()`, the JSON
 * schemas) and `execute({ commands, timeout_ms })`, whose result has the output schema's
 * snake_case fields. BashTool and ScriptedTool are it.
 */
class ToolContract {
  get name() { return this._native.toolName; }
  description() { return this._native.description(); }
  systemPrompt() { return this._native.systemPrompt(); }
  help() { return this._native.help(); }
  inputSchema() { return JSON.parse(this._native.inputSchemaJson()); }
  outputSchema() { return JSON.parse(this._native.outputSchemaJson()); }
  /**
   * Run the model's script: `{ commands, timeout_ms }` -> `{ stdout, stderr, exit_code,
   * error? }`. `signal` stops it (also while it waits for a JavaScript tool or command);
   * `onStatus(event)` receives the tool contract's status events as they happen (`validate`,
   * `parse`, `execute`, `output` chunks, `tool_call` with the tool as `message`, `complete`).
   */
  async execute(input, options = {}) {
    const { commands, timeoutMs } = toolInput(input);
    const { signal, onStatus } = options;
    const { token, done } = cancelToken(signal);
    const target = this._native;
    try {
      const r = typeof onStatus === 'function'
        ? await streaming((cb) => run(target, commands, timeoutMs, token, cb, this._run), onStatus)
        : await run(target, commands, timeoutMs, token, undefined, this._run);
      return toolOutput(r);
    } finally {
      done();
    }
  }
}

/** The LLM tool contract over one session (`bash`: its `Bash`). */
class BashTool extends ToolContract {
  constructor(options) {
    super();
    this.bash = new Bash(options);
  }
  get _native() { return this.bash; }
  get _run() { return 'execNative'; }
  snapshot() { return this.bash.snapshot(); }
  restore(data) { this.bash.restore(data); }
  /** Start a fresh session (the constructor's `files` again). */
  reset() { this.bash.reset(); }
  /** A second tool starting from this one's state. */
  fork() {
    const t = Object.create(BashTool.prototype);
    t.bash = this.bash.fork();
    return t;
  }
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

// The policy hook's answer: allow (true, nothing) or deny (false, or the reason as a string).
function policyAnswer(v) {
  if (v === undefined || v === null || v === true) return '';
  if (v === false) throw new Error('denied by the policy hook');
  if (typeof v === 'string') throw new Error(v);
  throw new TypeError('policy: return true/undefined to allow, false or a reason to deny');
}

/**
 * Host callbacks as commands of a logic-only shell (the ScriptedTool of kitsh's specs): each tool
 * is a JavaScript function (sync or `async`) taking its parameters (checked against its schema
 * first) and `{ stdin }`, returning text or a JSON-able value; a throw fails the command with
 * the error's message. The model's one script calls many of them, pipes them through jq, and
 * returns one result.
 *
 * Options: `name`, `shortDescription`, `tools`, `env`, `limits`, `sanitizeErrors` (default
 * true: a failing tool shows `NAME: tool failed`), `compactPrompt`, `policy({ tool, args })`
 * (true/nothing allows; false or a reason denies; may be async) and `onToolError(tool,
 * message)` (every failure's original text).
 */
class ScriptedTool extends ToolContract {
  constructor({ name, shortDescription, tools = [], env, limits, sanitizeErrors, compactPrompt, policy, onToolError }) {
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
    if (policy !== undefined && typeof policy !== 'function') throw new TypeError('policy must be a function');
    if (onToolError !== undefined && typeof onToolError !== 'function') throw new TypeError('onToolError must be a function');
    const dispatch = (call) => {
      const [ticket, kind, toolName, json, stdin] = call;
      switch (kind) {
        case TOOL: {
          const fn = fns.get(toolName);
          answer(ticket, () => {
            const v = fn(JSON.parse(json), { stdin: stdin === null ? undefined : stdin });
            return v !== null && typeof v === 'object' && typeof v.then === 'function' ? v.then(toOutput) : toOutput(v);
          });
          break;
        }
        case POLICY:
          answer(ticket, () => {
            const v = policy({ tool: toolName, args: JSON.parse(json) });
            return v !== null && typeof v === 'object' && typeof v.then === 'function' ? v.then(policyAnswer) : policyAnswer(v);
          });
          break;
        case TOOL_ERROR:
          try { onToolError(toolName, JSON.parse(json)); } catch { /* a logging hook's failure is its own */ }
          native.settle(ticket, true, '');
          break;
        default:
          native.settle(ticket, false, `unexpected call kind ${kind}`);
      }
    };
    const options = {
      shortDescription,
      env,
      limits,
      sanitizeErrors,
      compactPrompt,
      policy: policy !== undefined,
      onToolError: onToolError !== undefined,
    };
    super();
    this.inner = new native.ScriptedToolNative(String(name), specs, options, dispatch);
  }
  get _native() { return this.inner; }
  get _run() { return 'executeNative'; }
  /**
   * The tool calls of the last run: `[{ tool, args, exit_code, duration_ms, stdout_bytes, error,
   * denied }]` (`error`: the original text; taken: a second read is empty).
   */
  lastTrace() {
    const t = this.inner.lastTraceJson();
    return t === null || t === undefined ? [] : JSON.parse(t);
  }
}

// ---- sessions kept in a store (src/store.rs) ----

/** A session store could not do what was asked (`code`: `ERR_KITSH_SESSION`, `ERR_KITSH_SNAPSHOT`). */
class SessionError extends Error {
  constructor(message, code = 'ERR_KITSH_SESSION') {
    super(message);
    this.name = 'SessionError';
    this.code = code;
  }
}

/** Another writer moved the session's head since it was loaded: load again and run again. */
class SessionConflict extends SessionError {
  constructor(message) {
    super(message, 'ERR_KITSH_SESSION_CONFLICT');
    this.name = 'SessionConflict';
  }
}

// The native side's failures ("CODE\0message") as SessionError / SessionConflict.
function sessionError(e) {
  const text = e instanceof Error ? e.message : String(e);
  const cut = text.indexOf('\0');
  if (cut < 0) return e;
  const code = text.slice(0, cut);
  const message = text.slice(cut + 1);
  return code === 'ERR_KITSH_SESSION_CONFLICT' ? new SessionConflict(message) : new SessionError(message, code);
}

async function storeCall(f) {
  try {
    return await f();
  } catch (e) {
    throw sessionError(e);
  }
}

/**
 * Sessions kept in a store with their history, as the CLI keeps them: `sqlite:PATH` (one file
 * any number of processes share), `sqlite::memory:`, `memory:` or `postgres://...`.
 * `await store.load(name)` gives the session's last state as a `Bash` (or a `BashTool`); after
 * its calls, `await store.commit(bash)` stores the new state (only what the store lacks). A
 * commit whose session another writer moved meanwhile rejects with `SessionConflict`.
 */
class SessionStore {
  constructor(url) {
    try {
      this.inner = new native.StoreNative(String(url));
    } catch (e) {
      throw sessionError(e);
    }
  }

  /**
   * Session `name`'s last state as a new `Bash` (`{ tool: true }` in `options`: a `BashTool`)
   * configured by `options` (the constructor's: its limits apply, `files` are replaced by the
   * snapshot's); a new session when there is none.
   */
  async load(name, options = {}) {
    const { tool, ...config } = options;
    const loaded = await storeCall(() => this.inner.load(String(name)));
    const made = tool ? new BashTool(config) : new Bash(config);
    if (loaded !== null && loaded !== undefined) {
      try {
        made.restore(loaded.snapshot);
      } catch (e) {
        throw new SessionError(errorText(e), 'ERR_KITSH_SNAPSHOT');
      }
    }
    made._storeHead = { name: String(name), head: loaded ? loaded.head : null };
    return made;
  }

  /**
   * Store the state of `bash` (a `Bash` or `BashTool` from `load`) as its session's next
   * commit; the new head's id (the same head when nothing changed).
   */
  async commit(bash, label = '') {
    const at = bash && bash._storeHead;
    if (!at) throw new SessionError('this Bash was not loaded from a SessionStore');
    const head = await storeCall(() => this.inner.commit(at.name, at.head, bash.snapshot(), String(label)));
    at.head = head;
    return head;
  }

  /** Every session with its head: `[{ name, head }]`. */
  sessions() { return storeCall(() => this.inner.sessions()); }
  /** Session `name`'s commits, newest first: `[{ id, timeMs, label }]`. */
  log(name) { return storeCall(() => this.inner.log(String(name))); }
  /** Rewind `name` to one of its commits (an id, or a prefix of at least 4 hex digits). */
  checkout(name, commit) { return storeCall(() => this.inner.checkout(String(name), String(commit))); }
  /** A new session `newName` at `name`'s head or at one of its commits; its head. */
  fork(name, newName, commit) { return storeCall(() => this.inner.fork(String(name), String(newName), commit === undefined ? undefined : String(commit))); }
  /** What changed from commit `a` to commit `b`: lines like `M file /tmp/x`. */
  diff(a, b) { return storeCall(() => this.inner.diff(String(a), String(b))); }
  /** Remove session `name` (its data goes at the next `gc`). */
  remove(name) { return storeCall(() => this.inner.remove(String(name))); }
  /** Delete what no kept commit names: `{ deleted, kept }` object counts. */
  gc(keepLast) { return storeCall(() => this.inner.gc(keepLast)); }
}

module.exports = { Bash, BashTool, ScriptedTool, ToolContract, ToolError, CancelToken: native.CancelToken, SessionStore, SessionError, SessionConflict };
