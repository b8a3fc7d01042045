console.log('before');
process.on('exit', (c) => console.log('exit handler', c));
setTimeout(() => console.log('never printed'), 10);
process.exit(5);
