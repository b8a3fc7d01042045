// `stream`: Readable, Writable, Duplex, Transform and PassThrough as far as scripts use them
// (flowing and paused reads, `pipe`, async iteration, `Readable.from`, `pipeline`, `finished`),
// on EventEmitter. A flowing Readable moves one chunk per turn of the event loop.

const EventEmitter = require('events');

function nodeBuffer() {
  return require('buffer').Buffer;
}

// Destroy a stream once (`state` is its readable or writable state): its `_destroy`, then
// `error` (if any) and `close` on the next turns.
function destroyStream(stream, state, err) {
  if (state.destroyed) return stream;
  state.destroyed = true;
  const done = (e) => {
    if (e) setImmediate(() => stream.emit('error', e));
    setImmediate(() => stream.emit('close'));
  };
  if (stream._destroy) stream._destroy(err || null, done);
  else done(err);
  return stream;
}

class Stream extends EventEmitter {
  pipe(dest, options) {
    return Readable.prototype.pipe.call(this, dest, options);
  }
}

class Readable extends Stream {
  constructor(options = {}) {
    super();
    this._rs = {
      buffer: [],
      flowing: null,
      ended: false,
      endEmitted: false,
      reading: false,
      scheduled: false,
      objectMode: !!(options.objectMode || options.readableObjectMode),
      encoding: null,
      decoder: null,
      destroyed: false,
      pipes: [],
    };
    if (typeof options.read === 'function') this._read = options.read;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    if (options.encoding) this.setEncoding(options.encoding);
    this.readable = true;
  }
  get readableEnded() { return this._rs.endEmitted; }
  get readableFlowing() { return this._rs.flowing; }
  get readableLength() { return this._rs.buffer.length; }
  get readableObjectMode() { return this._rs.objectMode; }
  get destroyed() { return this._rs.destroyed; }
  get readableEncoding() { return this._rs.encoding; }
  _read() {
    const e = new Error('The _read() method is not implemented');
    e.code = 'ERR_METHOD_NOT_IMPLEMENTED';
    throw e;
  }
  push(chunk, encoding) {
    const rs = this._rs;
    if (chunk === null) {
      rs.ended = true;
      if (rs.decoder) {
        const rest = rs.decoder.end();
        if (rest) rs.buffer.push(rest);
      }
      this._schedule();
      return false;
    }
    if (rs.ended) {
      const e = new Error('stream.push() after EOF');
      e.code = 'ERR_STREAM_PUSH_AFTER_EOF';
      this.emit('error', e);
      return false;
    }
    if (!rs.objectMode) {
      if (typeof chunk === 'string') {
        if (!rs.encoding) chunk = nodeBuffer().from(chunk, encoding);
      } else if (chunk instanceof Uint8Array && !(chunk instanceof nodeBuffer())) {
        chunk = nodeBuffer().from(chunk.buffer, chunk.byteOffset, chunk.length);
      }
      if (rs.decoder && typeof chunk !== 'string') chunk = rs.decoder.write(chunk);
      if (chunk.length === 0 && !rs.objectMode) {
        this._schedule();
        return true;
      }
    }
    rs.buffer.push(chunk);
    this._schedule();
    return rs.buffer.length < 16;
  }
  unshift(chunk) {
    this._rs.buffer.unshift(chunk);
  }
  setEncoding(enc) {
    const { StringDecoder } = require('string_decoder');
    this._rs.encoding = enc;
    this._rs.decoder = new StringDecoder(enc);
    return this;
  }
  _schedule() {
    const rs = this._rs;
    if (rs.scheduled || rs.destroyed) return;
    rs.scheduled = true;
    setImmediate(() => {
      rs.scheduled = false;
      this._flow();
    });
  }
  _pull() {
    const rs = this._rs;
    if (!rs.ended && !rs.reading && rs.buffer.length === 0 && !rs.destroyed) {
      rs.reading = true;
      try {
        this._read(16384);
      } catch (err) {
        this.destroy(err);
      }
      rs.reading = false;
    }
  }
  _flow() {
    const rs = this._rs;
    if (rs.destroyed) return;
    if (rs.flowing) {
      this._pull();
      while (rs.flowing && rs.buffer.length) this.emit('data', rs.buffer.shift());
    } else if (rs.flowing === null && this.listenerCount('readable') > 0) {
      this._pull();
      if (rs.buffer.length || rs.ended) this.emit('readable');
    }
    if (rs.ended && rs.buffer.length === 0) {
      this._endNow();
      return;
    }
    if (rs.flowing) this._schedule();
  }
  _endNow() {
    const rs = this._rs;
    if (rs.endEmitted) return;
    rs.endEmitted = true;
    this.readable = false;
    this.emit('end');
    if (this._autoClose !== false) setImmediate(() => this.emit('close'));
  }
  read(n) {
    const rs = this._rs;
    this._pull();
    if (rs.buffer.length === 0) {
      if (rs.ended) this._schedule();
      return null;
    }
    if (rs.objectMode || n === undefined) {
      if (rs.objectMode) return rs.buffer.shift();
      const all = rs.buffer.splice(0);
      if (typeof all[0] === 'string') return all.join('');
      return nodeBuffer().concat(all);
    }
    const first = rs.buffer.shift();
    if (first.length > n) {
      rs.buffer.unshift(first.slice(n));
      return first.slice(0, n);
    }
    return first;
  }
  on(type, listener) {
    super.on(type, listener);
    if (type === 'data' && this._rs.flowing !== false) this.resume();
    else if (type === 'readable' || type === 'end') this._schedule();
    return this;
  }
  resume() {
    this._rs.flowing = true;
    this._schedule();
    return this;
  }
  pause() {
    this._rs.flowing = false;
    return this;
  }
  isPaused() {
    return this._rs.flowing === false;
  }
  pipe(dest, options = {}) {
    const rs = this._rs || { pipes: [] };
    rs.pipes.push(dest);
    this.on('data', (chunk) => {
      if (dest.write(chunk) === false && typeof this.pause === 'function' && false) this.pause();
    });
    const std = dest === process.stdout || dest === process.stderr;
    if (options.end !== false && !std) this.on('end', () => dest.end());
    this.on('error', (err) => {
      if (dest.listenerCount && dest.listenerCount('error') > 0) dest.emit('error', err);
    });
    dest.emit('pipe', this);
    return dest;
  }
  unpipe() {
    this.removeAllListeners('data');
    return this;
  }
  destroy(err) {
    return destroyStream(this, this._rs, err);
  }
  [Symbol.asyncIterator]() {
    const queue = [];
    const waiting = [];
    let ended = false;
    let error = null;
    const settle = () => {
      while (waiting.length && (queue.length || ended || error)) {
        const w = waiting.shift();
        if (queue.length) w.resolve({ value: queue.shift(), done: false });
        else if (error) w.reject(error);
        else w.resolve({ value: undefined, done: true });
      }
    };
    this.on('data', (c) => { queue.push(c); settle(); });
    this.on('end', () => { ended = true; settle(); });
    this.on('error', (e) => { error = e; settle(); });
    return {
      next: () => new Promise((resolve, reject) => { waiting.push({ resolve, reject }); settle(); }),
      return: () => { this.destroy(); return Promise.resolve({ value: undefined, done: true }); },
      [Symbol.asyncIterator]() { return this; },
    };
  }
  toArray() {
    return (async () => {
      const out = [];
      for await (const c of this) out.push(c);
      return out;
    })();
  }
  static from(iterable, options = {}) {
    if (typeof iterable === 'string' || iterable instanceof Uint8Array) {
      const r = new Readable(Object.assign({ objectMode: false }, options, { read() {} }));
      r.push(iterable);
      r.push(null);
      return r;
    }
    const it = iterable[Symbol.asyncIterator] ? iterable[Symbol.asyncIterator]() : iterable[Symbol.iterator]();
    let busy = false;
    const r = new Readable(Object.assign({ objectMode: true }, options, {
      read() {
        if (busy) return;
        busy = true;
        Promise.resolve(it.next()).then(({ value, done }) => {
          busy = false;
          if (done) r.push(null);
          else Promise.resolve(value).then((v) => r.push(v));
        }, (err) => r.destroy(err));
      },
    }));
    return r;
  }
}

class Writable extends Stream {
  constructor(options = {}) {
    super();
    this._ws = {
      ending: false,
      finished: false,
      destroyed: false,
      queue: [],
      writing: false,
      objectMode: !!(options.objectMode || options.writableObjectMode),
      decodeStrings: options.decodeStrings !== false,
    };
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.writev === 'function') this._writev = options.writev;
    if (typeof options.final === 'function') this._final = options.final;
    if (typeof options.destroy === 'function') this._destroy = options.destroy;
    this.writable = true;
  }
  get writableEnded() { return this._ws.ending; }
  get writableFinished() { return this._ws.finished; }
  get writableLength() { return this._ws.queue.length; }
  get destroyed() { return this._ws.destroyed; }
  write(chunk, encoding, cb) {
    if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    const ws = this._ws;
    if (ws.ending) {
      const e = new Error('write after end');
      e.code = 'ERR_STREAM_WRITE_AFTER_END';
      setImmediate(() => {
        if (cb) cb(e);
        this.emit('error', e);
      });
      return false;
    }
    if (!ws.objectMode && typeof chunk === 'string' && ws.decodeStrings) {
      chunk = nodeBuffer().from(chunk, encoding);
      encoding = 'buffer';
    }
    ws.queue.push({ chunk, encoding: encoding || (typeof chunk === 'string' ? 'utf8' : 'buffer'), cb });
    this._drain();
    return true;
  }
  _drain() {
    const ws = this._ws;
    if (ws.writing || ws.destroyed) return;
    while (ws.queue.length) {
      const { chunk, encoding, cb } = ws.queue.shift();
      ws.writing = true;
      let sync = true;
      let again = false;
      this._write(chunk, encoding, (err) => {
        ws.writing = false;
        if (err) {
          this.destroy(err);
          if (cb) cb(err);
          return;
        }
        if (cb) queueMicrotask(() => cb(null));
        if (sync) again = true;
        else this._drain();
      });
      sync = false;
      if (!again) return;
    }
    if (ws.ending && !ws.finished && !ws.writing) this._finish();
  }
  _finish() {
    const ws = this._ws;
    if (ws.finishing) return;
    ws.finishing = true;
    const done = (err) => {
      if (err) {
        this.destroy(err);
        return;
      }
      ws.finished = true;
      this.writable = false;
      queueMicrotask(() => {
        this.emit('finish');
        if (this._autoClose !== false) setImmediate(() => this.emit('close'));
      });
    };
    if (this._final) this._final(done);
    else done();
  }
  end(chunk, encoding, cb) {
    if (typeof chunk === 'function') {
      cb = chunk;
      chunk = undefined;
    } else if (typeof encoding === 'function') {
      cb = encoding;
      encoding = undefined;
    }
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    if (cb) this.once('finish', cb);
    this._ws.ending = true;
    this._drain();
    return this;
  }
  cork() {}
  uncork() {}
  setDefaultEncoding() { return this; }
  destroy(err) {
    return destroyStream(this, this._ws, err);
  }
}

class Duplex extends Readable {
  constructor(options = {}) {
    super(options);
    const w = new Writable(options);
    this._ws = w._ws;
    if (typeof options.write === 'function') this._write = options.write;
    if (typeof options.final === 'function') this._final = options.final;
    this.writable = true;
  }
}
for (const name of ['write', 'end', '_drain', '_finish', 'cork', 'uncork', 'setDefaultEncoding']) {
  Duplex.prototype[name] = Writable.prototype[name];
}
for (const name of ['writableEnded', 'writableFinished', 'writableLength']) {
  Object.defineProperty(Duplex.prototype, name, Object.getOwnPropertyDescriptor(Writable.prototype, name));
}

class Transform extends Duplex {
  constructor(options = {}) {
    super(Object.assign({}, options, { read() {} }));
    if (typeof options.transform === 'function') this._transform = options.transform;
    if (typeof options.flush === 'function') this._flush = options.flush;
    this._read = () => {};
    this._write = (chunk, encoding, cb) => {
      this._transform(chunk, encoding, (err, data) => {
        if (err) return cb(err);
        if (data !== undefined && data !== null) this.push(data);
        cb();
      });
    };
    this._final = (cb) => {
      const end = () => {
        this.push(null);
        cb();
      };
      if (this._flush) {
        this._flush((err, data) => {
          if (err) return cb(err);
          if (data !== undefined && data !== null) this.push(data);
          end();
        });
      } else {
        end();
      }
    };
  }
  _transform() {
    const e = new Error('The _transform() method is not implemented');
    e.code = 'ERR_METHOD_NOT_IMPLEMENTED';
    throw e;
  }
}
// A Transform emits `finish` when its writable side ends; its readable side ends after.
Transform.prototype._finishWritable = Writable.prototype._finish;

class PassThrough extends Transform {
  constructor(options) {
    super(Object.assign({}, options, { transform: (chunk, enc, cb) => cb(null, chunk) }));
  }
}

function finished(stream, options, cb) {
  if (typeof options === 'function') {
    cb = options;
    options = {};
  }
  let done = false;
  const call = (err) => {
    if (!done) {
      done = true;
      cb(err);
    }
  };
  stream.on('error', call);
  stream.on('end', () => call());
  stream.on('finish', () => call());
  stream.on('close', () => call());
  return () => {};
}

function pipeline(...streams) {
  const cb = typeof streams[streams.length - 1] === 'function' ? streams.pop() : () => {};
  if (Array.isArray(streams[0])) streams = streams[0];
  let failed = false;
  const fail = (err) => {
    if (failed) return;
    failed = true;
    for (const s of streams) if (s.destroy) s.destroy();
    cb(err);
  };
  let src = streams[0];
  if (!(src instanceof EventEmitter)) src = Readable.from(src);
  let cur = src;
  cur.on('error', fail);
  for (let i = 1; i < streams.length; i++) {
    let next = streams[i];
    if (typeof next === 'function') {
      const out = next(cur);
      next = out instanceof EventEmitter ? out : Readable.from(out);
    } else {
      cur.pipe(next);
    }
    next.on('error', fail);
    cur = next;
  }
  const last = cur;
  const onDone = () => {
    if (!failed) {
      failed = true;
      cb();
    }
  };
  if (last instanceof Writable || last._ws) last.on('finish', onDone);
  else last.on('end', onDone);
  return last;
}

const promises = {
  pipeline: (...streams) => new Promise((resolve, reject) => pipeline(...streams, (err) => (err ? reject(err) : resolve()))),
  finished: (stream, options) => new Promise((resolve, reject) => finished(stream, options, (err) => (err ? reject(err) : resolve()))),
};

module.exports = Stream;
Object.assign(Stream, { Stream, Readable, Writable, Duplex, Transform, PassThrough, pipeline, finished, promises });
