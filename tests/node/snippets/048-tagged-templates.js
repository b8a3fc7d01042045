const tag = (strings, ...vals) => strings.raw.map((s, i) => s + (vals[i] !== undefined ? `[${vals[i]}]` : '')).join('');
console.log(tag`a${1}b${2}c`, String.raw`x\ny`, `multi
line`);
const html = (s, ...v) => s.reduce((acc, str, i) => acc + str + (i < v.length ? String(v[i]).replace(/</g, '&lt;') : ''), '');
console.log(html`<p>${'<b>'}</p>`);
