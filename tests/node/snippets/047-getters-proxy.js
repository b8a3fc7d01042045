const target = { a: 1 };
const p = new Proxy(target, { get: (t, k) => (k in t ? t[k] : `missing:${String(k)}`) });
console.log(p.a, p.zzz);
const o = { _v: 1, get v() { return this._v; }, set v(x) { this._v = x * 2; } };
o.v = 5; console.log(o.v, Object.keys(o), o);
console.log(Reflect.ownKeys({ x: 1, [Symbol('s')]: 2 }), Object.getOwnPropertyNames('ab'));
