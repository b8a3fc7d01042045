const fs = require('fs');
const input = fs.readFileSync(0, 'utf8');
const nums = input.split(/\s+/).filter(Boolean).map(Number);
console.log('count', nums.length, 'sum', nums.reduce((a, b) => a + b, 0), 'max', Math.max(...nums));
