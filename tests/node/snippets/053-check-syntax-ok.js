function f() { return 1; }
console.log(f());
