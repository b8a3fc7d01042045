const rows = [['Name', 'Qty', 'Price'], ['apple', 3, 1.5], ['banana', 12, 0.25], ['cherry', 100, 10]];
const widths = rows[0].map((_, i) => Math.max(...rows.map(r => String(r[i]).length)));
for (const r of rows) console.log(r.map((c, i) => typeof c === 'number' ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i])).join(' | '));
console.log('-'.repeat(20));
console.log(`Total: ${rows.slice(1).reduce((s, r) => s + r[1] * r[2], 0).toFixed(2)}`);
