let n = 0;
const t = setInterval(() => {
  n++;
  console.log('tick', n);
  if (n === 3) { clearInterval(t); console.log('done'); }
}, 5);
const u = setTimeout(() => console.log('never'), 1);
clearTimeout(u);
