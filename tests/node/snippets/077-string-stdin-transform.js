let data = '';
process.stdin.on('data', (c) => (data += c)).on('end', () => {
  const lines = data.split('\n').filter(Boolean);
  const out = lines.map((l, i) => `${String(i + 1).padStart(3, '0')} ${l.split('').reverse().join('')}`);
  process.stdout.write(out.join('\n') + '\n');
  console.error(`${lines.length} lines`);
});
