// `querystring`: parse and stringify `a=1&b=2` (repeated keys become arrays), escape/unescape.

function unescape(s) {
  try {
    return decodeURIComponent(s);
  } catch (_) {
    return s;
  }
}

function escape(s) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
}

function parse(str, sep = '&', eq = '=', options = {}) {
  const out = Object.create(null);
  if (typeof str !== 'string' || str.length === 0) return out;
  const decode = options.decodeURIComponent || unescape;
  let max = options.maxKeys === undefined ? 1000 : options.maxKeys;
  for (const part of str.split(sep)) {
    if (max > 0 && max-- === 0) break;
    if (part === '') continue;
    const i = part.indexOf(eq);
    const k = decode((i >= 0 ? part.slice(0, i) : part).replace(/\+/g, ' '));
    const v = decode((i >= 0 ? part.slice(i + eq.length) : '').replace(/\+/g, ' '));
    if (!(k in out)) out[k] = v;
    else if (Array.isArray(out[k])) out[k].push(v);
    else out[k] = [out[k], v];
  }
  return out;
}

function stringifyPrimitive(v) {
  if (typeof v === 'string') return v;
  if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return '';
}

function stringify(obj, sep = '&', eq = '=', options = {}) {
  const encode = options.encodeURIComponent || escape;
  if (obj === null || typeof obj !== 'object') return '';
  const parts = [];
  for (const k of Object.keys(obj)) {
    const v = obj[k];
    const ks = encode(stringifyPrimitive(k)) + eq;
    if (Array.isArray(v)) for (const x of v) parts.push(ks + encode(stringifyPrimitive(x)));
    else parts.push(ks + encode(stringifyPrimitive(v)));
  }
  return parts.join(sep);
}

module.exports = { parse, stringify, decode: parse, encode: stringify, escape, unescape };
