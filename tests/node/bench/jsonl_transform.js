const readline = require('readline');
const rl = readline.createInterface({ input: process.stdin });
const totals = new Map();
let n = 0;
rl.on('line', (line) => {
  const e = JSON.parse(line);
  n++;
  if (e.kind !== 'buy') return;
  const t = totals.get(e.user) || { user: e.user, count: 0, amount: 0 };
  t.count++;
  t.amount += e.amount;
  totals.set(e.user, t);
});
rl.on('close', () => {
  const top = [...totals.values()].sort((a, b) => b.amount - a.amount || a.user.localeCompare(b.user)).slice(0, 5);
  for (const t of top) process.stdout.write(JSON.stringify({ ...t, amount: Math.round(t.amount * 100) / 100 }) + '\n');
  console.log('lines', n);
});
