function* range(n) { for (let i = 0; i < n; i++) yield i; }
console.log([...range(5)], Array.from(range(3), x => x * 10));
const it = range(2); console.log(it.next(), it.next(), it.next());
async function* chunks() { for (const c of ['a', 'b', 'c']) { await null; yield c; } }
(async () => { const out = []; for await (const c of chunks()) out.push(c); console.log(out.join('')); })();
const m = new Map([['x', 1], ['y', 2]]);
console.log([...m.keys()], [...m.entries()], Object.fromEntries(m));
