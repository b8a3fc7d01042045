const b = Buffer.from('Hello, world');
console.log(b, b.length, b.toString('hex'), b.toString('base64'));
console.log(Buffer.from('SGVsbG8=', 'base64').toString('utf8'), Buffer.from('48656c6c6f', 'hex').toString());
console.log(Buffer.byteLength('naïve ☃'), Buffer.from('naïve ☃').length, [...Buffer.from('abc')]);
console.log(Buffer.concat([Buffer.from('ab'), Buffer.from('cd')]).toString(), Buffer.alloc(4, 1), Buffer.compare(Buffer.from('a'), Buffer.from('b')));
console.log(b.slice(0, 5).toString(), b.subarray(7).toString(), b.indexOf('world'), b.includes('xyz'), b.equals(Buffer.from('Hello, world')));
const n = Buffer.alloc(8); n.writeUInt32BE(0xdeadbeef, 0); n.writeInt16LE(-2, 4);
console.log(n, n.readUInt32BE(0).toString(16), n.readInt16LE(4), JSON.stringify(Buffer.from([1, 2])));
console.log(btoa('hi'), atob('aGk='), new TextEncoder().encode('€'), new TextDecoder().decode(new Uint8Array([226, 130, 172])));
