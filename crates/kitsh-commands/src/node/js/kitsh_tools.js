// `kitsh_tools`: the shell's tools (a ScriptedTool's, a kit's, an imported MCP server's) as
// synchronous JavaScript functions, as Python's `kitsh_tools` offers them.
//
//     const tools = require('kitsh_tools');
//     const user = tools.get_user({ id: 42 });       // the parsed JSON value (text if not JSON)
//     tools.net.url_info({ url: 'https://x' });       // a dotted name
//     tools.summarize({}, { stdin: 'long text' });    // piped input
//
// Calls take the path a bash call takes: the schema checks the arguments (the same messages as
// the flags), the policy hook, the trace, sanitised errors. A failing call throws a ToolError
// with the (sanitised) message, `exitCode` and `tool`.

const k = internals.k;

class ToolError extends Error {
  constructor(message, exitCode = 1, tool = undefined) {
    super(message);
    this.name = 'ToolError';
    this.exitCode = exitCode;
    this.tool = tool;
  }
}

const JSON_START = /^\s*[{["\-0-9tfnNI]/;

function result(name, out) {
  if (out === null) throw new TypeError(`kitsh_tools has no tool '${name}'`);
  const [status, stdout, stderr] = out;
  if (status !== 0) {
    const message = stderr.replace(/\n+$/, '') || `${name}: exit status ${status}`;
    throw new ToolError(message, status, name);
  }
  if (!JSON_START.test(stdout)) return stdout;
  try {
    return JSON.parse(stdout);
  } catch (_) {
    return stdout;
  }
}

function stdinBytes(stdin) {
  if (stdin === undefined || stdin === null) return null;
  if (typeof stdin === 'string' || stdin instanceof Uint8Array) return stdin;
  return JSON.stringify(stdin);
}

function tool(name, description, schema) {
  const f = function (params = {}, options = {}) {
    if (params === null || typeof params !== 'object' || Array.isArray(params)) {
      throw new TypeError(`${name}: the arguments must be an object of parameters (${name}({ key: value }))`);
    }
    return result(name, k.callTool(name, JSON.stringify(params), [], stdinBytes(options.stdin)));
  };
  Object.defineProperty(f, 'name', { value: name });
  f.description = description;
  Object.defineProperty(f, 'inputSchema', { get: () => JSON.parse(schema), enumerable: false });
  return f;
}

function command(name, words, json) {
  const out = k.callTool(name, null, words, null);
  if (out === null) throw new TypeError(`kitsh_tools has no '${name}'`);
  if (out[0] !== 0) throw new ToolError(out[2].replace(/\n+$/, ''), out[0], name);
  if (json) return JSON.parse(out[1]);
  process.stdout.write(out[1]);
  return undefined;
}

const tools = {};
for (const [name, description, schema] of k.tools()) {
  const parts = name.split('.');
  let node = tools;
  for (const part of parts.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part];
  }
  const last = parts[parts.length - 1];
  const f = tool(name, description, schema);
  node[last] = f;
  const ident = last.replace(/-/g, '_');
  if (!(ident in node)) node[ident] = f;
}

tools.ToolError = ToolError;
// `help()` prints the list of tools (as the bash builtin does), `help('name')` one tool;
// `{ json: true }` returns the JSON instead.
tools.help = function help(name, options = {}) {
  if (typeof name === 'object' && name !== null) {
    options = name;
    name = undefined;
  }
  const words = name === undefined ? [] : [String(name)];
  if (options.json) words.push('--json');
  return command('help', words, options.json);
};
// `discover({ categories, category, tag, search, json })`, as the bash builtin.
tools.discover = function discover(options = {}) {
  const words = [];
  if (options.categories) words.push('--categories');
  for (const [key, flag] of [['category', '--category'], ['tag', '--tag'], ['search', '--search']]) {
    if (options[key] !== undefined) words.push(flag, String(options[key]));
  }
  if (options.json) words.push('--json');
  return command('discover', words, options.json);
};

module.exports = new Proxy(tools, {
  get(target, prop) {
    if (prop in target || typeof prop === 'symbol' || prop === 'then' || prop === '__esModule' || prop === 'default') return target[prop];
    throw new TypeError(`kitsh_tools has no tool '${String(prop)}'`);
  },
});
