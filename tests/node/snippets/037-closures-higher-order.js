const memo = (fn) => { const cache = new Map(); return (n) => cache.has(n) ? cache.get(n) : (cache.set(n, fn(n)), cache.get(n)); };
const fib = memo((n) => n < 2 ? n : fib(n - 1) + fib(n - 2));
console.log(fib(50), fib(90));
const compose = (...fns) => (x) => fns.reduceRight((v, f) => f(v), x);
console.log(compose((x) => x + 1, (x) => x * 2)(5));
const counter = (() => { let c = 0; return { inc: () => ++c, get: () => c }; })();
counter.inc(); counter.inc(); console.log(counter.get());
console.log([1, 2, 3, 4].flatMap((x) => (x % 2 ? [x, x] : [])), [[1, 2], [3]].flat(), Array.from({ length: 3 }).fill(0));
