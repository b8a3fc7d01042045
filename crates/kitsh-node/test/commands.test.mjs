// JavaScript functions as commands of a plain Bash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Bash, ToolError } from '../index.mjs';

const bash = () => new Bash({
  files: { '/data/a.txt': 'hello\n' },
  commands: {
    greet: (args) => `hello ${args.join(' ')}\n`,
    upper: async (args, { stdin }) => { await new Promise((r) => setTimeout(r, 1)); return (stdin ?? '').toUpperCase(); },
    user: ([id]) => ({ id: Number(id), name: 'Ada' }),
    full: () => ({ stdout: 'partial\n', stderr: 'warned\n', exitCode: 4 }),
    denied: () => { throw new ToolError('not allowed', 3); },
    broken: () => { throw new Error('backend down'); },
  },
});

test('commands run as the script calls them: args, stdin, JSON, statuses', async () => {
  const b = bash();
  let r = await b.exec('greet big world; cat /data/a.txt | upper; user 7 | jq -r .name');
  assert.deepEqual([r.stdout, r.stderr, r.exitCode], ['hello big world\nHELLO\nAda\n', '', 0]);
  r = await b.exec('full; echo "s=$?"');
  assert.deepEqual([r.stdout, r.stderr], ['partial\ns=4\n', 'warned\n']);
  r = await b.exec('denied; echo "s=$?"; broken; echo "s=$?"');
  assert.equal(r.stdout, 's=3\ns=1\n');
  assert.equal(r.stderr, 'denied: not allowed\nbroken: backend down\n');
  // In pipelines, command substitutions and functions, as any command.
  r = await b.exec('f() { greet "$@"; }; x=$(f a b); echo "[$x]"; greet x | upper');
  assert.equal(r.stdout, '[hello a b]\nHELLO X\n');
  assert.equal((await b.exec('type -t greet')).stdout, 'builtin\n');
});

test('registerCommand later keeps the files', async () => {
  const b = new Bash();
  await b.exec('echo kept > /tmp/k');
  b.registerCommand('twice', (args, { stdin }) => stdin.repeat(2));
  const r = await b.exec('cat /tmp/k | twice');
  assert.equal(r.stdout, 'kept\nkept\n');
  assert.throws(() => b.registerCommand('a b', () => ''), /invalid command name/);
  assert.throws(() => b.registerCommand('x', 42), /not a function/);
});

test('under execSync a JavaScript command fails instead of blocking', () => {
  const b = bash();
  const r = b.execSync('greet x; echo "s=$?"');
  assert.equal(r.stdout, 's=1\n');
  assert.match(r.stderr, /greet: a JavaScript command cannot run under execSync/);
});

test('a command that never answers is stopped by the timeout and by the signal', async () => {
  const b = new Bash({ commands: { hang: () => new Promise(() => {}) } });
  let t = Date.now();
  let r = await b.exec('hang; echo after', { timeoutMs: 200 });
  assert.equal(r.exitCode, 124);
  assert.equal(r.stdout, '');
  assert.ok(Date.now() - t < 2000);
  const ac = new AbortController();
  setTimeout(() => ac.abort(), 100);
  t = Date.now();
  r = await b.exec('hang; echo after', { signal: ac.signal });
  assert.equal(r.exitCode, 130);
  assert.ok(Date.now() - t < 2000);
  // And the session goes on.
  assert.equal((await b.exec('echo ok')).stdout, 'ok\n');
});

test('many sessions at once: each gets its own answers, the event loop stays free', async () => {
  let ticks = 0;
  const timer = setInterval(() => { ticks += 1; }, 5);
  const runs = Array.from({ length: 12 }, (_, n) => {
    const b = new Bash({ env: { N: String(n) }, commands: { tag: async ([x], { stdin }) => `${n}:${x}:${(stdin ?? '').trim()}\n` } });
    return b.exec('for i in 1 2 3; do echo "$N.$i" | tag "$i"; sleep 0.02; done');
  });
  const results = await Promise.all(runs);
  clearInterval(timer);
  results.forEach((r, n) => assert.equal(r.stdout, `${n}:1:${n}.1\n${n}:2:${n}.2\n${n}:3:${n}.3\n`, r.stderr));
  assert.ok(ticks >= 3, `the timer ran ${ticks} times while the scripts ran`);
});
