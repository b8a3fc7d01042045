const fs = require('fs');
for (const f of [() => fs.readFileSync('/nonexistent/file.txt'), () => fs.readdirSync('/nonexistent'), () => fs.mkdirSync('/tmp'), () => fs.unlinkSync('/nope')]) {
  try { f(); } catch (e) { console.log(e.code, e.syscall, e.message); }
}
try { fs.readFileSync('/tmp'); } catch (e) { console.log(e.code, e.message); }
