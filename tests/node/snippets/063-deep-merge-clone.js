const isObj = (v) => v && typeof v === 'object' && !Array.isArray(v);
function merge(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = isObj(v) && isObj(a[k]) ? merge(a[k], v) : v;
  return out;
}
const defaults = { server: { host: 'localhost', port: 80, tls: { enabled: false } }, retries: 3, tags: ['a'] };
const user = { server: { port: 8443, tls: { enabled: true, cert: '/c.pem' } }, tags: ['b'] };
const cfg = merge(defaults, user);
console.log(cfg);
const copy = structuredClone(cfg);
copy.server.tls.enabled = false;
console.log(cfg.server.tls.enabled, copy.server.tls.enabled, JSON.parse(JSON.stringify(cfg)).tags);
