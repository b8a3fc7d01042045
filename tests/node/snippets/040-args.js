const args = process.argv.slice(2);
const opts = {};
for (let i = 0; i < args.length; i++) {
  if (args[i].startsWith('--')) { const [k, v] = args[i].slice(2).split('='); opts[k] = v ?? args[++i]; }
}
console.log(opts);
const { parseArgs } = require('util');
const { values, positionals } = parseArgs({ args: ['-v', '--name', 'x', 'pos'], options: { v: { type: 'boolean', short: 'v' }, name: { type: 'string' } }, allowPositionals: true });
console.log(values, positionals);
