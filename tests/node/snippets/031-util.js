const util = require('util');
console.log(util.format('%s:%i:%j', 'a', 42.9, { x: 1 }), util.inspect({ a: { b: { c: { d: 1 } } } }, { depth: 0 }));
console.log(util.inspect('quote\'s'), util.inspect([1, 2], { compact: false }), util.inspect(new Map([[1, 2]]), { showHidden: false }));
console.log(util.types.isDate(new Date()), util.types.isRegExp(/x/), util.isDeepStrictEqual([1, { a: 2 }], [1, { a: 2 }]));
const sleep = util.promisify((ms, cb) => setTimeout(() => cb(null, ms * 2), ms));
sleep(5).then((v) => console.log('promisified', v));
console.log(util.inspect({ long: 'x'.repeat(100) }));
console.log(util.inspect(Array.from({ length: 5 }, (_, i) => 'item-' + i), { breakLength: 20 }));
