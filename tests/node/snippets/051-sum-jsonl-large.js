let total = 0, n = 0, buf = '';
process.stdin.on('data', (c) => {
  buf += c;
  let i;
  while ((i = buf.indexOf('\n')) >= 0) { const line = buf.slice(0, i); buf = buf.slice(i + 1); if (line) { total += JSON.parse(line).v; n++; } }
});
process.stdin.on('end', () => console.log(n, total));
