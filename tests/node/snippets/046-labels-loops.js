const grid = [[1, 2, 3], [4, 5, 6], [7, 8, 9]];
outer: for (const row of grid) { for (const v of row) { if (v === 5) break outer; if (v % 2 === 0) continue; console.log(v); } }
let i = 0; do { i++; } while (i < 10); console.log(i);
for (const k in { a: 1, b: 2 }) console.log(k);
const arr = [10, 20]; for (const [idx, v] of arr.entries()) console.log(idx, v);
switch (typeof null) { case 'object': console.log('null is object'); break; default: console.log('?'); }
