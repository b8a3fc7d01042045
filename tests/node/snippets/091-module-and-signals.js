// require('module') (createRequire, builtinModules, isBuiltin), AbortSignal.any, and what a
// script sees of a piped stdout.
const { createRequire, builtinModules, isBuiltin } = require('module');
const path = require('path');
const req = createRequire(path.join(__dirname, 'x.js'));
console.log(typeof req, req('path') === path, req.resolve('fs'));
console.log(builtinModules.includes('fs'), builtinModules.includes('node:fs'), builtinModules.length > 50);
console.log(isBuiltin('fs'), isBuiltin('node:path'), isBuiltin('nope'));
try { createRequire('relative.js'); } catch (e) { console.log(e.code); }
const a = new AbortController(), b = new AbortController();
const any = AbortSignal.any([a.signal, b.signal]);
any.addEventListener('abort', () => console.log('aborted:', any.reason));
b.abort('because');
console.log(any.aborted, AbortSignal.any([AbortSignal.abort('early')]).reason);
console.log(process.stdout.isTTY, process.stdin.isTTY, 'isTTY' in process.stdout);
