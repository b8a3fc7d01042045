const a = new Set([1, 2, 3, 4]), b = new Set([3, 4, 5]);
console.log([...a].filter(x => b.has(x)), [...new Set([...a, ...b])], [...a].filter(x => !b.has(x)));
const wm = new WeakMap(); const key = {}; wm.set(key, 1); console.log(wm.get(key), wm.has({}), wm);
console.log(new Set(), new Map(), new Set([[1, 2]]), new Map([[new Set([1]), 'set-key']]));
