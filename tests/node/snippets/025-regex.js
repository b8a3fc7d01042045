const log = `2024-01-15 10:30:00 ERROR db: connection refused
2024-01-15 10:31:00 INFO api: started
2024-01-15 10:32:10 ERROR api: timeout after 30s`;
const re = /^(\S+) (\S+) (ERROR|INFO) (\w+): (.*)$/gm;
for (const m of log.matchAll(re)) console.log(m[3], m[4], JSON.stringify(m[5]));
console.log(log.match(/ERROR/g).length, /(?<year>\d{4})-(?<month>\d\d)/.exec(log).groups);
console.log('a1b22c333'.replace(/\d+/g, (d) => `[${d.length}]`), 'x'.match(/y/), 'AbC'.search(/c/i));
console.log(/^[\w.+-]+@[\w-]+\.[\w.]+$/.test('a.b+c@ex-ample.co.uk'), 'a,b;;c'.split(/[,;]+/));
