// `readline` (and `readline/promises`): line events over any readable stream (`process.stdin`,
// `fs.createReadStream`), `for await (const line of rl)`, `question`, `close`.

const EventEmitter = require('events');
const { StringDecoder } = require('string_decoder');

class Interface extends EventEmitter {
  constructor(input, output, completer, terminal) {
    super();
    let options = input;
    if (!(input && typeof input === 'object' && 'input' in input) || input instanceof EventEmitter) {
      options = { input, output, completer, terminal };
    }
    this.input = options.input;
    this.output = options.output;
    this.terminal = !!options.terminal;
    this.line = '';
    this.closed = false;
    this._prompt = options.prompt === undefined ? '> ' : String(options.prompt);
    this._questions = [];
    this._buffer = '';
    this._decoder = new StringDecoder('utf8');
    this._paused = false;
    this._pending = [];
    this._onData = (chunk) => {
      const text = typeof chunk === 'string' ? chunk : this._decoder.write(chunk);
      const buf = this._buffer + text;
      if (buf.includes('\r')) {
        // \r\n, \n and a lone \r end a line (a \r at the very end waits for what follows).
        const parts = buf.split(/\r\n|\n|\r(?!$)/);
        this._buffer = parts.pop();
        if (this._buffer.endsWith('\r')) {
          parts.push(this._buffer.slice(0, -1));
          this._buffer = '';
        }
        for (const line of parts) this._emitLine(line);
        return;
      }
      let start = 0;
      let i;
      while ((i = buf.indexOf('\n', start)) !== -1) {
        this._emitLine(buf.slice(start, i));
        start = i + 1;
      }
      this._buffer = start === 0 ? buf : buf.slice(start);
    };
    this._onEnd = () => {
      this._buffer += this._decoder.end();
      if (this._buffer.length > 0) {
        const rest = this._buffer;
        this._buffer = '';
        this._emitLine(rest);
      }
      this.close();
    };
    if (this.input) {
      this.input.on('data', this._onData);
      this.input.on('end', this._onEnd);
      if (typeof this.input.resume === 'function') this.input.resume();
    }
  }
  _emitLine(line) {
    if (this._paused) {
      this._pending.push(line);
      return;
    }
    const q = this._questions.shift();
    if (q) q(line);
    else this.emit('line', line);
  }
  get [Symbol.toStringTag]() {
    return 'Interface';
  }
  setPrompt(p) {
    this._prompt = String(p);
  }
  getPrompt() {
    return this._prompt;
  }
  prompt() {
    if (this.output && typeof this.output.write === 'function') this.output.write(this._prompt);
  }
  question(query, options, cb) {
    if (typeof options === 'function') cb = options;
    if (this.closed) {
      const e = new Error('readline was closed');
      e.code = 'ERR_USE_AFTER_CLOSE';
      throw e;
    }
    if (this.output && typeof this.output.write === 'function') this.output.write(query);
    this._questions.push(cb);
  }
  write(data) {
    if (this.output && typeof this.output.write === 'function' && this.terminal) this.output.write(data);
  }
  pause() {
    this._paused = true;
    if (this.input && typeof this.input.pause === 'function') this.input.pause();
    this.emit('pause');
    return this;
  }
  resume() {
    this._paused = false;
    if (this.input && typeof this.input.resume === 'function') this.input.resume();
    const pending = this._pending.splice(0);
    for (const line of pending) this._emitLine(line);
    this.emit('resume');
    return this;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.input) {
      this.input.removeListener('data', this._onData);
      this.input.removeListener('end', this._onEnd);
      if (typeof this.input.pause === 'function') this.input.pause();
    }
    this.emit('close');
  }
  getCursorPos() {
    return { rows: 0, cols: 0 };
  }
  [Symbol.asyncIterator]() {
    const queue = [];
    const waiting = [];
    let done = this.closed;
    const settle = () => {
      while (waiting.length && (queue.length || done)) {
        const w = waiting.shift();
        if (queue.length) w({ value: queue.shift(), done: false });
        else w({ value: undefined, done: true });
      }
    };
    this.on('line', (line) => {
      queue.push(line);
      settle();
    });
    this.on('close', () => {
      done = true;
      settle();
    });
    return {
      next: () => new Promise((resolve) => {
        waiting.push(resolve);
        settle();
      }),
      return: () => {
        this.close();
        return Promise.resolve({ value: undefined, done: true });
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}

function createInterface(input, output, completer, terminal) {
  return new Interface(input, output, completer, terminal);
}

class PromisesInterface extends Interface {
  question(query, options) {
    return new Promise((resolve) => Interface.prototype.question.call(this, query, options, resolve));
  }
}

const promises = {
  Interface: PromisesInterface,
  createInterface: (input, output, completer, terminal) => new PromisesInterface(input, output, completer, terminal),
};

module.exports = {
  Interface,
  createInterface,
  clearLine: (stream, dir, cb) => { if (cb) cb(); return true; },
  clearScreenDown: (stream, cb) => { if (cb) cb(); return true; },
  cursorTo: (stream, x, y, cb) => { if (typeof y === 'function') y(); else if (cb) cb(); return true; },
  moveCursor: (stream, dx, dy, cb) => { if (cb) cb(); return true; },
  emitKeypressEvents: () => {},
  promises,
};
