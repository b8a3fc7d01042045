// `crypto`: hashes and HMACs (md5, sha1, sha224, sha256, sha384, sha512) and random values
// from the operating system's secure source (randomBytes, randomUUID, randomInt,
// getRandomValues). Ciphers, keys and signatures are not offered.

const k = internals.k;
const { Buffer } = require('buffer');

const BLOCK = { md5: 64, sha1: 64, sha224: 64, sha256: 64, sha384: 128, sha512: 128 };

function algorithm(name) {
  const a = String(name).toLowerCase().replace(/^rsa-/, '').replace('-', '');
  if (!(a in BLOCK)) {
    const e = new Error('Digest method not supported');
    e.code = 'ERR_CRYPTO_INVALID_DIGEST';
    throw e;
  }
  return a;
}

function toBytes(data, encoding) {
  if (typeof data === 'string') return Buffer.from(data, encoding || 'utf8');
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  const e = new TypeError(`The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received ${require('util').describeReceived(data)}`);
  e.code = 'ERR_INVALID_ARG_TYPE';
  throw e;
}

function output(bytes, encoding) {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return encoding === undefined || encoding === 'buffer' ? b : b.toString(encoding);
}

class Hash {
  constructor(alg) {
    this._alg = algorithm(alg);
    this._chunks = [];
    this._done = false;
  }
  update(data, encoding) {
    if (this._done) {
      const e = new Error('Digest already called');
      e.code = 'ERR_CRYPTO_HASH_FINALIZED';
      throw e;
    }
    this._chunks.push(toBytes(data, encoding));
    return this;
  }
  digest(encoding) {
    this._done = true;
    return output(k.digest(this._alg, Buffer.concat(this._chunks)), encoding);
  }
  copy() {
    const h = new Hash(this._alg);
    h._chunks = this._chunks.slice();
    return h;
  }
}

class Hmac {
  constructor(alg, key) {
    this._alg = algorithm(alg);
    let kb = toBytes(key);
    const block = BLOCK[this._alg];
    if (kb.length > block) kb = k.digest(this._alg, kb);
    const padded = new Uint8Array(block);
    padded.set(kb);
    this._ipad = padded.map((b) => b ^ 0x36);
    this._opad = padded.map((b) => b ^ 0x5c);
    this._chunks = [this._ipad];
  }
  update(data, encoding) {
    this._chunks.push(toBytes(data, encoding));
    return this;
  }
  digest(encoding) {
    const inner = k.digest(this._alg, Buffer.concat(this._chunks));
    return output(k.digest(this._alg, Buffer.concat([this._opad, inner])), encoding);
  }
}

function randomBytes(n, cb) {
  const b = output(k.randomBytes(n));
  if (typeof cb === 'function') {
    setImmediate(() => cb(null, b));
    return undefined;
  }
  return b;
}

function randomUUID() {
  const b = k.randomBytes(16);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Buffer.from(b.buffer, b.byteOffset, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

function randomInt(min, max, cb) {
  if (max === undefined || typeof max === 'function') {
    cb = max;
    max = min;
    min = 0;
  }
  const range = max - min;
  if (!(range > 0) || !Number.isSafeInteger(min) || !Number.isSafeInteger(max)) {
    const e = new RangeError(`The value of "max" is out of range. It must be greater than the value of "min" (${min}). Received ${max}`);
    e.code = 'ERR_OUT_OF_RANGE';
    throw e;
  }
  const limit = Math.floor(2 ** 48 / range) * range;
  let x;
  do {
    const b = k.randomBytes(6);
    x = b[0] * 2 ** 40 + b[1] * 2 ** 32 + b[2] * 2 ** 24 + b[3] * 2 ** 16 + b[4] * 2 ** 8 + b[5];
  } while (x >= limit);
  const r = min + (x % range);
  if (typeof cb === 'function') {
    setImmediate(() => cb(null, r));
    return undefined;
  }
  return r;
}

function getRandomValues(arr) {
  const bytes = k.randomBytes(arr.byteLength);
  new Uint8Array(arr.buffer, arr.byteOffset, arr.byteLength).set(bytes);
  return arr;
}

function timingSafeEqual(a, b) {
  if (a.length !== b.length) {
    const e = new RangeError('Input buffers must have the same byte length');
    e.code = 'ERR_CRYPTO_TIMING_SAFE_EQUAL_LENGTH';
    throw e;
  }
  let d = 0;
  for (let i = 0; i < a.length; i++) d |= a[i] ^ b[i];
  return d === 0;
}

const webcrypto = { getRandomValues, randomUUID };

module.exports = {
  createHash: (alg) => new Hash(alg),
  createHmac: (alg, key) => new Hmac(alg, key),
  hash: (alg, data, encoding = 'hex') => new Hash(alg).update(data).digest(encoding),
  getHashes: () => Object.keys(BLOCK),
  randomBytes,
  pseudoRandomBytes: randomBytes,
  randomUUID,
  randomInt,
  getRandomValues,
  randomFillSync: getRandomValues,
  timingSafeEqual,
  webcrypto,
  Hash,
  Hmac,
};
