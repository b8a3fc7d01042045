class Node { constructor(v) { this.value = v; this.children = []; } add(c) { this.children.push(c); return this; } }
const tree = new Node(1).add(new Node(2).add(new Node(4))).add(new Node(3));
console.log(tree);
console.log(JSON.stringify(tree));
class Empty {}
console.log(new Empty(), [new Empty()], { e: new Empty() }, Object.create(Node.prototype));
const sym = Symbol('tag');
class Tagged { get [Symbol.toStringTag]() { return 'TG'; } }
console.log(new Tagged(), Object.prototype.toString.call(new Tagged()));
