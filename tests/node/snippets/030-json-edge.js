console.log(JSON.stringify({ a: undefined, b: () => 1, c: NaN, d: new Date(0), e: [undefined], f: Infinity }));
console.log(JSON.stringify('he said "hi"\n'), JSON.stringify({ k: 'é☃' }), JSON.stringify([1, [2, [3]]], null, '\t'));
console.log(JSON.parse('{"a":[1,2,{"b":null}]}', (k, v) => (typeof v === 'number' ? v * 10 : v)));
console.log(JSON.stringify({ b: 2, a: 1 }, ['a']), JSON.stringify({ toJSON() { return 'custom'; } }));
try { JSON.parse('{"a":1,}'); } catch (e) { console.log(e.name); }
try { const o = {}; o.o = o; JSON.stringify(o); } catch (e) { console.log(e.name); }
