const fs = require('fs');
const log = [];
process.on('exit', (code) => {
  console.log('exit', code, log.join(','));
});
process.on('beforeExit', () => {
  if (log.length < 2) { log.push('beforeExit'); setTimeout(() => log.push('late timer'), 1); }
});
log.push('main');
