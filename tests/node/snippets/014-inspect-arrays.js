console.log(Array.from({ length: 30 }, (_, i) => i * i));
console.log(Array.from({ length: 150 }, (_, i) => i));
console.log(['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota', 'kappa']);
console.log([1.5, -2, 300, 4e-7, 12345678]);
console.log(Array.from({ length: 8 }, (_, i) => ({ id: i, ok: i % 2 === 0 })));
console.log([, 1, , 2, , ,]);
