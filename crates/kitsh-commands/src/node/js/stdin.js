// `process.stdin`: a Readable over the command's standard input, read a chunk at a time as the
// script consumes it (nothing is read unless the script asks).

const { Readable } = require('stream');
const { Buffer } = require('buffer');

module.exports = {
  create(internals) {
    const k = internals.k;
    const s = new Readable({
      read() {
        const c = k.readStdin();
        this.push(c === null ? null : Buffer.from(c.buffer, c.byteOffset, c.length));
      },
    });
    s.fd = 0;
    s.setRawMode = () => s;
    s.ref = () => s;
    s.unref = () => s;
    return s;
  },
};
