// ScriptedTool's options: policy and error hooks, sanitising, env and limits, cancellation,
// streaming tool_call events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedTool } from '../index.mjs';

const tools = [
  { name: 'read', description: 'Read a record', schema: { type: 'object', properties: { id: { type: 'integer' } } }, fn: ({ id }) => ({ id }) },
  { name: 'delete', description: 'Delete a record', schema: { type: 'object', properties: { id: { type: 'integer' } } }, fn: () => 'deleted\n' },
  { name: 'fail', description: 'Fails with a secret', fn: () => { throw new Error('db password=hunter2 rejected'); } },
  { name: 'hang', description: 'Never answers', fn: () => new Promise(() => {}) },
];

test('the policy hook allows, denies with a reason, and may be async', async () => {
  const seen = [];
  const tool = new ScriptedTool({
    name: 'db',
    tools,
    policy: async ({ tool: name, args }) => {
      seen.push([name, args]);
      if (name === 'delete') return args.id === 1 ? false : `id ${args.id} is protected`;
      return true;
    },
  });
  const r = await tool.execute({ commands: 'read --id 5 | jq -c .; delete --id 1; echo "s=$?"; delete --id 2' });
  assert.equal(r.stdout, '{"id":5}\ns=1\n');
  assert.equal(r.stderr, 'delete: denied by policy\ndelete: denied by policy\n');
  assert.deepEqual(seen, [['read', { id: 5 }], ['delete', { id: 1 }], ['delete', { id: 2 }]]);
  const trace = tool.lastTrace();
  assert.deepEqual(trace.map((c) => [c.tool, c.denied, c.error]), [
    ['read', false, null], ['delete', true, 'denied by the policy hook'], ['delete', true, 'id 2 is protected'],
  ]);
  assert.equal(typeof trace[0].duration_ms, 'number');
});

test('errors are sanitised by default; onToolError sees the original text', async () => {
  const logged = [];
  const tool = new ScriptedTool({ name: 'db', tools, onToolError: (name, text) => logged.push([name, text]) });
  let r = await tool.execute({ commands: 'fail' });
  assert.equal(r.stderr, 'fail: tool failed\n');
  assert.deepEqual(logged, [['fail', 'db password=hunter2 rejected']]);
  const open = new ScriptedTool({ name: 'db', tools, sanitizeErrors: false });
  r = await open.execute({ commands: 'fail' });
  assert.equal(r.stderr, 'fail: db password=hunter2 rejected\n');
});

test('env and limits apply to every script', async () => {
  const tool = new ScriptedTool({ name: 'db', tools, env: { REGION: 'eu' }, limits: { maxLoopIterations: 5 } });
  let r = await tool.execute({ commands: 'echo $REGION' });
  assert.equal(r.stdout, 'eu\n');
  r = await tool.execute({ commands: 'for i in 1 2 3 4 5 6 7; do :; done' });
  assert.notEqual(r.exit_code, 0);
  assert.equal(r.error, 'resource_limit');
});

test('a tool that never answers: the signal stops the script (130), and timeout_ms (124)', async () => {
  const tool = new ScriptedTool({ name: 'db', tools });
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 100);
  let t = Date.now();
  let r = await tool.execute({ commands: 'hang; echo after' }, { signal: ac.signal });
  assert.deepEqual([r.exit_code, r.error, r.stdout], [130, 'cancelled', '']);
  assert.ok(Date.now() - t < 2000);
  t = Date.now();
  r = await tool.execute({ commands: 'hang; echo after', timeout_ms: 150 });
  assert.deepEqual([r.exit_code, r.error, r.stdout], [124, 'timeout', '']);
  assert.ok(Date.now() - t < 2000);
});

test('onStatus receives tool_call events and the output', async () => {
  const tool = new ScriptedTool({ name: 'db', tools });
  const events = [];
  const r = await tool.execute({ commands: 'read --id 1 >/dev/null; read --id 2' }, { onStatus: (st) => events.push(st) });
  assert.equal(r.stdout, '{"id":2}\n');
  assert.deepEqual(events.filter((e) => e.phase === 'tool_call').map((e) => e.message), ['read', 'read']);
  assert.equal(events.filter((e) => e.phase === 'output').map((e) => e.output).join(''), '{"id":2}\n');
});

test('concurrent executes of one ScriptedTool keep their calls apart', async () => {
  const tool = new ScriptedTool({
    name: 'echoer',
    tools: [{
      name: 'echo_id', description: 'Echo an id after a while',
      schema: { type: 'object', properties: { id: { type: 'integer' } } },
      fn: async ({ id }) => { await new Promise((r) => setTimeout(r, (id * 7) % 5)); return { id }; },
    }],
  });
  const runs = Array.from({ length: 10 }, (_, n) => tool.execute({ commands: `for i in 1 2 3; do echo_id --id $((${n} * 10 + i)) | jq -r .id; done` }));
  const results = await Promise.all(runs);
  results.forEach((r, n) => assert.equal(r.stdout, `${n * 10 + 1}\n${n * 10 + 2}\n${n * 10 + 3}\n`, r.stderr));
});
