// TextEncoder/TextDecoder, base64 both ways, hex, and UTF-8 lengths.
const enc = new TextEncoder();
const bytes = enc.encode('héllo €');
console.log(bytes.length, Array.from(bytes.slice(0, 4)));
console.log(new TextDecoder().decode(bytes));
console.log(btoa('hello'), atob('aGVsbG8='));
console.log(Buffer.from('héllo').toString('base64'), Buffer.from('aMOpbGxv', 'base64').toString());
console.log(Buffer.from('hi').toString('hex'), Buffer.from('6869', 'hex').toString());
console.log(Buffer.byteLength('€'), '€'.length, [...'👍🏽'].length);
console.log(encodeURIComponent('a b&c/ü'), decodeURIComponent('%E2%82%AC'));
console.log(Buffer.from('abc').toString('base64url'), Buffer.concat([Buffer.from('a'), Buffer.from('b')]));
