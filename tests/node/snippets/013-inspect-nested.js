const obj = { a: 1, b: 'two', c: [1, 2, 3], d: { e: { f: { g: { h: 1 } } } }, fn() {}, arrow: () => 1, sym: Symbol('s'), n: null, u: undefined, big: 10n, date: new Date(0), re: /x+/g };
console.log(obj);
console.log([obj.d]);
console.log(new Map([['k', { v: [1, 2] }]]), new Set(['a', 'b']));
console.log([1, [2, [3, [4, [5]]]]]);
console.log({ s: 'it\'s', t: "say \"hi\"", nl: 'a\nb' });
