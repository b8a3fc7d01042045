// The order of the event loop's queues.
const out = [];
setTimeout(() => out.push('timeout'), 0);
setImmediate(() => out.push('immediate'));
process.nextTick(() => out.push('nextTick'));
queueMicrotask(() => out.push('microtask'));
Promise.resolve().then(() => out.push('promise'));
(async () => { out.push('async-body'); await null; out.push('after-await'); })();
out.push('sync');
setTimeout(() => console.log(out.join(' ')), 10);
