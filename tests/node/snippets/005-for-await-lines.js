const readline = require('readline');
async function main() {
  const rl = readline.createInterface({ input: process.stdin });
  let sum = 0, n = 0;
  for await (const line of rl) {
    if (!line.trim()) continue;
    const rec = JSON.parse(line);
    sum += rec.value; n++;
  }
  console.log({ n, sum, mean: sum / n });
}
main();
