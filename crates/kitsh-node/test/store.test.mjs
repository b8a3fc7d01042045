// Sessions kept in a store: load, commit, history, fork, conflicts; Bash.fork and reset.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bash, BashTool, SessionStore, SessionError, SessionConflict } from '../index.mjs';

test('a session outlives its Bash: load, run, commit, load again elsewhere', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kitsh-store-'));
  try {
    const url = `sqlite:${join(dir, 'sessions.db')}`;
    const store = new SessionStore(url);
    const a = await store.load('agent-1');
    await a.exec('mkdir -p /work && cd /work && echo v1 > state.txt && count=1');
    const h1 = await store.commit(a, 'first');
    assert.match(h1, /^[0-9a-f]{64}$/);
    await a.exec('echo v2 > state.txt; count=$((count + 1))');
    const h2 = await store.commit(a, 'second');
    assert.notEqual(h1, h2);
    // Nothing changed: the same head.
    assert.equal(await store.commit(a), h2);
    // Another store on the same file (another process would do the same).
    const other = new SessionStore(url);
    const b = await other.load('agent-1');
    const r = await b.exec('pwd; cat state.txt; echo "count=$count"');
    assert.equal(r.stdout, '/work\nv2\ncount=2\n');
    const log = await other.log('agent-1');
    assert.deepEqual(log.map((c) => c.label), ['second', 'first']);
    assert.equal(typeof log[0].timeMs, 'number');
    assert.deepEqual(await other.diff(h1, h2), ['M file /work/state.txt', 'M variable count']);
    assert.deepEqual((await other.sessions()).map((s) => [s.name, s.head]), [['agent-1', h2]]);
    // History: fork at the first commit, checkout, remove, gc.
    const forked = await other.fork('agent-1', 'try', h1.slice(0, 8));
    assert.equal(forked, h1);
    assert.equal((await (await other.load('try')).exec('cat /work/state.txt')).stdout, 'v1\n');
    await other.checkout('agent-1', h1.slice(0, 6));
    assert.equal((await (await other.load('agent-1')).exec('cat /work/state.txt')).stdout, 'v1\n');
    await other.remove('try');
    assert.deepEqual((await other.sessions()).map((s) => s.name), ['agent-1']);
    const g = await other.gc(1);
    assert.equal(typeof g.deleted, 'number');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a commit over a moved head is a SessionConflict; bad input is a SessionError', async () => {
  const store = new SessionStore('memory:');
  const a = await store.load('s');
  const b = await store.load('s');
  await a.exec('echo a > /f');
  await store.commit(a);
  await b.exec('echo b > /f');
  await assert.rejects(store.commit(b), (e) => e instanceof SessionConflict && e instanceof SessionError && e.code === 'ERR_KITSH_SESSION_CONFLICT');
  await assert.rejects(store.diff('xyz', 'abc'), (e) => e instanceof SessionError && /not a commit id/.test(e.message));
  await assert.rejects(store.commit(new Bash()), (e) => e instanceof SessionError && /not loaded from a SessionStore/.test(e.message));
  assert.throws(() => new SessionStore('nosuch://x'), (e) => e instanceof SessionError);
  // A BashTool from the store.
  const t = await store.load('s', { tool: true });
  assert.ok(t instanceof BashTool);
  assert.equal((await t.execute({ commands: 'cat /f' })).stdout, 'a\n');
});

test('Bash.fork goes on independently with the commands; reset starts afresh', async () => {
  const a = new Bash({ files: { '/seed.txt': 'seed\n' }, commands: { hi: () => 'hi\n' } });
  await a.exec('x=1; echo data > /tmp/d');
  a.registerCommand('late', () => 'late\n');
  assert.equal((await a.exec('echo "$x"; late')).stdout, '1\nlate\n', 'registering keeps the shell state');
  const b = a.fork();
  await b.exec('x=2; echo changed > /tmp/d');
  assert.equal((await a.exec('echo "$x"; cat /tmp/d; hi')).stdout, '1\ndata\nhi\n');
  assert.equal((await b.exec('echo "$x"; cat /tmp/d; hi; late')).stdout, '2\nchanged\nhi\nlate\n');
  a.reset();
  const r = await a.exec('echo "[$x]"; cat /seed.txt; ls /tmp/d');
  assert.equal(r.stdout, '[]\nseed\n');
  assert.equal(r.exitCode, 2);
  const tool = new BashTool();
  await tool.execute({ commands: 'y=5' });
  assert.equal((await tool.fork().execute({ commands: 'echo $y' })).stdout, '5\n');
});
