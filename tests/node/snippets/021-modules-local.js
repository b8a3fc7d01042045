const fs = require('fs');
fs.mkdirSync('/tmp/knmod/lib', { recursive: true });
fs.writeFileSync('/tmp/knmod/lib/math.js', 'exports.add = (a, b) => a + b; exports.name = __filename.split("/").pop();');
fs.writeFileSync('/tmp/knmod/lib/index.js', 'module.exports = { math: require("./math"), loaded: true };');
fs.writeFileSync('/tmp/knmod/cfg.json', '{"port": 8080}');
const lib = require('/tmp/knmod/lib');
console.log(lib.loaded, lib.math.add(2, 3), lib.math.name);
console.log(require('/tmp/knmod/cfg.json').port);
console.log(require('/tmp/knmod/lib/math') === lib.math);
try { require('/tmp/knmod/missing'); } catch (e) { console.log(e.code); }
try { require('left-pad'); } catch (e) { console.log(e.code, e.message.split('\n')[0]); }
fs.mkdirSync('/tmp/knmod/node_modules/greet', { recursive: true });
fs.writeFileSync('/tmp/knmod/node_modules/greet/package.json', '{"main": "main.js"}');
fs.writeFileSync('/tmp/knmod/node_modules/greet/main.js', 'module.exports = (n) => `hi ${n}`;');
fs.writeFileSync('/tmp/knmod/app.js', 'console.log(require("greet")("there"));');
require('/tmp/knmod/app.js');
fs.rmSync('/tmp/knmod', { recursive: true });
