// Streaming a run's output: a callback, an async iterator, the tool contract's status events.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bash, BashTool } from '../index.mjs';

test('onOutput receives the output as it is written, in order, before exec resolves', async () => {
  const bash = new Bash();
  const seen = [];
  const r = await bash.exec('for i in 1 2 3; do echo out$i; echo err$i >&2; done', {
    onOutput: (chunk, stream) => seen.push([stream, chunk]),
  });
  assert.equal(r.stdout, 'out1\nout2\nout3\n');
  assert.equal(seen.filter(([s]) => s === 'stdout').map(([, c]) => c).join(''), r.stdout);
  assert.equal(seen.filter(([s]) => s === 'stderr').map(([, c]) => c).join(''), r.stderr);
  // Interleaved as written, not stdout then stderr.
  assert.deepEqual(seen.slice(0, 2), [['stdout', 'out1\n'], ['stderr', 'err1\n']]);
});

test('a chunk arrives while the script still runs', async () => {
  const bash = new Bash();
  let first = null;
  const started = Date.now();
  const r = await bash.exec('echo early; sleep 0.3; echo late', {
    onOutput: (chunk) => { if (first === null) first = Date.now() - started; },
  });
  assert.equal(r.stdout, 'early\nlate\n');
  assert.ok(first < 250, `the first chunk came after ${first} ms`);
});

test('for await over bash.stream(), and .result', async () => {
  const bash = new Bash();
  const chunks = [];
  const run = bash.stream('printf "a\\n"; printf "b\\n" >&2; printf "c\\n"; exit 3');
  for await (const { stream, chunk } of run) chunks.push(`${stream}:${chunk}`);
  assert.deepEqual(chunks, ['stdout:a\n', 'stderr:b\n', 'stdout:c\n']);
  const r = await run.result;
  assert.equal(r.exitCode, 3);
});

test('leaving the loop early stops the script', async () => {
  const bash = new Bash();
  const run = bash.stream('while :; do echo tick; sleep 0.01; done');
  let n = 0;
  for await (const _ of run) if (++n === 3) break;
  const r = await run.result;
  assert.equal(r.exitCode, 130);
  assert.equal(r.error, 'cancelled');
});

test('a throwing onOutput rejects exec once the script ended', async () => {
  const bash = new Bash();
  await assert.rejects(bash.exec('echo x; echo y', { onOutput: () => { throw new Error('boom'); } }), /boom/);
  // The session is still usable.
  assert.equal((await bash.exec('echo ok')).stdout, 'ok\n');
});

test('check: true rejects a failed run with a ToolError', async () => {
  const bash = new Bash();
  await assert.rejects(bash.exec('echo hi; ls /nope', { check: true }), (e) => {
    assert.equal(e.name, 'ToolError');
    assert.equal(e.exitCode, 2);
    assert.match(e.message, /ls: cannot access '\/nope': No such file or directory/);
    assert.equal(e.stdout, 'hi\n');
    return true;
  });
  assert.equal((await bash.exec('true', { check: true })).exitCode, 0);
});

test('BashTool.execute reports the tool contract status events', async () => {
  const tool = new BashTool();
  const phases = [];
  const r = await tool.execute({ commands: 'echo one; echo two' }, { onStatus: (st) => phases.push(st.phase === 'output' ? `output:${st.output}` : st.phase) });
  assert.equal(r.stdout, 'one\ntwo\n');
  assert.equal(phases[0], 'validate');
  assert.equal(phases[phases.length - 1], 'complete');
  assert.ok(phases.includes('execute'));
  assert.equal(phases.filter((p) => p.startsWith('output:')).map((p) => p.slice(7)).join(''), 'one\ntwo\n');
  await assert.rejects(tool.execute({ commands: 'x', timeout_ms: -1 }), /"timeout_ms" must be a non-negative integer/);
});
