class Money {
  constructor(cents, cur = 'USD') { this.cents = cents; this.cur = cur; }
  get amount() { return this.cents / 100; }
  toJSON() { return `${this.amount.toFixed(2)} ${this.cur}`; }
  toString() { return `${this.cur} ${this.amount.toFixed(2)}`; }
  static sum(...ms) { return new Money(ms.reduce((s, m) => s + m.cents, 0)); }
}
const items = [new Money(1999), new Money(250), new Money(1)];
console.log(JSON.stringify({ items, total: Money.sum(...items) }));
console.log(`${Money.sum(...items)}`, String(items[0]), items[1]);
console.log(Object.getOwnPropertyNames(Money.prototype));
