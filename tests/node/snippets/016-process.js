console.log(process.argv.slice(2));
console.log(typeof process.env.PATH, process.env.KN_VAR);
console.log(process.platform, typeof process.pid, process.version.startsWith('v20'));
console.log(process.cwd() === require('path').resolve('.'));
process.stdout.write('no newline|');
process.stdout.write('then newline\n');
console.log(typeof process.hrtime.bigint(), Array.isArray(process.hrtime()), typeof process.uptime(), typeof process.memoryUsage().heapUsed);
process.on('exit', (code) => console.log('exiting with', code));
process.exitCode = 3;
