// The tool contract from Node, and sessions that move between processes as snapshots.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bash, BashTool } from '../index.mjs';

test('BashTool tells a model what it is and runs its calls', async () => {
  const tool = new BashTool({ env: { X: '1' } });
  assert.equal(tool.name, 'kitsh');
  assert.match(tool.description(), /bash/i);
  assert.match(tool.systemPrompt(), /bash/i);
  assert.match(tool.help(), /NAME|Usage|bash/);
  assert.deepEqual(tool.inputSchema().required, ['commands']);
  assert.ok('exit_code' in tool.outputSchema().properties);
  assert.deepEqual(await tool.execute({ commands: 'echo $X; exit 2' }), { stdout: '1\n', stderr: '', exit_code: 2 });
  const slow = await tool.execute({ commands: 'sleep 5', timeout_ms: 100 });
  assert.equal(slow.exit_code, 124);
  assert.equal(slow.error, 'timeout');
  await assert.rejects(tool.execute({ cmd: 'x' }), TypeError);
});

test('a snapshot restores files and shell state in another session', async () => {
  const a = new Bash();
  await a.exec('mkdir -p /w; echo kept > /w/f; v=42; cd /w');
  const snap = a.snapshot();
  assert.ok(snap.length > 0);
  const b = new Bash();
  b.restore(snap);
  const r = await b.exec('cat f; echo $v $PWD');
  assert.equal(r.stdout, 'kept\n42 /w\n', r.stderr);
  assert.throws(() => b.restore(Buffer.from('not a snapshot')));
});
