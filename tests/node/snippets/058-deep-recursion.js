function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1); }
console.log(depth(5000));
function forever(n) { return forever(n + 1) + 1; }
try { forever(0); } catch (e) { console.log(e instanceof RangeError, e.message); }
