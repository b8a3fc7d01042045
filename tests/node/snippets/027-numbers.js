console.log(0.1 + 0.2, (0.1 + 0.2).toFixed(2), 1 / 3, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e21, 1e-7, -0, [ -0 ]);
console.log(parseInt('42px'), parseFloat('3.14abc'), Number('0x1f'), Number(''), Number('abc'), +true);
console.log((1234.5678).toFixed(1), (0.000123).toExponential(2), (255).toString(16), (255).toString(2), (1e6).toLocaleString());
console.log(Math.max(...[3, 9, 1]), Math.round(2.5), Math.round(-2.5), Math.trunc(-4.7), Math.sign(-3), Math.hypot(3, 4));
console.log(12345678901234567890n * 2n, BigInt(2) ** 64n, typeof 1n, 7n / 2n);
console.log((1234567.891).toLocaleString('en-US', { maximumFractionDigits: 2 }), new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(1234.5));
