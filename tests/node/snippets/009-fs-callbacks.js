const fs = require('fs');
fs.writeFile('/tmp/kncb.txt', 'hello', (err) => {
  if (err) throw err;
  fs.readFile('/tmp/kncb.txt', 'utf8', (err, data) => {
    console.log('read', err, data);
    fs.unlink('/tmp/kncb.txt', () => console.log('unlinked', fs.existsSync('/tmp/kncb.txt')));
  });
});
console.log('scheduled');
