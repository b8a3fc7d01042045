const data = { users: [ { id: 1, name: 'Ada', role: 'admin', active: true }, { id: 2, name: 'Bob', role: 'user', active: false }, { id: 3, name: 'Cy', role: 'user', active: true } ] };
const active = data.users.filter(u => u.active).map(({ id, name }) => ({ id, name }));
console.log(JSON.stringify(active));
console.log(JSON.stringify(active, null, 2));
console.log(active);
