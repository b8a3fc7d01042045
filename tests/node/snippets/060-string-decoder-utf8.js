const { StringDecoder } = require('string_decoder');
const dec = new StringDecoder('utf8');
const bytes = Buffer.from('héllo ☃ world');
let out = '';
for (let i = 0; i < bytes.length; i += 3) out += dec.write(bytes.subarray(i, i + 3));
out += dec.end();
console.log(out, out === 'héllo ☃ world');
