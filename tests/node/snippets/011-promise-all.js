const sleep = (ms, v) => new Promise(r => setTimeout(() => r(v), ms));
(async () => {
  const results = await Promise.all([sleep(20, 'a'), sleep(5, 'b'), sleep(10, 'c')]);
  console.log(results);
  const first = await Promise.race([sleep(15, 'slow'), sleep(3, 'fast')]);
  console.log(first);
  const settled = await Promise.allSettled([Promise.resolve(1), Promise.reject(new Error('no'))]);
  console.log(settled.map(s => s.status), settled[1].reason.message);
  const any = await Promise.any([Promise.reject(1), sleep(1, 'ok')]);
  console.log(any);
})();
