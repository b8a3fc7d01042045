const log = [];
const p1 = new Promise((r) => setTimeout(() => { log.push('t10'); r('A'); }, 10));
const p2 = new Promise((r) => setImmediate(() => { log.push('imm'); r('B'); }));
queueMicrotask(() => log.push('micro'));
process.nextTick(() => log.push('tick'));
(async () => {
  const r = await Promise.all([p1, p2]);
  log.push('all');
  console.log(r, log);
})();
log.push('sync');
