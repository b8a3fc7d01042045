const a = [5, 1, 4, 2, 3];
console.log(a.slice().sort((x, y) => y - x), a.find(x => x > 3), a.findIndex(x => x > 3), a.findLast(x => x < 3), a.some(x => x > 4), a.every(x => x > 0));
console.log(a.indexOf(4), a.includes(9), a.join('+'), a.reduce((m, x) => Math.max(m, x)), [['a', 1], ['b', 2]].map(([k, v]) => k + v));
console.log(Array.of(7, 8), Array.isArray([]), [1, 2, 3].fill(0, 1), [1, 2, 3, 4, 5].copyWithin(0, 3), [3, 2, 1].reverse(), [1, [2, [3, [4]]]].flat(2));
console.log(Object.entries({ x: 1, y: 2 }).map(([k, v]) => `${k}=${v}`).join('&'), Object.values({ a: [1], b: [2] }).flat());
