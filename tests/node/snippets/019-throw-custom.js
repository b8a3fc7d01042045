class ValidationError extends Error {
  constructor(field) { super(`invalid field: ${field}`); this.name = 'ValidationError'; this.field = field; }
}
try { throw new ValidationError('email'); } catch (e) { console.log(e instanceof ValidationError, e instanceof Error, e.name, e.message, e.field); }
const e2 = new Error('with cause', { cause: new Error('root') });
console.log(e2.cause.message);
throw new ValidationError('name');
