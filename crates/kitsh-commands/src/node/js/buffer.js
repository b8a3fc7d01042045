// `buffer`: Node's Buffer (a Uint8Array subclass) with the encodings agents use (utf8, hex,
// base64, base64url, latin1/binary, ascii, utf16le), and TextEncoder, TextDecoder, atob, btoa.

const k = internals.k;
const INSPECT_MAX_BYTES = 50;
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64_LOOKUP = new Int16Array(256).fill(-1);
for (let i = 0; i < 64; i++) {
  B64_LOOKUP[B64.charCodeAt(i)] = i;
  B64_LOOKUP[B64URL.charCodeAt(i)] = i;
}

function normEncoding(enc) {
  if (enc === undefined || enc === null) return 'utf8';
  switch (String(enc).toLowerCase()) {
    case 'utf8': case 'utf-8': return 'utf8';
    case 'hex': return 'hex';
    case 'base64': return 'base64';
    case 'base64url': return 'base64url';
    case 'latin1': case 'binary': return 'latin1';
    case 'ascii': return 'ascii';
    case 'utf16le': case 'utf-16le': case 'ucs2': case 'ucs-2': return 'utf16le';
    default: return undefined;
  }
}

function checkEncoding(enc) {
  const e = normEncoding(enc);
  if (e === undefined) {
    const err = new TypeError(`Unknown encoding: ${enc}`);
    err.code = 'ERR_UNKNOWN_ENCODING';
    throw err;
  }
  return e;
}

function encode(str, enc) {
  switch (enc) {
    case 'utf8':
      return k.encode(str);
    case 'hex': {
      const n = str.length >>> 1;
      const out = new Uint8Array(n);
      let i = 0;
      for (; i < n; i++) {
        const v = parseInt(str.substr(i * 2, 2), 16);
        if (Number.isNaN(v)) break;
        out[i] = v;
      }
      return i === n ? out : out.subarray(0, i);
    }
    case 'base64':
    case 'base64url': {
      const out = new Uint8Array(Math.ceil(str.length * 3 / 4));
      let bits = 0;
      let acc = 0;
      let n = 0;
      for (let i = 0; i < str.length; i++) {
        const c = str.charCodeAt(i);
        if (c === 61) break;
        const v = c < 256 ? B64_LOOKUP[c] : -1;
        if (v < 0) continue;
        acc = (acc << 6) | v;
        bits += 6;
        if (bits >= 8) {
          bits -= 8;
          out[n++] = (acc >> bits) & 0xff;
        }
      }
      return out.subarray(0, n);
    }
    case 'latin1':
    case 'ascii': {
      const out = new Uint8Array(str.length);
      for (let i = 0; i < str.length; i++) out[i] = str.charCodeAt(i) & 0xff;
      return out;
    }
    case 'utf16le': {
      const out = new Uint8Array(str.length * 2);
      for (let i = 0; i < str.length; i++) {
        const c = str.charCodeAt(i);
        out[i * 2] = c & 0xff;
        out[i * 2 + 1] = c >> 8;
      }
      return out;
    }
  }
  return k.encode(str);
}

function decode(bytes, enc) {
  switch (enc) {
    case 'utf8':
      return k.decode(bytes);
    case 'hex': {
      let s = '';
      for (let i = 0; i < bytes.length; i++) s += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
      return s;
    }
    case 'base64':
    case 'base64url': {
      const table = enc === 'base64' ? B64 : B64URL;
      let s = '';
      let i = 0;
      for (; i + 2 < bytes.length; i += 3) {
        const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
        s += table[v >> 18] + table[(v >> 12) & 63] + table[(v >> 6) & 63] + table[v & 63];
      }
      const rest = bytes.length - i;
      if (rest === 1) {
        const v = bytes[i] << 16;
        s += table[v >> 18] + table[(v >> 12) & 63] + (enc === 'base64' ? '==' : '');
      } else if (rest === 2) {
        const v = (bytes[i] << 16) | (bytes[i + 1] << 8);
        s += table[v >> 18] + table[(v >> 12) & 63] + table[(v >> 6) & 63] + (enc === 'base64' ? '=' : '');
      }
      return s;
    }
    case 'latin1':
      return k.decode(bytes, true);
    case 'ascii': {
      let s = '';
      for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i] & 0x7f);
      return s;
    }
    case 'utf16le': {
      let s = '';
      for (let i = 0; i + 1 < bytes.length; i += 2) s += String.fromCharCode(bytes[i] | (bytes[i + 1] << 8));
      return s;
    }
  }
  return k.decode(bytes);
}

function invalidArg(name, expected, value) {
  const e = new TypeError(`The "${name}" argument must be ${expected}. Received ${require('util').describeReceived(value)}`);
  e.code = 'ERR_INVALID_ARG_TYPE';
  return e;
}

class Buffer extends Uint8Array {
  static from(value, encodingOrOffset, length) {
    if (typeof value === 'string') return fromBytes(encode(value, checkEncoding(encodingOrOffset)));
    if (value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer)) {
      const offset = encodingOrOffset === undefined ? 0 : Number(encodingOrOffset);
      const len = length === undefined ? value.byteLength - offset : Number(length);
      return new Buffer(value, offset, len);
    }
    if (ArrayBuffer.isView(value)) {
      const b = Buffer.allocUnsafe(value.length);
      for (let i = 0; i < value.length; i++) b[i] = value[i];
      return b;
    }
    if (Array.isArray(value)) {
      const b = Buffer.allocUnsafe(value.length);
      for (let i = 0; i < value.length; i++) b[i] = value[i];
      return b;
    }
    if (value !== null && typeof value === 'object') {
      if (value.type === 'Buffer' && Array.isArray(value.data)) return Buffer.from(value.data);
      if (typeof value.length === 'number') return Buffer.from(Array.from(value));
      const prim = value.valueOf && value.valueOf();
      if (prim !== value && prim != null) return Buffer.from(prim, encodingOrOffset, length);
      if (typeof value[Symbol.toPrimitive] === 'function') return Buffer.from(value[Symbol.toPrimitive]('string'), encodingOrOffset);
    }
    throw invalidArg('first', 'of type string or an instance of Buffer, ArrayBuffer, or Array or an Array-like Object', value);
  }
  static alloc(size, fill, encoding) {
    checkSize(size);
    const b = new Buffer(size);
    if (fill !== undefined && fill !== 0) b.fill(fill, 0, b.length, encoding);
    return b;
  }
  static allocUnsafe(size) {
    checkSize(size);
    return new Buffer(size);
  }
  static allocUnsafeSlow(size) {
    return Buffer.allocUnsafe(size);
  }
  static isBuffer(b) {
    return b instanceof Buffer;
  }
  static isEncoding(enc) {
    return typeof enc === 'string' && enc.length !== 0 && normEncoding(enc) !== undefined;
  }
  static byteLength(value, encoding) {
    if (typeof value !== 'string') {
      if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return value.byteLength;
      throw invalidArg('string', 'of type string or an instance of Buffer or ArrayBuffer', value);
    }
    const enc = normEncoding(encoding) || 'utf8';
    if (enc === 'utf8') return utf8Length(value);
    return encode(value, enc).length;
  }
  static concat(list, totalLength) {
    if (!Array.isArray(list)) throw invalidArg('list', 'an instance of Array', list);
    if (totalLength === undefined) {
      totalLength = 0;
      for (const b of list) totalLength += b.length;
    }
    const out = Buffer.alloc(totalLength);
    let pos = 0;
    for (const b of list) {
      if (!(b instanceof Uint8Array)) throw invalidArg('list[0]', 'an instance of Buffer or Uint8Array', b);
      const n = Math.min(b.length, totalLength - pos);
      if (n <= 0) break;
      out.set(n === b.length ? b : b.subarray(0, n), pos);
      pos += n;
    }
    return out;
  }
  static compare(a, b) {
    return compareBytes(a, b);
  }
  toString(encoding, start, end) {
    const enc = checkEncoding(encoding);
    start = start === undefined ? 0 : Math.max(0, start | 0);
    end = end === undefined ? this.length : Math.min(this.length, end | 0);
    if (end <= start) return '';
    return decode(start === 0 && end === this.length ? this : this.subarray(start, end), enc);
  }
  toLocaleString(encoding, start, end) {
    return this.toString(encoding, start, end);
  }
  toJSON() {
    return { type: 'Buffer', data: Array.from(this) };
  }
  equals(other) {
    if (!(other instanceof Uint8Array)) throw invalidArg('otherBuffer', 'an instance of Buffer or Uint8Array', other);
    return compareBytes(this, other) === 0;
  }
  compare(target, targetStart = 0, targetEnd = target.length, sourceStart = 0, sourceEnd = this.length) {
    return compareBytes(this.subarray(sourceStart, sourceEnd), target.subarray(targetStart, targetEnd));
  }
  write(string, offset, length, encoding) {
    if (typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      length = this.length;
    } else if (typeof length === 'string') {
      encoding = length;
      length = this.length - (offset || 0);
    }
    offset = offset === undefined ? 0 : offset >>> 0;
    const bytes = encode(String(string), checkEncoding(encoding));
    const n = Math.min(bytes.length, this.length - offset, length === undefined ? Infinity : length);
    this.set(bytes.subarray(0, n), offset);
    return n;
  }
  fill(value, offset = 0, end = this.length, encoding) {
    if (typeof offset === 'string') {
      encoding = offset;
      offset = 0;
      end = this.length;
    }
    if (typeof value === 'number') return Uint8Array.prototype.fill.call(this, value & 255, offset, end);
    const bytes = typeof value === 'string' ? encode(value, checkEncoding(encoding)) : value;
    if (bytes.length === 0) return Uint8Array.prototype.fill.call(this, 0, offset, end);
    for (let i = offset, j = 0; i < end; i++, j = (j + 1) % bytes.length) this[i] = bytes[j];
    return this;
  }
  copy(target, targetStart = 0, sourceStart = 0, sourceEnd = this.length) {
    const n = Math.max(0, Math.min(sourceEnd - sourceStart, target.length - targetStart));
    target.set(this.subarray(sourceStart, sourceStart + n), targetStart);
    return n;
  }
  slice(start, end) {
    return this.subarray(start, end);
  }
  subarray(start, end) {
    const u = Uint8Array.prototype.subarray.call(this, start, end);
    return new Buffer(u.buffer, u.byteOffset, u.length);
  }
  indexOf(value, byteOffset = 0, encoding) {
    return indexOfBytes(this, value, byteOffset, encoding, false);
  }
  lastIndexOf(value, byteOffset, encoding) {
    return indexOfBytes(this, value, byteOffset === undefined ? this.length : byteOffset, encoding, true);
  }
  includes(value, byteOffset, encoding) {
    return this.indexOf(value, byteOffset, encoding) !== -1;
  }
  readUInt8(o = 0) { check(this, o, 1); return this[o]; }
  readInt8(o = 0) { check(this, o, 1); const v = this[o]; return v & 0x80 ? v - 256 : v; }
  readUInt16LE(o = 0) { check(this, o, 2); return this[o] | (this[o + 1] << 8); }
  readUInt16BE(o = 0) { check(this, o, 2); return (this[o] << 8) | this[o + 1]; }
  readInt16LE(o = 0) { const v = this.readUInt16LE(o); return v & 0x8000 ? v - 0x10000 : v; }
  readInt16BE(o = 0) { const v = this.readUInt16BE(o); return v & 0x8000 ? v - 0x10000 : v; }
  readUInt32LE(o = 0) { check(this, o, 4); return (this[o] | (this[o + 1] << 8) | (this[o + 2] << 16)) + this[o + 3] * 0x1000000; }
  readUInt32BE(o = 0) { check(this, o, 4); return this[o] * 0x1000000 + ((this[o + 1] << 16) | (this[o + 2] << 8) | this[o + 3]); }
  readInt32LE(o = 0) { check(this, o, 4); return this[o] | (this[o + 1] << 8) | (this[o + 2] << 16) | (this[o + 3] << 24); }
  readInt32BE(o = 0) { check(this, o, 4); return (this[o] << 24) | (this[o + 1] << 16) | (this[o + 2] << 8) | this[o + 3]; }
  readFloatLE(o = 0) { check(this, o, 4); return view(this).getFloat32(o, true); }
  readFloatBE(o = 0) { check(this, o, 4); return view(this).getFloat32(o, false); }
  readDoubleLE(o = 0) { check(this, o, 8); return view(this).getFloat64(o, true); }
  readDoubleBE(o = 0) { check(this, o, 8); return view(this).getFloat64(o, false); }
  readBigUInt64LE(o = 0) { check(this, o, 8); return view(this).getBigUint64(o, true); }
  readBigUInt64BE(o = 0) { check(this, o, 8); return view(this).getBigUint64(o, false); }
  readBigInt64LE(o = 0) { check(this, o, 8); return view(this).getBigInt64(o, true); }
  readBigInt64BE(o = 0) { check(this, o, 8); return view(this).getBigInt64(o, false); }
  writeUInt8(v, o = 0) { check(this, o, 1); this[o] = v; return o + 1; }
  writeInt8(v, o = 0) { check(this, o, 1); this[o] = v & 255; return o + 1; }
  writeUInt16LE(v, o = 0) { check(this, o, 2); view(this).setUint16(o, v, true); return o + 2; }
  writeUInt16BE(v, o = 0) { check(this, o, 2); view(this).setUint16(o, v, false); return o + 2; }
  writeInt16LE(v, o = 0) { check(this, o, 2); view(this).setInt16(o, v, true); return o + 2; }
  writeInt16BE(v, o = 0) { check(this, o, 2); view(this).setInt16(o, v, false); return o + 2; }
  writeUInt32LE(v, o = 0) { check(this, o, 4); view(this).setUint32(o, v, true); return o + 4; }
  writeUInt32BE(v, o = 0) { check(this, o, 4); view(this).setUint32(o, v, false); return o + 4; }
  writeInt32LE(v, o = 0) { check(this, o, 4); view(this).setInt32(o, v, true); return o + 4; }
  writeInt32BE(v, o = 0) { check(this, o, 4); view(this).setInt32(o, v, false); return o + 4; }
  writeFloatLE(v, o = 0) { check(this, o, 4); view(this).setFloat32(o, v, true); return o + 4; }
  writeFloatBE(v, o = 0) { check(this, o, 4); view(this).setFloat32(o, v, false); return o + 4; }
  writeDoubleLE(v, o = 0) { check(this, o, 8); view(this).setFloat64(o, v, true); return o + 8; }
  writeDoubleBE(v, o = 0) { check(this, o, 8); view(this).setFloat64(o, v, false); return o + 8; }
  swap16() { for (let i = 0; i + 1 < this.length; i += 2) { const t = this[i]; this[i] = this[i + 1]; this[i + 1] = t; } return this; }
  reverse() { Uint8Array.prototype.reverse.call(this); return this; }
  [Symbol.for('nodejs.util.inspect.custom')](recurseTimes, ctx) {
    const max = INSPECT_MAX_BYTES;
    const actualMax = Math.min(max, this.length);
    const remaining = this.length - max;
    let str = decode(this.subarray(0, actualMax), 'hex').replace(/(.{2})/g, '$1 ').trim();
    if (remaining > 0) str += ` ... ${remaining} more byte${remaining > 1 ? 's' : ''}`;
    const extras = Object.keys(this).filter((key) => !/^\d+$/.test(key));
    if (extras.length) {
      const util = require('util');
      str += (str ? ', ' : '') + extras.map((key) => `${key}: ${util.inspect(this[key], Object.assign({}, ctx, { breakLength: Infinity, compact: true }))}`).join(', ');
    }
    return `<${this.constructor.name} ${str}>`;
  }
}
for (const [alias, name] of [['readUint8', 'readUInt8'], ['readUint16LE', 'readUInt16LE'], ['readUint16BE', 'readUInt16BE'],
  ['readUint32LE', 'readUInt32LE'], ['readUint32BE', 'readUInt32BE'], ['writeUint8', 'writeUInt8'], ['writeUint16LE', 'writeUInt16LE'],
  ['writeUint16BE', 'writeUInt16BE'], ['writeUint32LE', 'writeUInt32LE'], ['writeUint32BE', 'writeUInt32BE'],
  ['readBigUint64LE', 'readBigUInt64LE'], ['readBigUint64BE', 'readBigUInt64BE']]) {
  Buffer.prototype[alias] = Buffer.prototype[name];
}
Buffer.poolSize = 8192;

function view(b) {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

function check(b, offset, size) {
  if (typeof offset !== 'number') throw invalidArg('offset', 'of type number', offset);
  if (offset < 0 || offset + size > b.length || offset !== Math.floor(offset)) {
    const e = new RangeError(`The value of "offset" is out of range. It must be >= 0 and <= ${b.length - size}. Received ${offset}`);
    e.code = 'ERR_OUT_OF_RANGE';
    throw e;
  }
}

function checkSize(size) {
  if (typeof size !== 'number') throw invalidArg('size', 'of type number', size);
  if (size < 0 || size > 2 ** 32 || Number.isNaN(size)) {
    const e = new RangeError(`The value of "size" is out of range. It must be >= 0 && <= 4294967296. Received ${size}`);
    e.code = 'ERR_OUT_OF_RANGE';
    throw e;
  }
}

function fromBytes(u8) {
  return new Buffer(u8.buffer, u8.byteOffset, u8.length);
}

function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function compareBytes(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length < b.length ? -1 : a.length > b.length ? 1 : 0;
}

function indexOfBytes(buf, value, byteOffset, encoding, last) {
  if (typeof byteOffset === 'string') {
    encoding = byteOffset;
    byteOffset = last ? buf.length : 0;
  }
  let needle;
  if (typeof value === 'number') needle = [value & 255];
  else if (typeof value === 'string') needle = encode(value, checkEncoding(encoding));
  else needle = value;
  if (byteOffset < 0) byteOffset = Math.max(0, buf.length + byteOffset);
  if (needle.length === 0) return Math.min(byteOffset, buf.length);
  if (last) {
    for (let i = Math.min(byteOffset, buf.length - needle.length); i >= 0; i--) if (matchAt(buf, needle, i)) return i;
  } else {
    for (let i = byteOffset; i + needle.length <= buf.length; i++) if (matchAt(buf, needle, i)) return i;
  }
  return -1;
}

function matchAt(buf, needle, i) {
  for (let j = 0; j < needle.length; j++) if (buf[i + j] !== needle[j]) return false;
  return true;
}

class TextEncoder {
  get encoding() { return 'utf-8'; }
  encode(input = '') { return k.encode(String(input)); }
  encodeInto(src, dest) {
    const bytes = k.encode(String(src));
    const n = Math.min(bytes.length, dest.length);
    dest.set(bytes.subarray(0, n));
    return { read: src.length, written: n };
  }
}

class TextDecoder {
  constructor(encoding = 'utf-8', options = {}) {
    const enc = normEncoding(encoding === 'utf-16le' ? 'utf16le' : encoding);
    if (enc === undefined && encoding !== 'iso-8859-1') {
      const e = new RangeError(`The "${encoding}" encoding is not supported`);
      e.code = 'ERR_ENCODING_NOT_SUPPORTED';
      throw e;
    }
    this._enc = enc || 'latin1';
    this.encoding = this._enc === 'utf8' ? 'utf-8' : this._enc === 'utf16le' ? 'utf-16le' : encoding;
    this.fatal = !!options.fatal;
    this.ignoreBOM = !!options.ignoreBOM;
  }
  decode(input, options) {
    if (input === undefined) return '';
    const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    let s = decode(bytes, this._enc);
    if (!this.ignoreBOM && s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    return s;
  }
}

function btoa(s) {
  s = `${s}`;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 255) {
      const e = new Error('Invalid character');
      e.name = 'InvalidCharacterError';
      e.code = 5;
      throw e;
    }
  }
  return decode(encode(s, 'latin1'), 'base64');
}

function atob(s) {
  s = `${s}`.replace(/[\t\n\f\r ]/g, '');
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/=]/.test(s)) {
    const e = new Error('The string to be decoded is not correctly encoded.');
    e.name = 'InvalidCharacterError';
    e.code = 5;
    throw e;
  }
  return decode(encode(s, 'base64'), 'latin1');
}

module.exports = {
  Buffer,
  TextEncoder,
  TextDecoder,
  atob,
  btoa,
  constants: { MAX_LENGTH: 2 ** 32, MAX_STRING_LENGTH: 2 ** 29 - 24 },
  kMaxLength: 2 ** 32,
  INSPECT_MAX_BYTES,
  SlowBuffer: Buffer,
  isUtf8: (b) => { try { new TextDecoder('utf-8', { fatal: true }).decode(b); return true; } catch (_) { return false; } },
};
