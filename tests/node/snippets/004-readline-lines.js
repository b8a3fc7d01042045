const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const counts = new Map();
rl.on('line', (line) => {
  for (const w of line.toLowerCase().split(/\W+/).filter(Boolean)) counts.set(w, (counts.get(w) || 0) + 1);
});
rl.on('close', () => {
  const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
  for (const [w, n] of top) console.log(n, w);
});
