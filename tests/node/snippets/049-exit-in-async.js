(async () => {
  await new Promise(r => setTimeout(r, 5));
  console.log('work done');
  process.exit(0);
  console.log('unreachable');
})();
setTimeout(() => console.log('should not print'), 50);
