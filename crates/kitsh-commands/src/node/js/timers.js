// `timers` and the event loop's turn (`step`): immediates, then due timers, one callback per
// turn (the Rust loop runs the promise jobs between turns, as Node runs its microtasks), then
// standard input when a reader is flowing; otherwise the milliseconds to wait for the next
// timer, or -1 when nothing keeps the loop alive.

const k = internals.k;
let seq = 0;
const active = []; // timers, kept sorted by (when, id)
const immediates = [];
let beforeExitDone = false;

class Timeout {
  constructor(fn, ms, args, repeat) {
    ms = Number(ms);
    if (!(ms >= 1 && ms <= 2147483647)) ms = 1;
    this._idleTimeout = ms;
    this._onTimeout = fn;
    this._args = args;
    this._repeat = repeat ? ms : null;
    this._destroyed = false;
    this._ref = true;
    this._id = ++seq;
    this._when = k.hrtime() + ms;
  }
  ref() { this._ref = true; return this; }
  unref() { this._ref = false; return this; }
  hasRef() { return this._ref; }
  refresh() {
    if (!this._destroyed) {
      remove(this);
      this._when = k.hrtime() + this._idleTimeout;
      insert(this);
    }
    return this;
  }
  close() { clear(this); return this; }
  [Symbol.toPrimitive]() { return this._id; }
}

class Immediate {
  constructor(fn, args) {
    this._onImmediate = fn;
    this._args = args;
    this._ref = true;
    this._destroyed = false;
  }
  ref() { this._ref = true; return this; }
  unref() { this._ref = false; return this; }
  hasRef() { return this._ref; }
}

function insert(t) {
  let i = active.length;
  while (i > 0 && (active[i - 1]._when > t._when || (active[i - 1]._when === t._when && active[i - 1]._id > t._id))) i--;
  active.splice(i, 0, t);
}

function remove(t) {
  const i = active.indexOf(t);
  if (i >= 0) active.splice(i, 1);
}

const byId = new Map();

function checkCallback(fn) {
  if (typeof fn !== 'function') {
    const e = new TypeError(`The "callback" argument must be of type function. Received ${require('util').describeReceived(fn)}`);
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
}

function setTimeout(fn, ms, ...args) {
  checkCallback(fn);
  const t = new Timeout(fn, ms, args, false);
  insert(t);
  byId.set(t._id, t);
  return t;
}

function setInterval(fn, ms, ...args) {
  checkCallback(fn);
  const t = new Timeout(fn, ms, args, true);
  insert(t);
  byId.set(t._id, t);
  return t;
}

function clear(t) {
  if (typeof t === 'number' || typeof t === 'string') t = byId.get(Number(t));
  if (t instanceof Timeout && !t._destroyed) {
    t._destroyed = true;
    remove(t);
    byId.delete(t._id);
  }
}

function setImmediate(fn, ...args) {
  checkCallback(fn);
  const im = new Immediate(fn, args);
  immediates.push(im);
  return im;
}

function clearImmediate(im) {
  if (im instanceof Immediate) {
    im._destroyed = true;
    const i = immediates.indexOf(im);
    if (i >= 0) immediates.splice(i, 1);
  }
}

// The loop's phases, as libuv's: due timers, then (poll: nothing here; streams schedule
// immediates), then the immediates queued before the check phase began.
let phase = 'timers';
let checkQueue = [];

function step() {
  if (phase === 'timers') {
    // A timer due within the next millisecond counts as due: Node's loop reaches its first
    // timers phase a few milliseconds after the script, so `setTimeout(f, 0)` runs before
    // `setImmediate(g)` there.
    const now = k.hrtime() + 1;
    const t = active[0];
    if (t !== undefined && t._when <= now) {
      active.shift();
      if (t._repeat !== null) {
        t._when = Math.max(now - 1, t._when + t._repeat);
        insert(t);
      } else {
        t._destroyed = true;
        byId.delete(t._id);
      }
      t._onTimeout(...t._args);
      return 0;
    }
    phase = 'check';
    checkQueue = immediates.splice(0);
  }
  if (checkQueue.length) {
    const im = checkQueue.shift();
    if (!im._destroyed) {
      im._destroyed = true;
      im._onImmediate(...im._args);
    }
    return 0;
  }
  phase = 'timers';
  if (immediates.length) return 0;
  let next = -1;
  for (const t of active) {
    if (t._ref) {
      next = Math.max(0, t._when - k.hrtime());
      break;
    }
  }
  if (next < 0) {
    const p = internals.process;
    if (!beforeExitDone && p.listenerCount('beforeExit') > 0) {
      beforeExitDone = true;
      p.emit('beforeExit', p.exitCode === undefined ? 0 : p.exitCode);
      return 0;
    }
  } else {
    beforeExitDone = false;
  }
  return next;
}

const promises = {
  setTimeout(ms, value, options) {
    return new Promise((resolve, reject) => {
      const signal = options && options.signal;
      if (signal && signal.aborted) return reject(abortError(signal));
      const t = setTimeout(() => resolve(value), ms);
      if (options && options.ref === false) t.unref();
      if (signal) signal.addEventListener('abort', () => { clear(t); reject(abortError(signal)); }, { once: true });
    });
  },
  setImmediate(value) {
    return new Promise((resolve) => setImmediate(() => resolve(value)));
  },
  async *setInterval(ms, value) {
    for (;;) {
      await promises.setTimeout(ms);
      yield value;
    }
  },
  scheduler: {
    wait(ms, options) { return promises.setTimeout(ms, undefined, options); },
    yield() { return promises.setImmediate(); },
  },
};

function abortError(signal) {
  const e = new Error('The operation was aborted');
  e.name = 'AbortError';
  e.code = 'ABORT_ERR';
  e.cause = signal.reason;
  return e;
}

module.exports = {
  setup(i) {
  },
  step,
  setTimeout,
  clearTimeout: clear,
  setInterval,
  clearInterval: clear,
  setImmediate,
  clearImmediate,
  promises,
};
