// Number formatting agents print in reports.
const n = 1234567.891;
console.log(n.toFixed(2), n.toPrecision(4), n.toExponential(2), (0.1 + 0.2).toFixed(10));
console.log(n.toLocaleString(), n.toLocaleString('en-US', { maximumFractionDigits: 1 }));
console.log(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n));
console.log(new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 1 }).format(0.4567));
console.log((255).toString(16), (255).toString(2), parseInt('ff', 16), parseFloat('3.14abc'), Number('12px'));
console.log(Math.round(2.5), Math.round(-2.5), Math.trunc(-4.7), Math.sign(-3), Math.hypot(3, 4));
console.log(Number.MAX_SAFE_INTEGER, Number.EPSILON > 0, 2 ** 53 + 1, 10n ** 20n);
console.log((1e21).toString(), (1e-7).toString(), (123.456).toFixed(0), (-1.5).toFixed(0));
console.log([3, 1, 10, 2].sort(), [3, 1, 10, 2].sort((a, b) => a - b));
const stats = (xs) => { const m = xs.reduce((a, b) => a + b, 0) / xs.length; return { mean: m, sd: Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length) }; };
console.log(stats([2, 4, 4, 4, 5, 5, 7, 9]));
