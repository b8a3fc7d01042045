const path = require('path');
console.log(path.join('/a/b', '../c', './d.txt'));
console.log(path.resolve('/root', 'x/../y', 'z'));
console.log(path.basename('/x/y/file.tar.gz'), path.basename('/x/y/file.txt', '.txt'), path.extname('archive.tar.gz'), path.extname('.bashrc'));
console.log(path.dirname('/a/b/c/'), path.normalize('/a//b/./c/../d/'), path.relative('/data/in/x', '/data/out/y'));
console.log(path.parse('/home/user/docs/report.pdf'));
console.log(path.format({ dir: '/tmp', name: 'f', ext: '.log' }), path.isAbsolute('./x'), path.sep, path.delimiter);
