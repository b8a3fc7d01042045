const fsp = require('fs/promises');
(async () => {
  await fsp.mkdir('/tmp/knp/a', { recursive: true });
  await fsp.writeFile('/tmp/knp/a/x.json', JSON.stringify({ n: 1 }));
  const obj = JSON.parse(await fsp.readFile('/tmp/knp/a/x.json', 'utf8'));
  obj.n += 1;
  await fsp.writeFile('/tmp/knp/a/x.json', JSON.stringify(obj));
  console.log(await fsp.readFile('/tmp/knp/a/x.json', 'utf8'));
  const entries = await fsp.readdir('/tmp/knp', { withFileTypes: true });
  console.log(entries.map(e => `${e.name}:${e.isDirectory()}`));
  try { await fsp.access('/tmp/knp/missing'); } catch (e) { console.log('missing', e.code); }
  await fsp.rm('/tmp/knp', { recursive: true, force: true });
})();
