// file: URLs as WHATWG parses them (an empty host with three slashes), fileURLToPath and
// pathToFileURL, and relative resolution against file: bases.
for (const s of ['file:///tmp/x/y.txt', 'file://localhost/etc/passwd', 'file://server/share/a', 'file:/abs/p', 'file:rel/p',
  'file:///a/b/../c?q=1#h', 'file:///C:/win', 'http://example.com//a', 'https:example.org/x', 'file:///%E2%82%AC.txt']) {
  const u = new URL(s);
  console.log(s, '->', u.href, JSON.stringify([u.host, u.pathname, u.search, u.hash]));
}
console.log(new URL('y.txt', 'file:///tmp/x/').href, new URL('/z', 'file:///tmp/x').href, new URL('../up', 'file:///a/b/c').href);
const { fileURLToPath, pathToFileURL } = require('url');
console.log(fileURLToPath('file:///tmp/a%20b.txt'), pathToFileURL('/tmp/a b#.txt').href);
try { fileURLToPath('file://server/share'); } catch (e) { console.log(e.code); }
