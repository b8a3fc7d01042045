const d = new Date(Date.UTC(2024, 0, 15, 10, 30, 0));
console.log(d.toISOString(), d.getTime(), JSON.stringify({ d }));
console.log(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCDay());
const next = new Date(d); next.setUTCDate(next.getUTCDate() + 30);
console.log(next.toISOString().slice(0, 10), Math.round((next - d) / 86400000));
console.log(new Date('2024-03-01T00:00:00Z') > new Date('2024-02-29T00:00:00Z'), new Date('invalid').getTime(), String(new Date(NaN)));
console.log(d.toLocaleDateString('en-US', { timeZone: 'UTC' }), d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
