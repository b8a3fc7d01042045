const fs = require('fs');
const path = require('path');
const root = '/tmp/kn-walk';
fs.rmSync(root, { recursive: true, force: true });
for (const f of ['a/1.txt', 'a/b/2.log', 'a/b/c/3.txt', 'd/4.txt', '5.md']) {
  fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
  fs.writeFileSync(path.join(root, f), f.repeat(2));
}
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}
const files = walk(root).map((p) => path.relative(root, p)).sort();
console.log(files);
const sizes = Object.fromEntries(files.map((f) => [f, fs.statSync(path.join(root, f)).size]));
console.log(sizes, Object.values(sizes).reduce((a, b) => a + b));
console.log(fs.readdirSync(root, { recursive: true }).sort());
console.log(files.filter((f) => path.extname(f) === '.txt').map((f) => path.basename(f, '.txt')));
fs.rmSync(root, { recursive: true });
