const b = Buffer.alloc(12);
b.writeUInt16LE(0xbeef, 0);
b.writeInt32BE(-123456, 2);
b.writeDoubleLE(Math.PI, 4);
console.log(b.toString('hex'), b.readUInt16LE(0).toString(16), b.readInt32BE(2), b.readDoubleLE(4).toFixed(5));
const s = Buffer.from('héllo wörld');
console.log(s.length, s.toString('latin1').length, s.toString('base64url'), Buffer.from(s.toString('base64'), 'base64').equals(s));
console.log(Buffer.from([0xff, 0x00, 0x7f]).toString('hex'), Buffer.from('ff007f', 'hex'), Buffer.isBuffer(s), Buffer.isBuffer('x'));
console.log(s.slice(-5).toString(), s.indexOf('w'), [...s.subarray(0, 3)], s.toJSON().data.length);
