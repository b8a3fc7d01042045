async function fetchData() { throw new TypeError('network down'); }
console.log('start');
fetchData();
