const os = require('os');
console.log(os.EOL === '\n', os.platform(), typeof os.hostname(), typeof os.tmpdir(), os.type(), Array.isArray(os.cpus()), typeof os.totalmem());
