// `url`: the WHATWG URL and URLSearchParams (parsing, the components, relative resolution,
// percent-encoding of paths and queries, `searchParams` kept in step), `fileURLToPath`,
// `pathToFileURL`, and the legacy `url.parse`/`url.format`.

const SPECIAL = { 'ftp:': '21', 'file:': '', 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' };

function invalid(input) {
  const e = new TypeError('Invalid URL');
  e.code = 'ERR_INVALID_URL';
  e.input = input;
  return e;
}

// Percent-encode the characters of `s` outside `keep` (and non-ASCII, as UTF-8).
function encodeSet(s, keep) {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0);
    if (c > 0x20 && c < 0x7f && !keep.includes(ch)) out += ch;
    else if (c === 0x25) out += ch;
    else out += encodeURIComponent(ch).replace(/[!'()*]/g, (x) => '%' + x.charCodeAt(0).toString(16).toUpperCase());
  }
  return out;
}
const PATH_ESCAPES = ' "#<>?`{}';
const QUERY_ESCAPES = ' "#<>';
const SPECIAL_QUERY_ESCAPES = ' "#<>\'';
const FRAGMENT_ESCAPES = ' "<>`';
const USERINFO_ESCAPES = ' "#<>?`{}/:;=@[\\]^|';

function normalizePath(segments) {
  const out = [];
  for (const seg of segments) {
    const s = seg.toLowerCase();
    if (s === '..' || s === '.%2e' || s === '%2e.' || s === '%2e%2e') {
      if (out.length) out.pop();
    } else if (s !== '.' && s !== '%2e') {
      out.push(seg);
    }
  }
  const last = segments[segments.length - 1];
  if (last !== undefined && ['.', '..', '%2e', '.%2e', '%2e.', '%2e%2e'].includes(last.toLowerCase())) out.push('');
  return out;
}

function parse(input, base) {
  input = String(input).replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):(.*)$/s.exec(input);
  let u;
  if (m) {
    const protocol = m[1].toLowerCase() + ':';
    let rest = m[2];
    if (protocol in SPECIAL) {
      if (base && base.protocol === protocol && !/^[/\\]/.test(rest)) return resolve(rest, base);
      if (protocol === 'file:') {
        // `file://host/p` and `file:///p` (an empty host); `file:/p` and `file:p` have none.
        if (/^[/\\]{2}/.test(rest)) return parseAuthority(protocol, rest.slice(2), input);
        return parseAuthority(protocol, '/' + rest.replace(/^[/\\]/, ''), input);
      }
      rest = rest.replace(/^[/\\]*/, '');
      return parseAuthority(protocol, rest, input);
    }
    u = { protocol, username: '', password: '', hostname: '', port: '', pathname: '', search: '', hash: '', opaque: true };
    if (rest.startsWith('//')) {
      const r = parseAuthority(protocol, rest.slice(2), input);
      r.opaque = false;
      return r;
    }
    const h = rest.indexOf('#');
    if (h >= 0) {
      u.hash = '#' + encodeSet(rest.slice(h + 1), FRAGMENT_ESCAPES);
      rest = rest.slice(0, h);
    }
    const q = rest.indexOf('?');
    if (q >= 0) {
      u.search = '?' + encodeSet(rest.slice(q + 1), QUERY_ESCAPES);
      rest = rest.slice(0, q);
    }
    u.pathname = rest.startsWith('/') ? encodeSet(rest, PATH_ESCAPES) : rest.replace(/[\u0000-\u001f\u007f-\uffff]/g, (c) => encodeURIComponent(c));
    if (rest.startsWith('/')) u.opaque = false;
    return u;
  }
  if (!base) throw invalid(input);
  if (base.opaque) {
    if (input.startsWith('#')) return Object.assign({}, base, { hash: '#' + encodeSet(input.slice(1), FRAGMENT_ESCAPES) });
    throw invalid(input);
  }
  return resolve(input, base);
}

function parseAuthority(protocol, rest, input) {
  const end = rest.search(protocol in SPECIAL ? /[/\\?#]/ : /[/?#]/);
  let auth = end < 0 ? rest : rest.slice(0, end);
  const tail = end < 0 ? '' : rest.slice(end);
  let username = '';
  let password = '';
  const at = auth.lastIndexOf('@');
  if (at >= 0) {
    const info = auth.slice(0, at);
    auth = auth.slice(at + 1);
    const colon = info.indexOf(':');
    username = encodeSet(colon >= 0 ? info.slice(0, colon) : info, USERINFO_ESCAPES);
    password = colon >= 0 ? encodeSet(info.slice(colon + 1), USERINFO_ESCAPES) : '';
  }
  let hostname = auth;
  let port = '';
  const pm = /^(.*?)(?::(\d*))?$/s.exec(auth);
  if (!auth.startsWith('[') || auth.includes(']:') || auth.endsWith(']')) {
    if (pm && pm[2] !== undefined) {
      hostname = pm[1];
      port = pm[2];
    }
  }
  if (port !== '') {
    const n = Number(port);
    if (n > 65535) throw invalid(input);
    port = String(n);
    if (SPECIAL[protocol] === port) port = '';
  }
  if (protocol in SPECIAL) {
    if (hostname === '' && protocol !== 'file:') throw invalid(input);
    try {
      hostname = decodeURIComponent(hostname).toLowerCase();
    } catch (_) {
      throw invalid(input);
    }
    if (/[\u0000\t\n\r #/:<>?@[\\\]^|%]/.test(hostname.replace(/^\[.*\]$/, ''))) throw invalid(input);
    if (protocol === 'file:' && hostname === 'localhost') hostname = '';
    if (/^[0-9.]+$/.test(hostname) && /^\d+$/.test(hostname.split('.').pop())) {
      const parts = hostname.split('.');
      if (parts.length === 4 && parts.every((p) => p !== '' && Number(p) <= 255)) hostname = parts.map(Number).join('.');
    }
  }
  const u = { protocol, username, password, hostname, port, pathname: '', search: '', hash: '', opaque: false };
  return applyTail(u, tail, true);
}

function applyTail(u, tail, setPath) {
  let rest = tail;
  const h = rest.indexOf('#');
  if (h >= 0) {
    u.hash = '#' + encodeSet(rest.slice(h + 1), FRAGMENT_ESCAPES);
    rest = rest.slice(0, h);
  } else {
    u.hash = '';
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    u.search = '?' + encodeSet(rest.slice(q + 1), u.protocol in SPECIAL ? SPECIAL_QUERY_ESCAPES : QUERY_ESCAPES);
    rest = rest.slice(0, q);
  } else {
    u.search = '';
  }
  if (setPath) {
    if (u.protocol in SPECIAL) rest = rest.replace(/\\/g, '/');
    const segs = rest === '' ? [''] : rest.split('/').slice(1);
    u.pathname = rest === '' ? (u.protocol in SPECIAL ? '/' : '') : '/' + normalizePath(segs.map((s) => encodeSet(s, PATH_ESCAPES))).join('/');
  }
  return u;
}

function resolve(input, base) {
  const u = Object.assign({}, base);
  const special = base.protocol in SPECIAL;
  const rel = special ? input.replace(/\\/g, '/') : input;
  if (rel.startsWith('//')) return parseAuthority(base.protocol, rel.slice(2), input);
  if (rel.startsWith('/')) return applyTail(u, rel, true);
  if (rel.startsWith('?')) {
    applyTail(u, rel, false);
    return u;
  }
  if (rel.startsWith('#')) {
    u.hash = '#' + encodeSet(rel.slice(1), FRAGMENT_ESCAPES);
    return u;
  }
  if (rel === '') {
    u.hash = '';
    return u;
  }
  const dir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  return applyTail(u, dir + rel, true);
}

class URLSearchParams {
  constructor(init = '') {
    this._list = [];
    this._url = null;
    if (typeof init === 'object' && init !== null) {
      if (typeof init[Symbol.iterator] === 'function') {
        for (const pair of init) {
          const p = [...pair];
          if (p.length !== 2) {
            const e = new TypeError('Each query pair must be an iterable [name, value] tuple');
            e.code = 'ERR_INVALID_TUPLE';
            throw e;
          }
          this._list.push([String(p[0]), String(p[1])]);
        }
      } else {
        for (const key of Object.keys(init)) this._list.push([key, String(init[key])]);
      }
    } else {
      this._parse(String(init));
    }
  }
  _parse(s) {
    this._list = [];
    if (s.startsWith('?')) s = s.slice(1);
    for (const part of s.split('&')) {
      if (part === '') continue;
      const eq = part.indexOf('=');
      const name = eq >= 0 ? part.slice(0, eq) : part;
      const value = eq >= 0 ? part.slice(eq + 1) : '';
      this._list.push([decodeForm(name), decodeForm(value)]);
    }
  }
  _update() {
    if (this._url) {
      const s = this.toString();
      this._url._u.search = s === '' ? '' : '?' + s;
    }
  }
  get size() { return this._list.length; }
  append(name, value) { this._list.push([String(name), String(value)]); this._update(); }
  delete(name, value) {
    name = String(name);
    this._list = this._list.filter(([k, v]) => k !== name || (value !== undefined && v !== String(value)));
    this._update();
  }
  get(name) {
    const e = this._list.find(([k]) => k === String(name));
    return e ? e[1] : null;
  }
  getAll(name) { return this._list.filter(([k]) => k === String(name)).map(([, v]) => v); }
  has(name, value) { return this._list.some(([k, v]) => k === String(name) && (value === undefined || v === String(value))); }
  set(name, value) {
    name = String(name);
    const i = this._list.findIndex(([k]) => k === name);
    if (i < 0) this._list.push([name, String(value)]);
    else {
      this._list[i][1] = String(value);
      this._list = this._list.filter(([k], j) => k !== name || j === i);
    }
    this._update();
  }
  sort() {
    this._list.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this._update();
  }
  forEach(fn, thisArg) { for (const [k, v] of this._list) fn.call(thisArg, v, k, this); }
  keys() { return this._list.map(([k]) => k)[Symbol.iterator](); }
  values() { return this._list.map(([, v]) => v)[Symbol.iterator](); }
  entries() { return this._list.map(([k, v]) => [k, v])[Symbol.iterator](); }
  [Symbol.iterator]() { return this.entries(); }
  toString() { return this._list.map(([k, v]) => `${encodeForm(k)}=${encodeForm(v)}`).join('&'); }
  get [Symbol.toStringTag]() { return 'URLSearchParams'; }
  [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
    if (this._list.length === 0) return 'URLSearchParams {}';
    return `URLSearchParams { ${this._list.map(([k, v]) => `${inspect(k)} => ${inspect(v)}`).join(', ')} }`;
  }
}

function encodeForm(s) {
  return encodeURIComponent(s).replace(/%20/g, '+').replace(/[!'()~]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function decodeForm(s) {
  s = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(s);
  } catch (_) {
    return s.replace(/%([0-9a-fA-F]{2})/g, (m, h) => String.fromCharCode(parseInt(h, 16)));
  }
}

class URL {
  constructor(input, base) {
    const b = base === undefined ? undefined : base instanceof URL ? base._u : parse(String(base));
    this._u = parse(String(input), b);
    this._sp = new URLSearchParams(this._u.search);
    this._sp._url = this;
  }
  static canParse(input, base) {
    try {
      new URL(input, base);
      return true;
    } catch (_) {
      return false;
    }
  }
  static parse(input, base) {
    try {
      return new URL(input, base);
    } catch (_) {
      return null;
    }
  }
  get protocol() { return this._u.protocol; }
  set protocol(v) { const p = String(v).replace(/:.*$/, '').toLowerCase() + ':'; if ((p in SPECIAL) === (this._u.protocol in SPECIAL)) this._u.protocol = p; }
  get username() { return this._u.username; }
  set username(v) { this._u.username = encodeSet(String(v), USERINFO_ESCAPES); }
  get password() { return this._u.password; }
  set password(v) { this._u.password = encodeSet(String(v), USERINFO_ESCAPES); }
  get hostname() { return this._u.hostname; }
  set hostname(v) { this._u.hostname = String(v).toLowerCase(); }
  get port() { return this._u.port; }
  set port(v) { const s = String(v); if (s === '') this._u.port = ''; else if (/^\d+/.test(s)) { const p = String(Number(/^\d+/.exec(s)[0])); this._u.port = SPECIAL[this._u.protocol] === p ? '' : p; } }
  get host() { return this._u.hostname + (this._u.port ? ':' + this._u.port : ''); }
  set host(v) { const [h, p] = String(v).split(':'); this.hostname = h; if (p !== undefined) this.port = p; }
  get origin() {
    if (this._u.protocol in SPECIAL && this._u.protocol !== 'file:') return `${this._u.protocol}//${this.host}`;
    return 'null';
  }
  get pathname() { return this._u.pathname; }
  set pathname(v) { if (!this._u.opaque) applyPath(this._u, String(v)); }
  get search() { return this._u.search.length > 1 ? this._u.search : ''; }
  set search(v) {
    const s = String(v);
    this._u.search = s === '' || s === '?' ? '' : '?' + encodeSet(s.replace(/^\?/, ''), SPECIAL_QUERY_ESCAPES);
    this._sp._parse(this._u.search);
  }
  get searchParams() { return this._sp; }
  get hash() { return this._u.hash.length > 1 ? this._u.hash : ''; }
  set hash(v) { const s = String(v); this._u.hash = s === '' ? '' : '#' + encodeSet(s.replace(/^#/, ''), FRAGMENT_ESCAPES); }
  get href() {
    const u = this._u;
    let s = u.protocol;
    if (!u.opaque) {
      s += '//';
      if (u.username || u.password) s += u.username + (u.password ? ':' + u.password : '') + '@';
      s += this.host;
    }
    return s + u.pathname + this.search + this.hash;
  }
  set href(v) {
    this._u = parse(String(v));
    this._sp._parse(this._u.search);
  }
  toString() { return this.href; }
  toJSON() { return this.href; }
  get [Symbol.toStringTag]() { return 'URL'; }
  [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
    const obj = {
      href: this.href, origin: this.origin, protocol: this.protocol, username: this.username, password: this.password,
      host: this.host, hostname: this.hostname, port: this.port, pathname: this.pathname, search: this.search,
      searchParams: this.searchParams, hash: this.hash,
    };
    return `URL ${inspect(obj, options).replace(/^\{/, '{')}`;
  }
}

function applyPath(u, p) {
  const segs = p.split('/');
  if (segs[0] === '') segs.shift();
  u.pathname = '/' + normalizePath(segs.map((s) => encodeSet(s, PATH_ESCAPES))).join('/');
}

function fileURLToPath(url) {
  const u = typeof url === 'string' ? new URL(url) : url;
  if (u.protocol !== 'file:') {
    const e = new TypeError('The URL must be of scheme file');
    e.code = 'ERR_INVALID_URL_SCHEME';
    throw e;
  }
  if (u.hostname !== '') {
    const e = new TypeError('File URL host must be "localhost" or empty on linux');
    e.code = 'ERR_INVALID_FILE_URL_HOST';
    throw e;
  }
  if (/%2f/i.test(u.pathname)) {
    const e = new TypeError('File URL path must not include encoded / characters');
    e.code = 'ERR_INVALID_FILE_URL_PATH';
    throw e;
  }
  return decodeURIComponent(u.pathname);
}

function pathToFileURL(p) {
  let abs = require('path').resolve(String(p));
  if (String(p).endsWith('/') && !abs.endsWith('/')) abs += '/';
  return new URL('file://' + encodeSet(abs, PATH_ESCAPES + '%'));
}

// The legacy API.
function legacyParse(s, parseQuery) {
  const m = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*:))?(?:\/\/(?:([^@/?#]*)@)?([^/?#:]*)(?::(\d+))?)?([^?#]*)(\?[^#]*)?(#.*)?$/s.exec(String(s));
  const r = { protocol: null, slashes: null, auth: null, host: null, port: null, hostname: null, hash: null, search: null, query: null, pathname: null, path: null, href: String(s) };
  if (!m) return r;
  r.protocol = m[1] ? m[1].toLowerCase() : null;
  r.slashes = String(s).includes('//') ? true : null;
  r.auth = m[2] || null;
  r.hostname = m[3] ? m[3].toLowerCase() : null;
  r.port = m[4] || null;
  r.host = r.hostname ? r.hostname + (r.port ? ':' + r.port : '') : null;
  r.pathname = m[5] || (r.host ? '/' : null);
  r.search = m[6] || null;
  r.query = m[6] ? m[6].slice(1) : null;
  if (parseQuery) r.query = require('querystring').parse(r.query || '');
  r.hash = m[7] || null;
  r.path = (r.pathname || '') + (r.search || '') || null;
  return r;
}

function legacyFormat(obj) {
  if (obj instanceof URL) return obj.href;
  if (typeof obj === 'string') return obj;
  let s = obj.protocol ? (obj.protocol.endsWith(':') ? obj.protocol : obj.protocol + ':') : '';
  const host = obj.host || (obj.hostname ? obj.hostname + (obj.port ? ':' + obj.port : '') : '');
  if (obj.slashes || host || /^(https?|ftp|file|wss?):$/.test(s)) s += '//';
  if (obj.auth) s += obj.auth + '@';
  s += host;
  s += obj.pathname || '';
  if (obj.search) s += obj.search.startsWith('?') ? obj.search : '?' + obj.search;
  else if (obj.query && typeof obj.query === 'object') {
    const q = require('querystring').stringify(obj.query);
    if (q) s += '?' + q;
  }
  if (obj.hash) s += obj.hash.startsWith('#') ? obj.hash : '#' + obj.hash;
  return s;
}

module.exports = {
  URL,
  URLSearchParams,
  fileURLToPath,
  pathToFileURL,
  parse: legacyParse,
  format: legacyFormat,
  resolve: (from, to) => new URL(to, new URL(from, 'resolve://')).href.replace(/^resolve:\/\//, ''),
  domainToASCII: (d) => String(d).toLowerCase(),
  domainToUnicode: (d) => String(d),
};
