const s = 'Price: $1,234.56; Tax: $98.70; Total: $1,333.26';
const amounts = [...s.matchAll(/\$([\d,]+\.\d{2})/g)].map((m) => Number(m[1].replace(/,/g, '')));
console.log(amounts, amounts.slice(0, 2).reduce((a, b) => a + b).toFixed(2));
console.log('camelCaseStringHere'.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase());
console.log('2024-03-15'.replace(/(\d+)-(\d+)-(\d+)/, '$3/$2/$1'), 'aaa'.replace(/a/y, 'b'), /(?<!\$)\d+/.exec('$5 and 7')[0]);
console.log('one two  three'.split(/\s+/), 'a1b2c3'.split(/\d/), 'x'.padEnd(3, 'ab') + '|');
const re = /(\w+)@(\w+)\.com/g; let m; const found = [];
while ((m = re.exec('a@x.com, b@y.com')) !== null) found.push(`${m[1]}:${m[2]}@${m.index}`);
console.log(found, /^[\p{L}]+$/u.test('héllo'), 'ß'.toUpperCase(), 'İ'.toLowerCase().length);
