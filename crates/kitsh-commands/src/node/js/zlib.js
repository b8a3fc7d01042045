// `zlib`: gzip, deflate (zlib-wrapped) and raw deflate, compressing and decompressing whole
// buffers (the sync, callback and promise-returning forms) and as Transform streams that
// compress what they were given when they end. Brotli is not offered.

const k = internals.k;
const { Buffer } = require('buffer');
const { Transform } = require('stream');

const ERRORS = { Z_DATA_ERROR: -3, Z_BUF_ERROR: -5 };

function toBytes(data) {
  if (typeof data === 'string') return Buffer.from(data);
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  const e = new TypeError(`The "buffer" argument must be of type string or an instance of Buffer, TypedArray, DataView, or ArrayBuffer. Received ${require('util').describeReceived(data)}`);
  e.code = 'ERR_INVALID_ARG_TYPE';
  throw e;
}

function dataError(msg) {
  const e = new Error(msg);
  e.errno = ERRORS.Z_DATA_ERROR;
  e.code = 'Z_DATA_ERROR';
  return e;
}

// The header a decompressor expects (zlib's `incorrect header check` when it is not there).
function checkHeader(op, b) {
  const gz = b.length >= 2 && b[0] === 0x1f && b[1] === 0x8b;
  const zl = b.length >= 2 && (b[0] & 0x0f) === 8 && ((b[0] << 8) | b[1]) % 31 === 0;
  if ((op === 'gunzip' && !gz && b.length >= 2) || (op === 'inflate' && !zl && b.length >= 2) || (op === 'unzip' && !gz && !zl && b.length >= 2)) {
    throw dataError('incorrect header check');
  }
}

function run(op, data, options) {
  const level = options && options.level !== undefined ? options.level : -1;
  checkHeader(op, toBytes(data));
  try {
    const out = k.zlib(op, toBytes(data), level);
    return Buffer.from(out.buffer, out.byteOffset, out.length);
  } catch (err) {
    const code = /unexpected end/i.test(err.message) ? 'Z_BUF_ERROR' : 'Z_DATA_ERROR';
    const e = new Error(code === 'Z_BUF_ERROR' ? 'unexpected end of file' : err.message);
    e.errno = ERRORS[code];
    e.code = code;
    throw e;
  }
}

const zlib = module.exports;
const OPS = {
  gzip: 'gzip', gunzip: 'gunzip', deflate: 'deflate', inflate: 'inflate', deflateRaw: 'deflateRaw',
  inflateRaw: 'inflateRaw', unzip: 'unzip',
};
for (const [name, op] of Object.entries(OPS)) {
  zlib[`${name}Sync`] = (data, options) => run(op, data, options);
  zlib[name] = (data, options, cb) => {
    if (typeof options === 'function') {
      cb = options;
      options = undefined;
    }
    let out;
    let error = null;
    try {
      out = run(op, data, options);
    } catch (err) {
      error = err;
    }
    setImmediate(() => cb(error, out));
  };
  const Cls = `create${name[0].toUpperCase()}${name.slice(1)}`;
  zlib[Cls] = (options) => {
    const chunks = [];
    return new Transform({
      transform(chunk, enc, cb) {
        chunks.push(toBytes(chunk));
        cb();
      },
      flush(cb) {
        try {
          cb(null, run(op, Buffer.concat(chunks), options));
        } catch (err) {
          cb(err);
        }
      },
    });
  };
}
zlib.constants = { Z_NO_COMPRESSION: 0, Z_BEST_SPEED: 1, Z_BEST_COMPRESSION: 9, Z_DEFAULT_COMPRESSION: -1, Z_DATA_ERROR: -3, Z_BUF_ERROR: -5 };
Object.assign(zlib, zlib.constants);
zlib.crc32 = (data, value = 0) => {
  let crc = ~value >>> 0;
  for (const b of toBytes(data)) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
};
for (const name of ['brotliCompress', 'brotliDecompress', 'brotliCompressSync', 'brotliDecompressSync', 'createBrotliCompress', 'createBrotliDecompress']) {
  zlib[name] = () => {
    const e = new Error('brotli is not available in the kitsh sandbox');
    e.code = 'ERR_KITSH_SANDBOX';
    throw e;
  };
}
