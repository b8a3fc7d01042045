console.log([3, 1, 2].sort().join('-'));
