// ScriptedTool with JavaScript functions as its tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedTool } from '../index.mjs';

const crm = () => new ScriptedTool({
  name: 'crm',
  shortDescription: 'Customer records',
  tools: [
    {
      name: 'get_user',
      description: 'Fetch a user by id',
      schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      tags: ['users'],
      fn: async ({ id }) => {
        await new Promise((r) => setTimeout(r, 1));
        return { id, name: id === 1 ? 'Ada' : 'Bob' };
      },
    },
    { name: 'shout', description: 'Upper-case stdin', fn: (params, { stdin }) => (stdin || '').toUpperCase() },
    { name: 'fail', description: 'Always fails', fn: () => { throw new Error('backend down'); } },
  ],
});

test('a script calls JavaScript tools, sync and async, and pipes them through jq', async () => {
  const tool = crm();
  const r = await tool.execute({ commands: 'for i in 1 2; do get_user --id $i | jq -r .name; done; echo hi | shout' });
  assert.deepEqual(r, { stdout: 'Ada\nBob\nHI\n', stderr: '', exit_code: 0 });
  assert.deepEqual(tool.lastTrace().map((c) => [c.tool, c.args, c.exit_code]), [
    ['get_user', { id: 1 }, 0], ['get_user', { id: 2 }, 0], ['shout', {}, 0],
  ]);
});

test('schema errors, throwing tools and the tool contract', async () => {
  const tool = crm();
  let r = await tool.execute({ commands: 'get_user --id x' });
  assert.equal(r.exit_code, 2);
  assert.match(r.stderr, /get_user: invalid value for --id: expected integer, got 'x'/);
  r = await tool.execute({ commands: 'fail; echo "status $?"' });
  assert.equal(r.stdout, 'status 1\n');
  assert.match(r.stderr, /fail:/);
  r = await tool.execute({ commands: 'help get_user; discover --tag users' });
  assert.match(r.stdout, /get_user/);
  assert.equal(tool.name, 'crm');
  assert.match(tool.systemPrompt(), /`get_user`: Fetch a user by id/);
  assert.deepEqual(tool.inputSchema().required, ['commands']);
  // node inside the logic shell can call the same tools.
  r = await tool.execute({ commands: `node -e 'console.log(require("kitsh_tools").get_user({ id: 1 }).name)'` });
  assert.equal(r.stdout, 'Ada\n', r.stderr);
  // And python3, with the JavaScript tool's error as a ToolError.
  r = await tool.execute({ commands: `python3 -c '
import kitsh_tools
print(kitsh_tools.get_user(id=2)["name"])
try:
    kitsh_tools.fail()
except kitsh_tools.ToolError as e:
    print("failed", e.exit_code)
'` });
  assert.equal(r.stdout, 'Bob\nfailed 1\n', r.stderr);
});
