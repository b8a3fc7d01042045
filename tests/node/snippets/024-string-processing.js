const text = `Name,Age,City
Alice,30,Paris
Bob,25,Berlin
Carol,35,Paris`;
const [header, ...rows] = text.split('\n').map(l => l.split(','));
const records = rows.map(r => Object.fromEntries(r.map((v, i) => [header[i], isNaN(v) ? v : Number(v)])));
console.log(records);
const byCity = Object.groupBy ? null : null;
const cities = [...new Set(records.map(r => r.City))];
console.log(cities.join(' | '), records.filter(r => r.City === 'Paris').map(r => r.Name));
console.log('  trim me  '.trim(), 'abc'.at(-1), 'a-b_c d'.split(/[-_ ]/), 'Title Case Words'.replace(/\b\w/g, c => c.toLowerCase()));
console.log('x'.repeat(3), 'abc'.padStart(6, '.'), 'snake_case_name'.replace(/_(\w)/g, (_, c) => c.toUpperCase()));
console.log([...'hello'].reverse().join(''), encodeURIComponent('a b&c=d/é'), decodeURIComponent('%E2%9C%93'));
