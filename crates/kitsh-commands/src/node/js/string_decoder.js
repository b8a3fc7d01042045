// `string_decoder`: bytes to text across chunk boundaries (a UTF-8 sequence split between two
// chunks is kept until it is complete).

const { Buffer } = require('buffer');

class StringDecoder {
  constructor(encoding = 'utf8') {
    const enc = String(encoding).toLowerCase();
    if (!Buffer.isEncoding(enc)) {
      const e = new TypeError(`Unknown encoding: ${encoding}`);
      e.code = 'ERR_UNKNOWN_ENCODING';
      throw e;
    }
    this.encoding = enc === 'utf-8' ? 'utf8' : enc;
    this._rest = null;
  }
  write(buf) {
    if (typeof buf === 'string') return buf;
    let bytes = buf instanceof Buffer ? buf : Buffer.from(buf);
    if (this._rest) {
      bytes = Buffer.concat([this._rest, bytes]);
      this._rest = null;
    }
    let cut = bytes.length;
    if (this.encoding === 'utf8') {
      // An incomplete sequence at the end waits for the next chunk.
      let i = bytes.length - 1;
      let back = 0;
      while (i >= 0 && back < 4 && (bytes[i] & 0xc0) === 0x80) {
        i--;
        back++;
      }
      if (i >= 0) {
        const b = bytes[i];
        const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        if (need > back + 1) cut = i;
      }
    } else if (this.encoding === 'utf16le' || this.encoding === 'ucs2') {
      cut = bytes.length - (bytes.length % 2);
    } else if (this.encoding === 'base64') {
      cut = bytes.length - (bytes.length % 3);
    }
    if (cut < bytes.length) this._rest = Buffer.from(bytes.subarray(cut));
    return bytes.toString(this.encoding, 0, cut);
  }
  end(buf) {
    let out = buf ? this.write(buf) : '';
    if (this._rest) {
      out += this._rest.toString(this.encoding);
      this._rest = null;
    }
    return out;
  }
}

module.exports = { StringDecoder };
