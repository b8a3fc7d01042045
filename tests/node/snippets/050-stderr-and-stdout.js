console.log('to stdout');
console.error('to stderr');
console.warn('warning');
process.stderr.write('raw stderr\n');
console.log('end');
