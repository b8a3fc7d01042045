const cases = [() => null.x, () => undefinedVariable, () => { 'use strict'; Object.freeze({ a: 1 }).a = 2; }, () => new Array(-1), () => JSON.parse('x'), () => decodeURIComponent('%'), () => (1).toFixed(200)];
for (const c of cases) { try { c(); console.log('no error'); } catch (e) { console.log(e.constructor.name); } }
