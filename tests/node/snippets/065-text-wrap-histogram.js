const text = 'the quick brown fox jumps over the lazy dog and the quick cat naps while the dog barks at the fox';
function wrap(s, width) {
  const lines = [];
  let line = '';
  for (const w of s.split(' ')) {
    if ((line + ' ' + w).trim().length > width) { lines.push(line); line = w; } else line = (line + ' ' + w).trim();
  }
  if (line) lines.push(line);
  return lines;
}
console.log(wrap(text, 24).join('\n'));
const freq = {};
for (const w of text.split(/\s+/)) freq[w] = (freq[w] || 0) + 1;
const top = Object.entries(freq).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 4);
for (const [w, n] of top) console.log(w.padEnd(6), '#'.repeat(n), n);
