const crypto = require('crypto');
console.log(crypto.createHash('sha256').update('hello').digest('hex'));
console.log(crypto.createHash('md5').update('a').update('b').digest('base64'));
console.log(crypto.createHash('sha1').update(Buffer.from('x')).digest('hex'));
console.log(crypto.createHmac('sha256', 'key').update('message').digest('hex'));
const id = crypto.randomUUID();
console.log(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id), crypto.randomBytes(16).length);
const r = crypto.randomInt(10); console.log(r >= 0 && r < 10);
