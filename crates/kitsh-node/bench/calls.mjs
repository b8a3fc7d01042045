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
