async function step(n) { if (n === 3) throw new Error(`step ${n} failed`); return n * 2; }
(async () => {
  const results = [];
  for (const n of [1, 2, 3, 4]) {
    try { results.push(await step(n)); } catch (err) { console.log('caught:', err.message); break; }
  }
  console.log(results);
  await Promise.reject(new Error('final')).catch(e => console.log('handled', e.message));
  try { await new Promise((_, rej) => setTimeout(() => rej(new Error('timeout')), 5)); } catch (e) { console.log(e.message); }
})();
