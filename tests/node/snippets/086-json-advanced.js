// JSON with replacers, toJSON, indentation strings, and BigInt/undefined edge cases.
const data = { id: 7, when: new Date(Date.UTC(2024, 0, 2, 3, 4, 5)), tags: new Set(['x']), skip: undefined, fn() {}, nested: { keep: 1, drop: 2 } };
console.log(JSON.stringify(data));
console.log(JSON.stringify(data, (k, v) => (v instanceof Set ? [...v] : k === 'drop' ? undefined : v), 2));
console.log(JSON.stringify(data, ['id', 'nested', 'keep'], '--'));
console.log(JSON.stringify({ toJSON() { return { replaced: true }; } }));
console.log(JSON.stringify([undefined, () => 1, Symbol('s')]));
try { JSON.stringify({ n: 1n }); } catch (e) { console.log(e.name, e.message); }
try { JSON.parse('{"a": 1,}'); } catch (e) { console.log(e.name); }
console.log(JSON.parse('[1, {"b": [true, null]}]', (k, v) => (typeof v === 'number' ? v * 10 : v)));
console.log(JSON.stringify('line\nbreak\u2028"q"'));
console.log(Object.fromEntries(new Map([['a', 1], ['b', 2]])), Object.entries({ x: 1, y: [2] }));
const circ = { name: 'c' }; circ.self = circ;
try { JSON.stringify(circ); } catch (e) { console.log(e.name, e.message.split('\n')[0]); }
