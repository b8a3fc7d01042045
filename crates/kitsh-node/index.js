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

module.exports = { Bash, CancelToken: native.CancelToken };
