const people = [ { n: 'bob', a: 30 }, { n: 'amy', a: 25 }, { n: 'cat', a: 30 }, { n: 'dan', a: 25 } ];
console.log(people.sort((x, y) => x.a - y.a).map(p => p.n).join(','));
console.log(['b', 'a', 'C', 'A', 'c'].sort(), ['b', 'a', 'C', 'A', 'c'].sort((x, y) => x.localeCompare(y)));
console.log([10, 9, 1, 100].sort(), [10, 9, 1, 100].sort((a, b) => a - b), [3, 1, 2].toSorted ? 'has toSorted' : 'no toSorted');
