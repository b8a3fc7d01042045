function Counter() { this.n = 0; }
Counter.prototype.tick = function (by) { this.n += by; console.log('n =', this.n); };
const c = new Counter();
setTimeout(c.tick.bind(c), 1, 5);
setTimeout((a, b) => console.log('args', a, b), 2, 'x', 'y');
const t = setTimeout(() => {}, 1000);
console.log(typeof t.ref, typeof t.unref, t.hasRef());
clearTimeout(t);
const u = setTimeout(() => console.log('unref timer never runs'), 50);
u.unref();
