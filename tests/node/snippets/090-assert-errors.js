// assert's messages, as tests written by agents print them.
const assert = require('assert');
const tryIt = (f) => { try { f(); console.log('ok'); } catch (e) { console.log(e.name, '|', e.code, '|', e.message.split('\n')[0]); } };
tryIt(() => assert.strictEqual(1, 1));
tryIt(() => assert.strictEqual(1, 2));
tryIt(() => assert.deepStrictEqual({ a: [1, 2] }, { a: [1, 2] }));
tryIt(() => assert.ok(0, 'zero is falsy'));
tryIt(() => assert(false));
tryIt(() => assert.throws(() => { throw new TypeError('bad'); }, TypeError));
tryIt(() => assert.throws(() => {}));
tryIt(() => assert.equal('1', 1));
tryIt(() => assert.notStrictEqual(1, 2));
tryIt(() => assert.match('abc', /b/));
tryIt(() => assert.fail('boom'));
