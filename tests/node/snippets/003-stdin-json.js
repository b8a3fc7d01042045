let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (c) => { input += c; });
process.stdin.on('end', () => {
  const items = JSON.parse(input);
  const total = items.reduce((s, i) => s + i.price * i.qty, 0);
  console.log(`items: ${items.length}, total: ${total.toFixed(2)}`);
  console.log(items.map(i => i.name).sort().join(', '));
});
