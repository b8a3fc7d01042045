function* naturals() { let n = 1; while (true) yield n++; }
function* take(it, n) { for (const x of it) { if (n-- <= 0) return; yield x; } }
function* filter(it, f) { for (const x of it) if (f(x)) yield x; }
function* map(it, f) { for (const x of it) yield f(x); }
const primes = filter(naturals(), (n) => n > 1 && [...Array(Math.floor(Math.sqrt(n))).keys()].slice(2).every((d) => n % d !== 0));
console.log([...take(map(primes, (p) => p * p), 8)]);
const fib = function* () { let [a, b] = [0, 1]; for (;;) { yield a; [a, b] = [b, a + b]; } };
console.log(Array.from(take(fib(), 12)).join(','));
