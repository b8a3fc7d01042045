// `fetch`, `Headers`, `Request` and `Response`, over kitsh's network (what `curl` uses): only
// the URL prefixes the embedder allowed are reachable; with no network configured `fetch`
// rejects with `fetch is disabled in the kitsh sandbox`. Bodies are read whole.

const k = internals.k;
const { Buffer } = require('buffer');

class Headers {
  constructor(init) {
    this._map = new Map();
    if (init instanceof Headers) for (const [n, v] of init) this.append(n, v);
    else if (Array.isArray(init)) for (const [n, v] of init) this.append(n, v);
    else if (init && typeof init === 'object') for (const n of Object.keys(init)) this.append(n, init[n]);
  }
  append(name, value) {
    const key = String(name).toLowerCase();
    const old = this._map.get(key);
    this._map.set(key, old === undefined ? String(value) : `${old}, ${value}`);
  }
  set(name, value) { this._map.set(String(name).toLowerCase(), String(value)); }
  get(name) { const v = this._map.get(String(name).toLowerCase()); return v === undefined ? null : v; }
  has(name) { return this._map.has(String(name).toLowerCase()); }
  delete(name) { this._map.delete(String(name).toLowerCase()); }
  forEach(fn, thisArg) { for (const [n, v] of this) fn.call(thisArg, v, n, this); }
  keys() { return [...this._map.keys()].sort()[Symbol.iterator](); }
  values() { return [...this].map(([, v]) => v)[Symbol.iterator](); }
  entries() { return [...this._map.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  getSetCookie() { const v = this.get('set-cookie'); return v === null ? [] : [v]; }
}

function bodyBytes(body) {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string') return k.encode(body);
  if (body instanceof URLSearchParams) return k.encode(body.toString());
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
  return k.encode(String(body));
}

class Body {
  _consume() {
    if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.bodyUsed = true;
    return Promise.resolve(this._bytes || new Uint8Array(0));
  }
  text() { return this._consume().then((b) => k.decode(b)); }
  json() { return this.text().then((t) => JSON.parse(t)); }
  arrayBuffer() { return this._consume().then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)); }
  bytes() { return this._consume().then((b) => new Uint8Array(b)); }
  blob() { return this.arrayBuffer(); }
}

class Response extends Body {
  constructor(body = null, init = {}) {
    super();
    this._bytes = bodyBytes(body);
    this.status = init.status === undefined ? 200 : init.status;
    this.statusText = init.statusText || '';
    this.headers = new Headers(init.headers);
    this.ok = this.status >= 200 && this.status < 300;
    this.url = init.url || '';
    this.redirected = !!init.redirected;
    this.type = 'basic';
    this.bodyUsed = false;
  }
  clone() {
    const r = new Response(this._bytes, this);
    r.headers = new Headers(this.headers);
    return r;
  }
  static json(data, init = {}) {
    const r = new Response(JSON.stringify(data), init);
    if (!r.headers.has('content-type')) r.headers.set('content-type', 'application/json');
    return r;
  }
  static error() { return new Response(null, { status: 0 }); }
}

class Request extends Body {
  constructor(input, init = {}) {
    super();
    this.url = input instanceof Request ? input.url : String(input);
    this.method = String(init.method || (input instanceof Request ? input.method : 'GET')).toUpperCase();
    this.headers = new Headers(init.headers || (input instanceof Request ? input.headers : undefined));
    this._bytes = bodyBytes(init.body !== undefined ? init.body : input instanceof Request ? input._bytes : null);
    this.signal = init.signal || null;
    this.bodyUsed = false;
  }
}

function fetch(input, init = {}) {
  return new Promise((resolve, reject) => {
    const req = input instanceof Request ? input : new Request(input, init);
    if (init.signal && init.signal.aborted) {
      reject(init.signal.reason);
      return;
    }
    let url;
    try {
      url = new URL(req.url).href;
    } catch (err) {
      reject(Object.assign(new TypeError('Failed to parse URL from ' + req.url), { cause: err }));
      return;
    }
    const headers = [...req.headers];
    if (req._bytes && typeof init.body === 'string' && !req.headers.has('content-type')) headers.push(['content-type', 'text/plain;charset=UTF-8']);
    if (req._bytes && init.body instanceof URLSearchParams && !req.headers.has('content-type')) headers.push(['content-type', 'application/x-www-form-urlencoded;charset=UTF-8']);
    const follow = init.redirect !== 'manual' && init.redirect !== 'error';
    // The request runs when the loop next turns, as Node's starts after the current job.
    setImmediate(() => {
      let r;
      try {
        r = k.http(req.method, url, headers, req._bytes, follow);
      } catch (err) {
        if (err.message === 'network access is disabled') {
          const e = new Error('fetch is disabled in the kitsh sandbox');
          e.code = 'ERR_KITSH_SANDBOX';
          reject(e);
        } else {
          reject(Object.assign(new TypeError('fetch failed'), { cause: new Error(err.message) }));
        }
        return;
      }
      const [status, reason, hdrs, body, finalUrl, redirects] = r;
      resolve(new Response(body, { status, statusText: reason, headers: hdrs, url: finalUrl, redirected: redirects > 0 }));
    });
  });
}

module.exports = { fetch, Headers, Request, Response };
