const strs = ['plain', "it's", 'say "x"', `both ' and "`, 'tab\there', 'nl\nhere', 'uni: é ☃ 😀', '\u0001ctl', 'back\\slash'];
console.log(strs);
for (const s of strs) console.log(JSON.stringify(s), s.length, [...s].length);
console.log({ 'key with space': 1, valid_id: 2, '3d': 3, 'ünï': 4 });
