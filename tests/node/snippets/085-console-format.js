// console's format specifiers and console.dir / table.
console.log('%s is %d years and %i days; %f%%', 'Ada', 36.6, 12.9, 0.5);
console.log('%o and %O', { a: [1, { b: 2 }] }, { a: [1, { b: 2 }] });
console.log('%j stays', { x: 1 });
console.log('%c styled', 'color: red', 'extra', 3);
console.dir({ deep: { deeper: { deepest: { bottom: 1 } } } }, { depth: null });
console.table([{ name: 'a', n: 1 }, { name: 'b', n: 22 }]);
console.table({ x: { v: 1 }, y: { v: 2 } });
console.log(new Map([['k', { v: [1, 2] }]]), new Set(['s']));
console.log([undefined, null, NaN, -0, 0, 1e21, 123456789012345680000]);
console.log({ 'a-b': 1, b_c: 2, 3: 'three', [Symbol('s')]: 4 });
