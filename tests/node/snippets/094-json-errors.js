// JSON.parse's errors as V8 words them (scripts print e.message), a reviver's own error, and
// require of names that are not Node's modules.
for (const s of ["[1,]", "[1,2,3,4,5,]", "{\"a\": 1, \"b\": 2, \"c\": [1,2,3], \"d\": x}", "x", "[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,]", "{\"a\":1}}", "[\"abc\" \"d\"]", "tru", "nul", "[1 2]", "{\"a\" 1}", "\"abc", "01", "-", "[1,2", "{\"a\":1,}", "[1,", "{", "{\"a\"", "{\"a\":", "{\"a\":1", "trux", "1.", "1.e", "1e", "1e+", "-x", "[-]", undefined, "NaN", "", " ", "{1:2}", "{\"a\":1,\"b\"}", "[,]", "{,}", "]", "é", "[1e5, .5]", "{\"a\":1,\"b\" 2}", "{\"a\" }", "{\"aaaaaaaaaaaaaaaaaaaaaaaa\": bad, \"z\": 1}", "[\"a very long string value here\", nope]"]) {
  try { JSON.parse(s); console.log(JSON.stringify(s), "=> OK") } catch (e) { console.log(JSON.stringify(s), "=>", e.name, e.message); }
}
try { JSON.parse('{"a": 1}', (k, v) => { if (k === 'a') throw new SyntaxError('mine'); return v; }); } catch (e) { console.log(e.message); }
try { JSON.parse('[1,]'); } catch (e) { console.log(e.stack.split('\n')[0]); }
for (const s of ['"a\\x"', '"a\\u12g4"', '"a\\u12"', '"ab\\', '{"a":1,', '[1,2', '-', '-0', '00', '1.5e', '2e-x', '"\t"', '{"a":"b"]', '["a":1]', 'tRue', 'nulll', '[true false]', '{"a":tru}', '12 34', '"abc"def']) {
  try { JSON.parse(s); console.log(JSON.stringify(s), '=> OK'); } catch (e) { console.log(JSON.stringify(s), '=>', e.message); }
}
for (const n of ['errors', 'inspect', 'table', 'fetch']) { try { require(n); console.log(n, 'loaded'); } catch (e) { console.log(n, e.code); } }
