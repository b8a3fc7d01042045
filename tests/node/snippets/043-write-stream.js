const fs = require('fs');
const ws = fs.createWriteStream('/tmp/kn-ws.txt');
for (let i = 0; i < 3; i++) ws.write(`row ${i}\n`);
ws.end('last\n');
ws.on('finish', () => { console.log(fs.readFileSync('/tmp/kn-ws.txt', 'utf8')); fs.unlinkSync('/tmp/kn-ws.txt'); });
