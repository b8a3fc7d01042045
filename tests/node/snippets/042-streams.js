const { Readable, Transform, pipeline } = require('stream');
const fs = require('fs');
const upper = new Transform({ transform(chunk, enc, cb) { cb(null, chunk.toString().toUpperCase()); } });
const src = Readable.from(['a', 'b', 'c']);
let out = '';
upper.on('data', (d) => { out += d; });
pipeline(src, upper, (err) => {
  console.log('pipeline done', err, out);
  fs.writeFileSync('/tmp/kn-stream.txt', 'one\ntwo\nthree\n');
  const rl = require('readline').createInterface({ input: fs.createReadStream('/tmp/kn-stream.txt') });
  const lines = [];
  rl.on('line', (l) => lines.push(l)).on('close', () => { console.log(lines); fs.unlinkSync('/tmp/kn-stream.txt'); });
});
