const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function mapLimit(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0, active = 0, maxActive = 0;
  async function worker() {
    while (next < items.length) {
      const i = next++;
      active++; maxActive = Math.max(maxActive, active);
      results[i] = await fn(items[i], i);
      active--;
    }
  }
  await Promise.all(Array.from({ length: limit }, worker));
  return { results, maxActive };
}
mapLimit([5, 1, 4, 2, 3], 2, async (x) => { await sleep(x * 3); return x * x; }).then(console.log);
