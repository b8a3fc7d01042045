// timers/promises, AbortController, util.promisify and Promise combinators.
const { setTimeout: sleep } = require('timers/promises');
const util = require('util');
(async () => {
  const v = await sleep(5, 'slept');
  console.log(v);
  const ac = new AbortController();
  const p = sleep(1000, null, { signal: ac.signal }).catch((e) => `${e.name}: ${e.code}`);
  ac.abort();
  console.log(await p);
  const wait = util.promisify((ms, cb) => setTimeout(() => cb(null, ms * 2), ms));
  console.log(await wait(3));
  const settled = await Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('no'))]);
  console.log(settled.map((s) => s.status + ':' + (s.value ?? s.reason.message)));
  console.log(await Promise.race([sleep(20, 'slow'), sleep(1, 'fast')]));
  console.log(await Promise.any([Promise.reject(new Error('a')), sleep(2, 'b')]));
  try { await Promise.any([Promise.reject(new Error('x'))]); } catch (e) { console.log(e.constructor.name, e.errors.length); }
  const timeout = (p, ms) => Promise.race([p, sleep(ms).then(() => { throw new Error('timed out'); })]);
  try { await timeout(sleep(50), 5); } catch (e) { console.log(e.message); }
})();
