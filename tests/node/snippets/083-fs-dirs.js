// Directory work agents do: mkdir -p, withFileTypes, stat, rename, copy, rm -r.
const fs = require('fs');
const path = require('path');
const root = fs.mkdtempSync(path.join(require('os').tmpdir(), 'kn-'));
fs.mkdirSync(path.join(root, 'a/b/c'), { recursive: true });
fs.writeFileSync(path.join(root, 'a/one.txt'), 'one\n');
fs.writeFileSync(path.join(root, 'a/b/two.json'), JSON.stringify({ n: 2 }));
fs.copyFileSync(path.join(root, 'a/one.txt'), path.join(root, 'a/b/c/copy.txt'));
fs.renameSync(path.join(root, 'a/one.txt'), path.join(root, 'a/uno.txt'));
const list = (d) => fs.readdirSync(d, { withFileTypes: true })
  .map((e) => `${e.name}${e.isDirectory() ? '/' : ''}`).sort();
console.log(list(path.join(root, 'a')));
console.log(list(path.join(root, 'a/b')));
const st = fs.statSync(path.join(root, 'a/b/two.json'));
console.log(st.isFile(), st.isDirectory(), st.size);
console.log(fs.existsSync(path.join(root, 'a/one.txt')), fs.readFileSync(path.join(root, 'a/b/c/copy.txt'), 'utf8').trim());
console.log(path.relative(path.join(root, 'a'), path.join(root, 'a/b/c/copy.txt')));
console.log(path.parse('/x/y/report.final.csv'));
fs.rmSync(path.join(root, 'a'), { recursive: true, force: true });
console.log(fs.existsSync(path.join(root, 'a')), fs.readdirSync(root));
try { fs.rmdirSync(path.join(root, 'nope')); } catch (e) { console.log(e.code, e.syscall); }
