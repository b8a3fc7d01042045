const u = new URL('https://user:pw@api.example.com:8443/v1/items?limit=10&tag=a&tag=b#frag');
console.log(u.protocol, u.username, u.host, u.hostname, u.port, u.pathname, u.search, u.hash, u.origin);
console.log(u.searchParams.get('limit'), u.searchParams.getAll('tag'), [...u.searchParams.keys()]);
u.searchParams.set('limit', '20'); u.searchParams.append('q', 'a b');
console.log(u.href);
console.log(new URL('../x?y=1', 'https://h.com/a/b/c').href, new URL('/root', 'http://h.com/a').href);
const p = new URLSearchParams({ a: '1', b: 'x y' }); p.sort(); console.log(p.toString(), p.has('a'));
try { new URL('not a url'); } catch (e) { console.log(e.code); }
console.log(require('querystring').parse('a=1&b=2&a=3'), require('querystring').stringify({ x: [1, 2], y: 'z w' }));
