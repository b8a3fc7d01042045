const config = { host: 'localhost', port: 8080, opts: { tls: false, retries: 3 } };
const { host, opts: { retries = 1, timeout = 30 }, ...rest } = config;
console.log(host, retries, timeout, rest);
const merged = { ...config, port: 9090, opts: { ...config.opts, tls: true } };
console.log(merged);
const [first, , third = 'default', ...others] = [1, 2, undefined, 4, 5];
console.log(first, third, others, Math.max(...others));
console.log(config?.opts?.missing?.deep ?? 'fallback', null ?? 0, 0 || 'or', 0 ?? 'nullish');
