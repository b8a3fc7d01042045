const zlib = require('zlib');
const fs = require('fs');
const text = 'line of text\n'.repeat(200);
const gz = zlib.gzipSync(text);
console.log(gz.length < text.length, gz[0] === 0x1f && gz[1] === 0x8b, zlib.gunzipSync(gz).toString() === text);
console.log(zlib.gunzipSync(Buffer.from('H4sIAAAAAAAAA8tIzcnJV0grys9VyMtPSVVIr8os4MogWhAA6lLsUz8AAAA=', 'base64')).toString());
console.log(zlib.inflateSync(Buffer.from('eJxLSU3LSSxJTVEoSa0oAQAjngUf', 'base64')).toString(), zlib.unzipSync(zlib.deflateSync('u')).toString());
console.log(zlib.inflateRawSync(zlib.deflateRawSync(Buffer.from('raw'))).toString());
fs.writeFileSync('/tmp/kn.json.gz', zlib.gzipSync(JSON.stringify({ ok: true })));
console.log(JSON.parse(zlib.gunzipSync(fs.readFileSync('/tmp/kn.json.gz'))));
try { zlib.gunzipSync(Buffer.from('not gzip')); } catch (e) { console.log(e.code); }
zlib.gzip('async', (err, buf) => zlib.gunzip(buf, (err2, out) => console.log('cb', err, err2, out.toString())));
const { promisify } = require('util');
promisify(zlib.deflate)('p').then((b) => console.log('promisified', zlib.inflateSync(b).toString()));
fs.unlinkSync('/tmp/kn.json.gz');
