// The npm package's per-call costs (docs/src/node-package.md#measured). Run against the
// release addon:
//   cargo build --release -p kitsh-node
//   KITSH_NODE_ADDON=$PWD/target/release/libkitsh_node.so node crates/kitsh-node/bench/calls.mjs
import { Bash, ScriptedTool } from '../index.mjs';

const us = (ns, n) => (Number(ns) / n / 1000).toFixed(1);

async function time(label, n, f) {
  for (let i = 0; i < Math.min(n, 200); i++) await f(i); // warm-up
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await f(i);
  const per = us(process.hrtime.bigint() - t, n);
  console.log(`${label.padEnd(48)} ${per.padStart(8)} us`);
  return Number(per);
}

const kept = new Bash();
await time('kept Bash + execSync("echo hi")', 5000, () => kept.execSync('echo hi'));
await time('kept Bash + await exec("echo hi")', 5000, () => kept.exec('echo hi'));
await time('new Bash + execSync("echo hi")', 2000, () => new Bash().execSync('echo hi'));
await time('new Bash + await exec("echo hi")', 2000, () => new Bash().exec('echo hi'));

const N = 1000;
const tool = new ScriptedTool({
  name: 'bench',
  tools: [
    { name: 'noop', description: 'Nothing', fn: () => '' },
    { name: 'anoop', description: 'Nothing, async', fn: async () => '' },
  ],
});
const loop = await time(`ScriptedTool: ${N} loop iterations, no call`, 20, () => tool.execute({ commands: `for ((i=0;i<${N};i++)); do :; done` }));
const sync = await time(`ScriptedTool: ${N} calls of a sync JS noop`, 20, () => tool.execute({ commands: `for ((i=0;i<${N};i++)); do noop; done` }));
const asy = await time(`ScriptedTool: ${N} calls of an async JS noop`, 20, () => tool.execute({ commands: `for ((i=0;i<${N};i++)); do anoop; done` }));
console.log(`per JS tool call (less the loop): sync ${((sync - loop) / N).toFixed(1)} us, async ${((asy - loop) / N).toFixed(1)} us`);
const b = new Bash({ commands: { jsnoop: () => '' } });
const bl = await time(`Bash: ${N} loop iterations, no call`, 20, () => b.exec(`for ((i=0;i<${N};i++)); do :; done`));
const bc = await time(`Bash: ${N} calls of a JS command`, 20, () => b.exec(`for ((i=0;i<${N};i++)); do jsnoop; done`));
console.log(`per JS command call (less the loop): ${((bc - bl) / N).toFixed(1)} us`);

// just-bash side by side, when JUST_BASH names its entry (an npm install of just-bash outside
// the tree: JUST_BASH=/tmp/jb/node_modules/just-bash/dist/bundle/index.js).
if (process.env.JUST_BASH) {
  const jb = await import(process.env.JUST_BASH);
  const keptJb = new jb.Bash();
  await time('just-bash: kept Bash + await exec("echo hi")', 2000, () => keptJb.exec('echo hi'));
  await time('just-bash: new Bash + await exec("echo hi")', 500, () => new jb.Bash().exec('echo hi'));
  const noop = jb.defineCommand('jsnoop', async () => ({ stdout: '', stderr: '', exitCode: 0 }));
  const withCmd = new jb.Bash({ customCommands: [noop], executionLimits: { maxLoopIterations: 100000, maxCommandCount: 1000000 } });
  const jl = await time(`just-bash: ${N} loop iterations, no call`, 5, () => withCmd.exec(`for ((i=0;i<${N};i++)); do :; done`));
  const jc = await time(`just-bash: ${N} calls of a JS command`, 5, () => withCmd.exec(`for ((i=0;i<${N};i++)); do jsnoop; done`));
  console.log(`just-bash: per JS command call (less the loop): ${((jc - jl) / N).toFixed(1)} us`);
}
