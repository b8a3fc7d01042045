console.log(Symbol('desc'), Symbol.iterator, Symbol.for('reg'), { [Symbol('k')]: 'v' });
console.log(123n, -5n, [1n, 2n], { n: 2n ** 70n });
console.log(Number.isInteger(5.0), Number.EPSILON > 0, Object.is(NaN, NaN), [NaN].includes(NaN), [NaN].indexOf(NaN));
