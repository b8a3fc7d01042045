const { EventEmitter } = require('events');
class Queue extends EventEmitter {
  constructor() { super(); this.items = []; }
  push(x) { this.items.push(x); this.emit('item', x); if (this.items.length === 3) this.emit('full', this.items.slice()); }
}
const q = new Queue();
const seen = [];
q.on('item', (x) => seen.push(x));
q.prependListener('item', (x) => seen.push(`pre:${x}`));
q.once('full', (all) => console.log('full with', all));
['a', 'b', 'c', 'd'].forEach((x) => q.push(x));
console.log(seen, q.listenerCount('item'), q.rawListeners('full').length);
q.removeAllListeners('item');
q.push('e');
console.log(seen.length);
