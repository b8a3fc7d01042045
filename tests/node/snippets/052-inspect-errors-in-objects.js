const e = new RangeError('out of range');
const wrapped = { ok: false, error: e.message, code: 'E_RANGE' };
console.log(wrapped);
console.log([e.name, e.message]);
console.log(String(e), `${new TypeError('tt')}`, Object.prototype.toString.call(e));
