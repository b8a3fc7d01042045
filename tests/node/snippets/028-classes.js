class Animal {
  #secret = 42;
  static count = 0;
  constructor(name) { this.name = name; Animal.count++; }
  speak() { return `${this.name} makes a sound`; }
  get secret() { return this.#secret; }
  toString() { return `Animal(${this.name})`; }
}
class Dog extends Animal { speak() { return `${super.speak()} - woof`; } }
const d = new Dog('Rex');
console.log(d.speak(), d.secret, Animal.count, `${d}`, d instanceof Animal);
console.log(d, Dog, Animal.prototype.speak, Object.getPrototypeOf(d) === Dog.prototype);
console.log(class {}, new (class Point { constructor() { this.x = 1; this.y = 2; } })());
