// The `kitsh` package from Node: sessions, files, the event loop left free, cancellation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bash } from '../index.mjs';
import cjs from '../index.js';

test('exec runs a script and the session keeps its state', async () => {
  const bash = new Bash({ env: { GREETING: 'hi' }, files: { '/data/n.json': '{"n": [3, 4]}' }, cwd: '/data' });
  let r = await bash.exec('echo $GREETING; pwd; jq ".n | add" n.json');
  assert.deepEqual([r.stdout, r.stderr, r.exitCode], ['hi\n/data\n7\n', '', 0]);
  r = await bash.exec('x=5; cd /tmp');
  r = await bash.exec('echo $x $PWD');
  assert.equal(r.stdout, '5 /tmp\n');
  r = bash.execSync('exit 3');
  assert.equal(r.exitCode, 3);
  assert.equal(cjs.Bash, Bash);
});

test('files cross the boundary', async () => {
  const bash = new Bash();
  bash.writeFile('/w/a.txt', 'alpha\n');
  bash.writeFile('/w/b.bin', new Uint8Array([104, 105]));
  const r = await bash.exec('cat /w/a.txt /w/b.bin; echo made > /w/c.txt');
  assert.equal(r.stdout, 'alpha\nhi');
  assert.equal(bash.readFile('/w/c.txt'), 'made\n');
  assert.deepEqual(bash.listDir('/w'), ['a.txt', 'b.bin', 'c.txt']);
  assert.throws(() => bash.readFile('/nope'), /nope/);
});

test('a long script leaves the event loop free', async () => {
  const bash = new Bash();
  let ticks = 0;
  const timer = setInterval(() => ticks++, 5);
  const r = await bash.exec('sleep 0.3; echo done');
  clearInterval(timer);
  assert.equal(r.stdout, 'done\n');
  assert.ok(ticks >= 10, `the loop ran ${ticks} times`);
});

test('an AbortSignal stops a running script (130)', async () => {
  const bash = new Bash();
  const started = Date.now();
  const r = await bash.exec('while true; do :; done', { signal: AbortSignal.timeout(200) });
  assert.equal(r.exitCode, 130);
  assert.equal(r.error, 'cancelled');
  assert.ok(Date.now() - started < 5000);
  const c = new AbortController();
  c.abort();
  assert.equal((await bash.exec('echo never', { signal: c.signal })).exitCode, 130);
});

test('timeouts and limits end the script with their status', async () => {
  const bash = new Bash({ limits: { maxLoopIterations: 100 } });
  let r = await bash.exec('sleep 5', { timeoutMs: 100 });
  assert.equal(r.exitCode, 124);
  r = await bash.exec('for i in $(seq 1000); do :; done');
  assert.notEqual(r.exitCode, 0);
  assert.ok(r.error, r.stderr);
});

test('node and python3 run inside the sandbox', async () => {
  const bash = new Bash();
  const r = await bash.exec(`node -e 'console.log({ a: [1, 2] })'; python3 -c 'print(6 * 7)'`);
  assert.equal(r.stdout, '{ a: [ 1, 2 ] }\n42\n', r.stderr);
});
