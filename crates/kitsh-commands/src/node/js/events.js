// `events`: Node's EventEmitter (on/once/off/emit, prepend, listener counts, `error` events
// that throw when nobody listens), `events.once`/`events.on`, and the web's EventTarget,
// Event, AbortController and AbortSignal.

class EventEmitter {
  constructor() {
    EventEmitter.init.call(this);
  }
  static init() {
    if (this._events === undefined || this._events === Object.getPrototypeOf(this)._events) {
      Object.defineProperty(this, '_events', { value: Object.create(null), writable: true, configurable: true, enumerable: false });
      Object.defineProperty(this, '_eventsCount', { value: 0, writable: true, configurable: true, enumerable: false });
    }
    if (this._maxListeners === undefined) {
      Object.defineProperty(this, '_maxListeners', { value: undefined, writable: true, configurable: true, enumerable: false });
    }
  }
  setMaxListeners(n) { this._maxListeners = n; return this; }
  getMaxListeners() { return this._maxListeners === undefined ? EventEmitter.defaultMaxListeners : this._maxListeners; }
  emit(type, ...args) {
    const events = this._events;
    const handler = events === undefined ? undefined : events[type];
    if (type === 'error' && handler === undefined) {
      const er = args[0];
      if (er instanceof Error) throw er;
      const err = new Error(`Unhandled error. (${require('util').inspect(er)})`);
      err.code = 'ERR_UNHANDLED_ERROR';
      err.context = er;
      throw err;
    }
    if (handler === undefined) return false;
    if (typeof handler === 'function') {
      handler.apply(this, args);
    } else {
      const list = handler.slice();
      for (let i = 0; i < list.length; i++) list[i].apply(this, args);
    }
    return true;
  }
  _add(type, listener, prepend) {
    checkListener(listener);
    EventEmitter.init.call(this);
    const events = this._events;
    if (events.newListener !== undefined) {
      this.emit('newListener', type, listener.listener ? listener.listener : listener);
    }
    const existing = events[type];
    if (existing === undefined) {
      events[type] = listener;
      this._eventsCount++;
    } else if (typeof existing === 'function') {
      events[type] = prepend ? [listener, existing] : [existing, listener];
    } else if (prepend) {
      existing.unshift(listener);
    } else {
      existing.push(listener);
    }
    if (typeof this._onListener === 'function') this._onListener(type);
    return this;
  }
  on(type, listener) { return this._add(type, listener, false); }
  addListener(type, listener) { return this._add(type, listener, false); }
  prependListener(type, listener) { return this._add(type, listener, true); }
  once(type, listener) { checkListener(listener); return this._add(type, onceWrapper(this, type, listener), false); }
  prependOnceListener(type, listener) { checkListener(listener); return this._add(type, onceWrapper(this, type, listener), true); }
  off(type, listener) { return this.removeListener(type, listener); }
  removeListener(type, listener) {
    const events = this._events;
    if (events === undefined) return this;
    const list = events[type];
    if (list === undefined) return this;
    if (list === listener || list.listener === listener) {
      delete events[type];
      this._eventsCount--;
      if (events.removeListener) this.emit('removeListener', type, list.listener || listener);
    } else if (typeof list !== 'function') {
      for (let i = list.length - 1; i >= 0; i--) {
        if (list[i] === listener || list[i].listener === listener) {
          list.splice(i, 1);
          if (list.length === 1) events[type] = list[0];
          if (events.removeListener !== undefined) this.emit('removeListener', type, listener);
          break;
        }
      }
    }
    return this;
  }
  removeAllListeners(type) {
    if (this._events === undefined) return this;
    if (type === undefined) {
      this._events = Object.create(null);
      this._eventsCount = 0;
    } else if (this._events[type] !== undefined) {
      delete this._events[type];
      this._eventsCount--;
    }
    return this;
  }
  listeners(type) {
    const l = this._events === undefined ? undefined : this._events[type];
    if (l === undefined) return [];
    if (typeof l === 'function') return [l.listener || l];
    return l.map((f) => f.listener || f);
  }
  rawListeners(type) {
    const l = this._events === undefined ? undefined : this._events[type];
    if (l === undefined) return [];
    return typeof l === 'function' ? [l] : l.slice();
  }
  listenerCount(type) {
    const l = this._events === undefined ? undefined : this._events[type];
    if (l === undefined) return 0;
    return typeof l === 'function' ? 1 : l.length;
  }
  eventNames() { return this._events === undefined ? [] : Reflect.ownKeys(this._events); }
}
EventEmitter.defaultMaxListeners = 10;
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.errorMonitor = Symbol('events.errorMonitor');
EventEmitter.captureRejections = false;

function checkListener(listener) {
  if (typeof listener !== 'function') {
    const e = new TypeError(`The "listener" argument must be of type function. Received ${require('util').describeReceived(listener)}`);
    e.code = 'ERR_INVALID_ARG_TYPE';
    throw e;
  }
}

function onceWrapper(target, type, listener) {
  const state = { fired: false, target, type, listener };
  const wrapped = function (...args) {
    if (!state.fired) {
      state.target.removeListener(state.type, wrapped);
      state.fired = true;
      return state.listener.apply(state.target, args);
    }
  };
  wrapped.listener = listener;
  return wrapped;
}

EventEmitter.once = function once(emitter, name) {
  return new Promise((resolve, reject) => {
    const onError = (err) => { emitter.removeListener(name, resolver); reject(err); };
    const resolver = (...args) => {
      if (name !== 'error') emitter.removeListener('error', onError);
      resolve(args);
    };
    emitter.once(name, resolver);
    if (name !== 'error' && typeof emitter.once === 'function') emitter.once('error', onError);
  });
};

EventEmitter.on = function on(emitter, event) {
  const queue = [];
  const waiting = [];
  let error = null;
  let done = false;
  const handler = (...args) => {
    const w = waiting.shift();
    if (w) w.resolve({ value: args, done: false });
    else queue.push(args);
  };
  const onError = (err) => {
    done = true;
    const w = waiting.shift();
    if (w) w.reject(err);
    else error = err;
  };
  emitter.on(event, handler);
  if (event !== 'error') emitter.on('error', onError);
  return {
    next() {
      if (queue.length) return Promise.resolve({ value: queue.shift(), done: false });
      if (error) { const p = Promise.reject(error); error = null; return p; }
      if (done) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    return() {
      emitter.removeListener(event, handler);
      emitter.removeListener('error', onError);
      done = true;
      for (const w of waiting) w.resolve({ value: undefined, done: true });
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() { return this; },
  };
};

EventEmitter.listenerCount = (emitter, type) => emitter.listenerCount(type);
EventEmitter.getEventListeners = (emitter, type) => emitter.listeners(type);
EventEmitter.setMaxListeners = () => {};

// ---- the web's events ------------------------------------------------------------------------
class Event {
  constructor(type, options = {}) {
    this.type = `${type}`;
    this.bubbles = !!options.bubbles;
    this.cancelable = !!options.cancelable;
    this.defaultPrevented = false;
    this.timeStamp = Date.now();
    this.target = null;
    this.currentTarget = null;
  }
  preventDefault() { if (this.cancelable) this.defaultPrevented = true; }
  stopPropagation() {}
  stopImmediatePropagation() { this._stop = true; }
}

class EventTarget {
  constructor() { Object.defineProperty(this, '_listeners', { value: new Map(), enumerable: false }); }
  addEventListener(type, listener, options) {
    if (!listener) return;
    const once = typeof options === 'object' && options !== null && options.once;
    let list = this._listeners.get(type);
    if (!list) this._listeners.set(type, list = []);
    if (!list.some((l) => l.listener === listener)) list.push({ listener, once });
  }
  removeEventListener(type, listener) {
    const list = this._listeners.get(type);
    if (!list) return;
    const i = list.findIndex((l) => l.listener === listener);
    if (i >= 0) list.splice(i, 1);
  }
  dispatchEvent(event) {
    event.target = event.currentTarget = this;
    const list = (this._listeners.get(event.type) || []).slice();
    for (const l of list) {
      if (l.once) this.removeEventListener(event.type, l.listener);
      if (typeof l.listener === 'function') l.listener.call(this, event);
      else l.listener.handleEvent(event);
      if (event._stop) break;
    }
    const prop = this['on' + event.type];
    if (typeof prop === 'function') prop.call(this, event);
    return !event.defaultPrevented;
  }
}

class AbortSignal extends EventTarget {
  constructor() {
    super();
    this.aborted = false;
    this.reason = undefined;
    this.onabort = null;
  }
  throwIfAborted() { if (this.aborted) throw this.reason; }
  static abort(reason) {
    const c = new AbortController();
    c.abort(reason);
    return c.signal;
  }
  // A signal aborted as soon as one of `signals` is, with its reason.
  static any(signals) {
    const c = new AbortController();
    for (const s of signals) {
      if (s.aborted) {
        c.abort(s.reason);
        return c.signal;
      }
    }
    for (const s of signals) s.addEventListener('abort', () => c.abort(s.reason), { once: true });
    return c.signal;
  }
  static timeout(ms) {
    const c = new AbortController();
    setTimeout(() => {
      const e = new Error('The operation was aborted due to timeout');
      e.name = 'TimeoutError';
      e.code = 23;
      c.abort(e);
    }, ms).unref();
    return c.signal;
  }
}

class AbortController {
  constructor() { this.signal = new AbortSignal(); }
  abort(reason) {
    const s = this.signal;
    if (s.aborted) return;
    if (reason === undefined) {
      reason = new Error('This operation was aborted');
      reason.name = 'AbortError';
      reason.code = 20;
    }
    s.aborted = true;
    s.reason = reason;
    s.dispatchEvent(new Event('abort'));
  }
}

module.exports = EventEmitter;
Object.assign(EventEmitter, { Event, EventTarget, AbortController, AbortSignal });
